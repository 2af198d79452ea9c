import { Readable } from "node:stream";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { CLIENT_IP_HEADER } from "../auth/auth.server";
import { DATA_REQUEST_HEADER } from "../auth/guards.server";

export function clientIpOf(req: ExpressRequest): string {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * Express request -> Fetch Request, aborted when the client goes away. Express's "trust proxy"
 * setting decides whether req.protocol, req.host and req.ip come from X-Forwarded-* headers; the
 * client address it settles on travels in CLIENT_IP_HEADER, and a copy sent by the client is dropped.
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.host || "localhost"}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER || name === DATA_REQUEST_HEADER) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  headers.set(CLIENT_IP_HEADER, clientIpOf(req));
  if (url.pathname.endsWith(".data")) headers.set(DATA_REQUEST_HEADER, "1");

  const controller = new AbortController();
  res.on("close", () => controller.abort());

  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // Node's fetch needs this to stream a request body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

export function writeHeaders(res: ExpressResponse, status: number, headers: Iterable<[string, string]>) {
  res.status(status);
  const setCookies: string[] = [];
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") setCookies.push(value);
    else res.setHeader(name, value);
  }
  if (setCookies.length) res.setHeader("set-cookie", setCookies);
}

/** Streams a Fetch Response to Express. */
export async function sendFetchResponse(res: ExpressResponse, response: Response, extraCookies: string[] = []) {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers.push([name, value]);
  });
  for (const cookie of [...response.headers.getSetCookie(), ...extraCookies]) headers.push(["set-cookie", cookie]);
  writeHeaders(res, response.status, headers);
  if (!response.body || res.req.method === "HEAD") return void res.end();
  await writeBody(res, response.body);
}

/** Bytes gathered into one write at most: a body produced faster than it is sent still waits for "drain". */
const MAX_WRITE_BYTES = 64 * 1024;

/** Resolves after the I/O callbacks of this turn of the event loop: what is produced now is in by then. */
const afterThisTurn = () => new Promise<null>((resolve) => setImmediate(resolve, null));

/**
 * Writes a body as it is produced, flushing each write (compression would hold a streamed page's
 * chunks back) and waiting for "drain" when the response is full. React hands over a page in
 * chunks of about 2 KB, all at once when nothing suspends: the chunks that arrive in the same
 * turn of the event loop go out in one write, up to 64 KB (one syscall and one compression flush,
 * not 70), and a chunk that comes later (a suspended part, a slow stream) goes out when it comes. The
 * client going away (a cancelled research run, a closed tab) stops the body's producer quietly:
 * nobody is left to tell.
 *
 * compression hands `res.on("drain")` listeners to its zlib stream but not `res.off`, so a
 * listener added and removed per wait (as React Router's writeReadableStreamToWritable does)
 * stays on the zlib stream, and a large answer to a slow client passes Node's limit of ten
 * (MaxListenersExceededWarning, decision 129). One listener per response serves every wait.
 */
async function writeBody(res: ExpressResponse, body: ReadableStream<Uint8Array>) {
  const reader = body.getReader();
  const closed = new Promise<"closed">((resolve) => res.once("close", () => resolve("closed")));
  let onDrain: (() => void) | null = null;
  let drainListener = false;
  const drained = () =>
    new Promise<void>((resolve) => {
      onDrain = resolve;
      if (drainListener) return;
      drainListener = true;
      res.on("drain", () => onDrain?.());
    });
  const flush = (res as ExpressResponse & { flush?: () => void }).flush?.bind(res);
  // A read left waiting when the turn ended is the next one's: a stream's reads are never dropped.
  let reading: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  const read = () => (reading ??= reader.read());
  const stop = async () => void (await reader.cancel().catch(() => undefined));
  try {
    while (true) {
      const next = await Promise.race([read(), closed]);
      reading = null;
      if (next === "closed" || res.destroyed) return void (await stop());
      if (next.done) return void res.end();
      const parts = [next.value];
      let bytes = next.value.byteLength;
      let ended = false;
      const turnEnded = afterThisTurn();
      while (bytes < MAX_WRITE_BYTES) {
        const more = await Promise.race([read(), turnEnded]);
        if (more === null) break;
        reading = null;
        if (more.done) {
          ended = true;
          break;
        }
        parts.push(more.value);
        bytes += more.value.byteLength;
      }
      const room = res.write(parts.length === 1 ? parts[0] : Buffer.concat(parts));
      flush?.();
      if (ended) return void res.end();
      if (!room && (await Promise.race([drained(), closed])) === "closed") return void (await stop());
    }
  } catch {
    // The body failed mid-answer (the render threw after the status was sent, and was logged where
    // it threw): the client must not take the truncated body for a whole one.
    res.destroy();
  } finally {
    // Releasing the lock fails a read still waiting; nothing is left to take its answer.
    (reading as Promise<unknown> | null)?.catch(() => undefined);
    reader.releaseLock();
  }
}
