import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { readTheme } from "~/lib/theme";
import { isPublicApiPath, replyFromCache } from "../api/cached-answer.server";
import { matchesIfNoneMatch } from "../api/respond.server";
import type { CachedPage, PageCache, PreparedHeadersKind } from "../cache/page-cache.server";
import { logWhenFinished } from "./access-log.server";
import type { BatchedRateLimiter } from "../security/batched-rate-limit.server";
import type { HostPolicy } from "./host-policy.server";
import type { SearchLog } from "../search/search-log.server";
import { countsAsVisit, type ToolCounters } from "../traffic/tool-counters.server";

/**
 * Cache hits answered before Express (issues 16 and 20): a stored page or API answer needs no
 * routing, no middleware and no session, so it is written straight to the socket. Everything a
 * hit must still do is here: the host policy's origin (part of the key), the client's address for
 * the API quota, the security headers, gzip and the request log line. Anything else, or a miss,
 * goes on to Express, which stores what it renders with the same key.
 */

/** Requests that carry a session, any auth cookie or a one-time message are personal and never cached. */
const PERSONAL_COOKIE = /(?:^|;\s*)[^=]*(?:session|auth|flash)[^=]*=/i;

/** The client as Express's "trust proxy" setting (a number of proxy hops) would see it. */
export type ForwardedView = { ip: string; protocol: string; host: string | undefined };

const firstListItem = (value: string) => value.split(",", 1)[0]!.trim();

/**
 * What Express's req.ip, req.protocol and req.host give for `hops` trusted proxies: the address
 * that many places from the right of the socket and X-Forwarded-For, and X-Forwarded-Proto and
 * -Host only when the socket's peer is trusted (tested against Express's own getters).
 */
export function forwardedView(req: IncomingMessage, hops: number): ForwardedView {
  const socketAddress = req.socket.remoteAddress ?? "unknown";
  const socketProtocol = "encrypted" in req.socket && req.socket.encrypted ? "https" : "http";
  const host = req.headers.host || undefined;
  if (hops <= 0) return { ip: socketAddress, protocol: socketProtocol, host };
  const forwardedFor = headerText(req, "x-forwarded-for");
  const chain = forwardedFor
    ? forwardedFor
        .split(",")
        .map((entry) => entry.trim())
        .reverse()
    : [];
  const addresses = [socketAddress, ...chain];
  const proto = headerText(req, "x-forwarded-proto");
  const forwardedHost = headerText(req, "x-forwarded-host");
  return {
    ip: addresses[Math.min(hops, addresses.length - 1)]!,
    protocol: proto ? firstListItem(proto) : socketProtocol,
    host: forwardedHost ? forwardedHost.split(",", 1)[0]!.trimEnd() : host,
  };
}

function headerText(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : value || undefined;
}

/** The key a page or API answer is stored under: anonymous pages differ only by origin, address and theme. */
export function cacheKeyOf({
  origin,
  url,
  api,
  cookie,
}: {
  origin: string;
  url: string;
  api: boolean;
  cookie: string;
}) {
  return `${origin}\n${url}\n${api ? "" : readTheme(cookie || null)}`;
}

/** Whether a request may be answered from, and stored in, the cache; null when it may not. */
export function cacheableRequest(method: string | undefined, path: string, cookie: string): { api: boolean } | null {
  if (method !== "GET" && method !== "HEAD") return null;
  // Public API answers are the same for every caller, cookies or not; other /api/ paths are never cached.
  const api = isPublicApiPath(path);
  if (api) return { api };
  if (PERSONAL_COOKIE.test(cookie) || path.startsWith("/api/")) return null;
  return { api };
}

export type CachedHitOptions = {
  cache: PageCache;
  hostPolicy: HostPolicy;
  trustProxyHops: number;
  apiRateLimiter: BatchedRateLimiter | null;
  /** Counts the search a stored page shows, at each hit (decision 162). */
  searchLog: SearchLog | null;
  /** Counts a view of the tool a stored page shows, at each hit by a person (decision 178). */
  toolCounters?: ToolCounters | null;
  /** The headers every answer carries (nosniff, frame and referrer policies, the baseline CSP, HSTS). */
  securityHeaders: OutgoingHttpHeaders;
  /** True once the port is closing: answers ask the client to close the connection. */
  closing: () => boolean;
};

/**
 * Answers a request from the cache when it can, and says whether it did. Requests it leaves alone
 * (writes, personal cookies, absolute-form targets, hosts the policy refuses, misses) are Express's.
 */
export function createCachedHitResponder(options: CachedHitOptions) {
  const { cache, hostPolicy, trustProxyHops, apiRateLimiter, searchLog, toolCounters, securityHeaders, closing } =
    options;
  /** Requests let through to render a stale page again: Express's second look must not answer them STALE. */
  const revalidating = new WeakSet<IncomingMessage>();
  return function answerFromCache(req: IncomingMessage, res: ServerResponse): boolean {
    if (revalidating.has(req)) return false;
    const url = req.url ?? "";
    if (!url.startsWith("/")) return false;
    const cookie = headerText(req, "cookie") ?? "";
    const queryStart = url.indexOf("?");
    const cacheable = cacheableRequest(req.method, queryStart === -1 ? url : url.slice(0, queryStart), cookie);
    if (!cacheable) return false;
    const view = forwardedView(req, trustProxyHops);
    const resolved = hostPolicy.resolve({ host: view.host, protocol: view.protocol });
    if ("refusal" in resolved) return false;
    // Only a GET renders a page again for the cache; a HEAD of a stale page is answered STALE.
    const found = cache.lookup(
      cacheKeyOf({ origin: resolved.origin, url, api: cacheable.api, cookie }),
      req.method === "GET",
    );
    if (!found) return false;
    if (found.state === "revalidate") {
      revalidating.add(req);
      return false;
    }
    const hit = found.page;
    const stale = found.state === "stale";
    if (hit.search) searchLog?.count(hit.search);
    if (hit.toolView && toolCounters && countsAsVisit(req.headers)) toolCounters.view(hit.toolView);

    // A hit's log line is debug-level: one line per miss and per error stays at info (issue 20).
    logWhenFinished(req, res);
    // A hit is compressed once and kept, instead of once per request.
    const gzip = hit.status === 200 && /\bgzip\b/.test(headerText(req, "accept-encoding") ?? "");
    if (gzip && !hit.gzipped) cache.keepGzipped(hit, gzipSync(hit.body));
    let status = hit.status;
    let headers = preparedHeaders(hit, gzip, stale, securityHeaders);
    if (cacheable.api) {
      // Still counted against the client's quota, and still 304 for its own ETag (decision 071).
      const reply = replyFromCache({
        hit,
        ifNoneMatch: headerText(req, "if-none-match"),
        limiter: apiRateLimiter,
        clientIp: view.ip,
      });
      if (reply.kind === "refused") {
        void writeRefusal(res, reply.response, securityHeaders);
        return true;
      }
      status = reply.status;
      headers = status === 304 ? notModifiedHeaders(headers) : headers;
      headers = headers.concat(reply.quotaHeaders);
    } else if (req.headers["if-none-match"] && matchesIfNoneMatch(headerText(req, "if-none-match")!, hit.etag)) {
      // The browser keeps its copy and the Content-Security-Policy that came with it.
      status = 304;
      headers = notModifiedHeaders(headers);
    }
    if (closing()) headers = headers.concat("connection", "close");
    res.writeHead(status, headers);
    res.end(req.method === "HEAD" || status === 304 ? undefined : gzip ? hit.gzipped : hit.body);
    return true;
  };
}

/**
 * The headers of a hit as one flat [name, value, ...] list, made on its first hit in each encoding
 * and kept with the page: Node writes such a list as it is, so a hit builds no header object.
 */
function preparedHeaders(
  hit: CachedPage,
  gzip: boolean,
  stale: boolean,
  securityHeaders: OutgoingHttpHeaders,
): string[] {
  const prepared = (hit.preparedHeaders ??= {});
  const kind: PreparedHeadersKind = `${gzip ? "gzip" : "identity"}${stale ? "Stale" : ""}`;
  const existing = prepared[kind];
  if (existing) return existing;
  const merged = new Map<string, string>();
  for (const [name, value] of Object.entries(securityHeaders)) merged.set(name.toLowerCase(), String(value));
  for (const [name, value] of hit.headers) merged.set(name.toLowerCase(), value);
  const body = gzip ? hit.gzipped! : hit.body;
  if (gzip) merged.set("content-encoding", "gzip");
  merged.set("content-length", String(body.length));
  merged.set("vary", "Accept-Encoding");
  merged.set("x-cache", stale ? "STALE" : "HIT");
  return (prepared[kind] = [...merged].flat());
}

/** A 304 carries no body, so none of the content headers (Content-Security-Policy among them). */
function notModifiedHeaders(headers: string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < headers.length; index += 2) {
    if (!headers[index]!.startsWith("content-")) kept.push(headers[index]!, headers[index + 1]!);
  }
  return kept;
}

async function writeRefusal(res: ServerResponse, response: Response, securityHeaders: OutgoingHttpHeaders) {
  const body = Buffer.from(await response.arrayBuffer());
  const out: OutgoingHttpHeaders = { ...securityHeaders };
  response.headers.forEach((value, name) => (out[name] = value));
  out["content-length"] = String(body.length);
  res.writeHead(response.status, out);
  res.end(body);
}
