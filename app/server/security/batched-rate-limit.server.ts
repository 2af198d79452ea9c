import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";
import { logger } from "../logger.server";
import type { RateLimitRule } from "./rate-limit-rules.server";

export type BatchedRateLimitOutcome = {
  allowed: boolean;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
};

export type BatchedRateLimiter = {
  readonly rule: RateLimitRule;
  /** Counts one request for `subject` and says at once whether it is allowed: no query. */
  consume(subject: string): BatchedRateLimitOutcome;
  /** Writes the counts gathered since the last flush and reads back every process's totals. */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
};

type Window = {
  /** When this window ends, by this process's clock (corrected from the database's at each flush). */
  endsAt: number;
  /** The window's count in the shared table as of the last flush, every process's requests included. */
  stored: number;
  /** Requests counted here and not yet written. */
  pending: number;
};

/**
 * A per-client limit for a busy read path (the public API, decision 073): each request is counted
 * in memory and answered without a query, and once a second the counts are added to the same
 * rate_limits table every other limit uses, in one statement, reading back the totals that all
 * processes wrote. A client spread over several processes can so exceed its quota by at most one
 * flush interval of requests, which a read-only API can afford; a write per request could not be
 * afforded at thousands of requests a second.
 *
 * `flushIntervalMs: null` leaves flushing to the caller (tests).
 */
export function createBatchedRateLimiter({
  db,
  rule,
  flushIntervalMs = 1000,
}: {
  db: Database;
  rule: RateLimitRule;
  flushIntervalMs?: number | null;
}): BatchedRateLimiter {
  const windows = new Map<string, Window>();
  let flushing: Promise<void> | null = null;
  let failing = false;

  const keyOf = (subject: string) => `${rule.name}:${subject}`;

  function consume(subject: string): BatchedRateLimitOutcome {
    const key = keyOf(subject);
    const now = Date.now();
    let window = windows.get(key);
    if (!window || now >= window.endsAt) {
      // Counts not yet written stay pending: the database decides which window they land in.
      window = { endsAt: now + rule.windowMs, stored: 0, pending: window?.pending ?? 0 };
      windows.set(key, window);
    }
    const resetSeconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    const used = window.stored + window.pending;
    if (used >= rule.limit) return { allowed: false, remaining: 0, resetSeconds };
    window.pending += 1;
    return { allowed: true, remaining: rule.limit - used - 1, resetSeconds };
  }

  async function write() {
    const batch = [...windows]
      .filter(([, window]) => window.pending > 0)
      .map(([key, window]) => ({ key, window, sent: window.pending }));
    if (batch.length === 0) return forgetEnded();
    const windowLength = sql`(${rule.windowMs}::double precision * interval '1 millisecond')`;
    const expired = sql`${rateLimits.windowStartedAt} <= now() - ${windowLength}`;
    // The count stops at limit + 1, as consumeRateLimit's does: it says "over", never how far.
    const cap = rule.limit + 1;
    try {
      const rows = await db
        .insert(rateLimits)
        .values(batch.map(({ key, sent }) => ({ key, windowStartedAt: sql`now()`, hits: Math.min(sent, cap) })))
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
            hits: sql`case when ${expired} then excluded.hits else least(${rateLimits.hits} + excluded.hits, ${cap}::integer) end`,
          },
        })
        .returning({
          key: rateLimits.key,
          hits: rateLimits.hits,
          resetMs: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${windowLength} - now())) * 1000))::bigint`,
        });
      const now = Date.now();
      const totals = new Map(rows.map((row) => [row.key, row]));
      for (const { key, window, sent } of batch) {
        const total = totals.get(key);
        window.pending -= sent;
        if (!total) continue;
        window.stored = total.hits;
        window.endsAt = now + Number(total.resetMs);
      }
      if (failing) logger.info("the API's request counts reach the database again");
      failing = false;
    } catch (error) {
      // The counts stay pending and go with the next flush; requests are still limited here.
      if (!failing) logger.warn({ err: error }, "could not write the API's request counts; retrying each second");
      failing = true;
    }
    forgetEnded();
  }

  /** Windows that ended with nothing left to write hold no information. */
  function forgetEnded() {
    const now = Date.now();
    for (const [key, window] of windows) if (window.pending === 0 && now >= window.endsAt) windows.delete(key);
  }

  function flush(): Promise<void> {
    // One flush at a time: a caller during one shares it (stop() then writes what came since).
    flushing ??= write().finally(() => (flushing = null));
    return flushing;
  }

  const timer = flushIntervalMs === null ? null : setInterval(() => void flush(), flushIntervalMs);
  timer?.unref();

  return {
    rule,
    consume,
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flushing;
      await flush();
    },
  };
}
