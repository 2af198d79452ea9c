import type { ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import {
  COMMUNITY_INTENTS,
  failedText,
  isModeratorIntent,
  parseCommunityIntent,
  signInPrompt,
  type CommunityIntent,
} from "~/lib/community-actions";
import { reviewFieldsSchema } from "~/lib/reviews-schema";
import { isUuid } from "~/lib/slugify";
import { ADMIN_REQUIRED_MESSAGE } from "../auth/guards.server";
import type { Viewer } from "../auth/viewer.server";
import { memberTag, toolTag } from "../cache/page-tags.server";
import { findToolByIdentifier } from "../catalog/tools.server";
import type { Database } from "../db/client.server";
import {
  deleteCommentAsModerator,
  hideComment,
  moderatorFrom,
  restoreComment,
} from "../moderation/comment-moderation.server";
import { reportComment, reportListing } from "../moderation/reports.server";
import { hideReview, restoreReview } from "../moderation/review-moderation.server";
import { intent as intentStep, stringField as field } from "../http/action-pipeline.server";
import { RATE_LIMITS, type RateLimitRule } from "../security/rate-limit-rules.server";
import { addComment, deleteOwnComment, editOwnComment } from "./comments.server";
import { parsedOrRefused } from "./parsed-or-refused.server";
import { deleteOwnReview, markReviewHelpful, reportReview } from "./reviews.server";
import { recordVote, TOOL_NOT_FOUND_MESSAGE } from "./votes.server";

type ActionInput = { db: Database; viewer: Viewer; toolId: string; form: FormData };

/**
 * Each intent's rate limit (per member; none for an administrator's decisions, which are few and
 * logged), whether it changes what cached public pages show, and the write itself. The write
 * validates its own input and throws AppErrors the pipeline answers with.
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
      recordVote({
        db,
        userId: viewer.id,
        toolId,
        rating: Number(form.get("rating") ?? NaN),
        // Issue 33: the vote form's optional review; blank fields leave the vote's review as it was.
        review: parsedOrRefused(reviewFieldsSchema, { review: field(form, "review"), usedFor: field(form, "usedFor") }),
      }),
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
  "delete-review": {
    rule: RATE_LIMITS.commentChange,
    changesPublicPages: true,
    perform: ({ db, viewer, toolId }) => deleteOwnReview({ db, userId: viewer.id, toolId }),
  },
  "mark-helpful": {
    rule: RATE_LIMITS.vote,
    // The helpful counts, and so the "Most helpful" order, are public.
    changesPublicPages: true,
    perform: ({ db, viewer, toolId, form }) =>
      markReviewHelpful({ db, userId: viewer.id, toolId, voteId: field(form, "reviewId") }),
  },
  "hide-review": {
    rule: null,
    changesPublicPages: true,
    perform: ({ db, viewer, toolId, form }) =>
      hideReview({ db, toolId, voteId: field(form, "reviewId"), moderator: moderatorFrom(viewer) }),
  },
  "restore-review": {
    rule: null,
    changesPublicPages: true,
    perform: ({ db, viewer, toolId, form }) =>
      restoreReview({ db, toolId, voteId: field(form, "reviewId"), moderator: moderatorFrom(viewer) }),
  },
  "report-review": {
    rule: RATE_LIMITS.report,
    changesPublicPages: false,
    perform: ({ db, viewer, toolId, form }) =>
      reportReview({
        db,
        reporterId: viewer.id,
        toolId,
        voteId: field(form, "reviewId"),
        reason: field(form, "reason"),
        note: field(form, "note"),
      }),
  },
};

/**
 * One intent as a step of the page's action (decision 116). Every failure is answered, not thrown
 * (decisions 076 and 077), so the page stays and shows its toast: a signed-out visitor is refused
 * with the intent's sign-in prompt (401), a member posting an administrator's intent with 403, a
 * tool that is gone with 404; the pipeline answers a rate limit (429) and logs an outage, answered
 * with the intent's own failure text. Success answers `{ ok: true, form: intent }` and marks the
 * tool's pages and the member's profile stale when public pages changed (decision 096).
 */
function toolPageStep(intent: CommunityIntent) {
  const { rule, changesPublicPages, perform } = TOOL_PAGE_ACTIONS[intent];
  return intentStep({
    failure: failedText(intent),
    rateLimit: ({ viewer }) => (rule && viewer ? { rule, subject: viewer.id } : null),
    async run({ params, context, viewer, form, purge }): Promise<ActionResult> {
      if (!viewer) throw new AppError("unauthorized", signInPrompt(intent).description);
      if (isModeratorIntent(intent) && !viewer.isAdmin) throw new AppError("forbidden", ADMIN_REQUIRED_MESSAGE);
      const found = await findToolByIdentifier({ db: context.db, identifier: params.id ?? "" });
      if (!found) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
      await perform({ db: context.db, viewer, toolId: found.tool.id, form });
      if (changesPublicPages) purge([toolTag(found.tool.id), memberTag(viewer.id)]);
      return { ok: true, form: intent };
    },
  });
}

/** The tool page's action's steps, one per intent (app/routes/tool.tsx runs them through defineIntents). */
export const TOOL_PAGE_INTENTS = Object.fromEntries(
  COMMUNITY_INTENTS.map((intent) => [intent, toolPageStep(intent)]),
) as Record<CommunityIntent, ReturnType<typeof toolPageStep>>;

/** Which form an answer is about: the intent, when it is one of the page's. */
export function toolPageFormId(form: FormData): CommunityIntent | undefined {
  return parseCommunityIntent(form.get("intent")) ?? undefined;
}

/** What a failure gives back: the comment it was about, so a page posted without JavaScript can say so beside it. */
export function toolPageEcho(form: FormData): { commentId: string } | undefined {
  const commentId = form.get("commentId");
  return typeof commentId === "string" && isUuid(commentId) ? { commentId } : undefined;
}
