import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { sendFetchResponse, toFetchRequest } from "./fetch-adapter.server";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe("sendFetchResponse", () => {
  it("stops a streamed body quietly when the client goes away mid-answer", async () => {
    let cancelled = false;
    let requestAborted = false;
    const failures: unknown[] = [];
    const app = express();
    app.get("/stream", async (req, res) => {
      const request = toFetchRequest(req, res);
      request.signal.addEventListener("abort", () => (requestAborted = true));
      const encoder = new TextEncoder();
      let sent = 0;
      // An endless stream of events, as a research run sends while it works.
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 5));
          controller.enqueue(encoder.encode(`{"event":${sent++}}\n`));
        },
        cancel() {
          cancelled = true;
        },
      });
      try {
        await sendFetchResponse(res, new Response(body, { headers: { "content-type": "application/x-ndjson" } }));
      } catch (error) {
        failures.push(error);
      }
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));

    const client = new AbortController();
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/stream`, {
      signal: client.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    client.abort();

    await expect.poll(() => cancelled).toBe(true);
    expect(requestAborted).toBe(true);
    expect(failures).toEqual([]);
    server.closeAllConnections();
  });

  it("streams a large body through compression to a slow client without piling up drain listeners", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    // Incompressible chunks, so the compressed stream fills and asks to wait for "drain" many times.
    const chunks = Array.from({ length: 64 }, () => randomBytes(64 * 1024));
    const app = express();
    app.use(compression());
    app.get("/large", async (_req, res) => {
      const queue = [...chunks];
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = queue.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      await sendFetchResponse(res, new Response(body, { headers: { "content-type": "application/octet-stream" } }));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));

    const body = await new Promise<Buffer>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const request = http.get({ port, host: "127.0.0.1", path: "/large", headers: { "accept-encoding": "gzip" } });
      request.on("error", reject).on("response", (response) => {
        const received: Buffer[] = [];
        // Slow at first: the server's buffers fill while nothing is read.
        response.pause();
        setTimeout(() => response.resume(), 300);
        response.on("data", (chunk: Buffer) => received.push(chunk)).on("end", () => resolve(Buffer.concat(received)));
      });
    });
    process.off("warning", onWarning);

    expect(gunzipSync(body).equals(Buffer.concat(chunks))).toBe(true);
    expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
  });

  it("writes the chunks produced in one turn at once, and a chunk produced later when it comes", async () => {
    const writes: string[] = [];
    const app = express();
    app.get("/page", async (_req, res) => {
      const write = res.write.bind(res) as (chunk: Uint8Array) => boolean;
      res.write = ((chunk: Uint8Array) => {
        writes.push(Buffer.from(chunk).toString("utf8"));
        return write(chunk);
      }) as typeof res.write;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // A rendered shell in 2 KB pieces, then a suspended part 20 ms later.
          for (let piece = 0; piece < 50; piece++) controller.enqueue(encoder.encode(`<p>${piece}</p>`));
          setTimeout(() => {
            controller.enqueue(encoder.encode("<p>late</p>"));
            controller.close();
          }, 20);
        },
      });
      await sendFetchResponse(res, new Response(body, { headers: { "content-type": "text/html" } }));
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));

    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/page`);
    const text = await response.text();
    const shell = Array.from({ length: 50 }, (_, piece) => `<p>${piece}</p>`).join("");
    expect(text).toBe(`${shell}<p>late</p>`);
    expect(writes).toEqual([shell, "<p>late</p>"]);
  });
});
