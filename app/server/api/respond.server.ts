import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import type { AppContext } from "../context.server";
import { isDatabaseUnavailable } from "../db/database-unavailable.server";
import { logger } from "../logger.server";
import type { BatchedRateLimiter } from "../security/batched-rate-limit.server";
import { problem, problemOf, problemResponse, type Problem } from "./problem.server";

/**
 * Every public API answer goes through answerApi (decision 064): the per-client rate limit with
 * its RateLimit headers, the response validated against its schema (parsing also strips any field
 * the schema does not name), a weak ETag over the body with 304 for a matching If-None-Match,
 * Cache-Control for shared caches, open CORS, and RFC 9457 problem details for every refusal.
 */

/** Anyone may read from any origin; the headers a script reads are exposed. */
export const API_CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers": "ETag, RateLimit, RateLimit-Policy, Retry-After",
};

/**
 * A browser may reuse an answer for a minute, a CDN for five; both revalidate with the ETag. The
 * server's own page cache skips /api/ (start.server.ts), so every request is counted and a
 * conditional one gets its 304.
 */
export const API_CACHE_CONTROL = "public, max-age=60, s-maxage=300";

/** A query string the API refused: each parameter and why, for the problem's `errors`. */
export class InvalidQuery extends Error {
  constructor(readonly errors: NonNullable<Problem["errors"]>) {
    super("invalid query");
  }
}

/** Reads a query string with its schema; parameters named in `repeatable` may appear several times. */
export function parseQuery<T extends z.ZodType>(url: URL, schema: T, repeatable: readonly string[] = []): z.output<T> {
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    raw[key] = repeatable.includes(key) ? url.searchParams.getAll(key) : url.searchParams.get(key)!;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new InvalidQuery(
    parsed.error.issues.map((issue) => ({ parameter: String(issue.path[0] ?? "query"), message: issue.message })),
  );
}

const etagOf = (body: string) => `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;

/** RFC 9110's weak comparison: any listed tag (or `*`) equal to ours once W/ is ignored. */
export function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

/**
 * Counts one request against the client's quota (in memory, written to the database each second:
 * decision 073) and gives the IETF RateLimit fields (draft-ietf-httpapi-ratelimit-headers) with a
 * 429 problem past the quota. Without a limiter (API_RATE_LIMIT=0) nothing is counted.
 */
export function countApiRequest(limiter: BatchedRateLimiter | null, clientIp: string) {
  if (!limiter) return { headers: {}, refusal: null };
  const { rule } = limiter;
  const outcome = limiter.consume(clientIp);
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${rule.name}";q=${rule.limit};w=${rule.windowMs / 1000}`,
    RateLimit: `"${rule.name}";r=${outcome.remaining};t=${outcome.resetSeconds}`,
  };
  if (outcome.allowed) return { headers, refusal: null };
  const retryAfter = String(outcome.resetSeconds);
  return {
    headers,
    refusal: problemResponse(problem(429, `Too many requests. Try again in ${retryAfter} seconds.`), {
      ...API_CORS_HEADERS,
      ...headers,
      "Retry-After": retryAfter,
    }),
  };
}

export async function answerApi<Schema extends z.ZodType>({
  request,
  context,
  schema,
  read,
  limited = true,
}: {
  request: Request;
  context: Pick<AppContext, "clientIp" | "apiRateLimiter">;
  /** What the answer must be; its parse output is what is sent. */
  schema: Schema;
  read: () => Promise<z.input<Schema>>;
  /** False for the OpenAPI document, which costs nothing to serve. */
  limited?: boolean;
}): Promise<Response> {
  const counted = limited ? countApiRequest(context.apiRateLimiter, context.clientIp) : { headers: {}, refusal: null };
  if (counted.refusal) return counted.refusal;
  const headers = { ...API_CORS_HEADERS, ...counted.headers };

  let body: z.output<Schema>;
  try {
    const value = await read();
    const checked = schema.safeParse(value);
    if (!checked.success) {
      logger.error({ url: request.url, issues: checked.error.issues }, "an API answer did not match its schema");
      return problemResponse(problem(500, "The answer could not be produced."), headers);
    }
    body = checked.data;
  } catch (error) {
    if (error instanceof InvalidQuery) {
      return problemResponse(problem(400, "Some query parameters are not valid.", { errors: error.errors }), headers);
    }
    if (error instanceof AppError) return problemResponse(problemOf(error), { ...headers, ...error.headers });
    // An outage: the HTTP layer answers 503, as problem details here too (database-outage.server.ts).
    if (isDatabaseUnavailable(error)) throw error;
    // A bug: logged, and a problem like every other API answer (React Router's would be plain text).
    logger.error({ err: error, url: request.url }, "an API answer failed");
    return problemResponse(problem(500, "The answer could not be produced."), headers);
  }

  const json = JSON.stringify(body);
  const etag = etagOf(json);
  const cacheHeaders = { ...headers, ETag: etag, "Cache-Control": API_CACHE_CONTROL };
  if (matchesIfNoneMatch(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers: cacheHeaders });
  }
  return new Response(json, {
    status: 200,
    headers: { ...cacheHeaders, "Content-Type": "application/json; charset=utf-8" },
  });
}

/** A preflight: GET (and HEAD) from any origin, with the headers a conditional request sends. */
export function answerPreflight(): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...API_CORS_HEADERS,
      "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
      "Access-Control-Allow-Headers": "If-None-Match, Accept",
      "Access-Control-Max-Age": "86400",
    },
  });
}
