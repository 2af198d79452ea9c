/** A request body longer than the limit: refused by its declared length or while it streamed in. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Request body exceeds ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/**
 * The whole request body, at most `maxBytes` long. A Content-Length above the limit is refused
 * before a byte is read; a body without one (chunked) or one that lies is cut off as soon as the
 * count passes the limit, so an oversized upload never sits in memory whole.
 */
export async function readLimitedBody(request: Request, { maxBytes }: { maxBytes: number }): Promise<Buffer> {
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    throw new BodyTooLargeError(maxBytes);
  }
  if (!request.body) return Buffer.alloc(0);

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Stops pulling from the client; the rest of the body is never read.
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
