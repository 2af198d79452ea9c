import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { tags, tools } from "~/server/db/schema.server";
import { insertTools, insertUsers, tagTools } from "../../../tests/setup/fixtures";
import { recordAlternativeVote } from "../community/alternative-votes.server";
import { loggingDatabase } from "../../../tests/setup/statement-log";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  listAlternatives,
  listTopComparisons,
  setOverride,
  SITEMAP_COMPARISONS_MAX_TOOLS,
  type AlternativesSource,
} from "./alternatives.server";
import { refreshRankingPrior } from "./ranking.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
  await refreshRankingPrior({ db: database.db });
});

async function sourceNamed(name: string): Promise<AlternativesSource> {
  const [row] = await database.db.select().from(tools).where(eq(tools.name, name));
  return { id: row!.id, category: row!.category, tagline: row!.tagline, tagIds: row!.tagIds };
}

async function idOf(name: string) {
  return (await sourceNamed(name)).id;
}

/**
 * Scribe (Audio, transcription and the generic api) and tools that share more or less with it,
 * among fillers that make the tags as rare as in a real catalogue.
 */
async function catalogue() {
  await insertTools(
    database.db,
    { name: "Scribe", category: "Audio", tagline: "Transcribes meetings into notes" },
    { name: "Twin", category: "Audio", tagline: "Transcribes meetings into notes" },
    { name: "Sibling", category: "Audio", tagline: "Transcribes meetings into notes" },
    { name: "Cousin", category: "Audio", tagline: "Composes songs" },
    { name: "Neighbour", category: "Image", tagline: "Transcribes meetings into notes" },
    { name: "Sidekick", category: "Image", tagline: "Paints pictures and transcribes meetings into notes" },
    { name: "Stranger", category: "Image", tagline: "Paints pictures" },
    { name: "Medic", category: "Health", tagline: "Transcribes clinical meetings into notes" },
    ...Array.from({ length: 30 }, (_, index) => ({ name: `Spare ${index}`, category: "Other" as const })),
  );
  await tagTools(database.db, {
    Scribe: ["api", "transcription"],
    Twin: ["api", "transcription"],
    Sibling: ["transcription"],
    Neighbour: ["transcription"],
    Sidekick: ["transcription", "image-generation"],
    Stranger: ["api", "mobile-app"],
    Medic: ["transcription", "healthcare"],
  });
  await database.db
    .update(tags)
    .set({ kind: "generic" })
    .where(inArray(tags.slug, ["api", "mobile-app"]));
  await database.db.update(tags).set({ kind: "field" }).where(eq(tags.slug, "healthcare"));
  await database.db
    .update(tags)
    .set({ description: "Converts speech into text." })
    .where(eq(tags.slug, "transcription"));
}

const names = (list: { tool: { name: string } }[]) => list.map((entry) => entry.tool.name);

describe("alternatives", () => {
  test("are the tools that do the same job: a shared category, a generic tag, another field's tool or a side feature is not enough", async () => {
    await catalogue();
    const list = await listAlternatives({ db: database.db, source: await sourceNamed("Scribe") });
    expect(names(list).slice(0, 2).sort()).toEqual(["Sibling", "Twin"]);
    expect(names(list)).toContain("Neighbour");
    // Cousin shares only the category, Stranger only a generic tag, Medic is made for healthcare;
    // Sidekick transcribes on the side of other jobs, far less alike than Twin.
    expect(names(list)).not.toContain("Sidekick");
    expect(names(list)).not.toContain("Cousin");
    expect(names(list)).not.toContain("Stranger");
    expect(names(list)).not.toContain("Medic");
    expect(list[0]!.reason).toBe("Also converts speech into text");
    expect(list.every((entry) => entry.agree === 0 && entry.disagree === 0 && entry.viewerVote === null)).toBe(true);
  });

  test("a tool without job tags has the tools of its category; one alone in it has none", async () => {
    await catalogue();
    expect(names(await listAlternatives({ db: database.db, source: await sourceNamed("Cousin") }))).toContain("Twin");
    await insertTools(database.db, { name: "Loner", category: "Finance" });
    expect(await listAlternatives({ db: database.db, source: await sourceNamed("Loner") })).toEqual([]);
  });

  test("pins come first in the order pinned, exclusions never appear, and a change of mind is one call", async () => {
    await catalogue();
    const scribe = await idOf("Scribe");
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Stranger"), kind: "pin" });
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Neighbour"), kind: "pin" });
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Twin"), kind: "exclude" });
    const source = await sourceNamed("Scribe");

    const list = await listAlternatives({ db: database.db, source });
    expect(names(list)).toEqual(["Stranger", "Neighbour", "Sibling"]);
    expect(list.map((entry) => entry.pinned)).toEqual([true, true, false]);
    expect(list[0]!.reason).toBe("Chosen by the editors");

    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Twin"), kind: "none" });
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Stranger"), kind: "exclude" });
    expect(names(await listAlternatives({ db: database.db, source }))).toContain("Twin");
    expect(names(await listAlternatives({ db: database.db, source }))).not.toContain("Stranger");
  });

  test("members' votes move the order within the similar tools, never past a pin, never back an exclusion", async () => {
    await catalogue();
    const scribe = await idOf("Scribe");
    const [twin, sibling, neighbour] = [await idOf("Twin"), await idOf("Sibling"), await idOf("Neighbour")];
    const members = await Promise.all(
      ["one", "two", "three", "four", "five", "six", "seven", "eight"].map(
        async (name) => (await insertUsers(database.db, { email: `${name}@example.com` }))[0]!.id,
      ),
    );
    const source = await sourceNamed("Scribe");
    const vote = (userId: string, alternativeId: string, choice: "good" | "bad" | "clear") =>
      recordAlternativeVote({ db: database.db, userId, toolId: scribe, alternativeId, choice });

    // Whichever of the two equals ranks second is voted up, then down.
    const second = (await listAlternatives({ db: database.db, source }))[1]!.tool.id;
    const other = second === twin ? sibling : twin;
    await vote(members[0]!, second, "good");
    await vote(members[0]!, second, "good");
    let list = await listAlternatives({ db: database.db, source, viewerId: members[0]! });
    expect(list[0]).toMatchObject({ tool: { id: second }, agree: 1, disagree: 0, viewerVote: true });

    // A changed vote counts once, the other way; others' votes count too.
    await vote(members[0]!, second, "bad");
    await vote(members[1]!, second, "bad");
    list = await listAlternatives({ db: database.db, source, viewerId: members[1]! });
    expect(list[0]!.tool.id).toBe(other);
    expect(list.find((entry) => entry.tool.id === second)).toMatchObject({ agree: 0, disagree: 2, viewerVote: false });
    await vote(members[1]!, second, "clear");
    expect(
      (await listAlternatives({ db: database.db, source })).find((entry) => entry.tool.id === second),
    ).toMatchObject({ agree: 0, disagree: 1, viewerVote: null });

    // Votes for the least similar move it up, but a pin stays first and an exclusion stays out.
    const place = async () =>
      (await listAlternatives({ db: database.db, source })).findIndex((entry) => entry.tool.id === neighbour);
    const before = await place();
    for (const member of members) await vote(member, neighbour, "good");
    expect(await place()).toBeLessThan(before);
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Stranger"), kind: "pin" });
    await setOverride({ db: database.db, toolId: scribe, alternativeId: other, kind: "exclude" });
    await vote(members[2]!, other, "good");
    await vote(members[3]!, other, "good");
    list = await listAlternatives({ db: database.db, source });
    expect(names(list)[0]).toBe("Stranger");
    expect(list.map((entry) => entry.tool.id)).not.toContain(other);
    expect(list.find((entry) => entry.tool.id === neighbour)!.agree).toBe(8);

    // Members' word brings back a tool left out for sharing only a side feature.
    expect(names(list)).not.toContain("Sidekick");
    const sidekick = await idOf("Sidekick");
    for (const member of members) await vote(member, sidekick, "good");
    expect(names(await listAlternatives({ db: database.db, source }))).toContain("Sidekick");
  });

  test("votes refuse a tool as its own alternative and an unknown or discontinued tool", async () => {
    await catalogue();
    const scribe = await idOf("Scribe");
    const member = (await insertUsers(database.db, { email: "voter@example.com" }))[0]!.id;
    const vote = (alternativeId: string) =>
      recordAlternativeVote({ db: database.db, userId: member, toolId: scribe, alternativeId, choice: "good" });
    await expect(vote(scribe)).rejects.toMatchObject({ code: "bad-request" });
    await expect(vote("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "not-found" });
    await database.db.update(tools).set({ discontinuedAt: new Date() }).where(eq(tools.name, "Twin"));
    await expect(vote(await idOf("Twin"))).rejects.toMatchObject({ code: "not-found" });
  });

  test("refuses a pin of a tool as its own alternative and of an unknown tool", async () => {
    await catalogue();
    const scribe = await idOf("Scribe");
    await expect(
      setOverride({ db: database.db, toolId: scribe, alternativeId: scribe, kind: "pin" }),
    ).rejects.toMatchObject({ code: "bad-request" });
    await expect(
      setOverride({
        db: database.db,
        toolId: scribe,
        alternativeId: "00000000-0000-4000-8000-000000000000",
        kind: "pin",
      }),
    ).rejects.toMatchObject({ code: "not-found" });
  });

  test("cost five statements in two round trips whatever the catalogue holds", async () => {
    await catalogue();
    const scribe = await idOf("Scribe");
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Stranger"), kind: "pin" });
    const source = await sourceNamed("Scribe");
    const { db, statements } = loggingDatabase(database);
    await listAlternatives({ db, source, limit: 6 });
    expect(statements).toHaveLength(5);
  });

  test("the sitemap's comparisons: each tool with its best alternatives, each pair once, none past the cap", async () => {
    await catalogue();
    const pairs = await listTopComparisons({ db: database.db, perTool: 1 });
    // Each tool with its best alternative, as the listing ranks them, each pair once.
    const expected = new Set<string>();
    for (const { name, slug } of await database.db.select({ name: tools.name, slug: tools.slug }).from(tools)) {
      const [best] = await listAlternatives({ db: database.db, source: await sourceNamed(name), limit: 1 });
      if (best) expected.add([slug, best.tool.slug].sort().join(" vs "));
    }
    expect(pairs.map((pair) => pair.join(" vs ")).sort()).toEqual([...expected].sort());
    expect(expected.has("scribe vs sibling") || expected.has("scribe vs twin")).toBe(true);

    await insertTools(
      database.db,
      ...Array.from({ length: SITEMAP_COMPARISONS_MAX_TOOLS }, (_, index) => ({ name: `Filler ${index}` })),
    );
    expect(await listTopComparisons({ db: database.db })).toEqual([]);
  });
});
