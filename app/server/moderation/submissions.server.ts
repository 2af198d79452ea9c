/**
 * Tool submissions (issue 15, decision 078): a confirmed member suggests a website at /submit; the
 * research assistant, when configured, drafts the entry in the background; an administrator opens
 * the draft in the tool form and publishes it (which approves the submission) or rejects it with a
 * reason. Each decision is logged and mailed to the member.
 *
 * One job per file (decision 120); this module keeps the older import path working.
 */
export { isConfirmedMember, submitTool, type SubmitResult } from "./submit-tool.server";
export {
  findSubmissionForForm,
  listPendingSubmissions,
  listSubmissionsForMember,
  type MemberSubmission,
  type PendingSubmission,
  type SubmissionForForm,
} from "./submission-reads.server";
export { approveSubmission, rejectSubmission, type ApproveResult } from "./submission-decisions.server";
export { draftQueuedSubmissions, type DraftCounts } from "./submission-drafts.server";
