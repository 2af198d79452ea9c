import { createHash } from "node:crypto";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform, Writable, type Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import type * as Tar from "tar";
import {
  DamagedEncryptionError,
  decryptingStream,
  encryptingStream,
  readEncryptionHeader,
  WrongPassphraseError,
} from "./archive-encryption.server";
import type { SequenceValue, TableColumn } from "./database-tables.server";
import type { SchemaVersion } from "./schema-version.server";
import { loadOnce } from "../load-once.server";

/** tar, loaded by the first backup or restore rather than at start-up (decisions 113 and 201). */
const loadTar = loadOnce(() => import("tar"));

/**
 * A backup archive (decision 081) is a .tar.gz of:
 *   manifest.json        what follows, with the sha256 of every other entry
 *   tables/NAME.jsonl    one JSON object per row (column name -> value as PostgreSQL writes it in JSON)
 *   uploads/KEY          the uploaded files, by storage key
 * It holds the site's secrets (the instance's cookie-signing secret, live sessions, password hashes,
 * reset tokens): it is written 0600, encrypted when BACKUP_PASSPHRASE is set (decision 150).
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

/** An archive a restore will not load: missing, not an archive, damaged, or encrypted and not opened. */
export class InvalidArchiveError extends Error {}

/** An encrypted archive without BACKUP_PASSPHRASE, or with a passphrase that does not open it. */
export class ArchivePassphraseError extends InvalidArchiveError {}

/** What a restore answers for an archive cut short or altered (decision 150). */
export const DAMAGED_ARCHIVE = "the archive is damaged or incomplete";

const damaged = (file: string, details: string) =>
  new InvalidArchiveError(`${file}: ${DAMAGED_ARCHIVE} (${details}). Nothing was restored.`);

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * A fresh working directory for an archive's entries (0700, in the system's temporary folder), and
 * its removal.
 */
export async function stagingDir(prefix: string): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true, maxRetries: 3 }) };
}

/**
 * Packs the staged entries into `file`, encrypted with `passphrase` when there is one. The archive
 * is written 0600 beside its name and renamed, so no half archive is left; a folder made for it is
 * 0700. Returns its size.
 */
export async function packArchive(staged: string, file: string, passphrase?: string): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    // A partial archive left by a backup that was killed would keep its mode: it goes first.
    await fs.rm(partial, { force: true });
    const tar = await loadTar();
    const packed = tar.create({ gzip: true, cwd: staged, portable: true }, ["manifest.json", "tables", "uploads"]);
    const target = createWriteStream(partial, { flags: "wx", mode: 0o600 });
    if (passphrase) await pipeline(packed, await encryptingStream(passphrase), target);
    else await pipeline(packed, target);
    await fs.rename(partial, file);
  } catch (error) {
    await fs.rm(partial, { force: true });
    throw error;
  }
  return (await fs.stat(file)).size;
}

/** The first bytes of a gzip stream: a plain archive starts with them. */
const GZIP_MAGIC = Buffer.from([0x1f, 0x8b]);

async function startsWithGzip(file: string): Promise<boolean> {
  const handle = await fs.open(file, "r");
  try {
    const start = Buffer.alloc(2);
    const { bytesRead } = await handle.read(start, 0, 2, 0);
    return bytesRead === 2 && start.equals(GZIP_MAGIC);
  } finally {
    await handle.close();
  }
}

/**
 * Unpacks an archive into `dir` and checks all of it before anything else happens: it must be
 * read to its end (gzip's own check, and each encrypted chunk's tag), hold only the entries its
 * manifest names, each with the sha256 the manifest records. Throws InvalidArchiveError naming
 * what is wrong; nothing is being written into `dir` any more then, so it can be removed.
 */
export async function unpackArchive(
  file: string,
  dir: string,
  { passphrase }: { passphrase?: string } = {},
): Promise<BackupManifest> {
  try {
    await fs.access(file);
  } catch {
    throw new InvalidArchiveError(`No archive at ${file}.`);
  }
  const encrypted = await readEncryptionHeader(file);
  if (encrypted === "malformed") throw damaged(file, "its encryption header is unreadable");
  let decrypt: Transform | null = null;
  if (encrypted) {
    if (!passphrase) {
      throw new ArchivePassphraseError(
        `${file} is encrypted: set BACKUP_PASSPHRASE to the passphrase it was made with. Nothing was restored.`,
      );
    }
    try {
      decrypt = await decryptingStream(passphrase, encrypted);
    } catch (error) {
      if (!(error instanceof WrongPassphraseError)) throw error;
      throw new ArchivePassphraseError(
        `BACKUP_PASSPHRASE does not open ${file}: it is not the passphrase the archive was encrypted with. Nothing was restored.`,
      );
    }
  } else if ((await fs.stat(file)).size === 0) {
    throw damaged(file, "it is empty");
  } else if (!(await startsWithGzip(file))) {
    throw new InvalidArchiveError(
      `${file} is not a readable backup archive: it is neither a .tar.gz nor an encrypted Aitlas backup.`,
    );
  }

  let hashes: Map<string, string>;
  try {
    hashes = await extractEntries(createReadStream(file, { start: encrypted ? encrypted.dataStart : 0 }), decrypt, dir);
  } catch (error) {
    const reason =
      error instanceof DamagedEncryptionError
        ? error.message
        : error instanceof Error && /unexpected end of file/i.test(error.message)
          ? "it ends early"
          : error instanceof Error
            ? error.message
            : String(error);
    throw damaged(file, reason);
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
  if (
    !Array.isArray(manifest.tables) ||
    !Array.isArray(manifest.uploads) ||
    !Array.isArray(manifest.sequences) ||
    typeof manifest.checksums !== "object" ||
    manifest.checksums === null
  ) {
    throw damaged(file, "its manifest is incomplete");
  }
  const named = [...manifest.tables.map((table) => table.file), ...manifest.uploads.map((upload) => upload.file)];
  const unchecked = named.filter((entry) => !(entry in manifest.checksums));
  if (unchecked.length > 0) throw damaged(file, `the manifest has no checksum for ${unchecked.join(", ")}`);
  const problems: string[] = [];
  for (const [entry, expected] of Object.entries(manifest.checksums)) {
    const actual = hashes.get(entry);
    if (actual === undefined) problems.push(`${entry}: missing`);
    else if (actual !== expected) problems.push(`${entry}: checksum mismatch`);
  }
  for (const entry of hashes.keys()) {
    if (entry !== "manifest.json" && !(entry in manifest.checksums)) problems.push(`${entry}: not in the manifest`);
  }
  if (problems.length > 0) throw damaged(file, problems.join("; "));
  return manifest;
}

/** An entry's path inside the archive, or null for one that has no place in a backup. */
function entryName(raw: string): string | null {
  const name = path.posix.normalize(raw.replace(/\/+$/, ""));
  if (name === "manifest.json" || name === "tables" || name === "uploads") return name;
  if (!/^(tables|uploads)\//.test(name) || name.split("/").some((part) => part === ".." || part === "")) return null;
  return name;
}

const FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);

/**
 * Reads the whole archive (decrypted when `decrypt` is given, then gunzipped) and writes its files
 * into `dir`, hashing each on the way. Resolves with every file's sha256 by its path once all of
 * them are written and closed; on any failure, rejects only after every file it opened is closed.
 */
async function extractEntries(source: Readable, decrypt: Transform | null, dir: string): Promise<Map<string, string>> {
  const hashes = new Map<string, string>();
  const claimed = new Set<string>();
  const writes: Array<Promise<void>> = [];
  const open = new Set<WriteStream>();
  let failure: Error | null = null;
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    source.destroy(failure);
  };

  const writeEntry = async (entry: Tar.ReadEntry, name: string) => {
    const target = path.join(dir, name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    if (failure) {
      entry.resume();
      return;
    }
    const hash = createHash("sha256");
    const out = createWriteStream(target, { flags: "wx", mode: 0o600 });
    open.add(out);
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    try {
      const written = pipeline(hashing, out);
      entry.pipe(hashing);
      await written;
    } finally {
      open.delete(out);
    }
    hashes.set(name, hash.digest("hex"));
  };

  const tar = await loadTar();
  const parser = new tar.Parser({
    strict: true,
    noResume: true,
    onReadEntry: (entry) => {
      const name = entryName(entry.path);
      if (name !== null && entry.type === "Directory") {
        entry.resume();
        return;
      }
      if (name === null || !FILE_TYPES.has(entry.type) || claimed.has(name)) {
        entry.resume();
        fail(new Error(`an entry that has no place in a backup: ${entry.path}`));
        return;
      }
      claimed.add(name);
      writes.push(
        writeEntry(entry, name).catch((error: unknown) => {
          entry.resume();
          fail(error);
        }),
      );
    },
  });
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (parser.write(chunk)) callback();
      else parser.once("drain", () => callback());
    },
    final(callback) {
      parser.once("end", () => callback());
      parser.end();
    },
  });
  parser.on("error", (error: Error) => sink.destroy(error));

  try {
    await pipeline([source, ...(decrypt ? [decrypt] : []), createGunzip(), sink]);
    await Promise.all(writes);
    if (failure) throw failure;
  } catch (error) {
    const first = failure ?? error;
    failure ??= first instanceof Error ? first : new Error(String(first));
    // Nothing may still write into `dir` when the caller removes it.
    for (const out of open) out.destroy();
    await Promise.allSettled([...open].map((out) => finished(out)));
    await Promise.allSettled(writes);
    throw first;
  }
  return hashes;
}
