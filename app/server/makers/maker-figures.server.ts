import { sql } from "drizzle-orm";
import { FIGURE_WEEKS, type WeekFigures } from "~/lib/makers";
import { DAY_MS, weekStart } from "~/lib/utc-weeks";
import type { Database } from "../db/client.server";

/**
 * A listing's own figures per week (decision 177), for its verified makers and administrators:
 * page views and website clicks from the daily counters (`tool_daily_counts`, counts only, no
 * person), saves from `saved_tools.created_at`, first votes from `tool_votes.created_at`. Weeks
 * start on Monday (UTC), the current one last; a week with nothing is a row of zeros.
 */

/** The Mondays (YYYY-MM-DD, UTC) of the last `weeks` weeks, oldest first. */
export function weekStarts(now: Date, weeks = FIGURE_WEEKS): string[] {
  const monday = weekStart(now).getTime();
  return Array.from({ length: weeks }, (_, index) =>
    new Date(monday - (weeks - 1 - index) * 7 * DAY_MS).toISOString().slice(0, 10),
  );
}

type WeekRow = { week: string; views?: number | string; clicks?: number | string; total?: number | string };

export async function readWeeklyFigures({
  db,
  toolId,
  now = new Date(),
}: {
  db: Database;
  toolId: string;
  now?: Date;
}): Promise<WeekFigures[]> {
  const weeks = weekStarts(now);
  const from = weeks[0]!;
  const [counts, saves, votes] = await Promise.all([
    db.execute(sql`
      select to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD') as week, sum(views) as views, sum(clicks) as clicks
      from tool_daily_counts where tool_id = ${toolId} and day >= ${from}::date group by 1`),
    db.execute(sql`
      select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*) as total
      from saved_tools where tool_id = ${toolId} and created_at >= ${from}::timestamptz group by 1`),
    db.execute(sql`
      select to_char(date_trunc('week', created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*) as total
      from tool_votes where tool_id = ${toolId} and created_at >= ${from}::timestamptz group by 1`),
  ]);
  const byWeek = (result: unknown) => new Map((result as { rows: WeekRow[] }).rows.map((row) => [row.week, row]));
  const [countsBy, savesBy, votesBy] = [byWeek(counts), byWeek(saves), byWeek(votes)];
  return weeks.map((start) => ({
    week: start,
    views: Number(countsBy.get(start)?.views ?? 0),
    clicks: Number(countsBy.get(start)?.clicks ?? 0),
    saves: Number(savesBy.get(start)?.total ?? 0),
    votes: Number(votesBy.get(start)?.total ?? 0),
  }));
}
