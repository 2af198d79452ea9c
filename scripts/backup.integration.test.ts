import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, test, vi } from "vitest";
import { readLastBackup } from "~/server/backup/backup-record.server";
import { rowsOf } from "~/server/backup/database-tables.server";
import { controlSocketPath, listenOnControlSocket } from "~/server/control/control-socket.server";
import { operatorCommands } from "~/server/control/operator-commands.server";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { lockDataDir } from "~/server/db/data-dir-lock.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { insertTools, insertUsers } from "../tests/setup/fixtures";
import { callCommand, runScript } from "../tests/setup/run-script";
import { admin } from "./admin-command";
import { backup } from "./backup-command";
import { restore } from "./restore-command";

// `npm run backup`, `npm run restore` and `npm run admin`. A running server on PGlite is stood in
// for by this test process: it holds the data directory's lock and answers on the control socket
// with the server's own handler (decision 083); the real server starts the same socket
// (start.server.ts), which needs a production build to test. The lock admits its own process, so
// the commands sent to that server run as the operator runs them, in processes of their own; the
// others are called in this process.

const serverUrl = process.env.TEST_DATABASE_URL;
const once = process.env.AITLAS_TEST_ENGINE !== "postgres";
vi.setConfig({ testTimeout: 240_000 });

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const commands = { admin, backup, restore };
type Script = keyof typeof commands;

/** A script in a process of its own. */
const run = (script: Script, args: string[], settings: Record<string, string>) =>
  runScript(`scripts/${script}.ts`, args, { DATABASE_URL: "", ...settings }, 180_000);

/** A script's command called in this process, as the script would print it. */
const call = (script: Script, args: string[], settings: { DATA_DIR: string; DATABASE_URL?: string }) =>
  callCommand(script, commands[script], args, { DATABASE_URL: "", ...settings });

async function withPglite<T>(dataDir: string, use: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await use(handle);
  } finally {
    await handle.close();
  }
}

const emailsOf = (handle: DatabaseHandle) =>
  rowsOf<{ email: string }>(handle.db, sql`select email from users order by email`).then((rows) =>
    rows.map((row) => row.email),
  );

describe.skipIf(!once)("the command line", () => {
  test("while a server holds the PGlite directory: backup and admin go through its control socket, restore is refused", async () => {
    const dataDir = temporaryDir("aitlas-running-");
    const releaseLock = lockDataDir(dataDir);
    cleanups.push(releaseLock);
    const handle = await openDatabase({ kind: "pglite", dataDir });
    cleanups.push(() => handle.close());
    await handle.migrate();
    await insertUsers(handle.db, { email: "ada@example.com" }, { email: "bob@example.com" });
    const storage = createLocalStorage({ rootDir: path.join(dataDir, "uploads"), publicPath: "/uploads" });
    await storage.put({ key: "tool-logos/a.png", body: randomBytes(64), contentType: "image/png" });
    const socketPath = controlSocketPath(dataDir);
    const control = await listenOnControlSocket({
      socketPath,
      handler: operatorCommands({ handle, storage, dataDir }),
    });
    cleanups.push(() => control.close());
    expect(fs.statSync(socketPath).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(socketPath)).mode & 0o777).toBe(0o700);

    const promoted = await run("admin", ["promote", "ada@example.com"], { DATA_DIR: dataDir });
    expect(promoted).toMatchObject({ code: 0, stdout: "ada@example.com is now an administrator\n" });
    const [role] = await rowsOf<{ user_type: string }>(
      handle.db,
      sql`select p.user_type from profiles p join users u on u.id = p.id where u.email = 'ada@example.com'`,
    );
    expect(role?.user_type).toBe("admin");
    const unknown = await run("admin", ["promote", "nobody@example.com"], { DATA_DIR: dataDir });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/nobody@example\.com/);

    const file = path.join(temporaryDir("aitlas-archives-"), "running.tar.gz");
    const backup = await run("backup", [file], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ rows in \d+ tables and 1 uploaded files \(schema \d{4}_\w+\) to /);
    expect(fs.statSync(file).size).toBeGreaterThan(0);
    expect(await readLastBackup(dataDir)).toMatchObject({ file, files: 1, trigger: "cli", counts: { users: 2 } });

    const restore = await run("restore", [file], { DATA_DIR: dataDir });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain("stop the server first");
    expect(await emailsOf(handle)).toEqual(["ada@example.com", "bob@example.com"]);

    // A server that holds the directory but does not answer: the lock's message, and why.
    await control.close();
    const unanswered = await run("backup", [file], { DATA_DIR: dataDir });
    expect(unanswered.code).toBe(1);
    expect(unanswered.stderr).toContain(`is already using the data directory ${dataDir}`);
    expect(unanswered.stderr).toContain("does not answer");

    // The archive restores into a new data directory, uploads included.
    const fresh = temporaryDir("aitlas-restored-");
    const restored = await call("restore", [file], { DATA_DIR: fresh });
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toMatch(/^Restored \d+ rows in \d+ tables and 1 uploaded files from /);
    expect(fs.existsSync(path.join(fresh, "uploads/tool-logos/a.png"))).toBe(true);
    expect(await withPglite(fresh, emailsOf)).toEqual(["ada@example.com", "bob@example.com"]);
  });

  test.skipIf(!serverUrl)(
    "from PGlite to PostgreSQL: backup, restore with DATABASE_URL; refused when not empty unless --force",
    async () => {
      const dataDir = temporaryDir("aitlas-moving-");
      await withPglite(dataDir, async (handle) => {
        await handle.migrate();
        await insertUsers(handle.db, { email: "ada@example.com" });
        await insertTools(handle.db, { name: "Quill" });
      });
      const file = path.join(temporaryDir("aitlas-archives-"), "site.tar.gz");
      expect((await call("backup", [file], { DATA_DIR: dataDir })).code).toBe(0);

      const name = `aitlas_restore_cli_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      cleanups.push(async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      const settings = { DATA_DIR: temporaryDir("aitlas-pg-data-"), DATABASE_URL: url.toString() };

      const restored = await call("restore", [file], settings);
      expect(restored.stderr).toBe("");
      expect(restored.stdout).toContain("into the PostgreSQL database at");
      const again = await call("restore", [file], settings);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/The database is not empty: .*--force/);
      const forced = await call("restore", [file, "--force"], settings);
      expect(forced.code).toBe(0);

      const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
      try {
        expect(await emailsOf(handle)).toEqual(["ada@example.com"]);
        const [tool] = await rowsOf<{ slug: string }>(handle.db, sql`select slug from tools`);
        expect(tool?.slug).toBe("quill");
      } finally {
        await handle.close();
      }
    },
  );

  test("a restore that fails leaves no database in a new data directory", async () => {
    const dataDir = temporaryDir("aitlas-failed-restore-");
    const notAnArchive = path.join(dataDir, "..", `${path.basename(dataDir)}.tar.gz`);
    fs.writeFileSync(notAnArchive, "not a tar");
    cleanups.push(() => fs.rmSync(notAnArchive, { force: true }));
    const failed = await call("restore", [notAnArchive], { DATA_DIR: dataDir });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/not a readable backup archive/);
    expect(fs.readdirSync(dataDir)).not.toContain("pglite");
  });

  test("bad arguments are not understood", async () => {
    const settings = { DATA_DIR: temporaryDir("aitlas-unused-") };
    expect((await call("backup", [], settings)).code).toBe(2);
    expect((await call("restore", ["a", "b"], settings)).code).toBe(2);
  });
});
