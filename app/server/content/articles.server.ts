import { and, eq, sql, type SQL } from "drizzle-orm";
import { ARTICLES_PAGE_SIZE } from "~/lib/limits";
import { isUuid, slugify } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { articles } from "../db/schema.server";

export type Article = typeof articles.$inferSelect;

export const articleCardColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  excerpt: articles.excerpt,
  image: articles.image,
  category: articles.category,
  author: articles.author,
  date: articles.date,
  readTime: articles.readTime,
};

export type ArticleCard = {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  image: string | null;
  category: string;
  author: string;
  date: string;
  readTime: string;
};

/** Drafts are the admin's; the public sees published articles only. */
const isPublished = eq(articles.status, "published");
/** Spelled like articles_status_date_idx (DESC NULLS LAST) so the index serves the order. */
const newestFirst = [sql`${articles.date} desc nulls last`, sql`${articles.createdAt} desc nulls last`];

export function listLatestArticles({ db, limit = 4 }: { db: Database; limit?: number }): Promise<ArticleCard[]> {
  return db
    .select(articleCardColumns)
    .from(articles)
    .where(isPublished)
    .orderBy(...newestFirst)
    .limit(limit);
}

export async function listPublishedArticles({
  db,
  page = 1,
  pageSize = ARTICLES_PAGE_SIZE,
}: {
  db: Database;
  page?: number;
  pageSize?: number;
}): Promise<{ articles: ArticleCard[]; total: number; page: number; pageCount: number }> {
  const [rows, [totals]] = await Promise.all([
    db
      .select(articleCardColumns)
      .from(articles)
      .where(isPublished)
      .orderBy(...newestFirst)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(isPublished),
  ]);
  const total = totals?.total ?? 0;
  return { articles: rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

export type ArticleLookup = { article: Article; canonical: boolean };

/**
 * Spec section 7: by slug, then by id, then by title read from the text (hyphens as spaces,
 * case-insensitive). A title whose punctuation the text lost is still found by its slug form.
 */
export async function findArticleByIdentifier({
  db,
  identifier,
  includeDrafts = false,
}: {
  db: Database;
  identifier: string;
  /** Administrators preview drafts at their future address; everyone else finds published ones only. */
  includeDrafts?: boolean;
}): Promise<ArticleLookup | null> {
  const find = async (where: SQL) =>
    (
      await db
        .select()
        .from(articles)
        .where(and(includeDrafts ? undefined : isPublished, where))
        .limit(1)
    )[0];

  const bySlug = await find(eq(articles.slug, identifier));
  if (bySlug) return { article: bySlug, canonical: true };
  if (isUuid(identifier)) {
    const byId = await find(eq(articles.id, identifier.toLowerCase()));
    if (byId) return { article: byId, canonical: false };
  }
  const title = identifier.replace(/-/g, " ").trim().toLowerCase();
  if (!title) return null;
  const byTitle = await find(sql`lower(${articles.title}) = ${title}`);
  if (byTitle) return { article: byTitle, canonical: false };
  const titleSlug = slugify(identifier);
  if (!titleSlug) return null;
  const byTitleSlug = await find(
    sql`trim(both '-' from regexp_replace(lower(${articles.title}), '[^a-z0-9]+', '-', 'g')) = ${titleSlug}`,
  );
  return byTitleSlug ? { article: byTitleSlug, canonical: false } : null;
}

export function listArticleSitemapEntries({ db }: { db: Database }) {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(isPublished)
    .orderBy(...newestFirst);
}

/** The newest published articles with their content, for the RSS feed. */
export function listArticlesForFeed({ db, limit = 50 }: { db: Database; limit?: number }) {
  return db
    .select()
    .from(articles)
    .where(isPublished)
    .orderBy(...newestFirst)
    .limit(limit);
}
