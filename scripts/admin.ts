// npm run admin -- promote EMAIL | demote EMAIL
// Gives or takes the administrator role on the configured database (PGlite in DATA_DIR, or
// DATABASE_URL). The shell is the one place besides the first-admin setup link where roles change:
// no request to the site can do it.
import { AppError } from "~/lib/app-error";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { hasAdministrator, setUserRole, type Role } from "~/server/auth/roles.server";
import { runCommand, type CommandOutcome } from "./command";

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
    // The lock's own message says which server holds the data directory and what to do.
    if (error instanceof DataDirLockedError) return { code: 1, err: error.message };
    throw error;
  }
  const { handle, releaseLock } = opened;
  try {
    // A fresh data directory or an older one: the tables must be there and current.
    await handle.migrate();
    try {
      await setUserRole({ db: handle.db, email, role });
    } catch (error) {
      if (error instanceof AppError) return { code: 1, err: error.message };
      throw error;
    }
    const address = email.trim();
    if (role === "admin") return { code: 0, out: `${address} is now an administrator` };
    const lines = [`${address} is no longer an administrator`];
    if (!(await hasAdministrator({ db: handle.db }))) {
      lines.push("No administrator is left: the next start of the server prints a setup link for a new one.");
    }
    return { code: 0, out: lines.join("\n") };
  } finally {
    await handle.close();
    releaseLock();
  }
}

await runCommand("admin", run);
