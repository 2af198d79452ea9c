import http from "node:http";
import type { AddressInfo } from "node:net";

// The small amount of node:http plumbing the fake HTTP servers share.

export type Handler = (request: http.IncomingMessage, response: http.ServerResponse, url: URL) => void | Promise<void>;

export interface LoopbackServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 (port 0 picks a free one); a handler that throws answers 500 with the message. */
export async function listenOnLoopback({
  port = 0,
  handler,
}: {
  port?: number;
  handler: Handler;
}): Promise<LoopbackServer> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    Promise.resolve()
      .then(() => handler(request, response, url))
      .catch((error: unknown) => {
        // No console output: tests fail on any console error, and the 500 body says what went wrong.
        if (!response.headersSent) sendJson(response, 500, { error: "server_error", error_description: String(error) });
        else response.destroy();
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const boundPort = (server.address() as AddressInfo).port;
  return {
    port: boundPort,
    origin: `http://127.0.0.1:${boundPort}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps connections alive; without this close() would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

export function sendJson(
  response: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(payload),
    ...headers,
  });
  response.end(payload);
}

const MAX_BODY_BYTES = 1_000_000;

export async function readBody(request: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
