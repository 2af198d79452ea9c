/**
 * Which votes count in the ranking (issue 33, decision 174). The displayed average and vote count
 * are every vote's; "Top rated" and relevance tie-breaks count only votes from accounts at least
 * VOTE_MATURITY_HOURS old whose email is confirmed, never a discounted vote.
 */
export const VOTE_MATURITY_HOURS = 24;

/**
 * A burst (decision 175): VOTE_BURST_VOTES or more votes on one tool within VOTE_BURST_HOURS from
 * new accounts (younger than a day or unconfirmed when they voted) open one "Needs attention" item
 * in the admin inbox. Its votes stay out of the ranking until an administrator decides.
 */
export const VOTE_BURST_VOTES = 10;
export const VOTE_BURST_HOURS = 24;

/** An item's life: open until an administrator discounts its votes or lets them count. */
export const VOTE_BURST_STATUSES = ["open", "discounted", "dismissed"] as const;
export type VoteBurstStatus = (typeof VOTE_BURST_STATUSES)[number];
