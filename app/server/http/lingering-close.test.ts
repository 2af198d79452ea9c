import { once } from "node:events";
import { createServer, type Server } from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lingerAfterEarlyAnswers } from "./lingering-close.server";

/**
 * A server that answers 413 and "Connection: close" (at once, or once it has read the body), and reports whether
 * its socket was already destroyed when the answer had been flushed.
 */
async function startEarlyAnswerServer({ linger, readBody = false }: { linger: boolean; readBody?: boolean }) {
  let destroyedOnceFlushed!: Promise<boolean>;
  const server = createServer(async (req, res) => {
    if (readBody) await once(req.resume(), "end");
    // Listened to after the response ends, as Node's own destroySoon listener is.
    res.once("finish", () => {
      destroyedOnceFlushed = once(req.socket, "finish").then(() => req.socket.destroyed);
    });
    res.writeHead(413, { connection: "close", "content-type": "text/plain" }).end("too large");
  });
  if (linger) lingerAfterEarlyAnswers(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, destroyedOnceFlushed: () => destroyedOnceFlushed };
}

/** Sends a request whose body is `declared` bytes long but only `sent` of them, then reads the whole answer. */
async function request(port: number, { declared, sent }: { declared: number; sent: number }) {
  const client: Socket = net.connect(port, "127.0.0.1");
  await once(client, "connect");
  const received: Buffer[] = [];
  client.on("data", (chunk: Buffer) => received.push(chunk));
  client.write(`POST /upload HTTP/1.1\r\nhost: localhost\r\ncontent-length: ${declared}\r\n\r\n`);
  client.write(Buffer.alloc(sent));
  await once(client, "close");
  return Buffer.concat(received).toString("latin1");
}

describe("lingerAfterEarlyAnswers", () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it("keeps the socket of an answer given before the body was read open a moment, so the client can read it", async () => {
    const started = await startEarlyAnswerServer({ linger: true });
    server = started.server;
    const answer = request(started.port, { declared: 10_000_000, sent: 65_536 });
    await expect.poll(() => started.destroyedOnceFlushed()).toBe(false);
    expect(await answer).toMatch(/^HTTP\/1\.1 413 [^]*too large/);
  });

  it("closes at once when the body was read whole", async () => {
    const started = await startEarlyAnswerServer({ linger: true, readBody: true });
    server = started.server;
    const answer = request(started.port, { declared: 1_000, sent: 1_000 });
    await expect.poll(() => started.destroyedOnceFlushed()).toBe(true);
    expect(await answer).toMatch(/^HTTP\/1\.1 413 /);
  });

  it("is needed: Node alone destroys the socket as soon as the answer is flushed, unread body or not", async () => {
    const started = await startEarlyAnswerServer({ linger: false });
    server = started.server;
    const answer = request(started.port, { declared: 10_000_000, sent: 65_536 });
    await expect.poll(() => started.destroyedOnceFlushed()).toBe(true);
    expect(await answer).toMatch(/^HTTP\/1\.1 413 /);
  });
});
