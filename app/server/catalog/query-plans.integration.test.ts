import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "~/server/db/client.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { loggingDatabase } from "../../../tests/setup/statement-log";
import { insertSyntheticCatalogue } from "../../../tests/setup/synthetic-tools";
import { effectiveSort } from "~/lib/tool-filters";
import { bestRankedAnswering, plannedRows } from "~/server/search/search-engine.server";
import { textArray } from "~/server/db/sql-arrays.server";
import { countFactFilters } from "./fact-counts.server";
import { listTools } from "./tools.server";

// The plans of the app's own search and list statements over a catalogue large enough for the
// planner to prefer a whole-table scan where no index serves. The catalogue is built once for the
// file (decision 132): every test only reads it.

const SYNTHETIC_TOOLS = 30_000;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertSyntheticCatalogue(database.db, SYNTHETIC_TOOLS);
}, 300_000);
afterAll(() => database.dispose());

/** The home grid as its loader asks for it: relevance with a text. */
function searchTools({ db, query }: { db: Database; query: string }) {
  const order = effectiveSort({ query, sort: null }, "newest");
  return listTools({ db, filters: { query, category: null, pricing: [], tags: [] }, order });
}

type RawClient = { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };

/**
 * The statements a data function really sends, captured by drizzle's logger on a second drizzle
 * instance over the same connection, so the plan below is the plan of the app's own SQL.
 */
async function captureStatements(run: (db: Database) => Promise<unknown>) {
  const { db, client, statements } = loggingDatabase(database);
  await run(db);
  return { client: client as RawClient, statements };
}

/** EXPLAIN of a statement after the same SET LOCALs the app sends (if any), on one connection. */
async function explainInTransaction(
  client: unknown,
  settings: string[],
  statement: { text: string; params: unknown[] },
) {
  const explain = async (run: RawClient) => {
    for (const setting of settings) await run.query(setting);
    const { rows } = await run.query(`explain ${statement.text}`, statement.params);
    return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
  };
  if (database.kind === "pglite") return (client as PGlite).transaction((tx) => explain(tx as unknown as RawClient));
  const connection = await (client as pg.Pool).connect();
  try {
    await connection.query("begin");
    return await explain(connection as unknown as RawClient);
  } finally {
    await connection.query("rollback");
    connection.release();
  }
}

/** Each statement a search sends, explained after every SET LOCAL the app sent before it (node-postgres logs its own begin/commit; PGlite does not). */
async function searchPlans(query: string) {
  const { client, statements } = await captureStatements((db) => searchTools({ db, query }));
  const sent = statements.filter((statement) => !/^(begin|commit)$/i.test(statement.text.trim()));
  const plans: string[] = [];
  const settings: string[] = [];
  for (const statement of sent) {
    const text = statement.text.trim();
    if (/^set local/i.test(text)) {
      settings.push(text);
      continue;
    }
    if (/^explain/i.test(text)) continue;
    const plan = await explainInTransaction(client, settings, statement);
    expect(plan, `${query}: ${text}\n${plan}`).not.toMatch(/Seq Scan on (tools|search_words)\b/);
    plans.push(plan);
  }
  return plans.join("\n");
}

describe("search query plans", () => {
  test("a search over 30,000 tools reads the vocabulary's, the search vector's and the trigram indexes, never the whole table", async () => {
    // Four characters: about 45 matches among 30,000 md5 names and descriptions, under the count's cap.
    const query = "b7e1";
    const all = await searchPlans(query);
    expect(all, all).toContain("search_words_trgm_idx");
    expect(all, all).toContain("tools_search_vector_idx");
    expect(all, all).toContain("tools_name_trgm_idx");
    expect(all, all).toContain("tools_description_text_trgm_idx");

    // Every tool holding the text is found (the spec's rule, decision 155), words may find more.
    const result = await searchTools({ db: database.db, query });
    const expected = await database.db.execute(sql`
        select count(*)::int as n from tools
        where strpos(lower(name), ${query}) > 0 or strpos(lower(description_text), ${query}) > 0`);
    const expectedTotal = (expected as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(expectedTotal).toBeGreaterThan(0);
    expect(result.total).toBeGreaterThanOrEqual(expectedTotal);
  });

  test("a word every tool holds and a text of one character walk the ranking index and are not counted past the cap (decision 158)", async () => {
    // "generated" is in all 30,000 descriptions; "b" in most of their md5 digits.
    for (const query of ["generated", "b"]) {
      const all = await searchPlans(query);
      expect(all, `${query}\n${all}`).toContain("tools_ranking_idx");
      // Under three characters a trigram index has nothing to look up: it would be read whole.
      if (query.length < 3) expect(all, `${query}\n${all}`).not.toMatch(/trgm_idx/);
      // From three characters the walk tests the words alone, not each row's description (decision 158).
      if (query.length >= 3)
        expect(all, `${query}\n${all}`).not.toMatch(
          /Index Scan using tools_ranking_idx.*\n\s*Filter: .*description_text/,
        );
      const result = await searchTools({ db: database.db, query });
      expect(result.totalCapped, query).toBe(true);
      expect(result.tools.length, query).toBe(24);
    }
  });

  test("a word many tools answer is known to be many from one estimate: no other is asked (decision 199)", async () => {
    const { statements } = await captureStatements((db) => searchTools({ db, query: "generated" }));
    const estimates = statements.filter((statement) => /^explain/.test(statement.text.trim()));
    expect(estimates.map((statement) => statement.text)).toHaveLength(1);
    expect(estimates[0]!.text).toContain("search_vector");
    expect(estimates[0]!.text).not.toMatch(/ilike/);
  });
});

describe("a text of one or two characters among 30,000 tools (decisions 197, 202 and 207)", () => {
  /** The first page as ordering every tool holding the text gives it (relevanceOrder's tiers, then the ranking). */
  async function firstPageOfEveryMatch(query: string) {
    const contains = `%${query}%`;
    const everyMatch = await database.db.execute(sql`select id from tools
      where discontinued_at is null and (name ilike ${contains} or description_text ilike ${contains})
      order by case when lower(name) = ${query} then 0 when lower(name) like ${`${query}%`} then 1
        when name ilike ${`% ${query}%`} then 2 when name ilike ${contains} then 3 else 4 end,
        ranking_score desc nulls last, vote_count desc nulls last, id
      limit 24`);
    return (everyMatch as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  }

  test("shows the same first page as ordering every match: names holding it first, then the best ranked", async () => {
    // "b": a word of about one name in sixteen begins with it ("Synthetic b…"), and most names and descriptions hold it.
    const result = await searchTools({ db: database.db, query: "b" });
    expect(result.tools.map((tool) => tool.id)).toEqual(await firstPageOfEveryMatch("b"));
  });

  test("reads the names beginning with it from the index on names' first letters, in ranking order", async () => {
    // Every name begins with "Synthetic": all 30,000 begin with "s" and with "sy".
    for (const [query, index] of [
      ["s", "tools_name_beginning_1_idx"],
      ["sy", "tools_name_beginning_2_idx"],
    ] as const) {
      const all = await searchPlans(query);
      expect(all, `${query}\n${all}`).toContain(index);
      const result = await searchTools({ db: database.db, query });
      expect(result.tools.map((tool) => tool.id)).toEqual(await firstPageOfEveryMatch(query));
    }
  });

  test("held by thousands, is gathered through each tool's pieces and sorted, no description tested (decision 207)", async () => {
    // Two hex digits side by side: in about one tool in five (its name's md5 or its description's).
    const query = "3a";
    const all = await searchPlans(query);
    expect(all, all).toContain("tools_text_pieces_idx");
    // No description is tested with ILIKE (~~*): the pieces are exact. (The order tests the names.)
    expect(all, all).not.toMatch(/description_text ~~\*/);
    // Its order is checked against a reference in tool-search.integration.test.ts; here, that the page holds it.
    const result = await searchTools({ db: database.db, query });
    expect(result.totalCapped).toBe(true);
    expect(result.tools).toHaveLength(24);
    const holding = await database.db.execute(sql`select count(*)::int as n from tools
      where id = any(${textArray(result.tools.map((tool) => tool.id))}::uuid[])
        and (name ilike ${`%${query}%`} or description_text ilike ${`%${query}%`})`);
    expect((holding as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(24);
  });
});

describe("the best ranked of many answering tools (decision 197)", () => {
  test("are read above a ranking threshold, through both indexes at once, and are the same tools gathering them all finds", async () => {
    // Two tag numbers: each on about a tenth of the tools, together about a fifth, the share a common word holds.
    const answering = sql`search_vector @@ to_tsquery('english', '17 | 23') and discontinued_at is null`;
    const wanted = 124;
    const { db, client, statements } = loggingDatabase(database);
    const ids = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const planned = await plannedRows(tx, answering);
      const best = await bestRankedAnswering(tx, { answering, plannedAnswering: planned, wanted });
      const result = await tx.execute(sql`select id from tools where id in ${best}
        order by ranking_score desc, vote_count desc, id`);
      return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
    });
    const gathered = await database.db.execute(sql`select id from tools where ${answering}
      order by ranking_score desc, vote_count desc, id limit ${wanted}`);
    expect(ids).toEqual((gathered as unknown as { rows: { id: string }[] }).rows.map((row) => row.id));
    expect(ids).toHaveLength(wanted);

    const throughThreshold = statements.find((statement) => /"ranking_score" >= /.test(statement.text));
    expect(throughThreshold, "the threshold's statement was sent").toBeDefined();
    const plan = await explainInTransaction(client, ["set local enable_seqscan = off"], throughThreshold!);
    // The threshold through an index that leads with the ranking score (or holds it after a column all rows share).
    expect(plan, plan).toMatch(/BitmapAnd/);
    expect(plan, plan).toMatch(/Index Cond: \(ranking_score >= /);
    expect(plan, plan).toContain("tools_search_vector_idx");

    // The threshold itself is counted down the score's own narrow index, alone (decision 205).
    const counting = statements.find((statement) => statement.text.includes('(- "tools"."ranking_score")'));
    expect(counting, "the threshold was read").toBeDefined();
    const countingPlan = await explainInTransaction(client, ["set local enable_seqscan = off"], counting!);
    expect(countingPlan, countingPlan).toMatch(/Index Only Scan using tools_threshold_score_idx/);
  });
});

describe("a search the filters narrow to a few hundred tools (decision 197)", () => {
  test("tests those tools once, through the filters' index alone, and finds every one the text matches", async () => {
    // About 460 tools; "b7e" is in about one md5 digest in sixty (a name and a description each hold one).
    const filters: Parameters<typeof listTools>[0]["filters"] = {
      query: "b7e",
      category: "Audio",
      pricing: ["free"],
      tags: [],
    };
    const { client, statements } = await captureStatements((db) => listTools({ db, filters, order: "relevance" }));
    // The filters' estimate alone decides: their matches can only be fewer (decision 199).
    const estimates = statements.filter((statement) => /^explain/.test(statement.text.trim()));
    expect(estimates.map((statement) => statement.text)).toHaveLength(1);
    expect(estimates[0]!.text).not.toContain("search_vector");
    const ranking = statements.find((statement) => /^select page\.id/.test(statement.text.trim()));
    expect(ranking, "the ranking statement was sent").toBeDefined();
    const plan = await explainInTransaction(client, ["set local enable_seqscan = off"], ranking!);
    expect(plan, plan).toContain("tools_facets_idx");
    expect(plan, plan).not.toMatch(/trgm_idx|tools_search_vector_idx/);

    const result = await listTools({ db: database.db, filters, order: "relevance" });
    const expected = await database.db.execute(sql`select count(*)::int as n from tools
      where category = 'Audio' and pricing_model = 'free'
        and (strpos(lower(name), 'b7e') > 0 or strpos(lower(description_text), 'b7e') > 0)`);
    const expectedTotal = (expected as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(expectedTotal).toBeGreaterThan(0);
    // Every tool holding the text (the spec's rule); a word of it may find more.
    expect(result.total).toBeGreaterThanOrEqual(expectedTotal);

    // The fact counts beside that list read its tools the same way.
    const counting = await captureStatements((db) => countFactFilters({ db, filters }));
    const countStatement = counting.statements.find((statement) => /^select count/.test(statement.text.trim()));
    expect(countStatement, "the counting statement was sent").toBeDefined();
    const countPlan = await explainInTransaction(
      counting.client,
      ["set local enable_seqscan = off", "set local jit = off"],
      countStatement!,
    );
    expect(countPlan, countPlan).toContain("tools_facets_idx");
    expect(countPlan, countPlan).not.toMatch(/trgm_idx|tools_search_vector_idx/);
  });
});

describe("filtered list query plans", () => {
  test("category, pricing, tag and every sort over 30,000 tools read indexes, never the whole table", async () => {
    const views: Parameters<typeof listTools>[0]["filters"][] = [
      { query: "", category: "Audio", pricing: ["free", "freemium"], tags: ["tag-7"] },
      { query: "", category: null, pricing: ["paid"], tags: [] },
      { query: "", category: null, pricing: [], tags: ["tag-3", "tag-21"] },
      { query: "", category: "Video", pricing: [], tags: [] },
    ];
    for (const filters of views) {
      for (const order of ["top-rated", "most-voted", "trending", "newest", "name"] as const) {
        const { client, statements } = await captureStatements((db) => listTools({ db, filters, order }));
        const settings = statements.filter((statement) => /^set local/i.test(statement.text)).map(({ text }) => text);
        const selects = statements.filter((statement) => /^select/i.test(statement.text));
        const pages = selects.filter((statement) => /order by/i.test(statement.text));
        // The page comes from the matches; only past the cap is it read again in the sort's order.
        expect(pages.length, `${order} ${JSON.stringify(filters)}`).toBeLessThanOrEqual(2);
        for (const statement of selects) {
          const plan = await explainInTransaction(client, settings, statement);
          expect(plan, `${order} ${JSON.stringify(filters)}\n${plan}`).not.toMatch(/Seq Scan on tools\b/);
        }
      }
    }
  });
});

describe("fact filter counts' query plans", () => {
  test("the counts beside the fact filters, alone and with a category, pricing, tags or facts, read the facets' index, never the whole table", async () => {
    // The synthetic catalogue has no facts: the plans, not the numbers, are under test here. The
    // first view matches more than the cap, so each fact is also counted on its own.
    const views: Parameters<typeof countFactFilters>[0]["filters"][] = [
      { query: "", category: null, pricing: [], tags: [] },
      { query: "", category: "Audio", pricing: ["free", "freemium"], tags: ["tag-7"], has: ["api"] },
      { query: "", category: null, pricing: ["paid"], tags: [], platforms: ["ios"] },
    ];
    for (const filters of views) {
      const { client, statements } = await captureStatements((db) => countFactFilters({ db, filters }));
      const settings = statements.filter((statement) => /^set local/i.test(statement.text)).map(({ text }) => text);
      const counts = statements.filter((statement) => /^select (count|array)/i.test(statement.text.trim()));
      expect(counts.length, JSON.stringify(filters)).toBeGreaterThanOrEqual(1);
      for (const statement of counts) {
        const plan = await explainInTransaction(client, settings, statement);
        expect(plan, `${JSON.stringify(filters)}\n${plan}`).not.toMatch(/Seq Scan on tools\b/);
        if (filters.category || filters.has || filters.platforms) {
          expect(plan, `${JSON.stringify(filters)}\n${plan}`).toContain("tools_facets_idx");
        }
      }
    }
  });

  test("a text the planner expects to match more than twice the cap is not counted: no match is read (decision 197)", async () => {
    // "audio" is the category of one tool in thirteen: about 2,300 of the 30,000.
    const filters = { query: "audio", category: null, pricing: [], tags: [] };
    const { statements } = await captureStatements(async (db) =>
      expect(await countFactFilters({ db, filters })).toBeNull(),
    );
    expect(statements.filter((statement) => /^select (count|array)/i.test(statement.text.trim()))).toEqual([]);
  });
});
