import { and, inArray } from "drizzle-orm";
import {
  choosePairSplit,
  COMPARED_FACTS,
  type ComparedFact,
  type ComparedFactName,
  comparePairPath,
  pairSplits,
  sortSlugs,
  type ComparedTool,
} from "~/lib/compare";
import type { Database } from "../db/client.server";
import { toolFacts, tools } from "../db/schema.server";
import { listTagsForTools } from "./tags.server";

/**
 * The compare page's reads: every address costs at most three queries, the tools by slug and then
 * all their tags and all their facts (side by side), whatever the number of tools or of "-vs-" in
 * the address.
 */

/** What the table shows of a tool: not the description, which can be long. */
const comparedColumns = {
  id: tools.id,
  slug: tools.slug,
  name: tools.name,
  image: tools.image,
  tagline: tools.tagline,
  category: tools.category,
  rating: tools.rating,
  voteCount: tools.voteCount,
  pricingModel: tools.pricingModel,
  startingPrice: tools.startingPrice,
  pricing: tools.pricing,
  features: tools.features,
  pros: tools.pros,
  cons: tools.cons,
  website: tools.website,
};

type ToolRow = Omit<ComparedTool, "tags" | "facts">;

async function toolsBySlug(db: Database, slugs: readonly string[]): Promise<Map<string, ToolRow>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select(comparedColumns)
    .from(tools)
    .where(inArray(tools.slug, [...new Set(slugs)]));
  return new Map(rows.map((row) => [row.slug, row]));
}

/** The compared facts of these tools, by tool id; a fact without a row stays unknown. */
async function factsForTools(db: Database, toolIds: string[]) {
  const byTool = new Map<string, ComparedTool["facts"]>();
  if (toolIds.length === 0) return byTool;
  const rows = await db
    .select({
      toolId: toolFacts.toolId,
      fact: toolFacts.fact,
      value: toolFacts.value,
      items: toolFacts.items,
      detail: toolFacts.detail,
      sourceUrl: toolFacts.sourceUrl,
      checkedAt: toolFacts.checkedAt,
    })
    .from(toolFacts)
    .where(and(inArray(toolFacts.toolId, toolIds), inArray(toolFacts.fact, [...COMPARED_FACTS])));
  for (const { toolId, fact, ...known } of rows) {
    const facts = byTool.get(toolId) ?? {};
    facts[fact as ComparedFactName] = known satisfies ComparedFact;
    byTool.set(toolId, facts);
  }
  return byTool;
}

async function withTags(db: Database, rows: readonly ToolRow[]): Promise<ComparedTool[]> {
  const toolIds = rows.map((row) => row.id);
  const [tagsByTool, factsByTool] = await Promise.all([listTagsForTools({ db, toolIds }), factsForTools(db, toolIds)]);
  return rows.map((row) => ({ ...row, tags: tagsByTool.get(row.id) ?? [], facts: factsByTool.get(row.id) ?? {} }));
}

export type PairLookup = { tools: [ComparedTool, ComparedTool]; path: string };

/**
 * The two tools a pair segment ("chatgpt-vs-claude") names, in alphabetical order, with their
 * canonical address; null when no cut at a "-vs-" names two tools we hold.
 * Every cut's slugs are looked up in one query, so a slug holding "-vs-" itself is still found.
 */
export async function findComparedPair({ db, segment }: { db: Database; segment: string }): Promise<PairLookup | null> {
  const splits = pairSplits(segment);
  if (splits.length === 0) return null;
  const found = await toolsBySlug(db, splits.flat());
  const chosen = choosePairSplit(splits, (slug) => found.has(slug));
  if (!chosen) return null;
  const [first, second] = sortSlugs(chosen);
  const [a, b] = await withTags(db, [found.get(first!)!, found.get(second!)!]);
  return { tools: [a!, b!], path: comparePairPath(first!, second!) };
}

export type ListLookup =
  | { status: "found"; tools: ComparedTool[] }
  /** Some slugs name no tool: those, and the tools the others name (for links), without tags. */
  | { status: "missing"; missing: string[]; found: { slug: string; name: string }[] };

/** The tools of a `tools=` list, in alphabetical order of slug, or which of its slugs name none. */
export async function findComparedTools({
  db,
  slugs,
}: {
  db: Database;
  slugs: readonly string[];
}): Promise<ListLookup> {
  const found = await toolsBySlug(db, slugs);
  const rows = sortSlugs([...found.keys()]).map((slug) => found.get(slug)!);
  const missing = slugs.filter((slug) => !found.has(slug));
  if (missing.length > 0) return { status: "missing", missing, found: rows.map(({ slug, name }) => ({ slug, name })) };
  return { status: "found", tools: await withTags(db, rows) };
}

/** Which of these slugs name a tool (the home page links its comparison only when all do). */
export async function listExistingToolSlugs({
  db,
  slugs,
}: {
  db: Database;
  slugs: readonly string[];
}): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: tools.slug })
    .from(tools)
    .where(inArray(tools.slug, [...slugs]));
  return rows.map((row) => row.slug);
}
