import type { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import type { Env } from "~/server/env.server";
import {
  askControlSocket,
  controlSocketPath,
  ControlSocketUnavailableError,
  type ControlRequest,
} from "~/server/control/control-socket.server";

/** What a command prints and its exit code: 0 done, 1 could not be done, 2 not understood. */
export type CommandOutcome = { code: 0 | 1 | 2; out?: string; err?: string };

/**
 * A script's command: its arguments and the configuration, the process's when run as a script.
 * The command lives in scripts/NAME-command.ts so that its tests can call it in-process (decision 137).
 */
export type Command = (args: string[], env?: Env) => Promise<CommandOutcome>;

/** Runs a script's command with the process's arguments, prints its outcome and sets the exit code. */
export async function runCommand(name: string, command: Command) {
  const outcome = await outcomeOf(name, () => command(process.argv.slice(2)));
  if (outcome.out) console.log(outcome.out);
  if (outcome.err) console.error(outcome.err);
  process.exitCode = outcome.code;
}

/** A command's outcome, an error it throws included: `name: message`, exit 1. */
export async function outcomeOf(name: string, run: () => Promise<CommandOutcome>): Promise<CommandOutcome> {
  try {
    return await run();
  } catch (error) {
    return { code: 1, err: `${name}: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/**
 * On PGlite a running server holds the data directory: the command is sent to it through its
 * control socket (decision 083), and its answer becomes this command's outcome.
 */
export async function askRunningServer(
  locked: DataDirLockedError,
  request: ControlRequest,
  dataDir: string,
): Promise<CommandOutcome> {
  try {
    const answer = await askControlSocket(controlSocketPath(dataDir), request);
    return answer.ok ? { code: 0, out: answer.out } : { code: 1, err: answer.error };
  } catch (error) {
    if (error instanceof ControlSocketUnavailableError) return { code: 1, err: `${locked.message}\n${error.message}` };
    throw error;
  }
}
