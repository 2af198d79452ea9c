import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// Where each tool's search vector is stored (decision 198): a search walking the ranking index tests
// the vector of every row it passes, so the vector must be read with the row, not from the TOAST table.

const TOOLS = 300;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // Rows of a real entry's size: about 1.2 KB of description (distinct words that do not compress, as a
  // real description's vector does not), its text again, and the vector of its words: 3-4 KB, past the
  // 2 KB from which PostgreSQL moves a row's largest values out of line.
  await database.db.execute(sql`
    insert into tools (slug, name, description, category, pricing_model, rating, vote_count)
    select 'stored-' || i, 'Stored ' || i,
           '<p>' || (select string_agg(md5(i::text || '-' || word::text), ' ') from generate_series(1, 35) as word) || '</p>',
           'Writing', 'free', 1 + (i % 400) / 100.0, i % 250
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

describe("the search vector (decision 198)", () => {
  test("is read with its row: walking the ranking index reads about one page per tool, not the TOAST table too", async () => {
    const plan = await database.db.transaction(async (tx) => {
      // The walk rankSearch takes when many tools answer; here forced, as the rows are few.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      // A word no tool holds: the walk passes every row, testing each one's vector.
      const result = (await tx.execute(sql`explain (analyze, buffers, format json)
        select id from tools where search_vector @@ to_tsquery('english', 'holography')
        order by ranking_score desc nulls last, vote_count desc nulls last, id limit 24`)) as unknown as {
        rows: Record<string, unknown>[];
      };
      const value = Object.values(result.rows[0]!)[0];
      return (typeof value === "string" ? JSON.parse(value) : value) as [{ Plan: PlanNode }];
    });
    const walk = findNode(plan[0].Plan, "Index Scan");
    expect(walk?.["Index Name"]).toBe("tools_ranking_idx");
    const walked = walk!["Actual Rows"] + (walk!["Rows Removed by Filter"] ?? 0);
    expect(walked).toBe(TOOLS);
    // Each row's page once, and the index's few pages. Out of line, every vector read the TOAST
    // index's pages and its chunk besides: about four pages a row.
    const pages = walk!["Shared Hit Blocks"] + walk!["Shared Read Blocks"];
    expect(pages).toBeLessThan(1.5 * TOOLS);
  });
});
