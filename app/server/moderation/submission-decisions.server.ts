import { eq, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/slugify";
import { SUBMISSION_MESSAGES } from "~/lib/submissions";
import type { ToolFormData } from "~/lib/tool-form";
import { createTool, type Tool, type ToolWriteInvalid } from "../catalog/tool-admin.server";
import type { Database } from "../db/client.server";
import { toolSubmissions, users } from "../db/schema.server";
import { logger } from "../logger.server";
import type { Mailer, OutgoingMail } from "../mail/mailer.server";
import { recordModerationAction, type Moderator } from "./moderation-log.server";
import { submissionApprovedMail, submissionRejectedMail } from "./submission-mail.server";

/** An administrator's decision on a submission: published through the tool form (approved), or rejected with a reason; each logged and mailed. */

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
      const created = await createTool({
        db: tx,
        input,
        author: { origin: "admin", actorId: moderator.id, actorName: moderator.name },
      });
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
