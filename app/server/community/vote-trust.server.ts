import { and, eq, gt, inArray, isNull, not, sql } from "drizzle-orm";
import { VOTE_BURST_HOURS, VOTE_BURST_VOTES } from "~/lib/vote-trust";
import { rowsOf } from "../backup/database-tables.server";
import type { Database } from "../db/client.server";
import { toolVotes, voteBursts } from "../db/schema.server";

/**
 * Which votes count in the ranking (decision 174) and bursts of new accounts' votes (decision 175).
 * Whether a vote counts is the `counted` column: a trigger sets it when the vote is written (the
 * account is a day old and confirmed), count_matured_votes() turns it on once the account has
 * matured, a discount turns it off for good. The score trigger on tools reads only counted votes.
 */

/**
 * Called in the vote's transaction, the tool row locked, for a vote that does not count yet (its
 * account is younger than a day or unconfirmed): the vote joins the tool's open burst, or opens one
 * when it makes VOTE_BURST_VOTES such votes within VOTE_BURST_HOURS. Returns the burst's id, if any.
 */
export async function noteNewAccountVote({
  db,
  toolId,
  voteId,
}: {
  db: Database;
  toolId: string;
  voteId: string;
}): Promise<string | null> {
  const [open] = await db
    .select({ id: voteBursts.id })
    .from(voteBursts)
    .where(and(eq(voteBursts.toolId, toolId), eq(voteBursts.status, "open")));
  if (open) {
    await db.update(toolVotes).set({ burstId: open.id }).where(eq(toolVotes.id, voteId));
    return open.id;
  }
  const waiting = await db
    .select({ id: toolVotes.id })
    .from(toolVotes)
    .where(
      and(
        eq(toolVotes.toolId, toolId),
        not(toolVotes.counted),
        isNull(toolVotes.discountedAt),
        isNull(toolVotes.burstId),
        gt(toolVotes.createdAt, sql`now() - make_interval(hours => ${VOTE_BURST_HOURS})`),
      ),
    );
  if (waiting.length < VOTE_BURST_VOTES) return null;
  const [burst] = await db.insert(voteBursts).values({ toolId }).returning({ id: voteBursts.id });
  await db
    .update(toolVotes)
    .set({ burstId: burst!.id })
    .where(
      inArray(
        toolVotes.id,
        waiting.map((vote) => vote.id),
      ),
    );
  return burst!.id;
}

/**
 * Counts the votes whose accounts have matured since they voted, and re-scores only their tools
 * (the scheduled job with no user; confirmation runs the same for one user through a trigger on
 * users). Walks the partial index of waiting votes, so it stays cheap however large the catalogue.
 */
export async function countMaturedVotes({ db, userId = null }: { db: Database; userId?: string | null }) {
  // text[]: an array type both drivers parse.
  const [row] = await rowsOf<{ tool_ids: string[] }>(
    db,
    sql`select count_matured_votes(${userId}::uuid)::text[] as tool_ids`,
  );
  return { toolIds: row?.tool_ids ?? [] };
}
