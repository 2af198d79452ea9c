import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { alternativeVotes, tools } from "../db/schema.server";

export type AlternativeVoteChoice = "good" | "bad" | "clear";

/**
 * A member's word on whether `alternativeId` is a good alternative to `toolId` (decision 170): one
 * per member and pair; a second vote changes it, "clear" takes it back. Both tools must be listed
 * (a discontinued tool is no alternative) and differ.
 */
export async function recordAlternativeVote({
  db,
  userId,
  toolId,
  alternativeId,
  choice,
}: {
  db: Database;
  userId: string;
  toolId: string;
  alternativeId: string;
  choice: AlternativeVoteChoice;
}) {
  if (!isUuid(alternativeId)) throw new AppError("not-found", "Tool not found");
  if (toolId === alternativeId) throw new AppError("bad-request", "A tool cannot be its own alternative");
  const where = and(
    eq(alternativeVotes.toolId, toolId),
    eq(alternativeVotes.alternativeId, alternativeId),
    eq(alternativeVotes.userId, userId),
  );
  if (choice === "clear") {
    await db.delete(alternativeVotes).where(where);
    return;
  }
  const found = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(inArray(tools.id, [toolId, alternativeId]), isNull(tools.discontinuedAt)));
  if (found.length < 2) throw new AppError("not-found", "Tool not found");
  const good = choice === "good";
  await db
    .insert(alternativeVotes)
    .values({ toolId, alternativeId, userId, good })
    .onConflictDoUpdate({
      target: [alternativeVotes.toolId, alternativeVotes.alternativeId, alternativeVotes.userId],
      set: { good, updatedAt: sql`now()` },
    });
}
