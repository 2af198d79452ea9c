import type { AddressInfo } from "node:net";
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
});
