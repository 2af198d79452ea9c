import type { Readable } from "node:stream";
import type { LinkCheckOutcome } from "../db/schema.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import {
  guardedRequest,
  OutboundAddressRefused,
  OutboundTooManyRedirects,
  outboundClient,
  outboundUserAgent,
  type GuardedResponse,
  type OutboundClient,
} from "../outbound/guarded-fetch.server";
import { decodedBody } from "../outbound/content-encoding.server";
import { looksParked, parkingHost, registrableDomain } from "./parked-sites.server";

/** One website's check (decision 120): the request, what its answer means, and how a failure is told apart. */

/** The most of a page read to look for a parking page: parkers say so near the top. */
export const PARKED_SCAN_BYTES = 64 * 1024;

export type LinkCheckResult = {
  outcome: LinkCheckOutcome;
  httpStatus: number | null;
  /** Where the redirects ended (always set once a server answered). */
  finalUrl: string | null;
  /** What a person reads in the admin: the status, the error, the new domain. */
  detail: string | null;
};

export type CheckWebsiteOptions = {
  /** The whole check, redirects and the start of the page included. */
  timeoutMs?: number;
  signal?: AbortSignal;
  client?: OutboundClient;
};

/**
 * Fetches a tool's website the way a visitor's browser would (GET, redirects followed) and says
 * what a visitor would find. Every failure of the site is an outcome; it throws only when the
 * caller aborts or this machine runs short (EMFILE, ENOMEM), which say nothing about the site.
 *
 * - 401, 403 and 429 count as "ok": many sites refuse automated requests (bot protection, rate
 *   limits) while serving people fine, so the site is up; the status is kept for the admin to see.
 *   So is a 503 carrying Cloudflare's `cf-mitigated: challenge`. Other 4xx are client_error, 5xx server_error.
 * - Only GET: some servers answer HEAD with 405/501 or a different status than GET.
 * - "moved": the redirects ended on another registrable domain (www., http->https or a path on the
 *   same domain are ok).
 * - "parked": a 2xx HTML page that looks like a domain parking or for-sale page (see looksParked).
 */
export async function checkWebsite(
  website: string,
  { timeoutMs = env.LINK_CHECK_TIMEOUT_MS, signal, client = outboundClient() }: CheckWebsiteOptions = {},
): Promise<LinkCheckResult> {
  let start: URL;
  try {
    start = new URL(website);
  } catch {
    return { outcome: "blocked", httpStatus: null, finalUrl: null, detail: `"${website}" is not an address` };
  }
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  const abortFromCaller = () => deadline.abort(signal?.reason);
  signal?.addEventListener("abort", abortFromCaller, { once: true });
  try {
    const answer = await guardedRequest(start, {
      signal: deadline.signal,
      client,
      headers: { "user-agent": outboundUserAgent("AitlasLinkChecker/1.0") },
      reuseConnection: false,
    });
    const status = answer.status;
    const finalUrl = answer.url;
    const final = new URL(finalUrl);
    const result = (outcome: LinkCheckOutcome, detail: string | null = null): LinkCheckResult => ({
      outcome,
      httpStatus: status,
      finalUrl,
      detail,
    });
    const challenge = status === 503 && firstHeader(answer.headers["cf-mitigated"]) === "challenge";
    if (status === 401 || status === 403 || status === 429 || challenge) {
      await discard(answer.body);
      return result("ok", `answered ${status}: refuses automated requests, counted as up`);
    }
    if (status >= 500) {
      await discard(answer.body);
      return result("server_error", `answered ${status}`);
    }
    if (status >= 400) {
      await discard(answer.body);
      return result("client_error", `answered ${status}`);
    }
    if (status < 200 || status >= 300) {
      await discard(answer.body);
      return result("server_error", `answered ${status}${status >= 300 ? " without a Location to follow" : ""}`);
    }

    if (parkingHost(final.hostname)) {
      await discard(answer.body);
      return result("parked", `ends on ${final.hostname}, a domain parking or sale service`);
    }
    const contentType = firstHeader(answer.headers["content-type"]) ?? "";
    if (contentType === "" || /^text\/(html|plain)|xhtml/i.test(contentType)) {
      let page: string | null = null;
      try {
        page = await readStart(answer.body, firstHeader(answer.headers["content-encoding"]), PARKED_SCAN_BYTES);
      } catch {
        // The page stopped or stalled after a 2xx: the site answers, so judge it by its status.
      }
      const parked = page === null ? null : looksParked(page);
      if (parked) return result("parked", `the page looks parked ("${parked}")`);
    } else {
      await discard(answer.body);
    }
    if (registrableDomain(final.hostname) !== registrableDomain(start.hostname)) {
      return result("moved", `now at ${final.hostname}`);
    }
    return result("ok");
  } catch (error) {
    // The caller gave up (shutdown): that says nothing about the site.
    if (signal?.aborted && !timedOut) throw signal.reason;
    return failure(error, { timedOut, timeoutMs, website });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abortFromCaller);
  }
}

/** This machine ran short (descriptors, memory): nothing to hold against the website, so the check throws. */
const LOCAL_CODES = new Set(["EMFILE", "ENFILE", "ENOMEM", "ENOBUFS"]);
const DNS_CODES = new Set(["ENOTFOUND", "EAI_AGAIN", "EAI_NODATA", "EAI_NONAME", "ENODATA", "ESERVFAIL", "EAI_FAIL"]);
const TIMEOUT_CODES = new Set([
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
]);
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
]);

function failure(
  error: unknown,
  { timedOut, timeoutMs, website }: { timedOut: boolean; timeoutMs: number; website: string },
): LinkCheckResult {
  const none = { httpStatus: null, finalUrl: null };
  if (timedOut) return { outcome: "timeout", ...none, detail: `no answer within ${timeoutMs / 1000} s` };
  const causes = causesOf(error);
  const local = causes.find((cause) => LOCAL_CODES.has(String((cause as { code?: unknown }).code)));
  if (local) throw local;
  const refused = causes.find((cause) => cause instanceof OutboundAddressRefused);
  if (refused) return { outcome: "blocked", ...none, detail: refused.message };
  const loop = causes.find((cause) => cause instanceof OutboundTooManyRedirects);
  if (loop) return { outcome: "server_error", httpStatus: loop.status, finalUrl: loop.url, detail: loop.message };
  for (const cause of causes) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code !== "string") continue;
    const detail = `${code}: ${(cause as Error).message}`;
    if (DNS_CODES.has(code)) return { outcome: "dns_failure", ...none, detail };
    if (TIMEOUT_CODES.has(code)) return { outcome: "timeout", ...none, detail };
    if (isTlsCode(code)) return { outcome: "tls_failure", ...none, detail };
    if (CONNECTION_CODES.has(code)) return { outcome: "connection_failed", ...none, detail };
  }
  // Not one we know: still a failure to reach the site, but worth a look at the log.
  logger.warn({ err: error, website }, "website check failed in an unexpected way");
  return { outcome: "connection_failed", ...none, detail: error instanceof Error ? error.message : String(error) };
}

function isTlsCode(code: string): boolean {
  return (
    code.startsWith("ERR_TLS_") ||
    code.startsWith("ERR_SSL_") ||
    code.startsWith("CERT_") ||
    code.includes("CERT") ||
    code === "UNABLE_TO_VERIFY_LEAF_SIGNATURE" ||
    code === "UNABLE_TO_GET_ISSUER_CERT_LOCALLY" ||
    code === "EPROTO"
  );
}

/** The error, its causes, and the errors of an AggregateError (both address families failing). */
function causesOf(error: unknown): unknown[] {
  const found: unknown[] = [];
  const visit = (value: unknown, depth: number) => {
    if (value === undefined || value === null || depth > 5 || found.includes(value)) return;
    found.push(value);
    if (value instanceof AggregateError) for (const inner of value.errors) visit(inner, depth + 1);
    if (value instanceof Error) visit(value.cause, depth + 1);
  };
  visit(error, 0);
  return found;
}

/** Reads and drops a body the check does not need, so the socket is freed (or reused). */
async function discard(body: GuardedResponse["body"]) {
  await body.dump({ limit: PARKED_SCAN_BYTES }).catch(() => undefined);
}

/** The first `maxBytes` of the page as text, decompressed when the server compressed it anyway. */
async function readStart(body: Readable, encoding: string | undefined, maxBytes: number): Promise<string> {
  const { source, decoder } = decodedBody(body, encoding);
  const chunks: Buffer[] = [];
  let size = 0;
  let complete = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) break;
    }
    complete = size < maxBytes;
  } finally {
    // Stops a download cut short; a body read to its end needs nothing (and destroying it anyway
    // builds an abort error with a stack trace, a cost that showed in the benchmark).
    if (!complete) {
      body.destroy();
      decoder?.destroy();
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString("utf8");
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
