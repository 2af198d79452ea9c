import type { SearchResult } from "~/lib/research";
import { logger as defaultLogger } from "../logger.server";

/**
 * The Brave Search API client (spec section 7, "Web search"): GET /res/v1/web/search?q=&count=
 * with the X-Subscription-Token header, read from web.results[].
 *
 * A search never fails the research run: an error status, a timeout, a reply that is not JSON or
 * has no web results gives an empty result, logged. Only the caller's own abort (the admin
 * cancelled) is thrown, so the run stops at once. Searches are paced: a pause follows every one,
 * and a 429 waits the same pause and asks again, a few times at most.
 */

export const SEARCH_DEFAULTS = {
  count: 10,
  pauseMs: 1_100,
  timeoutMs: 10_000,
  /** A rate limit that outlasts this many retries gives an empty result instead of waiting on. */
  rateLimitRetries: 3,
} as const;

/** Brave answers at most 20 results a page. */
const MAX_COUNT = 20;

export type SearchOutcome = { query: string; results: SearchResult[]; total: number };

export type WebSearchClient = {
  search(query: string, options?: { count?: number; signal?: AbortSignal }): Promise<SearchOutcome>;
  /** One after another, never side by side: the API's rate limit counts per second. */
  searchAll(queries: readonly string[], options?: { count?: number; signal?: AbortSignal }): Promise<SearchOutcome[]>;
};

export type WebSearchSettings = {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
  pauseMs?: number;
  rateLimitRetries?: number;
  log?: Pick<typeof defaultLogger, "warn" | "info">;
};

/** Brave marks matched words with <strong>; a snippet here is plain text. */
function plainText(value: unknown): string {
  if (typeof value !== "string") return "";
  return value
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** web.results[] as search results; entries without a usable address are dropped. */
export function readBraveResults(body: unknown): { results: SearchResult[]; total: number } | null {
  const web = (body as { web?: { results?: unknown; total?: unknown } } | null)?.web;
  if (!web || !Array.isArray(web.results)) return null;
  const results: SearchResult[] = [];
  for (const entry of web.results as Record<string, unknown>[]) {
    const url = httpUrl(entry?.url);
    if (!url) continue;
    const published = entry.page_age ?? entry.published_date ?? entry.age;
    results.push({
      title: plainText(entry.title) || url,
      description: plainText(entry.description),
      url,
      published: typeof published === "string" && published !== "" ? published : null,
    });
  }
  const total = typeof web.total === "number" && Number.isFinite(web.total) ? web.total : results.length;
  return { results, total };
}

/** Waits, unless the caller gives up first (then it throws the caller's reason). */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function createWebSearchClient(settings: WebSearchSettings): WebSearchClient {
  const timeoutMs = settings.timeoutMs ?? SEARCH_DEFAULTS.timeoutMs;
  const pauseMs = settings.pauseMs ?? SEARCH_DEFAULTS.pauseMs;
  const rateLimitRetries = settings.rateLimitRetries ?? SEARCH_DEFAULTS.rateLimitRetries;
  const log = settings.log ?? defaultLogger;
  const endpoint = new URL(
    "res/v1/web/search",
    settings.baseUrl.endsWith("/") ? settings.baseUrl : `${settings.baseUrl}/`,
  );

  /** One request, answered with results, "rate-limited", or null for any other failure (logged). */
  async function ask(query: string, count: number, signal?: AbortSignal) {
    const url = new URL(endpoint);
    url.searchParams.set("q", query);
    url.searchParams.set("count", String(count));
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(url, {
        headers: { Accept: "application/json", "X-Subscription-Token": settings.apiKey },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      if (response.status === 429) {
        await response.body?.cancel();
        return "rate-limited" as const;
      }
      if (!response.ok) {
        await response.body?.cancel();
        log.warn({ query, status: response.status }, "web search failed; continuing without its results");
        return null;
      }
      const outcome = readBraveResults(await response.json());
      if (!outcome) log.warn({ query }, "web search answered without web results");
      return outcome;
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const reason = timeout.aborted
        ? `no answer within ${timeoutMs} ms`
        : error instanceof Error
          ? error.message
          : String(error);
      log.warn({ query, reason }, "web search failed; continuing without its results");
      return null;
    }
  }

  async function search(query: string, options: { count?: number; signal?: AbortSignal } = {}): Promise<SearchOutcome> {
    const count = Math.min(MAX_COUNT, Math.max(1, Math.trunc(options.count ?? SEARCH_DEFAULTS.count)));
    let answer = await ask(query, count, options.signal);
    for (let retry = 1; answer === "rate-limited" && retry <= rateLimitRetries; retry++) {
      log.info({ query, retry }, "web search rate-limited; waiting before asking again");
      await pause(pauseMs, options.signal);
      answer = await ask(query, count, options.signal);
    }
    if (answer === "rate-limited") log.warn({ query }, "web search still rate-limited; continuing without its results");
    await pause(pauseMs, options.signal);
    return answer && answer !== "rate-limited" ? { query, ...answer } : { query, results: [], total: 0 };
  }

  return {
    search,
    async searchAll(queries, options) {
      const outcomes: SearchOutcome[] = [];
      for (const query of queries) outcomes.push(await search(query, options));
      return outcomes;
    },
  };
}
