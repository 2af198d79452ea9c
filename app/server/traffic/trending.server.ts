import { and, gt, isNull, sql } from "drizzle-orm";
import { TRENDING_DAYS, TRENDING_HALF_LIFE_DAYS, TRENDING_POINTS } from "~/lib/trending";
import type { Database } from "../db/client.server";
import { savedTools, toolDailyCounts, tools, toolVotes } from "../db/schema.server";
import { toolCardColumns, type ToolCard } from "../catalog/tool-card-columns.server";
import { ORDER_BY } from "../catalog/tools.server";

/** The "trending" job's schedule: every hour, at a minute no other job uses. */
export const TRENDING_CRON = "17 * * * *";

/**
 * The stored trending score (decision 179): app/lib/trending.ts's sum, computed in one statement
 * from the last TRENDING_DAYS days of tool_daily_counts, saved_tools and tool_votes, and written only
 * where it changed, so the "Trending" sort is a walk of tools_trending_idx like any other order.
 * The hourly "trending" job runs it for every tool with activity in the window or a score to lose
 * (a new day ages every score); the counters only add to tool_daily_counts (decision 188).
 */
export async function refreshTrendingScores({
  db,
  today,
}: {
  db: Database;
  /** The UTC day (YYYY-MM-DD) ages are counted from. */
  today: string;
}): Promise<number> {
  const first = sql`(${today}::date - ${TRENDING_DAYS - 1}::integer)`;
  const since = sql`(${first}::timestamp at time zone 'UTC')`;
  const result = await db.execute(sql`
    with activity(tool_id, day, points) as (
      select ${toolDailyCounts.toolId}, ${toolDailyCounts.day},
        ${toolDailyCounts.views} * ${TRENDING_POINTS.view} + ${toolDailyCounts.clicks} * ${TRENDING_POINTS.click}
      from ${toolDailyCounts}
      where ${toolDailyCounts.day} between ${first} and ${today}::date
      union all
      select ${savedTools.toolId}, (${savedTools.createdAt} at time zone 'UTC')::date, ${TRENDING_POINTS.save}
      from ${savedTools} where ${savedTools.createdAt} >= ${since}
      union all
      select ${toolVotes.toolId}, (${toolVotes.createdAt} at time zone 'UTC')::date, ${TRENDING_POINTS.vote}
      from ${toolVotes} where ${toolVotes.createdAt} >= ${since}
    ), scores as (
      select tool_id, round(sum(points * power(0.5, (${today}::date - day) / ${TRENDING_HALF_LIFE_DAYS}::float8))::numeric, 4)::float8 as score
      from activity where day <= ${today}::date group by tool_id
    ), due as (
      select ${tools.id} as id from ${tools} where ${tools.trendingScore} > 0 union select tool_id from scores
    ), fresh as (
      select due.id, coalesce(scores.score, 0) as score from due left join scores on scores.tool_id = due.id
    )
    update ${tools} set trending_score = fresh.score from fresh
    where ${tools.id} = fresh.id and ${tools.trendingScore} <> fresh.score
    returning ${tools.id}`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** Tools shown in home's "Trending this week". */
export const TRENDING_SECTION_SIZE = 3;

/**
 * Home's "Trending this week": the listed tools with the highest scores, none that scored nothing
 * (a new install with no visits shows no section). A walk of tools_trending_idx that stops at `limit`.
 */
export function listTrendingTools({
  db,
  limit = TRENDING_SECTION_SIZE,
}: {
  db: Database;
  limit?: number;
}): Promise<ToolCard[]> {
  return db
    .select(toolCardColumns)
    .from(tools)
    .where(and(isNull(tools.discontinuedAt), gt(tools.trendingScore, 0)))
    .orderBy(...ORDER_BY.trending)
    .limit(limit);
}
