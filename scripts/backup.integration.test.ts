import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, inject, test, vi } from "vitest";
import { ENCRYPTED_MAGIC } from "~/server/backup/archive-encryption.server";
import { backupIntoDir, backupSettings, readLastBackup } from "~/server/backup/backup-record.server";
import { rowsOf } from "~/server/backup/database-tables.server";
import { askControlSocket, controlSocketPath, listenOnControlSocket } from "~/server/control/control-socket.server";
import { operatorCommands } from "~/server/control/operator-commands.server";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { lockDataDir } from "~/server/db/data-dir-lock.server";
import { sessions } from "~/server/db/schema.server";
import { createLocalStorage, type FileStorage } from "~/server/storage/local-storage.server";
import { createRunDatabase } from "../tests/setup/database-server";
import { insertTools, insertUsers } from "../tests/setup/fixtures";
import { callCommand, runScript } from "../tests/setup/run-script";
import { dumpTables, storedFiles } from "../tests/setup/site-contents";
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

/**
 * A data directory holding a copy of the run's migrated, empty embedded database (decision 114):
 * what a first migration would make, without its seconds of CPU. `migrate()` then finds nothing to do.
 */
function copyOfEmptyTemplate(prefix: string) {
  const dir = temporaryDir(prefix);
  fs.cpSync(inject("emptyDataDirTemplate"), dir, { recursive: true });
  return dir;
}

const commands = { admin, backup, restore };
type Script = keyof typeof commands;

/** A script in a process of its own. */
const run = (script: Script, args: string[], settings: Record<string, string>) =>
  runScript(`scripts/${script}.ts`, args, { DATABASE_URL: "", ...settings }, 180_000);

/** A script's command called in this process, as the script would print it. */
const call = (
  script: Script,
  args: string[],
  settings: { DATA_DIR: string; DATABASE_URL?: string; BACKUP_PASSPHRASE?: string },
) => callCommand(script, commands[script], args, { DATABASE_URL: "", ...settings });

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
    const dataDir = copyOfEmptyTemplate("aitlas-running-");
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

    // The command line's BACKUP_PASSPHRASE goes along: the server encrypts the archive with it.
    const encrypted = path.join(path.dirname(file), "encrypted.tar.gz");
    const answer = await askControlSocket(socketPath, {
      command: "backup",
      file: encrypted,
      passphrase: "the command line's passphrase",
    });
    expect(answer).toMatchObject({ ok: true, out: expect.stringContaining("encrypted with BACKUP_PASSPHRASE") });
    expect(fs.readFileSync(encrypted).subarray(0, ENCRYPTED_MAGIC.length).toString()).toBe(ENCRYPTED_MAGIC);
    expect(fs.statSync(encrypted).mode & 0o777).toBe(0o600);

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
      const dataDir = copyOfEmptyTemplate("aitlas-moving-");
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

// Archives hold the site's secrets (decision 150). On this project's engine: PGlite in the "pglite"
// project, PostgreSQL in the "postgres" one.
const engine = process.env.AITLAS_TEST_ENGINE === "postgres" && serverUrl ? "postgres" : "pglite";

type Site = {
  settings: { DATA_DIR: string; DATABASE_URL: string };
  /** The site's database, opened for `use` only: a command opens it itself. */
  use<T>(use: (handle: DatabaseHandle, storage: FileStorage) => Promise<T>): Promise<T>;
};

/**
 * A site copied from the run's migrated template (decision 114): PGlite in DATA_DIR, or a new
 * PostgreSQL database; its uploads in DATA_DIR/uploads either way. Users with live sessions and
 * an uploaded file are in it.
 */
async function siteOnThisEngine(): Promise<Site> {
  const dataDir = temporaryDir("aitlas-site-");
  let url = "";
  if (engine === "pglite") fs.cpSync(inject("emptyDataDirTemplate"), dataDir, { recursive: true });
  else {
    const name = await createRunDatabase(serverUrl!, inject("postgresRunPrefix"), inject("postgresTemplateName"));
    const address = new URL(serverUrl!);
    address.pathname = `/${name}`;
    url = address.toString();
  }
  const storage = createLocalStorage({ rootDir: path.join(dataDir, "uploads"), publicPath: "/uploads" });
  const site: Site = {
    settings: { DATA_DIR: dataDir, DATABASE_URL: url },
    async use(use) {
      const handle = url
        ? await openDatabase({ kind: "postgres", url, poolSize: 2 })
        : await openDatabase({ kind: "pglite", dataDir });
      try {
        return await use(handle, storage);
      } finally {
        await handle.close();
      }
    },
  };
  await site.use(async (handle) => {
    const [ada, bob] = await insertUsers(handle.db, { email: "ada@example.com" }, { email: "bob@example.com" });
    const expiresAt = new Date("2031-02-03T04:05:06.789Z");
    await handle.db.insert(sessions).values([
      { userId: ada!.id, token: "token-ada", expiresAt },
      { userId: bob!.id, token: "token-bob", expiresAt },
    ]);
    await storage.put({ key: "avatars/ada.webp", body: randomBytes(200), contentType: "image/webp" });
  });
  return site;
}

const contents = (handle: DatabaseHandle, storage: FileStorage) =>
  Promise.all([dumpTables(handle), storedFiles(storage)]).then(([tables, files]) => ({ tables, files }));

/** After the backup the site changes, so a restore that went ahead would show. */
const changeSite = (site: Site) =>
  site.use(async (handle, storage) => {
    await insertUsers(handle.db, { email: "later@example.com" });
    await storage.put({ key: "avatars/ada.webp", body: Buffer.from("a newer avatar"), contentType: "image/webp" });
    return contents(handle, storage);
  });

/** Runs `use` with the system's temporary folder (TMPDIR, where a restore unpacks) at `dir`. */
async function withTemporaryFolder<T>(dir: string, use: () => Promise<T>): Promise<T> {
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  try {
    return await use();
  } finally {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
  }
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe(`archives that keep their secrets (${engine})`, () => {
  test("archives are written 0600, into a folder made 0700, by hand and on schedule", async () => {
    const site = await siteOnThisEngine();
    const archives = temporaryDir("aitlas-archives-");
    const file = path.join(archives, "new", "site.tar.gz");
    const made = await call("backup", [file], site.settings);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);

    const settings = backupSettings({
      dataDir: site.settings.DATA_DIR,
      BACKUP_DIR: path.join(archives, "scheduled"),
      BACKUP_KEEP: 2,
      BACKUP_CRON: null,
    });
    const { summary } = await site.use((handle, storage) =>
      backupIntoDir({ handle, storage, settings, trigger: "schedule" }),
    );
    expect(modeOf(summary.file)).toBe(0o600);
    expect(modeOf(settings.dir)).toBe(0o700);
  });

  test("a truncated archive is refused as damaged: nothing changes and no unpacked copy is left", async () => {
    const site = await siteOnThisEngine();
    const file = path.join(temporaryDir("aitlas-archives-"), "site.tar.gz");
    expect((await call("backup", [file], site.settings)).code).toBe(0);
    const before = await changeSite(site);

    const whole = fs.readFileSync(file);
    const temporary = temporaryDir("aitlas-tmp-");
    // Cut in the middle, and cut in gzip's trailer (the data all there, its check missing).
    for (const length of [Math.floor(whole.length / 2), whole.length - 3]) {
      const truncated = `${file}.${length}`;
      fs.writeFileSync(truncated, whole.subarray(0, length));
      const refused = await withTemporaryFolder(temporary, () =>
        call("restore", [truncated, "--force"], site.settings),
      );
      expect(refused.stderr).toContain("the archive is damaged or incomplete");
      expect(refused.code).toBe(1);
      expect(fs.readdirSync(temporary)).toEqual([]);
    }
    expect(await site.use(contents)).toEqual(before);
  });

  test("an encrypted archive is recognised and restores with its passphrase only", async () => {
    const site = await siteOnThisEngine();
    const passphrase = "correct horse battery staple";
    const file = path.join(temporaryDir("aitlas-archives-"), "site.tar.gz");
    const atBackup = await site.use(contents);
    const made = await call("backup", [file], { ...site.settings, BACKUP_PASSPHRASE: passphrase });
    expect(made.stderr).toBe("");
    expect(made.stdout).toContain("encrypted with BACKUP_PASSPHRASE");
    expect(modeOf(file)).toBe(0o600);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, ENCRYPTED_MAGIC.length).toString()).toBe(ENCRYPTED_MAGIC);
    const before = await changeSite(site);

    const temporary = temporaryDir("aitlas-tmp-");
    const restore = (settings: { BACKUP_PASSPHRASE?: string }) =>
      withTemporaryFolder(temporary, () => call("restore", [file, "--force"], { ...site.settings, ...settings }));
    const missing = await restore({});
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with");
    const wrong = await restore({ BACKUP_PASSPHRASE: "not the passphrase at all" });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("it is not the passphrase the archive was encrypted with");
    expect(fs.readdirSync(temporary)).toEqual([]);
    expect(await site.use(contents)).toEqual(before);

    const restored = await restore({ BACKUP_PASSPHRASE: passphrase });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(fs.readdirSync(temporary)).toEqual([]);
    expect(await site.use(contents)).toEqual(atBackup);
  });
});
