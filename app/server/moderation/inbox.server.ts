import { and, asc, eq, inArray, isNull, min, sql, type AnyColumn } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { AppError } from "~/lib/app-error";
import type { CommentReportReason, ListingReportReason } from "~/lib/members";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import {
  commentReports,
  comments,
  listingReports,
  profiles,
  reviewReports,
  tools,
  toolMakers,
  toolSubmissions,
  toolVotes,
  voteBursts,
} from "../db/schema.server";
import { recordModerationAction, type Moderator } from "./moderation-log.server";

/**
 * The moderation inbox (issue 15, decision 079): what waits for an administrator, pending
 * submissions, reported comments and reported listings, read from the tables directly and grouped
 * per comment and per tool, plus the one decision that belongs to the inbox alone: resolving a
 * listing's reports. The other decisions are the comment moderation and submission functions.
 */

export type InboxCounts = {
  submissions: number;
  reportedComments: number;
  reportedListings: number;
  reportedReviews: number;
  /** Bursts of new accounts' votes (decision 175). */
  voteBursts: number;
  /** Members' claims to be a tool's maker that wait for an administrator (decision 176). */
  makerClaims: number;
  total: number;
};

/** What waits, for the admin navigation and the dashboard: one statement of index reads (the partial indexes). */
export async function countInbox({ db }: { db: Database }): Promise<InboxCounts> {
  const [row] = await db
    .select({
      submissions: sql<number>`(select count(*) from ${toolSubmissions} where ${toolSubmissions.status} = 'pending')::int`,
      reportedComments: sql<number>`(select count(distinct ${commentReports.commentId}) from ${commentReports} where ${commentReports.resolvedAt} is null)::int`,
      reportedListings: sql<number>`(select count(distinct ${listingReports.toolId}) from ${listingReports} where ${listingReports.resolvedAt} is null)::int`,
      reportedReviews: sql<number>`(select count(distinct ${reviewReports.voteId}) from ${reviewReports} where ${reviewReports.resolvedAt} is null)::int`,
      voteBursts: sql<number>`(select count(*) from ${voteBursts} where ${voteBursts.status} = 'open')::int`,
      makerClaims: sql<number>`(select count(*) from ${toolMakers} where ${toolMakers.status} = 'pending')::int`,
    })
    .from(sql`(select 1) as one`);
  const counts = {
    submissions: row?.submissions ?? 0,
    reportedComments: row?.reportedComments ?? 0,
    reportedListings: row?.reportedListings ?? 0,
    reportedReviews: row?.reportedReviews ?? 0,
    voteBursts: row?.voteBursts ?? 0,
    makerClaims: row?.makerClaims ?? 0,
  };
  return { ...counts, total: Object.values(counts).reduce((sum, value) => sum + value, 0) };
}

/** One report as the inbox lists it: why, the reporter's note, who and when. */
export type ReportLine<Reason extends string> = {
  reason: Reason;
  note: string | null;
  reporterName: string | null;
  createdAt: Date;
};

/** How many open reports gave each reason, most given first. */
export type ReasonCount<Reason extends string> = { reason: Reason; count: number };

function reasonCounts<Reason extends string>(reports: readonly ReportLine<Reason>[]): ReasonCount<Reason>[] {
  const counts = new Map<Reason, number>();
  for (const report of reports) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  return [...counts].map(([reason, value]) => ({ reason, count: value })).sort((a, b) => b.count - a.count);
}

/** The public name the site shows for a member (display name, else username); null for none. */
export const nameOf = (table: { displayName: AnyColumn; username: AnyColumn }) =>
  sql<string | null>`coalesce(${table.displayName}, nullif(btrim(${table.username}), ''))`;

/** The reporters' profiles, beside the comment author's. */
const reporterProfiles = () => alias(profiles, "reporter_profiles");

export type ReportedComment = {
  id: string;
  content: string;
  hidden: boolean;
  createdAt: Date;
  tool: { id: string; name: string; slug: string };
  authorName: string | null;
  reportCount: number;
  reasons: ReasonCount<CommentReportReason>[];
  reports: ReportLine<CommentReportReason>[];
};

/** Comments with open reports, the longest-waiting first, each with its reports and their reasons counted. */
export async function listReportedComments({
  db,
  limit = 50,
}: {
  db: Database;
  limit?: number;
}): Promise<ReportedComment[]> {
  const waiting = await db
    .select({ commentId: commentReports.commentId, since: min(commentReports.createdAt) })
    .from(commentReports)
    .where(isNull(commentReports.resolvedAt))
    .groupBy(commentReports.commentId)
    .orderBy(asc(min(commentReports.createdAt)), asc(commentReports.commentId))
    .limit(limit);
  if (waiting.length === 0) return [];
  const ids = waiting.map((row) => row.commentId);
  const reporter = reporterProfiles();
  const [commentRows, reportRows] = await Promise.all([
    db
      .select({
        id: comments.id,
        content: comments.content,
        hiddenAt: comments.hiddenAt,
        createdAt: comments.createdAt,
        toolId: tools.id,
        toolName: tools.name,
        toolSlug: tools.slug,
        authorName: nameOf(profiles),
      })
      .from(comments)
      .innerJoin(tools, eq(tools.id, comments.toolId))
      .leftJoin(profiles, eq(profiles.id, comments.userId))
      .where(inArray(comments.id, ids)),
    db
      .select({
        commentId: commentReports.commentId,
        reason: commentReports.reason,
        note: commentReports.note,
        createdAt: commentReports.createdAt,
        reporterName: nameOf(reporter),
      })
      .from(commentReports)
      .leftJoin(reporter, eq(reporter.id, commentReports.reporterId))
      .where(and(inArray(commentReports.commentId, ids), isNull(commentReports.resolvedAt)))
      .orderBy(asc(commentReports.createdAt), asc(commentReports.id)),
  ]);
  const byId = new Map(commentRows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const comment = byId.get(id);
    if (!comment) return [];
    const reports = reportRows
      .filter((row) => row.commentId === id)
      .map(({ commentId: _commentId, ...report }) => report);
    return [
      {
        id,
        content: comment.content,
        hidden: comment.hiddenAt !== null,
        createdAt: comment.createdAt,
        tool: { id: comment.toolId, name: comment.toolName, slug: comment.toolSlug },
        authorName: comment.authorName,
        reportCount: reports.length,
        reasons: reasonCounts(reports),
        reports,
      },
    ];
  });
}

export type ReportedListing = {
  tool: { id: string; name: string; slug: string };
  reportCount: number;
  reasons: ReasonCount<ListingReportReason>[];
  reports: ReportLine<ListingReportReason>[];
};

/** Tools with open listing reports, the longest-waiting first, each with its reports and their reasons counted. */
export async function listReportedListings({
  db,
  limit = 50,
}: {
  db: Database;
  limit?: number;
}): Promise<ReportedListing[]> {
  const waiting = await db
    .select({ toolId: listingReports.toolId, name: tools.name, slug: tools.slug })
    .from(listingReports)
    .innerJoin(tools, eq(tools.id, listingReports.toolId))
    .where(isNull(listingReports.resolvedAt))
    .groupBy(listingReports.toolId, tools.name, tools.slug)
    .orderBy(asc(min(listingReports.createdAt)), asc(listingReports.toolId))
    .limit(limit);
  if (waiting.length === 0) return [];
  const reporter = reporterProfiles();
  const reportRows = await db
    .select({
      toolId: listingReports.toolId,
      reason: listingReports.reason,
      note: listingReports.note,
      createdAt: listingReports.createdAt,
      reporterName: nameOf(reporter),
    })
    .from(listingReports)
    .leftJoin(reporter, eq(reporter.id, listingReports.reporterId))
    .where(
      and(
        inArray(
          listingReports.toolId,
          waiting.map((row) => row.toolId),
        ),
        isNull(listingReports.resolvedAt),
      ),
    )
    .orderBy(asc(listingReports.createdAt), asc(listingReports.id));
  return waiting.map((tool) => {
    const reports = reportRows
      .filter((row) => row.toolId === tool.toolId)
      .map(({ toolId: _toolId, ...report }) => report);
    return {
      tool: { id: tool.toolId, name: tool.name, slug: tool.slug },
      reportCount: reports.length,
      reasons: reasonCounts(reports),
      reports,
    };
  });
}

export type ReportedReview = {
  id: string;
  review: string;
  rating: number;
  hidden: boolean;
  tool: { id: string; name: string; slug: string };
  authorName: string | null;
  reportCount: number;
  reasons: ReasonCount<CommentReportReason>[];
  reports: ReportLine<CommentReportReason>[];
};

/** Reviews with open reports, the longest-waiting first, each with its reports (issue 33: the comments' way). */
export async function listReportedReviews({
  db,
  limit = 50,
}: {
  db: Database;
  limit?: number;
}): Promise<ReportedReview[]> {
  const reporter = reporterProfiles();
  const reportRows = await db
    .select({
      voteId: reviewReports.voteId,
      reason: reviewReports.reason,
      note: reviewReports.note,
      createdAt: reviewReports.createdAt,
      reporterName: nameOf(reporter),
    })
    .from(reviewReports)
    .leftJoin(reporter, eq(reporter.id, reviewReports.reporterId))
    .where(isNull(reviewReports.resolvedAt))
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id))
    .limit(limit * 10);
  const ids = [...new Set(reportRows.map((row) => row.voteId))].slice(0, limit);
  if (ids.length === 0) return [];
  const reviewRows = await db
    .select({
      id: toolVotes.id,
      review: toolVotes.review,
      rating: toolVotes.rating,
      hiddenAt: toolVotes.reviewHiddenAt,
      toolId: tools.id,
      toolName: tools.name,
      toolSlug: tools.slug,
      authorName: nameOf(profiles),
    })
    .from(toolVotes)
    .innerJoin(tools, eq(tools.id, toolVotes.toolId))
    .leftJoin(profiles, eq(profiles.id, toolVotes.userId))
    .where(inArray(toolVotes.id, ids));
  const byId = new Map(reviewRows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row?.review) return [];
    const reports = reportRows.filter((report) => report.voteId === id).map(({ voteId: _voteId, ...report }) => report);
    return [
      {
        id,
        review: row.review,
        rating: row.rating,
        hidden: row.hiddenAt !== null,
        tool: { id: row.toolId, name: row.toolName, slug: row.toolSlug },
        authorName: row.authorName,
        reportCount: reports.length,
        reasons: reasonCounts(reports),
        reports,
      },
    ];
  });
}

export const NO_OPEN_LISTING_REPORTS_MESSAGE =
  "This listing has no open reports: someone may have resolved them already.";

/**
 * Marks every open report of a tool's listing resolved by this administrator and logs it, in one
 * transaction. The listing itself is edited, if need be, in the tool form. Refused (409) when
 * nothing is open, so a second click says so rather than logging twice.
 */
export async function resolveListingReports({
  db,
  toolId,
  moderator,
}: {
  db: Database;
  toolId: string;
  moderator: Moderator;
}): Promise<{ toolName: string; resolved: number }> {
  if (!isUuid(toolId)) throw new AppError("not-found", "Tool not found");
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .select({ id: tools.id, name: tools.name })
      .from(tools)
      .where(eq(tools.id, toolId.toLowerCase()))
      .limit(1);
    if (!tool) throw new AppError("not-found", "Tool not found");
    const resolved = await tx
      .update(listingReports)
      .set({ resolvedAt: sql`now()`, resolvedBy: moderator.id })
      .where(and(eq(listingReports.toolId, tool.id), isNull(listingReports.resolvedAt)))
      .returning({ id: listingReports.id });
    if (resolved.length === 0) throw new AppError("conflict", NO_OPEN_LISTING_REPORTS_MESSAGE);
    await recordModerationAction({
      db: tx,
      action: "listing-reports-resolved",
      subjectId: tool.id,
      summary: `${tool.name}: ${resolved.length} ${resolved.length === 1 ? "report" : "reports"} resolved`,
      moderator,
    });
    return { toolName: tool.name, resolved: resolved.length };
  });
}
