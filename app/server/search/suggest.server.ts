import { and, asc, desc, isNull, sql } from "drizzle-orm";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { type SearchSuggestion, SHORTEST_SUGGESTED, SUGGESTION_LIMIT, suggestText } from "~/lib/search-suggestions";
import { slugify } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { escapeLike } from "../db/like-patterns.server";
import { tools } from "../db/schema.server";
import { rowOfSelection, selectionSql } from "../db/selections.server";
import { planSearch, rankSearch } from "./search-engine.server";

/**
 * The search boxes' suggestions while typing (decision 160): a few tools, tags and categories, and the
 * page the words name ("alternatives to X", "X vs Y"). From three letters the tools are the search
 * engine's own best ranked (decision 155: the same words, synonyms, corrections and named filters as
 * the results page), so a suggestion never promises what the results page would not show; below that,
 * names beginning with the letters, through tools_lower_name_pattern_idx. Every read is bounded by a
 * LIMIT a handful long, so an answer costs about what its few rows cost.
 */

const TOOLS = 5;
const TAGS = 3;
const CATEGORIES = 2;
/** From this many letters the engine reads the text (its own threshold, SHORTEST_SEARCH). */
const ENGINE_FROM = 3;

const listed = isNull(tools.discontinuedAt);

type ToolHit = { id: string; slug: string; name: string; category: string };
const toolColumns = { id: tools.id, slug: tools.slug, name: tools.name, category: tools.category };

/** Tools whose name begins with the letters, best ranked first. */
function toolsNamedLike(db: Database, text: string): Promise<ToolHit[]> {
  return db
    .select(toolColumns)
    .from(tools)
    .where(and(sql`lower(${tools.name}) like ${`${escapeLike(text)}%`}`, listed))
    .orderBy(sql`${tools.rankingScore} desc nulls last`, desc(tools.voteCount), asc(tools.id))
    .limit(TOOLS);
}

type TagInUse = { slug: string; name: string; toolCount: number };

/** Tags in use whose name, or one of its words, begins with the text: those beginning with it first, then the most used. */
function tagsNamedLike(tagsInUse: readonly TagInUse[], text: string): TagInUse[] {
  const slug = slugify(text);
  const starts = (tag: TagInUse) => tag.name.toLowerCase().startsWith(text);
  return tagsInUse
    .filter(
      (tag) => starts(tag) || ` ${tag.name.toLowerCase()}`.includes(` ${text}`) || (slug && tag.slug.startsWith(slug)),
    )
    .toSorted(
      (a, b) => Number(starts(b)) - Number(starts(a)) || b.toolCount - a.toolCount || a.name.localeCompare(b.name),
    )
    .slice(0, TAGS);
}

/** Categories one of whose words begins the text ("social me" finds Social Media). */
function categoriesNamedLike(text: string): string[] {
  return TOOL_CATEGORIES.filter((category) =>
    ` ${category.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ")}`.includes(` ${text}`),
  ).slice(0, CATEGORIES);
}

export async function suggestSearches({
  db,
  text: typed,
  tagsInUse,
}: {
  db: Database;
  text: string;
  /** The tags any tool carries, with their counts (the data memo keeps them, decision 112). */
  tagsInUse: readonly TagInUse[];
}): Promise<SearchSuggestion[]> {
  const text = suggestText(typed);
  if (text.length < SHORTEST_SUGGESTED) return [];

  const found = await (async () => {
    if (text.length < ENGINE_FROM) return { tools: await toolsNamedLike(db, text), link: null };
    const plan = await planSearch({ db, text });
    // The suggestions' few columns read in the ranking statement, as the lists read their cards (decision 206).
    const columns = selectionSql(toolColumns);
    const ranked = await rankSearch({ db, plan, narrowing: listed, offset: 0, limit: TOOLS, columns });
    return {
      tools: ranked.rows.map((row) => rowOfSelection<ToolHit>(toolColumns, row)),
      link: plan.understanding.link,
    };
  })();
  const tagHits = tagsNamedLike(tagsInUse, text);

  const suggestions: SearchSuggestion[] = [
    ...(found.link ? [{ kind: "page" as const, label: found.link.label, href: found.link.href, detail: "Page" }] : []),
    ...found.tools.map((tool) => ({
      kind: "tool" as const,
      label: tool.name,
      href: `/tool/${encodeURIComponent(tool.slug)}`,
      detail: tool.category,
    })),
    ...tagHits.map((tag) => ({
      kind: "tag" as const,
      label: tag.name,
      href: `/tag/${encodeURIComponent(tag.slug)}`,
      detail: "Tag",
    })),
    ...categoriesNamedLike(text).map((category) => ({
      kind: "category" as const,
      label: category,
      href: `/category/${encodeURIComponent(category)}`,
      detail: "Category",
    })),
  ];
  return suggestions.slice(0, SUGGESTION_LIMIT);
}
