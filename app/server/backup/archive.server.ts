import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import type { SequenceValue, TableColumn } from "./database-tables.server";
import type { SchemaVersion } from "./schema-version.server";

/**
 * A backup archive (decision 081) is a .tar.gz of:
 *   manifest.json        what follows, with the sha256 of every other entry
 *   tables/NAME.jsonl    one JSON object per row (column name -> value as PostgreSQL writes it in JSON)
 *   uploads/KEY          the uploaded files, by storage key
 */
export const ARCHIVE_FORMAT = "aitlas-backup";
export const ARCHIVE_FORMAT_VERSION = 1;

export type ArchivedTable = { name: string; file: string; rows: number; columns: TableColumn[] };
export type ArchivedUpload = { key: string; file: string; bytes: number; contentType: string | null };

export type BackupManifest = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: typeof ARCHIVE_FORMAT_VERSION;
  appVersion: string;
  createdAt: string;
  /** The last migration applied to the database backed up. */
  schemaVersion: SchemaVersion;
  database: "pglite" | "postgres";
  tables: ArchivedTable[];
  sequences: SequenceValue[];
  uploads: ArchivedUpload[];
  /** sha256 (hex) of every entry but the manifest, by path in the archive. */
  checksums: Record<string, string>;
};

export class InvalidArchiveError extends Error {}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** A fresh working directory for an archive's entries, and its removal. */
export async function stagingDir(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}

/** Packs the staged entries into `file`, written beside it and renamed, so no half archive is left. */
export async function packArchive(staged: string, file: string): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await tar.create({ gzip: true, file: partial, cwd: staged, portable: true }, [
      "manifest.json",
      "tables",
      "uploads",
    ]);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  return (await fs.stat(file)).size;
}

/**
 * Unpacks an archive into `dir` and checks it: the manifest's format, and the sha256 of every
 * entry it names. Throws InvalidArchiveError naming what is wrong; nothing has been loaded then.
 */
export async function unpackArchive(file: string, dir: string): Promise<BackupManifest> {
  try {
    await fs.access(file);
  } catch {
    throw new InvalidArchiveError(`No archive at ${file}.`);
  }
  try {
    await tar.extract({ file, cwd: dir, strict: true });
  } catch (error) {
    throw new InvalidArchiveError(
      `${file} is not a readable backup archive: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await fs.readFile(path.join(dir, "manifest.json"), "utf8")) as BackupManifest;
  } catch {
    throw new InvalidArchiveError(`${file} has no readable manifest.json: it is not an Aitlas backup.`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || manifest.formatVersion !== ARCHIVE_FORMAT_VERSION) {
    throw new InvalidArchiveError(`${file} is not an Aitlas backup of a format this version reads.`);
  }
  const named = [...manifest.tables.map((table) => table.file), ...manifest.uploads.map((upload) => upload.file)];
  const unchecked = named.filter((entry) => !(entry in manifest.checksums));
  if (unchecked.length > 0) throw new InvalidArchiveError(`The manifest has no checksum for ${unchecked.join(", ")}.`);
  const problems: string[] = [];
  for (const [entry, expected] of Object.entries(manifest.checksums)) {
    const inside = path.resolve(dir, entry);
    if (!inside.startsWith(dir + path.sep)) {
      problems.push(`${entry}: outside the archive`);
      continue;
    }
    const actual = await sha256OfFile(inside).catch(() => null);
    if (actual === null) problems.push(`${entry}: missing`);
    else if (actual !== expected) problems.push(`${entry}: checksum mismatch`);
  }
  if (problems.length > 0) {
    throw new InvalidArchiveError(`${file} is damaged, nothing was restored:\n  ${problems.join("\n  ")}`);
  }
  return manifest;
}
