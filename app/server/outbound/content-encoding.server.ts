import type { Readable, Transform } from "node:stream";
import zlib from "node:zlib";

/**
 * A response body as its bytes were meant: decompressed when the server sent it gzip, deflate or
 * br (some do whatever the request asked), else as it came. `decoder` is the decompressing stream,
 * for the caller to destroy when it stops reading early; an error of the body ends it too.
 */
export function decodedBody(
  body: Readable,
  encoding: string | undefined,
): { source: Readable; decoder: Transform | null } {
  const name = encoding?.toLowerCase().trim();
  const decoder =
    name === "gzip" || name === "x-gzip"
      ? zlib.createGunzip()
      : name === "deflate"
        ? zlib.createInflate()
        : name === "br"
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return { source: body, decoder: null };
  body.once("error", (error) => decoder.destroy(error));
  return { source: body.pipe(decoder), decoder };
}
