import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ToolCategory } from "~/lib/categories";
import { PRICING_MODELS, type PricingModel } from "~/lib/pricing-model";
import type { ToolFilters } from "~/lib/tool-filters";
import { cataloguePieces, tags, tools } from "~/server/db/schema.server";
import { insertTools, type NewTool, tagTools } from "../../../tests/setup/fixtures";
import { referenceMatches, referenceNameTier } from "../../../tests/setup/search-reference";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { loggingDatabase } from "../../../tests/setup/statement-log";
import { refreshRankingPrior } from "./ranking.server";
import { listTools, SHORTEST_SEARCH, TOOL_COUNT_CAP, type ToolOrder } from "./tools.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

type Stored = {
  id: string;
  name: string;
  category: string;
  tagline: string | null;
  description: string;
  pricingModel: string | null;
  rankingScore: number;
  voteCount: number;
  createdAt: Date;
  tagIds: string[];
};

const NAME_STARTS = ["Nova", "Quill", "Echo", "Pixel", "Writ"];
const NAME_ENDS = ["Writer", "Copywriter", "Canvas", "Reel", "Notes"];
const SENTENCES = [
  "It helps teams write blog posts.",
  "Image generation from a short prompt.",
  "Rewrites product copy in seconds.",
  "Generates images and short reels.",
  "Takes meeting notes and writes summaries.",
  "A canvas for quick sketches.",
];
const TAGLINES = ["Write faster", "Image generation for teams", null, null];
const CATEGORIES: ToolCategory[] = ["Writing", "Image", "Video"];

/** A small catalogue where every relevance tier, filter and order has members and ties. */
function smallCatalogue(): { rows: NewTool[]; tagSets: Record<string, string[]> } {
  const rows: NewTool[] = [];
  const tagSets: Record<string, string[]> = {};
  for (let index = 0; index < 60; index++) {
    const name =
      index % 10 === 0
        ? `${NAME_ENDS[index % 5]}`.repeat(1) + (index === 0 ? "" : ` ${index}`)
        : `${NAME_STARTS[index % 5]} ${NAME_ENDS[(index * 3) % 5]} ${index}`;
    rows.push({
      name,
      category: CATEGORIES[index % 3]!,
      tagline: TAGLINES[index % 4],
      pricingModel: index % 7 === 0 ? undefined : PRICING_MODELS[index % PRICING_MODELS.length],
      description: `<p>${SENTENCES[index % 6]}</p><p>${SENTENCES[(index * 5) % 6]} Number ${index}.</p>`,
      rating: index % 4 === 0 ? undefined : 1 + (index % 5),
      voteCount: index % 4 === 0 ? 0 : (index * 7) % 30,
    });
    tagSets[name] = ["api", "mobile-app"].filter((_, bit) => (index >> bit) & 1);
  }
  return { rows, tagSets };
}

async function storedTools(): Promise<Stored[]> {
  return database.db
    .select({
      id: tools.id,
      name: tools.name,
      category: tools.category,
      tagline: tools.tagline,
      description: tools.description,
      pricingModel: tools.pricingModel,
      rankingScore: tools.rankingScore,
      voteCount: tools.voteCount,
      createdAt: tools.createdAt,
      tagIds: tools.tagIds,
    })
    .from(tools);
}

const byId = (a: Stored, b: Stored) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const topRated = (a: Stored, b: Stored) => b.rankingScore - a.rankingScore || b.voteCount - a.voteCount || byId(a, b);

function referenceOrder(order: ToolOrder, text: string): (a: Stored, b: Stored) => number {
  switch (order) {
    case "relevance":
      return text
        ? (a, b) => referenceNameTier(a.name, text) - referenceNameTier(b.name, text) || topRated(a, b)
        : referenceOrder("newest", text);
    case "top-rated":
      return topRated;
    case "most-voted":
      return (a, b) => b.voteCount - a.voteCount || b.rankingScore - a.rankingScore || byId(a, b);
    case "newest":
      return (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byId(a, b);
    case "name":
      // The test databases collate as C, so code-unit order is the database's order.
      return (a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name > b.name ? 1 : 0) || byId(a, b);
    default:
      throw new Error(`No reference for ${order}`);
  }
}

type Filters = Omit<ToolFilters, "sort" | "page">;

function reference(catalogue: Stored[], tagIdBySlug: Map<string, string>, filters: Filters, order: ToolOrder) {
  const text = filters.query.trim();
  return (
    catalogue
      // From three characters the category's words are searched too (decision 155): "writ" finds "Writing".
      .filter(
        (tool) =>
          !text ||
          referenceMatches(tool, text) ||
          (text.length >= SHORTEST_SEARCH && tool.category.toLowerCase().startsWith(text.toLowerCase())),
      )
      .filter((tool) => !filters.category || tool.category === filters.category)
      .filter((tool) => filters.pricing.length === 0 || filters.pricing.includes(tool.pricingModel as PricingModel))
      .filter((tool) => filters.tags.every((slug) => tool.tagIds.includes(tagIdBySlug.get(slug)!)))
      .sort(referenceOrder(order, text))
      .map((tool) => tool.name)
  );
}

async function tagIds() {
  const rows = await database.db.select({ id: tags.id, slug: tags.slug }).from(tags);
  return new Map(rows.map((row) => [row.slug, row.id]));
}

const ORDERS: ToolOrder[] = ["relevance", "top-rated", "most-voted", "newest", "name"];

describe("search agrees with a brute-force reading of the catalogue", () => {
  test("for every kind of text, filter and order, page by page", async () => {
    await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
    const { rows, tagSets } = smallCatalogue();
    await insertTools(database.db, ...rows);
    await tagTools(database.db, tagSets);
    await refreshRankingPrior({ db: database.db });
    const catalogue = await storedTools();
    const tagIdBySlug = await tagIds();

    // One and two characters, a common substring, a whole name, a rare word, a phrase, nothing, punctuation.
    const texts = [
      "",
      "n",
      "wr",
      "writ",
      "rite",
      "copywriter",
      "Notes",
      "summaries",
      "image gen",
      "blog posts",
      "qxjv",
      "?!",
    ];
    let compared = 0;
    for (const query of texts)
      for (const category of [null, "Writing"] as const)
        for (const pricing of [[], ["free", "freemium"]] as PricingModel[][])
          for (const tagFilter of [[], ["api"]])
            for (const order of ORDERS) {
              const filters: Filters = { query, category, pricing, tags: tagFilter };
              const expected = reference(catalogue, tagIdBySlug, filters, order);
              const label = `${JSON.stringify(filters)} ${order}`;
              const whole = await listTools({ db: database.db, filters, order, pageSize: 100 });
              const found = whole.tools.map((tool) => tool.name);
              if (query.trim().length < SHORTEST_SEARCH) {
                expect(found, label).toEqual(expected);
                expect(whole.total, label).toBe(expected.length);
              } else {
                // From three characters the engine reads words too (decision 155): every tool holding
                // the text is still found (the spec's rule), among others.
                expect(found, label).toEqual(expect.arrayContaining(expected));
                expect(whole.total, label).toBe(found.length);
              }
              // Pages of 7 are slices of the same order.
              const second = await listTools({ db: database.db, filters: { ...filters, page: 2 }, order, pageSize: 7 });
              expect(
                second.tools.map((tool) => tool.name),
                label,
              ).toEqual(found.slice(7, 14));
              compared++;
            }
    expect(compared).toBeGreaterThan(400);
  }, 300_000);

  test(`past ${TOOL_COUNT_CAP} matches: "1,000+", and pages in the same order`, async () => {
    await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
    const many: NewTool[] = Array.from({ length: TOOL_COUNT_CAP + 400 }, (_, index) => ({
      name: index % 4 === 0 ? `Filler Writer ${index}` : index % 4 === 1 ? `Rewriter ${index}` : `Filler ${index}`,
      category: CATEGORIES[index % 3]!,
      pricingModel: PRICING_MODELS[index % PRICING_MODELS.length],
      description: `<p>${index % 2 === 0 ? "It writes release notes." : "It sketches."}</p>`,
      rating: 1 + (index % 5),
      voteCount: (index * 13) % 97,
    }));
    await insertTools(database.db, ...many, { name: "Writ" }, { name: "Fi" });
    await refreshRankingPrior({ db: database.db });
    const catalogue = await storedTools();
    const tagIdBySlug = await tagIds();

    for (const query of ["writ", "fi", "filler"])
      for (const order of ["relevance", "top-rated", "newest"] as ToolOrder[]) {
        // Relevance from three characters is the engine's (decision 155), not the name tiers of the reference.
        if (order === "relevance" && query.length >= SHORTEST_SEARCH) continue;
        const filters: Filters = { query, category: null, pricing: [], tags: [] };
        const expected = reference(catalogue, tagIdBySlug, filters, order);
        expect(expected.length, query).toBeGreaterThan(TOOL_COUNT_CAP);
        for (const page of [1, 2, 20]) {
          const found = await listTools({ db: database.db, filters: { ...filters, page }, order, pageSize: 24 });
          const label = `${query} ${order} page ${page}`;
          expect(found, label).toMatchObject({ total: TOOL_COUNT_CAP, totalCapped: true });
          expect(
            found.tools.map((tool) => tool.name),
            label,
          ).toEqual(expected.slice((page - 1) * 24, page * 24));
        }
      }
  }, 300_000);

  test("two characters thousands of tools hold: each page is their best ranked, read above a ranking threshold (decision 207)", async () => {
    await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
    // No name holds "jq": every page is the best ranked of the descriptions holding it.
    const many: NewTool[] = Array.from({ length: 2 * TOOL_COUNT_CAP + 600 }, (_, index) => ({
      name: `Holder ${index}`,
      category: CATEGORIES[index % 3]!,
      description: `<p>${index % 8 === 0 ? "It sketches." : "It reads jq filters."}</p>`,
      rating: 1 + (index % 5),
      voteCount: (index * 13) % 97,
    }));
    await insertTools(database.db, ...many);
    await refreshRankingPrior({ db: database.db });
    // The planner's share of the pair, which decides the way (PGlite's start and PostgreSQL's autovacuum take it).
    await database.db.execute(sql`analyze ${tools}`);
    const catalogue = await storedTools();
    const filters: Filters = { query: "jq", category: null, pricing: [], tags: [] };
    const expected = reference(catalogue, await tagIds(), filters, "relevance");
    expect(expected.length).toBeGreaterThan(2 * TOOL_COUNT_CAP);
    const { db, statements } = loggingDatabase(database);
    for (const page of [1, 2, 20]) {
      const found = await listTools({ db, filters: { ...filters, page }, order: "relevance", pageSize: 24 });
      expect(found, `page ${page}`).toMatchObject({ total: TOOL_COUNT_CAP, totalCapped: true });
      expect(
        found.tools.map((tool) => tool.name),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 24, page * 24));
    }
    // Through the threshold, not by gathering every holder (bestRankedAnswering's own statement).
    expect(statements.some((statement) => /"ranking_score" >= /.test(statement.text))).toBe(true);
  }, 300_000);

  test("a misspelt name finds the tool, corrected against the catalogue's words", async () => {
    await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
    await insertTools(database.db, { name: "Midjourney" }, { name: "Claude" });
    const found = await listTools({
      db: database.db,
      filters: { query: "midjurney", category: null, pricing: [], tags: [] },
      order: "relevance",
    });
    expect(found).toMatchObject({ tools: [{ name: "Midjourney" }], total: 1 });
  });
});

describe("one or two characters no tool holds (decision 194)", () => {
  const search = (db: typeof database.db, query: string) =>
    listTools({ db, filters: { query, category: null, pricing: [], tags: [] }, order: "relevance" });

  test("answer from the pieces without reading a tool's row, and find a tool once it holds them", async () => {
    await database.db.execute(sql`truncate table ${tools}, ${tags}, ${cataloguePieces} cascade`);
    const [quizzy] = await insertTools(
      database.db,
      { name: "Quizzy", description: "<p>Makes <b>quizzes</b> for a class.</p>" },
      { name: "Café Écrit", description: "<p>Writes menus.</p>" },
    );
    expect((await search(database.db, "uz")).total).toBe(0);
    expect((await search(database.db, "zz")).tools.map((tool) => tool.name)).toEqual(["Quizzy"]);
    // Lower case as ILIKE compares it, accents included; a piece across a space is no piece.
    expect((await search(database.db, "ÉC")).tools.map((tool) => tool.name)).toEqual(["Café Écrit"]);
    expect((await search(database.db, "é")).total).toBe(1);

    // The proof of absence is one key, of the catalogue's pieces or of the tools' (decision 207): no row is read.
    const { db, client, statements } = loggingDatabase(database);
    expect((await search(db, "qz")).total).toBe(0);
    const raw = client as { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    const reads = statements.filter(
      (statement) => /^select/i.test(statement.text.trim()) && /"tools"/.test(statement.text),
    );
    expect(reads.length).toBeGreaterThan(0);
    for (const read of reads) {
      const { rows } = await raw.query(`explain (analyze, costs off, timing off) ${read.text}`, read.params);
      const plan = rows.map((row) => String(row["QUERY PLAN"])).join("\n");
      expect(plan, plan).toMatch(
        /on tools.*\(never executed\)|Bitmap Index Scan on tools_text_pieces_idx \(actual rows=0(\.00)? loops=1\)/,
      );
      expect(plan, plan).not.toMatch(
        /Seq Scan on tools|Index (Only )?Scan using \w+ on tools \w*\s*\(actual rows=[1-9]/,
      );
    }

    // A new description brings its pieces (the update's trigger), and the tool is found.
    await database.db.execute(
      sql`update ${tools} set description = '<p>Quiz quizzes, qz codes too.</p>' where ${tools.id} = ${quizzy!.id}`,
    );
    expect((await search(database.db, "qz")).tools.map((tool) => tool.name)).toEqual(["Quizzy"]);
  });
});
