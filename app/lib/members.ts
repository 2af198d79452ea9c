/**
 * The rules of members, comments, submissions and reports (issue 15), shared by the database's
 * checks, the server's validation and the forms.
 */

/** 3-30 letters, digits, "-", "_" or "."; unique whatever the letter case. */
export const DISPLAY_NAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;
export const DISPLAY_NAME_MIN = 3;
export const DISPLAY_NAME_MAX = 30;

/** Longest comment accepted, in UTF-16 code units: what a textarea's maxLength counts. */
export const COMMENT_MAX_LENGTH = 2000;

/** A comment can be edited this long after it was posted; deleting one's own has no limit. */
export const COMMENT_EDIT_WINDOW_MS = 15 * 60_000;

/** Optional notes on a report or a submission, and an admin's reason for a rejection. */
export const REPORT_NOTE_MAX = 500;
export const SUBMISSION_NOTE_MAX = 1000;
export const DECISION_REASON_MAX = 1000;
export const SUBMISSION_NAME_MAX = 100;
export const SUBMISSION_URL_MAX = 2048;

export const COMMENT_REPORT_REASONS = ["spam", "abuse", "off-topic", "other"] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];
export const COMMENT_REPORT_REASON_LABELS: Record<CommentReportReason, string> = {
  spam: "Spam",
  abuse: "Abuse",
  "off-topic": "Off-topic",
  other: "Other",
};

export const LISTING_REPORT_REASONS = ["wrong-information", "dead-link", "duplicate", "spam", "other"] as const;
export type ListingReportReason = (typeof LISTING_REPORT_REASONS)[number];
export const LISTING_REPORT_REASON_LABELS: Record<ListingReportReason, string> = {
  "wrong-information": "Wrong information",
  "dead-link": "Dead link",
  duplicate: "Duplicate",
  spam: "Spam",
  other: "Other",
};

export const SUBMISSION_STATUSES = ["pending", "approved", "rejected"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

/**
 * The research assistant's draft of a submission: "off" when no assistant is configured, "queued"
 * until the background job has run, then "drafted" or "failed".
 */
export const SUBMISSION_DRAFT_STATES = ["off", "queued", "drafted", "failed"] as const;
export type SubmissionDraftState = (typeof SUBMISSION_DRAFT_STATES)[number];

/** Every decision the moderation log records. */
export const MODERATION_ACTIONS = [
  "comment-hidden",
  "comment-restored",
  "comment-deleted",
  "comment-reports-dismissed",
  "listing-reports-resolved",
  "submission-approved",
  "submission-rejected",
  "review-hidden",
  "review-restored",
  "review-reports-dismissed",
  "votes-discounted",
  "vote-burst-dismissed",
  "maker-revoked",
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** SQL list of a const array's values, for the database's check constraints. */
export function sqlValueList(values: readonly string[]): string {
  return values.map((value) => `'${value}'`).join(", ");
}
