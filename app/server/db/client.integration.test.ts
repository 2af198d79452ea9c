import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { openDatabase } from "./client.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const appliedMigrations = async () => {
  const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe("migrations", () => {
  test("a second run applies nothing and keeps the data", async () => {
    const before = await appliedMigrations();
    expect(before).toBeGreaterThanOrEqual(4);
    await database.migrate();
    expect(await appliedMigrations()).toBe(before);
  });

  // Only PostgreSQL can be opened by several processes at once; CI sets TEST_DATABASE_URL.
  if (process.env.AITLAS_TEST_ENGINE === "postgres" && process.env.TEST_DATABASE_URL) {
    test("processes starting together on an empty PostgreSQL database migrate it once", async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `aitlas_race_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 3 })),
      );
      try {
        await Promise.all(handles.map((handle) => handle.migrate()));
        const result = await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(await appliedMigrations());
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  }
});
