import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { problemSchema, toolListSchema } from "~/lib/api/schemas";
import type { ToolFilters } from "~/lib/tool-filters";
import { parseToolFilters } from "~/lib/tool-filters";
import { loader as toolsApiLoader } from "~/routes/api-v1-tools";
import { loader as homeLoader } from "~/routes/home";
import { toolFacts, tools } from "~/server/db/schema.server";
import { insertTools, tagTools } from "../../../tests/setup/fixtures";
import { loggingDatabase } from "../../../tests/setup/statement-log";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { searchCatalogue } from "../mcp/catalogue-answers.server";
import { countFactFilters } from "./fact-counts.server";
import { listTools } from "./tools.server";

// The fact filters (has=, platform=; decision 167) and the counts beside them, on a small catalogue
// whose facts are written as rows of tool_facts (decision 157): the triggers mirror them into
// tools.facets, which the lists, the API and MCP read.

let database: TestDatabase;

type Fact = typeof toolFacts.$inferInsert;
const checked = { sourceUrl: "https://example.com/facts", checkedAt: "2026-11-01" };

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  const rows = await insertTools(
    db,
    { name: "Open Api", category: "Writing", pricingModel: "free", description: "Writes notes for you" },
    { name: "Closed Api", category: "Writing", pricingModel: "paid", description: "Writes notes for teams" },
    { name: "Open Only", category: "Image", pricingModel: "free", description: "Draws pictures" },
    { name: "Says No", category: "Writing", pricingModel: "freemium", description: "Writes notes slowly" },
    { name: "Unknown", category: "Writing", pricingModel: "free", description: "Writes notes quietly" },
    { name: "Gone", category: "Writing", pricingModel: "free", description: "Writes notes no more" },
  );
  const id = (name: string) => rows.find((row) => row.name === name)!.id;
  const yes = (name: string, fact: Fact["fact"]): Fact => ({ toolId: id(name), fact, value: "yes", ...checked });
  await db.insert(toolFacts).values([
    yes("Open Api", "api"),
    yes("Open Api", "open_source"),
    yes("Open Api", "free_plan"),
    { toolId: id("Open Api"), fact: "platforms", items: ["web", "ios", "android"], ...checked },
    yes("Closed Api", "api"),
    { toolId: id("Closed Api"), fact: "open_source", value: "no", ...checked },
    { toolId: id("Closed Api"), fact: "platforms", items: ["web"], ...checked },
    yes("Open Only", "open_source"),
    yes("Open Only", "self_hostable"),
    { toolId: id("Open Only"), fact: "platforms", items: ["linux", "ios"], ...checked },
    // Known to lack them: a "no" never matches, like an unknown fact.
    { toolId: id("Says No"), fact: "api", value: "no", ...checked },
    { toolId: id("Says No"), fact: "open_source", value: "no", ...checked },
    yes("Gone", "api"),
    yes("Gone", "open_source"),
  ]);
  await tagTools(db, { "Open Api": ["notes"], "Closed Api": ["notes"] });
  // Lists leave discontinued tools out, and so do their counts.
  await db.update(tools).set({ discontinuedAt: new Date() }).where(eq(tools.name, "Gone"));
});
afterAll(() => database.dispose());

const noFilters: Omit<ToolFilters, "sort" | "page"> = { query: "", category: null, pricing: [], tags: [] };
const filtersOf = (filters: Partial<ToolFilters>) => ({ ...noFilters, ...filters });

async function names(filters: Partial<ToolFilters>) {
  const page = await listTools({ db: database.db, filters: filtersOf(filters), order: "name" });
  return page.tools.map((tool) => tool.name);
}

const counts = (filters: Partial<ToolFilters>) => countFactFilters({ db: database.db, filters: filtersOf(filters) });

describe("the fact filters", () => {
  test("has= keeps exactly the tools whose facts are all yes; unknown and no never match", async () => {
    expect(await names({ has: ["api"] })).toEqual(["Closed Api", "Open Api"]);
    expect(await names({ has: ["open-source"] })).toEqual(["Open Api", "Open Only"]);
    expect(await names({ has: ["api", "open-source"] })).toEqual(["Open Api"]);
    expect(await names({ has: ["self-hosted", "api"] })).toEqual([]);
  });

  test("platform= keeps the tools that run on all the platforms named, with the other filters", async () => {
    expect(await names({ platforms: ["ios"] })).toEqual(["Open Api", "Open Only"]);
    expect(await names({ platforms: ["ios", "android"] })).toEqual(["Open Api"]);
    expect(await names({ platforms: ["web"], category: "Writing", pricing: ["paid"] })).toEqual(["Closed Api"]);
    expect(await names({ has: ["api"], tags: ["notes"], platforms: ["ios"] })).toEqual(["Open Api"]);
  });

  test("a text search keeps them too, whichever order it is read in", async () => {
    const search = (order: "relevance" | "name") =>
      listTools({ db: database.db, filters: filtersOf({ query: "notes", has: ["api"] }), order });
    for (const order of ["relevance", "name"] as const) {
      expect((await search(order)).tools.map((tool) => tool.name).sort(), order).toEqual(["Closed Api", "Open Api"]);
    }
  });

  test("a fact changed from yes to no leaves the lists at once (the triggers' mirror)", async () => {
    const [closed] = await database.db.select({ id: tools.id }).from(tools).where(eq(tools.name, "Closed Api"));
    const where = and(eq(toolFacts.toolId, closed!.id), eq(toolFacts.fact, "api"));
    await database.db.update(toolFacts).set({ value: "no" }).where(where);
    expect(await names({ has: ["api"] })).toEqual(["Open Api"]);
    await database.db.update(toolFacts).set({ value: "yes" }).where(where);
    expect(await names({ has: ["api"] })).toEqual(["Closed Api", "Open Api"]);
  });

  test("the address reads has= and platform= in one order, dropping what it does not know", () => {
    const filters = parseToolFilters(
      new URLSearchParams("has=open-source&has=api&has=teleport&platform=ios&platform=ios&platform=amiga"),
    );
    expect(filters).toMatchObject({ has: ["api", "open-source"], platforms: ["ios"] });
  });
});

describe("the counts beside each choice", () => {
  test("say how many tools each choice would show, following every other filter", async () => {
    const all = await counts({});
    expect(all).toMatchObject({
      has: { "free-plan": 1, api: 2, "open-source": 2, "self-hosted": 1 },
      platforms: { web: 2, ios: 2, android: 1, windows: 0, macos: 0, linux: 1, "browser-extension": 0 },
      partial: false,
    });
    // With API chosen: the counts are of API tools (API itself counts the list).
    expect(await counts({ has: ["api"] })).toMatchObject({
      has: { "free-plan": 1, api: 2, "open-source": 1, "self-hosted": 0 },
      platforms: { web: 2, ios: 1, linux: 0 },
    });
    expect(await counts({ category: "Image" })).toMatchObject({ has: { api: 0, "open-source": 1 } });
    expect(await counts({ pricing: ["paid", "freemium"] })).toMatchObject({ has: { api: 1, "open-source": 0 } });
    expect(await counts({ tags: ["notes"], platforms: ["ios"] })).toMatchObject({ has: { api: 1 } });
    // An unknown tag matches nothing, so nothing is counted.
    expect(await counts({ tags: ["no-such-tag"] })).toMatchObject({ has: { api: 0 }, platforms: { web: 0 } });
  });

  test("follow a text search's matches", async () => {
    expect(await counts({ query: "notes" })).toMatchObject({
      has: { api: 2, "open-source": 1, "free-plan": 1 },
      platforms: { web: 2, ios: 1 },
      partial: false,
    });
    // Two letters: the spec's substring rule, no search engine.
    expect(await counts({ query: "Op" })).toMatchObject({ has: { api: 1, "open-source": 2 } });
  });

  test("the home page hands them to the list with the filtered tools", async () => {
    const request = new Request("http://localhost/?has=api&has=open-source");
    const data = (await homeLoader({ request, params: {}, context: { db: database.db, viewer: null } } as never)) as {
      toolPage: { tools: { name: string; factFacets: string[] }[]; total: number };
      factCounts: { has: Record<string, number> };
    };
    expect(data.toolPage.tools.map((tool) => tool.name)).toEqual(["Open Api"]);
    expect(data.toolPage.total).toBe(1);
    // The card's badges come from the same facets.
    expect(data.toolPage.tools[0]!.factFacets).toEqual(
      expect.arrayContaining(["has:api", "has:open-source", "has:free-plan", "platform:ios"]),
    );
    expect(data.factCounts.has).toMatchObject({ api: 1, "open-source": 1, "self-hosted": 0 });
  });

  test("a search reads its text once for the list and the counts beside it (decision 197)", async () => {
    const { db, statements } = loggingDatabase(database);
    const request = new Request("http://localhost/?q=notes");
    const data = (await homeLoader({ request, params: {}, context: { db, viewer: null } } as never)) as {
      toolPage: { total: number };
      factCounts: { has: Record<string, number> } | null;
    };
    // "Writes notes for you", "… for teams" and the others whose descriptions hold the word.
    expect(data.toolPage.total).toBe(4);
    expect(data.factCounts?.has.api).toBeGreaterThanOrEqual(1);
    const vocabularyLookups = statements.filter((statement) => /from "search_words" where/.test(statement.text));
    expect(vocabularyLookups).toHaveLength(1);
  });
});

describe("the API and MCP", () => {
  async function api(search: string) {
    const request = new Request(`http://localhost/api/v1/tools?${search}`);
    const context = { db: database.db, siteUrl: null, apiRateLimiter: null, clientIp: "198.51.100.7" };
    return (await toolsApiLoader({ request, params: {}, context } as never)) as Response;
  }

  test("has= and platform= narrow /api/v1/tools exactly as the lists, repeated or comma-separated", async () => {
    for (const search of ["has=api&has=open-source", "has=api,open-source"]) {
      const response = await api(search);
      expect(response.status, search).toBe(200);
      const body = toolListSchema.parse(await response.json());
      expect(body.data.map((tool) => tool.slug)).toEqual(["open-api"]);
    }
    const onIos = toolListSchema.parse(await (await api("platform=ios&sort=name")).json());
    expect(onIos.data.map((tool) => tool.slug)).toEqual(["open-api", "open-only"]);
  });

  test.each([
    ["has=teleport", "has"],
    ["has=api&has=API", "has"],
    ["platform=amiga", "platform"],
    ["platform=ios,Windows", "platform"],
  ])("?%s is a 400 problem naming %s", async (search, parameter) => {
    const response = await api(search);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    const problem = problemSchema.parse(await response.json());
    expect(problem.errors?.map((error) => error.parameter)).toEqual([parameter]);
    expect(problem.errors?.[0]?.message).toMatch(/free-plan|web/);
  });

  test("search_tools takes the same filters and links the same list on the site", async () => {
    const answer = await searchCatalogue({
      db: database.db,
      siteUrl: "http://localhost",
      question: { ...noFilters, has: ["open-source"], platforms: ["ios"], sort: "name", page: 1, limit: 10 },
    });
    expect(answer.tools.map((tool) => tool.slug)).toEqual(["open-api", "open-only"]);
    expect(answer.url).toBe("http://localhost/?has=open-source&platform=ios&sort=name");
  });
});

// Last: it adds more tools than the cap.
test("past the cap a fact's count reads 1,000+, while the rarer facts are still counted exactly", async () => {
  const many = Array.from({ length: 1_000 }, (_, index) => ({ name: `Bulk ${index}`, category: "Video" as const }));
  await insertTools(database.db, ...many);
  // Straight to the mirror: a thousand rows of facts would say nothing more here.
  await database.db.execute(sql`update ${tools} set fact_facets = array['has:api'] where name like 'Bulk %'`);
  const found = await counts({});
  expect(found!.has.api).toBeGreaterThan(found!.cap);
  expect(found).toMatchObject({ has: { "self-hosted": 1, "open-source": 2 }, platforms: { windows: 0, ios: 2 } });
  // Narrowed below the cap again, every number is exact.
  expect(await counts({ category: "Writing" })).toMatchObject({ has: { api: 2, "open-source": 1 }, partial: false });
});
