import { execFile } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

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
