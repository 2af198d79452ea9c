import net from "node:net";
import { and, asc, desc, eq, ilike, notInArray, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { SubmissionDraftState, SubmissionStatus } from "~/lib/members";
import { RESEARCH_MESSAGES } from "~/lib/research";
import { applyResearch } from "~/lib/research-apply";
import { isUuid } from "~/lib/slugify";
import {
  isLocalHostName,
  normalizeDomain,
  SUBMISSION_MESSAGES,
  submissionSchema,
  type SubmissionDraft,
  type SubmissionInput,
} from "~/lib/submissions";
import type { ToolFormData } from "~/lib/tool-form";
import { fieldErrorsOf } from "~/lib/form-fields";
import { listTags } from "../catalog/tags.server";
import { createTool, type Tool, type ToolWriteInvalid } from "../catalog/tool-admin.server";
import type { Database } from "../db/client.server";
import { containsPattern } from "../db/like-patterns.server";
import { profiles, toolSubmissions, tools, users } from "../db/schema.server";
import { logger } from "../logger.server";
import type { Mailer, OutgoingMail } from "../mail/mailer.server";
import { refusedRange } from "../outbound/address-policy.server";
import { ResearchModelError } from "../research/model.server";
import { finishResearchRun, startResearchRun } from "../research/research-runs.server";
import type { ResearchService } from "../research/research-service.server";
import { enforceRateLimit, RATE_LIMITS } from "../security/rate-limit-rules.server";
import { recordModerationAction, type Moderator } from "./moderation-log.server";
import { submissionApprovedMail, submissionRejectedMail } from "./submission-mail.server";

/**
 * Tool submissions (issue 15, decision 078): a confirmed member suggests a website at /submit; the
 * research assistant, when configured, drafts the entry in the background; an administrator opens
 * the draft in the tool form and publishes it (which approves the submission) or rejects it with a
 * reason. Each decision is logged and mailed to the member.
 */

// --- Submitting ---

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

// --- Reading ---

export type MemberSubmission = {
  id: string;
  website: string;
  name: string;
  category: string | null;
  status: SubmissionStatus;
  draftState: SubmissionDraftState;
  decisionReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  /** The published tool's page, while it exists. */
  toolSlug: string | null;
};

/** A member's submissions, newest first (the user id index). */
export function listSubmissionsForMember({
  db,
  userId,
  limit = 100,
}: {
  db: Database;
  userId: string;
  limit?: number;
}): Promise<MemberSubmission[]> {
  return db
    .select({
      id: toolSubmissions.id,
      website: toolSubmissions.website,
      name: toolSubmissions.name,
      category: toolSubmissions.category,
      status: toolSubmissions.status,
      draftState: toolSubmissions.draftState,
      decisionReason: toolSubmissions.decisionReason,
      decidedAt: toolSubmissions.decidedAt,
      createdAt: toolSubmissions.createdAt,
      toolSlug: tools.slug,
    })
    .from(toolSubmissions)
    .leftJoin(tools, eq(tools.id, toolSubmissions.toolId))
    .where(eq(toolSubmissions.userId, userId))
    .orderBy(desc(toolSubmissions.createdAt), desc(toolSubmissions.id))
    .limit(limit);
}

export type PendingSubmission = {
  id: string;
  website: string;
  domain: string;
  name: string;
  category: string | null;
  note: string | null;
  draftState: SubmissionDraftState;
  draftError: string | null;
  createdAt: Date;
  /** The member's public name (display name, else username), and their address for the admin's eyes only. */
  submitterName: string | null;
  submitterEmail: string;
};

/** The public name the site shows for a member: the chosen display name, else the username. */
const publicName = sql<string | null>`coalesce(${profiles.displayName}, nullif(btrim(${profiles.username}), ''))`;

/** Submissions waiting for a decision, oldest first: the inbox works through them in order. */
export function listPendingSubmissions({
  db,
  limit = 50,
}: {
  db: Database;
  limit?: number;
}): Promise<PendingSubmission[]> {
  return db
    .select({
      id: toolSubmissions.id,
      website: toolSubmissions.website,
      domain: toolSubmissions.domain,
      name: toolSubmissions.name,
      category: toolSubmissions.category,
      note: toolSubmissions.note,
      draftState: toolSubmissions.draftState,
      draftError: toolSubmissions.draftError,
      createdAt: toolSubmissions.createdAt,
      submitterName: publicName,
      submitterEmail: users.email,
    })
    .from(toolSubmissions)
    .innerJoin(users, eq(users.id, toolSubmissions.userId))
    .leftJoin(profiles, eq(profiles.id, toolSubmissions.userId))
    .where(eq(toolSubmissions.status, "pending"))
    .orderBy(asc(toolSubmissions.createdAt), asc(toolSubmissions.id))
    .limit(limit);
}

export type SubmissionForForm = {
  id: string;
  status: SubmissionStatus;
  website: string;
  name: string;
  category: string | null;
  note: string | null;
  draftState: SubmissionDraftState;
  draft: Partial<SubmissionDraft> | null;
  submitterName: string | null;
};

/** One submission with its draft, for the tool form that publishes it; null when the id names none. */
export async function findSubmissionForForm({
  db,
  id,
}: {
  db: Database;
  id: string;
}): Promise<SubmissionForForm | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: toolSubmissions.id,
      status: toolSubmissions.status,
      website: toolSubmissions.website,
      name: toolSubmissions.name,
      category: toolSubmissions.category,
      note: toolSubmissions.note,
      draftState: toolSubmissions.draftState,
      draft: toolSubmissions.draft,
      submitterName: publicName,
    })
    .from(toolSubmissions)
    .leftJoin(profiles, eq(profiles.id, toolSubmissions.userId))
    .where(eq(toolSubmissions.id, id.toLowerCase()))
    .limit(1);
  return row ? { ...row, draft: row.draft as Partial<SubmissionDraft> | null } : null;
}

// --- Deciding ---

/** The submission locked for a decision, with the member to tell; refused unless it still waits. */
async function lockPending(tx: Database, submissionId: string) {
  if (!isUuid(submissionId)) throw new AppError("not-found", SUBMISSION_MESSAGES.notFound);
  const [row] = await tx
    .select({
      id: toolSubmissions.id,
      status: toolSubmissions.status,
      name: toolSubmissions.name,
      website: toolSubmissions.website,
      email: users.email,
    })
    .from(toolSubmissions)
    .innerJoin(users, eq(users.id, toolSubmissions.userId))
    .where(eq(toolSubmissions.id, submissionId.toLowerCase()))
    .for("update", { of: toolSubmissions });
  if (!row) throw new AppError("not-found", SUBMISSION_MESSAGES.notFound);
  if (row.status !== "pending") throw new AppError("conflict", SUBMISSION_MESSAGES.notPending);
  return row;
}

/** Writes the decision on the submission: which, by whom, now. */
async function recordDecision(
  tx: Database,
  submissionId: string,
  moderator: Moderator,
  decision: { status: "approved"; toolId: string } | { status: "rejected"; decisionReason: string },
) {
  await tx
    .update(toolSubmissions)
    .set({ ...decision, decidedBy: moderator.id, decidedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(toolSubmissions.id, submissionId));
}

/** Sends a decision's mail after the decision is committed; a mail that fails is logged, the decision stands. */
async function tellMember(mailer: Mailer, mail: OutgoingMail, submissionId: string): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch (error) {
    logger.warn({ err: error, submissionId }, "could not send a submission decision mail");
    return false;
  }
}

/** Thrown inside the transaction to undo it when the tool form's values are refused. */
class ToolRefused extends Error {
  constructor(readonly outcome: ToolWriteInvalid) {
    super("refused");
  }
}

export type ApproveResult = { status: "approved"; tool: Tool; mailed: boolean } | ToolWriteInvalid;

/**
 * Publishes a pending submission: creates the tool from the tool form's validated values, links
 * it, marks the submission approved by this administrator and logs it, all in one transaction;
 * then mails the member the tool's address. Refused (AppError 409) once decided; a form the
 * catalogue refuses (a taken slug) is answered like the tool form and decides nothing.
 */
export async function approveSubmission({
  db,
  mailer,
  siteUrl,
  submissionId,
  input,
  moderator,
}: {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  submissionId: string;
  input: ToolFormData;
  moderator: Moderator;
}): Promise<ApproveResult> {
  let decided: { tool: Tool; email: string };
  try {
    decided = await db.transaction(async (tx) => {
      const submission = await lockPending(tx, submissionId);
      const created = await createTool({ db: tx, input });
      if (created.status === "invalid") throw new ToolRefused(created);
      await recordDecision(tx, submission.id, moderator, { status: "approved", toolId: created.tool.id });
      await recordModerationAction({
        db: tx,
        action: "submission-approved",
        subjectId: submission.id,
        summary: `${created.tool.name} (${submission.website})`,
        moderator,
      });
      return { tool: created.tool, email: submission.email };
    });
  } catch (error) {
    if (error instanceof ToolRefused) return error.outcome;
    throw error;
  }
  const toolUrl = `${siteUrl}/tool/${encodeURIComponent(decided.tool.slug)}`;
  const mailed = await tellMember(
    mailer,
    { to: decided.email, ...submissionApprovedMail({ toolName: decided.tool.name, toolUrl }) },
    submissionId,
  );
  return { status: "approved", tool: decided.tool, mailed };
}

/**
 * Turns a pending submission down with the administrator's reason (validated by the caller),
 * logged with who and when, then mailed to the member. Refused (AppError 409) once decided.
 */
export async function rejectSubmission({
  db,
  mailer,
  siteUrl,
  submissionId,
  reason,
  moderator,
}: {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  submissionId: string;
  reason: string;
  moderator: Moderator;
}): Promise<{ name: string; mailed: boolean }> {
  const submission = await db.transaction(async (tx) => {
    const pending = await lockPending(tx, submissionId);
    await recordDecision(tx, pending.id, moderator, { status: "rejected", decisionReason: reason });
    await recordModerationAction({
      db: tx,
      action: "submission-rejected",
      subjectId: pending.id,
      summary: `${pending.name} (${pending.website})`,
      reason,
      moderator,
    });
    return pending;
  });
  const mailed = await tellMember(
    mailer,
    {
      to: submission.email,
      ...submissionRejectedMail({ name: submission.name, website: submission.website, reason, siteUrl }),
    },
    submission.id,
  );
  return { name: submission.name, mailed };
}

// --- Drafting in the background ---

export type DraftCounts = { drafted: number; failed: number };

/** The oldest submission still waiting for its draft, other than those this run already tried. */
async function nextQueued(db: Database, tried: string[]) {
  const [row] = await db
    .select({
      id: toolSubmissions.id,
      name: toolSubmissions.name,
      website: toolSubmissions.website,
      domain: toolSubmissions.domain,
      category: toolSubmissions.category,
    })
    .from(toolSubmissions)
    .where(
      and(
        eq(toolSubmissions.draftState, "queued"),
        eq(toolSubmissions.status, "pending"),
        tried.length > 0 ? notInArray(toolSubmissions.id, tried) : undefined,
      ),
    )
    .orderBy(asc(toolSubmissions.createdAt), asc(toolSubmissions.id))
    .limit(1);
  return row ?? null;
}

/** Stores a draft's outcome, unless another run got there first. */
async function saveDraft(
  db: Database,
  id: string,
  outcome: { draftState: "drafted"; draft: SubmissionDraft } | { draftState: "failed"; draftError: string },
) {
  await db
    .update(toolSubmissions)
    .set({ ...outcome, updatedAt: sql`now()` })
    .where(and(eq(toolSubmissions.id, id), eq(toolSubmissions.draftState, "queued")));
}

/**
 * The `submission-draft` job: drafts every pending submission whose draft is queued, oldest
 * first, with the research assistant's create flow (spec section 7) and the tool form's apply
 * rules, so the administrator opens a filled entry. Each run is recorded like the admin's own;
 * a failure marks that submission "failed" with the reason and the job goes on. `signal` stops
 * it between submissions and cancels the one under way, which stays queued for the retry.
 */
export async function draftQueuedSubmissions({
  db,
  research,
  signal,
}: {
  db: Database;
  research: ResearchService;
  signal?: AbortSignal;
}): Promise<DraftCounts> {
  const counts: DraftCounts = { drafted: 0, failed: 0 };
  if (!research.availability.configured) return counts;
  const { model } = research.availability;
  const tagChoices = await listTags({ db });
  const tagNames = tagChoices.map((tag) => tag.name);
  const tried: string[] = [];

  for (;;) {
    if (signal?.aborted) break;
    const submission = await nextQueued(db, tried);
    if (!submission) break;
    tried.push(submission.id);
    // The name with its domain: searches find the right product when the name is a common word.
    const subject = `${submission.name} ${submission.domain}`;
    const runId = await startResearchRun({ db, userId: null, mode: "create", subject, toolId: null, model });
    try {
      const outcome = await research.run({ task: { mode: "create", subject, tagNames }, emit: () => {}, signal });
      await finishResearchRun({
        db,
        id: runId,
        status: "succeeded",
        usage: outcome.usage,
        searches: outcome.searches,
        sources: outcome.sources.length,
      });
      const applied = applyResearch({
        mode: "create",
        result: outcome.result,
        current: {
          name: submission.name,
          category: submission.category ?? "",
          image: "",
          website: submission.website,
          cons: [],
          tagline: "",
          pricingModel: "",
          startingPrice: "",
          tags: [],
        },
        tagChoices,
      });
      // The member's address and category stand: the model may name another page of the same product.
      await saveDraft(db, submission.id, {
        draftState: "drafted",
        draft: {
          ...applied,
          website: submission.website,
          image: submission.website,
          category: submission.category ?? applied.category,
          sources: outcome.sources,
        },
      });
      counts.drafted += 1;
    } catch (error) {
      const known = error instanceof ResearchModelError;
      const usage = known ? error.usage : { inputTokens: 0, outputTokens: 0 };
      if (signal?.aborted) {
        await finishResearchRun({ db, id: runId, status: "cancelled", usage, searches: 0, sources: 0 });
        break;
      }
      if (!known) logger.error({ err: error, submissionId: submission.id }, "drafting a submission failed");
      const message = error instanceof Error ? error.message : String(error);
      await finishResearchRun({ db, id: runId, status: "failed", error: message, usage, searches: 0, sources: 0 });
      await saveDraft(db, submission.id, {
        draftState: "failed",
        draftError: known ? error.message : RESEARCH_MESSAGES.fallback,
      });
      counts.failed += 1;
    }
  }
  return counts;
}
