import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { fieldErrorsOf } from "~/lib/form-fields";
import { RESEARCH_QUEUE_MESSAGES, type QueueDraft, type ResearchQueueState } from "~/lib/research-queue";
import { isUuid } from "~/lib/slugify";
import { toolFormSchema, type ToolFormInput } from "~/lib/tool-form";
import { createTool } from "../catalog/tool-admin.server";
import type { Database } from "../db/client.server";
import { researchQueueEntries, type FactSource } from "../db/schema.server";
import { recordToolChanges, type ChangeAuthor, type FieldChange } from "../freshness/change-log.server";

/**
 * Review in bulk (issue 35, decision 154): the queue's entries with the latest batch's progress,
 * and the decisions on its drafts. Accepting publishes through the admin's own createTool, and logs
 * each drafted field with the pages it came from, in the transaction that marks the entry accepted.
 */

export type QueueEntry = typeof researchQueueEntries.$inferSelect;

export type QueueProgress = { total: number; done: number; failed: number; waiting: number };

/** The entries to review (newest batch first, each in its input order) and the latest batch's progress. */
export async function readQueue({ db, limit = 1000 }: { db: Database; limit?: number }) {
  const entries = await db
    .select()
    .from(researchQueueEntries)
    .where(inArray(researchQueueEntries.state, ["waiting", "drafted", "failed", "duplicate"]))
    .orderBy(desc(researchQueueEntries.createdAt), asc(researchQueueEntries.position), asc(researchQueueEntries.id))
    .limit(limit);
  // A batch is one insert: its entries share the transaction's created_at.
  const [latest] = await db
    .select({ createdAt: sql<string>`max(${researchQueueEntries.createdAt})::text` })
    .from(researchQueueEntries);
  let progress: QueueProgress | null = null;
  if (latest?.createdAt) {
    const rows = await db
      .select({ state: researchQueueEntries.state, count: count() })
      .from(researchQueueEntries)
      .where(eq(researchQueueEntries.createdAt, sql`${latest.createdAt}::timestamptz`))
      .groupBy(researchQueueEntries.state);
    const of = (state: ResearchQueueState) => rows.find((row) => row.state === state)?.count ?? 0;
    const total = rows.reduce((sum, row) => sum + (row.state === "duplicate" ? 0 : row.count), 0);
    progress = { total, waiting: of("waiting"), failed: of("failed"), done: total - of("waiting") };
  }
  return { entries, progress };
}

export async function findQueueEntry({ db, id }: { db: Database; id: string }): Promise<QueueEntry | null> {
  if (!isUuid(id)) return null;
  const [entry] = await db
    .select()
    .from(researchQueueEntries)
    .where(eq(researchQueueEntries.id, id.toLowerCase()))
    .limit(1);
  return entry ?? null;
}

/** The tool form's values for a draft: what "Accept" saves and "Edit" opens. */
export function toolInputFromDraft(draft: QueueDraft): ToolFormInput {
  const pricing: ToolFormInput["pricing"] = draft.pricing
    ? {
        shape: "simple",
        entries: Object.entries(draft.pricing)
          .filter(([, price]) => price.trim() !== "")
          .map(([plan, price]) => ({ plan, price })),
      }
    : { shape: "none" };
  return {
    name: draft.name,
    category: draft.category,
    description: draft.description,
    image: draft.image,
    website: draft.website,
    slug: "",
    metaTitle: "",
    features: draft.features,
    pros: draft.pros,
    cons: draft.cons,
    pricing,
    tagline: draft.tagline,
    pricingModel: draft.pricingModel,
    tags: draft.tags,
  };
}

/** The change log's rows for a new tool from a draft: each sourced field, with its pages. */
function sourcedChanges(draft: QueueDraft, created: Record<string, unknown>) {
  const byUrl = new Map(draft.sources.map((source) => [source.url, source.title]));
  const pages = (urls: string[] | undefined): FactSource[] =>
    (urls ?? []).map((url) => ({ url, title: byUrl.get(url) ?? url, snippet: "" }));
  const groups: { fields: string[]; sources: FactSource[] }[] = [
    { fields: ["name", "website"], sources: pages(draft.fieldSources.name) },
    { fields: ["tagline"], sources: pages(draft.fieldSources.tagline) },
    { fields: ["description"], sources: pages(draft.fieldSources.description) },
    { fields: ["image"], sources: pages(draft.fieldSources.image) },
    {
      fields: ["features", "pros", "cons", "pricing", "pricingModel", "startingPrice"],
      sources: pages(draft.fieldSources.details),
    },
  ];
  return groups
    .map(({ fields, sources }) => ({
      sources,
      changes: fields
        .map((field): FieldChange => ({ field, before: null, after: created[field] ?? null }))
        .filter(
          (change) =>
            change.after !== null && change.after !== "" && !(Array.isArray(change.after) && change.after.length === 0),
        ),
    }))
    .filter((group) => group.changes.length > 0);
}

export type AcceptOutcome =
  { status: "accepted"; toolId: string; name: string; slug: string } | { status: "refused"; message: string };

/**
 * Publishes one draft: the form's schema checks it (a draft from metadata alone lacks what only the
 * research finds, and says so), createTool writes it, the change log records each field's sources,
 * and the entry is marked accepted, all in one transaction.
 */
export async function acceptQueueEntry({
  db,
  id,
  author,
}: {
  db: Database;
  id: string;
  author: Omit<ChangeAuthor, "origin" | "sources">;
}): Promise<AcceptOutcome> {
  if (!isUuid(id)) throw new AppError("not-found", RESEARCH_QUEUE_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .select()
      .from(researchQueueEntries)
      .where(eq(researchQueueEntries.id, id.toLowerCase()))
      .for("update");
    if (!entry) throw new AppError("not-found", RESEARCH_QUEUE_MESSAGES.notFound);
    if (entry.state !== "drafted" || !entry.draft)
      return { status: "refused", message: RESEARCH_QUEUE_MESSAGES.notDrafted };
    const parsed = toolFormSchema.safeParse(toolInputFromDraft(entry.draft));
    if (!parsed.success) {
      const problems = Object.entries(fieldErrorsOf(parsed.error)).map(([field, message]) => `${field}: ${message}`);
      return { status: "refused", message: `Complete ${entry.draft.name} in the form first (${problems.join("; ")})` };
    }
    const created = await createTool({ db: tx, input: parsed.data, author: { ...author, origin: "admin" } });
    if (created.status === "invalid") {
      return { status: "refused", message: Object.values(created.fieldErrors).join("; ") };
    }
    const { tool } = created;
    for (const group of sourcedChanges(entry.draft, { ...parsed.data, name: tool.name, website: tool.website }))
      await recordToolChanges(tx, {
        toolId: tool.id,
        changes: group.changes,
        author: { ...author, origin: "admin", sources: group.sources },
      });
    await tx
      .update(researchQueueEntries)
      .set({ state: "accepted", toolId: tool.id, updatedAt: sql`now()` })
      .where(eq(researchQueueEntries.id, entry.id));
    return { status: "accepted", toolId: tool.id, name: tool.name, slug: tool.slug };
  });
}

/**
 * Accepts each of the selected drafts in turn, each in its own transaction; a likely duplicate is
 * held back (it is accepted only on its own), and a draft the form refuses stays to be edited.
 */
export async function acceptQueueEntries({
  db,
  ids,
  author,
}: {
  db: Database;
  ids: readonly string[];
  author: Omit<ChangeAuthor, "origin" | "sources">;
}) {
  const rows = await db
    .select({ id: researchQueueEntries.id, duplicateOf: researchQueueEntries.duplicateOf })
    .from(researchQueueEntries)
    .where(and(inArray(researchQueueEntries.id, ids.filter(isUuid)), eq(researchQueueEntries.state, "drafted")))
    .orderBy(asc(researchQueueEntries.createdAt), asc(researchQueueEntries.position));
  const accepted: Extract<AcceptOutcome, { status: "accepted" }>[] = [];
  const refused: string[] = [];
  let heldBack = 0;
  for (const row of rows) {
    if (row.duplicateOf) {
      heldBack++;
      continue;
    }
    const outcome = await acceptQueueEntry({ db, id: row.id, author });
    if (outcome.status === "accepted") accepted.push(outcome);
    else refused.push(outcome.message);
  }
  return { accepted, refused, heldBack, skipped: ids.length - rows.length };
}

/** Rejects a draft, a failure or a held-back duplicate: it leaves the review list. */
export async function rejectQueueEntry({ db, id }: { db: Database; id: string }): Promise<boolean> {
  if (!isUuid(id)) throw new AppError("not-found", RESEARCH_QUEUE_MESSAGES.notFound);
  const rows = await db
    .update(researchQueueEntries)
    .set({ state: "rejected", updatedAt: sql`now()` })
    .where(
      and(
        eq(researchQueueEntries.id, id.toLowerCase()),
        inArray(researchQueueEntries.state, ["drafted", "failed", "duplicate"]),
      ),
    )
    .returning({ id: researchQueueEntries.id });
  return rows.length > 0;
}

/** Marks a draft accepted as the tool the form published from it (the "Edit" path). */
export async function markQueueEntryPublished({ db, id, toolId }: { db: Database; id: string; toolId: string }) {
  if (!isUuid(id)) return;
  await db
    .update(researchQueueEntries)
    .set({ state: "accepted", toolId, updatedAt: sql`now()` })
    .where(and(eq(researchQueueEntries.id, id.toLowerCase()), eq(researchQueueEntries.state, "drafted")));
}
