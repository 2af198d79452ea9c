import { and, asc, eq, gt, isNotNull, isNull, lte, sql, type SQL } from "drizzle-orm";
import { changeFieldLabel, changeValueText, describeChangeValue, isWebAddress } from "~/lib/change-log";
import type { Database } from "../db/client.server";
import { articles, articleTools, follows, profiles, toolChanges, tools, toolVotes } from "../db/schema.server";

/**
 * What happened to what a member follows between two instants (decision 181): new tools in the
 * categories and tags they follow, changed facts and prices of the tools they follow (directly or
 * through a category or tag) from the change log, new reviews and newly published articles that
 * link those tools. Each list is one statement with its own cap.
 */

export type NewsTool = { name: string; slug: string; category: string; tagline: string | null };
export type NewsChange = {
  toolName: string;
  toolSlug: string;
  /** "Starting price: $10/month → $15/month". */
  summary: string;
  /** The pages the new value came from (a fact's page, an accepted proposal's search results). */
  sources: { url: string; title: string }[];
};
export type NewsReview = { toolName: string; toolSlug: string; author: string; excerpt: string };
export type NewsArticle = { title: string; slug: string; excerpt: string };

export type FollowNews = {
  newTools: NewsTool[];
  changes: NewsChange[];
  reviews: NewsReview[];
  articles: NewsArticle[];
};

/** Most items of each kind one email lists; the rest are a click away on the site. */
export const NEWS_LIMIT = 20;
const REVIEW_EXCERPT = 200;

export function newsCount(news: FollowNews): number {
  return news.newTools.length + news.changes.length + news.reviews.length + news.articles.length;
}

/** The change-log fields a follower hears about: the facts, the price and whether the tool is still there. */
const TOLD_FIELDS = sql`(${toolChanges.field} like 'facts.%' or ${toolChanges.field} in ('pricing', 'pricingModel', 'startingPrice', 'status'))`;

/** The tool (a `tools` row in the statement) is followed by the member: itself, its category or one of its tags. */
function followedTool(userId: string): SQL {
  return sql`exists (select 1 from ${follows} where ${follows.userId} = ${userId} and (${follows.toolId} = ${tools.id} or ${follows.category} = ${tools.category} or ${follows.tagId} = any(${tools.tagIds})))`;
}

/** The tool is in a category or has a tag the member follows (what makes a new tool news to them). */
function followedPlace(userId: string): SQL {
  return sql`exists (select 1 from ${follows} where ${follows.userId} = ${userId} and (${follows.category} = ${tools.category} or ${follows.tagId} = any(${tools.tagIds})))`;
}

export async function readFollowNews({
  db,
  userId,
  from,
  until,
}: {
  db: Database;
  userId: string;
  /** Exclusive: what was told last time ended here. */
  from: Date;
  /** Inclusive. */
  until: Date;
}): Promise<FollowNews> {
  const [newTools, changeRows, reviewRows, articleRows] = await Promise.all([
    db
      .select({ name: tools.name, slug: tools.slug, category: tools.category, tagline: tools.tagline })
      .from(tools)
      .where(
        and(
          gt(tools.createdAt, from),
          lte(tools.createdAt, until),
          isNull(tools.discontinuedAt),
          followedPlace(userId),
        ),
      )
      .orderBy(asc(tools.createdAt), asc(tools.id))
      .limit(NEWS_LIMIT),
    db
      .select({
        toolName: tools.name,
        toolSlug: tools.slug,
        toolId: tools.id,
        field: toolChanges.field,
        before: toolChanges.before,
        after: toolChanges.after,
        sources: toolChanges.sources,
      })
      .from(toolChanges)
      .innerJoin(tools, eq(tools.id, toolChanges.toolId))
      .where(
        and(
          gt(toolChanges.createdAt, from),
          lte(toolChanges.createdAt, until),
          TOLD_FIELDS,
          // A tool that is new in this email is told whole, not field by field.
          lte(tools.createdAt, from),
          followedTool(userId),
        ),
      )
      .orderBy(asc(toolChanges.createdAt), asc(toolChanges.id))
      // Room for the plans' rows dropped below.
      .limit(NEWS_LIMIT * 2),
    db
      .select({
        toolName: tools.name,
        toolSlug: tools.slug,
        author: profiles.displayName,
        review: toolVotes.review,
      })
      .from(toolVotes)
      .innerJoin(tools, eq(tools.id, toolVotes.toolId))
      .leftJoin(profiles, eq(profiles.id, toolVotes.userId))
      .where(
        and(
          isNotNull(toolVotes.review),
          gt(toolVotes.reviewedAt, from),
          lte(toolVotes.reviewedAt, until),
          // A member's own review is no news to them.
          sql`${toolVotes.userId} <> ${userId}`,
          followedTool(userId),
        ),
      )
      .orderBy(asc(toolVotes.reviewedAt), asc(toolVotes.id))
      .limit(NEWS_LIMIT),
    db
      .select({ title: articles.title, slug: articles.slug, excerpt: articles.excerpt })
      .from(articles)
      .where(
        and(
          eq(articles.status, "published"),
          // Published in the period: written or published (its last save) then, and dated then.
          gt(articles.updatedAt, from),
          lte(articles.updatedAt, until),
          sql`${articles.date} >= (${from.toISOString()}::timestamptz at time zone 'UTC')::date`,
          sql`exists (select 1 from ${articleTools} inner join ${tools} on ${tools.id} = ${articleTools.toolId} where ${articleTools.articleId} = ${articles.id} and ${followedTool(userId)})`,
        ),
      )
      .orderBy(asc(articles.date), asc(articles.id))
      .limit(NEWS_LIMIT),
  ]);

  // A price change logs the plans and the starting price together: the starting price says it.
  const repriced = new Set(changeRows.filter((row) => row.field === "startingPrice").map((row) => row.toolId));
  const changes = changeRows
    .filter((row) => row.field !== "pricing" || !repriced.has(row.toolId))
    .slice(0, NEWS_LIMIT)
    .map((row): NewsChange => ({
      toolName: row.toolName,
      toolSlug: row.toolSlug,
      summary: `${changeFieldLabel(row.field)}: ${changeValueText(describeChangeValue(row.field, row.before))} → ${changeValueText(describeChangeValue(row.field, row.after))}`,
      sources: row.sources
        .filter((source) => isWebAddress(source.url))
        .map((source) => ({ url: source.url, title: source.title })),
    }));

  return {
    newTools,
    changes,
    reviews: reviewRows.map((row) => ({
      toolName: row.toolName,
      toolSlug: row.toolSlug,
      author: row.author ?? "A member",
      excerpt: excerpt(row.review ?? ""),
    })),
    articles: articleRows,
  };
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= REVIEW_EXCERPT ? flat : `${flat.slice(0, REVIEW_EXCERPT - 1).trimEnd()}…`;
}
