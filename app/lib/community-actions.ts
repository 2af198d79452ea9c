import type { ActionResult } from "./action-result";

/** Everything the tool page's action does: the spec's vote and comment, then issue 15's changes. */
export const COMMUNITY_INTENTS = [
  "vote",
  "comment",
  "edit-comment",
  "delete-comment",
  "report-comment",
  "report-listing",
  "hide-comment",
  "restore-comment",
  "moderate-delete-comment",
  "delete-review",
  "mark-helpful",
  "report-review",
  "hide-review",
  "restore-review",
] as const;
export type CommunityIntent = (typeof COMMUNITY_INTENTS)[number];

/** The intents only an administrator may post. */
export const MODERATOR_INTENTS = [
  "hide-comment",
  "restore-comment",
  "moderate-delete-comment",
  "hide-review",
  "restore-review",
] as const;

/** The intents of a review's own buttons (a review is written with the vote). */
export const REVIEW_INTENTS = [
  "delete-review",
  "mark-helpful",
  "report-review",
  "hide-review",
  "restore-review",
] as const;

export function isReviewIntent(intent: CommunityIntent): boolean {
  return (REVIEW_INTENTS as readonly CommunityIntent[]).includes(intent);
}

export function parseCommunityIntent(value: unknown): CommunityIntent | null {
  return COMMUNITY_INTENTS.find((intent) => intent === value) ?? null;
}

export function isModeratorIntent(intent: CommunityIntent): boolean {
  return (MODERATOR_INTENTS as readonly CommunityIntent[]).includes(intent);
}

/** The intent an answer of the tool page's action is about: its `form` (every answer to a known intent names it). */
export function answeredIntent(result: ActionResult<unknown>): CommunityIntent | null {
  return parseCommunityIntent(result.form);
}

type Toast = { title: string; description: string };

/** Spec section 8: the toasts of votes and comments, title and text. */
export const COMMUNITY_TOASTS = {
  voteSignIn: { title: "Authentication required", description: "Please sign in to vote for tools" },
  voteFailed: { title: "Error", description: "Failed to record your vote. Please try again." },
  voteRecorded: { title: "Vote recorded", description: "Thank you for your feedback!" },
  commentSignIn: { title: "Authentication required", description: "Please sign in to comment" },
  commentFailed: { title: "Error", description: "Failed to post your comment. Please try again." },
  commentPosted: { title: "Comment posted", description: "Your comment has been posted successfully!" },
} as const;

const MODERATOR_SIGN_IN = "Please sign in as an administrator to moderate comments";
const REVIEW_MODERATOR_SIGN_IN = "Please sign in as an administrator to moderate reviews";

/** Issue 15's actions on the tool page, in the spec's manner: what success, failure and signing in say. */
const MEMBER_ACTION_TEXTS: Record<
  Exclude<CommunityIntent, "vote" | "comment">,
  {
    done: Toast;
    failed: string;
    signIn: string;
  }
> = {
  "edit-comment": {
    done: { title: "Comment updated", description: "Your changes have been saved." },
    failed: "Failed to save your changes. Please try again.",
    signIn: "Please sign in to edit your comment",
  },
  "delete-comment": {
    done: { title: "Comment deleted", description: "Your comment has been deleted." },
    failed: "Failed to delete your comment. Please try again.",
    signIn: "Please sign in to delete your comment",
  },
  "report-comment": {
    done: { title: "Report sent", description: "Thank you. An administrator will review this comment." },
    failed: "Failed to send your report. Please try again.",
    signIn: "Please sign in to report a comment",
  },
  "report-listing": {
    done: { title: "Report sent", description: "Thank you. An administrator will look into it." },
    failed: "Failed to send your report. Please try again.",
    signIn: "Please sign in to report a problem",
  },
  "hide-comment": {
    done: { title: "Comment hidden", description: "Only its author and administrators can see it now." },
    failed: "Failed to hide the comment. Please try again.",
    signIn: MODERATOR_SIGN_IN,
  },
  "restore-comment": {
    done: { title: "Comment restored", description: "Everyone can see it again." },
    failed: "Failed to restore the comment. Please try again.",
    signIn: MODERATOR_SIGN_IN,
  },
  "moderate-delete-comment": {
    done: { title: "Comment deleted", description: "The comment has been deleted." },
    failed: "Failed to delete the comment. Please try again.",
    signIn: MODERATOR_SIGN_IN,
  },
  "delete-review": {
    done: { title: "Review deleted", description: "Your review has been deleted. Your star rating stays." },
    failed: "Failed to delete your review. Please try again.",
    signIn: "Please sign in to delete your review",
  },
  "mark-helpful": {
    done: { title: "Marked helpful", description: "Thank you. Your mark helps others find useful reviews." },
    failed: "Failed to mark the review helpful. Please try again.",
    signIn: "Please sign in to mark a review helpful",
  },
  "report-review": {
    done: { title: "Report sent", description: "Thank you. An administrator will review it." },
    failed: "Failed to send your report. Please try again.",
    signIn: "Please sign in to report a review",
  },
  "hide-review": {
    done: { title: "Review hidden", description: "Only its author and administrators can see it now." },
    failed: "Failed to hide the review. Please try again.",
    signIn: REVIEW_MODERATOR_SIGN_IN,
  },
  "restore-review": {
    done: { title: "Review restored", description: "Everyone can see it again." },
    failed: "Failed to restore the review. Please try again.",
    signIn: REVIEW_MODERATOR_SIGN_IN,
  },
};

/** The prompt a signed-out visitor gets for an intent. */
export function signInPrompt(intent: CommunityIntent): Toast {
  if (intent === "vote") return COMMUNITY_TOASTS.voteSignIn;
  if (intent === "comment") return COMMUNITY_TOASTS.commentSignIn;
  return { title: "Authentication required", description: MEMBER_ACTION_TEXTS[intent].signIn };
}

/** What an unexpected failure (an outage, the network) says for an intent. */
export function failedText(intent: CommunityIntent): string {
  if (intent === "vote") return COMMUNITY_TOASTS.voteFailed.description;
  if (intent === "comment") return COMMUNITY_TOASTS.commentFailed.description;
  return MEMBER_ACTION_TEXTS[intent].failed;
}

/** The toast of a successful action. */
export function successToast(intent: CommunityIntent): Toast {
  if (intent === "vote") return COMMUNITY_TOASTS.voteRecorded;
  if (intent === "comment") return COMMUNITY_TOASTS.commentPosted;
  return MEMBER_ACTION_TEXTS[intent].done;
}

/** The visitor is signed out: the page prompts them to sign in instead of showing an error. */
export const needsSignIn = (result: ActionResult<unknown>) => result.code === "unauthorized";

/**
 * The toast of a failed action. A vote's or comment's is always the spec's title and text; a
 * refusal that is the person's to act on (too many attempts, a rating or text we cannot take) adds
 * its own sentence after it. The newer actions say the refusal itself ("You have already reported
 * this comment."), since "please try again" would be wrong there. An outage or a network failure
 * adds nothing.
 */
export function failureToast(result: ActionResult<unknown>): Toast {
  const intent = answeredIntent(result);
  // Only a post the page does not make (an unknown intent) names none: its own sentence, then.
  if (!intent) return { title: "Error", description: result.formError ?? "" };
  const generic = failedText(intent);
  if (intent === "vote" || intent === "comment") {
    const explained =
      (result.code === "rate-limited" || result.code === "bad-request" || result.code === "forbidden") &&
      result.formError;
    return { title: "Error", description: explained ? `${generic} ${result.formError}` : generic };
  }
  const refusal = result.code !== undefined && result.code !== "internal" && result.code !== "unavailable";
  return { title: "Error", description: refusal && result.formError ? result.formError : generic };
}

/** The tool page's address parameter that opens a comment's edit box: a link, so it works without JavaScript. */
export const EDIT_COMMENT_PARAM = "edit";
