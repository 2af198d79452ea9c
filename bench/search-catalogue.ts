// A searchable synthetic catalogue for the search benchmark: the realistic names and descriptions of
// bench/synthetic-catalogue.ts (so "writer" or "image gen" find what they would on a real directory),
// written straight into the tools table a batch at a time, with the 40 tags of the list benchmark.
import { sql } from "drizzle-orm";
import { pricingToPlans } from "~/lib/pricing";
import { suggestPricingModel } from "~/lib/pricing-model-suggestion";
import type { Database } from "~/server/db/client.server";
import { insertSyntheticTags } from "../tests/setup/synthetic-tools";
import { averageRating, createRandom, generateTools } from "./synthetic-catalogue";

const BATCH_SIZE = 2000;
/** Votes are only counted on the rows (no vote rows): 40 imaginary voters give them a spread. */
const VOTERS = 40;

/** Every 10,000th tool is the only one to mention holography: the benchmark's rare word. */
const taglineOf = (n: number) =>
  n % 10_000 === 0 ? "Holography studio" : n % 3 === 0 ? TAGLINES[n % TAGLINES.length]! : null;

/** Taglines for about a third of the tools. */
const TAGLINES = [
  "Write faster with AI",
  "Image generation for teams",
  "Your meeting notes, done",
  "Code review on autopilot",
];

type IndexRow = { indexname: string; indexdef: string };

/**
 * Fills an empty catalogue. Its GIN indexes are dropped while the rows and their tags go in and built
 * again after: kept up row by row they make the fill many minutes longer (8 for 100,000 tools on PostgreSQL).
 */
export async function insertSearchCatalogue(db: Database, toolCount: number, seed = 1) {
  const result = await db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'tools' and indexdef like '%USING gin%'`,
  );
  const ginIndexes = (result as unknown as { rows: IndexRow[] }).rows;
  for (const index of ginIndexes) await db.execute(sql.raw(`drop index ${index.indexname}`));
  await insertTools(db, toolCount, seed);
  // Each tag link rewrites its tool's row (the tag_ids mirror), so the tags go in before the indexes too.
  await insertSyntheticTags(db);
  for (const index of ginIndexes) await db.execute(sql.raw(index.indexdef));
  await db.execute(sql`analyze tools`);
}

async function insertTools(db: Database, toolCount: number, seed: number) {
  const random = createRandom(seed);
  const takenSlugs = new Set<string>();
  const now = new Date("2026-11-25T00:00:00Z");
  for (let written = 0; written < toolCount; written += BATCH_SIZE) {
    const batch = generateTools({
      random,
      count: Math.min(BATCH_SIZE, toolCount - written),
      userCount: VOTERS,
      now,
      takenSlugs,
    });
    const rows = batch.map((tool, index) => ({
      slug: tool.slug,
      name: tool.name,
      category: tool.category,
      tagline: taglineOf(written + index),
      description: tool.description,
      pricing_model: suggestPricingModel(pricingToPlans(tool.pricing)),
      rating: averageRating(tool.votes),
      vote_count: tool.votes.length,
      created_at: tool.createdAt.toISOString(),
      features: tool.features,
      pros: tool.pros,
      cons: tool.cons,
    }));
    await db.execute(sql`
      insert into tools (slug, name, category, tagline, description, pricing_model, rating, vote_count, created_at,
                         features, pros, cons)
      select slug, name, category, tagline, description, pricing_model, rating, vote_count, created_at,
             features, pros, cons
      from json_to_recordset(${JSON.stringify(rows)}::json) as t(
        slug text, name text, category text, tagline text, description text, pricing_model text, rating numeric,
        vote_count integer, created_at timestamptz, features text[], pros text[], cons text[])`);
  }
}
