import { sql } from "drizzle-orm";
import { isDocumentRequest } from "../auth/guards.server";
import type { Database } from "../db/client.server";
import { searchQueriesDaily } from "../db/schema.server";
import { logger } from "../logger.server";

/**
 * What people look for (issue 31, decision 162): each search a visitor makes on the home, category
 * or tag page is counted by its normalised text, per day, and whether it found nothing. Nothing
 * about who searched is kept (no address, no account, no cookie), and a text that holds or looks
 * like an email address is not kept at all. A search costs a map update in memory; each process
 * adds its counts to search_queries_daily in one statement a minute, at shutdown, and when an
 * administrator opens the dashboard.
 */

/** The days the dashboard sums, today included; older rows are pruned. */
export const SEARCH_LOG_DAYS = 30;
/** Characters of a query kept: enough for any real search, too few for a pasted document. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Distinct texts a process holds between flushes; past it, new texts wait for the next minute's flush. */
const MAX_PENDING = 5000;
/** Distinct texts kept per day: a script searching random words fills a day, not the disk. */
const DAILY_QUERY_CAP = 10_000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** One search as the log counts it: the normalised text, and whether it found no tool. */
export type SeenSearch = { query: string; zero: boolean };

// "jane@example.org", "jane＠example.org" (NFKC makes it "@"), "jane [at] example [dot] org",
// "jane(at)example.org" and "jane at example dot org": each is, or is meant as, an address.
const EMAIL_LIKE = [
  /@/,
  /\S\s*[([{<]\s*at\s*[)\]}>]\s*\S/,
  /\b[a-z0-9._%+-]+\s+at\s+[a-z0-9-]+(?:\s+dot\s+|\.)[a-z]{2,}\b/,
];

/**
 * The text a search is counted under: compatibility-normalised, lower case, trimmed, each run of
 * white space one space, at most SEARCH_QUERY_MAX_LENGTH characters; null when nothing is left or
 * the text holds anything that looks like an email address (it is then not counted at all).
 */
export function normaliseSearchQuery(text: string): string | null {
  const normalised = text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
  if (normalised === "" || EMAIL_LIKE.some((pattern) => pattern.test(normalised))) return null;
  return Array.from(normalised).slice(0, SEARCH_QUERY_MAX_LENGTH).join("").trimEnd();
}

/** The request's note of the search its page showed, in context.searchNote; absent outside the HTTP server. */
export type SearchNote = { seen: SeenSearch | null };

/**
 * Called by the loaders of the pages people search from: notes the page's search for the HTTP
 * layer, which counts it (and again at each hit of the stored page), only for a page asked for as a document (a typed-and-submitted search, a
 * link, a reload; the search box's own request when the visitor is done typing) and never for the
 * results that follow the typing (decision 162). Only a first page counts: the next pages are the
 * same search.
 */
export function noteSearch(
  context: { searchNote?: SearchNote },
  request: Request,
  { query, page, total }: { query: string; page: number; total: number },
) {
  if (!context.searchNote || page !== 1 || !isDocumentRequest(request)) return;
  const normalised = normaliseSearchQuery(query);
  context.searchNote.seen = normalised ? { query: normalised, zero: total === 0 } : null;
}

/** The day a search is counted on: UTC, so every process agrees whatever its time zone. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export type SearchLog = {
  /** Counts one search in memory: no query. */
  count(seen: SeenSearch): void;
  /** Adds the counts gathered since the last flush to the table (and prunes old days, hourly). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
};

type Pending = { day: string; query: string; count: number; zero: number };

/**
 * `flushIntervalMs: null` leaves flushing to the caller (tests); `now` is the clock days are read
 * from (tests move it).
 */
export function createSearchLog({
  db,
  flushIntervalMs = 60_000,
  now = () => new Date(),
}: {
  db: Database;
  flushIntervalMs?: number | null;
  now?: () => Date;
}): SearchLog {
  let pending = new Map<string, Pending>();
  let flushing: Promise<void> = Promise.resolve();
  let failing = false;
  let prunedAt = 0;

  function count({ query, zero }: SeenSearch) {
    const day = utcDay(now());
    const key = `${day}\n${query}`;
    const entry = pending.get(key);
    if (entry) {
      entry.count += 1;
      entry.zero += zero ? 1 : 0;
      return;
    }
    if (pending.size >= MAX_PENDING) return;
    pending.set(key, { day, query, count: 1, zero: zero ? 1 : 0 });
    if (pending.size === MAX_PENDING) void flush();
  }

  async function write() {
    const batch = pending;
    pending = new Map();
    const today = utcDay(now());
    if (Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await pruneSearchCounts({ db, today }).catch((error: unknown) =>
        logger.warn({ err: error }, "could not prune the search counts"),
      );
    }
    if (batch.size === 0) return;
    try {
      await addCounts(db, [...batch.values()]);
      if (failing) logger.info("search counts reach the database again");
      failing = false;
    } catch (error) {
      // The counts go back and go with the next flush.
      for (const [key, entry] of batch) {
        const later = pending.get(key);
        if (later) {
          later.count += entry.count;
          later.zero += entry.zero;
        } else pending.set(key, entry);
      }
      if (!failing) logger.warn({ err: error }, "could not write the search counts; they wait for the next flush");
      failing = true;
    }
  }

  // One flush at a time: a dashboard's flush waits for the timer's rather than racing it.
  const flush = () => (flushing = flushing.then(write));

  const timer = flushIntervalMs === null ? null : setInterval(() => void flush(), flushIntervalMs).unref();

  return {
    count,
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

/**
 * One statement for the whole batch: each (day, text) added to its row, a new row only while its
 * day holds fewer than DAILY_QUERY_CAP texts.
 */
async function addCounts(db: Database, batch: Pending[]) {
  const rows = JSON.stringify(batch.map(({ day, query, count, zero }) => ({ day, query, count, zero })));
  await db.execute(sql`
    with batch as (
      select * from json_to_recordset(${rows}::json) as b(day date, query text, count integer, zero integer)
    ), full_days as (
      select ${searchQueriesDaily.day} as day from ${searchQueriesDaily}
      where ${searchQueriesDaily.day} in (select distinct day from batch)
      group by ${searchQueriesDaily.day} having count(*) >= ${DAILY_QUERY_CAP}
    )
    insert into ${searchQueriesDaily} as kept (day, query, search_count, zero_result_count)
    select batch.day, batch.query, batch.count, batch.zero from batch
    where batch.day not in (select day from full_days)
      or exists (select 1 from ${searchQueriesDaily} as known where known.day = batch.day and known.query = batch.query)
    on conflict (day, query) do update set
      search_count = kept.search_count + excluded.search_count,
      zero_result_count = kept.zero_result_count + excluded.zero_result_count`);
}

/** Drops the days before the window (`today` a UTC day, YYYY-MM-DD). */
export async function pruneSearchCounts({ db, today }: { db: Database; today: string }) {
  await db.execute(
    sql`delete from ${searchQueriesDaily} where ${searchQueriesDaily.day} <= ${today}::date - ${SEARCH_LOG_DAYS}::integer`,
  );
}
