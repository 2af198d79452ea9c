import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { env as processEnv, type Env } from "~/server/env.server";
import type { Role } from "~/server/auth/roles.server";
import { changeRole } from "~/server/control/operator-commands.server";
import { askRunningServer, type CommandOutcome } from "./command";

const usage = `Usage: npm run admin -- promote EMAIL    make the account with this email an administrator
       npm run admin -- demote EMAIL     make it an ordinary user again`;

const COMMANDS: Record<string, Role> = { promote: "admin", demote: "user" };

/** `npm run admin` (scripts/admin.ts). */
export async function admin(args: string[], env: Env = processEnv): Promise<CommandOutcome> {
  const [command, email, ...rest] = args;
  const role = command === undefined ? undefined : COMMANDS[command];
  if (!role || !email?.trim() || rest.length > 0) return { code: 2, err: usage };

  let opened: ConfiguredDatabase;
  try {
    opened = await openConfiguredDatabase({ env });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return askRunningServer(error, { command: "set-role", email, role }, env.dataDir);
    }
    throw error;
  }
  const { handle, releaseLock } = opened;
  try {
    // A fresh data directory or an older one: the tables must be there and current.
    await handle.migrate();
    const answer = await changeRole({ db: handle.db, email, role });
    return answer.ok ? { code: 0, out: answer.out } : { code: 1, err: answer.error };
  } finally {
    await handle.close();
    releaseLock();
  }
}
