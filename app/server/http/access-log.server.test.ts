import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { logWhenFinished } from "./access-log.server";

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A server that logs each request's line through a logger at `level`, and the lines written. */
async function serveWithLog(level: "info" | "debug") {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const log = pino({ level }, sink);
  server = createServer((req, res) => {
    logWhenFinished(req, res, log);
    res.statusCode = req.url === "/missing" ? 404 : 200;
    res.end("ok");
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lines, base };
}

describe("logWhenFinished", () => {
  it("writes one readable debug line per request when debug is on", async () => {
    const { lines, base } = await serveWithLog("debug");
    await (await fetch(`${base}/tools?q=a`)).text();
    await (await fetch(`${base}/missing`)).text();
    await expect.poll(() => lines.length).toBe(2);
    expect(lines[0]).toMatchObject({ level: 20, method: "GET", url: "/tools?q=a", status: 200 });
    expect(lines[0]!.msg).toMatch(/^GET \/tools\?q=a 200 \d+(\.\d)? ms$/);
    expect(lines[1]!.msg).toMatch(/^GET \/missing 404 /);
  });

  it("writes nothing at info level", async () => {
    const { lines, base } = await serveWithLog("info");
    await (await fetch(`${base}/tools`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toEqual([]);
  });
});
