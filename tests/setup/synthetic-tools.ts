import { sql } from "drizzle-orm";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { PRICING_MODELS } from "~/lib/pricing-model";
import type { Database } from "~/server/db/client.server";

type Rows<Row> = { rows: Row[] };

/**
 * Fills an empty catalogue in SQL, fast enough for 100,000 rows: rows as wide as real ones, 13
 * categories, 5 pricing models, two thirds of the tools rated, and 40 tags `tag-1`..`tag-40` with
 * 4 a tool. Shared by the query-plan tests and the benchmarks, then analysed for the planner.
 *
 * Each tool is written once, with its tags' ids and names already on the row (what the tool_tags
 * trigger would write in a second pass over every tool), and the GIN indexes are built after the
 * rows rather than row by row: the same tables and indexes as the app's writes leave, in a third of
 * the time.
 */
export async function insertSyntheticCatalogue(db: Database, toolCount: number) {
  const categories = sql.raw(`array[${TOOL_CATEGORIES.map((name) => `'${name}'`).join(", ")}]`);
  const models = sql.raw(`array[${PRICING_MODELS.map((model) => `'${model}'`).join(", ")}]`);
  await db.execute(sql`insert into tags (slug, name) select 'tag-' || t, 'Tag ' || t from generate_series(1, 40) as t`);
  const { rows: ginIndexes } = (await db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'tools' and indexdef like '% USING gin %'`,
  )) as unknown as Rows<{ indexname: string; indexdef: string }>;
  for (const index of ginIndexes) await db.execute(sql.raw(`drop index "${index.indexname}"`));
  await db.execute(sql`
    insert into tools (slug, name, description, category, pricing_model, rating, vote_count, created_at, features, pros, cons, tag_ids, search_tags)
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
           array_fill('A con of a realistic length'::text, array[3]),
           linked.ids,
           linked.names
    from generate_series(1, ${toolCount}) as i
    cross join lateral (
      select array_agg(tags.id order by tags.id) as ids, string_agg(tags.name, ' ' order by tags.name) as names
      from tags
      where tags.slug in ('tag-' || (1 + i % 40), 'tag-' || (1 + (i * 7) % 40), 'tag-' || (1 + (i * 13) % 40), 'tag-' || (1 + (i * 29) % 40))
    ) as linked`);
  for (const index of ginIndexes) await db.execute(sql.raw(index.indexdef));
  // The links the rows already name: the trigger that would write them onto the rows again is off.
  await db.execute(sql`alter table tool_tags disable trigger tool_tags_mirror_insert`);
  await db.execute(sql`insert into tool_tags (tool_id, tag_id) select id, unnest(tag_ids) from tools`);
  await db.execute(sql`alter table tool_tags enable trigger tool_tags_mirror_insert`);
  await db.execute(sql`analyze`);
}

/**
 * The 40 tags `tag-1`..`tag-40`, 4 on each tool already written, then statistics for the planner.
 * Linking tags rewrites every tool's search_tags (migration 0020), and the row trigger that keeps
 * the search vocabulary would read each tool's words twice: it is off for that one statement, and
 * the vocabulary is counted again in one statement after (a minute less at 30,000 tools).
 */
export async function insertSyntheticTags(db: Database) {
  await db.execute(sql`insert into tags (slug, name) select 'tag-' || t, 'Tag ' || t from generate_series(1, 40) as t`);
  await db.execute(sql`alter table tools disable trigger search_words_update`);
  await db.execute(sql`
    insert into tool_tags (tool_id, tag_id)
    select tools.id, tags.id
    from (select id, row_number() over (order by slug) as n from tools) as tools
    join (select id, row_number() over (order by slug) as n from tags) as tags
      on tags.n in (1 + tools.n % 40, 1 + (tools.n * 7) % 40, 1 + (tools.n * 13) % 40, 1 + (tools.n * 29) % 40)
    on conflict do nothing`);
  await db.execute(sql`alter table tools enable trigger search_words_update`);
  await db.execute(sql`delete from search_words`);
  await db.execute(sql`select search_words_count(array(select unnest(search_vocabulary_of(tools)) from tools), 1)`);
  await db.execute(sql`analyze`);
}
