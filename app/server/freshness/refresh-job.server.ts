import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { RESEARCH_MESSAGES, type ResearchEvent } from "~/lib/research";
import { listTags } from "../catalog/tags.server";
import { readFactsForTools } from "../catalog/tool-facts.server";
import type { Database } from "../db/client.server";
import { refreshProposalFields, refreshProposals, tools, type FactSource } from "../db/schema.server";
import { logger } from "../logger.server";
import { ResearchModelError } from "../research/model.server";
import type { ResearchOutcome } from "../research/research-flow.server";
import { updateTaskFor } from "../research/update-task.server";
import { finishResearchRun, startResearchRun } from "../research/research-runs.server";
import type { ResearchService } from "../research/research-service.server";
import { proposedFields, type NewField, type RefreshedTool } from "./proposal-values.server";

/**
 * AI refresh proposals (issue 14): a job asks the research assistant about the tools refreshed
 * longest ago and stores, per tool, the fields whose researched value differs from the stored one,
 * each with the pages that back it. Nothing reaches the catalogue until an administrator accepts a
 * field on /admin/proposals; an accepted field is saved through the tool form's own schema and
 * updateTool, so it is logged in the public change log with its sources.
 * The values compared are chosen in proposal-values.server.ts, reviewed through
 * proposal-review.server.ts and decided in proposal-decisions.server.ts.
 */

/** Tools asked about per run when REFRESH_BATCH_SIZE is not set. */
export const DEFAULT_REFRESH_BATCH_SIZE = 10;

export type RefreshCounts = { checked: number; proposed: number; unchanged: number; failed: number };
/** `skippedReason`: why nothing was done (the assistant is not configured here), else null. */
export type RefreshOutcome = { counts: RefreshCounts; skippedReason: string | null };

/** The tools to refresh: never refreshed first, then by their latest proposal, oldest first. */
async function toolsToRefresh(db: Database, jobRunId: string | null, limit: number): Promise<RefreshedTool[]> {
  const chosen = await toolRowsToRefresh(db, jobRunId, limit);
  const facts = await readFactsForTools({ db, toolIds: chosen.map((tool) => tool.id) });
  return chosen.map((tool) => ({ ...tool, facts: facts.get(tool.id) ?? {} }));
}

async function toolRowsToRefresh(db: Database, jobRunId: string | null, limit: number) {
  // Per tool: when it was last proposed for, whether a proposal still waits for review (asking
  // again would only queue a second one), and whether this job already did it (a retried job).
  const latest = db
    .select({
      toolId: refreshProposals.toolId,
      lastAt: sql<Date>`max(${refreshProposals.createdAt})`.as("last_at"),
      waiting: sql<boolean>`bool_or(${refreshProposals.status} = 'pending')`.as("waiting"),
      done: (jobRunId ? sql<boolean>`bool_or(${refreshProposals.jobRunId} = ${jobRunId})` : sql<boolean>`false`).as(
        "done",
      ),
    })
    .from(refreshProposals)
    .groupBy(refreshProposals.toolId)
    .as("latest");
  return db
    .select({
      id: tools.id,
      name: tools.name,
      category: tools.category,
      image: tools.image,
      website: tools.website,
      description: tools.description,
      features: tools.features,
      pros: tools.pros,
      cons: tools.cons,
      pricing: tools.pricing,
      tagline: tools.tagline,
      pricingModel: tools.pricingModel,
      startingPrice: tools.startingPrice,
    })
    .from(tools)
    .leftJoin(latest, eq(latest.toolId, tools.id))
    .where(and(isNull(tools.discontinuedAt), sql`${latest.waiting} is not true`, sql`${latest.done} is not true`))
    .orderBy(sql`${latest.lastAt} asc nulls first`, asc(tools.createdAt), asc(tools.id))
    .limit(limit);
}

/**
 * Stores one tool's proposal and its fields together. False when this job had already stored one
 * for the tool (two attempts of one job at once): the unique (job_run_id, tool_id) index decides.
 */
async function saveProposal(
  db: Database,
  proposal: {
    toolId: string;
    jobRunId: string | null;
    researchRunId: string;
    status: "pending" | "no_change" | "failed";
    error?: string;
    sources: FactSource[];
    fields: NewField[];
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(refreshProposals)
      .values({
        toolId: proposal.toolId,
        jobRunId: proposal.jobRunId,
        researchRunId: proposal.researchRunId,
        status: proposal.status,
        error: proposal.error ?? null,
        sources: proposal.sources,
      })
      .onConflictDoNothing({ target: [refreshProposals.jobRunId, refreshProposals.toolId] })
      .returning({ id: refreshProposals.id });
    if (!row) return false;
    if (proposal.fields.length > 0) {
      await tx.insert(refreshProposalFields).values(proposal.fields.map((field) => ({ proposalId: row.id, ...field })));
    }
    return true;
  });
}

export const NO_PAGES_MESSAGE = "The web searches found nothing, so no change could be backed by a source";

type RefreshResult = "proposed" | "unchanged" | "failed" | "cancelled" | "taken";

/** Runs the update flow for one tool, records the run as the admin's flow does, and stores what it found. */
async function refreshTool({
  db,
  research,
  model,
  tool,
  tagNames,
  jobRunId,
  signal,
}: {
  db: Database;
  research: ResearchService;
  model: string;
  tool: RefreshedTool;
  tagNames: string[];
  jobRunId: string | null;
  signal?: AbortSignal;
}): Promise<RefreshResult> {
  const task = await updateTaskFor({ db, tool, tagNames });
  const runId = await startResearchRun({
    db,
    userId: null,
    mode: "update",
    subject: tool.name,
    toolId: tool.id,
    model,
  });

  // The steps say which search asked about pricing and which about features: their pages back those fields.
  const labels = new Map<string, string>();
  const searched = new Set<string>();
  const pricingPages = new Set<string>();
  const featurePages = new Set<string>();
  const seen = new Set<string>();
  const emit = (event: ResearchEvent) => {
    if (event.type === "plan") for (const step of event.steps) labels.set(step.id, step.label);
    if (event.type !== "step" || event.status !== "done" || !event.id.startsWith("search-")) return;
    searched.add(event.id);
    const label = labels.get(event.id) ?? "";
    for (const source of event.sources ?? []) {
      seen.add(source.url);
      if (/pric/i.test(label)) pricingPages.add(source.url);
      if (/feature/i.test(label)) featurePages.add(source.url);
    }
  };
  const finish = (outcome: Omit<Parameters<typeof finishResearchRun>[0], "db" | "id" | "searches" | "sources">) =>
    finishResearchRun({ db, id: runId, searches: searched.size, sources: seen.size, ...outcome });

  let outcome: ResearchOutcome;
  try {
    outcome = await research.run({ task, emit, signal });
  } catch (error) {
    if (signal?.aborted) {
      // Stopped (the server is shutting down): no proposal, so the next run asks about this tool first.
      await finish({ status: "cancelled", usage: { inputTokens: 0, outputTokens: 0 } });
      return "cancelled";
    }
    const known = error instanceof ResearchModelError;
    if (!known) logger.error({ err: error, toolId: tool.id, runId }, "an AI refresh run failed");
    await finish({
      status: "failed",
      error: error instanceof Error ? error.message : String(error),
      usage: known ? error.usage : { inputTokens: 0, outputTokens: 0 },
    });
    const saved = await saveProposal(db, {
      toolId: tool.id,
      jobRunId,
      researchRunId: runId,
      status: "failed",
      error: known ? error.message : RESEARCH_MESSAGES.fallback,
      sources: [],
      fields: [],
    });
    return saved ? "failed" : "taken";
  }
  await finish({ status: "succeeded", usage: outcome.usage });

  // Every search came back empty: whatever the model wrote, no page backs it, so nothing is proposed.
  if (outcome.pages.length === 0) {
    const saved = await saveProposal(db, {
      toolId: tool.id,
      jobRunId,
      researchRunId: runId,
      status: "failed",
      error: NO_PAGES_MESSAGE,
      sources: [],
      fields: [],
    });
    return saved ? "failed" : "taken";
  }
  const fields = proposedFields({ tool, outcome, pricingPages, featurePages });
  const saved = await saveProposal(db, {
    toolId: tool.id,
    jobRunId,
    researchRunId: runId,
    status: fields.length > 0 ? "pending" : "no_change",
    sources: outcome.pages,
    fields,
  });
  if (!saved) return "taken";
  return fields.length > 0 ? "proposed" : "unchanged";
}

/**
 * One AI refresh: asks about up to `limit` tools that are not discontinued, those refreshed
 * longest ago first (never refreshed before all others), skipping tools whose last proposal still
 * waits for review and tools this job run already did (so a retried job does not pay twice).
 * Each tool gets a proposal: "pending" with the fields that would change, "no_change", or
 * "failed" with the reason. `signal` stops the run between tools, and cancels the one under way.
 */
export async function runRefresh({
  db,
  research,
  jobRunId,
  limit = DEFAULT_REFRESH_BATCH_SIZE,
  signal,
}: {
  db: Database;
  research: ResearchService;
  /** The job_runs row this run belongs to; null for a run outside the queue. */
  jobRunId: string | null;
  limit?: number;
  signal?: AbortSignal;
}): Promise<RefreshOutcome> {
  const counts: RefreshCounts = { checked: 0, proposed: 0, unchanged: 0, failed: 0 };
  if (!research.availability.configured) {
    return {
      counts,
      skippedReason: `${RESEARCH_MESSAGES.notConfigured} Set ${research.availability.missing.map((setting) => setting.name).join(", ")} to refresh the catalogue.`,
    };
  }
  const { model } = research.availability;
  const chosen = await toolsToRefresh(db, jobRunId, Math.max(0, Math.trunc(limit)));
  if (chosen.length === 0) return { counts, skippedReason: null };
  const tagNames = (await listTags({ db })).map((tag) => tag.name);

  for (const tool of chosen) {
    if (signal?.aborted) break;
    const result = await refreshTool({ db, research, model, tool, tagNames, jobRunId, signal });
    if (result === "cancelled") break;
    if (result === "taken") continue;
    counts.checked += 1;
    counts[result] += 1;
  }
  return { counts, skippedReason: null };
}
