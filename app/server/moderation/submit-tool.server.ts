import net from "node:net";
import { and, eq, ilike } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { SubmissionDraftState } from "~/lib/members";
import {
  isLocalHostName,
  normalizeDomain,
  SUBMISSION_MESSAGES,
  submissionSchema,
  type SubmissionInput,
} from "~/lib/submissions";
import { fieldErrorsOf } from "~/lib/form-fields";
import type { Database } from "../db/client.server";
import { containsPattern } from "../db/like-patterns.server";
import { toolSubmissions, tools, users } from "../db/schema.server";
import { logger } from "../logger.server";
import { refusedRange } from "../outbound/address-policy.server";
import { enforceRateLimit, RATE_LIMITS } from "../security/rate-limit-rules.server";

/** A confirmed member suggests a website at /submit (issue 15, decision 078). */

export type SubmitResult =
  /** Stored (or, for a filled honeypot, answered as if stored: `submissionId` is then null). */
  | { status: "submitted"; submissionId: string | null; draftState: SubmissionDraftState }
  | { status: "invalid"; fieldErrors: Record<string, string> }
  /** Listed already (`href`: the tool's page) or waiting for review (`href` null). */
  | { status: "duplicate"; message: string; href: string | null };

/** Whether a submitted host can only be on the submitter's machine or network. */
function isPrivateHost(domain: string): boolean {
  const literal = domain.startsWith("[") ? domain.slice(1, -1) : domain;
  // The outbound guard's own classification: the ranges a server-side request may never reach.
  if (net.isIP(literal)) return refusedRange(literal) !== null;
  return isLocalHostName(domain);
}

/** The listed tool whose website has this domain, if any. */
async function listedToolWithDomain(db: Database, domain: string) {
  // The ILIKE narrows the rows cheaply; the shared rule decides, so "example.com" never matches "myexample.com".
  const candidates = await db
    .select({ slug: tools.slug, website: tools.website })
    .from(tools)
    .where(ilike(tools.website, containsPattern(domain)))
    .limit(200);
  return candidates.find((tool) => tool.website !== null && normalizeDomain(tool.website) === domain) ?? null;
}

async function pendingWithDomain(db: Database, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: toolSubmissions.id })
    .from(toolSubmissions)
    .where(and(eq(toolSubmissions.domain, domain), eq(toolSubmissions.status, "pending")))
    .limit(1);
  return row !== undefined;
}

const alreadySuggested = (): SubmitResult => ({
  status: "duplicate",
  message: SUBMISSION_MESSAGES.alreadySuggested,
  href: null,
});

/** Whether the member confirmed their email address: only confirmed members may submit. */
export async function isConfirmedMember({ db, userId }: { db: Database; userId: string }): Promise<boolean> {
  const [member] = await db.select({ confirmed: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return member?.confirmed === true;
}

/**
 * Stores a member's suggestion. Refuses (AppError) an unconfirmed member (403) and a fourth
 * submission in 24 hours (429); answers invalid fields, private addresses and duplicates with
 * the reason. `honeypotFilled`: the hidden field was filled, so the answer is the ordinary
 * success and nothing is stored. `drafting`: the research assistant is configured, so the new
 * submission waits for the background draft.
 */
export async function submitTool({
  db,
  userId,
  input,
  honeypotFilled,
  drafting,
}: {
  db: Database;
  userId: string;
  input: SubmissionInput;
  honeypotFilled: boolean;
  drafting: boolean;
}): Promise<SubmitResult> {
  if (!(await isConfirmedMember({ db, userId }))) throw new AppError("forbidden", SUBMISSION_MESSAGES.unconfirmed);

  const parsed = submissionSchema.safeParse(input);
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  const submission = parsed.data;
  const domain = normalizeDomain(submission.website)!;
  if (isPrivateHost(domain)) return { status: "invalid", fieldErrors: { website: SUBMISSION_MESSAGES.websitePrivate } };

  const listed = await listedToolWithDomain(db, domain);
  if (listed)
    return {
      status: "duplicate",
      message: SUBMISSION_MESSAGES.alreadyListed,
      href: `/tool/${encodeURIComponent(listed.slug)}`,
    };
  if (await pendingWithDomain(db, domain)) return alreadySuggested();

  // Counted only for a submission that would be stored: a typo or a duplicate costs no slot.
  const refusal = await enforceRateLimit({ db, rule: RATE_LIMITS.submission, subject: userId });
  if (refusal) throw refusal;

  const draftState: SubmissionDraftState = drafting ? "queued" : "off";
  if (honeypotFilled) {
    logger.info({ userId, domain }, "a submission with its honeypot filled was answered and dropped");
    return { status: "submitted", submissionId: null, draftState };
  }

  // Two members racing with one site: the partial unique index lets one in, the other is told it waits.
  const [row] = await db
    .insert(toolSubmissions)
    .values({ userId, domain, draftState, ...submission })
    .onConflictDoNothing()
    .returning({ id: toolSubmissions.id });
  if (!row) return alreadySuggested();
  return { status: "submitted", submissionId: row.id, draftState };
}
