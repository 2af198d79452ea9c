import { desc, eq } from "drizzle-orm";
import {
  changeAuthorText,
  changeFieldLabel,
  changeValueText,
  describeChangeValue,
  toolEvent,
  toolEventSentence,
  type ChangeEntry,
} from "~/lib/change-log";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { toolChanges, tools, type FactSource } from "../db/schema.server";

export type { ChangeEntry };

/** Who made a change, and (for an accepted AI proposal) the pages the new value came from. */
export type ChangeAuthor = {
  origin: "admin" | "proposal";
  actorId: string | null;
  /** The admin's public name (display name), never their email (decision 147). */
  actorName: string;
  sources?: FactSource[];
};

/**
 * One changed field: a form field's name (or "status", or "facts.{name}"), its value before and
 * after, as stored; `sources`, when given, are this change's own (a fact's page), else the author's.
 */
export type FieldChange = { field: string; before: unknown; after: unknown; sources?: FactSource[] };

/**
 * Writes one tool_changes row per change. Pass the caller's transaction as `db`, so the log and
 * the change it records are saved, or undone, together.
 */
export async function recordToolChanges(
  db: Database,
  { toolId, changes, author }: { toolId: string; changes: readonly FieldChange[]; author: ChangeAuthor },
): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(toolChanges).values(
    changes.map((change) => ({
      toolId,
      field: change.field,
      // undefined is no JSON value: a field that had none is stored as null.
      before: change.before ?? null,
      after: change.after ?? null,
      sources: change.sources ?? author.sources ?? [],
      origin: author.origin,
      actorId: author.actorId,
      actorName: author.actorName,
    })),
  );
}

/** A tool's facts as the change log compares them: its columns, and its tags by name. */
export type ToolSnapshot = {
  name: string;
  slug: string;
  category: string;
  tagline: string | null;
  description: string;
  website: string | null;
  pricing: unknown;
  pricingModel: string | null;
  startingPrice: string | null;
  features: readonly string[];
  pros: readonly string[];
  cons: readonly string[];
  image: string | null;
  tags: readonly string[];
  metaTitle: string | null;
};

/** The fields a reader of the log cares about, in the order a save lists them. */
export const LOGGED_TOOL_FIELDS = [
  "name",
  "slug",
  "category",
  "tagline",
  "description",
  "website",
  "pricingModel",
  "startingPrice",
  "pricing",
  "features",
  "pros",
  "cons",
  "tags",
  "image",
  "metaTitle",
] as const satisfies readonly (keyof ToolSnapshot)[];

/** JSON with object keys sorted, so equal values compare equal whatever order jsonb returned. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** Empty text and no value read the same on the page: going from one to the other is no change. */
function normalized(field: keyof ToolSnapshot, value: unknown): unknown {
  if (value === undefined || value === "") return null;
  // Tags are a set: the same tags in another order are no change.
  if (field === "tags" && Array.isArray(value)) return [...(value as string[])].sort();
  return value;
}

/** The fields that differ between two snapshots, compared structurally (pricing is JSON). */
export function diffToolFields(before: ToolSnapshot, after: ToolSnapshot): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of LOGGED_TOOL_FIELDS) {
    const was = normalized(field, before[field]);
    const now = normalized(field, after[field]);
    if (canonical(was) !== canonical(now)) changes.push({ field, before: was, after: now });
  }
  return changes;
}

const entryColumns = {
  id: toolChanges.id,
  toolId: toolChanges.toolId,
  toolSlug: tools.slug,
  toolName: tools.name,
  field: toolChanges.field,
  before: toolChanges.before,
  after: toolChanges.after,
  sources: toolChanges.sources,
  origin: toolChanges.origin,
  actorName: toolChanges.actorName,
  createdAt: toolChanges.createdAt,
};

type EntryRow = {
  [Key in keyof typeof entryColumns]: (typeof entryColumns)[Key]["_"]["data"];
};

function toEntry(row: EntryRow): ChangeEntry {
  return {
    id: row.id,
    toolId: row.toolId,
    toolSlug: row.toolSlug,
    toolName: row.toolName,
    field: row.field,
    fieldLabel: changeFieldLabel(row.field),
    event: toolEvent(row.field, row.before, row.after),
    before: describeChangeValue(row.field, row.before),
    after: describeChangeValue(row.field, row.after),
    author: changeAuthorText(row.origin, row.actorName),
    origin: row.origin,
    sources: row.sources,
    createdAt: row.createdAt,
  };
}

/**
 * "Pricing: Free → Paid", for feeds and one-line summaries; a change of status says what
 * happened to the tool: "Quill was marked discontinued" (decision 185).
 */
export function changeSummary(
  entry: Pick<ChangeEntry, "toolName" | "event" | "fieldLabel" | "before" | "after">,
): string {
  if (entry.event) return toolEventSentence(entry.event, entry.toolName);
  return `${entry.fieldLabel}: ${changeValueText(entry.before)} → ${changeValueText(entry.after)}`;
}

const newestFirst = [desc(toolChanges.createdAt), desc(toolChanges.id)];

/** A tool's latest changes, newest first (the tool page's History). */
export async function listToolHistory({
  db,
  toolId,
  limit = 10,
}: {
  db: Database;
  toolId: string;
  limit?: number;
}): Promise<ChangeEntry[]> {
  if (!isUuid(toolId)) return [];
  const rows = await db
    .select(entryColumns)
    .from(toolChanges)
    .innerJoin(tools, eq(tools.id, toolChanges.toolId))
    .where(eq(toolChanges.toolId, toolId.toLowerCase()))
    .orderBy(...newestFirst)
    .limit(limit);
  return rows.map(toEntry);
}

export const RECENT_CHANGES_PAGE_SIZE = 30;
/** Deeper pages than this are not offered: the log is for what changed lately. */
export const RECENT_CHANGES_MAX_PAGE = 200;

export type RecentChangesPage = { changes: ChangeEntry[]; page: number; hasNext: boolean };

/**
 * The catalogue's changes, newest first, by page number (an index walk of
 * tool_changes_created_at_idx; one row past the page says whether there is a next one).
 * `toolSlug` narrows to one tool.
 */
export async function listRecentChanges({
  db,
  page = 1,
  pageSize = RECENT_CHANGES_PAGE_SIZE,
  toolSlug,
}: {
  db: Database;
  page?: number;
  pageSize?: number;
  toolSlug?: string | null;
}): Promise<RecentChangesPage> {
  const current = Math.min(Math.max(1, Math.trunc(page)), RECENT_CHANGES_MAX_PAGE);
  const rows = await db
    .select(entryColumns)
    .from(toolChanges)
    .innerJoin(tools, eq(tools.id, toolChanges.toolId))
    .where(toolSlug ? eq(tools.slug, toolSlug) : undefined)
    .orderBy(...newestFirst)
    .limit(pageSize + 1)
    .offset((current - 1) * pageSize);
  return {
    changes: rows.slice(0, pageSize).map(toEntry),
    page: current,
    hasNext: rows.length > pageSize && current < RECENT_CHANGES_MAX_PAGE,
  };
}
