import { AppError } from "~/lib/app-error";
import { hasAdministrator, setUserRole, type Role } from "../auth/roles.server";
import type { Database, DatabaseHandle } from "../db/client.server";
import { createBackup } from "../backup/backup.server";
import { describeBackup, recordLastBackup } from "../backup/backup-record.server";
import type { FileStorage } from "../storage/local-storage.server";
import type { ControlAnswer, ControlHandler } from "./control-socket.server";

/**
 * What the operator's commands do, the same whether the command line opens the database itself
 * or asks the running server through its control socket (decision 083).
 */

export async function changeRole({
  db,
  email,
  role,
}: {
  db: Database;
  email: string;
  role: Role;
}): Promise<ControlAnswer> {
  try {
    await setUserRole({ db, email, role });
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error: error.message };
    throw error;
  }
  const address = email.trim();
  if (role === "admin") return { ok: true, out: `${address} is now an administrator` };
  const lines = [`${address} is no longer an administrator`];
  if (!(await hasAdministrator({ db }))) {
    lines.push("No administrator is left: the next start of the server prints a setup link for a new one.");
  }
  return { ok: true, out: lines.join("\n") };
}

/** A backup to `file`, encrypted with `passphrase` (BACKUP_PASSPHRASE) when there is one (decision 150). */
export async function backupToFile({
  handle,
  storage,
  dataDir,
  file,
  passphrase,
}: {
  handle: Pick<DatabaseHandle, "db" | "kind">;
  storage: FileStorage;
  dataDir: string;
  file: string;
  passphrase?: string;
}): Promise<ControlAnswer> {
  const summary = await createBackup({ handle, storage, file, passphrase });
  await recordLastBackup(dataDir, { ...summary, trigger: "cli" });
  return { ok: true, out: describeBackup(summary) };
}

/**
 * The running server's answers to the control socket's commands. A backup is encrypted with the
 * command line's BACKUP_PASSPHRASE when it sends one, else with the server's own.
 */
export function operatorCommands(services: {
  handle: Pick<DatabaseHandle, "db" | "kind">;
  storage: FileStorage;
  dataDir: string;
  passphrase?: string;
}): ControlHandler {
  return async (request) => {
    switch (request.command) {
      case "backup":
        return backupToFile({ ...services, file: request.file, passphrase: request.passphrase ?? services.passphrase });
      case "set-role":
        return changeRole({ db: services.handle.db, email: request.email, role: request.role });
    }
  };
}
