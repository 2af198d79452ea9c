import { and, eq, isNull, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { CommentReportReason, ListingReportReason } from "~/lib/members";
import { commentReportSchema, listingReportSchema } from "~/lib/reports";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { commentReports, comments, listingReports, tools } from "../db/schema.server";
import { parsedOrRefused } from "../community/parsed-or-refused.server";
import { TOOL_NOT_FOUND_MESSAGE } from "../community/votes.server";
import { COMMENT_NOT_FOUND_MESSAGE } from "./comment-moderation.server";

export const ALREADY_REPORTED_COMMENT_MESSAGE = "You have already reported this comment.";
export const OWN_COMMENT_REPORT_MESSAGE = "You cannot report your own comment. You can edit or delete it instead.";
export const ALREADY_REPORTED_LISTING_MESSAGE =
  "You have already reported this problem with this tool. An administrator will look at it.";

/**
 * Reports a comment to the administrators, once per member per comment (the table's unique key
 * decides, so two posts at once still make one report). A member cannot report their own comment;
 * a hidden or deleted one is "not found", as it is for them on the page.
 */
export async function reportComment({
  db,
  reporterId,
  commentId,
  reason,
  note,
}: {
  db: Database;
  reporterId: string;
  commentId: string;
  reason: CommentReportReason | string;
  note?: string | null;
}): Promise<{ id: string }> {
  const report = parsedOrRefused(commentReportSchema, { reason, note: note ?? undefined });
  if (!isUuid(commentId)) throw new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    // Key share: the comment cannot be deleted before the insert's foreign key sees it.
    const [comment] = await tx
      .select({ userId: comments.userId, hiddenAt: comments.hiddenAt })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for("key share");
    if (!comment || comment.hiddenAt !== null) throw new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
    if (comment.userId === reporterId) throw new AppError("forbidden", OWN_COMMENT_REPORT_MESSAGE);
    const [created] = await tx
      .insert(commentReports)
      .values({ commentId, reporterId, reason: report.reason, note: report.note })
      .onConflictDoNothing({ target: [commentReports.commentId, commentReports.reporterId] })
      .returning({ id: commentReports.id });
    if (!created) throw new AppError("conflict", ALREADY_REPORTED_COMMENT_MESSAGE);
    return created;
  });
}

/**
 * Reports a problem with a tool's listing. A member has at most one open report per tool and
 * reason: repeating it adds nothing the administrator does not already have, while a different
 * reason, or the same one after the first was resolved, is a new report.
 */
export async function reportListing({
  db,
  reporterId,
  toolId,
  reason,
  note,
}: {
  db: Database;
  reporterId: string;
  toolId: string;
  reason: ListingReportReason | string;
  note?: string | null;
}): Promise<{ id: string }> {
  const report = parsedOrRefused(listingReportSchema, { reason, note: note ?? undefined });
  if (!isUuid(toolId)) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("key share");
    if (!tool) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
    // No unique index can say "one open report per member, tool and reason", so the member's
    // reports of this tool take turns: the check below and the insert are one step.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`listing-report:${toolId}:${reporterId}`}, 0))`,
    );
    const [open] = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(
        and(
          eq(listingReports.toolId, toolId),
          eq(listingReports.reporterId, reporterId),
          eq(listingReports.reason, report.reason),
          isNull(listingReports.resolvedAt),
        ),
      )
      .limit(1);
    if (open) throw new AppError("conflict", ALREADY_REPORTED_LISTING_MESSAGE);
    const [created] = await tx
      .insert(listingReports)
      .values({ toolId, reporterId, reason: report.reason, note: report.note })
      .returning({ id: listingReports.id });
    return created!;
  });
}
