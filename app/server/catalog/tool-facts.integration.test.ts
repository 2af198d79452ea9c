import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { TOOL_FACTS, type ToolFacts } from "~/lib/tool-facts";
import { factFormInput, type FactsFormInput } from "~/lib/tool-facts-form";
import { readTool } from "~/server/api/resources.server";
import { toolChanges, toolFacts, tools } from "~/server/db/schema.server";
import { seedDemoCatalogue } from "~/server/db/seed.server";
import { demoStructuredFacts } from "~/server/db/demo/structured-facts.server";
import { demoTools } from "~/server/db/demo/tools.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { toolForm } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { listToolHistory, type ChangeAuthor } from "../freshness/change-log.server";
import { createTool, updateTool } from "./tool-admin.server";
import { readToolFacts } from "./tool-facts.server";

// Facts (issue 32, decisions 157 and 164): written through the tool form's save, logged per fact
// with their source, read back by the API; the demo catalogue cites a source for each.

const admin: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Ada" };
const SITE = "http://localhost";

let database: TestDatabase;
let uploads: string;
beforeAll(async () => {
  database = await createTestDatabase();
  uploads = await fs.mkdtemp(path.join(os.tmpdir(), "aitlas-facts-"));
  await seedDemoCatalogue({
    db: database.db,
    storage: createLocalStorage({ rootDir: uploads, publicPath: "/uploads" }),
  });
});
afterAll(async () => {
  await database.dispose();
  await fs.rm(uploads, { recursive: true, force: true });
});

/** The facts part of a posted form: every fact unknown unless set here. */
function factsForm(set: Partial<Record<keyof FactsFormInput, Partial<ReturnType<typeof factFormInput>>>>) {
  return Object.fromEntries(
    TOOL_FACTS.map((name) => [name, { ...factFormInput(undefined), ...set[name] }]),
  ) as FactsFormInput;
}

async function newTool(name: string) {
  const result = await createTool({ db: database.db, input: toolForm({ name }), author: admin });
  if (result.status !== "created") throw new Error(JSON.stringify(result));
  return result.tool;
}

async function save(toolId: string, name: string, facts: FactsFormInput) {
  const result = await updateTool({ db: database.db, id: toolId, input: toolForm({ name, facts }), author: admin });
  if (result.status !== "updated") throw new Error(JSON.stringify(result));
  return result.tool;
}

describe("facts written through the tool form", () => {
  test("each changed fact is stored with its source and logged once, with the page it came from", async () => {
    const tool = await newTool("Facts One");
    const saved = await save(
      tool.id,
      "Facts One",
      factsForm({
        api: {
          value: "yes",
          detail: "https://docs.example.com",
          sourceUrl: "https://example.com/api",
          checkedAt: "2026-11-20",
        },
        platforms: { items: ["ios", "web"], sourceUrl: "https://example.com/download", checkedAt: "2026-11-20" },
      }),
    );
    expect(await readToolFacts({ db: database.db, toolId: tool.id })).toEqual({
      api: {
        value: "yes",
        items: [],
        detail: "https://docs.example.com",
        sourceUrl: "https://example.com/api",
        checkedAt: "2026-11-20",
      },
      platforms: {
        value: null,
        items: ["web", "ios"],
        detail: "",
        sourceUrl: "https://example.com/download",
        checkedAt: "2026-11-20",
      },
    } satisfies ToolFacts);
    expect(saved.updatedAt.getTime()).toBeGreaterThan(tool.updatedAt.getTime());
    // The filters' mirror follows (decision 157).
    const [row] = await database.db.select({ facets: tools.factFacets }).from(tools).where(eq(tools.id, tool.id));
    expect(row?.facets).toEqual(["has:api", "platform:ios", "platform:web"]);

    const history = await listToolHistory({ db: database.db, toolId: tool.id });
    // One save's entries share their time: in any order.
    const facts = history
      .filter((entry) => entry.field.startsWith("facts."))
      .sort((a, b) => a.field.localeCompare(b.field));
    expect(
      facts.map((entry) => [entry.fieldLabel, entry.before, entry.after, entry.sources.map((s) => s.url)]),
    ).toEqual([
      [
        "API",
        { kind: "text", text: "Unknown" },
        { kind: "text", text: "Yes (https://docs.example.com)" },
        ["https://example.com/api"],
      ],
      [
        "Platforms",
        { kind: "text", text: "Unknown" },
        { kind: "text", text: "Web, iOS" },
        ["https://example.com/download"],
      ],
    ]);
  });

  test("saving the same facts logs nothing; a new checked date is kept, a fact left unknown is removed and logged", async () => {
    const tool = await newTool("Facts Two");
    const api = { value: "no", sourceUrl: "https://example.com/faq", checkedAt: "2026-11-01" };
    await save(
      tool.id,
      "Facts Two",
      factsForm({
        api,
        data_retention: { detail: "30 days", sourceUrl: "https://example.com/privacy", checkedAt: "2026-11-01" },
      }),
    );
    const logged = async () =>
      (await database.db.select().from(toolChanges).where(eq(toolChanges.toolId, tool.id))).filter((row) =>
        row.field.startsWith("facts."),
      ).length;
    expect(await logged()).toBe(2);

    const again = await save(
      tool.id,
      "Facts Two",
      factsForm({
        api: { ...api, checkedAt: "2026-11-25" },
        data_retention: { detail: "30 days", sourceUrl: "https://example.com/privacy", checkedAt: "2026-11-01" },
      }),
    );
    expect(await logged()).toBe(2);
    expect((await readToolFacts({ db: database.db, toolId: tool.id })).api?.checkedAt).toBe("2026-11-25");
    expect(again.updatedAt).toBeDefined();

    await save(tool.id, "Facts Two", factsForm({ api: { ...api, checkedAt: "2026-11-25" } }));
    expect(Object.keys(await readToolFacts({ db: database.db, toolId: tool.id }))).toEqual(["api"]);
    const [latest] = await listToolHistory({ db: database.db, toolId: tool.id, limit: 1 });
    expect([latest?.field, latest?.after]).toEqual(["facts.data_retention", { kind: "text", text: "Unknown" }]);
  });

  test("a form without the facts leaves them as they are", async () => {
    const tool = await newTool("Facts Three");
    await save(
      tool.id,
      "Facts Three",
      factsForm({ free_plan: { value: "yes", sourceUrl: "https://example.com/pricing" } }),
    );
    await updateTool({ db: database.db, id: tool.id, input: toolForm({ name: "Facts Three renamed" }), author: admin });
    expect(Object.keys(await readToolFacts({ db: database.db, toolId: tool.id }))).toEqual(["free_plan"]);
  });

  test("the table refuses a fact out of its shape", async () => {
    const tool = await newTool("Facts Four");
    const insert = (values: Partial<typeof toolFacts.$inferInsert>) =>
      database.db.insert(toolFacts).values({
        toolId: tool.id,
        fact: "platforms",
        sourceUrl: "https://example.com",
        checkedAt: "2026-11-27",
        ...values,
      });
    await expect(insert({ items: ["playstation"] })).rejects.toThrow();
    await expect(insert({ fact: "api", value: "opt-out" })).rejects.toThrow();
    await expect(insert({ fact: "api", value: "yes", sourceUrl: "ftp://example.com" })).rejects.toThrow();
  });
});

describe("the demo catalogue's facts", () => {
  test("/api/v1/tools/{slug} answers every demo tool's facts, each known one with its source and date", async () => {
    for (const demo of demoTools) {
      const answer = await readTool({ db: database.db, siteUrl: SITE, slug: demo.slug });
      const known = Object.entries(answer.facts).filter(([, fact]) => fact !== null);
      expect(known.length, demo.slug).toBeGreaterThan(0);
      expect(known.map(([name]) => name).sort()).toEqual(Object.keys(demoStructuredFacts[demo.slug] ?? {}).sort());
      for (const [name, fact] of known) {
        expect(fact?.source_url, `${demo.slug}.${name}`).toMatch(/^https:\/\//);
        expect(fact?.checked_at).toBe("2026-11-27");
      }
      expect(Object.keys(answer.facts).sort()).toEqual([...TOOL_FACTS].sort());
    }
  });

  test("seeding again adds no fact twice", async () => {
    const count = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(toolFacts))[0]?.n;
    const before = await count();
    await seedDemoCatalogue({
      db: database.db,
      storage: createLocalStorage({ rootDir: uploads, publicPath: "/uploads" }),
    });
    expect(await count()).toBe(before);
  });
});
