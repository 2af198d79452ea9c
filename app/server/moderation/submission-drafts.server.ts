import { and, asc, eq, notInArray, sql } from "drizzle-orm";
import { RESEARCH_MESSAGES } from "~/lib/research";
import { applyResearch } from "~/lib/research-apply";
import { type SubmissionDraft } from "~/lib/submissions";
import { listTags } from "../catalog/tags.server";
import type { Database } from "../db/client.server";
import { toolSubmissions } from "../db/schema.server";
import { logger } from "../logger.server";
import { ResearchModelError } from "../research/model.server";
import { finishResearchRun, startResearchRun } from "../research/research-runs.server";
import type { ResearchService } from "../research/research-service.server";

/** The research assistant drafts waiting submissions in the background (the submission-draft job). */

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
