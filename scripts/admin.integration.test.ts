import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { profiles, users } from "~/server/db/schema.server";
import { createProcessDatabase, type ProcessDatabase } from "../tests/setup/process-database";
import { callCommand, runInProject, runScript, type ScriptRun } from "../tests/setup/run-script";
import { admin as adminCommand } from "./admin-command";

// `npm run admin -- promote|demote EMAIL` on the database the configuration names (DATA_DIR for
// PGlite, DATABASE_URL for PostgreSQL). Its logic is called in this process; the operator's
// `npm run admin` and a data directory held by another process run it in a process of its own.

const onPostgres = process.env.AITLAS_TEST_ENGINE === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
// A run in a process of its own starts tsx and opens the database: a few seconds, more on a busy runner.
const SLOW = 60_000;

let database: ProcessDatabase;

async function roleOf(email: string) {
  return database.withDatabase(async ({ db }) => {
    const [row] = await db
      .select({ userType: profiles.userType })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, email));
    return row?.userType;
  });
}

/** The admin command with only the test database's configuration, as scripts/admin.ts would print it. */
function admin(...args: string[]): Promise<ScriptRun> {
  return callCommand("admin", adminCommand, args, database.env);
}

beforeAll(async () => {
  database = await createProcessDatabase("admin-cli");
  await database.withDatabase(async ({ db }) => {
    await db.insert(users).values([
      { email: "ada@example.com", name: "Ada", emailVerified: true },
      { email: "max@example.com", emailVerified: true },
    ]);
  });
}, SLOW);
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.withDatabase(({ db }) => db.update(profiles).set({ userType: "user" }));
});

describe("promote and demote", () => {
  test("promote makes the account an administrator, in any letter case", async () => {
    expect(await admin("promote", "ADA@example.com")).toEqual({
      code: 0,
      stdout: "ADA@example.com is now an administrator\n",
      stderr: "",
    });
    expect(await roleOf("ada@example.com")).toBe("admin");
    expect(await roleOf("max@example.com")).toBe("user");
  });

  test("demote makes it an ordinary user again, and says when no administrator is left", async () => {
    await database.withDatabase(({ db }) => db.update(profiles).set({ userType: "admin" }));

    const first = await admin("demote", "ada@example.com");
    expect(first).toEqual({ code: 0, stdout: "ada@example.com is no longer an administrator\n", stderr: "" });
    expect(await roleOf("ada@example.com")).toBe("user");
    expect(await roleOf("max@example.com")).toBe("admin");

    const last = await admin("demote", "max@example.com");
    expect(last.code).toBe(0);
    expect(last.stdout).toBe(
      "max@example.com is no longer an administrator\nNo administrator is left: the next start of the server prints a setup link for a new one.\n",
    );
    expect(await roleOf("max@example.com")).toBe("user");
  });

  test("an unknown email is an error, and changes nothing", async () => {
    expect(await admin("promote", "eve@example.com")).toEqual({
      code: 1,
      stdout: "",
      stderr: "No account with the email eve@example.com\n",
    });
    expect(await roleOf("ada@example.com")).toBe("user");
  });

  test(
    "runs as npm run admin",
    async () => {
      const run = await runInProject(
        "npm",
        ["run", "--silent", "admin", "--", "promote", "max@example.com"],
        database.env,
        SLOW,
      );
      expect(run.code).toBe(0);
      expect(run.stdout).toBe("max@example.com is now an administrator\n");
      expect(await roleOf("max@example.com")).toBe("admin");
    },
    SLOW,
  );
});

describe("usage", () => {
  test.each([
    [[]],
    [["promote"]],
    [["promote", " "]],
    [["grant", "ada@example.com"]],
    [["promote", "ada@example.com", "extra"]],
  ])("%j prints the usage and exits 2", async (args) => {
    const run = await admin(...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("Usage: npm run admin -- promote EMAIL");
    expect(run.stderr).toContain("npm run admin -- demote EMAIL");
    expect(await roleOf("ada@example.com")).toBe("user");
  });
});

// Only the embedded database locks its data directory.
if (!onPostgres)
  describe("a data directory in use", () => {
    test(
      "is left alone: the command says which process holds it and exits 1",
      async () => {
        // This test process stands in for a running server: alive, and not the command's process
        // (the lock admits its own process, so the command runs in one of its own).
        const lockPath = path.join(database.env.DATA_DIR, "server.lock");
        fs.writeFileSync(lockPath, String(process.pid));
        try {
          const run = await runScript("scripts/admin.ts", ["promote", "ada@example.com"], database.env, SLOW);
          expect(run.code).toBe(1);
          expect(run.stdout).toBe("");
          expect(run.stderr).toContain(
            `Another Aitlas server (process ${process.pid}) is already using the data directory ${database.env.DATA_DIR}`,
          );
          expect(fs.readFileSync(lockPath, "utf8")).toBe(String(process.pid));
        } finally {
          fs.rmSync(lockPath, { force: true });
        }
        expect(await roleOf("ada@example.com")).toBe("user");
      },
      SLOW,
    );
  });
