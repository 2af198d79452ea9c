import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Runs the real production server (`NODE_ENV=production node server.js`) as a child process,
 * for tests of start-up, locking and shutdown that only a separate process can show. Vitest-free,
 * so Playwright specs start servers with it too; Vitest's prepared data directories are in
 * prepared-data-dir.ts.
 */

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

export type LogLine = { level?: number; msg?: string; [field: string]: unknown };
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type ServerProcess = {
  pid: number;
  /** pino's JSON lines from stdout, parsed; a line that is not JSON is kept as { msg }. */
  logs: LogLine[];
  stderr(): string;
  exit(): Exit | undefined;
  exited: Promise<Exit>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
};

export type RunningServer = ServerProcess & { url: string };

const spawned = new Set<ChildProcess>();
const temporaryDirs = new Set<string>();

export function assertServerBuilt() {
  if (!fs.existsSync(path.join(projectRoot, "build/server/index.js"))) {
    throw new Error(
      "build/server/index.js is missing: run `npm run build` before these tests (`npm test` builds first).",
    );
  }
}

/** A port that was free a moment ago: the server must be told its port to report it. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.listen(0, "127.0.0.1", resolve).on("error", reject));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** A fresh directory, removed by cleanUpServers(). */
export function temporaryDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-server-"));
  temporaryDirs.add(dir);
  return dir;
}

async function pollUntil<T>(
  what: string,
  probe: () => T | undefined,
  timeoutMs: number,
  giveUp?: () => string | undefined,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    const reason = giveUp?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`${what}: nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * What `npm start` gives node: its V8 flags and `server.js` (decision 208), read from package.json so that
 * tests and benchmarks run the server as an operator does.
 */
export function startArguments(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  };
  const words = manifest.scripts.start!.split(/\s+/);
  const node = words.indexOf("node");
  if (node < 0 || words.at(-1) !== "server.js")
    throw new Error(`npm start does not run node server.js: ${words.join(" ")}`);
  return words.slice(node + 1);
}

/**
 * Starts the server as `npm start` does in production mode with only the given configuration (plus PATH and
 * HOME), so the test runner's own variables (NODE_ENV=test, LOG_LEVEL=silent) do not leak in.
 * `args` replaces node's arguments when a test runs another start command (the container image's).
 */
export function spawnServer(settings: Record<string, string>, args: string[] = startArguments()): ServerProcess {
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? os.homedir(),
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      // Empty means unset: a developer's .env cannot point the test server elsewhere.
      DATABASE_URL: "",
      PUBLIC_URL: "",
      // No load balancer to drain for: stopping takes no grace period unless a test asks for one.
      SHUTDOWN_GRACE_MS: "0",
      ...settings,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  spawned.add(child);

  const logs: LogLine[] = [];
  let partialLine = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (partialLine + chunk).split("\n");
    partialLine = lines.pop()!;
    for (const line of lines.filter(Boolean)) {
      try {
        logs.push(JSON.parse(line) as LogLine);
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));

  let exit: Exit | undefined;
  const exited = new Promise<Exit>((resolve) => {
    child.on("exit", (code, signal) => {
      exit = { code, signal };
      spawned.delete(child);
      resolve(exit);
    });
  });

  return {
    pid: child.pid!,
    logs,
    stderr: () => stderr,
    exit: () => exit,
    exited,
    stop: async (signal = "SIGTERM", timeoutMs = 10_000) => {
      if (!exit) child.kill(signal);
      return pollUntil(`waiting for the server to exit after ${signal}`, () => exit, timeoutMs);
    },
  };
}

/** Spawns the server and waits until it logs that it is serving. */
export async function startServer(
  settings: Record<string, string>,
  timeoutMs = 60_000,
  args?: string[],
): Promise<RunningServer> {
  const server = spawnServer({ PORT: String(await freePort()), ...settings }, args);
  const serving = await pollUntil(
    "waiting for the server to start",
    () => server.logs.find((line) => line.msg?.startsWith("Aitlas is serving")),
    timeoutMs,
    () => server.exit() && `it exited (${server.exit()!.code}): ${server.stderr()}`,
  ).catch((error: Error) => {
    throw new Error(`${error.message}\nstderr: ${server.stderr()}\nlog: ${server.logs.map((l) => l.msg).join(" | ")}`);
  });
  return { ...server, url: String(serving.url) };
}

/** For afterEach: kills (by pid) any server a failed test left running, then removes the temporary dirs. */
export async function cleanUpServers() {
  const leftovers = [...spawned];
  await Promise.all(
    leftovers.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once("exit", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
  for (const dir of temporaryDirs) fs.rmSync(dir, { recursive: true, force: true });
  temporaryDirs.clear();
}
