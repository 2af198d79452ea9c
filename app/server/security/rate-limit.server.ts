import { lt, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";

export type RateLimitOutcome = {
  allowed: boolean;
  /** Attempts left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets; 0 when allowed. */
  retryAfterSeconds: number;
};

/**
 * Counts one attempt against `key` in a fixed window of `windowMs` and says whether it is allowed.
 *
 * One upsert does the read, the window reset and the increment, so concurrent attempts from any
 * number of processes are counted exactly (the row lock of ON CONFLICT DO UPDATE serializes them).
 * Time is the database's clock, the one every process shares. The count stops at limit + 1, so a
 * key hammered for a long window never overflows the column.
 */
export async function consumeRateLimit({
  db,
  key,
  limit,
  windowMs,
}: {
  db: Database;
  key: string;
  limit: number;
  windowMs: number;
}): Promise<RateLimitOutcome> {
  const window = sql`(${windowMs}::double precision * interval '1 millisecond')`;
  const expired = sql`${rateLimits.windowStartedAt} <= now() - ${window}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
        hits: sql`case when ${expired} then 1 else least(${rateLimits.hits}, ${limit}::integer) + 1 end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      resetSeconds: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${window} - now()))))::integer`,
    });

  const allowed = row!.hits <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - row!.hits),
    retryAfterSeconds: allowed ? 0 : row!.resetSeconds,
  };
}

/** Deletes counters whose window started more than `olderThanMs` ago; returns how many. */
export async function pruneRateLimits({ db, olderThanMs }: { db: Database; olderThanMs: number }): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, sql`now() - (${olderThanMs}::double precision * interval '1 millisecond')`))
    .returning({ key: rateLimits.key });
  return removed.length;
}
