import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const tsx = path.join(projectRoot, "node_modules/.bin/tsx");

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/** Runs a script under scripts/ with tsx, as its npm script does. */
export function runScript(
  script: string,
  args: string[],
  settings: Record<string, string>,
  timeoutMs: number,
): Promise<ScriptRun> {
  return runInProject(tsx, ["--tsconfig", "tsconfig.json", script, ...args], settings, timeoutMs);
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
