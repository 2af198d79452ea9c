import { AppError } from "~/lib/app-error";

/**
 * The whole request body, at most `maxBytes` long. A Content-Length above the limit is refused
 * before a byte is read; a body without one (chunked) or one that lies is cut off as soon as the
 * count passes the limit, so an oversized upload never sits in memory whole.
 */
export async function readLimitedBody(
  request: Request,
  { maxBytes, tooLargeMessage = "The request body is too large." }: { maxBytes: number; tooLargeMessage?: string },
): Promise<Buffer> {
  // A body longer than the limit: refused by its declared length or while it streams in.
  const tooLarge = () => new AppError("payload-too-large", tooLargeMessage, { headers: { Connection: "close" } });
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared.trim()) && Number(declared) > maxBytes) {
    throw tooLarge();
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
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}
