import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { tags, tools } from "~/server/db/schema.server";
import { insertTools, type NewTool, tagTools } from "../../../tests/setup/fixtures";
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
  return { id: row!.id, category: row!.category, pricingModel: row!.pricingModel, tagIds: row!.tagIds };
}

async function idOf(name: string) {
  return (await sourceNamed(name)).id;
}

/** Scribe (Audio, free, tagged api and transcription) and tools that share more or less with it. */
async function catalogue(extra: NewTool[] = [], extraTags: Record<string, string[]> = {}) {
  await insertTools(
    database.db,
    { name: "Scribe", category: "Audio", pricingModel: "free" },
    { name: "Twin", category: "Audio", pricingModel: "free" },
    { name: "Cousin", category: "Audio", pricingModel: "paid" },
    { name: "Neighbour", category: "Image", pricingModel: "free" },
    { name: "Stranger", category: "Image", pricingModel: "free" },
    ...extra,
  );
  await tagTools(database.db, {
    Scribe: ["api", "transcription"],
    Twin: ["api", "transcription"],
    Neighbour: ["transcription"],
    Stranger: ["mobile-app"],
    ...extraTags,
  });
}

const names = (list: { tool: { name: string } }[]) => list.map((entry) => entry.tool.name);

describe("alternatives", () => {
  test("share the category (worth 2) or tags (1 each), best first, never the tool itself or a tool sharing nothing", async () => {
    await catalogue();
    const list = await listAlternatives({ db: database.db, source: await sourceNamed("Scribe") });
    // All at the prior mean: Twin 2 + 2, Cousin 2, Neighbour 1.
    expect(names(list)).toEqual(["Twin", "Cousin", "Neighbour"]);
    expect(list.map((entry) => entry.reason)).toEqual([
      "Also Free - shares Api, Transcription",
      "Also in Audio",
      "Also Free - shares Transcription",
    ]);
  });

  test("the sum is weighted by the honest ranking: a well-rated tool sharing less can come first", async () => {
    await catalogue([{ name: "Favourite", category: "Audio", rating: 5, voteCount: 200 }], { Favourite: ["api"] });
    const list = await listAlternatives({ db: database.db, source: await sourceNamed("Scribe") });
    // Favourite: (2 + 1) x ~4.9 beats Twin: (2 + 2) x 3.
    expect(names(list).slice(0, 2)).toEqual(["Favourite", "Twin"]);
  });

  test("pins come first in the order pinned, exclusions never appear, and a change of mind is one call", async () => {
    await catalogue();
    const scribe = await idOf("Scribe");
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Stranger"), kind: "pin" });
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Neighbour"), kind: "pin" });
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Twin"), kind: "exclude" });
    const source = await sourceNamed("Scribe");

    const list = await listAlternatives({ db: database.db, source });
    expect(names(list)).toEqual(["Stranger", "Neighbour", "Cousin"]);
    expect(list.map((entry) => entry.pinned)).toEqual([true, true, false]);
    expect(list[0]!.reason).toBe("Also Free");

    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Twin"), kind: "none" });
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Stranger"), kind: "exclude" });
    expect(names(await listAlternatives({ db: database.db, source }))).toEqual(["Neighbour", "Twin", "Cousin"]);
  });

  test("refuses a tool as its own alternative and an unknown tool, changing nothing", async () => {
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
    expect(names(await listAlternatives({ db: database.db, source: await sourceNamed("Scribe") }))).toEqual([
      "Twin",
      "Cousin",
      "Neighbour",
    ]);
  });

  test("a tool alone in its category with no tags has none", async () => {
    await insertTools(database.db, { name: "Loner", category: "Finance" }, { name: "Other", category: "Audio" });
    expect(await listAlternatives({ db: database.db, source: await sourceNamed("Loner") })).toEqual([]);
  });

  test("cost three statements whatever the catalogue holds", async () => {
    await catalogue();
    const scribe = await idOf("Scribe");
    await setOverride({ db: database.db, toolId: scribe, alternativeId: await idOf("Stranger"), kind: "pin" });
    const source = await sourceNamed("Scribe");
    const { db, statements } = loggingDatabase(database);
    await listAlternatives({ db, source, limit: 6 });
    expect(statements).toHaveLength(3);
  });

  test("the sitemap's comparisons: each tool with its best alternatives, each pair once, none past the cap", async () => {
    await catalogue();
    const pairs = await listTopComparisons({ db: database.db, perTool: 1 });
    // Scribe's and Twin's best is each other; Cousin's is Scribe or Twin; Neighbour's and Stranger's is each other.
    expect(pairs.map((pair) => pair.join(" vs ")).sort()).toEqual(
      [
        "scribe vs twin",
        "neighbour vs stranger",
        ...(await listAlternatives({ db: database.db, source: await sourceNamed("Cousin"), limit: 1 })).map((entry) =>
          ["cousin", entry.tool.slug].sort().join(" vs "),
        ),
      ].sort(),
    );

    await insertTools(
      database.db,
      ...Array.from({ length: SITEMAP_COMPARISONS_MAX_TOOLS }, (_, index) => ({ name: `Filler ${index}` })),
    );
    expect(await listTopComparisons({ db: database.db })).toEqual([]);
  });
});
