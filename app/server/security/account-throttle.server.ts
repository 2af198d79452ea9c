import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { rateLimits } from "../db/schema.server";

/**
 * Per-account sign-in throttling (decision "account throttling"): the first few wrong passwords
 * cost nothing; after that each attempt must wait a cool-down that doubles, up to a few minutes.
 * A correct password clears the count. The cap keeps a stranger from locking the owner out for
 * long: at worst the owner waits one cool-down, while a guesser gets about a dozen tries an hour.
 */
export const ACCOUNT_THROTTLE = {
  /** Attempts allowed back to back before any cool-down. */
  freeAttempts: 5,
  /** The cool-down after the free attempts; it doubles with each further attempt... */
  firstCoolDownSeconds: 15,
  /** ...up to this. */
  longestCoolDownSeconds: 300,
  /** A count untouched this long starts again from zero (and the pruner removes it). */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** The counter lives beside the per-address ones, under its own key prefix. */
function throttleKey(email: string) {
  return `sign-in-account:${email.trim().toLowerCase()}`;
}

export type AttemptClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Claims one sign-in attempt for the account (existing or not: the answer must not tell them apart).
 * One upsert reads and counts atomically under the row's lock, so concurrent guesses from any
 * number of processes or addresses cannot slip past the count. It writes only when the attempt is
 * let through, so a row coming back means "allowed"; a refused attempt changes nothing (hammering
 * during a cool-down does not extend it) and only reads how long is left.
 */
export async function claimSignInAttempt({ db, email }: { db: Database; email: string }): Promise<AttemptClaim> {
  const { freeAttempts, firstCoolDownSeconds, longestCoolDownSeconds, forgetAfterSeconds } = ACCOUNT_THROTTLE;
  const coolDown = (hits: unknown) =>
    sql`(case when ${hits} < ${freeAttempts}::integer then 0
      else least(${firstCoolDownSeconds}::double precision * power(2, ${hits} - ${freeAttempts}::integer), ${longestCoolDownSeconds}::double precision)
      end * interval '1 second')`;
  const waiting = sql`${rateLimits.windowStartedAt} + ${coolDown(rateLimits.hits)} > now()`;
  const stale = sql`${rateLimits.windowStartedAt} <= now() - (${forgetAfterSeconds}::double precision * interval '1 second')`;
  const key = throttleKey(email);
  const letThrough = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // windowStartedAt holds the time of the last attempt let through; hits counts them.
      set: {
        hits: sql`case when ${stale} then 1 else least(${rateLimits.hits}, 1000) + 1 end`,
        windowStartedAt: sql`now()`,
      },
      setWhere: sql`${stale} or not ${waiting}`,
    })
    .returning({ key: rateLimits.key });
  if (letThrough.length > 0) return { allowed: true };

  const [row] = await db
    .select({
      retryAfterSeconds: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + ${coolDown(rateLimits.hits)} - now())))::integer`,
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return { allowed: false, retryAfterSeconds: Math.max(1, row?.retryAfterSeconds ?? 1) };
}

/** A correct password: the account's count starts again from zero. */
export async function clearSignInAttempts({ db, email }: { db: Database; email: string }): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, throttleKey(email)));
}
