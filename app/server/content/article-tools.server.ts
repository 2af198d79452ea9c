import { and, eq, inArray, sql } from "drizzle-orm";
import { toolSlugsInHtml } from "~/lib/tool-links";
import type { Database } from "../db/client.server";
import { articles, articleTools, tools } from "../db/schema.server";
import { toolCardColumns, type ToolCard } from "../catalog/tool-card-columns.server";
import { articleCardColumns, type ArticleCard } from "./articles.server";

/**
 * The tool pages an article links to (decision 182): `article_tools` is read from the article's
 * stored HTML at every save, so the article page's "Tools in this article" and each tool page's
 * "Related articles" are one indexed statement each.
 */

/** "Related articles" on a tool page shows at most this many, newest first. */
export const RELATED_ARTICLES_LIMIT = 3;
/** An article links at most this many tools in its box (a long round-up still reads as a list). */
export const ARTICLE_TOOLS_LIMIT = 12;

/**
 * Makes `article_tools` say what `content` links to: the `/tool/{slug}` links of known tools (an
 * unknown slug is ignored). Run it in the save's transaction. Returns every tool whose pages
 * changed, linked before or now, for the purge.
 */
export async function syncArticleTools({
  db,
  articleId,
  content,
}: {
  db: Database;
  articleId: string;
  content: string;
}): Promise<string[]> {
  const slugs = toolSlugsInHtml(content);
  const removed = await db.delete(articleTools).where(eq(articleTools.articleId, articleId)).returning({
    toolId: articleTools.toolId,
  });
  const added =
    slugs.length === 0
      ? []
      : await db
          .insert(articleTools)
          .select(
            db
              .select({ articleId: sql<string>`${articleId}::uuid`.as("article_id"), toolId: tools.id })
              .from(tools)
              .where(inArray(tools.slug, slugs)),
          )
          .onConflictDoNothing()
          .returning({ toolId: articleTools.toolId });
  return [...new Set([...removed, ...added].map((row) => row.toolId))];
}

/** The tools an article links to (for its box and for purging on delete), by name. */
export function listToolsInArticle({
  db,
  articleId,
  limit = ARTICLE_TOOLS_LIMIT,
}: {
  db: Database;
  articleId: string;
  limit?: number;
}): Promise<ToolCard[]> {
  return db
    .select(toolCardColumns)
    .from(articleTools)
    .innerJoin(tools, eq(tools.id, articleTools.toolId))
    .where(eq(articleTools.articleId, articleId))
    .orderBy(tools.name)
    .limit(limit);
}

/** The ids of the tools an article links to: the pages to purge when it is deleted. */
export async function linkedToolIds({ db, articleId }: { db: Database; articleId: string }): Promise<string[]> {
  const rows = await db
    .select({ toolId: articleTools.toolId })
    .from(articleTools)
    .where(eq(articleTools.articleId, articleId));
  return rows.map((row) => row.toolId);
}

/** The published articles that link a tool's page, newest first: the tool page's "Related articles". */
export function listRelatedArticles({
  db,
  toolId,
  limit = RELATED_ARTICLES_LIMIT,
}: {
  db: Database;
  toolId: string;
  limit?: number;
}): Promise<ArticleCard[]> {
  return db
    .select(articleCardColumns)
    .from(articleTools)
    .innerJoin(articles, eq(articles.id, articleTools.articleId))
    .where(and(eq(articleTools.toolId, toolId), eq(articles.status, "published")))
    .orderBy(sql`${articles.date} desc nulls last`, sql`${articles.createdAt} desc nulls last`)
    .limit(limit);
}
