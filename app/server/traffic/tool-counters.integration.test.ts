import fs from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { toolListSchema } from "~/lib/api/schemas";
import { trendingScore } from "~/lib/trending";
import { loader as apiToolsLoader } from "~/routes/api-v1-tools";
import { loader as homeLoader } from "~/routes/home";
import { loader as toolLoader } from "~/routes/tool";
import { listenOnLoopback } from "../../../tests/setup/loopback-app";
import { getRequest } from "../../../tests/setup/route-calls";
import { contextFor, createTestServices, type TestServices } from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createPageCache, etagOf } from "../cache/page-cache.server";
import { listTools } from "../catalog/tools.server";
import { DEMO_TRAFFIC_DAYS, demoDailyCounts } from "../db/demo/traffic.server";
import { savedTools, toolDailyCounts, tools, toolVotes } from "../db/schema.server";
import { seedDemoCatalogue } from "../db/seed.server";
import { cacheKeyOf, createCachedHitResponder } from "../http/cached-hits.server";
import { createHostPolicy } from "../http/host-policy.server";
import { countWebsiteClicks } from "../http/website-clicks.server";
import { createCatalogueMcpServer } from "../mcp/mcp-server.server";
import { utcDay } from "../search/search-log.server";
import { createLocalStorage } from "../storage/local-storage.server";
import { createToolCounters, pruneToolCounts, TOOL_COUNT_DAYS } from "./tool-counters.server";
import type { ToolViewNote } from "./tool-views.server";
import { refreshTrendingScores } from "./trending.server";

// Issue 33's counters and issue 34's Trending (decisions 178, 179): views and website clicks counted
// in memory without anything about the visitor, written in batches, crawlers left out; the stored
// score orders the demo by its seeded figures, and a burst of views moves a tool up.

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const DAY_MS = 24 * 60 * 60 * 1000;

let database: TestDatabase;
let services: TestServices;
let uploadsDir: string;
let today: string;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "aitlas-counters-"));
  services = createTestServices({ db: database.db });
  await seedDemoCatalogue({
    db: database.db,
    storage: createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" }),
  });
  today = utcDay(new Date());
}, 120_000);
afterAll(async () => {
  await database.dispose();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

const slugOf = async (id: string) =>
  (await database.db.select({ slug: tools.slug }).from(tools).where(eq(tools.id, id)))[0]!.slug;
const idOf = async (slug: string) =>
  (await database.db.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug)))[0]!.id;

async function countsOf(toolId: string) {
  const [row] = await database.db
    .select({ views: sql<number>`coalesce(sum(views), 0)::int`, clicks: sql<number>`coalesce(sum(clicks), 0)::int` })
    .from(toolDailyCounts)
    .where(sql`${toolDailyCounts.toolId} = ${toolId} and ${toolDailyCounts.day} = ${today}::date`);
  return row!;
}

async function trendingSlugs(pageSize = 100) {
  const page = await listTools({
    db: database.db,
    filters: { query: "", category: null, pricing: [], tags: [] },
    order: "trending",
    pageSize,
  });
  return page.tools.map((tool) => tool.slug);
}

/** The order the seed's figures give, with app/lib/trending.ts's sum over the days as stored and the saves and votes. */
async function expectedTrendingOrder(): Promise<string[]> {
  const days = new Map<string, { age: number; views?: number; clicks?: number; saves?: number; votes?: number }[]>();
  const add = (
    slug: string,
    day: string,
    activity: { views?: number; clicks?: number; saves?: number; votes?: number },
  ) => {
    const age = Math.round((Date.parse(today) - Date.parse(day)) / DAY_MS);
    days.set(slug, [...(days.get(slug) ?? []), { age, ...activity }]);
  };
  const rows = await database.db
    .select({
      slug: tools.slug,
      day: toolDailyCounts.day,
      views: toolDailyCounts.views,
      clicks: toolDailyCounts.clicks,
    })
    .from(toolDailyCounts)
    .innerJoin(tools, eq(tools.id, toolDailyCounts.toolId));
  for (const row of rows) add(row.slug, row.day, { views: row.views, clicks: row.clicks });
  for (const table of [savedTools, toolVotes]) {
    const events = await database.db
      .select({ slug: tools.slug, at: table.createdAt })
      .from(table)
      .innerJoin(tools, eq(tools.id, table.toolId));
    for (const event of events) add(event.slug, utcDay(event.at), table === savedTools ? { saves: 1 } : { votes: 1 });
  }
  const listed = await database.db
    .select({ slug: tools.slug, rankingScore: tools.rankingScore, id: tools.id })
    .from(tools);
  const score = (slug: string) => Math.round(trendingScore(days.get(slug) ?? []) * 10_000) / 10_000;
  return listed
    .sort((a, b) => score(b.slug) - score(a.slug) || b.rankingScore - a.rankingScore || (a.id < b.id ? -1 : 1))
    .map((tool) => tool.slug);
}

describe("the demo's figures", () => {
  test("are the seed's: twelve weeks for every demo tool, before today", async () => {
    const rows = await database.db
      .select({
        slug: tools.slug,
        day: toolDailyCounts.day,
        views: toolDailyCounts.views,
        clicks: toolDailyCounts.clicks,
      })
      .from(toolDailyCounts)
      .innerJoin(tools, eq(tools.id, toolDailyCounts.toolId));
    const seededOn = rows.reduce((latest, row) => (row.day > latest ? row.day : latest), "");
    const slugs = [...new Set(rows.map((row) => row.slug))];
    expect(slugs.length).toBe(await database.db.$count(tools));
    expect(rows.length).toBe(slugs.length * DEMO_TRAFFIC_DAYS);
    const dayOf = (daysAgo: number) => new Date(Date.parse(seededOn) - (daysAgo - 1) * DAY_MS);
    const expected = demoDailyCounts(slugs, (daysAgo) => dayOf(daysAgo).getUTCDay()).map(
      ({ slug, daysAgo, views, clicks }) => ({ slug, day: utcDay(dayOf(daysAgo)), views, clicks }),
    );
    const key = (row: { slug: string; day: string }) => `${row.slug} ${row.day}`;
    expect(rows.toSorted((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.toSorted((a, b) => key(a).localeCompare(key(b))),
    );
  });

  test("order Trending at once: the lists, home's section, the API and MCP", async () => {
    const expected = await expectedTrendingOrder();
    expect(await trendingSlugs()).toEqual(expected);

    const request = getRequest("/");
    const home = await homeLoader({ request, params: {}, context: await contextFor(services, request) } as never);
    expect(home.trending.map((tool) => tool.slug)).toEqual(expected.slice(0, home.trending.length));
    expect(home.trending.length).toBeGreaterThan(0);

    const api = (await apiToolsLoader({
      request: new Request("http://localhost/api/v1/tools?sort=trending&limit=10"),
      params: {},
      context: { db: database.db, siteUrl: null, apiRateLimiter: null, clientIp: "198.51.100.1", pageTags: new Set() },
    } as never)) as Response;
    expect(api.status).toBe(200);
    const listed = toolListSchema.parse(await api.json());
    expect(listed.data.map((tool) => tool.slug)).toEqual(expected.slice(0, 10));
    // The cursor walks on in the same order.
    const next = (await apiToolsLoader({
      request: new Request(`http://localhost/api/v1/tools?sort=trending&limit=10&cursor=${listed.next_cursor}`),
      params: {},
      context: { db: database.db, siteUrl: null, apiRateLimiter: null, clientIp: "198.51.100.2", pageTags: new Set() },
    } as never)) as Response;
    expect(toolListSchema.parse(await next.json()).data.map((tool) => tool.slug)).toEqual(expected.slice(10, 20));

    const server = createCatalogueMcpServer({ db: database.db, siteUrl: "http://localhost" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const mcp = new Client({ name: "test", version: "1.0.0" });
    await server.connect(serverSide);
    await mcp.connect(clientSide);
    try {
      const result = await mcp.callTool({ name: "search_tools", arguments: { sort: "trending", limit: 10 } });
      expect((result.structuredContent as { tools: { slug: string }[] }).tools.map((tool) => tool.slug)).toEqual(
        expected.slice(0, 10),
      );
    } finally {
      await Promise.all([mcp.close(), server.close()]);
    }
  });
});

describe("counting", () => {
  test("is in memory until a flush, then one row per tool and day; a burst of views moves a tool up on the next trending run", async () => {
    const order = await trendingSlugs();
    const climber = order[9]!;
    const climberId = await idOf(climber);
    const [leader, climbersScore] = await Promise.all(
      [order[0]!, climber].map(
        async (slug) =>
          (await database.db.select({ score: tools.trendingScore }).from(tools).where(eq(tools.slug, slug)))[0]!.score,
      ),
    );
    const counters = createToolCounters({ db: database.db, flushIntervalMs: null });
    const before = await countsOf(climberId);
    // A view today is worth one point: one more than the gap puts it first.
    const burst = Math.ceil(leader! - climbersScore!) + 1;
    for (let index = 0; index < burst; index += 1) counters.view(climberId);
    counters.click(climberId);
    expect(await countsOf(climberId)).toEqual(before);
    expect(await trendingSlugs()).toEqual(order);

    await counters.flush();
    expect(await countsOf(climberId)).toEqual({ views: before.views + burst, clicks: before.clicks + 1 });
    // The order moves with the hourly "trending" job, not with each flush (decision 188).
    expect(await trendingSlugs()).toEqual(order);
    await refreshTrendingScores({ db: database.db, today: utcDay(new Date()) });
    expect((await trendingSlugs())[0]).toBe(climber);
    expect(await trendingSlugs()).toEqual(await expectedTrendingOrder());

    // A second flush adds to the same row; nothing waits, nothing is written twice.
    counters.view(climberId);
    await counters.stop();
    expect(await countsOf(climberId)).toEqual({ views: before.views + burst + 1, clicks: before.clicks + 1 });
  });

  test("drops a tool deleted since, and an id that never was one, without losing the rest", async () => {
    const counters = createToolCounters({ db: database.db, flushIntervalMs: null });
    const kept = await idOf((await trendingSlugs())[5]!);
    const before = await countsOf(kept);
    counters.view("00000000-0000-4000-8000-000000000000");
    counters.view(kept);
    await counters.stop();
    expect(await countsOf(kept)).toEqual({ views: before.views + 1, clicks: before.clicks });
  });

  test("stores nothing about the visitor: a tool, a day and two numbers", async () => {
    const columns = await database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'tool_daily_counts' order by ordinal_position`,
    );
    expect((columns as unknown as { rows: { column_name: string }[] }).rows.map((row) => row.column_name)).toEqual([
      "tool_id",
      "day",
      "views",
      "clicks",
    ]);
  });

  test("the tool page notes its tool for the HTTP layer, and sets no cookie", async () => {
    const slug = (await trendingSlugs())[3]!;
    const request = getRequest(`/tool/${slug}`);
    const toolView: ToolViewNote = { toolId: null };
    const data = await toolLoader({
      request,
      params: { id: slug },
      context: { ...(await contextFor(services, request)), toolView },
    } as never);
    expect(toolView.toolId).toBe(data.tool.id);
    expect(await slugOf(toolView.toolId!)).toBe(slug);
    // "Visit website" goes to the stored website, with the site's ref.
    expect(new URL(data.tool.websiteLink!).searchParams.get("ref")).toBe("aitlas");
    expect(data.tool.websiteLink!.startsWith(data.tool.website!.replace(/\/$/, ""))).toBe(true);
  });
});

describe("over HTTP", () => {
  test("a stored tool page counts a view at each hit by a browser; crawlers, prefetches and scripts are not counted", async () => {
    const toolId = await idOf((await trendingSlugs())[7]!);
    const cache = createPageCache({ ttlMs: 60_000, staleMs: 60_000, maxBytes: 1_000_000 });
    const counters = createToolCounters({ db: database.db, flushIntervalMs: null });
    const answer = createCachedHitResponder({
      cache,
      hostPolicy: createHostPolicy({ publicUrl: undefined, allowedHosts: [] }),
      trustProxyHops: 0,
      apiRateLimiter: null,
      searchLog: null,
      toolCounters: counters,
      securityHeaders: {},
      closing: () => false,
    });
    const server = createServer((req, res) => void (answer(req, res) || res.writeHead(404).end()));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const before = await countsOf(toolId);
    try {
      cache.set(cacheKeyOf({ origin, url: "/tool/x", api: false, cookie: "" }), {
        status: 200,
        headers: [["content-type", "text/html"]],
        body: Buffer.from("<p>tool</p>"),
        etag: etagOf("<p>tool</p>"),
        tags: ["site"],
        toolView: toolId,
      });
      const hit = async (headers: Record<string, string>) => {
        const response = await fetch(`${origin}/tool/x`, { headers });
        expect(response.headers.get("x-cache")).toBe("HIT");
        expect(response.headers.get("set-cookie")).toBeNull();
      };
      await hit({ "user-agent": CHROME });
      await hit({ "user-agent": CHROME, "if-none-match": etagOf("<p>tool</p>") });
      await hit({ "user-agent": GOOGLEBOT });
      await hit({ "user-agent": "curl/8.5.0" });
      await hit({ "user-agent": CHROME, "sec-purpose": "prefetch" });
      await hit({ "user-agent": "" });
      await counters.stop();
      expect(await countsOf(toolId)).toEqual({ views: before.views + 2, clicks: before.clicks });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  test('a "Visit website" ping counts a click; a post that is not a browser\'s ping from this site does not', async () => {
    const toolId = await idOf((await trendingSlugs())[8]!);
    const counters = createToolCounters({ db: database.db, flushIntervalMs: null });
    const app = express();
    app.post(...countWebsiteClicks(counters));
    const loopback = await listenOnLoopback(app);
    const before = await countsOf(toolId);
    try {
      const ping = async (headers: Record<string, string>, id = toolId) => {
        const response = await fetch(`${loopback.base}/visit/${id}`, {
          method: "POST",
          headers: { "content-type": "text/ping", ...headers },
          body: "PING",
        });
        expect(response.status).toBe(204);
      };
      const browser = {
        "user-agent": CHROME,
        "ping-to": "https://example.org/?ref=aitlas",
        "sec-fetch-site": "same-origin",
      };
      await ping(browser);
      await ping(browser);
      await ping({ ...browser, "user-agent": GOOGLEBOT });
      await ping({ ...browser, "sec-fetch-site": "cross-site" });
      await ping({ "user-agent": CHROME });
      await ping(browser, "not-a-tool");
      await counters.stop();
      expect(await countsOf(toolId)).toEqual({ views: before.views, clicks: before.clicks + 2 });
    } finally {
      await loopback.close();
    }
  });
});

describe("the scores over time", () => {
  test("age day by day, leave the window after 7 days, and old counts are pruned", async () => {
    // Scores as the hourly job leaves them: the tests above counted views since it last ran.
    await refreshTrendingScores({ db: database.db, today });
    const toolId = await idOf((await trendingSlugs())[0]!);
    const inAWeek = utcDay(new Date(Date.now() + 7 * DAY_MS));
    const later = utcDay(new Date(Date.now() + 30 * DAY_MS));
    const scoreOf = async () =>
      (await database.db.select({ score: tools.trendingScore }).from(tools).where(eq(tools.id, toolId)))[0]!.score;
    const now = await scoreOf();
    expect(now).toBeGreaterThan(0);
    // Today's counts are a week old then: only saves and votes made after now could count, and there are none.
    await refreshTrendingScores({ db: database.db, today: inAWeek });
    expect(await scoreOf()).toBe(0);
    expect(await database.db.$count(tools, sql`${tools.trendingScore} > 0`)).toBe(0);
    await refreshTrendingScores({ db: database.db, today });
    expect(await scoreOf()).toBe(now);

    const rowsBefore = await database.db.$count(toolDailyCounts);
    expect(await pruneToolCounts({ db: database.db, today: later })).toBe(0);
    const farFuture = utcDay(new Date(Date.now() + (TOOL_COUNT_DAYS + 1) * DAY_MS));
    expect(await pruneToolCounts({ db: database.db, today: farFuture })).toBe(rowsBefore);
  });
});
