import { and, asc, count, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { INVALID_FIELDS_MESSAGE } from "~/lib/admin-messages";
import { changeFieldLabel } from "~/lib/change-log";
import { AppError } from "~/lib/app-error";
import { RESEARCH_MESSAGES, type ResearchEvent } from "~/lib/research";
import { applyResearch } from "~/lib/research-apply";
import {
  isProposalField,
  PROPOSAL_FIELDS,
  PROPOSAL_MESSAGES,
  pricingInputOf,
  proposalFieldInput,
  proposalFieldLabel,
  type ProposalField,
  type ProposalFieldInput,
} from "~/lib/refresh-proposals";
import { descriptionText, toolFormSchema, type ToolFormInput } from "~/lib/tool-form";
import { pricingToPlans, type Pricing } from "~/lib/pricing";
import { isUuid } from "~/lib/slugify";
import { listTagIdsForTool, listTags } from "../catalog/tags.server";
import { updateTool } from "../catalog/tool-admin.server";
import { sanitizeRichText } from "../content/sanitize-html.server";
import type { Database } from "../db/client.server";
import { refreshProposalFields, refreshProposals, toolChanges, tools, type FactSource } from "../db/schema.server";
import { logger } from "../logger.server";
import { ResearchModelError } from "../research/model.server";
import type { ResearchOutcome } from "../research/research-flow.server";
import { updateTaskFor } from "../research/update-task.server";
import { finishResearchRun, startResearchRun } from "../research/research-runs.server";
import type { ResearchService } from "../research/research-service.server";

/**
 * AI refresh proposals (issue 14): a job asks the research assistant about the tools refreshed
 * longest ago and stores, per tool, the fields whose researched value differs from the stored one,
 * each with the pages that back it. Nothing reaches the catalogue until an administrator accepts a
 * field on /admin/proposals; an accepted field is saved through the tool form's own schema and
 * updateTool, so it is logged in the public change log with its sources.
 *
 * A field whose value on the tool changed after the proposal was made (someone edited the tool)
 * is not accepted unless the administrator ticks "Replace the current value" for it: the page
 * shows the newer value beside the proposal, and accepting blindly would undo that edit.
 */

/** Tools asked about per run when REFRESH_BATCH_SIZE is not set. */
export const DEFAULT_REFRESH_BATCH_SIZE = 10;
/** Pending proposals per page of /admin/proposals: each carries its diffs and sources. */
export const PROPOSALS_PAGE_SIZE = 10;

export type RefreshCounts = { checked: number; proposed: number; unchanged: number; failed: number };
/** `skippedReason`: why nothing was done (the assistant is not configured here), else null. */
export type RefreshOutcome = { counts: RefreshCounts; skippedReason: string | null };

type ToolRow = typeof tools.$inferSelect;
type RefreshedTool = Pick<
  ToolRow,
  | "id"
  | "name"
  | "category"
  | "image"
  | "website"
  | "description"
  | "features"
  | "pros"
  | "cons"
  | "pricing"
  | "tagline"
  | "pricingModel"
  | "startingPrice"
>;

type NewField = { field: ProposalField; currentValue: unknown; proposedValue: unknown; sources: FactSource[] };

// --- Comparing values ---

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The words a reader sees: markup, entities and spacing that render the same are not a change. */
function readableText(html: string): string {
  return oneLine(descriptionText(html).replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity));
}

/** Plans by name and price (ignoring case and spacing); details the researched map cannot carry are not compared. */
function pricingKey(value: unknown): string {
  if (!value || typeof value !== "object") return "[]";
  const plans = pricingToPlans(value as Pricing).map(
    (plan) => `${oneLine(plan.plan).toLowerCase()}=${plan.price.replace(/\s+/g, "").toLowerCase()}`,
  );
  return JSON.stringify(plans.sort());
}

/**
 * What two values of a field are compared by when proposing: a difference a reader would not see
 * (spacing, equivalent markup, list order, a price written "$12 / month" or "$12/month") is none.
 */
function comparable(field: ProposalField, value: unknown): string {
  switch (field) {
    case "description":
      return readableText(typeof value === "string" ? value : "");
    case "features":
    case "pros":
      return JSON.stringify(
        (Array.isArray(value) ? value.map((row) => oneLine(String(row))) : []).filter((row) => row !== "").sort(),
      );
    case "pricing":
      return pricingKey(value);
    default:
      return oneLine(typeof value === "string" ? value : "");
  }
}

/** JSON with object keys sorted and "no value" spelled one way: whether a stored value moved at all. */
function canonical(value: unknown): string {
  if (value === undefined || value === "") return "null";
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

// --- Which pages back which field ---

const STOP_WORDS = new Set(
  "about also with from that this than they their there these those into your have will what when which while more most other over such only some very just like each every both using used uses make makes made best free".split(
    " ",
  ),
);
const PRICE_WORDS =
  /pric|\bplans?\b|\bcosts?\b|subscription|per (?:user|month|seat|year)|\/mo\b|[$€£¥]\s?\d|\bfree\b|enterprise|tier/i;

function significantWords(text: string, ignored: ReadonlySet<string>): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}$€£]+/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 4 && !STOP_WORDS.has(word) && !ignored.has(word)));
}

function textOfValue(value: unknown): string {
  if (typeof value === "string") return descriptionText(value);
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(" ");
  if (value && typeof value === "object")
    return pricingToPlans(value as Pricing)
      .map((plan) => `${plan.plan} ${plan.price}`)
      .join(" ");
  return "";
}

/**
 * The pages that plausibly back a proposed field: for pricing, the pricing search's results and
 * pages that talk about prices; for the rest, pages that share at least two telling words with
 * the proposed value (the tool's own name does not count). When none do, all of them: the model
 * read every page, and a field without sources could not be checked.
 */
function sourcesFor({
  field,
  proposed,
  pages,
  pricingPages,
  featurePages,
  nameWords,
}: {
  field: ProposalField;
  proposed: unknown;
  pages: readonly FactSource[];
  pricingPages: ReadonlySet<string>;
  featurePages: ReadonlySet<string>;
  nameWords: ReadonlySet<string>;
}): FactSource[] {
  let backing: FactSource[];
  if (field === "pricing" || field === "pricingModel") {
    backing = pages.filter((page) => pricingPages.has(page.url) || PRICE_WORDS.test(`${page.title} ${page.snippet}`));
  } else {
    const wanted = significantWords(textOfValue(proposed), nameWords);
    backing = pages.filter((page) => {
      if ((field === "features" || field === "pros") && featurePages.has(page.url)) return true;
      const words = significantWords(`${page.title} ${page.snippet}`, nameWords);
      let shared = 0;
      for (const word of words) if (wanted.has(word) && ++shared >= 2) return true;
      return false;
    });
  }
  return backing.length > 0 ? backing : [...pages];
}

// --- Proposing ---

/**
 * The researched value of each field, by the rules the tool form's "Update with AI" applies
 * (app/lib/research-apply.ts): plain text becomes escaped paragraphs, lists are tidied, pricing is
 * the plan map, an unknown pricing model keeps the current one. The description is sanitized as
 * the form's save would.
 */
function researchedValues(tool: RefreshedTool, outcome: ResearchOutcome): Record<ProposalField, unknown> {
  const draft = applyResearch({
    mode: "update",
    result: outcome.result,
    current: {
      name: tool.name,
      category: tool.category,
      image: tool.image ?? "",
      website: tool.website ?? "",
      cons: tool.cons,
      tagline: tool.tagline ?? "",
      pricingModel: tool.pricingModel ?? "",
      startingPrice: tool.startingPrice ?? "",
      tags: [],
    },
  });
  return {
    description: sanitizeRichText(draft.description),
    tagline: draft.tagline,
    features: draft.features,
    pros: draft.pros,
    pricing: draft.pricing,
    pricingModel: draft.pricingModel === "" ? null : draft.pricingModel,
  };
}

/** Whether the tool form would accept this value for the field (its own schema for that field). */
function formAccepts(field: ProposalField, value: unknown): boolean {
  if (field === "description" && descriptionText(String(value)) === "") return false;
  return toolFormSchema.shape[field].safeParse(proposalFieldInput(field, value)).success;
}

/** The fields worth an administrator's look: researched, different to a reader, and acceptable to the form. */
function proposedFields({
  tool,
  outcome,
  pricingPages,
  featurePages,
}: {
  tool: RefreshedTool;
  outcome: ResearchOutcome;
  pricingPages: ReadonlySet<string>;
  featurePages: ReadonlySet<string>;
}): NewField[] {
  const researched = researchedValues(tool, outcome);
  const nameWords = significantWords(tool.name, new Set());
  const fields: NewField[] = [];
  for (const field of PROPOSAL_FIELDS) {
    const proposed = researched[field];
    const current = tool[field];
    // A reply that says nothing about a field is no evidence it should be emptied.
    if (isEmpty(proposed)) continue;
    if (comparable(field, proposed) === comparable(field, current)) continue;
    if (!formAccepts(field, proposed)) {
      logger.warn({ toolId: tool.id, field }, "a researched value the tool form would refuse was not proposed");
      continue;
    }
    fields.push({
      field,
      currentValue: current ?? null,
      proposedValue: proposed,
      sources: sourcesFor({ field, proposed, pages: outcome.pages, pricingPages, featurePages, nameWords }),
    });
  }
  return fields;
}

/** The tools to refresh: never refreshed first, then by their latest proposal, oldest first. */
async function toolsToRefresh(db: Database, jobRunId: string | null, limit: number): Promise<RefreshedTool[]> {
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

// --- Reviewing ---

export type ProposalFieldView = {
  field: ProposalField;
  label: string;
  /** The tool's value when the proposal was made, and the proposed one, as stored. */
  currentValue: unknown;
  proposedValue: unknown;
  sources: FactSource[];
  decision: "accepted" | "rejected" | null;
  acceptedValue: unknown;
  decidedAt: Date | null;
  /** The tool's value now; `stale` when it is no longer the one the proposal was made against. */
  valueNow: unknown;
  stale: boolean;
};

export type ProposalView = {
  id: string;
  status: "pending" | "reviewed" | "no_change" | "failed";
  error: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  tool: { id: string; name: string; slug: string };
  /** Every page the research read. */
  sources: FactSource[];
  fields: ProposalFieldView[];
};

export type ProposalPage = {
  proposals: ProposalView[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** Proposals with their tool's name and current values of the fields a proposal may change. */
function proposalRows(db: Database) {
  return db
    .select({
      id: refreshProposals.id,
      status: refreshProposals.status,
      error: refreshProposals.error,
      createdAt: refreshProposals.createdAt,
      reviewedAt: refreshProposals.reviewedAt,
      sources: refreshProposals.sources,
      toolId: tools.id,
      toolName: tools.name,
      toolSlug: tools.slug,
      description: tools.description,
      tagline: tools.tagline,
      features: tools.features,
      pros: tools.pros,
      pricing: tools.pricing,
      pricingModel: tools.pricingModel,
    })
    .from(refreshProposals)
    .innerJoin(tools, eq(tools.id, refreshProposals.toolId))
    .$dynamic();
}

type ProposalRow = Awaited<ReturnType<typeof proposalRows>>[number];

const fieldOrder = (field: string) => PROPOSAL_FIELDS.indexOf(field as ProposalField);

/** Proposals with their fields, each field compared with the tool as it is now. */
async function withFields(db: Database, rows: ProposalRow[]): Promise<ProposalView[]> {
  if (rows.length === 0) return [];
  const fieldRows = await db
    .select()
    .from(refreshProposalFields)
    .where(
      inArray(
        refreshProposalFields.proposalId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    tool: { id: row.toolId, name: row.toolName, slug: row.toolSlug },
    sources: row.sources,
    fields: fieldRows
      .filter((field) => field.proposalId === row.id && isProposalField(field.field))
      .sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field))
      .map((field): ProposalFieldView => {
        const valueNow = row[field.field] ?? null;
        return {
          field: field.field,
          label: proposalFieldLabel(field.field),
          currentValue: field.currentValue ?? null,
          proposedValue: field.proposedValue ?? null,
          sources: field.sources,
          decision: field.decision,
          acceptedValue: field.acceptedValue ?? null,
          decidedAt: field.decidedAt,
          valueNow,
          stale: field.decision === null && canonical(valueNow) !== canonical(field.currentValue ?? null),
        };
      }),
  }));
}

/** Proposals waiting for review, oldest first (a queue), by page. */
export async function listPendingProposals({
  db,
  page = 1,
  pageSize = PROPOSALS_PAGE_SIZE,
}: {
  db: Database;
  page?: number;
  pageSize?: number;
}): Promise<ProposalPage> {
  const pending = eq(refreshProposals.status, "pending");
  const [counted] = await db.select({ total: count() }).from(refreshProposals).where(pending);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Deciding the last proposals of the last page leaves that page empty: show the one before.
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await proposalRows(db)
    .where(pending)
    .orderBy(asc(refreshProposals.createdAt), asc(refreshProposals.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { proposals: await withFields(db, rows), total, page: current, pageCount, pageSize };
}

/** How many proposals wait for review (the admin navigation's badge). */
export async function countPendingProposals({ db }: { db: Database }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(refreshProposals)
    .where(eq(refreshProposals.status, "pending"));
  return row?.total ?? 0;
}

/** One proposal, whatever its status; null when there is none. */
export async function getProposal({ db, id }: { db: Database; id: string }): Promise<ProposalView | null> {
  if (!isUuid(id)) return null;
  const rows = await proposalRows(db).where(eq(refreshProposals.id, id.toLowerCase()));
  const [view] = await withFields(db, rows);
  return view ?? null;
}

export type FieldDecision = {
  field: ProposalField;
  decision: "accepted" | "rejected";
  /** The administrator's edit, as the tool form posts that field; absent: the proposed value. */
  editedValue?: ProposalFieldInput;
  /** Accept even though the tool's value changed since the proposal (see the module's comment). */
  replaceNewer?: boolean;
};

export type DecisionOutcome =
  | {
      status: "decided";
      tool: { id: string; name: string; slug: string };
      accepted: ProposalField[];
      rejected: ProposalField[];
      /** Every field of the proposal now has a decision. */
      reviewed: boolean;
    }
  /** Nothing was saved: `fieldErrors` by proposal field, `message` for the whole. */
  | { status: "invalid"; message: string; fieldErrors: Partial<Record<ProposalField, string>> };

/** The tool's stored values as its form would post them: the base an accepted field is put into. */
function toolFormInputOf(tool: ToolRow, tagIds: string[]): ToolFormInput {
  return {
    name: tool.name,
    category: tool.category,
    description: tool.description,
    image: tool.image ?? "",
    website: tool.website ?? "",
    // Blank keeps the tool's address.
    slug: "",
    metaTitle: tool.metaTitle ?? "",
    features: tool.features,
    pros: tool.pros,
    cons: tool.cons,
    pricing: pricingInputOf(tool.pricing),
    tagline: tool.tagline ?? "",
    pricingModel: tool.pricingModel ?? "",
    startingPrice: tool.startingPrice ?? "",
    tags: tagIds,
  };
}

/** "Line 3: ..." for a list row, "Plan 2: ..." for a pricing row: the review form's lists are one box. */
function messageAt(path: readonly PropertyKey[], message: string): string {
  const [field, second, third] = path;
  if ((field === "features" || field === "pros") && typeof second === "number") return `Line ${second + 1}: ${message}`;
  if (field === "pricing" && typeof third === "number") return `Plan ${third + 1}: ${message}`;
  return message;
}

/**
 * Records an administrator's decisions on some fields of a pending proposal. Accepted fields are
 * saved as the tool form saves: the tool's current values with those fields replaced, checked by
 * the form's schema, written by updateTool (which logs each change; here with the field's own
 * sources). All or nothing: a refused field leaves the tool and every decision as they were.
 */
export async function decideProposalFields({
  db,
  proposalId,
  decisions,
  admin,
}: {
  db: Database;
  proposalId: string;
  decisions: readonly FieldDecision[];
  admin: { id: string; name: string };
}): Promise<DecisionOutcome> {
  if (!isUuid(proposalId)) throw new AppError("not-found", PROPOSAL_MESSAGES.notFound);
  if (decisions.length === 0) return { status: "invalid", message: PROPOSAL_MESSAGES.noneSelected, fieldErrors: {} };

  return db.transaction(async (tx): Promise<DecisionOutcome> => {
    // Locked: two administrators deciding at once take turns, and the second sees the first's decisions.
    const [proposal] = await tx
      .select()
      .from(refreshProposals)
      .where(eq(refreshProposals.id, proposalId.toLowerCase()))
      .for("update");
    if (!proposal) throw new AppError("not-found", PROPOSAL_MESSAGES.notFound);
    if (proposal.status !== "pending") throw new AppError("conflict", PROPOSAL_MESSAGES.notPending);
    const [tool] = await tx.select().from(tools).where(eq(tools.id, proposal.toolId)).for("update");
    if (!tool) throw new AppError("not-found", PROPOSAL_MESSAGES.notFound);
    const fields = await tx
      .select()
      .from(refreshProposalFields)
      .where(eq(refreshProposalFields.proposalId, proposal.id));

    const fieldErrors: Partial<Record<ProposalField, string>> = {};
    const byField = new Map(fields.map((row) => [row.field, row]));
    const decided = new Set<ProposalField>();
    for (const decision of decisions) {
      const row = byField.get(decision.field);
      if (!row || decided.has(decision.field)) fieldErrors[decision.field] = PROPOSAL_MESSAGES.unknownField;
      else if (row.decision !== null)
        fieldErrors[decision.field] = PROPOSAL_MESSAGES.alreadyDecided(proposalFieldLabel(decision.field));
      else if (
        decision.decision === "accepted" &&
        !decision.replaceNewer &&
        canonical(tool[decision.field] ?? null) !== canonical(row.currentValue ?? null)
      )
        fieldErrors[decision.field] = PROPOSAL_MESSAGES.stale(proposalFieldLabel(decision.field));
      decided.add(decision.field);
    }
    if (Object.keys(fieldErrors).length > 0) return refused(fieldErrors);

    const accepted = decisions.filter((decision) => decision.decision === "accepted");
    let saved: ToolRow = tool;
    if (accepted.length > 0) {
      const input = toolFormInputOf(tool, await listTagIdsForTool({ db: tx, toolId: tool.id }));
      const edits: Partial<ToolFormInput> = {};
      for (const decision of accepted) {
        Object.assign(edits, {
          [decision.field]:
            decision.editedValue ?? proposalFieldInput(decision.field, byField.get(decision.field)!.proposedValue),
        });
      }
      const parsed = toolFormSchema.safeParse({ ...input, ...edits });
      if (!parsed.success) {
        let other: string | null = null;
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (isProposalField(field) && field in edits) fieldErrors[field] ??= messageAt(issue.path, issue.message);
          else other ??= PROPOSAL_MESSAGES.toolInvalid(changeFieldLabel(String(field)), issue.message);
        }
        return refused(fieldErrors, other);
      }
      const sourcesOf = (field: ProposalField) => byField.get(field)!.sources;
      const allSources = uniqueByUrl(accepted.flatMap((decision) => sourcesOf(decision.field)));
      const result = await updateTool({
        db: tx,
        id: tool.id,
        input: parsed.data,
        author: { origin: "proposal", actorId: admin.id, actorName: admin.name, sources: allSources },
      });
      if (result.status === "invalid") {
        for (const [key, message] of Object.entries(result.fieldErrors)) {
          const field = key.split(".")[0];
          if (isProposalField(field)) fieldErrors[field] ??= message;
        }
        return refused(fieldErrors, Object.values(result.fieldErrors)[0]);
      }
      saved = result.tool;
      // updateTool gives every change of one save the same sources; each field keeps its own. The
      // rows it wrote are this transaction's (created now(), by this save). A field the proposal did
      // not touch that the save tidied anyway (an old description sanitized again) cites nothing.
      const savedNow = and(
        eq(toolChanges.toolId, tool.id),
        eq(toolChanges.origin, "proposal"),
        sql`${toolChanges.createdAt} = now()`,
      );
      await tx
        .update(toolChanges)
        .set({ sources: [] })
        .where(
          and(
            savedNow,
            notInArray(
              toolChanges.field,
              accepted.map((decision) => decision.field),
            ),
          ),
        );
      for (const decision of accepted) {
        await tx
          .update(toolChanges)
          .set({ sources: sourcesOf(decision.field) })
          .where(and(savedNow, eq(toolChanges.field, decision.field)));
      }
    }

    for (const decision of decisions) {
      await tx
        .update(refreshProposalFields)
        .set({
          decision: decision.decision,
          // What the tool now holds for the field: the proposal, or the administrator's edit, as saved.
          acceptedValue: decision.decision === "accepted" ? (saved[decision.field] ?? null) : null,
          decidedBy: admin.id,
          decidedAt: sql`now()`,
        })
        .where(
          and(
            eq(refreshProposalFields.proposalId, proposal.id),
            eq(refreshProposalFields.field, decision.field),
            isNull(refreshProposalFields.decision),
          ),
        );
    }
    const [open] = await tx
      .select({ total: count() })
      .from(refreshProposalFields)
      .where(and(eq(refreshProposalFields.proposalId, proposal.id), isNull(refreshProposalFields.decision)));
    const reviewed = (open?.total ?? 0) === 0;
    if (reviewed) {
      await tx
        .update(refreshProposals)
        .set({ status: "reviewed", reviewedAt: sql`now()` })
        .where(eq(refreshProposals.id, proposal.id));
    }
    return {
      status: "decided",
      tool: { id: saved.id, name: saved.name, slug: saved.slug },
      accepted: accepted.map((decision) => decision.field),
      rejected: decisions.filter((decision) => decision.decision === "rejected").map((decision) => decision.field),
      reviewed,
    };
  });
}

function refused(fieldErrors: Partial<Record<ProposalField, string>>, other?: string | null): DecisionOutcome {
  const messages = Object.values(fieldErrors);
  const message = other ?? (messages.length === 1 ? messages[0]! : INVALID_FIELDS_MESSAGE);
  return { status: "invalid", message, fieldErrors };
}

function uniqueByUrl(sources: readonly FactSource[]): FactSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => !seen.has(source.url) && Boolean(seen.add(source.url)));
}
