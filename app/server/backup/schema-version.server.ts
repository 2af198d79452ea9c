import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrationsFolder, type Database } from "../db/client.server";
import { rowsOf } from "./database-tables.server";

/**
 * A schema version is the last migration applied: its tag in drizzle/meta/_journal.json
 * ("0014_members_moderation"). drizzle records each applied migration by its journal time.
 */
export type SchemaVersion = { tag: string; index: number };

type JournalEntry = { idx: number; when: number; tag: string };

export function readJournal(folder = migrationsFolder): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** The newest migration this code has. */
export function latestSchemaVersion(): SchemaVersion {
  const last = readJournal().at(-1)!;
  return { tag: last.tag, index: last.idx };
}

/** The last migration applied to this database, or null before the first. */
export async function databaseSchemaVersion(db: Pick<Database, "execute">): Promise<SchemaVersion | null> {
  const [exists] = await rowsOf<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "found"`,
  );
  if (!exists?.found) return null;
  const [last] = await rowsOf<{ created_at: string | number }>(
    db,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const when = Number(last.created_at);
  const entry = readJournal().find((candidate) => candidate.when === when);
  if (!entry) {
    throw new Error(
      `The database has a migration (made at ${new Date(when).toISOString()}) this version of Aitlas does not know: it is newer than the code.`,
    );
  }
  return { tag: entry.tag, index: entry.idx };
}

/**
 * A migrations folder that stops at `version`, so a restore can build the archive's own schema
 * before loading it. Returns the folder and its removal.
 */
export function migrationsUpTo(version: SchemaVersion): { folder: string; remove: () => void } {
  const entries = readJournal();
  const last = entries.findIndex((entry) => entry.tag === version.tag);
  if (last < 0) throw new Error(`This version of Aitlas has no migration ${version.tag}.`);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-migrations-"));
  fs.mkdirSync(path.join(folder, "meta"));
  const kept = entries.slice(0, last + 1);
  for (const entry of kept) {
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as object;
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  return { folder, remove: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
