import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "~/server/db/schema.server";
import { MAX_LISTED_TAGS } from "~/server/mcp/catalogue-answers.server";
import { insertTools, tagTools } from "../../../tests/setup/fixtures";
import { listenOnLoopback, type LoopbackApp } from "../../../tests/setup/loopback-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { INVALID_REQUEST, isJsonRpcBatch, MCP_PATH, mcpEndpoint } from "./mcp-endpoint.server";

// POST /mcp through its real Express handlers (rate limit, body, transport) on a test database,
// in process: a JSON-RPC batch is refused whole and counts once, as any request does (decision 148).

let database: TestDatabase;
let server: LoopbackApp;

beforeAll(async () => {
  database = await createTestDatabase();
  // One tag more than list_categories names, about ten on each of 31 tools (an index caps a tool's
  // tags); t-150 is also on Batch Tool, so it alone is on two.
  const holders = Array.from({ length: 31 }, (_, index) => `Tag Holder ${index}`);
  await insertTools(
    database.db,
    { name: "Batch Tool", category: "Writing", tagline: "Counted once" },
    ...holders.map((name) => ({ name, category: "Writing" as const })),
  );
  const manyTags = Array.from({ length: MAX_LISTED_TAGS + 1 }, (_, index) => `t-${String(index).padStart(3, "0")}`);
  await tagTools(database.db, {
    "Batch Tool": ["t-150"],
    ...Object.fromEntries(
      holders.map((name, holder) => [name, manyTags.filter((_, index) => index % holders.length === holder)]),
    ),
  });
  const app = express();
  app.use((req, res, next) => {
    // What the host policy sets before /mcp in the pipeline.
    res.locals.origin = `${req.protocol}://${req.get("host")}`;
    next();
  });
  app.all(MCP_PATH, ...mcpEndpoint({ db: database.db }));
  server = await listenOnLoopback(app);
});

afterAll(async () => {
  await server?.close();
  await database?.dispose();
});

const toolCall = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "get_tool", arguments: { slug: "batch-tool" } },
});

function post(body: string) {
  return fetch(`${server.base}${MCP_PATH}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-03-26",
    },
    body,
  });
}

/** The hits counted against the MCP limit so far (every request here comes from 127.0.0.1). */
async function mcpHits(): Promise<number> {
  const rows = await database.db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(eq(rateLimits.key, "mcp:127.0.0.1"));
  return rows[0]?.hits ?? 0;
}

describe("POST /mcp", () => {
  it("answers one tools/call", async () => {
    const response = await post(JSON.stringify(toolCall(1)));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { id: number; result: { structuredContent: { name: string } } };
    expect(answer.id).toBe(1);
    expect(answer.result.structuredContent.name).toBe("Batch Tool");
  });

  it("refuses a batch of 100 tools/call messages whole, with JSON-RPC's Invalid Request, counted as one request", async () => {
    const before = await mcpHits();
    const batch = JSON.stringify(Array.from({ length: 100 }, (_, index) => toolCall(index + 1)));
    const response = await post(batch);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const answer = (await response.json()) as {
      jsonrpc: string;
      id: unknown;
      error: { code: number; message: string };
    };
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: INVALID_REQUEST, message: expect.stringContaining("batches are not supported") },
    });
    // Nothing in it ran: no result for any of its ids.
    expect(JSON.stringify(answer)).not.toContain("Batch Tool");
    expect(await mcpHits()).toBe(before + 1);
  });

  it("refuses a batch of one, an initialize in a batch and a batch after whitespace alike, whatever the protocol version", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "2024-11-05", capabilities: {}, clientInfo: { name: "old", version: "1" } },
    };
    for (const body of [
      JSON.stringify([toolCall(1)]),
      JSON.stringify([initialize]),
      `\r\n\t [${JSON.stringify(toolCall(1))}]`,
    ]) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { error: { code: number } }).error.code).toBe(INVALID_REQUEST);
    }
  });
});

describe("list_categories", () => {
  it(`names at most ${MAX_LISTED_TAGS} tags, the most used, in name order, and says how many it left out`, async () => {
    const response = await post(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "tools/call",
        params: { name: "list_categories", arguments: {} },
      }),
    );
    const answer = (await response.json()) as {
      result: { structuredContent: { tags: { slug: string; toolCount: number }[]; tagsOmitted: number } };
    };
    const { tags, tagsOmitted } = answer.result.structuredContent;
    expect(tags).toHaveLength(MAX_LISTED_TAGS);
    expect(tagsOmitted).toBe(1);
    expect(tags.find((tag) => tag.slug === "t-150")?.toolCount).toBe(2);
    // Among equally used tags the last by name is left out.
    expect(tags.map((tag) => tag.slug)).not.toContain(`t-${MAX_LISTED_TAGS}`);
    expect(tags.map((tag) => tag.slug)).toEqual([...tags.map((tag) => tag.slug)].sort());
  });
});

describe("isJsonRpcBatch", () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it("is true for a JSON array, after whitespace or a byte-order mark, and false for anything else", () => {
    expect(isJsonRpcBatch(bytes("[]"))).toBe(true);
    expect(isJsonRpcBatch(bytes(" \n[{}]"))).toBe(true);
    expect(isJsonRpcBatch(bytes("\uFEFF[{}]"))).toBe(true);
    expect(isJsonRpcBatch(bytes('{"jsonrpc":"2.0"}'))).toBe(false);
    expect(isJsonRpcBatch(bytes('  {"params":[1]}'))).toBe(false);
    expect(isJsonRpcBatch(bytes(""))).toBe(false);
  });
});
