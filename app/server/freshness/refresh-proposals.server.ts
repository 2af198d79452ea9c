/**
 * AI refresh proposals (issue 14), one file per job (decision 120): the refresh job, the values it
 * proposes, the review queue and the administrator's decisions. Callers may import those modules
 * directly; this one keeps the older import path working.
 */
export {
  DEFAULT_REFRESH_BATCH_SIZE,
  NO_PAGES_MESSAGE,
  runRefresh,
  type RefreshCounts,
  type RefreshOutcome,
} from "./refresh-job.server";
export {
  countPendingProposals,
  getProposal,
  listPendingProposals,
  PROPOSALS_PAGE_SIZE,
  type ProposalFieldView,
  type ProposalPage,
  type ProposalView,
} from "./proposal-review.server";
export { decideProposalFields, type DecisionOutcome, type FieldDecision } from "./proposal-decisions.server";
