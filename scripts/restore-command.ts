import fs from "node:fs";
import path from "node:path";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { InvalidArchiveError } from "~/server/backup/archive.server";
import { restoreBackup, RestoreRefusedError } from "~/server/backup/restore.server";
import { env as processEnv, type Env } from "~/server/env.server";
import { configuredStorage } from "~/server/storage/configured-storage.server";
import type { CommandOutcome } from "./command";

const usage = `Usage: npm run restore -- FILE [--force]    load a backup archive into an empty database
       --force    replace everything the database holds
       an encrypted archive needs BACKUP_PASSPHRASE, the passphrase it was made with`;

/** `npm run restore` (scripts/restore.ts). */
export async function restore(args: string[], env: Env = processEnv): Promise<CommandOutcome> {
  const force = args.includes("--force");
  const rest = args.filter((arg) => arg !== "--force");
  const [target, ...extra] = rest;
  if (!target || target.startsWith("-") || extra.length > 0) return { code: 2, err: usage };
  const file = path.resolve(target);

  // The embedded database's folder (client.server.ts), when this restore is the one creating it.
  const newDatabaseDir = env.DATABASE_URL ? null : path.join(env.dataDir, "pglite");
  const createsDatabase = newDatabaseDir !== null && !fs.existsSync(newDatabaseDir);
  let opened: ConfiguredDatabase;
  let restored = false;
  try {
    opened = await openConfiguredDatabase({ env });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return {
        code: 1,
        err: `${error.message}\nA restore replaces the database under the server: stop the server first, then restore.`,
      };
    }
    throw error;
  }
  const { handle, releaseLock } = opened;
  try {
    const summary = await restoreBackup({
      handle,
      storage: configuredStorage(env),
      file,
      force,
      passphrase: env.BACKUP_PASSPHRASE,
    });
    restored = true;
    return {
      code: 0,
      out:
        `Restored ${summary.rows.toLocaleString("en-US")} rows in ${summary.tables} tables and ${summary.files} uploaded files ` +
        `from ${file} (schema ${summary.schemaVersion}, now ${summary.migratedTo}) into the ${handle.kind === "pglite" ? `data directory ${handle.location}` : `PostgreSQL database at ${handle.location}`}.`,
    };
  } catch (error) {
    if (error instanceof InvalidArchiveError || error instanceof RestoreRefusedError)
      return { code: 1, err: error.message };
    throw error;
  } finally {
    await handle.close();
    // A failed restore into a new data directory leaves none behind: a server started there
    // would otherwise begin an empty site (decision 125).
    if (createsDatabase && !restored) fs.rmSync(newDatabaseDir, { recursive: true, force: true });
    releaseLock();
  }
}
