import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { searchQueriesDaily } from "../db/schema.server";
import { SEARCH_LOG_DAYS, utcDay } from "./search-log.server";

/** A text and how many times it was searched (or searched and found nothing) in the window. */
export type SearchCount = { query: string; count: number };

export type SearchReport = { top: SearchCount[]; zeroResults: SearchCount[] };

/** Rows each of the dashboard's two lists shows. */
export const SEARCH_REPORT_ROWS = 10;

/**
 * The dashboard's "Top searches" and "Searches with no results" over the last SEARCH_LOG_DAYS days
 * (today included; decision 162). A text leaves the second list once a search of it finds tools on
 * a day as late as its last empty one: the operator added what it asked for.
 */
export async function readSearchReport({
  db,
  today = utcDay(new Date()),
  limit = SEARCH_REPORT_ROWS,
}: {
  db: Database;
  /** A UTC day, YYYY-MM-DD. */
  today?: string;
  limit?: number;
}): Promise<SearchReport> {
  const { day, query, searchCount, zeroResultCount } = searchQueriesDaily;
  const inWindow = sql`${day} > ${today}::date - ${SEARCH_LOG_DAYS}::integer`;
  const [top, zeroResults] = await Promise.all([
    db
      .select({ query, count: sql<number>`sum(${searchCount})::int` })
      .from(searchQueriesDaily)
      .where(inWindow)
      .groupBy(query)
      .orderBy(sql`sum(${searchCount}) desc`, query)
      .limit(limit),
    db
      .select({ query, count: sql<number>`sum(${zeroResultCount})::int` })
      .from(searchQueriesDaily)
      .where(inWindow)
      .groupBy(query)
      .having(
        sql`sum(${zeroResultCount}) > 0 and coalesce(max(${day}) filter (where ${zeroResultCount} < ${searchCount}), '-infinity'::date) < max(${day}) filter (where ${zeroResultCount} > 0)`,
      )
      .orderBy(sql`sum(${zeroResultCount}) desc`, sql`max(${day}) desc`, query)
      .limit(limit),
  ]);
  return { top, zeroResults };
}
