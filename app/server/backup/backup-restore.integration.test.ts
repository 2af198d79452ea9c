import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as tar from "tar";
import { afterEach, describe, expect, test, vi } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { comments, profiles, savedTools, sessions, toolVotes } from "~/server/db/schema.server";
import { createLocalStorage, type FileStorage } from "~/server/storage/local-storage.server";
import { createS3Storage } from "~/server/storage/s3-storage.server";
import { startFakeS3, type FakeS3 } from "../../../tests/fakes/s3";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { dumpTables, storedFiles } from "../../../tests/setup/site-contents";
import { pgliteTemplate } from "../../../tests/setup/test-database";
import { createBackup } from "./backup.server";
import { InvalidArchiveError } from "./archive.server";
import { listTables, rowsOf } from "./database-tables.server";
import { restoreBackup, RestoreRefusedError } from "./restore.server";
import { databaseSchemaVersion, latestSchemaVersion, migrationsUpTo, readJournal } from "./schema-version.server";

// Moving between engines (decision 082): backed up on one, restored on the other, every table
// compared row for row. PostgreSQL is the server at TEST_DATABASE_URL, with a fresh database per
// side; the tests run once (in the PGlite project), since each uses both engines.
const serverUrl = process.env.TEST_DATABASE_URL;
const once = process.env.AITLAS_TEST_ENGINE !== "postgres";

// Each test migrates two databases and starts a few processes' worth of work.
vi.setConfig({ testTimeout: 120_000 });

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function temporaryDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * PGlite in memory (on disk it is the same engine, only slower) and uploads in a temporary folder:
 * blank, or a copy of the run's migrated template when the side starts with the current schema.
 */
async function pgliteSide({ migrated = false } = {}): Promise<{
  handle: DatabaseHandle;
  storage: FileStorage;
  uploads: string;
}> {
  const template = migrated ? pgliteTemplate() : undefined;
  const handle = await openDatabase({ kind: "pglite", template });
  cleanups.push(() => handle.close());
  const uploads = path.join(temporaryDir("aitlas-backup-uploads-"), "uploads");
  return { handle, storage: createLocalStorage({ rootDir: uploads, publicPath: "/uploads" }), uploads };
}

async function postgresSide(): Promise<{ handle: DatabaseHandle; storage: FileStorage; s3: FakeS3 }> {
  const name = `aitlas_backup_${randomBytes(6).toString("hex")}`;
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 3 });
  cleanups.push(async () => {
    await handle.close();
    await onServer(`drop database if exists ${name} with (force)`);
  });
  // One bucket per side: a fake S3 server per test.
  const store = await startFakeS3({ bucket: `b${randomBytes(4).toString("hex")}`, listPageSize: 2 });
  cleanups.push(() => store.close());
  const storage = createS3Storage({
    bucket: store.bucket,
    region: store.region,
    endpoint: store.origin,
    accessKeyId: store.accessKeyId,
    secretAccessKey: store.secretAccessKey,
  });
  return { handle, storage, s3: store };
}

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Users with sessions, a tool with a logo, votes, comments, a saved tool and a few uploaded files. */
async function fillSite({ db }: DatabaseHandle, storage: FileStorage) {
  const [ada, bob] = await insertUsers(
    db,
    { email: "ada@example.com", name: "Ada", emailVerified: true },
    { email: "bob@example.com", name: "Bob" },
  );
  await db
    .update(profiles)
    .set({ userType: "admin" })
    .where(sql`id = ${ada!.id}`);
  await db.insert(sessions).values([
    { userId: ada!.id, token: "token-ada", expiresAt: new Date("2031-02-03T04:05:06.789Z"), userAgent: "Firefox" },
    { userId: bob!.id, token: "token-bob", expiresAt: new Date("2031-02-03T04:05:06.789Z"), ipAddress: "::1" },
  ]);
  const logo = await storage.put({ key: "tool-logos/quill.png", body: randomBytes(300), contentType: "image/png" });
  const [quill, sketch] = await insertTools(
    db,
    { name: "Quill", image: logo.url, features: ["Drafts", 'Tone, "quoted"'], pros: [] },
    { name: "Sketch", description: "<p>Pictures &amp; more</p>" },
  );
  await db.insert(toolVotes).values([
    { toolId: quill!.id, userId: ada!.id, rating: 5 },
    { toolId: quill!.id, userId: bob!.id, rating: 2 },
    { toolId: sketch!.id, userId: bob!.id, rating: 4 },
  ]);
  await db.insert(comments).values([
    { toolId: quill!.id, userId: ada!.id, content: "Great ✓ for drafts\nsecond line" },
    { toolId: quill!.id, userId: bob!.id, content: "Meh", hiddenAt: new Date(), hiddenBy: ada!.id },
  ]);
  await db.insert(savedTools).values({ userId: bob!.id, toolId: sketch!.id });
  await storage.put({ key: "avatars/bob.webp", body: randomBytes(120), contentType: "image/webp" });
  await storage.put({
    key: "article-images/x.svg",
    body: "<svg xmlns='http://www.w3.org/2000/svg'/>",
    contentType: "image/svg+xml",
  });
}

function archivePath() {
  return path.join(temporaryDir("aitlas-archive-"), "site.tar.gz");
}

/** A filled site on PGlite and an archive of it. */
async function filledArchive() {
  const from = await pgliteSide({ migrated: true });
  await fillSite(from.handle, from.storage);
  const file = archivePath();
  await createBackup({ handle: from.handle, storage: from.storage, file });
  return { from, file };
}

describe.skipIf(!serverUrl || !once)("moving between PGlite and PostgreSQL", () => {
  test("PGlite and local uploads to PostgreSQL and S3: every row and file arrives", async () => {
    const from = await pgliteSide({ migrated: true });
    await fillSite(from.handle, from.storage);
    const file = archivePath();
    const backup = await createBackup({ handle: from.handle, storage: from.storage, file });
    expect(backup).toMatchObject({ schemaVersion: latestSchemaVersion().tag, files: 3 });
    expect(backup.counts).toMatchObject({ users: 2, sessions: 2, tool_votes: 3, comments: 2, tools: 2 });

    const to = await postgresSide();
    const restored = await restoreBackup({ handle: to.handle, storage: to.storage, file, force: false });
    expect(restored).toMatchObject({ rows: backup.rows, files: 3 });
    expect(await dumpTables(to.handle)).toEqual(await dumpTables(from.handle));
    expect(await storedFiles(to.storage)).toEqual(await storedFiles(from.storage));
    expect(to.s3.object("tool-logos/quill.png")?.contentType).toBe("image/png");
    // The restored database goes on working: triggers are back, the sequence-free ids are fresh.
    const [carol] = await insertUsers(to.handle.db, { email: "carol@example.com" });
    const [profile] = await to.handle.db
      .select()
      .from(profiles)
      .where(sql`id = ${carol!.id}`);
    expect(profile?.userType).toBe("user");
  });

  test("PostgreSQL and S3 to PGlite and local uploads: every row and file arrives", async () => {
    const from = await postgresSide();
    await from.handle.migrate();
    await fillSite(from.handle, from.storage);
    const file = archivePath();
    await createBackup({ handle: from.handle, storage: from.storage, file });

    const to = await pgliteSide();
    await restoreBackup({ handle: to.handle, storage: to.storage, file, force: false });
    expect(await dumpTables(to.handle)).toEqual(await dumpTables(from.handle));
    expect(await storedFiles(to.storage)).toEqual(await storedFiles(from.storage));
    expect(fs.existsSync(path.join(to.uploads, "avatars/bob.webp"))).toBe(true);
  });
});

// These restore into PGlite (and the failed restore into PostgreSQL too): the PostgreSQL project
// would only run them a second time on the same engine.
describe.skipIf(!once)("restoring", () => {
  test("a database that holds data is refused; --force replaces everything in it", async () => {
    const { from, file } = await filledArchive();

    const to = await pgliteSide({ migrated: true });
    await insertUsers(to.handle.db, { email: "someone@example.com" });
    await insertTools(to.handle.db, { name: "Other" });
    const before = await dumpTables(to.handle);
    const refusal = restoreBackup({ handle: to.handle, storage: to.storage, file, force: false });
    await expect(refusal).rejects.toThrow(RestoreRefusedError);
    await expect(refusal).rejects.toThrow(/not empty: .*tools \(1\).*users \(1\).*--force/);
    expect(await dumpTables(to.handle)).toEqual(before);
    expect(await storedFiles(to.storage)).toEqual({});

    await restoreBackup({ handle: to.handle, storage: to.storage, file, force: true });
    expect(await dumpTables(to.handle)).toEqual(await dumpTables(from.handle));
  });

  test("a damaged archive is refused before anything is loaded", async () => {
    const { file } = await filledArchive();

    // One changed character in the users' rows, packed again with the manifest as it was.
    const unpacked = temporaryDir("aitlas-damaged-");
    await tar.extract({ file, cwd: unpacked });
    const usersFile = path.join(unpacked, "tables/users.jsonl");
    fs.writeFileSync(usersFile, fs.readFileSync(usersFile, "utf8").replace("Ada", "Eve"));
    const damaged = path.join(unpacked, "..", `${path.basename(unpacked)}.tar.gz`);
    cleanups.push(async () => fs.rmSync(damaged, { force: true }));
    await tar.create({ gzip: true, file: damaged, cwd: unpacked }, ["manifest.json", "tables", "uploads"]);

    const to = await pgliteSide();
    const refusal = restoreBackup({ handle: to.handle, storage: to.storage, file: damaged, force: false });
    await expect(refusal).rejects.toThrow(InvalidArchiveError);
    await expect(refusal).rejects.toThrow(
      /the archive is damaged or incomplete \(tables\/users\.jsonl: checksum mismatch\)/,
    );
    expect(await databaseSchemaVersion(to.handle.db)).toBeNull();
    expect(await storedFiles(to.storage)).toEqual({});

    fs.writeFileSync(damaged, "not a tar");
    await expect(
      restoreBackup({ handle: to.handle, storage: to.storage, file: damaged, force: false }),
    ).rejects.toThrow(/not a readable backup archive/);
  });

  test("a restore that fails into a new database leaves it as blank as it was", async () => {
    const from = await pgliteSide({ migrated: true });
    await insertUsers(from.handle.db, { email: "ada@example.com", name: "Ada" });
    await from.storage.put({ key: "logos/a.png", body: Buffer.from("png"), contentType: "image/png" });
    const file = archivePath();
    await createBackup({ handle: from.handle, storage: from.storage, file });

    // The files go in last, after the tables are loaded and migrated: a full disk there fails the
    // restore at its very end.
    const failInto = async (to: { handle: DatabaseHandle; storage: FileStorage }) => {
      const full: FileStorage = { ...to.storage, put: () => Promise.reject(new Error("no space left on device")) };
      await expect(restoreBackup({ handle: to.handle, storage: full, file, force: false })).rejects.toThrow(/no space/);
      expect(await databaseSchemaVersion(to.handle.db)).toBeNull();
      expect(await listTables(to.handle.db)).toEqual([]);
    };
    if (serverUrl) await failInto(await postgresSide());
    const to = await pgliteSide();
    await failInto(to);

    // Nothing is in the way of the next attempt.
    const restored = await restoreBackup({ handle: to.handle, storage: to.storage, file, force: false });
    expect(restored.files).toBe(1);
    expect(await rowsOf<{ email: string }>(to.handle.db, sql`select email from users`)).toEqual([
      { email: "ada@example.com" },
    ]);
  });

  test("a restore whose tables fail to load has not touched the uploaded files", async () => {
    const { file } = await filledArchive();

    // The target's users table gained a required column the archive's rows lack: the load fails.
    const to = await pgliteSide({ migrated: true });
    await insertUsers(to.handle.db, { email: "someone@example.com" });
    await to.storage.put({
      key: "tool-logos/quill.png",
      body: Buffer.from("the target's own"),
      contentType: "image/png",
    });
    await to.handle.db.execute(sql`alter table users add column required_here text not null default 'x'`);
    await to.handle.db.execute(sql`alter table users alter column required_here drop default`);
    const before = { tables: await dumpTables(to.handle), files: await storedFiles(to.storage) };
    await expect(restoreBackup({ handle: to.handle, storage: to.storage, file, force: true })).rejects.toThrow(
      /insert into "users"/,
    );
    expect({ tables: await dumpTables(to.handle), files: await storedFiles(to.storage) }).toEqual(before);
  });

  test("an archive of an older schema loads into that schema, then the newer migrations run", async () => {
    const journal = readJournal();
    const older = journal.at(-2)!;
    const from = await pgliteSide();
    const upTo = migrationsUpTo({ tag: older.tag, index: older.idx });
    await from.handle.migrate(upTo.folder);
    upTo.remove();
    await insertUsers(from.handle.db, { email: "old@example.com", name: "Old" });
    const file = archivePath();
    const backup = await createBackup({ handle: from.handle, storage: from.storage, file });
    expect(backup.schemaVersion).toBe(older.tag);

    const to = await pgliteSide();
    const restored = await restoreBackup({ handle: to.handle, storage: to.storage, file, force: false });
    expect(restored).toMatchObject({ schemaVersion: older.tag, migratedTo: latestSchemaVersion().tag });
    expect(await databaseSchemaVersion(to.handle.db)).toEqual(latestSchemaVersion());
    const emails = await rowsOf<{ email: string }>(to.handle.db, sql`select email from users`);
    expect(emails).toEqual([{ email: "old@example.com" }]);

    // A database already past the archive's schema cannot go back to it.
    await expect(restoreBackup({ handle: to.handle, storage: to.storage, file, force: true })).rejects.toThrow(
      /newer than the archive's/,
    );
  });
});
