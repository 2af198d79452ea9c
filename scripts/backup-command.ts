import path from "node:path";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { env as processEnv, type Env } from "~/server/env.server";
import { backupToFile } from "~/server/control/operator-commands.server";
import { configuredStorage } from "~/server/storage/configured-storage.server";
import { askRunningServer, type CommandOutcome } from "./command";

const usage = `Usage: npm run backup -- FILE    write a backup archive (.tar.gz, mode 0600) of the database and the uploaded files
       encrypted when BACKUP_PASSPHRASE is set`;

/** `npm run backup` (scripts/backup.ts). */
export async function backup(args: string[], env: Env = processEnv): Promise<CommandOutcome> {
  const [target, ...rest] = args;
  if (!target || target.startsWith("-") || rest.length > 0) return { code: 2, err: usage };
  const file = path.resolve(target);

  let opened: ConfiguredDatabase;
  try {
    opened = await openConfiguredDatabase({ env });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      const request = { command: "backup" as const, file, passphrase: env.BACKUP_PASSPHRASE };
      return askRunningServer(error, request, env.dataDir);
    }
    throw error;
  }
  const { handle, releaseLock } = opened;
  try {
    // No migration: a backup keeps the database as it is, at its own schema version.
    const answer = await backupToFile({
      handle,
      storage: configuredStorage(env),
      dataDir: env.dataDir,
      file,
      passphrase: env.BACKUP_PASSPHRASE,
    });
    return answer.ok ? { code: 0, out: answer.out } : { code: 1, err: answer.error };
  } finally {
    await handle.close();
    releaseLock();
  }
}
