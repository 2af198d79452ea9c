import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeBraveSearch, type FakeBraveSearch } from "../../../tests/fakes/brave-search";
import { createWebSearchClient, SEARCH_DEFAULTS, type WebSearchSettings } from "./web-search.server";

// The Brave client against a loopback server that speaks Brave's protocol.

const API_KEY = "brave-test-key-0123456789";
let brave: FakeBraveSearch;

beforeAll(async () => {
  brave = await startFakeBraveSearch({ apiKey: API_KEY });
});
afterAll(async () => {
  await brave.stop();
});
beforeEach(() => {
  brave.reset();
});

function client(overrides: Partial<WebSearchSettings> = {}) {
  const log = { warn: vi.fn(), info: vi.fn() };
  const search = createWebSearchClient({ apiKey: API_KEY, baseUrl: brave.origin, pauseMs: 5, log, ...overrides });
  return { search, log };
}

describe("web search", () => {
  it("asks GET /res/v1/web/search with the query, 10 results and the subscription token, and reads web.results", async () => {
    brave.queue({
      kind: "results",
      results: [
        {
          title: "Acme <strong>Writer</strong> &amp; friends",
          url: "https://acme.example/writer",
          description: "The <strong>best</strong> writer",
          pageAge: "2026-10-01T00:00:00",
        },
        { title: "No address", url: "javascript:alert(1)", description: "dropped" },
        { title: "Review", url: "https://reviews.example/acme", description: "A review" },
      ],
    });
    const { search } = client();
    const outcome = await search.search("acme writer");

    expect(brave.requests()).toEqual([
      expect.objectContaining({ q: "acme writer", count: SEARCH_DEFAULTS.count, token: API_KEY }),
    ]);
    expect(outcome).toEqual({
      query: "acme writer",
      total: 2,
      results: [
        {
          title: "Acme Writer & friends",
          url: "https://acme.example/writer",
          description: "The best writer",
          published: "2026-10-01T00:00:00",
        },
        { title: "Review", url: "https://reviews.example/acme", description: "A review", published: null },
      ],
    });
  });

  it("asks for the count given, within Brave's 1 to 20", async () => {
    const { search } = client();
    await search.search("a", { count: 3 });
    await search.search("b", { count: 500 });
    await search.search("c", { count: 0 });
    expect(brave.requests().map((request) => request.count)).toEqual([3, 20, 1]);
  });

  it("runs a batch one search after another with the spec's 1.1 s pause after each", async () => {
    const { search } = client({ pauseMs: undefined });
    const started = Date.now();
    const outcomes = await search.searchAll(["one", "two", "three"]);

    expect(outcomes.map((outcome) => outcome.query)).toEqual(["one", "two", "three"]);
    expect(outcomes.every((outcome) => outcome.results.length > 0)).toBe(true);
    const times = brave.requests().map((request) => request.at);
    expect(brave.requests().map((request) => request.q)).toEqual(["one", "two", "three"]);
    // A lower bound only: a slow machine makes the gaps longer, never shorter. 1 ms for clock rounding.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(SEARCH_DEFAULTS.pauseMs - 1);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(SEARCH_DEFAULTS.pauseMs - 1);
    // The pause follows the last search too.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * SEARCH_DEFAULTS.pauseMs - 1);
  });

  it("waits the pause after a 429 and asks the same search again", async () => {
    brave.queue(
      { kind: "rate-limited" },
      { kind: "results", results: [{ title: "Found", url: "https://found.example/", description: "" }] },
    );
    const { search, log } = client({ pauseMs: undefined });
    const outcome = await search.search("busy");

    const requests = brave.requests();
    expect(requests.map((request) => request.q)).toEqual(["busy", "busy"]);
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(SEARCH_DEFAULTS.pauseMs - 1);
    expect(outcome.results.map((result) => result.title)).toEqual(["Found"]);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it("gives an empty result, logged, when the rate limit outlasts the retries", async () => {
    brave.queue({ kind: "rate-limited" }, { kind: "rate-limited" }, { kind: "rate-limited" });
    const { search, log } = client({ rateLimitRetries: 2 });
    expect(await search.search("still busy")).toEqual({ query: "still busy", results: [], total: 0 });
    expect(brave.requests()).toHaveLength(3);
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it.each([
    ["a server error", { kind: "status", status: 500 } as const],
    ["a refused key", { kind: "status", status: 401 } as const],
    ["a reply without web results", { kind: "no-web" } as const],
    ["a reply that is not JSON", { kind: "invalid-json" } as const],
  ])("gives an empty result for %s, logged without the key", async (_name, reply) => {
    brave.queue(reply);
    const { search, log } = client();
    expect(await search.search("broken")).toEqual({ query: "broken", results: [], total: 0 });
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(API_KEY);
  });

  it("gives an empty result when the key is wrong", async () => {
    const { search, log } = client({ apiKey: "not-the-key" });
    expect((await search.search("anything")).results).toEqual([]);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ status: 401 });
  });

  it("gives up on a search that does not answer within the timeout", async () => {
    brave.queue({ kind: "hang" });
    const { search, log } = client({ timeoutMs: 200 });
    expect(await search.search("slow")).toEqual({ query: "slow", results: [], total: 0 });
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ reason: "no answer within 200 ms" });
  });

  it("stops at once when the caller cancels, during a search or during the pause", async () => {
    brave.queue({ kind: "hang" });
    const { search } = client({ pauseMs: 60_000 });
    const during = new AbortController();
    const pending = search.search("hanging", { signal: during.signal });
    setTimeout(() => during.abort(new Error("cancelled by the admin")), 50);
    await expect(pending).rejects.toThrow("cancelled by the admin");

    const pausing = new AbortController();
    const batch = search.searchAll(["first", "never"], { signal: pausing.signal });
    await vi.waitFor(() => expect(brave.requests().map((request) => request.q)).toContain("first"));
    pausing.abort(new Error("cancelled in the pause"));
    await expect(batch).rejects.toThrow("cancelled in the pause");
    expect(brave.requests().map((request) => request.q)).not.toContain("never");
  });
});
