import { randomUUID } from "node:crypto";
import type http from "node:http";
import { listenOnLoopback, sendJson } from "./http";

// A stand-in for the Brave Search web search API (BRAVE_SEARCH_URL), on loopback. It answers
// GET /res/v1/web/search the way Brave does: the X-Subscription-Token header, the `q` and `count`
// parameters, the result body and Brave's ErrorResponse envelope. A test queues what the next
// searches get (results, a rate limit, an outage, a hang, garbage); with nothing queued every
// search gets three results made from its query, so a run is the same every time.
//
// Reference: https://api-dashboard.search.brave.com/app/documentation/web-search

export interface SearchReplyResult {
  title: string;
  url: string;
  description: string;
  /** Brave's page_age: an ISO date and time without a zone, e.g. 2025-03-01T09:00:00. */
  pageAge?: string;
}

export type SearchReply =
  | { kind: "results"; results: SearchReplyResult[] }
  /** 429 RATE_LIMITED, with Brave's rate limit headers. */
  | { kind: "rate-limited" }
  /** That status with an ErrorResponse body. */
  | { kind: "status"; status: number }
  /** 200 with a search body that has no `web` section, as Brave sends when nothing matched. */
  | { kind: "no-web" }
  /** No answer until the client gives up or the server stops. */
  | { kind: "hang" }
  /** 200, content-type application/json, and a body that is not JSON. */
  | { kind: "invalid-json" };

export interface RecordedSearch {
  q: string | null;
  /** The count parameter as an integer; null when absent or not an integer. */
  count: number | null;
  /** The X-Subscription-Token received (null when absent), so a test can tell which key was used. */
  token: string | null;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FakeBraveSearch {
  /** http://127.0.0.1:PORT: searches go to `${origin}/res/v1/web/search`. */
  origin: string;
  /** Every search request received, refused ones included, oldest first. */
  requests(): RecordedSearch[];
  /**
   * The replies the next accepted searches get, in order, after any already queued. A request
   * refused for its token or parameters does not take one.
   */
  queue(...replies: SearchReply[]): void;
  /** Forgets queued replies and recorded requests. */
  reset(): void;
  stop(): Promise<void>;
}

export const SEARCH_PATH = "/res/v1/web/search";

const DEFAULT_COUNT = 10;
const MAX_COUNT = 20;
const MAX_QUERY_LENGTH = 400;
const SEARCH_REPLY_KINDS = new Set(["results", "rate-limited", "status", "no-web", "hang", "invalid-json"]);

export async function startFakeBraveSearch({
  port = 0,
  apiKey,
}: {
  port?: number;
  apiKey: string;
}): Promise<FakeBraveSearch> {
  const recorded: RecordedSearch[] = [];
  const queued: SearchReply[] = [];

  const server = await listenOnLoopback({
    port,
    handler(request, response, url) {
      if (url.pathname !== SEARCH_PATH)
        return sendBraveError(response, 404, "RESOURCE_NOT_FOUND", "Resource not found.");
      if (request.method !== "GET") {
        return sendBraveError(response, 405, "METHOD_NOT_ALLOWED", "Method not allowed.", {}, { allow: "GET" });
      }

      const q = url.searchParams.get("q");
      const rawCount = url.searchParams.get("count");
      const token = headerValue(request.headers["x-subscription-token"]);
      recorded.push({ q, count: parseInteger(rawCount), token, at: Date.now() });

      if (token !== apiKey) {
        return sendBraveError(
          response,
          401,
          "SUBSCRIPTION_TOKEN_INVALID",
          "The provided subscription token is invalid.",
          {
            component: "authentication",
          },
        );
      }
      if (!acceptsJson(request.headers.accept)) {
        return sendBraveError(response, 406, "NOT_ACCEPTABLE", "Only application/json responses are available.");
      }
      const problems = validateParameters(q, rawCount);
      if (problems.length > 0) {
        return sendBraveError(response, 422, "VALIDATION", "Unable to validate request parameter(s).", {
          errors: problems,
        });
      }

      // validateParameters guarantees q is present.
      const query = q!;
      const count = Math.min(MAX_COUNT, Math.max(1, parseInteger(rawCount) ?? DEFAULT_COUNT));
      const reply = queued.shift() ?? { kind: "results", results: defaultResults(query) };
      answer(response, reply, query, count);
    },
  });

  return {
    origin: server.origin,
    requests: () => recorded.map((search) => ({ ...search })),
    queue(...replies) {
      queued.push(...replies);
    },
    reset() {
      queued.length = 0;
      recorded.length = 0;
    },
    stop: () => server.close(),
  };
}

/** Whether `value` is a SearchReply, for the control API that takes them as JSON. */
export function isSearchReply(value: unknown): value is SearchReply {
  if (typeof value !== "object" || value === null) return false;
  const reply = value as Record<string, unknown>;
  if (typeof reply.kind !== "string" || !SEARCH_REPLY_KINDS.has(reply.kind)) return false;
  if (reply.kind === "status")
    return Number.isInteger(reply.status) && (reply.status as number) >= 100 && (reply.status as number) <= 599;
  if (reply.kind === "results") {
    return (
      Array.isArray(reply.results) &&
      reply.results.every((result: unknown) => {
        if (typeof result !== "object" || result === null) return false;
        const item = result as Record<string, unknown>;
        return (
          typeof item.title === "string" &&
          typeof item.url === "string" &&
          typeof item.description === "string" &&
          (item.pageAge === undefined || typeof item.pageAge === "string")
        );
      })
    );
  }
  return true;
}

/** The three results a query gets when nothing is queued. */
export function defaultResults(q: string): SearchReplyResult[] {
  const slug = slugify(q);
  return [1, 2, 3].map((n) => ({
    title: `${q} — result ${n}`,
    url: `https://example.com/${slug}/${n}`,
    description: `Result ${n} for <strong>${q}</strong>: features, pricing and reviews of ${q}.`,
    pageAge: `2025-0${n}-15T09:00:00`,
  }));
}

function answer(response: http.ServerResponse, reply: SearchReply, q: string, count: number): void {
  switch (reply.kind) {
    case "results": {
      const results = reply.results.slice(0, count);
      return sendJson(response, 200, searchBody(q, results, reply.results.length > count), rateLimitHeaders(1));
    }
    case "no-web":
      return sendJson(response, 200, { type: "search", query: queryBlock(q, false) }, rateLimitHeaders(1));
    case "rate-limited":
      return sendBraveError(
        response,
        429,
        "RATE_LIMITED",
        "Request rate limit exceeded for plan.",
        {
          plan: "Free",
          rate_limit: 1,
          rate_current: 2,
          quota_limit: 2000,
          quota_current: 42,
          component: "rate_limiter",
        },
        rateLimitHeaders(0),
      );
    case "status":
      return sendBraveError(
        response,
        reply.status,
        errorCodeFor(reply.status),
        `The search failed with status ${reply.status}.`,
      );
    case "invalid-json": {
      const payload = "<html><body>Bad gateway</body></html>";
      response.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(payload) });
      response.end(payload);
      return;
    }
    case "hang":
      // Left open on purpose: the client's timeout or abort is what is under test. stop() still
      // returns at once, as listenOnLoopback closes every connection.
      return;
  }
}

function searchBody(q: string, results: SearchReplyResult[], moreResultsAvailable: boolean) {
  return {
    type: "search",
    query: queryBlock(q, moreResultsAvailable),
    mixed: {
      type: "mixed",
      main: results.map((_, index) => ({ type: "web", index, all: false })),
      top: [],
      side: [],
    },
    web: {
      type: "search",
      family_friendly: true,
      results: results.map((result) => webResult(result)),
    },
  };
}

function queryBlock(q: string, moreResultsAvailable: boolean) {
  return {
    original: q,
    show_strict_warning: false,
    is_navigational: false,
    is_news_breaking: false,
    spellcheck_off: true,
    country: "us",
    bad_results: false,
    should_fallback: false,
    postal_code: "",
    city: "",
    header_country: "",
    more_results_available: moreResultsAvailable,
    state: "",
  };
}

function webResult(result: SearchReplyResult) {
  const url = URL.canParse(result.url) ? new URL(result.url) : null;
  const segments = url?.pathname.split("/").filter(Boolean) ?? [];
  return {
    type: "search_result",
    title: result.title,
    url: result.url,
    is_source_local: false,
    is_source_both: false,
    description: result.description,
    ...(result.pageAge !== undefined ? { page_age: result.pageAge, age: humanDate(result.pageAge) } : {}),
    profile: url ? { name: url.hostname, url: result.url, long_name: url.hostname, img: "" } : undefined,
    language: "en",
    family_friendly: true,
    meta_url: {
      scheme: url?.protocol.replace(":", "") ?? "",
      netloc: url?.host ?? "",
      hostname: url?.hostname ?? "",
      favicon: "",
      // Brave shows the path as a breadcrumb, not as the URL's path.
      path: segments.length > 0 ? ` › ${segments.join(" › ")}` : "",
    },
  };
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** Brave's `age` for an older page, "March 15, 2025"; built by hand so it does not depend on the locale. */
function humanDate(pageAge: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(pageAge);
  if (!match) return undefined;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}, ${match[1]}` : undefined;
}

function validateParameters(q: string | null, rawCount: string | null) {
  const problems: Array<{ type: string; loc: string[]; msg: string; input: string | null }> = [];
  if (q === null || q.trim() === "") {
    problems.push({ type: "missing", loc: ["query", "q"], msg: "Field required", input: q });
  } else if (q.length > MAX_QUERY_LENGTH) {
    problems.push({
      type: "string_too_long",
      loc: ["query", "q"],
      msg: `String should have at most ${MAX_QUERY_LENGTH} characters`,
      input: q,
    });
  }
  if (rawCount !== null && parseInteger(rawCount) === null) {
    problems.push({
      type: "int_parsing",
      loc: ["query", "count"],
      msg: "Input should be a valid integer",
      input: rawCount,
    });
  }
  return problems;
}

function sendBraveError(
  response: http.ServerResponse,
  status: number,
  code: string,
  detail: string,
  meta: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): void {
  sendJson(
    response,
    status,
    {
      type: "ErrorResponse",
      error: { id: randomUUID(), status, code, detail, meta },
      time: Math.floor(Date.now() / 1000),
    },
    headers,
  );
}

function errorCodeFor(status: number): string {
  if (status === 401) return "SUBSCRIPTION_TOKEN_INVALID";
  if (status === 402 || status === 403) return "OPTION_NOT_IN_PLAN";
  if (status === 404) return "RESOURCE_NOT_FOUND";
  if (status === 422) return "VALIDATION";
  if (status === 429) return "RATE_LIMITED";
  return "SERVER_ERROR";
}

/** Brave reports a per-second and a per-month window in each header, in that order. */
function rateLimitHeaders(remainingThisSecond: number): Record<string, string> {
  return {
    "x-ratelimit-limit": "1, 2000",
    "x-ratelimit-policy": "1;w=1, 2000;w=2592000",
    "x-ratelimit-remaining": `${remainingThisSecond}, 1958`,
    "x-ratelimit-reset": "1, 1419200",
  };
}

function acceptsJson(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept
    .split(",")
    .map((part) => part.split(";")[0]!.trim().toLowerCase())
    .some((type) => type === "application/json" || type === "application/*" || type === "*/*");
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

function parseInteger(raw: string | null): number | null {
  if (raw === null || !/^-?\d+$/.test(raw.trim())) return null;
  return Number(raw.trim());
}

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "query"
  );
}
