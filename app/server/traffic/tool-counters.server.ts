import type { IncomingHttpHeaders } from "node:http";
import { sql } from "drizzle-orm";
import { isbot } from "isbot";
import type { Database } from "../db/client.server";
import { toolDailyCounts, tools } from "../db/schema.server";
import { logger } from "../logger.server";
import { utcDay } from "../search/search-log.server";
import { DAY_MS } from "~/lib/utc-weeks";

/**
 * A tool's page views and "Visit website" clicks per day (issue 33, decision 178), counted without
 * tracking anyone: no cookie is set or read, and neither the address, the account nor the browser
 * of a visitor is kept; only a tool's id, a UTC day and two numbers. Crawlers (isbot) and link
 * prefetches are not counted. A count is a map update in memory; each process adds its counts to
 * tool_daily_counts in one statement every 30 seconds, at shutdown and when asked (a maker's
 * figures). The trending scores follow on the hour, in the "trending" job (decision 188).
 */

/** Tool-days a process holds between flushes; past it the counts are written at once. */
const MAX_PENDING = 20_000;
/** User agents whose verdict is remembered; a page hit then costs one Map lookup, not a regular expression. */
const VERDICTS_KEPT = 1000;

const verdicts = new Map<string, boolean>();

/**
 * Whether a request counts as a person's: it names a browser that is not a known crawler (isbot),
 * and it is not a prefetch (a hovered link, a speculation rule) that nobody may ever look at.
 */
export function countsAsVisit(headers: IncomingHttpHeaders): boolean {
  const userAgent = headers["user-agent"];
  // A prefetch says so in Sec-Purpose (or the older Purpose): it is not a view until it is shown.
  const purpose = headers["sec-purpose"] ?? headers["purpose"];
  if (!userAgent || (purpose && String(purpose).includes("prefetch"))) return false;
  let verdict = verdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = !isbot(userAgent);
    if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
    verdicts.set(userAgent, verdict);
  }
  return verdict;
}

export type ToolCounters = {
  /** Counts one view of a tool's page, in memory. */
  view(toolId: string): void;
  /** Counts one click on a tool's "Visit website", in memory. */
  click(toolId: string): void;
  /** Adds what was counted since the last flush to the table. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
};

type Pending = { toolId: string; day: string; views: number; clicks: number };

/**
 * `flushIntervalMs: null` leaves flushing to the caller (tests); `now` is the clock days are read
 * from (tests move it).
 */
export function createToolCounters({
  db,
  flushIntervalMs = 30_000,
  now = () => new Date(),
}: {
  db: Database;
  flushIntervalMs?: number | null;
  now?: () => Date;
}): ToolCounters {
  /** Per UTC day, per tool: a hit adds to an entry found by two lookups, with no string built. */
  let pending = new Map<string, Map<string, Pending>>();
  let pendingSize = 0;
  let flushing: Promise<void> = Promise.resolve();
  let failing = false;
  // The day is worked out again only when the clock leaves it: a hit formats no date.
  let day = "";
  let dayStartsAt = 0;
  let dayEndsAt = 0;

  function currentDay(): string {
    const at = now().getTime();
    if (at < dayStartsAt || at >= dayEndsAt) {
      dayStartsAt = at - (at % DAY_MS);
      dayEndsAt = dayStartsAt + DAY_MS;
      day = utcDay(new Date(dayStartsAt));
    }
    return day;
  }

  function add(toolId: string, views: number, clicks: number) {
    const today = currentDay();
    let tools = pending.get(today);
    if (!tools) pending.set(today, (tools = new Map()));
    const entry = tools.get(toolId);
    if (entry) {
      entry.views += views;
      entry.clicks += clicks;
      return;
    }
    tools.set(toolId, { toolId, day: today, views, clicks });
    pendingSize += 1;
    if (pendingSize >= MAX_PENDING) void flush();
  }

  async function write() {
    const batch = [...pending.values()].flatMap((tools) => [...tools.values()]);
    pending = new Map();
    pendingSize = 0;
    if (batch.length === 0) return;
    try {
      await addCounts(db, batch);
      if (failing) logger.info("tool view counts reach the database again");
      failing = false;
    } catch (error) {
      // The counts go back and go with the next flush.
      for (const entry of batch) {
        let tools = pending.get(entry.day);
        if (!tools) pending.set(entry.day, (tools = new Map()));
        const later = tools.get(entry.toolId);
        if (later) {
          later.views += entry.views;
          later.clicks += entry.clicks;
        } else {
          tools.set(entry.toolId, entry);
          pendingSize += 1;
        }
      }
      if (!failing) logger.warn({ err: error }, "could not write the tool view counts; they wait for the next flush");
      failing = true;
    }
  }

  // One flush at a time: an asked-for flush waits for the timer's rather than racing it.
  const flush = () => (flushing = flushing.then(write));

  const timer = flushIntervalMs === null ? null : setInterval(() => void flush(), flushIntervalMs).unref();

  return {
    view: (toolId) => add(toolId, 1, 0),
    click: (toolId) => add(toolId, 0, 1),
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

/**
 * One statement for the whole batch: each (tool, day) added to its row. A tool deleted since it was
 * counted (or an id that never was one, from a forged click) is dropped by the join.
 */
async function addCounts(db: Database, batch: Pending[]) {
  const rows = JSON.stringify(batch.map(({ toolId, day, views, clicks }) => ({ tool_id: toolId, day, views, clicks })));
  await db.execute(sql`
    with batch as (
      select * from json_to_recordset(${rows}::json) as b(tool_id uuid, day date, views integer, clicks integer)
    )
    insert into ${toolDailyCounts} as kept (tool_id, day, views, clicks)
    select batch.tool_id, batch.day, batch.views, batch.clicks from batch join ${tools} on ${tools.id} = batch.tool_id
    on conflict (tool_id, day) do update set
      views = kept.views + excluded.views,
      clicks = kept.clicks + excluded.clicks`);
}

/** Days of counts kept: a year and a month, more than any figure shown (a maker's 12 weeks, trending's 7 days). */
export const TOOL_COUNT_DAYS = 400;

/** Drops the days before the window (`today` a UTC day); returns how many rows went. */
export async function pruneToolCounts({ db, today }: { db: Database; today: string }): Promise<number> {
  const result = await db.execute(
    sql`delete from ${toolDailyCounts} where ${toolDailyCounts.day} <= ${today}::date - ${TOOL_COUNT_DAYS}::integer returning 1`,
  );
  return (result as unknown as { rows: unknown[] }).rows.length;
}
