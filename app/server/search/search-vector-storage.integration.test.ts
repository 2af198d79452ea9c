import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// Where each tool's search vector is stored (decision 198): a search walking the ranking index tests
// the vector of every row it passes, so the vector must be read with the row, not from the TOAST table.

const TOOLS = 300;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // Rows of a real entry's size: about 1.5 KB of description (distinct words that do not compress, as a
  // real description's vector does not), its text again, the vector of its words, features, pros, cons
  // and tags: 5-6 KB, past the 2 KB from which PostgreSQL moves a row's values out of line.
  await database.db.execute(
    sql`insert into tags (slug, name) select 'stored-' || t, 'Stored ' || t from generate_series(1, 4) as t`,
  );
  await database.db.execute(sql`
    insert into tools (slug, name, description, category, pricing_model, rating, vote_count, features, pros, cons, tag_ids)
    select 'stored-' || i, 'Stored ' || i,
           '<p>' || (select string_agg(md5(i::text || '-' || word::text), ' ') from generate_series(1, 45) as word) || '</p>',
           'Writing', 'free', 1 + (i % 400) / 100.0, i % 250,
           array_fill('A feature described in about as many words as a real one'::text, array[6]),
           array_fill('A pro of a realistic length'::text, array[3]),
           array_fill('A con of a realistic length'::text, array[3]),
           (select array_agg(id) from tags where slug like 'stored-%')
    from generate_series(1, ${TOOLS}) as i`);
  await database.db.execute(sql`analyze tools`);
});
afterAll(() => database.dispose());

type PlanNode = {
  "Node Type": string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Rows Removed by Filter"?: number;
  "Shared Hit Blocks": number;
  "Shared Read Blocks": number;
  Plans?: PlanNode[];
};

function findNode(node: PlanNode, type: string): PlanNode | undefined {
  if (node["Node Type"] === type) return node;
  for (const child of node.Plans ?? []) {
    const found = findNode(child, type);
    if (found) return found;
  }
  return undefined;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement walking the ranking index (forced: the rows are few), and its walk. */
async function walkOf(statement: ReturnType<typeof sql>) {
  const plan = await database.db.transaction(async (tx) => {
    // The walk rankSearch takes when many tools answer, and the page's cards read after it.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = (await tx.execute(sql`explain (analyze, buffers, format json) ${statement}`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const value = Object.values(result.rows[0]!)[0];
    return (typeof value === "string" ? JSON.parse(value) : value) as [{ Plan: PlanNode }];
  });
  const walk = findNode(plan[0].Plan, "Index Scan");
  expect(walk?.["Index Name"]).toBe("tools_ranking_idx");
  return {
    walked: walk!["Actual Rows"] + (walk!["Rows Removed by Filter"] ?? 0),
    pages: walk!["Shared Hit Blocks"] + walk!["Shared Read Blocks"],
  };
}

describe("a tool's row (decision 198)", () => {
  test("holds its search vector: walking the ranking index reads about one page per tool, not the TOAST table too", async () => {
    // A word no tool holds: the walk passes every row, testing each one's vector.
    const { walked, pages } =
      await walkOf(sql`select id from tools where search_vector @@ to_tsquery('english', 'holography')
      order by ranking_score desc nulls last, vote_count desc nulls last, id limit 24`);
    expect(walked).toBe(TOOLS);
    // Each row's page once, and the index's few pages. Out of line, every vector read the TOAST
    // index's pages and its chunk besides: about four pages a row.
    expect(pages).toBeLessThan(1.5 * TOOLS);
  });

  test("holds what a card shows and the filters test: only the description and its text are out of line", async () => {
    const { walked, pages } = await walkOf(sql`select id, pros[1:2], features, facets, tag_ids, tagline from tools
      where facets @> array['category:Writing'] and description is not null
      order by ranking_score desc nulls last, vote_count desc nulls last, id limit ${TOOLS}`);
    expect(walked).toBe(TOOLS);
    expect(pages).toBeLessThan(1.5 * TOOLS);
  });
});
