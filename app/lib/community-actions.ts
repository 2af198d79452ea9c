import type { AppErrorCode } from "./app-error";

/**
 * What the tool page's action answers to a vote or a comment: `{ intent, ok: true }`, or an error
 * body (`{ error, code }`, see app-error.ts) with the intent it answers. The page turns it into toasts.
 */
export type CommunityActionData = {
  intent: "vote" | "comment";
  ok?: boolean;
  error?: string;
  code?: AppErrorCode;
};

/** Spec section 8: the toasts of votes and comments, title and text. */
export const COMMUNITY_TOASTS = {
  voteSignIn: { title: "Authentication required", description: "Please sign in to vote for tools" },
  voteFailed: { title: "Error", description: "Failed to record your vote. Please try again." },
  voteRecorded: { title: "Vote recorded", description: "Thank you for your feedback!" },
  commentSignIn: { title: "Authentication required", description: "Please sign in to comment" },
  commentFailed: { title: "Error", description: "Failed to post your comment. Please try again." },
  commentPosted: { title: "Comment posted", description: "Your comment has been posted successfully!" },
} as const;

/** The visitor is signed out: the page prompts them to sign in instead of showing an error. */
export const needsSignIn = (result: CommunityActionData) => result.code === "unauthorized";

/**
 * The toast of a failed vote or comment: always the spec's title and text. A refusal that is the
 * person's to act on (too many attempts, a rating or text we cannot take) adds its own sentence
 * after it; an outage or a network failure adds nothing.
 */
export function failureToast(result: CommunityActionData): { title: string; description: string } {
  const spec = result.intent === "vote" ? COMMUNITY_TOASTS.voteFailed : COMMUNITY_TOASTS.commentFailed;
  const explained = (result.code === "rate-limited" || result.code === "bad-request") && result.error;
  return { title: spec.title, description: explained ? `${spec.description} ${result.error}` : spec.description };
}
