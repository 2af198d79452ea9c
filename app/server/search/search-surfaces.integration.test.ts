import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { toolListSchema } from "~/lib/api/schemas";
import type { SuggestAnswer } from "~/lib/search-suggestions";
import { loader as apiToolsLoader } from "~/routes/api-v1-tools";
import { loader as suggestLoader } from "~/routes/search-suggest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { listTools } from "../catalog/tools.server";
import { seedDemoCatalogue } from "../db/seed.server";
import { createCatalogueMcpServer } from "../mcp/mcp-server.server";
import { createLocalStorage } from "../storage/local-storage.server";

// Decisions 160 and 161: the pages, the API and MCP answer a text with the same engine and order, the API and
// MCP say what it read, and the search boxes' suggestions come from the same engine.

const SITE = "http://localhost";
let database: TestDatabase;
let uploadsDir: string;
let mcp: Client;
let closeMcp: () => Promise<unknown>;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "aitlas-surfaces-"));
  await seedDemoCatalogue({
    db: database.db,
    storage: createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" }),
  });
  const server = createCatalogueMcpServer({ db: database.db, siteUrl: SITE });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  mcp = new Client({ name: "test", version: "1.0.0" });
  await server.connect(serverSide);
  await mcp.connect(clientSide);
  closeMcp = () => Promise.all([mcp.close(), server.close()]);
}, 120_000);
afterAll(async () => {
  await closeMcp();
  await database.dispose();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

let clientCounter = 0;
async function callLoader(loader: (args: never) => unknown, pathAndQuery: string): Promise<Response> {
  const request = new Request(new URL(pathAndQuery, SITE));
  const context = {
    db: database.db,
    siteUrl: null,
    apiRateLimiter: null,
    clientIp: `198.51.100.${++clientCounter}`,
    pageTags: new Set<string>(),
  };
  return (await loader({ request, params: {}, context } as never)) as Response;
}

async function apiSearch(q: string) {
  const response = await callLoader(apiToolsLoader, `/api/v1/tools?${new URLSearchParams({ q, limit: "10" })}`);
  expect(response.status).toBe(200);
  return toolListSchema.parse(await response.json());
}

type McpSearch = { tools: { slug: string }[]; intent?: unknown; understood?: { filters: unknown[] } };
async function mcpSearch(q: string): Promise<McpSearch> {
  const result = await mcp.callTool({ name: "search_tools", arguments: { q, limit: 10 } });
  expect(result.isError).not.toBe(true);
  return result.structuredContent as McpSearch;
}

async function pageSearch(query: string) {
  const found = await listTools({
    db: database.db,
    filters: { query, category: null, pricing: [], tags: [] },
    order: "relevance",
    pageSize: 10,
  });
  return found.tools.map((tool) => tool.slug);
}

async function suggest(q: string): Promise<{ response: Response; body: SuggestAnswer }> {
  const response = await callLoader(suggestLoader, `/search/suggest?${new URLSearchParams({ q })}`);
  return { response, body: (await response.clone().json()) as SuggestAnswer };
}

describe("one engine behind the pages, the API and MCP", () => {
  test.each(["transcription", "free image generator", "midjorney", "tts", "alternatives to midjourney"])(
    "%s: the same tools in the same order",
    async (q) => {
      const page = await pageSearch(q);
      expect(page.length).toBeGreaterThan(0);
      expect((await apiSearch(q)).data.map((tool) => tool.slug)).toEqual(page);
      expect((await mcpSearch(q)).tools.map((tool) => tool.slug)).toEqual(page);
    },
  );

  test("the API and MCP say which filters and pages the words named", async () => {
    expect((await apiSearch("free image generator")).intent).toEqual({
      filters: { pricing: ["free", "freemium"], tags: [] },
      alternatives_to: null,
      compare: null,
    });
    expect((await apiSearch("open source llm with an api")).intent?.filters.tags.sort()).toEqual([
      "api",
      "open-source",
    ]);
    expect((await apiSearch("alternatives to midjourney")).intent?.alternatives_to).toBe("midjourney");
    expect((await apiSearch("chatgpt vs claude")).intent?.compare).toEqual(["chatgpt", "claude"]);
    // Below three characters nothing is read: the substring rule, and no intent.
    expect((await apiSearch("ai")).intent).toBeUndefined();

    const free = await mcpSearch("free image generator");
    expect(free.intent).toEqual({
      filters: { pricing: ["free", "freemium"], tags: [] },
      alternativesTo: null,
      compare: null,
    });
    expect(free.understood?.filters).toHaveLength(1);
    expect((await mcpSearch("midjourney alternatives")).intent).toMatchObject({ alternativesTo: "midjourney" });
    expect((await mcpSearch("chatgpt vs claude")).intent).toMatchObject({ compare: ["chatgpt", "claude"] });
  });
});

describe("the search boxes' suggestions", () => {
  test("tools first, from the engine: a name's beginning, a typo", async () => {
    const { response, body } = await suggest("Midj");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(body.q).toBe("midj");
    expect(body.suggestions[0]).toEqual({
      kind: "tool",
      label: "Midjourney",
      href: "/tool/midjourney",
      detail: "Image",
    });
    expect((await suggest("midjorney")).body.suggestions[0]?.href).toBe("/tool/midjourney");
    // Two letters: names that begin with them.
    const two = (await suggest("cl")).body.suggestions.filter((item) => item.kind === "tool");
    expect(two.map((item) => item.label)).toContain("Claude");
    expect(two.every((item) => item.label.toLowerCase().startsWith("cl"))).toBe(true);
  });

  test("tags and categories named like the text, a page the words name, eight at most", async () => {
    const image = (await suggest("image")).body.suggestions;
    expect(image.length).toBeLessThanOrEqual(8);
    expect(image).toContainEqual({
      kind: "tag",
      label: "Image generation",
      href: "/tag/image-generation",
      detail: "Tag",
    });
    expect(image).toContainEqual({ kind: "category", label: "Image", href: "/category/Image", detail: "Category" });
    expect((await suggest("social me")).body.suggestions).toContainEqual(
      expect.objectContaining({ kind: "category", href: "/category/Social%20Media" }),
    );
    expect((await suggest("alternatives to midjourney")).body.suggestions[0]).toEqual({
      kind: "page",
      label: "Alternatives to Midjourney",
      href: "/tool/midjourney/alternatives",
      detail: "Page",
    });
  });

  test("a letter, or nothing, asks for nothing", async () => {
    expect((await suggest("m")).body).toEqual({ q: "m", suggestions: [] });
    expect((await suggest("   ")).body).toEqual({ q: "", suggestions: [] });
    expect((await suggest("zzqxj")).body.suggestions).toEqual([]);
  });
});
