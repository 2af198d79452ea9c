import { asc } from "drizzle-orm";
import { z } from "zod";
import {
  type articleListSchema,
  type articleSchema,
  type categoryListSchema,
  type tagListSchema,
  type toolListSchema,
  type toolSchema,
  articleListQuerySchema,
  toolListQuerySchema,
} from "~/lib/api/schemas";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { pricingToPlans } from "~/lib/pricing";
import { effectiveSort } from "~/lib/tool-filters";
import { publicFacts } from "~/lib/tool-facts";
import { listAlternatives } from "../catalog/alternatives.server";
import { listTagsForTool, listTagsWithCounts } from "../catalog/tags.server";
import { readToolFacts } from "../catalog/tool-facts.server";
import { findToolBySlug, listToolsAfter, type ToolRow } from "../catalog/tool-cursor.server";
import { listPublishedArticlesAfter } from "../content/article-cursor.server";
import { findArticleByIdentifier } from "../content/articles.server";
import { sanitizeRichText } from "../content/sanitize-html.server";
import type { Database } from "../db/client.server";
import { toolCategoryCounts } from "../db/schema.server";
import { findLinkCheckState } from "../freshness/tool-freshness.server";
import { decodeCursor, encodeCursor } from "./cursor.server";
import { notFound } from "./problem.server";
import { parseQuery } from "./respond.server";
import {
  ARTICLE_LIST_TAG,
  articleTag,
  type PageTags,
  tagPage,
  TOOL_LIST_TAG,
  toolTag,
} from "../cache/page-tags.server";

/**
 * What each endpoint reads, in the shape of its schema (app/lib/api/schemas.ts): the same data
 * functions as the pages, published records only. Field names are snake_case; addresses are absolute.
 */

/** pageTags: where the answer names what it shows, for the page cache and a CDN (decision 096). */
type Reader = { db: Database; siteUrl: string; pageTags?: PageTags };
type In<Schema extends z.ZodType> = z.input<Schema>;

const absolute = (siteUrl: string, path: string | null) => (path ? new URL(path, `${siteUrl}/`).href : null);
const toolUrl = (siteUrl: string, slug: string) => `${siteUrl}/tool/${encodeURIComponent(slug)}`;

function toolSummary(siteUrl: string, tool: ToolRow) {
  return {
    slug: tool.slug,
    name: tool.name,
    tagline: tool.tagline,
    category: tool.category as (typeof TOOL_CATEGORIES)[number],
    pricing_model: tool.pricingModel,
    starting_price: tool.startingPrice,
    rating: tool.rating,
    vote_count: tool.voteCount,
    image_url: absolute(siteUrl, tool.image),
    url: toolUrl(siteUrl, tool.slug),
    created_at: tool.createdAt.toISOString(),
    updated_at: tool.updatedAt.toISOString(),
  };
}

const keyPosition = z.object({ key: z.array(z.string()).min(1).max(4) });
const offsetPosition = z.object({ offset: z.int().min(0).max(100_000) });

export async function readToolList({
  db,
  siteUrl,
  url,
  pageTags,
}: Reader & { url: URL }): Promise<In<typeof toolListSchema>> {
  const query = parseQuery(url, toolListQuerySchema, ["pricing", "tag", "has", "platform"]);
  const text = (query.q ?? "").trim();
  // The home page's default: relevance for a text, else newest.
  const sort = effectiveSort({ query: text, sort: query.sort ?? null }, "newest");
  const position = !query.cursor
    ? null
    : sort === "relevance"
      ? decodeCursor(query.cursor, sort, offsetPosition)
      : decodeCursor(query.cursor, sort, keyPosition);
  const { rows, next, understanding } = await listToolsAfter({
    db,
    filters: {
      query: text,
      category: query.category ?? null,
      pricing: query.pricing,
      tags: [...new Set(query.tag)],
      has: [...new Set(query.has)],
      platforms: [...new Set(query.platform)],
      updatedSince: query.updated_since ? new Date(query.updated_since) : null,
    },
    sort,
    position,
    limit: query.limit,
  });
  tagPage({ pageTags }, TOOL_LIST_TAG, ...rows.map((row) => toolTag(row.id)));
  return {
    data: rows.map((row) => toolSummary(siteUrl, row)),
    next_cursor: next ? encodeCursor(sort, next) : null,
    ...(understanding
      ? {
          intent: {
            filters: understanding.intent.filters,
            alternatives_to: understanding.intent.alternativesTo,
            compare: understanding.intent.compare,
          },
        }
      : {}),
  };
}

export async function readTool({
  db,
  siteUrl,
  slug,
  pageTags,
}: Reader & { slug: string }): Promise<In<typeof toolSchema>> {
  const tool = await findToolBySlug({ db, slug });
  if (!tool) throw notFound("tool");
  // Its alternatives are named by slug only, which changes with a tool write (list:tools).
  tagPage({ pageTags }, toolTag(tool.id), TOOL_LIST_TAG);
  const [tags, alternatives, linkCheck, facts] = await Promise.all([
    listTagsForTool({ db, toolId: tool.id }),
    listAlternatives({
      db,
      source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
    }),
    findLinkCheckState({ db, toolId: tool.id }),
    readToolFacts({ db, toolId: tool.id }),
  ]);
  return {
    ...toolSummary(siteUrl, tool),
    description_html: sanitizeRichText(tool.description),
    website: tool.website,
    pricing: pricingToPlans(tool.pricing).map((plan) => ({ ...plan, features: plan.features ?? [] })),
    features: tool.features,
    pros: tool.pros,
    cons: tool.cons,
    tags,
    alternatives: alternatives.map((alternative) => alternative.tool.slug),
    last_updated: tool.updatedAt.toISOString(),
    link_check: linkCheck && {
      checked_at: linkCheck.checkedAt.toISOString(),
      status: linkCheck.status,
      failing_since: linkCheck.failingSince?.toISOString() ?? null,
    },
    discontinued_at: tool.discontinuedAt?.toISOString() ?? null,
    facts: publicFacts(facts),
  };
}

/** Every category of the fixed list, with its count from the trigger-kept table (0 when empty). */
export async function readCategories({ db, siteUrl, pageTags }: Reader): Promise<In<typeof categoryListSchema>> {
  tagPage({ pageTags }, TOOL_LIST_TAG);
  const rows = await db.select().from(toolCategoryCounts).orderBy(asc(toolCategoryCounts.category));
  const counts = new Map(rows.map((row) => [row.category, row.toolCount]));
  return {
    data: TOOL_CATEGORIES.map((name) => ({
      name,
      tool_count: counts.get(name) ?? 0,
      url: `${siteUrl}/category/${encodeURIComponent(name)}`,
    })),
  };
}

export async function readTags({ db, siteUrl, pageTags }: Reader): Promise<In<typeof tagListSchema>> {
  tagPage({ pageTags }, TOOL_LIST_TAG);
  const rows = await listTagsWithCounts({ db });
  return {
    data: rows.map((tag) => ({
      slug: tag.slug,
      name: tag.name,
      description: tag.description,
      tool_count: tag.toolCount,
      url: `${siteUrl}/tag/${encodeURIComponent(tag.slug)}`,
    })),
  };
}

const articlePosition = z.object({ date: z.iso.date(), createdAt: z.string().max(64), id: z.uuid() });
const articleUrl = (siteUrl: string, slug: string) => `${siteUrl}/article/${encodeURIComponent(slug)}`;

type ArticleFields = {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  author: string;
  date: string;
  readTime: string;
  image: string | null;
};

function articleSummary(siteUrl: string, article: ArticleFields) {
  return {
    slug: article.slug,
    title: article.title,
    excerpt: article.excerpt,
    category: article.category,
    author: article.author,
    date: article.date,
    read_time: article.readTime,
    image_url: absolute(siteUrl, article.image),
    url: articleUrl(siteUrl, article.slug),
  };
}

export async function readArticleList({
  db,
  siteUrl,
  url,
  pageTags,
}: Reader & { url: URL }): Promise<In<typeof articleListSchema>> {
  const query = parseQuery(url, articleListQuerySchema);
  const position = query.cursor ? decodeCursor(query.cursor, "newest", articlePosition) : null;
  const { rows, next } = await listPublishedArticlesAfter({ db, position, limit: query.limit });
  tagPage({ pageTags }, ARTICLE_LIST_TAG, ...rows.map((row) => articleTag(row.id)));
  return {
    data: rows.map((row) => articleSummary(siteUrl, row)),
    next_cursor: next ? encodeCursor("newest", next) : null,
  };
}

export async function readArticle({
  db,
  siteUrl,
  slug,
  pageTags,
}: Reader & { slug: string }): Promise<In<typeof articleSchema>> {
  const found = await findArticleByIdentifier({ db, identifier: slug });
  // Published only (no includeDrafts), and by its slug exactly.
  if (!found?.canonical) throw notFound("published article");
  const { article } = found;
  tagPage({ pageTags }, articleTag(article.id));
  return {
    ...articleSummary(siteUrl, article),
    section: article.section,
    content_html: sanitizeRichText(article.content),
    updated_at: article.updatedAt.toISOString(),
  };
}
