import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { articles } from "../db/schema.server";
import { articleCardColumns } from "./articles.server";

/**
 * Published articles a page at a time after a position, newest first: the public API's cursor
 * pagination (decision 064). The order is the blog's (date, then creation, both newest first,
 * served by articles_status_date_idx) with the id to break the last ties.
 */
export type ArticlePosition = { date: string; createdAt: string; id: string };

const columns = {
  ...articleCardColumns,
  createdAtKey: sql<string>`${articles.createdAt}::text`,
};

function after({ date, createdAt, id }: ArticlePosition): SQL | undefined {
  const day = sql`cast(${date} as date)`;
  const created = sql`cast(${createdAt} as timestamptz)`;
  return and(
    sql`${articles.date} <= ${day}`,
    or(
      sql`${articles.date} < ${day}`,
      and(sql`${articles.date} = ${day}`, sql`${articles.createdAt} < ${created}`),
      and(
        sql`${articles.date} = ${day}`,
        sql`${articles.createdAt} = ${created}`,
        sql`${articles.id} > cast(${id} as uuid)`,
      ),
    ),
  );
}

export async function listPublishedArticlesAfter({
  db,
  position,
  limit,
}: {
  db: Database;
  position: ArticlePosition | null;
  limit: number;
}) {
  const rows = await db
    .select(columns)
    .from(articles)
    // Drafts are the admin's; the public sees published articles only.
    .where(and(eq(articles.status, "published"), position ? after(position) : undefined))
    .orderBy(sql`${articles.date} desc nulls last`, sql`${articles.createdAt} desc nulls last`, articles.id)
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next: ArticlePosition | null =
    rows.length > limit && last ? { date: last.date, createdAt: last.createdAtKey, id: last.id } : null;
  return { rows: page, next };
}
