import { AppError } from "~/lib/app-error";
import type { Database } from "../db/client.server";
import { consumeRateLimit } from "./rate-limit.server";

export type RateLimitRule = { name: string; limit: number; windowMs: number };

const MINUTE = 60_000;

/** Per client address for sign-in and sign-up; per user for votes, saves, comments and research runs. */
export const RATE_LIMITS = {
  signIn: { name: "sign-in", limit: 20, windowMs: 10 * MINUTE },
  signUp: { name: "sign-up", limit: 10, windowMs: 60 * MINUTE },
  vote: { name: "vote", limit: 60, windowMs: MINUTE },
  /** Saving and removing a saved tool: as cheap and as often clicked as a vote. */
  save: { name: "save", limit: 60, windowMs: MINUTE },
  comment: { name: "comment", limit: 10, windowMs: 10 * MINUTE },
  adminSetup: { name: "admin-setup", limit: 10, windowMs: 10 * MINUTE },
  /** Each run spends search and model credits: 30 an hour per administrator is generous by hand. */
  research: { name: "research", limit: 30, windowMs: 60 * MINUTE },
  /** "Fetch logo from website" per administrator (decision 103): each run makes up to seven requests to a site. */
  logoFetch: { name: "logo-fetch", limit: 30, windowMs: 10 * MINUTE },
  /** "Forgot password?" requests per client address: each may send a mail. */
  passwordReset: { name: "password-reset", limit: 10, windowMs: 60 * MINUTE },
  /**
   * Reset mails per address, whoever asks: a mailbox is not flooded from many addresses. Past it the
   * answer is the same and no mail goes (the page never says whether an address is registered).
   */
  passwordResetMail: { name: "password-reset-mail", limit: 3, windowMs: 60 * MINUTE },
  /** Editing, deleting and reporting comments, per member: a person moderates their words slowly. */
  commentChange: { name: "comment-change", limit: 30, windowMs: 10 * MINUTE },
  /** Reports of comments and listings, per member: enough for a real problem, too few for a campaign. */
  report: { name: "report", limit: 20, windowMs: 60 * MINUTE },
  /** Tool submissions, per member (issue 15): three a day. */
  submission: { name: "submission", limit: 3, windowMs: 24 * 60 * MINUTE },
  /** Claims and checks of a tool's website for the maker's token, per member: each check is a request to a site. */
  makerCheck: { name: "maker-check", limit: 10, windowMs: 10 * MINUTE },
  /** A verified maker's proposed edits, per member: each waits for an administrator. */
  makerProposal: { name: "maker-proposal", limit: 10, windowMs: 60 * MINUTE },
  /** Account changes (name, avatar, email, password, deletion), per member: each may send mail or hash a password. */
  accountChange: { name: "account-change", limit: 10, windowMs: 60 * MINUTE },
  /** MCP requests per client address: an assistant's search makes a few calls, a scraper many. */
  mcp: { name: "mcp", limit: 120, windowMs: MINUTE },
  /** The public read API, per client address (decision 064): a page a second, with room for bursts. */
  api: { name: "api", limit: 300, windowMs: 5 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** The rule for a POST under /api/auth, by its path there (/sign-in/email, /sign-up/email, ...). */
export function authRateLimitRule(authPath: string): RateLimitRule | undefined {
  if (authPath.startsWith("/sign-up")) return RATE_LIMITS.signUp;
  // Sending mail on request is as abusable as signing up.
  if (authPath.startsWith("/send-verification-email") || authPath.startsWith("/request-password-reset"))
    return RATE_LIMITS.signUp;
  if (authPath.startsWith("/sign-in")) return RATE_LIMITS.signIn;
  return undefined;
}

function waitText(seconds: number) {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : minutes === 1 ? "a minute" : `${minutes} minutes`;
}

/** The refusal every 429 shows, with the wait its Retry-After header gives. */
export function tooManyAttemptsMessage(retryAfterSeconds: number) {
  return `Too many attempts. Please try again in ${waitText(retryAfterSeconds)}.`;
}

/**
 * Counts one attempt; returns the refusal (a 429 AppError carrying Retry-After) when the subject is
 * over the rule's limit, for the caller to throw or answer with.
 */
export async function enforceRateLimit({
  db,
  rule,
  subject,
}: {
  db: Database;
  rule: RateLimitRule;
  subject: string;
}): Promise<AppError | null> {
  const outcome = await consumeRateLimit({
    db,
    key: `${rule.name}:${subject}`,
    limit: rule.limit,
    windowMs: rule.windowMs,
  });
  if (outcome.allowed) return null;
  const retryAfterSeconds = Math.max(1, outcome.retryAfterSeconds);
  return new AppError("rate-limited", tooManyAttemptsMessage(retryAfterSeconds), {
    headers: { "Retry-After": String(retryAfterSeconds) },
  });
}
