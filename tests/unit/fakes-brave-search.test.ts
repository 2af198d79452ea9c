import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeBraveSearch, type FakeBraveSearch } from "../fakes/brave-search";

// The fake stands in for Brave Search in the end-to-end tests of the research assistant, so it is
// checked here the way the app's client uses it: a GET with the subscription token, and each kind
// of answer a test can queue, in the shapes Brave documents.

const API_KEY = "test-brave-key";

interface BraveWebResult {
  type: string;
  title: string;
  url: string;
  description: string;
  page_age?: string;
  age?: string;
  language: string;
  family_friendly: boolean;
  meta_url: { scheme: string; netloc: string; hostname: string; path: string };
}

interface BraveSearchBody {
  type: string;
  query: { original: string; more_results_available: boolean };
  web?: { type: string; family_friendly: boolean; results: BraveWebResult[] };
}

interface BraveErrorBody {
  type: string;
  error: { id: string; status: number; code: string; detail: string; meta: Record<string, unknown> };
  time: number;
}

let brave: FakeBraveSearch;

beforeAll(async () => {
  brave = await startFakeBraveSearch({ apiKey: API_KEY });
});
afterAll(() => brave.stop());
beforeEach(() => brave.reset());

function search(
  params: Record<string, string>,
  { token = API_KEY, signal }: { token?: string | null; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = { accept: "application/json" };
  if (token !== null) headers["x-subscription-token"] = token;
  return fetch(`${brave.origin}/res/v1/web/search?${new URLSearchParams(params)}`, { headers, signal });
}

describe("fake Brave Search", () => {
  it("answers with three results made from the query when nothing is queued", async () => {
    const response = await search({ q: "Acme Writer", count: "10" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as BraveSearchBody;
    expect(body.type).toBe("search");
    expect(body.query).toMatchObject({ original: "Acme Writer", more_results_available: false });
    expect(body.web?.type).toBe("search");
    expect(body.web?.results).toHaveLength(3);
    expect(body.web?.results[0]).toMatchObject({
      type: "search_result",
      title: "Acme Writer — result 1",
      url: "https://example.com/acme-writer/1",
      page_age: "2025-01-15T09:00:00",
      age: "January 15, 2025",
      language: "en",
      family_friendly: true,
      meta_url: { scheme: "https", netloc: "example.com", hostname: "example.com", path: " › acme-writer › 1" },
    });
    expect(body.web?.results[0]?.description).toContain("Acme Writer");

    // The same query gets the same answer: runs must be repeatable.
    const again = (await (await search({ q: "Acme Writer", count: "10" })).json()) as BraveSearchBody;
    expect(again.web).toEqual(body.web);
  });

  it("returns at most count results, clamped to Brave's 1..20, and says more are available", async () => {
    const results = Array.from({ length: 25 }, (_, index) => ({
      title: `Page ${index}`,
      url: `https://docs.example.org/page-${index}`,
      description: `Page ${index}`,
    }));
    brave.queue({ kind: "results", results }, { kind: "results", results }, { kind: "results", results });

    const two = (await (await search({ q: "pages", count: "2" })).json()) as BraveSearchBody;
    expect(two.web?.results.map((result) => result.title)).toEqual(["Page 0", "Page 1"]);
    expect(two.query.more_results_available).toBe(true);
    expect(two.web?.results[0]).not.toHaveProperty("page_age");

    const tooMany = (await (await search({ q: "pages", count: "50" })).json()) as BraveSearchBody;
    expect(tooMany.web?.results).toHaveLength(20);

    const noCount = (await (await search({ q: "pages" })).json()) as BraveSearchBody;
    expect(noCount.web?.results).toHaveLength(10);

    expect(brave.requests().map((request) => request.count)).toEqual([2, 50, null]);
  });

  it("refuses a wrong or missing subscription token with Brave's error body", async () => {
    for (const token of ["wrong-key", null]) {
      const response = await search({ q: "anything" }, { token });
      expect(response.status).toBe(401);
      const body = (await response.json()) as BraveErrorBody;
      expect(body).toMatchObject({
        type: "ErrorResponse",
        error: {
          status: 401,
          code: "SUBSCRIPTION_TOKEN_INVALID",
          detail: "The provided subscription token is invalid.",
        },
      });
      expect(typeof body.time).toBe("number");
    }
    expect(brave.requests().map((request) => request.token)).toEqual(["wrong-key", null]);
  });

  it("answers 422 without q, and a refused request does not take a queued reply", async () => {
    brave.queue({ kind: "status", status: 503 });
    const response = await search({ count: "5" });
    expect(response.status).toBe(422);
    expect(((await response.json()) as BraveErrorBody).error.code).toBe("VALIDATION");

    expect((await search({ q: "next" })).status).toBe(503);
  });

  it("plays queued replies in order, then falls back to the default", async () => {
    brave.queue(
      { kind: "rate-limited" },
      { kind: "status", status: 500 },
      { kind: "no-web" },
      { kind: "invalid-json" },
      {
        kind: "results",
        results: [
          { title: "Only", url: "https://only.example", description: "The one", pageAge: "2024-11-02T00:00:00" },
        ],
      },
    );

    const limited = await search({ q: "one" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-ratelimit-remaining")).toMatch(/^0,/);
    expect(limited.headers.get("x-ratelimit-limit")).toBeTruthy();
    expect(limited.headers.get("x-ratelimit-reset")).toBeTruthy();
    expect(((await limited.json()) as BraveErrorBody).error.code).toBe("RATE_LIMITED");

    const failed = await search({ q: "two" });
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as BraveErrorBody).type).toBe("ErrorResponse");

    const noWeb = await search({ q: "three" });
    expect(noWeb.status).toBe(200);
    const noWebBody = (await noWeb.json()) as BraveSearchBody;
    expect(noWebBody.type).toBe("search");
    expect(noWebBody).not.toHaveProperty("web");

    const garbage = await search({ q: "four" });
    expect(garbage.status).toBe(200);
    expect(garbage.headers.get("content-type")).toMatch(/^application\/json/);
    await expect(garbage.json()).rejects.toThrow();

    const only = (await (await search({ q: "five" })).json()) as BraveSearchBody;
    expect(only.web?.results).toHaveLength(1);
    expect(only.web?.results[0]).toMatchObject({
      title: "Only",
      page_age: "2024-11-02T00:00:00",
      age: "November 2, 2024",
    });

    const fallback = (await (await search({ q: "six" })).json()) as BraveSearchBody;
    expect(fallback.web?.results[0]?.title).toBe("six — result 1");

    expect(brave.requests().map((request) => request.q)).toEqual(["one", "two", "three", "four", "five", "six"]);
  });

  it("holds a hanging request open until the client aborts", async () => {
    brave.queue({ kind: "hang" });
    const started = Date.now();
    await expect(search({ q: "slow" }, { signal: AbortSignal.timeout(150) })).rejects.toThrow(/abort|timeout/i);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(brave.requests()).toHaveLength(1);
  });

  it("stops promptly even with a request left hanging", async () => {
    const other = await startFakeBraveSearch({ apiKey: API_KEY });
    other.queue({ kind: "hang" });
    // Settled from the start: the fetch rejects as the server goes, before it could be awaited.
    const outcome = Promise.allSettled([
      fetch(`${other.origin}/res/v1/web/search?q=held`, { headers: { "x-subscription-token": API_KEY } }),
    ]);
    await expect.poll(() => other.requests().length).toBe(1);
    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect((await outcome)[0]?.status).toBe("rejected");
  });
});
