import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { articles, toolCategoryCounts } from "../db/schema.server";

export type CatalogueCounts = { tools: number; publishedArticles: number; draftArticles: number };

/** The dashboard's figures; the tool total comes from the trigger-kept per-category counts. */
export async function countCatalogue({ db }: { db: Database }): Promise<CatalogueCounts> {
  const [[toolTotals], [articleTotals]] = await Promise.all([
    db.select({ tools: sql<number>`coalesce(sum(${toolCategoryCounts.toolCount}), 0)::int` }).from(toolCategoryCounts),
    db
      .select({
        published: sql<number>`(count(*) filter (where ${articles.status} = 'published'))::int`,
        drafts: sql<number>`(count(*) filter (where ${articles.status} = 'draft'))::int`,
      })
      .from(articles),
  ]);
  return {
    tools: toolTotals?.tools ?? 0,
    publishedArticles: articleTotals?.published ?? 0,
    draftArticles: articleTotals?.drafts ?? 0,
  };
}
