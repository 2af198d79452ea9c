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
