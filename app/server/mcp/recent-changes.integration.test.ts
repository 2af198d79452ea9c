import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toolChanges, tools } from "~/server/db/schema.server";
import { recordToolChanges, type ChangeAuthor } from "~/server/freshness/change-log.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createCatalogueMcpServer } from "./mcp-server.server";

// recent_changes as an assistant meets it: the SDK's own client talking to the real server (in
// memory, so the test needs no production build) over a fresh database.

const SITE = "https://aitlas.example";

let database: TestDatabase;
let client: Client;
let close: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools} cascade`);
  const server = createCatalogueMcpServer({ db: database.db, siteUrl: SITE });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: "aitlas-test", version: "1.0.0" });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  close = async () => {
    await client.close();
    await server.close();
  };
});
afterEach(() => close());

async function call(args: Record<string, unknown> = {}) {
  return (await client.callTool({ name: "recent_changes", arguments: args })) as CallToolResult;
}

type Answer = {
  url: string;
  changes: {
    tool: { slug: string; name: string; url: string };
    event: "added" | "discontinued" | "restored" | null;
    summary: string;
    field: string;
    before: string;
    after: string;
    author: string;
    at: string;
    sources: { url: string; title: string }[];
  }[];
};

async function structured(args: Record<string, unknown> = {}): Promise<Answer> {
  const result = await call(args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  const text = result.content.find((item) => item.type === "text");
  expect(text && JSON.parse(text.text)).toEqual(result.structuredContent);
  return result.structuredContent as Answer;
}

const ada: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Ada" };

async function change(toolId: string, field: string, before: unknown, after: unknown, at: string, author = ada) {
  await recordToolChanges(database.db, { toolId, changes: [{ field, before, after }], author });
  await database.db.execute(
    sql`update ${toolChanges} set created_at = ${at}::timestamptz where field = ${field} and tool_id = ${toolId}`,
  );
}

describe("recent_changes", () => {
  it("is listed, read-only, with its input and output schemas and a description saying when to use it", async () => {
    const { tools: listed } = await client.listTools();
    const tool = listed.find((item) => item.name === "recent_changes")!;
    expect(tool.description).toMatch(/what is new or changed/);
    expect(tool.annotations?.readOnlyHint).toBe(true);
    expect(Object.keys(tool.inputSchema.properties ?? {}).sort()).toEqual(["limit", "tool"]);
    expect(tool.inputSchema.required ?? []).toEqual([]);
    expect(tool.outputSchema?.type).toBe("object");
  });

  it("answers the catalogue's changes newest first, as the site words them, with web sources only", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    await change(quill!.id, "pricingModel", "free", "paid", "2025-06-01T00:00:00Z", {
      origin: "proposal",
      actorId: null,
      actorName: "Ada",
      sources: [
        { url: "https://quill.example.com/pricing", title: "Quill pricing", snippet: "Now paid" },
        { url: "javascript:alert(1)", title: "Not a page", snippet: "" },
      ],
    });
    await change(echo!.id, "features", ["A"], ["A", "B"], "2025-06-02T00:00:00Z");
    await change(quill!.id, "status", "active", "discontinued", "2025-06-03T00:00:00Z", {
      ...ada,
      actorName: "ada@example.com",
    });

    const answer = await structured();
    expect(answer.url).toBe(`${SITE}/changes`);
    expect(answer.changes).toEqual([
      {
        tool: { slug: "quill", name: "Quill", url: `${SITE}/tool/quill` },
        event: "discontinued",
        summary: "Quill was marked discontinued",
        field: "Status",
        before: "Active",
        after: "Discontinued",
        author: "an administrator",
        at: "2025-06-03T00:00:00.000Z",
        sources: [],
      },
      {
        tool: { slug: "echo", name: "Echo", url: `${SITE}/tool/echo` },
        event: null,
        summary: "Features: A → A, B",
        field: "Features",
        before: "A",
        after: "A, B",
        author: "Ada",
        at: "2025-06-02T00:00:00.000Z",
        sources: [],
      },
      {
        tool: { slug: "quill", name: "Quill", url: `${SITE}/tool/quill` },
        event: null,
        summary: "Pricing model: Free → Paid",
        field: "Pricing model",
        before: "Free",
        after: "Paid",
        author: "AI proposal accepted by Ada",
        at: "2025-06-01T00:00:00.000Z",
        sources: [{ url: "https://quill.example.com/pricing", title: "Quill pricing" }],
      },
    ]);

    expect((await structured({ limit: 1 })).changes).toHaveLength(1);
    const quillOnly = await structured({ tool: "Quill" });
    expect(quillOnly.url).toBe(`${SITE}/tool/quill`);
    expect(quillOnly.changes.map((item) => item.field)).toEqual(["Status", "Pricing model"]);
  });

  it("says when a tool was added, discontinued or listed again, in the words of /changes (decision 185)", async () => {
    const [nova, quill, echo] = await insertTools(database.db, { name: "Nova" }, { name: "Quill" }, { name: "Echo" });
    await change(nova!.id, "status", null, "active", "2025-06-01T00:00:00Z");
    await change(quill!.id, "status", "active", "discontinued", "2025-06-02T00:00:00Z");
    await change(echo!.id, "status", "discontinued", "active", "2025-06-03T00:00:00Z");

    const { changes } = await structured();
    expect(
      changes.map((item) => [item.tool.name, item.event, item.summary, item.field, item.before, item.after]),
    ).toEqual([
      ["Echo", "restored", "Echo is listed again", "Status", "Discontinued", "Active"],
      ["Quill", "discontinued", "Quill was marked discontinued", "Status", "Active", "Discontinued"],
      ["Nova", "added", "Nova was added to the directory", "Status", "Not listed", "Active"],
    ]);
  });

  it("answers an unknown tool with an error that says what to do, and an empty log with no changes", async () => {
    const result = await call({ tool: "nothing-like-it" });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain("Use search_tools to find its slug");
    expect(await structured()).toEqual({ url: `${SITE}/changes`, changes: [] });
  });

  it("refuses a limit outside 1 to 50 through its input schema", async () => {
    for (const limit of [0, 51]) {
      const result = await call({ limit });
      expect(result.isError).toBe(true);
    }
  });
});

describe("get_tool's freshness", () => {
  it("says when the facts last changed and whether the tool is discontinued", async () => {
    await insertTools(
      database.db,
      { name: "Quill", updatedAt: new Date("2025-06-01T00:00:00Z") },
      { name: "Gone", discontinuedAt: new Date("2025-07-01T00:00:00Z") },
    );
    const read = async (slug: string) => {
      const result = (await client.callTool({ name: "get_tool", arguments: { slug } })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      return result.structuredContent as { lastUpdated: string; discontinuedAt: string | null };
    };
    expect(await read("quill")).toMatchObject({ lastUpdated: "2025-06-01T00:00:00.000Z", discontinuedAt: null });
    expect((await read("gone")).discontinuedAt).toBe("2025-07-01T00:00:00.000Z");
  });
});
