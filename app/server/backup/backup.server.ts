import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { once } from "node:events";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.server";
import type { FileStorage } from "../storage/local-storage.server";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  packArchive,
  stagingDir,
  type ArchivedTable,
  type ArchivedUpload,
  type BackupManifest,
} from "./archive.server";
import { listTables, quoted, readSequences, rowsOf, type TableShape } from "./database-tables.server";
import { databaseSchemaVersion } from "./schema-version.server";
import { appVersion } from "./app-version.server";

/** Rows read per statement while a table is written out. */
const PAGE_ROWS = 1000;

export type BackupSummary = {
  file: string;
  bytes: number;
  createdAt: string;
  schemaVersion: string;
  tables: number;
  rows: number;
  files: number;
  /** Whether the archive is encrypted with BACKUP_PASSPHRASE (decision 150). */
  encrypted: boolean;
  /** Rows per table. */
  counts: Record<string, number>;
};

/** Writes bytes to a file while hashing them; returns the sha256 at the end. */
async function hashedWriter(file: string) {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const stream = createWriteStream(file);
  const hash = createHash("sha256");
  return {
    async write(chunk: string | Buffer) {
      hash.update(chunk);
      if (!stream.write(chunk)) await once(stream, "drain");
    },
    async close() {
      stream.end();
      await once(stream, "finish");
      return hash.digest("hex");
    },
  };
}

/**
 * Writes one archive of the database and the uploaded files to `file` (absolute path), mode 0600,
 * encrypted with `passphrase` when given (decision 150). All tables are read in one REPEATABLE
 * READ transaction, so they are one consistent snapshot; the uploads are read after it (their keys
 * are never reused, so a file a row names is there).
 */
export async function createBackup({
  handle,
  storage,
  file,
  passphrase,
}: {
  handle: Pick<DatabaseHandle, "db" | "kind">;
  storage: FileStorage;
  file: string;
  passphrase?: string;
}): Promise<BackupSummary> {
  const staging = await stagingDir("aitlas-backup-");
  try {
    const checksums: Record<string, string> = {};
    const createdAt = new Date().toISOString();
    const snapshot = await handle.db.transaction(
      async (tx) => {
        const schemaVersion = await databaseSchemaVersion(tx);
        if (!schemaVersion) throw new Error("The database has no tables yet: there is nothing to back up.");
        const tables: ArchivedTable[] = [];
        for (const table of await listTables(tx)) {
          const entry = `tables/${table.name}.jsonl`;
          const writer = await hashedWriter(path.join(staging.dir, entry));
          let rows = 0;
          for await (const line of tableRows(tx, table)) {
            await writer.write(`${line}\n`);
            rows++;
          }
          checksums[entry] = await writer.close();
          tables.push({ name: table.name, file: entry, rows, columns: table.columns });
        }
        return { schemaVersion, tables, sequences: await readSequences(tx) };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );

    const uploads: ArchivedUpload[] = [];
    await fs.mkdir(path.join(staging.dir, "uploads"), { recursive: true });
    for await (const key of storage.list()) {
      const { body, contentType } = await storage.get(key);
      const entry = `uploads/${key}`;
      const writer = await hashedWriter(path.join(staging.dir, entry));
      await writer.write(body);
      checksums[entry] = await writer.close();
      uploads.push({ key, file: entry, bytes: body.length, contentType: contentType ?? null });
    }

    const manifest: BackupManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt,
      schemaVersion: snapshot.schemaVersion,
      database: handle.kind,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      uploads,
      checksums,
    };
    await fs.writeFile(path.join(staging.dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const bytes = await packArchive(staging.dir, file, passphrase);
    return {
      file,
      bytes,
      createdAt,
      schemaVersion: snapshot.schemaVersion.tag,
      tables: snapshot.tables.length,
      rows: snapshot.tables.reduce((sum, table) => sum + table.rows, 0),
      files: uploads.length,
      encrypted: Boolean(passphrase),
      counts: Object.fromEntries(snapshot.tables.map((table) => [table.name, table.rows])),
    };
  } finally {
    await staging.remove();
  }
}

/**
 * A table's rows as JSON text, in pages along the physical row id (stable within the snapshot).
 * PostgreSQL writes the JSON, so every type keeps its exact text (numbers, timestamps with their
 * offset, bytea as \x hex, arrays) and `jsonb_populate_recordset` reads it back on either engine.
 */
async function* tableRows(tx: Parameters<typeof rowsOf>[0], table: TableShape): AsyncGenerator<string> {
  const generated = table.generated.map((name) => `'${name.replaceAll("'", "''")}'`).join(", ");
  const row = generated ? sql.raw(`to_jsonb(t) - array[${generated}]::text[]`) : sql.raw("to_jsonb(t)");
  let after = "(0,0)";
  for (;;) {
    const page = await rowsOf<{ at: string; row: string }>(
      tx,
      sql`select t.ctid::text as "at", (${row})::text as "row" from ${quoted(table.name)} t
           where t.ctid > ${after}::tid order by t.ctid limit ${PAGE_ROWS}`,
    );
    for (const entry of page) yield entry.row;
    if (page.length < PAGE_ROWS) return;
    after = page.at(-1)!.at;
  }
}
