// npm run backup -- FILE
// Writes one archive (.tar.gz) of the configured database (PGlite in DATA_DIR, or DATABASE_URL) and
// the uploaded files (DATA_DIR/uploads or the S3 bucket): see decision 081 for what is inside. While
// a server runs on the PGlite data directory, the server writes it (its control socket, decision 083).
import path from "node:path";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { env } from "~/server/env.server";
import { backupToFile } from "~/server/control/operator-commands.server";
import { configuredStorage } from "~/server/storage/configured-storage.server";
import { askRunningServer, runCommand, type CommandOutcome } from "./command";

const usage = `Usage: npm run backup -- FILE    write a backup archive (.tar.gz) of the database and the uploaded files`;

async function run(args: string[]): Promise<CommandOutcome> {
  const [target, ...rest] = args;
  if (!target || target.startsWith("-") || rest.length > 0) return { code: 2, err: usage };
  const file = path.resolve(target);

  let opened: ConfiguredDatabase;
  try {
    opened = await openConfiguredDatabase();
  } catch (error) {
    if (error instanceof DataDirLockedError) return askRunningServer(error, { command: "backup", file }, env.dataDir);
    throw error;
  }
  const { handle, releaseLock } = opened;
  try {
    // No migration: a backup keeps the database as it is, at its own schema version.
    const answer = await backupToFile({ handle, storage: configuredStorage(), dataDir: env.dataDir, file });
    return answer.ok ? { code: 0, out: answer.out } : { code: 1, err: answer.error };
  } finally {
    await handle.close();
    releaseLock();
  }
}

await runCommand("backup", run);
