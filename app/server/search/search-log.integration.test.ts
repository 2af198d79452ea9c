import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import AdminDashboard, { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as categoryLoader } from "~/routes/category";
import { loader as homeLoader } from "~/routes/home";
import { loader as tagLoader } from "~/routes/tag";
import { searchQueriesDaily } from "~/server/db/schema.server";
import { insertTools, tagTools } from "../../../tests/setup/fixtures";
import { getRequest } from "../../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createPageCache, etagOf } from "../cache/page-cache.server";
import { cacheKeyOf, createCachedHitResponder } from "../http/cached-hits.server";
import { createHostPolicy } from "../http/host-policy.server";
import { createSearchLog, normaliseSearchQuery, pruneSearchCounts, type SearchNote } from "./search-log.server";
import { readSearchReport } from "./search-report.server";

// What people look for (issue 31, decision 162): the pages note their searches, the log counts them
// by day and normalised text, and the dashboard lists the top and the empty ones of 30 days.

let database: TestDatabase;
let services: TestServices;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  adminCookie = (await createSignedInAdmin(services, "admin@example.com")).cookie;
  memberCookie = (await createSignedInUser(services, "member@example.com")).cookie;
  await insertTools(
    database.db,
    { name: "Transcribe Pro", category: "Audio", description: "<p>Turns speech into text.</p>" },
    { name: "Sketchy", category: "Image", description: "<p>Draws pictures from words.</p>" },
  );
  await tagTools(database.db, { "Transcribe Pro": ["speech"] });
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${searchQueriesDaily}`);
});

const rows = () =>
  database.db.select().from(searchQueriesDaily).orderBy(searchQueriesDaily.day, searchQueriesDaily.query);

/** Runs a page's loader as the HTTP layer does, and answers what it noted. */
async function noted(
  loader: typeof homeLoader | typeof categoryLoader | typeof tagLoader,
  path: string,
  params: Record<string, string> = {},
  { data = false } = {},
) {
  const request = getRequest(path, { data });
  const searchNote: SearchNote = { seen: null };
  await loader({ request, params, context: { ...(await contextFor(services, request)), searchNote } } as never);
  return searchNote.seen;
}

describe("the pages people search from", () => {
  it("note the normalised text of a search asked for as a page, and whether it found nothing", async () => {
    expect(await noted(homeLoader, "/?q=%20%20Transcribe%20%20%20PRO ")).toEqual({
      query: "transcribe pro",
      zero: false,
    });
    expect(await noted(homeLoader, "/?q=qqqzzzvvv")).toEqual({ query: "qqqzzzvvv", zero: true });
    expect(await noted(categoryLoader, "/category/Audio?q=pictures", { category: "Audio" })).toEqual({
      query: "pictures",
      zero: true,
    });
    expect(await noted(tagLoader, "/tag/speech?q=speech", { slug: "speech" })).toEqual({
      query: "speech",
      zero: false,
    });
  });

  it("note nothing for the results that follow the typing, a next page, no text, or an email address", async () => {
    // A client navigation's data request: what the search box asks for while the visitor types.
    expect(await noted(homeLoader, "/?q=transcri", {}, { data: true })).toBeNull();
    expect(await noted(homeLoader, "/?q=text&page=2").catch(() => null)).toBeNull();
    expect(await noted(homeLoader, "/")).toBeNull();
    expect(await noted(homeLoader, "/?q=jane%40example.org")).toBeNull();
  });
});

describe("normaliseSearchQuery", () => {
  it("lower-cases, trims, collapses spaces and caps the length", () => {
    expect(normaliseSearchQuery("  Video\t\nEDITING  ")).toBe("video editing");
    expect(normaliseSearchQuery("a".repeat(150))).toBe("a".repeat(100));
    expect(normaliseSearchQuery("   ")).toBeNull();
  });

  it.each([
    "jane@example.org",
    "write to JANE@EXAMPLE.ORG please",
    "jane＠example.org",
    "@jane",
    "jane [at] example [dot] org",
    "jane(at)example.org",
    "jane at example dot org",
    "jane at example.org",
  ])("keeps nothing of %j", (text) => {
    expect(normaliseSearchQuery(text)).toBeNull();
  });
});

describe("the search log", () => {
  it("adds the searches of a day and text into one row, the empty ones counted apart, in one flush", async () => {
    let now = new Date("2026-03-10T23:59:00Z");
    const log = createSearchLog({ db: database.db, flushIntervalMs: null, now: () => now });
    log.count({ query: "video editing", zero: false });
    log.count({ query: "video editing", zero: false });
    log.count({ query: "video editing", zero: true });
    log.count({ query: "interior design", zero: true });
    now = new Date("2026-03-11T00:00:01Z");
    log.count({ query: "video editing", zero: false });
    await log.flush();
    log.count({ query: "video editing", zero: false });
    await log.stop();
    expect(await rows()).toEqual([
      { day: "2026-03-10", query: "interior design", searchCount: 1, zeroResultCount: 1 },
      { day: "2026-03-10", query: "video editing", searchCount: 3, zeroResultCount: 1 },
      { day: "2026-03-11", query: "video editing", searchCount: 2, zeroResultCount: 0 },
    ]);
    // Nothing else is kept: no column says who searched.
    expect(Object.keys((await rows())[0]!)).toEqual(["day", "query", "searchCount", "zeroResultCount"]);
  });

  it("refuses an address the code let through: the table holds no '@'", async () => {
    await expect(
      database.db.insert(searchQueriesDaily).values({ day: "2026-03-10", query: "a@b.c", searchCount: 1 }),
    ).rejects.toThrow();
  });

  it("prunes the days before the 30-day window", async () => {
    await database.db.insert(searchQueriesDaily).values([
      { day: "2026-02-08", query: "old", searchCount: 4 },
      { day: "2026-02-09", query: "kept", searchCount: 2 },
    ]);
    await pruneSearchCounts({ db: database.db, today: "2026-03-10" });
    expect((await rows()).map((row) => row.query)).toEqual(["kept"]);
  });
});

describe("a stored search page", () => {
  it("is counted at each hit, as its render was", async () => {
    const cache = createPageCache({ ttlMs: 60_000, staleMs: 60_000, maxBytes: 1_000_000 });
    const log = createSearchLog({ db: database.db, flushIntervalMs: null });
    const answer = createCachedHitResponder({
      cache,
      hostPolicy: createHostPolicy({ publicUrl: undefined, allowedHosts: [] }),
      trustProxyHops: 0,
      apiRateLimiter: null,
      searchLog: log,
      securityHeaders: {},
      closing: () => false,
    });
    const server = createServer((req, res) => void (answer(req, res) || res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const stored = (url: string, search: { query: string; zero: boolean } | null) =>
        cache.set(cacheKeyOf({ origin, url, api: false, cookie: "" }), {
          status: 200,
          headers: [["content-type", "text/html"]],
          body: Buffer.from("<p>results</p>"),
          etag: etagOf("<p>results</p>"),
          tags: ["site"],
          search,
        });
      stored("/?q=video+editing", { query: "video editing", zero: false });
      // The data request behind the typing is stored with no search.
      stored("/_root.data?q=video+editing", null);
      for (const url of ["/?q=video+editing", "/?q=video+editing", "/_root.data?q=video+editing"]) {
        expect((await fetch(`${origin}${url}`)).headers.get("x-cache")).toBe("HIT");
      }
      await log.stop();
      expect(await rows()).toMatchObject([{ query: "video editing", searchCount: 2, zeroResultCount: 0 }]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("the report", () => {
  it("sums 30 days, today included, most searched first; the empty list until a search finds tools", async () => {
    await database.db.insert(searchQueriesDaily).values([
      // Outside the window (31 days ago) and inside it (30 days ago counts from today back).
      { day: "2026-02-08", query: "video editing", searchCount: 50 },
      { day: "2026-02-09", query: "video editing", searchCount: 2 },
      { day: "2026-03-10", query: "video editing", searchCount: 3 },
      { day: "2026-03-01", query: "code assistant", searchCount: 4 },
      { day: "2026-03-02", query: "interior design", searchCount: 2, zeroResultCount: 2 },
      { day: "2026-03-10", query: "interior design", searchCount: 1, zeroResultCount: 1 },
      // Empty, then found once the operator added a tool: off the empty list.
      { day: "2026-03-01", query: "3d printing", searchCount: 3, zeroResultCount: 3 },
      { day: "2026-03-05", query: "3d printing", searchCount: 1, zeroResultCount: 0 },
    ]);
    const report = await readSearchReport({ db: database.db, today: "2026-03-10" });
    expect(report.top).toEqual([
      { query: "video editing", count: 5 },
      { query: "3d printing", count: 4 },
      { query: "code assistant", count: 4 },
      { query: "interior design", count: 3 },
    ]);
    expect(report.zeroResults).toEqual([{ query: "interior design", count: 3 }]);
  });
});

describe("the dashboard", () => {
  async function load(cookie?: string, data = false) {
    const request = getRequest("/admin", { cookie, data });
    return dashboardLoader({ request, params: {}, context: await contextFor(services, request) } as never);
  }

  it("writes this process's pending searches first and lists both, each linking to its search", async () => {
    services.searchLog.count({ query: "video editing", zero: false });
    services.searchLog.count({ query: "video editing", zero: false });
    services.searchLog.count({ query: "tax return", zero: true });
    const data = await load(adminCookie);
    expect(data.searches.top).toEqual([
      { query: "video editing", count: 2 },
      { query: "tax return", count: 1 },
    ]);
    expect(data.searches.zeroResults).toEqual([{ query: "tax return", count: 1 }]);

    const Stub = createRoutesStub([{ id: "page", path: "/admin", Component: AdminDashboard as ComponentType }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/admin"], hydrationData: { loaderData: { page: data } } }),
    ).replaceAll("<!-- -->", "");
    expect(html).toContain("Top searches (30 days)");
    expect(html).toContain("Searches with no results (30 days)");
    expect(html).toMatch(/<a[^>]*href="\/\?q=video%20editing"[^>]*>video editing<\/a>/);
    expect(html).toContain("2 searches");
  });

  it("says so when nobody searched", async () => {
    const data = await load(adminCookie);
    const Stub = createRoutesStub([{ id: "page", path: "/admin", Component: AdminDashboard as ComponentType }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/admin"], hydrationData: { loaderData: { page: data } } }),
    );
    expect(html).toContain("No searches in the last 30 days.");
    expect(html).toContain("Every search of the last 30 days found tools.");
  });

  it("is the administrators' only", async () => {
    for (const cookie of [memberCookie, undefined]) {
      const refused = await load(cookie, true).then(
        () => null,
        (error: unknown) => error as Response,
      );
      expect(refused?.status).toBe(403);
    }
  });
});
