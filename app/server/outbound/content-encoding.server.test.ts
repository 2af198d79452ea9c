import { Readable } from "node:stream";
import zlib from "node:zlib";
import { describe, expect, test } from "vitest";
import { decodedBody } from "./content-encoding.server";

const page = "<html><head><link rel=icon href=/i.png></head></html>";

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

describe("decodedBody", () => {
  test.each([
    ["gzip", zlib.gzipSync(page)],
    ["x-gzip", zlib.gzipSync(page)],
    ["deflate", zlib.deflateSync(page)],
    ["BR", zlib.brotliCompressSync(page)],
  ])("decompresses %s", async (encoding, bytes) => {
    const { source, decoder } = decodedBody(Readable.from([bytes]), encoding);
    expect(decoder).not.toBeNull();
    expect(await text(source)).toBe(page);
  });

  test("passes an unencoded body through as it is", async () => {
    const body = Readable.from([Buffer.from(page)]);
    for (const encoding of [undefined, "identity"]) {
      const { source, decoder } = decodedBody(body, encoding);
      expect(decoder).toBeNull();
      expect(source).toBe(body);
    }
    expect(await text(body)).toBe(page);
  });
});
