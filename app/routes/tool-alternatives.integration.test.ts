import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { action, loader, meta } from "~/routes/tool-alternatives";
import { loader as toolLoader } from "~/routes/tool";
import { tags, tools } from "~/server/db/schema.server";
import { insertTools, tagTools } from "../../tests/setup/fixtures";
import { formPostRequest, getRequest, routeAnswer, settleRoute } from "../../tests/setup/route-calls";
import { loggingDatabase } from "../../tests/setup/statement-log";
import {
  contextFor,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// The alternatives page and the tool page's block, through their loaders on a real database.

let database: TestDatabase;
let services: TestServices;
let members: { id: string; cookie: string }[];
beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  members = [
    await createSignedInUser(services, "first@example.com"),
    await createSignedInUser(services, "second@example.com"),
  ];
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
  test("lists the alternatives with their reasons, indexable, with an ItemList, in five statements", async () => {
    await insertTools(
      database.db,
      { name: "Scribe", category: "Audio", pricingModel: "free" },
      { name: "Twin", category: "Audio", pricingModel: "free" },
      { name: "Painter", category: "Image" },
      ...Array.from({ length: 20 }, (_, index) => ({ name: `Spare ${index}`, category: "Other" as const })),
    );
    await tagTools(database.db, { Scribe: ["transcription"], Twin: ["transcription"] });

    const answer = await load("/tool/scribe/alternatives", "scribe");
    expect(answer.status).toBe(200);
    const data = answer.data as Loaded;
    expect(data.alternatives.map((entry) => [entry.tool.name, entry.reason])).toEqual([
      ["Twin", "Also for transcription"],
    ]);
    // The tool, then its overrides and the candidates, then their tags and votes (no taglines: no words).
    expect(answer.statements).toHaveLength(5);

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

describe("voting on an alternative", () => {
  async function scribeAndTwins() {
    const inserted = await insertTools(
      database.db,
      { name: "Scribe", category: "Audio", tagline: "Transcribes meetings" },
      { name: "Twin", category: "Audio", tagline: "Transcribes meetings" },
      { name: "Other twin", category: "Audio", tagline: "Transcribes meetings" },
      ...Array.from({ length: 20 }, (_, index) => ({ name: `Spare ${index}`, category: "Other" as const })),
    );
    await tagTools(database.db, {
      Scribe: ["transcription"],
      Twin: ["transcription"],
      "Other twin": ["transcription"],
    });
    return { twin: inserted[1]!.id, otherTwin: inserted[2]!.id };
  }

  async function post(
    fields: Record<string, string>,
    { cookie, origin }: { cookie?: string; origin?: string | null } = {},
  ) {
    const request = formPostRequest("/tool/scribe/alternatives", fields, { cookie, origin });
    const context = await contextFor(services, request);
    return settleRoute(async () => action({ request, params: { id: "scribe" }, context } as never));
  }

  async function listed(cookie?: string) {
    const request = getRequest("/tool/scribe/alternatives", { cookie, data: true });
    const context = await contextFor(services, request);
    const answer = await settleRoute(async () => loader({ request, params: { id: "scribe" }, context } as never));
    return (
      answer.data as {
        alternatives: { tool: { id: string }; agree: number; disagree: number; viewerVote: boolean | null }[];
      }
    ).alternatives;
  }

  test("one vote per member, changeable, counted and moving the order; signed out or cross-site refused", async () => {
    const { twin, otherTwin } = await scribeAndTwins();
    const second = (await listed())[1]!.tool.id;
    const first = second === twin ? otherTwin : twin;

    expect((await post({ alternative: second, vote: "good" })).status).toBe(401);
    expect(
      (
        await post(
          { alternative: second, vote: "good" },
          { cookie: members[0]!.cookie, origin: "https://evil.example" },
        )
      ).status,
    ).toBe(403);
    expect((await post({ alternative: second, vote: "maybe" }, { cookie: members[0]!.cookie })).status).toBe(400);

    // Twice by the same member is one vote; the order moves.
    expect((await post({ alternative: second, vote: "good" }, { cookie: members[0]!.cookie })).status).toBe(200);
    expect((await post({ alternative: second, vote: "good" }, { cookie: members[0]!.cookie })).status).toBe(200);
    let list = await listed(members[0]!.cookie);
    expect(list[0]).toMatchObject({ tool: { id: second }, agree: 1, disagree: 0, viewerVote: true });
    expect((await listed())[0]).toMatchObject({ agree: 1, viewerVote: null });

    // A changed vote, and another member's: the counts follow and the order moves back.
    await post({ alternative: second, vote: "bad" }, { cookie: members[0]!.cookie });
    await post({ alternative: second, vote: "bad" }, { cookie: members[1]!.cookie });
    list = await listed(members[1]!.cookie);
    expect(list.map((entry) => entry.tool.id)).toEqual([first, second]);
    expect(list[1]).toMatchObject({ agree: 0, disagree: 2, viewerVote: false });

    // Taking it back.
    await post({ alternative: second, vote: "clear" }, { cookie: members[1]!.cookie });
    expect((await listed(members[1]!.cookie))[1]).toMatchObject({ disagree: 1, viewerVote: null });
  });
});
