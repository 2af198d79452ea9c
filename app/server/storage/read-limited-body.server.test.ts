import { describe, expect, it } from "vitest";
import { readLimitedBody } from "./read-limited-body.server";

const tooLarge = { code: "payload-too-large", status: 413 };

const LIMIT = 5 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** A streamed body of `total` bytes that counts how many of them the reader actually pulled. */
function countingBody(total: number) {
  const counter = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (counter.pulled >= total) return controller.close();
        const size = Math.min(CHUNK, total - counter.pulled);
        counter.pulled += size;
        controller.enqueue(new Uint8Array(size).fill(7));
      },
      cancel() {
        counter.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, counter };
}

function streamedRequest(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/upload", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("readLimitedBody", () => {
  it("returns a body within the limit, byte for byte, up to exactly the limit", async () => {
    const exact = new Uint8Array(LIMIT).map((_, index) => index % 251);
    const body = await readLimitedBody(new Request("http://x/", { method: "POST", body: exact }), { maxBytes: LIMIT });
    expect(body.length).toBe(LIMIT);
    expect(body.equals(Buffer.from(exact))).toBe(true);
  });

  it("returns an empty buffer for a request without a body", async () => {
    expect((await readLimitedBody(new Request("http://x/", { method: "POST" }), { maxBytes: LIMIT })).length).toBe(0);
  });

  it("refuses a body one byte over the limit", async () => {
    const request = new Request("http://x/", { method: "POST", body: new Uint8Array(LIMIT + 1) });
    await expect(readLimitedBody(request, { maxBytes: LIMIT })).rejects.toMatchObject(tooLarge);
  });

  it("refuses by a Content-Length over the limit before reading a byte", async () => {
    const { stream, counter } = countingBody(50 * 1024 * 1024);
    const request = streamedRequest(stream, { "content-length": String(50 * 1024 * 1024) });
    await expect(readLimitedBody(request, { maxBytes: LIMIT })).rejects.toMatchObject(tooLarge);
    expect(counter.pulled).toBe(0);
  });

  it("stops pulling a chunked 50 MB body soon after the limit, and cancels it", async () => {
    const { stream, counter } = countingBody(50 * 1024 * 1024);
    await expect(readLimitedBody(streamedRequest(stream), { maxBytes: LIMIT })).rejects.toMatchObject(tooLarge);
    expect(counter.pulled).toBeGreaterThan(LIMIT);
    expect(counter.pulled).toBeLessThanOrEqual(LIMIT + 2 * CHUNK);
    expect(counter.cancelled).toBe(true);
  });

  it("does not believe a Content-Length that understates the body", async () => {
    const { stream, counter } = countingBody(50 * 1024 * 1024);
    const request = streamedRequest(stream, { "content-length": "1000" });
    await expect(readLimitedBody(request, { maxBytes: LIMIT })).rejects.toMatchObject(tooLarge);
    expect(counter.pulled).toBeLessThanOrEqual(LIMIT + 2 * CHUNK);
  });
});
