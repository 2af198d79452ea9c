// npm run admin -- promote EMAIL | demote EMAIL
// Gives or takes the administrator role on the configured database (PGlite in DATA_DIR, or
// DATABASE_URL). The shell is the one place besides the first-admin setup link where roles change:
// no request to the site can do it. While a server runs on the PGlite data directory, the command
// goes to it through its control socket (decision 083).
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import type { Role } from "~/server/auth/roles.server";
import { changeRole } from "~/server/control/operator-commands.server";
import { askRunningServer, runCommand, type CommandOutcome } from "./command";

const usage = `Usage: npm run admin -- promote EMAIL    make the account with this email an administrator
       npm run admin -- demote EMAIL     make it an ordinary user again`;

const COMMANDS: Record<string, Role> = { promote: "admin", demote: "user" };

async function run(args: string[]): Promise<CommandOutcome> {
  const [command, email, ...rest] = args;
  const role = command === undefined ? undefined : COMMANDS[command];
  if (!role || !email?.trim() || rest.length > 0) return { code: 2, err: usage };

  let opened: ConfiguredDatabase;
  try {
    opened = await openConfiguredDatabase();
  } catch (error) {
    if (error instanceof DataDirLockedError) return askRunningServer(error, { command: "set-role", email, role });
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

await runCommand("admin", run);
