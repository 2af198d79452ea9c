import type { CachedPage } from "../cache/page-cache.server";
import type { BatchedRateLimiter } from "../security/batched-rate-limit.server";
import { countApiRequest, matchesIfNoneMatch } from "./respond.server";

/**
 * Public API answers kept in the page cache (decision 071). The answer is the same for everyone,
 * so it is stored once and purged with the pages by any public write; what belongs to one request
 * (the client's remaining quota) is left out when storing and made again on every hit.
 */

/** The API's part of the site: everything it answers is public, whoever asks. */
export const isPublicApiPath = (path: string) => path.startsWith("/api/v1/");

/** The headers to keep with a stored answer: all but the client's own RateLimit count. */
export function storableApiHeaders(headers: [string, string][]): [string, string][] {
  return headers.filter(([name]) => name.toLowerCase() !== "ratelimit");
}

export type CachedApiReply =
  { kind: "refused"; response: Response } | { kind: "answer"; status: 200 | 304; quotaHeaders: string[] };

/**
 * A hit, answered as answerApi would: counted against the client's quota when the stored answer
 * was (its RateLimit-Policy says so), 304 for a matching If-None-Match, else the stored body. The
 * answer's own headers are the stored ones; quotaHeaders is what this request adds to them.
 */
export function replyFromCache({
  hit,
  ifNoneMatch,
  limiter,
  clientIp,
}: {
  hit: CachedPage;
  ifNoneMatch: string | undefined;
  limiter: BatchedRateLimiter | null;
  clientIp: string;
}): CachedApiReply {
  let quotaHeaders: string[] = [];
  if (hit.headers.some(([name]) => name.toLowerCase() === "ratelimit-policy")) {
    const { headers, refusal } = countApiRequest(limiter, clientIp);
    if (refusal) return { kind: "refused", response: refusal };
    quotaHeaders = Object.entries(headers)
      .filter(([name]) => name.toLowerCase() === "ratelimit")
      .flat();
  }
  const etag = hit.headers.find(([name]) => name.toLowerCase() === "etag")?.[1];
  const status = etag && matchesIfNoneMatch(ifNoneMatch ?? null, etag) ? 304 : 200;
  return { kind: "answer", status, quotaHeaders };
}
