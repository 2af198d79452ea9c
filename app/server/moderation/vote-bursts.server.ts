import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { profiles, tools, toolVotes, users, voteBursts } from "../db/schema.server";
import { countMaturedVotes } from "../community/vote-trust.server";
import { nameOf } from "./inbox.server";
import { recordModerationAction, type Moderator } from "./moderation-log.server";

/**
 * The inbox's "Needs attention" items (decision 175): bursts of votes on one tool from new
 * accounts, and the two decisions on them, each in one transaction with its log row: discount
 * the votes (kept, never counted) or let them count like any other vote once their accounts mature.
 */

/** One vote of a burst as the administrator reads it: the voter's public name, and their email (admins only). */
export type BurstVote = {
  id: string;
  rating: number;
  createdAt: Date;
  voterName: string | null;
  email: string;
  accountCreatedAt: Date;
  emailConfirmed: boolean;
};

export type VoteBurst = {
  id: string;
  createdAt: Date;
  tool: { id: string; name: string; slug: string };
  votes: BurstVote[];
};

/** Open bursts, the oldest first, each with its votes in the order they came. */
export async function listOpenVoteBursts({ db, limit = 20 }: { db: Database; limit?: number }): Promise<VoteBurst[]> {
  const bursts = await db
    .select({
      id: voteBursts.id,
      createdAt: voteBursts.createdAt,
      toolId: tools.id,
      name: tools.name,
      slug: tools.slug,
    })
    .from(voteBursts)
    .innerJoin(tools, eq(tools.id, voteBursts.toolId))
    .where(eq(voteBursts.status, "open"))
    .orderBy(asc(voteBursts.createdAt), asc(voteBursts.id))
    .limit(limit);
  if (bursts.length === 0) return [];
  const votes = await db
    .select({
      burstId: toolVotes.burstId,
      id: toolVotes.id,
      rating: toolVotes.rating,
      createdAt: toolVotes.createdAt,
      voterName: nameOf(profiles),
      email: users.email,
      accountCreatedAt: users.createdAt,
      emailConfirmed: users.emailVerified,
    })
    .from(toolVotes)
    .innerJoin(users, eq(users.id, toolVotes.userId))
    .leftJoin(profiles, eq(profiles.id, toolVotes.userId))
    .where(
      inArray(
        toolVotes.burstId,
        bursts.map((burst) => burst.id),
      ),
    )
    .orderBy(asc(toolVotes.createdAt), asc(toolVotes.id));
  return bursts.map((burst) => ({
    id: burst.id,
    createdAt: burst.createdAt,
    tool: { id: burst.toolId, name: burst.name, slug: burst.slug },
    votes: votes.filter((vote) => vote.burstId === burst.id).map(({ burstId: _burstId, ...vote }) => vote),
  }));
}

export const NO_OPEN_BURST_MESSAGE = "These votes were already decided on: someone may have acted on them already.";

/**
 * Locks the burst's tool (the lock every vote on it takes first) and the open burst, or refuses
 * (404 unknown, 409 already decided).
 */
async function lockOpenBurst(tx: Database, burstId: string) {
  if (!isUuid(burstId)) throw new AppError("not-found", "Item not found");
  const [found] = await tx.select({ toolId: voteBursts.toolId }).from(voteBursts).where(eq(voteBursts.id, burstId));
  if (!found) throw new AppError("not-found", "Item not found");
  const [tool] = await tx
    .select({ id: tools.id, name: tools.name })
    .from(tools)
    .where(eq(tools.id, found.toolId))
    .for("no key update");
  const [burst] = await tx
    .select({ id: voteBursts.id })
    .from(voteBursts)
    .where(and(eq(voteBursts.id, burstId), eq(voteBursts.status, "open")))
    .for("update");
  if (!tool || !burst) throw new AppError("conflict", NO_OPEN_BURST_MESSAGE);
  return tool;
}

const votesPhrase = (n: number) => `${n} ${n === 1 ? "vote" : "votes"} from new accounts`;

/**
 * Discounts every vote of an open burst: kept (the displayed average and count are every vote's),
 * never counted in the ranking, even after the accounts mature; the tool is re-scored and the
 * decision logged, all in one transaction.
 */
export async function discountBurstVotes({
  db,
  burstId,
  moderator,
}: {
  db: Database;
  burstId: string;
  moderator: Moderator;
}): Promise<{ toolId: string; toolName: string; discounted: number }> {
  return db.transaction(async (tx) => {
    const tool = await lockOpenBurst(tx, burstId);
    const discounted = await tx
      .update(toolVotes)
      .set({ discountedAt: sql`now()`, counted: false })
      .where(eq(toolVotes.burstId, burstId))
      .returning({ id: toolVotes.id });
    await tx
      .update(voteBursts)
      .set({ status: "discounted", decidedAt: sql`now()`, decidedBy: moderator.id })
      .where(eq(voteBursts.id, burstId));
    // Naming rating fires the score trigger, which now leaves these votes out.
    await tx
      .update(tools)
      .set({ rating: sql`${tools.rating}` })
      .where(eq(tools.id, tool.id));
    await recordModerationAction({
      db: tx,
      action: "votes-discounted",
      subjectId: tool.id,
      summary: `${tool.name}: ${votesPhrase(discounted.length)} discounted`,
      moderator,
    });
    return { toolId: tool.id, toolName: tool.name, discounted: discounted.length };
  });
}

/**
 * Closes a burst as harmless: its votes count like any other once their accounts are a day old
 * and confirmed (those already are count now).
 */
export async function dismissVoteBurst({
  db,
  burstId,
  moderator,
}: {
  db: Database;
  burstId: string;
  moderator: Moderator;
}): Promise<{ toolId: string; toolName: string; votes: number }> {
  return db.transaction(async (tx) => {
    const tool = await lockOpenBurst(tx, burstId);
    await tx
      .update(voteBursts)
      .set({ status: "dismissed", decidedAt: sql`now()`, decidedBy: moderator.id })
      .where(eq(voteBursts.id, burstId));
    const [votes] = await tx.select({ value: count() }).from(toolVotes).where(eq(toolVotes.burstId, burstId));
    await countMaturedVotes({ db: tx });
    await recordModerationAction({
      db: tx,
      action: "vote-burst-dismissed",
      subjectId: tool.id,
      summary: `${tool.name}: ${votesPhrase(votes?.value ?? 0)} left to count`,
      moderator,
    });
    return { toolId: tool.id, toolName: tool.name, votes: votes?.value ?? 0 };
  });
}
