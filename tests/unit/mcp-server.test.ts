import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoToolFacts } from "~/server/db/demo/tool-facts.server";
import { demoTools } from "~/server/db/demo/tools.server";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { HAS_FILTERS, PLATFORMS } from "~/lib/fact-filters";
import { PRICING_MODELS } from "~/lib/pricing-model";
import { TOOL_SORTS } from "~/lib/tool-filters";
import { assertServerBuilt, cleanUpServers, startServer, type RunningServer } from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";

// The MCP server (decision 065) as an assistant meets it: the SDK's own client over real HTTP to
// the production server with the demo catalogue. Answers are checked against the demo data.

const SLOW = 120_000;

let server: RunningServer;
let client: Client;

beforeAll(async () => {
  assertServerBuilt();
  server = await startServer({ DATA_DIR: preparedDataDir("demo"), SEED_DEMO: "true" });
  client = new Client({ name: "aitlas-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", server.url)));
}, SLOW);

afterAll(async () => {
  await client?.close();
  await server?.stop();
  await cleanUpServers();
});

async function call(name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A successful call's structured content, which must also be its text. */
async function structured<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const result = await call(name, args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const text = result.content.find((item) => item.type === "text");
  expect(text && JSON.parse(text.text)).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

function errorText(result: CallToolResult): string {
  expect(result.isError).toBe(true);
  return result.content.map((item) => (item.type === "text" ? item.text : "")).join(" ");
}

type Summary = {
  slug: string;
  name: string;
  url: string;
  category: string;
  pricingModel: string | null;
  tags: string[];
};

const factsOf = (slug: string) => demoToolFacts[slug]!;
const demoSlugsWhere = (keep: (slug: string) => boolean) =>
  demoTools
    .map((tool) => tool.slug)
    .filter(keep)
    .sort();

describe("the MCP server over Streamable HTTP", () => {
  it("initializes with the catalogue's name, tools and instructions", () => {
    expect(client.getServerVersion()?.name).toBe("aitlas");
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    expect(client.getInstructions()).toContain("search_tools");
  });

  it("lists its six read-only tools with input and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "compare_tools",
      "get_tool",
      "list_alternatives",
      "list_categories",
      "recent_changes",
      "search_tools",
    ]);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type, tool.name).toBe("object");
      expect(tool.outputSchema?.type, tool.name).toBe("object");
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    const search = tools.find((tool) => tool.name === "search_tools")!;
    const properties = search.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties).sort()).toEqual([
      "category",
      "has",
      "limit",
      "page",
      "platform",
      "pricing",
      "q",
      "sort",
      "tag",
    ]);
    expect((properties.has!.items as { enum: string[] }).enum).toEqual([...HAS_FILTERS]);
    expect((properties.platform!.items as { enum: string[] }).enum).toEqual([...PLATFORMS]);
    expect(properties.category!.enum).toEqual([...TOOL_CATEGORIES]);
    expect((properties.pricing!.items as { enum: string[] }).enum).toEqual([...PRICING_MODELS]);
    expect(properties.sort!.enum).toEqual([...TOOL_SORTS]);
    expect(search.inputSchema.required ?? []).toEqual([]);
    const getTool = tools.find((tool) => tool.name === "get_tool")!;
    expect(getTool.inputSchema.required).toEqual(["slug"]);
    const compare = tools.find((tool) => tool.name === "compare_tools")!;
    const slugs = (compare.inputSchema.properties as Record<string, Record<string, unknown>>).slugs!;
    expect([slugs.minItems, slugs.maxItems]).toEqual([2, 4]);
  });

  it("answers 'a free transcription tool with an API' through search_tools and get_tool", async () => {
    const expected = demoSlugsWhere((slug) => {
      const facts = factsOf(slug);
      const free = facts.pricingModel === "free" || facts.pricingModel === "freemium";
      return free && facts.tags.includes("transcription") && facts.tags.includes("api");
    });
    expect(expected.length).toBeGreaterThan(0);

    const found = await structured<{ total: number; sort: string; url: string; tools: Summary[] }>("search_tools", {
      pricing: ["free", "freemium"],
      tag: ["transcription", "api"],
    });
    expect(found.tools.map((tool) => tool.slug).sort()).toEqual(expected);
    expect(found.total).toBe(expected.length);
    expect(found.sort).toBe("top-rated");
    expect(found.url).toBe(`${server.url}/?pricing=free&pricing=freemium&tag=api&tag=transcription&sort=top-rated`);
    for (const tool of found.tools) {
      expect(tool.tags).toEqual(expect.arrayContaining(["transcription", "api"]));
      expect(["free", "freemium"]).toContain(tool.pricingModel);
      expect(tool.url).toBe(`${server.url}/tool/${tool.slug}`);
      // A summary, not the tool's page: no description.
      expect(tool).not.toHaveProperty("description");
    }

    const first = found.tools[0]!;
    const demo = demoTools.find((tool) => tool.slug === first.slug)!;
    const details = await structured<{
      name: string;
      website: string;
      pricingModel: string;
      tags: { slug: string; name: string }[];
      pricingPlans: { plan: string }[];
      features: string[];
      alternativesUrl: string;
      description?: string;
    }>("get_tool", { slug: first.slug });
    expect(details.name).toBe(demo.name);
    expect(details.website).toBe(demo.website);
    expect(details.pricingModel).toBe(factsOf(first.slug).pricingModel);
    expect(details.tags.map((tag) => tag.slug).sort()).toEqual([...factsOf(first.slug).tags].sort());
    expect(details.features).toEqual(demo.features);
    expect(details.pricingPlans.length).toBeGreaterThan(0);
    expect(details.alternativesUrl).toBe(`${server.url}/tool/${first.slug}/alternatives`);
    expect(details.description).toBeUndefined();
  });

  it("searches by text in relevance order, and by category and sort", async () => {
    const byName = await structured<{ sort: string; tools: Summary[] }>("search_tools", { q: "midjourney" });
    expect(byName.sort).toBe("relevance");
    expect(byName.tools[0]?.slug).toBe("midjourney");

    const audio = await structured<{ total: number; page: number; pageCount: number; tools: Summary[] }>(
      "search_tools",
      { category: "Audio", sort: "name", limit: 2 },
    );
    const audioSlugs = demoTools.filter((tool) => tool.category === "Audio");
    expect(audio.total).toBe(audioSlugs.length);
    expect(audio.tools).toHaveLength(2);
    expect(audio.pageCount).toBe(Math.ceil(audioSlugs.length / 2));
    const names = audioSlugs.map((tool) => tool.name).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(audio.tools.map((tool) => tool.name)).toEqual(names.slice(0, 2));
  });

  it("gives the description only when asked", async () => {
    const details = await structured<{ description?: string }>("get_tool", {
      slug: "chatgpt",
      include_description: true,
    });
    expect(details.description).toMatch(/^ChatGPT is a conversational AI assistant/);
    expect(details.description).not.toContain("<p>");
  });

  it("compares two to four tools", async () => {
    const compared = await structured<{ url: string; tools: { slug: string; pros: string[] }[] }>("compare_tools", {
      slugs: ["claude", "chatgpt"],
    });
    expect(compared.url).toBe(`${server.url}/compare/chatgpt-vs-claude`);
    expect(compared.tools.map((tool) => tool.slug)).toEqual(["chatgpt", "claude"]);
    expect(compared.tools[0]!.pros).toEqual(demoTools.find((tool) => tool.slug === "chatgpt")!.pros);

    const three = await structured<{ url: string }>("compare_tools", { slugs: ["cursor", "tabnine", "replit"] });
    expect(three.url).toBe(`${server.url}/compare?tools=cursor,replit,tabnine`);
  });

  it("lists a tool's alternatives with the reason for each", async () => {
    const answer = await structured<{
      tool: { slug: string };
      url: string;
      alternatives: (Summary & { reason: string })[];
    }>("list_alternatives", { slug: "otter-ai", limit: 3 });
    expect(answer.tool.slug).toBe("otter-ai");
    expect(answer.url).toBe(`${server.url}/tool/otter-ai/alternatives`);
    // A threshold, not padding (decision 169): up to the limit, never a tool that shares no job.
    expect(answer.alternatives.length).toBeGreaterThan(0);
    expect(answer.alternatives.length).toBeLessThanOrEqual(3);
    for (const alternative of answer.alternatives) {
      expect(alternative.slug).not.toBe("otter-ai");
      expect(alternative.reason).toBeTruthy();
    }
    // Fireflies shares Otter's category and most of its tags.
    expect(answer.alternatives.map((alternative) => alternative.slug)).toContain("fireflies-ai");
  });

  it("lists the categories and tags in use with their counts", async () => {
    const vocabulary = await structured<{
      categories: { name: string; toolCount: number; url: string }[];
      tags: { slug: string; toolCount: number; url: string }[];
    }>("list_categories");
    const counts = new Map<string, number>();
    for (const tool of demoTools) counts.set(tool.category, (counts.get(tool.category) ?? 0) + 1);
    expect(vocabulary.categories.map(({ name, toolCount }) => [name, toolCount])).toEqual(
      [...counts].sort(([a], [b]) => a.localeCompare(b)),
    );
    expect(vocabulary.categories.find((category) => category.name === "Social Media")?.url).toBe(
      `${server.url}/category/Social%20Media`,
    );
    const transcription = vocabulary.tags.find((tag) => tag.slug === "transcription")!;
    expect(transcription.toolCount).toBe(demoSlugsWhere((slug) => factsOf(slug).tags.includes("transcription")).length);
    expect(transcription.url).toBe(`${server.url}/tag/transcription`);
  });
});

describe("bad input", () => {
  it("is the tool's error, saying what to do, never a crash", async () => {
    expect(errorText(await call("get_tool", { slug: "no-such-tool" }))).toContain("search_tools");
    expect(errorText(await call("list_alternatives", { slug: "no-such-tool" }))).toContain("No tool");
    expect(errorText(await call("search_tools", { tag: ["transcription", "no-such-tag"] }))).toContain('"no-such-tag"');
    expect(errorText(await call("compare_tools", { slugs: ["chatgpt", "no-such-tool"] }))).toContain('"no-such-tool"');
    expect(errorText(await call("compare_tools", { slugs: ["chatgpt", "chatgpt"] }))).toContain("2 to 4");
  });

  it("breaking the input schema is refused by validation", async () => {
    for (const [name, args] of [
      ["search_tools", { pricing: ["cheap"] }],
      ["search_tools", { sort: "random" }],
      ["search_tools", { category: "Cooking" }],
      ["search_tools", { limit: 1000 }],
      ["get_tool", {}],
      ["compare_tools", { slugs: ["chatgpt"] }],
      ["compare_tools", { slugs: ["a", "b", "c", "d", "e"] }],
      ["no_such_tool", {}],
    ] as const) {
      const text = errorText(await call(name, args));
      expect(text, `${name} ${JSON.stringify(args)}`).toMatch(/validation|not found/i);
    }
  });

  it("over HTTP is answered with a JSON-RPC error and a 4xx status", async () => {
    const endpoint = new URL("/mcp", server.url);
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });

    const get = await fetch(endpoint, { headers: { accept: "text/event-stream" } });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await get.json()).error.code).toBe(-32000);
    expect((await fetch(endpoint, { method: "DELETE" })).status).toBe(405);

    const notJson = await fetch(endpoint, { method: "POST", headers, body: "{not json" });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe(-32700);

    const wrongType = await fetch(endpoint, { method: "POST", headers: { ...headers, "content-type": "text/plain" } });
    expect(wrongType.status).toBe(415);

    const noAccept = await fetch(endpoint, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: list,
    });
    expect(noAccept.status).toBe(406);

    const tooLarge = await fetch(endpoint, { method: "POST", headers, body: `"${"x".repeat(70 * 1024)}"` });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).jsonrpc).toBe("2.0");

    const otherSite = await fetch(endpoint, {
      method: "POST",
      headers: { ...headers, origin: "http://evil.example" },
      body: list,
    });
    expect(otherSite.status).toBe(403);

    // Stateless: a tools/list without a session is answered as plain JSON.
    const plain = await fetch(endpoint, {
      method: "POST",
      headers: { ...headers, origin: server.url, "mcp-protocol-version": "2025-06-18" },
      body: list,
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toContain("application/json");
    expect(plain.headers.get("mcp-session-id")).toBeNull();
    expect((await plain.json()).result.tools).toHaveLength(6);

    expect(server.logs.filter((line) => line.level !== undefined && line.level >= 50)).toEqual([]);
  });
});
