import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../db/client.server";
import type { FileStorage } from "../storage/local-storage.server";
import { stagingDir, unpackArchive, type ArchivedTable, type BackupManifest } from "./archive.server";
import {
  listTables,
  loadOrder,
  parentsFirst,
  quoted,
  rowsOf,
  tablesWithRows,
  type TableShape,
} from "./database-tables.server";
import {
  databaseSchemaVersion,
  latestSchemaVersion,
  migrationsUpTo,
  type SchemaVersion,
} from "./schema-version.server";

/** A restore that must not go ahead: the database holds data, or its schema is ahead of the archive. */
export class RestoreRefusedError extends Error {}

/**
 * Tables a migration fills (ranking_prior's one row): they do not make a database "not empty",
 * and a restore replaces their rows like every other table's.
 */
const FILLED_BY_MIGRATIONS = new Set(["ranking_prior"]);

/** Rows per insert statement while a table loads. */
const BATCH_ROWS = 500;

export type RestoreSummary = {
  schemaVersion: string;
  migratedTo: string;
  tables: number;
  rows: number;
  files: number;
  counts: Record<string, number>;
};

/**
 * Restores an archive (decisions 082 and 150): unpacks it (decrypted with `passphrase` when it is
 * encrypted) and checks all of it, every checksum included, before anything else; refuses a
 * database that holds data (unless `force`) or whose schema is newer than the archive's; builds the
 * archive's own schema version, loads every table in one transaction (emptied first, triggers off
 * so derived columns keep the archived values, sequences set), applies the migrations newer than
 * the archive, and only then puts the uploaded files back. The unpacked archive is removed on
 * every path.
 */
export async function restoreBackup({
  handle,
  storage,
  file,
  force,
  passphrase,
}: {
  handle: Pick<DatabaseHandle, "db" | "migrate">;
  storage: FileStorage;
  file: string;
  force: boolean;
  passphrase?: string;
}): Promise<RestoreSummary> {
  const staging = await stagingDir("aitlas-restore-");
  let blank = false;
  try {
    const manifest = await unpackArchive(file, staging.dir, { passphrase });
    // A brand-new database that the restore fails to fill goes back to having nothing, rather than
    // to an empty schema a server would start on as if it were the restored site.
    blank = await isBlank(handle.db);
    await checkSchemaVersions(handle, manifest.schemaVersion);
    if (!force) {
      const held = (await tablesWithRows(handle.db, await listTables(handle.db))).filter(
        (table) => !FILLED_BY_MIGRATIONS.has(table.name),
      );
      if (held.length > 0) {
        const list = held.map((table) => `${table.name} (${table.rows})`).join(", ");
        throw new RestoreRefusedError(
          `The database is not empty: ${list}. Restore into an empty database, or add --force to replace everything in it.`,
        );
      }
    }

    const archived = migrationsUpTo(manifest.schemaVersion);
    try {
      await handle.migrate(archived.folder);
    } finally {
      archived.remove();
    }
    await loadTables(handle, manifest, staging.dir);
    await handle.migrate();

    // The files last: a restore that fails before this point has not touched them.
    try {
      for (const upload of manifest.uploads) {
        await storage.put({
          key: upload.key,
          body: await readFile(path.join(staging.dir, upload.file)),
          contentType: upload.contentType ?? "application/octet-stream",
        });
      }
    } catch (error) {
      // A new database is emptied again below; one restored with --force keeps the archive's tables.
      if (blank) throw error;
      throw new Error(
        `The tables are restored, but putting the uploaded files back failed (${error instanceof Error ? error.message : String(error)}): ` +
          `fix that and restore again with --force.`,
        { cause: error },
      );
    }

    const latest = latestSchemaVersion();
    return {
      schemaVersion: manifest.schemaVersion.tag,
      migratedTo: latest.tag,
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files: manifest.uploads.length,
      counts: Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows])),
    };
  } catch (error) {
    if (blank) await clearSchema(handle.db);
    throw error;
  } finally {
    await staging.remove();
  }
}

/** Whether the database holds no table at all (in the app's schema or the migrations'). */
async function isBlank(db: Database): Promise<boolean> {
  const [row] = await rowsOf<{ tables: number }>(
    db,
    sql`select count(*)::int as tables from information_schema.tables where table_schema in ('public', 'drizzle')`,
  );
  return (row?.tables ?? 0) === 0;
}

/** Drops what the migrations created in a database that was blank before (decision 125). */
async function clearSchema(db: Database) {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema if exists public cascade`);
  await db.execute(sql`create schema public`);
}

async function checkSchemaVersions(handle: Pick<DatabaseHandle, "db">, archive: SchemaVersion) {
  const latest = latestSchemaVersion();
  if (archive.index > latest.index) {
    throw new RestoreRefusedError(
      `The archive comes from a newer Aitlas (schema ${archive.tag}; this one knows up to ${latest.tag}): upgrade Aitlas first.`,
    );
  }
  const current = await databaseSchemaVersion(handle.db);
  if (current && current.index > archive.index) {
    throw new RestoreRefusedError(
      `The database's schema (${current.tag}) is newer than the archive's (${archive.tag}): restore into a new, empty database ` +
        `(a fresh DATA_DIR, or a new PostgreSQL database); the restore builds the archive's schema there, loads it and then applies the newer migrations.`,
    );
  }
}

async function loadTables(handle: Pick<DatabaseHandle, "db">, manifest: BackupManifest, dir: string) {
  await handle.db.transaction(async (tx) => {
    const tables = await listTables(tx);
    const target = new Map(tables.map((table) => [table.name, table]));
    for (const archived of manifest.tables) {
      const table = target.get(archived.name);
      if (!table) throw new Error(`The archive has a table ${archived.name} this database lacks.`);
      const known = new Set(table.columns.map((column) => column.name));
      const missing = archived.columns.filter((column) => !known.has(column.name));
      if (missing.length > 0) {
        throw new Error(`Table ${archived.name} lacks the archive's columns ${missing.map((c) => c.name).join(", ")}.`);
      }
    }
    const all = sql.join(
      tables.map((table) => quoted(table.name)),
      sql.raw(", "),
    );
    await tx.execute(sql`truncate ${all} restart identity cascade`);
    // Triggers (profiles for new users, counts, tag mirrors, ranking) would rewrite what the archive
    // already holds; foreign keys stay checked, so tables load in their dependency order.
    for (const table of tables) await tx.execute(sql`alter table ${quoted(table.name)} disable trigger user`);

    const byName = new Map(manifest.tables.map((table) => [table.name, table]));
    for (const table of loadOrder(tables)) {
      const archived = byName.get(table.name);
      if (archived && archived.rows > 0) await loadTable(tx, table, archived, dir);
    }

    for (const table of tables) await tx.execute(sql`alter table ${quoted(table.name)} enable trigger user`);
    for (const sequence of manifest.sequences) {
      await tx.execute(
        sql`select setval(${`"${sequence.name.replaceAll('"', '""')}"`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    }
  });
}

async function loadTable(tx: Parameters<typeof rowsOf>[0], table: TableShape, archived: ArchivedTable, dir: string) {
  const columns = sql.join(
    archived.columns.map((column) => quoted(column.name)),
    sql.raw(", "),
  );
  const insert = (lines: string[]) =>
    tx.execute(
      sql`insert into ${quoted(table.name)} (${columns}) overriding system value
          select ${columns} from jsonb_populate_recordset(null::${quoted(table.name)}, ${`[${lines.join(",")}]`}::jsonb)`,
    );
  const lines = createInterface({ input: createReadStream(path.join(dir, archived.file)), crlfDelay: Infinity });
  if (table.selfReferences.length > 0) {
    const all: string[] = [];
    for await (const line of lines) if (line) all.push(line);
    const ordered = parentsFirst(table, all);
    for (let start = 0; start < ordered.length; start += BATCH_ROWS)
      await insert(ordered.slice(start, start + BATCH_ROWS));
    return;
  }
  let batch: string[] = [];
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length === BATCH_ROWS) {
      await insert(batch);
      batch = [];
    }
  }
  if (batch.length > 0) await insert(batch);
}
