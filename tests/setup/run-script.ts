import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { env, type Env } from "~/server/env.server";
import { outcomeOf, type Command } from "../../scripts/command";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/**
 * Calls a script's command in this process, with the process's configuration and these settings
 * over it, and answers as runScript would: what the script would print, and its exit code. A
 * process of its own costs about 2 s of CPU; tests keep one for what only a process shows
 * (decision 137).
 */
export async function callCommand(
  name: string,
  command: Command,
  args: string[],
  settings: { DATA_DIR: string; DATABASE_URL: string } & Partial<Env>,
): Promise<ScriptRun> {
  // As in env.server.ts: an empty value is unset, and DATA_DIR is resolved once.
  const configured: Env = {
    ...env,
    ...settings,
    DATABASE_URL: settings.DATABASE_URL || undefined,
    dataDir: path.resolve(settings.DATA_DIR),
  };
  const outcome = await outcomeOf(name, () => command(args, configured));
  return { code: outcome.code, stdout: printed(outcome.out), stderr: printed(outcome.err) };
}

/** What console.log prints of a command's output. */
const printed = (text: string | undefined) => (text ? `${text}\n` : "");

/**
 * Runs a script under scripts/ in a Node process of its own with tsx's loader, as its npm script
 * does. The loader goes straight into this process: tsx's command would start Node twice (about
 * half a second of CPU a run). The admin command is also tested as the operator types it, `npm run admin`.
 */
export function runScript(
  script: string,
  args: string[],
  settings: Record<string, string>,
  timeoutMs: number,
): Promise<ScriptRun> {
  return runInProject(process.execPath, ["--import", "tsx", script, ...args], settings, timeoutMs);
}

/**
 * Runs a command in the project's directory with only the settings given (besides PATH and HOME):
 * NODE_ENV=test keeps a developer's .env out.
 */
export function runInProject(
  command: string,
  args: string[],
  settings: Record<string, string>,
  timeoutMs: number,
): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: projectRoot,
        env: {
          PATH: process.env.PATH ?? "",
          HOME: process.env.HOME ?? os.homedir(),
          NODE_ENV: "test",
          LOG_LEVEL: "warn",
          ...settings,
        },
        timeout: timeoutMs,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
