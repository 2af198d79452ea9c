import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { instanceSecrets } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { getOrCreateInstanceSecret } from "./instance-secrets.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${instanceSecrets}`);
});

describe("getOrCreateInstanceSecret", () => {
  test("creates a 32-byte base64url secret once and returns it from then on", async () => {
    const first = await getOrCreateInstanceSecret({ db: database.db, name: "auth" });

    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first, "base64url")).toHaveLength(32);
    expect(await getOrCreateInstanceSecret({ db: database.db, name: "auth" })).toBe(first);
    expect(await database.db.select().from(instanceSecrets)).toHaveLength(1);
  });

  test("callers racing on a fresh database all get the same secret", async () => {
    const secrets = await Promise.all(
      Array.from({ length: 10 }, () => getOrCreateInstanceSecret({ db: database.db, name: "auth" })),
    );

    expect(new Set(secrets).size).toBe(1);
    expect(await database.db.select().from(instanceSecrets)).toHaveLength(1);
  });

  test("each name has its own secret", async () => {
    const auth = await getOrCreateInstanceSecret({ db: database.db, name: "auth" });
    const other = await getOrCreateInstanceSecret({ db: database.db, name: "admin-setup" });

    expect(other).not.toBe(auth);
  });
});
