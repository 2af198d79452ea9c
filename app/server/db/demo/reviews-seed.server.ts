import { inArray, sql } from "drizzle-orm";
import { refreshRankingPrior } from "../../catalog/ranking.server";
import type { Database } from "../client.server";
import { profiles, reviewHelpfulMarks, tools, toolVotes, users } from "../schema.server";
import { DEMO_REVIEWERS, demoHelpfulMarkers, demoVotes } from "./reviews.server";
import { DAY_MS } from "~/lib/utc-weeks";

/**
 * Writes the demo's members, votes, reviews and helpful marks (demo/reviews.server.ts) on the tools
 * this seeding run added, then the tools' aggregates and the ranking prior, so "Top rated" and every
 * card read the demo's ratings from the first start (decision 056).
 */
export async function seedDemoReviews(tx: Database, toolIds: string[], now: number): Promise<void> {
  if (toolIds.length === 0) return;
  const day = DAY_MS;
  await tx
    .insert(users)
    .values(
      DEMO_REVIEWERS.map((reviewer) => ({
        email: reviewer.email,
        emailVerified: true,
        createdAt: new Date(now - 120 * day),
      })),
    )
    .onConflictDoNothing({ target: users.email });
  const members = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_REVIEWERS.map((reviewer) => reviewer.email),
      ),
    );
  const memberIds = new Map(members.map((member) => [member.email, member.id]));
  const idOf = (reviewer: number) => memberIds.get(DEMO_REVIEWERS[reviewer]!.email)!;
  for (const reviewer of DEMO_REVIEWERS) {
    await tx
      .update(profiles)
      .set({ displayName: reviewer.displayName })
      .where(sql`${profiles.id} = ${memberIds.get(reviewer.email)!} and ${profiles.displayName} is null`);
  }

  const toolRows = await tx.select({ id: tools.id, slug: tools.slug }).from(tools).where(inArray(tools.id, toolIds));
  const toolIdOf = new Map(toolRows.map((tool) => [tool.slug, tool.id]));
  const votes = demoVotes.filter((vote) => toolIdOf.has(vote.slug));
  if (votes.length === 0) return;
  const inserted = await tx
    .insert(toolVotes)
    .values(
      votes.map((vote) => {
        const at = new Date(now - vote.daysAgo * day);
        return {
          toolId: toolIdOf.get(vote.slug)!,
          userId: idOf(vote.reviewer),
          rating: vote.rating,
          review: vote.review?.text ?? null,
          usedFor: vote.review?.usedFor ?? null,
          reviewedAt: vote.review ? at : null,
          createdAt: at,
          updatedAt: at,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: toolVotes.id, toolId: toolVotes.toolId, userId: toolVotes.userId });
  const voteIdOf = new Map(inserted.map((row) => [`${row.toolId}:${row.userId}`, row.id]));
  const marks = votes.flatMap((vote) => {
    const voteId = voteIdOf.get(`${toolIdOf.get(vote.slug)}:${idOf(vote.reviewer)}`);
    return voteId ? demoHelpfulMarkers(vote).map((marker) => ({ voteId, userId: idOf(marker) })) : [];
  });
  if (marks.length > 0) await tx.insert(reviewHelpfulMarks).values(marks).onConflictDoNothing();

  // The aggregates recordVote keeps, then the prior and every score from the new mean (decision 056).
  const voted = [...new Set(votes.map((vote) => toolIdOf.get(vote.slug)!))];
  await tx
    .update(tools)
    .set({
      rating: sql`(select round(avg(v.rating), 2) from tool_votes as v where v.tool_id = ${tools.id})`,
      voteCount: sql`(select count(*) from tool_votes as v where v.tool_id = ${tools.id})`,
    })
    .where(inArray(tools.id, voted));
  await refreshRankingPrior({ db: tx });
}
