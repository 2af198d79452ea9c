import { sql } from "drizzle-orm";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { PRICING_MODELS } from "~/lib/pricing-model";
import type { Database } from "~/server/db/client.server";

/**
 * Fills an empty catalogue in SQL, fast enough for 100,000 rows: rows as wide as real ones, 13
 * categories, 5 pricing models, two thirds of the tools rated, and 40 tags `tag-1`..`tag-40` with
 * 4 a tool. Shared by the query-plan tests and the list benchmark, then analysed for the planner.
 */
export async function insertSyntheticCatalogue(db: Database, toolCount: number) {
  const categories = sql.raw(`array[${TOOL_CATEGORIES.map((name) => `'${name}'`).join(", ")}]`);
  const models = sql.raw(`array[${PRICING_MODELS.map((model) => `'${model}'`).join(", ")}]`);
  await db.execute(sql`
    insert into tools (slug, name, description, category, pricing_model, rating, vote_count, created_at, features, pros, cons)
    select 'synthetic-' || i,
           'Synthetic ' || md5(i::text),
           '<p>Generated entry ' || md5((i * 7)::text) || ' for the plan test.</p>',
           (${categories})[1 + i % 13],
           (${models})[1 + (i / 13) % 5],
           case when i % 3 = 0 then null else 1 + (i % 400) / 100.0 end,
           case when i % 3 = 0 then 0 else i % 250 end,
           now() - i * interval '1 minute',
           array_fill('A feature described in about as many words as a real one'::text, array[6]),
           array_fill('A pro of a realistic length'::text, array[3]),
           array_fill('A con of a realistic length'::text, array[3])
    from generate_series(1, ${toolCount}) as i`);
  await insertSyntheticTags(db);
}

/** The 40 tags `tag-1`..`tag-40`, 4 on each tool already written, then statistics for the planner. */
export async function insertSyntheticTags(db: Database) {
  await db.execute(sql`insert into tags (slug, name) select 'tag-' || t, 'Tag ' || t from generate_series(1, 40) as t`);
  await db.execute(sql`
    insert into tool_tags (tool_id, tag_id)
    select tools.id, tags.id
    from (select id, row_number() over (order by slug) as n from tools) as tools
    join (select id, row_number() over (order by slug) as n from tags) as tags
      on tags.n in (1 + tools.n % 40, 1 + (tools.n * 7) % 40, 1 + (tools.n * 13) % 40, 1 + (tools.n * 29) % 40)
    on conflict do nothing`);
  await db.execute(sql`analyze`);
}
