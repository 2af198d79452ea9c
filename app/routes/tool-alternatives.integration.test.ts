import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader, meta } from "~/routes/tool-alternatives";
import { loader as toolLoader } from "~/routes/tool";
import { tags, tools } from "~/server/db/schema.server";
import { insertTools, tagTools } from "../../tests/setup/fixtures";
import { getRequest, routeAnswer } from "../../tests/setup/route-calls";
import { loggingDatabase } from "../../tests/setup/statement-log";
import { TEST_SITE_URL } from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// The alternatives page and the tool page's block, through their loaders on a real database.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
});

type Loaded = { tool: { name: string }; alternatives: { tool: { name: string }; reason: string }[] };

async function load(path: string, id: string) {
  const { db, statements } = loggingDatabase(database);
  const args = { request: getRequest(path), params: { id }, context: { db, viewer: null } };
  try {
    return { ...(await routeAnswer(await loader(args as never))), statements };
  } catch (thrown) {
    return { ...(await routeAnswer(thrown, { thrown: true })), statements };
  }
}

function metaOf(loaderData: unknown) {
  const found = meta({ loaderData, matches: [{ id: "root", data: { siteUrl: TEST_SITE_URL } }] } as never);
  const named = (key: string, value: string) =>
    found.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
  return {
    title: (found.find((tag) => "title" in tag) as { title: string }).title,
    canonical: named("rel", "canonical")?.href,
    robots: named("name", "robots")?.content ?? null,
    jsonLd: found.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : [])),
  };
}

describe("/tool/{slug}/alternatives", () => {
  test("lists the alternatives with their reasons, indexable, with an ItemList, in four statements", async () => {
    await insertTools(
      database.db,
      { name: "Scribe", category: "Audio", pricingModel: "free" },
      { name: "Twin", category: "Audio", pricingModel: "free" },
      { name: "Painter", category: "Image" },
    );
    await tagTools(database.db, { Scribe: ["transcription"], Twin: ["transcription"] });

    const answer = await load("/tool/scribe/alternatives", "scribe");
    expect(answer.status).toBe(200);
    const data = answer.data as Loaded;
    expect(data.alternatives.map((entry) => [entry.tool.name, entry.reason])).toEqual([
      ["Twin", "Also Free - shares Transcription"],
    ]);
    // The tool, then its overrides, its tags' names and the ranked alternatives.
    expect(answer.statements).toHaveLength(4);

    const head = metaOf(data);
    expect(head.title).toBe("Scribe Alternatives | Aitlas");
    expect(head.canonical).toBe(`${TEST_SITE_URL}/tool/scribe/alternatives`);
    expect(head.robots).toBeNull();
    expect(JSON.stringify(head.jsonLd)).toContain('"@type":"ItemList"');
    expect(JSON.stringify(head.jsonLd)).toContain(`${TEST_SITE_URL}/tool/twin`);
  });

  test("an id or another spelling moves to the slug's address; an unknown tool is a 404", async () => {
    const [scribe] = await insertTools(database.db, { name: "Scribe" });
    const moved = await load(`/tool/${scribe!.id}/alternatives?x=1`, scribe!.id);
    expect(moved).toMatchObject({ status: 301, location: "/tool/scribe/alternatives?x=1" });
    expect((await load("/tool/nothing/alternatives", "nothing")).status).toBe(404);
  });

  test("a tool with no alternatives gets a page that says so, followed but not indexed", async () => {
    await insertTools(database.db, { name: "Loner", category: "Finance" }, { name: "Other", category: "Audio" });
    const answer = await load("/tool/loner/alternatives", "loner");
    expect(answer.status).toBe(200);
    expect((answer.data as Loaded).alternatives).toEqual([]);
    expect(metaOf(answer.data).robots).toBe("noindex, follow");
  });
});

describe("the tool page", () => {
  test("carries its first six alternatives", async () => {
    await insertTools(
      database.db,
      ...Array.from({ length: 9 }, (_, index) => ({ name: `Writer ${index + 1}`, category: "Writing" as const })),
    );
    const answer = await routeAnswer(
      await toolLoader({
        request: getRequest("/tool/writer-1"),
        params: { id: "writer-1" },
        context: { db: database.db, viewer: null },
      } as never),
    );
    const data = answer.data as { alternatives: { tool: { name: string } }[] };
    expect(data.alternatives).toHaveLength(6);
    expect(data.alternatives.map((entry) => entry.tool.name)).not.toContain("Writer 1");
  });
});
