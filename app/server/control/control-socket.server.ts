import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { logger } from "../logger.server";

/**
 * The running server's control socket (decision 083): a Unix domain socket in DATA_DIR, mode 0600
 * in a 0700 folder, so only the operating-system user that runs the server can use it. A command
 * line tool that finds the PGlite data directory locked sends one JSON line and reads one JSON
 * line back: the server, which holds the database, does the work.
 */

export type ControlRequest =
  | { command: "backup"; file: string; passphrase?: string }
  | { command: "set-role"; email: string; role: "admin" | "user" };

/** `out` is what the command line prints; ok false is a refusal (exit code 1), with its reason. */
export type ControlAnswer = { ok: true; out: string } | { ok: false; error: string };

export type ControlHandler = (request: ControlRequest) => Promise<ControlAnswer>;

/** A request is one line of JSON; nothing a command needs is larger. */
const MAX_REQUEST_BYTES = 64 * 1024;

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control", "server.sock");
}

export class ControlSocketUnavailableError extends Error {}

function parseRequest(line: string): ControlRequest | null {
  try {
    const value = JSON.parse(line) as Record<string, unknown>;
    if (value.command === "backup" && typeof value.file === "string" && path.isAbsolute(value.file)) {
      // The command line's BACKUP_PASSPHRASE, when it has one (decision 150).
      if (typeof value.passphrase === "string" && value.passphrase !== "") {
        return { command: "backup", file: value.file, passphrase: value.passphrase };
      }
      return { command: "backup", file: value.file };
    }
    if (
      value.command === "set-role" &&
      typeof value.email === "string" &&
      (value.role === "admin" || value.role === "user")
    ) {
      return { command: "set-role", email: value.email, role: value.role };
    }
  } catch {
    // Answered as not understood below.
  }
  return null;
}

/**
 * Listens on the control socket. Only this server can hold the data directory (its lock), so a
 * socket file left there is a crashed server's and is replaced. Returns the close function.
 */
export async function listenOnControlSocket({
  socketPath,
  handler,
}: {
  socketPath: string;
  handler: ControlHandler;
}): Promise<{ close(): Promise<void> }> {
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  fs.rmSync(socketPath, { force: true });
  const connections = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    connections.add(socket);
    socket.on("close", () => connections.delete(socket));
    socket.on("error", () => socket.destroy());
    let received = "";
    const answer = (reply: ControlAnswer) => socket.end(`${JSON.stringify(reply)}\n`);
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("utf8");
      if (received.length > MAX_REQUEST_BYTES) return answer({ ok: false, error: "The request is too large." });
      const end = received.indexOf("\n");
      if (end < 0) return;
      socket.removeAllListeners("data");
      const request = parseRequest(received.slice(0, end));
      if (!request) return answer({ ok: false, error: "The server did not understand the request." });
      logger.info({ command: request.command }, "control socket command");
      handler(request).then(answer, (error: unknown) => {
        logger.error({ err: error, command: request.command }, "control socket command failed");
        answer({ ok: false, error: error instanceof Error ? error.message : String(error) });
      });
    });
  });
  await new Promise<void>((resolve, reject) => server.once("error", reject).listen(socketPath, resolve));
  fs.chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of connections) socket.destroy();
        server.close(() => {
          fs.rmSync(socketPath, { force: true });
          resolve();
        });
      }),
  };
}

/** Sends one request to the running server and waits for its answer (a backup may take minutes). */
export function askControlSocket(socketPath: string, request: ControlRequest): Promise<ControlAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let received = "";
    socket.setEncoding("utf8");
    socket.on("connect", () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on("data", (chunk: string) => (received += chunk));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      reject(
        new ControlSocketUnavailableError(
          `The server holding the data directory does not answer on ${socketPath} (${error.code ?? error.message}).`,
        ),
      );
    });
    socket.on("end", () => {
      try {
        resolve(JSON.parse(received) as ControlAnswer);
      } catch {
        reject(new ControlSocketUnavailableError(`The server's answer on ${socketPath} was not readable.`));
      }
    });
  });
}
