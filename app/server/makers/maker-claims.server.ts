import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { MAKER_MESSAGES, verifySlug } from "~/lib/makers";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { profiles, toolMakers, tools } from "../db/schema.server";
import { env } from "../env.server";
import type { OutboundClient } from "../outbound/guarded-fetch.server";
import { recordModerationAction, type Moderator } from "../moderation/moderation-log.server";
import { findTokenOnWebsite } from "./website-token.server";
import { publicNameSql } from "../members/public-name-sql.server";

/**
 * A member's claim to make a tool (decision 176): started with a token the member serves on the
 * tool's website, verified when this server finds it there (through the outbound guard), or when an
 * administrator approves the claim from the inbox. Only a verified claim makes a maker.
 */

export type Claim = typeof toolMakers.$inferSelect;

/** The site's slug for the token's file and meta tag (SITE_NAME "Aitlas": "aitlas"). */
export const siteVerifySlug = () => verifySlug(env.SITE_NAME);

function newToken(slug: string): string {
  return `${slug}-${randomBytes(18).toString("base64url")}`;
}

/** The member's claim on a tool, if any. */
export async function findClaim({
  db,
  toolId,
  userId,
}: {
  db: Database;
  toolId: string;
  userId: string;
}): Promise<Claim | null> {
  const [claim] = await db
    .select()
    .from(toolMakers)
    .where(and(eq(toolMakers.toolId, toolId), eq(toolMakers.userId, userId)));
  return claim ?? null;
}

/** Starts (or returns) the member's claim: the token they are to serve. */
export async function startClaim({
  db,
  toolId,
  userId,
}: {
  db: Database;
  toolId: string;
  userId: string;
}): Promise<Claim> {
  await db
    .insert(toolMakers)
    .values({ toolId, userId, token: newToken(siteVerifySlug()) })
    .onConflictDoNothing({ target: [toolMakers.toolId, toolMakers.userId] });
  return (await findClaim({ db, toolId, userId }))!;
}

export type CheckOutcome = { verified: true; method: "file" | "meta" } | { verified: false; reason: string };

/**
 * Looks for the member's token on the tool's website: the file first, then the home page's meta
 * tag. Found: the claim is verified. Not found: the reason is kept on the claim and returned.
 */
export async function checkClaim({
  db,
  toolId,
  userId,
  client,
}: {
  db: Database;
  toolId: string;
  userId: string;
  client?: OutboundClient;
}): Promise<CheckOutcome> {
  const claim = await findClaim({ db, toolId, userId });
  if (!claim) throw new AppError("bad-request", MAKER_MESSAGES.noClaim);
  if (claim.status === "verified") return { verified: true, method: claim.method === "meta" ? "meta" : "file" };
  const [tool] = await db.select({ website: tools.website }).from(tools).where(eq(tools.id, toolId));
  if (!tool?.website) throw new AppError("bad-request", MAKER_MESSAGES.noWebsite);
  const found = await findTokenOnWebsite({ website: tool.website, token: claim.token, slug: siteVerifySlug(), client });
  if (!found.found) {
    await db
      .update(toolMakers)
      .set({ lastFailure: found.reason, updatedAt: sql`now()` })
      .where(eq(toolMakers.id, claim.id));
    return { verified: false, reason: found.reason };
  }
  await db
    .update(toolMakers)
    .set({ status: "verified", method: found.method, verifiedAt: sql`now()`, lastFailure: null, updatedAt: sql`now()` })
    .where(eq(toolMakers.id, claim.id));
  return { verified: true, method: found.method };
}

/** The member's note to the administrators, kept on the pending claim (the inbox lists every pending one). */
export async function noteClaim({
  db,
  toolId,
  userId,
  note,
}: {
  db: Database;
  toolId: string;
  userId: string;
  note: string;
}): Promise<void> {
  const claim = await findClaim({ db, toolId, userId });
  if (!claim) throw new AppError("bad-request", MAKER_MESSAGES.noClaim);
  if (claim.status === "verified") throw new AppError("conflict", MAKER_MESSAGES.alreadyVerified);
  await db
    .update(toolMakers)
    .set({ note: note || null, updatedAt: sql`now()` })
    .where(eq(toolMakers.id, claim.id));
}

export type PendingClaim = {
  id: string;
  tool: { id: string; name: string; slug: string; website: string | null };
  memberName: string | null;
  note: string | null;
  lastFailure: string | null;
  createdAt: Date;
};

/** Claims waiting for an administrator, oldest first (the inbox's list). */
export async function listPendingClaims({ db, limit = 50 }: { db: Database; limit?: number }): Promise<PendingClaim[]> {
  const rows = await db
    .select({
      id: toolMakers.id,
      toolId: tools.id,
      toolName: tools.name,
      toolSlug: tools.slug,
      website: tools.website,
      memberName: publicNameSql(),
      note: toolMakers.note,
      lastFailure: toolMakers.lastFailure,
      createdAt: toolMakers.createdAt,
    })
    .from(toolMakers)
    .innerJoin(tools, eq(tools.id, toolMakers.toolId))
    .leftJoin(profiles, eq(profiles.id, toolMakers.userId))
    .where(eq(toolMakers.status, "pending"))
    .orderBy(asc(toolMakers.createdAt), asc(toolMakers.id))
    .limit(limit);
  return rows.map(({ toolId, toolName, toolSlug, website, ...row }) => ({
    ...row,
    tool: { id: toolId, name: toolName, slug: toolSlug, website },
  }));
}

/** An administrator's decision on a pending claim: approved makes a maker; rejected removes the claim. */
export async function decideClaim({
  db,
  claimId,
  approve,
  adminId,
}: {
  db: Database;
  claimId: string;
  approve: boolean;
  adminId: string;
}): Promise<{ toolId: string; userId: string; toolName: string; memberName: string }> {
  if (!isUuid(claimId)) throw new AppError("not-found", MAKER_MESSAGES.claimNotFound);
  const [claim] = await db
    .select({
      id: toolMakers.id,
      toolId: toolMakers.toolId,
      userId: toolMakers.userId,
      status: toolMakers.status,
      toolName: tools.name,
      memberName: publicNameSql(),
    })
    .from(toolMakers)
    .innerJoin(tools, eq(tools.id, toolMakers.toolId))
    .leftJoin(profiles, eq(profiles.id, toolMakers.userId))
    .where(eq(toolMakers.id, claimId));
  if (!claim || claim.status !== "pending") throw new AppError("not-found", MAKER_MESSAGES.claimNotFound);
  if (approve) {
    await db
      .update(toolMakers)
      .set({ status: "verified", method: "admin", verifiedAt: sql`now()`, verifiedBy: adminId, updatedAt: sql`now()` })
      .where(and(eq(toolMakers.id, claim.id), eq(toolMakers.status, "pending")));
  } else {
    await db.delete(toolMakers).where(and(eq(toolMakers.id, claim.id), eq(toolMakers.status, "pending")));
  }
  return {
    toolId: claim.toolId,
    userId: claim.userId,
    toolName: claim.toolName,
    memberName: claim.memberName ?? "The member",
  };
}

export type VerifiedMaker = {
  id: string;
  memberName: string | null;
  method: "file" | "meta" | "admin" | null;
  verifiedAt: Date | null;
};

/** A listing's verified makers, first verified first (the admin's tool page, to revoke one). */
export async function listVerifiedMakers({ db, toolId }: { db: Database; toolId: string }): Promise<VerifiedMaker[]> {
  return db
    .select({
      id: toolMakers.id,
      memberName: publicNameSql(),
      method: toolMakers.method,
      verifiedAt: toolMakers.verifiedAt,
    })
    .from(toolMakers)
    .leftJoin(profiles, eq(profiles.id, toolMakers.userId))
    .where(and(eq(toolMakers.toolId, toolId), eq(toolMakers.status, "verified")))
    .orderBy(asc(toolMakers.verifiedAt), asc(toolMakers.id));
}

/**
 * An administrator takes a listing's maker status back (a website sold, an approval made in error): the
 * badge leaves the listing and the member's comments, the figures and proposals are no longer theirs to
 * see or make, and the decision is logged. The member may claim again, proving control afresh.
 */
export async function revokeMaker({
  db,
  toolId,
  makerId,
  moderator,
}: {
  db: Database;
  toolId: string;
  makerId: string;
  moderator: Moderator;
}): Promise<{ userId: string; toolName: string; memberName: string }> {
  // Not "not-found", which the tool form answers with its 404 page: the form stays, and says so.
  if (!isUuid(makerId)) throw new AppError("conflict", MAKER_MESSAGES.notAMaker);
  return db.transaction(async (tx) => {
    const [maker] = await tx
      .delete(toolMakers)
      .where(and(eq(toolMakers.id, makerId), eq(toolMakers.toolId, toolId), eq(toolMakers.status, "verified")))
      .returning({ userId: toolMakers.userId });
    if (!maker) throw new AppError("conflict", MAKER_MESSAGES.notAMaker);
    const [names] = await tx
      .select({
        toolName: tools.name,
        memberName: publicNameSql(),
      })
      .from(tools)
      .leftJoin(profiles, eq(profiles.id, maker.userId))
      .where(eq(tools.id, toolId));
    const memberName = names?.memberName ?? "The member";
    const toolName = names?.toolName ?? "the listing";
    await recordModerationAction({
      db: tx,
      action: "maker-revoked",
      subjectId: makerId,
      summary: `${toolName}: ${memberName}`,
      moderator,
    });
    return { userId: maker.userId, toolName, memberName };
  });
}
