import type { Readable } from "node:stream";
import { and, asc, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { FLAG_AFTER_FAILURES } from "~/lib/link-health";
import type { Database } from "../db/client.server";
import { toolLinkChecks, tools, type LinkCheckOutcome } from "../db/schema.server";
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

// One number for the check that flags and the admin pages that list the flagged.
export { FLAG_AFTER_FAILURES };

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

// --- Parking pages ---

/** Services that park domains or sell them; a site ending there is not the tool any more. */
const PARKING_HOSTS = [
  "sedoparking.com",
  "sedo.com",
  "bodis.com",
  "parkingcrew.net",
  "afternic.com",
  "dan.com",
  "hugedomains.com",
  "above.com",
  "parklogic.com",
  "undeveloped.com",
  "domainmarket.com",
  "buydomains.com",
  "atom.com",
];

function parkingHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return PARKING_HOSTS.some((parker) => host === parker || host.endsWith(`.${parker}`));
}

const PARKING_PHRASES = [
  "this domain is for sale",
  "this domain may be for sale",
  "this domain name is for sale",
  "buy this domain",
  "domain is parked",
  "domain parked",
  "this domain has been parked",
  "parked free, courtesy of",
  "this web page is parked",
  "the domain owner may be interested in selling",
  "this domain is available for purchase",
];

const PARKING_SCRIPT = new RegExp(
  `(?:src|href|action)\\s*=\\s*["']?(?:https?:)?//(?:[a-z0-9-]+\\.)*(?:${PARKING_HOSTS.map((host) => host.replace(/\./g, "\\.")).join("|")})[/"'\\s>?]`,
  "i",
);

/**
 * The phrase or parking service that gives a page away as parked, or null. A heuristic: the
 * well-known phrases of parking and for-sale pages in the first 64 KB, or a script, frame or link
 * loaded from a parking service. A false "parked" only puts the tool before an administrator.
 */
export function looksParked(html: string): string | null {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|\s+/g, " ")
    .toLowerCase();
  const phrase = PARKING_PHRASES.find((candidate) => text.includes(candidate));
  if (phrase) return phrase;
  const script = PARKING_SCRIPT.exec(html);
  return script ? script[0].replace(/^[^/]*\/\//, "").replace(/[/"'\s>?]$/, "") : null;
}

// --- Domains ---

/** Second-level suffixes under which the third label is the registrant (no public suffix list here). */
const TWO_LABEL_SUFFIXES = new Set([
  "co.uk",
  "org.uk",
  "ac.uk",
  "gov.uk",
  "com.au",
  "net.au",
  "org.au",
  "co.jp",
  "co.nz",
  "co.in",
  "co.kr",
  "co.za",
  "com.br",
  "com.cn",
  "com.mx",
  "com.tr",
  "com.sg",
  "com.hk",
  "com.tw",
  // Hosting where each subdomain is someone else's site.
  "github.io",
  "gitlab.io",
  "vercel.app",
  "netlify.app",
  "pages.dev",
  "workers.dev",
  "herokuapp.com",
  "hf.space",
  "streamlit.app",
  "web.app",
  "firebaseapp.com",
  "onrender.com",
  "fly.dev",
  "replit.app",
  "notion.site",
  "webflow.io",
  "framer.website",
  "wixsite.com",
  "substack.com",
  "blogspot.com",
]);

/**
 * The part of a host name someone registered: "app.example.com" -> "example.com",
 * "shop.example.co.uk" -> "example.co.uk", "me.github.io" -> "me.github.io". An approximation of the
 * public suffix list with the suffixes an AI tool's website is likely to use.
 */
export function registrableDomain(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host.startsWith("[") || /^\d+(\.\d+){3}$/.test(host)) return host;
  const labels = host.split(".");
  if (labels.length <= 2) return host;
  const lastTwo = labels.slice(-2).join(".");
  return labels.slice(TWO_LABEL_SUFFIXES.has(lastTwo) ? -3 : -2).join(".");
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// --- Running the checks over the catalogue ---

export type LinkCheckCounts = {
  /** Websites checked and recorded in this call. */
  checked: number;
  ok: number;
  failing: number;
  /** Tools that reached FLAG_AFTER_FAILURES failures in a row with this check. */
  flagged: number;
};

export type RunLinkChecksOptions = {
  db: Database;
  /** The job run writing the checks; tools it already checked are skipped (a retried job goes on where it stopped). */
  jobRunId: string | null;
  concurrency?: number;
  /** Requests at once to one host (a tool's website host, "www." aside). */
  perHostConcurrency?: number;
  timeoutMs?: number;
  /** Tools last checked before this (or never) are due. Default: every tool not checked by this call. */
  dueBefore?: Date;
  /** At most this many tools. */
  limit?: number;
  /** Aborting stops taking tools; checks under way finish and are recorded. */
  signal?: AbortSignal;
  checker?: (website: string, options: { timeoutMs: number; signal?: AbortSignal }) => Promise<LinkCheckResult>;
  /** Tools read per query; the memory held is about two pages, whatever the catalogue's size. */
  pageSize?: number;
};

type DueTool = { id: string; website: string; host: string };

/**
 * Checks the websites of due tools (not discontinued, with a website, never checked or checked
 * before `dueBefore`), oldest check first, at most `concurrency` at once and `perHostConcurrency`
 * per host, and records them in tool_link_checks as they finish (a statement per 100, or per
 * 250 ms). Memory stays about two pages of tools and two batches of results, whatever the size.
 */
export async function runLinkChecks({
  db,
  jobRunId,
  concurrency = env.LINK_CHECK_CONCURRENCY,
  perHostConcurrency = 1,
  timeoutMs = env.LINK_CHECK_TIMEOUT_MS,
  dueBefore,
  limit = Number.POSITIVE_INFINITY,
  signal,
  checker = (website, options) => checkWebsite(website, options),
  pageSize = 200,
}: RunLinkChecksOptions): Promise<LinkCheckCounts> {
  const counts: LinkCheckCounts = { checked: 0, ok: 0, failing: 0, flagged: 0 };
  // Checks written by this call are dated from now on, so they fall out of the selection by themselves.
  const startedAt = new Date();
  const cutoff = dueBefore && dueBefore < startedAt ? dueBefore : startedAt;

  // Two walks, each along an index and resumed where it stopped, so a page costs about its own size
  // rather than a sort of the catalogue: tools never checked (by id), then tools whose last check
  // is older than the cutoff (by checked_at). Checks this call writes are dated after the cutoff, so
  // neither walk meets them again. Each step is two plain statements, tools and their checks, not a
  // join: on PGlite, which never analyses by itself, a join planned on a tool_link_checks thought
  // empty turned quadratic (2.5 s a page at 10,000 tools).
  let phase: "never" | "stale" | "done" = "never";
  let neverCursor: string | null = null;
  let staleCursor: { checkedAt: string; id: string } | null = null;
  let taken = 0;
  const waiting: DueTool[] = [];
  const busyHosts = new Map<string, number>();
  let fetching: Promise<void> | null = null;

  const dueTools = (ids?: string[]) =>
    db
      .select({ id: tools.id, website: tools.website })
      .from(tools)
      .where(
        and(
          isNull(tools.discontinuedAt),
          isNotNull(tools.website),
          ne(tools.website, ""),
          ids === undefined ? (neverCursor === null ? undefined : gt(tools.id, neverCursor)) : inArray(tools.id, ids),
        ),
      );

  /** The next tools by id that have a website and no check at all; false once the walk is over. */
  async function readNeverChecked(size: number): Promise<DueTool[] | false> {
    const candidates = await dueTools().orderBy(asc(tools.id)).limit(size);
    if (candidates.length === 0) return false;
    neverCursor = candidates.at(-1)!.id;
    const checked = await db
      .select({ toolId: toolLinkChecks.toolId })
      .from(toolLinkChecks)
      .where(
        inArray(
          toolLinkChecks.toolId,
          candidates.map((tool) => tool.id),
        ),
      );
    const seen = new Set(checked.map((row) => row.toolId));
    return candidates.filter((tool) => !seen.has(tool.id)).map(toDue);
  }

  /** The next checks older than the cutoff (not this job run's), oldest first, of tools still due; false once over. */
  async function readStale(size: number): Promise<DueTool[] | false> {
    const checks = await db
      .select({ toolId: toolLinkChecks.toolId, checkedAt: sql<string>`${toolLinkChecks.checkedAt}::text` })
      .from(toolLinkChecks)
      .where(
        and(
          sql`${toolLinkChecks.checkedAt} < ${cutoff.toISOString()}::timestamptz`,
          jobRunId === null ? undefined : or(isNull(toolLinkChecks.jobRunId), ne(toolLinkChecks.jobRunId, jobRunId)),
          staleCursor === null
            ? undefined
            : sql`(${toolLinkChecks.checkedAt}, ${toolLinkChecks.toolId}) > (${staleCursor.checkedAt}::timestamptz, ${staleCursor.id}::uuid)`,
        ),
      )
      .orderBy(asc(toolLinkChecks.checkedAt), asc(toolLinkChecks.toolId))
      .limit(size);
    if (checks.length === 0) return false;
    const last = checks.at(-1)!;
    staleCursor = { checkedAt: last.checkedAt, id: last.toolId };
    const due = new Map((await dueTools(checks.map((check) => check.toolId))).map((tool) => [tool.id, tool]));
    return checks.flatMap((check) => {
      const tool = due.get(check.toolId);
      return tool ? [toDue(tool)] : [];
    });
  }

  async function readPage() {
    let read = 0;
    while (phase !== "done" && read < pageSize && taken < limit) {
      const size = Math.min(pageSize - read, limit - taken);
      const page = phase === "never" ? await readNeverChecked(size) : await readStale(size);
      if (page === false) {
        phase = phase === "never" ? "stale" : "done";
        continue;
      }
      const kept = page.slice(0, limit - taken);
      waiting.push(...kept);
      read += kept.length;
      taken += kept.length;
    }
    if (taken >= limit) phase = "done";
  }

  /** The next tool whose host has room (its host then counted busy), reading a page when the queue runs low. */
  async function nextTool(): Promise<DueTool | null | "wait"> {
    for (;;) {
      if (signal?.aborted) return null;
      const index = waiting.findIndex((tool) => (busyHosts.get(tool.host) ?? 0) < perHostConcurrency);
      if (index !== -1) {
        const tool = waiting.splice(index, 1)[0]!;
        // Taken in the same tick as the test above: two workers must not both see the host free.
        busyHosts.set(tool.host, (busyHosts.get(tool.host) ?? 0) + 1);
        return tool;
      }
      // Keeps at most about two pages in memory, even when one host holds up the queue.
      if (phase === "done" || waiting.length >= pageSize) return waiting.length > 0 ? "wait" : null;
      fetching ??= readPage().finally(() => (fetching = null));
      await fetching;
    }
  }

  const finished = new Set<() => void>();
  const somethingFinished = () => new Promise<void>((resolve) => finished.add(resolve));
  const announce = () => {
    for (const resolve of finished) resolve();
    finished.clear();
  };

  // Results are written in batches by one writer while the checks go on: a statement per tool
  // would make the database, not the websites, set the pace (PGlite takes about 1 ms per upsert).
  const unwritten: CheckedTool[] = [];
  let writing: Promise<void> | null = null;
  let writeError: unknown = null;
  /** A check that threw or a read that failed; once set (or writeError), no more tools are taken. */
  let failure: unknown = null;

  // A batch is written when it is full, or WRITE_DELAY_MS after its first result: writing every
  // result as soon as the writer is free made batches of a few rows, and PGlite pays per statement.
  let writeTimer: NodeJS.Timeout | undefined;
  function writeSoon({ now = false } = {}) {
    if (!now && unwritten.length < WRITE_BATCH) {
      writeTimer ??= setTimeout(() => {
        writeTimer = undefined;
        writeSoon({ now: true });
      }, WRITE_DELAY_MS);
      return;
    }
    clearTimeout(writeTimer);
    writeTimer = undefined;
    writing ??= (async () => {
      while (unwritten.length > 0 && writeError === null) {
        const batch = unwritten.splice(0, WRITE_BATCH);
        try {
          const failures = await recordChecks({ db, jobRunId, checks: batch });
          logger.debug({ jobRunId, recorded: batch.length }, "website checks recorded");
          for (const check of batch) {
            const failuresInARow = failures.get(check.toolId);
            if (failuresInARow === undefined) continue; // this job run had recorded it already
            counts.checked++;
            if (check.result.outcome === "ok") counts.ok++;
            else counts.failing++;
            if (failuresInARow === FLAG_AFTER_FAILURES) counts.flagged++;
          }
        } catch (error) {
          writeError = error;
        }
      }
    })().finally(() => {
      writing = null;
      announce();
    });
  }

  async function worker() {
    for (;;) {
      const tool = writeError === null && failure === null ? await nextTool() : null;
      if (tool === null) return;
      if (tool === "wait") {
        await somethingFinished();
        continue;
      }
      try {
        const result = await checker(tool.website, { timeoutMs });
        unwritten.push({ toolId: tool.id, website: tool.website, result, checkedAt: new Date() });
        writeSoon();
      } finally {
        const left = (busyHosts.get(tool.host) ?? 1) - 1;
        if (left === 0) busyHosts.delete(tool.host);
        else busyHosts.set(tool.host, left);
        announce();
      }
      // Results wait in memory only while the database keeps up.
      while (unwritten.length >= 2 * WRITE_BATCH && writing) await writing;
    }
  }

  // A worker that fails (the database, or a check that threw) stops the others taking tools; what
  // is under way finishes and what was checked is written before the run fails.
  const workers = Array.from({ length: Math.max(1, concurrency) }, () =>
    worker().catch((error: unknown) => {
      failure ??= error;
    }),
  );
  await Promise.all(workers);
  for (;;) {
    if (writing) await writing;
    else if (unwritten.length > 0 && writeError === null) writeSoon({ now: true });
    else break;
  }
  clearTimeout(writeTimer);
  if (writeError !== null) throw writeError;
  if (failure !== null) throw failure;
  return counts;
}

const toDue = (tool: { id: string; website: string | null }): DueTool => ({
  id: tool.id,
  website: tool.website!,
  host: hostKey(tool.website!),
});

/** The host a tool's requests are limited by: "www.example.com" and "example.com" are one site. */
function hostKey(website: string): string {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return website;
  }
}

const WRITE_BATCH = 100;
const WRITE_DELAY_MS = 250;

type CheckedTool = { toolId: string; website: string; result: LinkCheckResult; checkedAt: Date };

const isOk = sql`excluded.outcome = 'ok'`;

/**
 * Writes checks (at most one per tool) and returns, per tool, the consecutive failures each leaves.
 * A tool this job run had already recorded (a retried job's other attempt got there first) is left
 * as it is and missing from the answer: nothing is counted twice.
 */
export async function recordChecks({
  db,
  jobRunId,
  checks,
}: {
  db: Database;
  jobRunId: string | null;
  checks: CheckedTool[];
}): Promise<Map<string, number>> {
  if (checks.length === 0) return new Map();
  const rows = await db
    .insert(toolLinkChecks)
    .values(
      checks.map(({ toolId, website, result, checkedAt }) => {
        const ok = result.outcome === "ok";
        return {
          toolId,
          checkedAt,
          outcome: result.outcome,
          httpStatus: result.httpStatus,
          // Only where the redirects led somewhere else.
          finalUrl: result.finalUrl !== null && result.finalUrl !== website ? result.finalUrl : null,
          detail: result.detail,
          consecutiveFailures: ok ? 0 : 1,
          failingSince: ok ? null : checkedAt,
          lastOkAt: ok ? checkedAt : null,
          jobRunId,
        };
      }),
    )
    .onConflictDoUpdate({
      target: toolLinkChecks.toolId,
      set: {
        checkedAt: sql`excluded.checked_at`,
        outcome: sql`excluded.outcome`,
        httpStatus: sql`excluded.http_status`,
        finalUrl: sql`excluded.final_url`,
        detail: sql`excluded.detail`,
        consecutiveFailures: sql`case when ${isOk} then 0 else ${toolLinkChecks.consecutiveFailures} + 1 end`,
        failingSince: sql`case when ${isOk} then null else coalesce(${toolLinkChecks.failingSince}, excluded.checked_at) end`,
        lastOkAt: sql`case when ${isOk} then excluded.checked_at else ${toolLinkChecks.lastOkAt} end`,
        jobRunId: sql`excluded.job_run_id`,
      },
      setWhere: jobRunId === null ? undefined : sql`${toolLinkChecks.jobRunId} is distinct from excluded.job_run_id`,
    })
    .returning({ toolId: toolLinkChecks.toolId, consecutiveFailures: toolLinkChecks.consecutiveFailures });
  return new Map(rows.map((row) => [row.toolId, row.consecutiveFailures]));
}
