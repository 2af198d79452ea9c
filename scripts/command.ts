import type { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { env } from "~/server/env.server";
import {
  askControlSocket,
  controlSocketPath,
  ControlSocketUnavailableError,
  type ControlRequest,
} from "~/server/control/control-socket.server";

/** What a command prints and its exit code: 0 done, 1 could not be done, 2 not understood. */
export type CommandOutcome = { code: 0 | 1 | 2; out?: string; err?: string };

/** Runs a script's command with the process's arguments, prints its outcome and sets the exit code. */
export async function runCommand(name: string, run: (args: string[]) => Promise<CommandOutcome>) {
  try {
    const outcome = await run(process.argv.slice(2));
    if (outcome.out) console.log(outcome.out);
    if (outcome.err) console.error(outcome.err);
    process.exitCode = outcome.code;
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}

/**
 * On PGlite a running server holds the data directory: the command is sent to it through its
 * control socket (decision 083), and its answer becomes this command's outcome.
 */
export async function askRunningServer(locked: DataDirLockedError, request: ControlRequest): Promise<CommandOutcome> {
  try {
    const answer = await askControlSocket(controlSocketPath(env.dataDir), request);
    return answer.ok ? { code: 0, out: answer.out } : { code: 1, err: answer.error };
  } catch (error) {
    if (error instanceof ControlSocketUnavailableError) return { code: 1, err: `${locked.message}\n${error.message}` };
    throw error;
  }
}
