import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { ToolCategory } from "~/lib/categories";
import type { Database } from "~/server/db/client.server";
import { tools } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { insertTools } from "../../../tests/setup/fixtures";
import { effectiveSort } from "~/lib/tool-filters";
import { findToolByIdentifier, listCategoriesInUse, listTools } from "./tools.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools} cascade`);
});

const names = (page: { tools: { name: string }[] }) => page.tools.map((tool) => tool.name);

type ListOptions = { db: Database; query?: string; page?: number; pageSize?: number };
const noFilters = { pricing: [], tags: [] };

/** The home grid as its loader asks for it: newest first, relevance with a text; 'All' is no category. */
function searchTools({ db, query = "", category, page, pageSize }: ListOptions & { category?: string | null }) {
  const filter = category && category !== "All" ? (category as ToolCategory) : null;
  const order = effectiveSort({ query, sort: null }, "newest");
  return listTools({ db, filters: { query, category: filter, ...noFilters, page }, order, pageSize });
}

/** A category page as its loader asks for it: the spec's order, by rating, with a text too. */
function listToolsInCategory({ db, category, query = "", page, pageSize }: ListOptions & { category: string }) {
  const filters = { query, category: category as ToolCategory, ...noFilters, page };
  return listTools({ db, filters, order: "rating", pageSize });
}

describe("searchTools", () => {
  test("matches a case-insensitive substring of the name or the description text", async () => {
    await insertTools(
      database.db,
      { name: "Quill Writer", description: "<p>Drafts letters.</p>" },
      { name: "Palette", description: "<p>Paints with a <strong>Quill</strong>-like brush.</p>" },
      { name: "Echo", description: "<p>Transcribes audio.</p>" },
    );

    const page = await searchTools({ db: database.db, query: "qUiLl" });

    expect(names(page).sort()).toEqual(["Palette", "Quill Writer"]);
    expect(page.total).toBe(2);
  });

  // Filters leaving few tools: each is read and its name and description tested in turn, an ASCII text under
  // the "C" collation (decision 210). Neither text is a word or a word's beginning: only the substring rule finds them.
  test("within filters, finds a substring of the description in any case, in ASCII letters and others", async () => {
    await insertTools(
      database.db,
      { name: "Alpha", description: "<p>Good at reSUMMARIZING notes.</p>" },
      { name: "Beta", description: "<p>Der AUTOÜBERSETZER hilft.</p>" },
      { name: "Gamma", description: "<p>Paints.</p>" },
      // Outside the filters: its words begin with both texts, so neither is corrected to another word.
      { name: "Delta", description: "<p>Summarizes, for an Übersetzerin.</p>", category: "Video" },
    );
    const filtered = (query: string) =>
      listTools({ db: database.db, filters: { query, category: "Writing", ...noFilters }, order: "relevance" });

    expect(names(await filtered("summariz"))).toEqual(["Alpha"]);
    expect(names(await filtered("übersetzer"))).toEqual(["Beta"]);
  });

  test("reports the total of a text search on every page, even one past the end", async () => {
    await insertTools(database.db, ...Array.from({ length: 5 }, (_, index) => ({ name: `Quill ${index}` })), {
      name: "Echo",
    });

    const second = await searchTools({ db: database.db, query: "quill", pageSize: 2, page: 2 });
    expect(second).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(second.tools).toHaveLength(2);
    expect(second.tools[0]).not.toHaveProperty("total");

    const beyond = await searchTools({ db: database.db, query: "quill", pageSize: 2, page: 9 });
    expect(beyond).toMatchObject({ tools: [], total: 5, pageCount: 3 });
  });

  test("matches a phrase that runs across formatting and line breaks", async () => {
    await insertTools(
      database.db,
      { name: "Scribe", description: "<p><strong>Plain</strong> words,\n   kept   simple.</p>" },
      { name: "Other", description: "<p>Plain</p><p>text</p>" },
    );

    // The phrase's tool first; since decision 155 a tool holding some of its words is found too.
    expect(names(await searchTools({ db: database.db, query: "plain words, kept simple" }))[0]).toBe("Scribe");
  });

  test("never matches the tag names inside a description", async () => {
    await insertTools(database.db, { name: "Bold", description: "<p><strong>Plain</strong> words.</p>" });

    expect((await searchTools({ db: database.db, query: "strong" })).total).toBe(0);
    expect((await searchTools({ db: database.db, query: "plain" })).total).toBe(1);
    expect((await searchTools({ db: database.db, query: "words." })).total).toBe(1);
  });

  test("reads % _ and \\ in the query literally", async () => {
    // From three characters the words match too (decision 155): the literal holder is always among them.
    await insertTools(
      database.db,
      { name: "100% Accurate" },
      { name: "100 Percent Accurate" },
      { name: "snake_case bot" },
      { name: "snakeXcase bot" },
      { name: "Back\\slash" },
      { name: "Backslash" },
    );

    expect(names(await searchTools({ db: database.db, query: "0% a" }))).toContain("100% Accurate");
    expect(names(await searchTools({ db: database.db, query: "100%" }))).toContain("100% Accurate");
    expect(names(await searchTools({ db: database.db, query: "e_c" }))).toContain("snake_case bot");
    expect(names(await searchTools({ db: database.db, query: "k\\s" }))).toContain("Back\\slash");
    expect(names(await searchTools({ db: database.db, query: "%" }))).toEqual(["100% Accurate"]);
    // One or two characters are a substring too, anywhere in the name.
    expect(names(await searchTools({ db: database.db, query: "sl" })).sort()).toEqual(["Back\\slash", "Backslash"]);
  });

  test("combines the query with a category, and 'All' or no category matches every category", async () => {
    await insertTools(
      database.db,
      { name: "Scribe", category: "Writing" },
      { name: "Scribe Vision", category: "Image" },
      { name: "Canvas", category: "Image" },
    );

    expect(names(await searchTools({ db: database.db, query: "scribe", category: "Image" }))).toEqual([
      "Scribe Vision",
    ]);
    expect(names(await searchTools({ db: database.db, category: "Image" })).sort()).toEqual([
      "Canvas",
      "Scribe Vision",
    ]);
    expect((await searchTools({ db: database.db, category: "All" })).total).toBe(3);
    expect((await searchTools({ db: database.db, category: null, query: "  " })).total).toBe(3);
  });

  test("lists newest first, and with a query puts names that start with it first", async () => {
    await insertTools(
      database.db,
      { name: "Old Notes AI" },
      { name: "Notes Pro" },
      { name: "Quick Notes" },
      { name: "Unrelated" },
    );

    expect(names(await searchTools({ db: database.db }))).toEqual([
      "Unrelated",
      "Quick Notes",
      "Notes Pro",
      "Old Notes AI",
    ]);
    // A name that begins with the text, then names with a word that does (equally rated: in any order).
    const found = names(await searchTools({ db: database.db, query: "notes" }));
    expect(found[0]).toBe("Notes Pro");
    expect(found.slice(1).sort()).toEqual(["Old Notes AI", "Quick Notes"]);
  });

  test("pages through the results and counts them all", async () => {
    await insertTools(database.db, ...["A", "B", "C", "D", "E"].map((letter) => ({ name: `Tool ${letter}` })));

    const first = await searchTools({ db: database.db, page: 1, pageSize: 2 });
    const last = await searchTools({ db: database.db, page: 3, pageSize: 2 });
    const beyond = await searchTools({ db: database.db, page: 4, pageSize: 2 });

    expect(names(first)).toEqual(["Tool E", "Tool D"]);
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(names(last)).toEqual(["Tool A"]);
    expect(beyond).toMatchObject({ tools: [], total: 5, page: 4, pageCount: 3 });
  });

  test("gives an empty catalogue one empty page", async () => {
    expect(await searchTools({ db: database.db, query: "anything" })).toMatchObject({
      tools: [],
      total: 0,
      totalCapped: false,
      page: 1,
      pageCount: 1,
    });
  });

  test("returns card fields with at most two pros", async () => {
    await insertTools(database.db, { name: "Pros Galore", pros: ["one", "two", "three"], rating: 4.25, voteCount: 4 });

    const [card] = (await searchTools({ db: database.db })).tools;

    expect(card).toMatchObject({
      name: "Pros Galore",
      slug: "pros-galore",
      pros: ["one", "two"],
      rating: 4.25,
      voteCount: 4,
    });
    expect(card).not.toHaveProperty("description");
  });

  test("a search's cards are the cards the lists read, field for field (decision 206)", async () => {
    await insertTools(
      database.db,
      { name: "Pros Galore", pros: ["one", "two", "three"], rating: 4.25, voteCount: 4, tagline: "Many pros" },
      { name: "Pros Lite", rating: null, voteCount: 0 },
    );

    const listed = (await searchTools({ db: database.db })).tools;
    const searched = (await searchTools({ db: database.db, query: "pros" })).tools;

    expect(searched.map((card) => card.name).sort()).toEqual(["Pros Galore", "Pros Lite"]);
    for (const card of searched) expect(card).toStrictEqual(listed.find((other) => other.id === card.id));
  });
});

describe("listToolsInCategory", () => {
  test("orders by rating, best first, with unrated tools last", async () => {
    await insertTools(
      database.db,
      { name: "Unrated", category: "Image", rating: null },
      { name: "Good", category: "Image", rating: 4.5, voteCount: 2 },
      { name: "Fair", category: "Image", rating: 3.2, voteCount: 5 },
      { name: "Best", category: "Image", rating: 5, voteCount: 1 },
      { name: "Elsewhere", category: "Audio", rating: 5, voteCount: 9 },
    );

    const page = await listToolsInCategory({ db: database.db, category: "Image" });

    expect(names(page)).toEqual(["Best", "Good", "Fair", "Unrated"]);
    expect(page.total).toBe(4);
  });

  test("filters by the query within the category only", async () => {
    await insertTools(
      database.db,
      { name: "Voice Studio", category: "Audio" },
      { name: "Studio Canvas", category: "Image" },
      { name: "Podcast Cutter", category: "Audio", description: "<p>A studio for podcasts.</p>" },
    );

    const page = await listToolsInCategory({ db: database.db, category: "Audio", query: "STUDIO" });

    expect(names(page).sort()).toEqual(["Podcast Cutter", "Voice Studio"]);
  });

  test("matches the category exactly", async () => {
    await insertTools(database.db, { name: "Feed Planner", category: "Social Media" });

    expect((await listToolsInCategory({ db: database.db, category: "Social Media" })).total).toBe(1);
    expect((await listToolsInCategory({ db: database.db, category: "social media" })).total).toBe(0);
  });
});

describe("findToolByIdentifier", () => {
  test("finds by slug as the canonical address", async () => {
    await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt" });

    const found = await findToolByIdentifier({ db: database.db, identifier: "chatgpt" });

    expect(found).toMatchObject({ canonical: true, tool: { slug: "chatgpt", name: "Chat GPT" } });
  });

  test("finds by id, in either case, as a non-canonical address", async () => {
    const [tool] = await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt" });

    for (const identifier of [tool!.id, tool!.id.toUpperCase()]) {
      expect(await findToolByIdentifier({ db: database.db, identifier })).toMatchObject({
        canonical: false,
        tool: { id: tool!.id },
      });
    }
  });

  test("finds a name-like text: hyphens read as spaces, any case", async () => {
    await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt" }, { name: "Stable Diffusion", slug: "sdxl" });

    for (const [identifier, slug] of [
      ["chat-gpt", "chatgpt"],
      ["Chat-GPT", "chatgpt"],
      ["stable-diffusion", "sdxl"],
      ["STABLE DIFFUSION", "sdxl"],
    ]) {
      expect(await findToolByIdentifier({ db: database.db, identifier: identifier! })).toMatchObject({
        canonical: false,
        tool: { slug },
      });
    }
  });

  test("finds the slug form of a name or an upper-case slug", async () => {
    await insertTools(database.db, { name: "ChatGPT", slug: "chatgpt" });

    for (const identifier of ["ChatGPT", "CHATGPT"]) {
      expect(await findToolByIdentifier({ db: database.db, identifier })).toMatchObject({
        canonical: false,
        tool: { slug: "chatgpt" },
      });
    }
  });

  test("returns null for an unknown slug, name or id", async () => {
    await insertTools(database.db, { name: "ChatGPT" });

    for (const identifier of ["nothing-here", "---", "00000000-0000-4000-8000-000000000000"]) {
      expect(await findToolByIdentifier({ db: database.db, identifier })).toBeNull();
    }
  });
});

describe("listCategoriesInUse", () => {
  test("lists each category that has tools once, alphabetically", async () => {
    await insertTools(
      database.db,
      { name: "W1", category: "Writing" },
      { name: "S1", category: "Social Media" },
      { name: "W2", category: "Writing" },
      { name: "A1", category: "Audio" },
      { name: "I1", category: "Image" },
    );

    expect(await listCategoriesInUse({ db: database.db })).toEqual(["Audio", "Image", "Social Media", "Writing"]);
  });

  test("is empty for an empty catalogue", async () => {
    expect(await listCategoriesInUse({ db: database.db })).toEqual([]);
  });
});

describe("per-category totals", () => {
  test("follow inserts, category changes, rating updates and deletes in the same transaction", async () => {
    const [quill, palette] = await insertTools(
      database.db,
      { name: "Quill", category: "Writing" },
      { name: "Palette", category: "Image" },
      { name: "Echo", category: "Audio" },
    );
    const totals = async () => ({
      all: (await searchTools({ db: database.db })).total,
      writing: (await listToolsInCategory({ db: database.db, category: "Writing" })).total,
      categories: await listCategoriesInUse({ db: database.db }),
    });
    expect(await totals()).toEqual({ all: 3, writing: 1, categories: ["Audio", "Image", "Writing"] });

    await database.db.update(tools).set({ category: "Writing" }).where(eq(tools.id, palette!.id));
    await database.db.update(tools).set({ rating: 4.5, voteCount: 2 }).where(eq(tools.id, quill!.id));
    expect(await totals()).toEqual({ all: 3, writing: 2, categories: ["Audio", "Writing"] });

    await database.db
      .transaction(async (tx) => {
        await tx.delete(tools).where(eq(tools.id, quill!.id));
        tx.rollback();
      })
      .catch(() => {});
    expect((await totals()).writing).toBe(2);

    await database.db.delete(tools).where(eq(tools.category, "Writing"));
    expect(await totals()).toEqual({ all: 1, writing: 0, categories: ["Audio"] });
  });
});
