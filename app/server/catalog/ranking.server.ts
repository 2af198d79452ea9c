import { eq, sql } from "drizzle-orm";
import { DEFAULT_PRIOR_MEAN, RANKING_PRIOR_VOTES } from "~/lib/ranking";
import type { Database } from "../db/client.server";
import { rankingPrior, toolVotes, tools } from "../db/schema.server";
import { logger } from "../logger.server";

/** How far the catalogue's mean vote may drift from the stored prior before every score is recomputed. */
export const PRIOR_DRIFT_TOLERANCE = 0.05;

/** The mean of the votes the ranking counts (decision 174): a burst of new accounts cannot move it. */
async function currentMeanVote(db: Database): Promise<number> {
  const [row] = await db
    .select({ mean: sql<number | null>`avg(${toolVotes.rating})::double precision` })
    .from(toolVotes)
    .where(eq(toolVotes.counted, true));
  return row?.mean ?? DEFAULT_PRIOR_MEAN;
}

export type RankingPrior = { mean: number; weight: number };

export async function findRankingPrior({ db }: { db: Database }): Promise<RankingPrior | null> {
  const [row] = await db.select({ mean: rankingPrior.mean, weight: rankingPrior.weight }).from(rankingPrior);
  return row ?? null;
}

/**
 * Stores the catalogue's mean vote as the prior and re-scores every tool with it, in one
 * transaction (between refreshes the trigger scores each changed tool with the stored prior).
 */
export async function refreshRankingPrior({ db }: { db: Database }): Promise<RankingPrior> {
  return db.transaction(async (tx) => {
    const prior = { mean: await currentMeanVote(tx), weight: RANKING_PRIOR_VOTES };
    await tx
      .insert(rankingPrior)
      .values({ id: true, ...prior })
      .onConflictDoUpdate({ target: rankingPrior.id, set: { ...prior, computedAt: sql`now()` } });
    // Naming rating in the SET list fires the scoring trigger for every tool: the formula lives
    // in that trigger alone.
    await tx.update(tools).set({ rating: sql`${tools.rating}` });
    return prior;
  });
}

/**
 * At start-up: re-scores the catalogue only when the mean vote has moved away from the stored
 * prior (or m changed), so a restart of a large catalogue normally costs one aggregate query.
 */
export async function refreshRankingPriorIfDrifted({ db }: { db: Database }): Promise<boolean> {
  const [stored, mean] = await Promise.all([findRankingPrior({ db }), currentMeanVote(db)]);
  if (stored && stored.weight === RANKING_PRIOR_VOTES && Math.abs(stored.mean - mean) <= PRIOR_DRIFT_TOLERANCE) {
    return false;
  }
  const prior = await refreshRankingPrior({ db });
  logger.info({ mean: prior.mean, weight: prior.weight }, "ranking scores refreshed with the catalogue's mean vote");
  return true;
}
