import type { CommunityIntent } from "~/lib/community-actions";
import type { Viewer } from "../auth/viewer.server";
import type { Database } from "../db/client.server";
import {
  deleteCommentAsModerator,
  hideComment,
  moderatorFrom,
  restoreComment,
} from "../moderation/comment-moderation.server";
import { reportComment, reportListing } from "../moderation/reports.server";
import { enforceRateLimit, RATE_LIMITS, type RateLimitRule } from "../security/rate-limit-rules.server";
import { addComment, deleteOwnComment, editOwnComment } from "./comments.server";
import { recordVote } from "./votes.server";

type ActionInput = { db: Database; viewer: Viewer; toolId: string; form: FormData };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * Each intent's rate limit (per member; none for an administrator's decisions, which are few and
 * logged), whether it changes what cached public pages show, and the write itself. The write
 * validates its own input and throws AppErrors the page answers with.
 */
const TOOL_PAGE_ACTIONS: Record<
  CommunityIntent,
  { rule: RateLimitRule | null; changesPublicPages: boolean; perform(input: ActionInput): Promise<unknown> }
> = {
  vote: {
    rule: RATE_LIMITS.vote,
    // Ratings show on cached lists and pages.
    changesPublicPages: true,
    perform: ({ db, viewer, toolId, form }) =>
      recordVote({ db, userId: viewer.id, toolId, rating: Number(form.get("rating") ?? NaN) }),
  },
  comment: {
    rule: RATE_LIMITS.comment,
    changesPublicPages: true,
    perform: ({ db, viewer, toolId, form }) =>
      addComment({ db, userId: viewer.id, toolId, content: field(form, "content") }),
  },
  "edit-comment": {
    rule: RATE_LIMITS.commentChange,
    changesPublicPages: true,
    perform: ({ db, viewer, form }) =>
      editOwnComment({ db, userId: viewer.id, commentId: field(form, "commentId"), content: field(form, "content") }),
  },
  "delete-comment": {
    rule: RATE_LIMITS.commentChange,
    changesPublicPages: true,
    perform: ({ db, viewer, form }) => deleteOwnComment({ db, userId: viewer.id, commentId: field(form, "commentId") }),
  },
  "report-comment": {
    rule: RATE_LIMITS.report,
    // A report reaches the administrators only: the page reads the same.
    changesPublicPages: false,
    perform: ({ db, viewer, form }) =>
      reportComment({
        db,
        reporterId: viewer.id,
        commentId: field(form, "commentId"),
        reason: field(form, "reason"),
        note: field(form, "note"),
      }),
  },
  "report-listing": {
    rule: RATE_LIMITS.report,
    changesPublicPages: false,
    perform: ({ db, viewer, toolId, form }) =>
      reportListing({ db, reporterId: viewer.id, toolId, reason: field(form, "reason"), note: field(form, "note") }),
  },
  "hide-comment": {
    rule: null,
    changesPublicPages: true,
    perform: ({ db, viewer, form }) =>
      hideComment({ db, commentId: field(form, "commentId"), moderator: moderatorFrom(viewer) }),
  },
  "restore-comment": {
    rule: null,
    changesPublicPages: true,
    perform: ({ db, viewer, form }) =>
      restoreComment({ db, commentId: field(form, "commentId"), moderator: moderatorFrom(viewer) }),
  },
  "moderate-delete-comment": {
    rule: null,
    changesPublicPages: true,
    perform: ({ db, viewer, form }) =>
      deleteCommentAsModerator({ db, commentId: field(form, "commentId"), moderator: moderatorFrom(viewer) }),
  },
};

/**
 * Runs one of the tool page's actions for a signed-in viewer whose role the caller has checked:
 * the rate limit first (a refusal is thrown as a 429 AppError), then the write. Says whether
 * public pages must be dropped from the cache.
 */
export async function runToolPageAction(
  intent: CommunityIntent,
  input: ActionInput,
): Promise<{ changesPublicPages: boolean }> {
  const { rule, changesPublicPages, perform } = TOOL_PAGE_ACTIONS[intent];
  if (rule) {
    const refusal = await enforceRateLimit({ db: input.db, rule, subject: input.viewer.id });
    if (refusal) throw refusal;
  }
  await perform(input);
  return { changesPublicPages };
}
