import fs from "node:fs/promises";
import path from "node:path";
import type { DatabaseHandle } from "../db/client.server";
import type { FileStorage } from "../storage/local-storage.server";
import { createBackup, type BackupSummary } from "./backup.server";

/** Where scheduled backups go and how many are kept (BACKUP_DIR, BACKUP_KEEP, BACKUP_CRON). */
export type BackupSettings = { dataDir: string; dir: string; keep: number; cron: string | null };

export function backupSettings(env: {
  dataDir: string;
  BACKUP_DIR?: string;
  BACKUP_KEEP: number;
  BACKUP_CRON: string | null;
}): BackupSettings {
  return {
    dataDir: env.dataDir,
    dir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : path.join(env.dataDir, "backups"),
    keep: env.BACKUP_KEEP,
    cron: env.BACKUP_CRON,
  };
}

/** How the backup was asked for: `npm run backup`, the schedule, or "Run now" in /admin/jobs. */
export type BackupRecord = BackupSummary & { trigger: "cli" | "schedule" | "manual" };

/**
 * The last backup made on this machine, kept in DATA_DIR/last-backup.json for /admin/backups
 * (decision 081): a file rather than a table, so a backup never needs a migration of its own.
 */
const recordFile = (dataDir: string) => path.join(dataDir, "last-backup.json");

export async function recordLastBackup(dataDir: string, record: BackupRecord): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  const partial = `${recordFile(dataDir)}.partial`;
  await fs.writeFile(partial, `${JSON.stringify(record, null, 2)}\n`);
  await fs.rename(partial, recordFile(dataDir));
}

export async function readLastBackup(dataDir: string): Promise<BackupRecord | null> {
  try {
    return JSON.parse(await fs.readFile(recordFile(dataDir), "utf8")) as BackupRecord;
  } catch {
    return null;
  }
}

const SCHEDULED_NAME = /^aitlas-backup-\d{8}T\d{6}Z\.tar\.gz$/;

/** The scheduled archives in BACKUP_DIR, newest first. */
export async function listScheduledArchives(dir: string): Promise<Array<{ name: string; bytes: number }>> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const archives = names
    .filter((name) => SCHEDULED_NAME.test(name))
    .sort()
    .reverse();
  return Promise.all(archives.map(async (name) => ({ name, bytes: (await fs.stat(path.join(dir, name))).size })));
}

/**
 * A backup into BACKUP_DIR named by its time (aitlas-backup-20250102T030000Z.tar.gz), encrypted
 * with BACKUP_PASSPHRASE when it is set, then the oldest scheduled archives beyond BACKUP_KEEP are
 * deleted. Other files there are left alone.
 */
export async function backupIntoDir({
  handle,
  storage,
  settings,
  trigger,
  passphrase,
  now = new Date(),
}: {
  handle: Pick<DatabaseHandle, "db" | "kind">;
  storage: FileStorage;
  settings: BackupSettings;
  trigger: BackupRecord["trigger"];
  passphrase?: string;
  now?: Date;
}): Promise<{ summary: BackupSummary; deleted: number }> {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const file = path.join(settings.dir, `aitlas-backup-${stamp}.tar.gz`);
  const summary = await createBackup({ handle, storage, file, passphrase });
  await recordLastBackup(settings.dataDir, { ...summary, trigger });
  const old = (await listScheduledArchives(settings.dir)).slice(settings.keep);
  for (const archive of old) await fs.rm(path.join(settings.dir, archive.name), { force: true });
  return { summary, deleted: old.length };
}

/** What the command line prints after a backup. */
export function describeBackup(summary: BackupSummary): string {
  const size =
    summary.bytes < 1024 * 1024
      ? `${Math.ceil(summary.bytes / 1024)} KB`
      : `${(summary.bytes / 1024 / 1024).toFixed(1)} MB`;
  return (
    `Backed up ${summary.rows.toLocaleString("en-US")} rows in ${summary.tables} tables and ${summary.files} uploaded files ` +
    `(schema ${summary.schemaVersion}) to ${summary.file} (${size}${summary.encrypted ? ", encrypted with BACKUP_PASSPHRASE" : ""}).`
  );
}
