import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { profiles, users } from "~/server/db/schema.server";
import { runInProject, runScript, type ScriptRun } from "../tests/setup/run-script";

// `npm run admin -- promote|demote EMAIL` run as the operator runs it: a separate process that
// finds the database through the configuration (DATA_DIR for PGlite, DATABASE_URL for PostgreSQL).

const onPostgres = process.env.AITLAS_TEST_ENGINE === "postgres" && Boolean(process.env.TEST_DATABASE_URL);
// Each run starts tsx and opens the database: a few seconds, more on a busy runner.
const SLOW = 60_000;

// --- The database the command is pointed at ---

/** PGlite in a temporary DATA_DIR, or a fresh database on the test PostgreSQL server. */
type Target = {
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  dataDir: string;
  dispose(): Promise<void>;
};

async function createTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-admin-cli-"));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (!onPostgres) {
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      open: () => openDatabase({ kind: "pglite", dataDir }),
      dispose: async () => removeDir(),
    };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `aitlas_admin_cli_${randomBytes(6).toString("hex")}`;
  await withServer(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    open: () => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 }),
    dispose: async () => {
      await withServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
      removeDir();
    },
  };
}

async function withServer(url: string, run: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/** Opens the target database in this process for a moment (PGlite allows one process at a time). */
async function withDatabase<T>(run: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await target.open();
  try {
    await handle.migrate();
    return await run(handle);
  } finally {
    await handle.close();
  }
}

async function roleOf(email: string) {
  return withDatabase(async ({ db }) => {
    const [row] = await db
      .select({ userType: profiles.userType })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .where(eq(users.email, email));
    return row?.userType;
  });
}

// --- Running the command ---

/** Runs scripts/admin.ts with only the target's configuration. */
function admin(...args: string[]): Promise<ScriptRun> {
  return runScript("scripts/admin.ts", args, target.env, SLOW);
}

let target: Target;

beforeAll(async () => {
  target = await createTarget();
  await withDatabase(async ({ db }) => {
    await db.insert(users).values([
      { email: "ada@example.com", name: "Ada", emailVerified: true },
      { email: "max@example.com", emailVerified: true },
    ]);
  });
}, SLOW);
afterAll(() => target.dispose());

beforeEach(async () => {
  await withDatabase(({ db }) => db.update(profiles).set({ userType: "user" }));
});

describe("promote and demote", () => {
  test(
    "promote makes the account an administrator, in any letter case",
    async () => {
      expect(await admin("promote", "ADA@example.com")).toEqual({
        code: 0,
        stdout: "ADA@example.com is now an administrator\n",
        stderr: "",
      });
      expect(await roleOf("ada@example.com")).toBe("admin");
      expect(await roleOf("max@example.com")).toBe("user");
    },
    SLOW,
  );

  test(
    "demote makes it an ordinary user again, and says when no administrator is left",
    async () => {
      await withDatabase(({ db }) => db.update(profiles).set({ userType: "admin" }));

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
    },
    SLOW,
  );

  test(
    "an unknown email is an error, and changes nothing",
    async () => {
      expect(await admin("promote", "eve@example.com")).toEqual({
        code: 1,
        stdout: "",
        stderr: "No account with the email eve@example.com\n",
      });
      expect(await roleOf("ada@example.com")).toBe("user");
    },
    SLOW,
  );

  test(
    "runs as npm run admin",
    async () => {
      const run = await runInProject(
        "npm",
        ["run", "--silent", "admin", "--", "promote", "max@example.com"],
        target.env,
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
  ])(
    "%j prints the usage and exits 2",
    async (args) => {
      const run = await admin(...args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toContain("Usage: npm run admin -- promote EMAIL");
      expect(run.stderr).toContain("npm run admin -- demote EMAIL");
      expect(await roleOf("ada@example.com")).toBe("user");
    },
    SLOW,
  );
});

// Only the embedded database locks its data directory.
if (!onPostgres)
  describe("a data directory in use", () => {
    test(
      "is left alone: the command says which process holds it and exits 1",
      async () => {
        // This test process stands in for a running server: alive, and not the command itself.
        const lockPath = path.join(target.dataDir, "server.lock");
        fs.writeFileSync(lockPath, String(process.pid));
        try {
          const run = await admin("promote", "ada@example.com");
          expect(run.code).toBe(1);
          expect(run.stdout).toBe("");
          expect(run.stderr).toContain(
            `Another Aitlas server (process ${process.pid}) is already using the data directory ${target.dataDir}`,
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
