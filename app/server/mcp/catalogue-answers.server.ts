import { asc } from "drizzle-orm";
import { changeValueText, isWebAddress, type ToolEvent } from "~/lib/change-log";
import { comparePath, MAX_COMPARED_TOOLS, sortSlugs } from "~/lib/compare";
import { pricingToPlans, type Pricing } from "~/lib/pricing";
import type { PricingModel } from "~/lib/pricing-model";
import type { SearchIntent, SearchUnderstanding } from "~/lib/search-understanding";
import { absoluteUrl } from "~/lib/seo";
import { effectiveSort, toolFiltersSearch, type ToolFilters, type ToolSort } from "~/lib/tool-filters";
import { listAlternatives } from "../catalog/alternatives.server";
import { findComparedTools } from "../catalog/compare.server";
import { listTags, listTagsForTool, listTagsForTools, listTagsInUse } from "../catalog/tags.server";
import { readToolFacts } from "../catalog/tool-facts.server";
import { publicFacts } from "~/lib/tool-facts";
import { findToolByIdentifier, listTools, type ToolCard } from "../catalog/tools.server";
import type { Database } from "../db/client.server";
import { toolCategoryCounts } from "../db/schema.server";
import { changeSummary, listRecentChanges } from "../freshness/change-log.server";

/**
 * What the MCP tools answer, as plain data functions over the catalogue's own reads: every tool is
 * a short summary with absolute links to its pages, never its whole description unless asked, so
 * an answer fits in a model's context. Only public catalogue data: no users, votes by person,
 * comments, drafts or research runs (the change log names administrators as the public pages do).
 */

/** A failure the model caused and can fix (a slug that names nothing): shown as the tool's error. */
export class CatalogueQuestionError extends Error {
  override readonly name = "CatalogueQuestionError";
}

export type ToolSummary = {
  slug: string;
  name: string;
  url: string;
  category: string;
  tagline: string | null;
  pricingModel: PricingModel | null;
  startingPrice: string | null;
  rating: number | null;
  voteCount: number;
  tags: string[];
};

const toolPath = (slug: string) => `/tool/${slug}`;
const categoryPath = (category: string) => `/category/${encodeURIComponent(category)}`;

function summarize(siteUrl: string, card: ToolCard, tagSlugs: string[]): ToolSummary {
  return {
    slug: card.slug,
    name: card.name,
    url: absoluteUrl(siteUrl, toolPath(card.slug)),
    category: card.category,
    tagline: card.tagline,
    pricingModel: card.pricingModel,
    startingPrice: card.startingPrice,
    rating: card.rating,
    voteCount: card.voteCount,
    tags: tagSlugs,
  };
}

async function summarizeAll(db: Database, siteUrl: string, cards: ToolCard[]): Promise<ToolSummary[]> {
  const tagsByTool = await listTagsForTools({ db, toolIds: cards.map((card) => card.id) });
  return cards.map((card) =>
    summarize(
      siteUrl,
      card,
      (tagsByTool.get(card.id) ?? []).map((tag) => tag.slug),
    ),
  );
}

export type SearchQuestion = Omit<ToolFilters, "sort" | "page"> & {
  sort: ToolSort | null;
  page: number;
  limit: number;
};

export type SearchAnswer = {
  total: number;
  /** True when there are more matches than `total` says (lists count up to 1,000). */
  totalIsLowerBound: boolean;
  page: number;
  pageCount: number;
  sort: ToolSort;
  /** What the search understood of `q`: named filters, a page it names, suggestions when nothing matched. */
  understood?: Omit<SearchUnderstanding, "intent">;
  /** The same reading as search_tools' own parameters: filters applied, the tools a named page is about. */
  intent?: SearchIntent;
  /** The same list on the site. */
  url: string;
  tools: ToolSummary[];
};

function understoodParts(understanding: SearchUnderstanding | undefined) {
  if (!understanding) return {};
  const { intent, ...understood } = understanding;
  return { understood, intent };
}

/**
 * The site's tool list with the site's filters. Without `sort` a text search is ordered by
 * relevance and anything else top rated first, the order a model asking for "a good X" wants
 * (the home page's own default, newest, answers a visitor's "what is new").
 */
export async function searchCatalogue({
  db,
  siteUrl,
  question,
}: {
  db: Database;
  siteUrl: string;
  question: SearchQuestion;
}): Promise<SearchAnswer> {
  const { limit, ...filters } = question;
  const sort = effectiveSort(filters, "top-rated");
  const found = await listTools({ db, filters, order: sort, pageSize: limit });
  if (found.total === 0 && filters.tags.length > 0) {
    // listTools matches nothing for a tag that does not exist; the model should hear which.
    const known = new Set((await listTags({ db })).map((tag) => tag.slug));
    const unknown = filters.tags.filter((slug) => !known.has(slug));
    if (unknown.length > 0) {
      throw new CatalogueQuestionError(
        `No tag is named ${unknown.map((slug) => `"${slug}"`).join(", ")}. Call list_categories for the tags in use.`,
      );
    }
  }
  return {
    total: found.total,
    totalIsLowerBound: found.totalCapped ?? false,
    page: found.page,
    pageCount: found.pageCount,
    sort,
    ...understoodParts(found.understanding),
    url: absoluteUrl(siteUrl, `/?${toolFiltersSearch({ ...filters, sort })}`),
    tools: await summarizeAll(db, siteUrl, found.tools),
  };
}

/** Longest description handed out when asked for; a long one is cut at a word. */
export const MAX_DESCRIPTION_CHARACTERS = 4000;

function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 40)).trimEnd()}…`;
}

export type ToolDetails = Omit<ToolSummary, "tags"> & {
  tags: { slug: string; name: string }[];
  website: string | null;
  pricingPlans: { plan: string; price: string; details: string }[];
  features: string[];
  pros: string[];
  cons: string[];
  alternativesUrl: string;
  /** Plain text, only when asked for. */
  description?: string;
};

type ToolFactsSource = Omit<ToolDetails, "url" | "pricingPlans" | "alternativesUrl" | "description"> & {
  pricing: Pricing | null;
};

/** What get_tool and compare_tools say of one tool. */
function toolFacts(siteUrl: string, tool: ToolFactsSource): Omit<ToolDetails, "alternativesUrl" | "description"> {
  return {
    slug: tool.slug,
    name: tool.name,
    url: absoluteUrl(siteUrl, toolPath(tool.slug)),
    category: tool.category,
    tagline: tool.tagline,
    pricingModel: tool.pricingModel,
    startingPrice: tool.startingPrice,
    rating: tool.rating,
    voteCount: tool.voteCount,
    tags: tool.tags,
    website: tool.website,
    pricingPlans: pricingToPlans(tool.pricing).map(({ plan, price, details }) => ({ plan, price, details })),
    features: tool.features,
    pros: tool.pros,
    cons: tool.cons,
  };
}

/** One tool by slug (or name, or id, as the site's addresses accept), or a question error. */
export async function describeTool({
  db,
  siteUrl,
  slug,
  includeDescription,
}: {
  db: Database;
  siteUrl: string;
  slug: string;
  includeDescription: boolean;
}): Promise<
  ToolDetails & { lastUpdated: string; discontinuedAt: string | null; facts: ReturnType<typeof publicFacts> }
> {
  const found = await findToolByIdentifier({ db, identifier: slug });
  if (!found) throw new CatalogueQuestionError(`No tool is named "${slug}". Use search_tools to find its slug.`);
  const { tool } = found;
  const [tags, facts] = await Promise.all([
    listTagsForTool({ db, toolId: tool.id }),
    readToolFacts({ db, toolId: tool.id }),
  ]);
  return {
    ...toolFacts(siteUrl, { ...tool, tags }),
    facts: publicFacts(facts),
    alternativesUrl: absoluteUrl(siteUrl, `${toolPath(tool.slug)}/alternatives`),
    lastUpdated: tool.updatedAt.toISOString(),
    discontinuedAt: tool.discontinuedAt?.toISOString() ?? null,
    ...(includeDescription ? { description: cutAtWord(tool.descriptionText ?? "", MAX_DESCRIPTION_CHARACTERS) } : {}),
  };
}

export type ComparisonAnswer = {
  url: string;
  tools: Omit<ToolDetails, "alternativesUrl" | "description">[];
};

/** Two to four tools side by side, in the compare page's order (by slug). */
export async function compareTools({
  db,
  siteUrl,
  slugs,
}: {
  db: Database;
  siteUrl: string;
  slugs: string[];
}): Promise<ComparisonAnswer> {
  const wanted = sortSlugs(slugs.map((slug) => slug.trim().toLowerCase()));
  if (wanted.length < 2 || wanted.length > MAX_COMPARED_TOOLS) {
    throw new CatalogueQuestionError(`Name 2 to ${MAX_COMPARED_TOOLS} different tools to compare.`);
  }
  const found = await findComparedTools({ db, slugs: wanted });
  if (found.status === "missing") {
    throw new CatalogueQuestionError(
      `No tool has the slug ${found.missing.map((slug) => `"${slug}"`).join(", ")}. Use search_tools to find slugs.`,
    );
  }
  return {
    url: absoluteUrl(siteUrl, comparePath(wanted)),
    tools: found.tools.map((tool) => toolFacts(siteUrl, tool)),
  };
}

export type AlternativesAnswer = {
  tool: { slug: string; name: string; url: string };
  url: string;
  alternatives: (ToolSummary & { reason: string })[];
};

/** A tool's alternatives, best first, as its alternatives page ranks them (pins included). */
export async function alternativesTo({
  db,
  siteUrl,
  slug,
  limit,
}: {
  db: Database;
  siteUrl: string;
  slug: string;
  limit: number;
}): Promise<AlternativesAnswer> {
  const found = await findToolByIdentifier({ db, identifier: slug });
  if (!found) throw new CatalogueQuestionError(`No tool is named "${slug}". Use search_tools to find its slug.`);
  const { tool } = found;
  const alternatives = await listAlternatives({
    db,
    source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
    limit,
  });
  const summaries = await summarizeAll(
    db,
    siteUrl,
    alternatives.map((alternative) => alternative.tool),
  );
  return {
    tool: { slug: tool.slug, name: tool.name, url: absoluteUrl(siteUrl, toolPath(tool.slug)) },
    url: absoluteUrl(siteUrl, `${toolPath(tool.slug)}/alternatives`),
    alternatives: summaries.map((summary, index) => ({ ...summary, reason: alternatives[index]!.reason })),
  };
}

export type VocabularyAnswer = {
  categories: { name: string; toolCount: number; url: string }[];
  tags: { slug: string; name: string; toolCount: number; url: string }[];
  /** Tags in use that the answer leaves out (past MAX_LISTED_TAGS, the least used). */
  tagsOmitted: number;
};

/** Most tags list_categories names in one answer (decision 148): the most used, in name order. */
export const MAX_LISTED_TAGS = 300;

/**
 * The categories and tags that tools carry, with their counts: the values search_tools filters by.
 * Past MAX_LISTED_TAGS tags only the most used are named, so one call's answer stays bounded.
 */
export async function listVocabulary({ db, siteUrl }: { db: Database; siteUrl: string }): Promise<VocabularyAnswer> {
  const [categories, tags] = await Promise.all([
    db
      .select({ name: toolCategoryCounts.category, toolCount: toolCategoryCounts.toolCount })
      .from(toolCategoryCounts)
      .orderBy(asc(toolCategoryCounts.category)),
    listTagsInUse({ db }),
  ]);
  return {
    categories: categories
      .filter((category) => category.toolCount > 0)
      .map((category) => ({ ...category, url: absoluteUrl(siteUrl, categoryPath(category.name)) })),
    tags: mostUsed(tags, MAX_LISTED_TAGS).map((tag) => ({ ...tag, url: absoluteUrl(siteUrl, `/tag/${tag.slug}`) })),
    tagsOmitted: Math.max(0, tags.length - MAX_LISTED_TAGS),
  };
}

/** The `max` tags with the most tools (ties by their place in the list), kept in the list's order. */
function mostUsed<T extends { toolCount: number }>(tags: T[], max: number): T[] {
  if (tags.length <= max) return tags;
  const kept = new Set(
    tags
      .map((tag, index) => ({ tag, index }))
      .sort((a, b) => b.tag.toolCount - a.tag.toolCount || a.index - b.index)
      .slice(0, max)
      .map(({ tag }) => tag),
  );
  return tags.filter((tag) => kept.has(tag));
}

export const RECENT_CHANGES_LIMIT = 50;

export type RecentChangesAnswer = {
  /** The change log on the site: the catalogue's, or the tool's page with its History. */
  url: string;
  changes: {
    tool: { slug: string; name: string; url: string };
    /** A change of status as what happened to the tool; null for a field's change (decision 185). */
    event: ToolEvent | null;
    /** The change on one line, as the feed says it: "Quill was marked discontinued", "Pricing: Free → Paid". */
    summary: string;
    field: string;
    before: string;
    after: string;
    /** "Ada", or "AI proposal accepted by Ada". */
    author: string;
    at: string;
    sources: { url: string; title: string }[];
  }[];
};

/**
 * The public change log, newest first: the catalogue's, or one tool's (by slug, name or id, as
 * get_tool accepts). Values are the texts the site shows, cut short; sources only as web links.
 */
export async function recentChanges({
  db,
  siteUrl,
  slug,
  limit,
}: {
  db: Database;
  siteUrl: string;
  slug: string | null;
  limit: number;
}): Promise<RecentChangesAnswer> {
  let toolSlug: string | null = null;
  if (slug !== null) {
    const found = await findToolByIdentifier({ db, identifier: slug });
    if (!found) throw new CatalogueQuestionError(`No tool is named "${slug}". Use search_tools to find its slug.`);
    toolSlug = found.tool.slug;
  }
  const { changes } = await listRecentChanges({ db, pageSize: limit, toolSlug });
  return {
    url: absoluteUrl(siteUrl, toolSlug ? toolPath(toolSlug) : "/changes"),
    changes: changes.map((entry) => ({
      tool: { slug: entry.toolSlug, name: entry.toolName, url: absoluteUrl(siteUrl, toolPath(entry.toolSlug)) },
      event: entry.event,
      summary: changeSummary(entry),
      field: entry.fieldLabel,
      before: changeValueText(entry.before),
      after: changeValueText(entry.after),
      author: entry.author,
      at: entry.createdAt.toISOString(),
      sources: entry.sources
        .filter((source) => isWebAddress(source.url))
        .map((source) => ({ url: source.url, title: source.title })),
    })),
  };
}
