import { and, eq, inArray, sql } from "drizzle-orm";
import {
  factChangeField,
  sameFact,
  TOOL_FACTS,
  type ToolFact,
  type ToolFactName,
  type ToolFacts,
} from "~/lib/tool-facts";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { toolFacts, tools } from "../db/schema.server";
import { recordToolChanges, type ChangeAuthor, type FieldChange } from "../freshness/change-log.server";

/**
 * A tool's structured facts (issue 32, decisions 157 and 164): one tool_facts row per known fact,
 * each with its source and checked date. Writes log every changed fact in the caller's transaction.
 */

type FactRow = typeof toolFacts.$inferSelect;

function factOf(row: FactRow): ToolFact {
  return { value: row.value, items: row.items, detail: row.detail, sourceUrl: row.sourceUrl, checkedAt: row.checkedAt };
}

/** A tool's known facts; an unknown fact has no key. */
export async function readToolFacts({ db, toolId }: { db: Database; toolId: string }): Promise<ToolFacts> {
  if (!isUuid(toolId)) return {};
  const rows = await db.select().from(toolFacts).where(eq(toolFacts.toolId, toolId.toLowerCase()));
  return factsOf(rows);
}

function factsOf(rows: FactRow[]): ToolFacts {
  const facts: ToolFacts = {};
  // In the fixed order, so every reader lists them alike.
  for (const name of TOOL_FACTS) {
    const row = rows.find((candidate) => candidate.fact === name);
    if (row) facts[name] = factOf(row);
  }
  return facts;
}

/** Many tools' facts in one statement (an export, a list of answers), by tool id. */
export async function readFactsForTools({
  db,
  toolIds,
}: {
  db: Database;
  toolIds: readonly string[];
}): Promise<Map<string, ToolFacts>> {
  const byTool = new Map<string, FactRow[]>();
  if (toolIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(toolFacts)
    .where(inArray(toolFacts.toolId, [...toolIds]));
  for (const row of rows) byTool.set(row.toolId, [...(byTool.get(row.toolId) ?? []), row]);
  return new Map(toolIds.map((id) => [id, factsOf(byTool.get(id) ?? [])]));
}

/** The stored form of a fact in the change log (jsonb): what it said and where it was read. */
function loggedFact(fact: ToolFact | undefined): ToolFact | null {
  return fact ? { ...fact, items: [...fact.items] } : null;
}

/**
 * Writes a tool's facts and logs each one that changed (value, list, detail or source: a new
 * checked date alone is stored but is no change). With `replace`, a fact missing from `facts`
 * becomes unknown (the admin form sends them all); without it only the named facts are written
 * (an accepted proposal). Pass the caller's transaction as `db`. Returns the changes logged.
 */
export async function writeToolFacts({
  db,
  toolId,
  facts,
  author,
  replace = false,
  unknown = [],
}: {
  db: Database;
  toolId: string;
  facts: ToolFacts;
  author: ChangeAuthor | null;
  replace?: boolean;
  /** Facts to make unknown (their rows removed) without `replace`. */
  unknown?: readonly ToolFactName[];
}): Promise<FieldChange[]> {
  const before = await readToolFacts({ db, toolId });
  const changes: FieldChange[] = [];
  const upserts: (typeof toolFacts.$inferInsert)[] = [];
  const removed: ToolFactName[] = [];
  for (const name of TOOL_FACTS) {
    const next = facts[name];
    const was = before[name];
    if (next) {
      if (!sameFact(was, next))
        changes.push({ field: factChangeField(name), before: loggedFact(was), after: loggedFact(next) });
      if (!sameFact(was, next) || was?.checkedAt !== next.checkedAt)
        upserts.push({ toolId, fact: name, ...next, items: [...next.items] });
    } else if (was && (replace || unknown.includes(name))) {
      changes.push({ field: factChangeField(name), before: loggedFact(was), after: null });
      removed.push(name);
    }
  }
  if (removed.length > 0)
    await db.delete(toolFacts).where(and(eq(toolFacts.toolId, toolId), inArray(toolFacts.fact, removed)));
  if (upserts.length > 0)
    await db
      .insert(toolFacts)
      .values(upserts)
      .onConflictDoUpdate({
        target: [toolFacts.toolId, toolFacts.fact],
        set: {
          value: sql`excluded.value`,
          items: sql`excluded.items`,
          detail: sql`excluded.detail`,
          sourceUrl: sql`excluded.source_url`,
          checkedAt: sql`excluded.checked_at`,
        },
      });
  // The log keeps the page each new value was read from (an accepted proposal names its own pages).
  if (author && changes.length > 0)
    await recordToolChanges(db, {
      toolId,
      changes: changes.map((change) => {
        const after = change.after as ToolFact | null;
        return {
          ...change,
          sources: author.sources ?? (after ? [{ url: after.sourceUrl, title: "", snippet: "" }] : []),
        };
      }),
      author,
    });
  return changes;
}

/**
 * Writes facts on their own (not from a tool save): in one transaction with their log entries,
 * and the tool's "Last updated" moves when one changed.
 */
export async function saveToolFacts({
  db,
  toolId,
  facts,
  author,
  replace = false,
}: {
  db: Database;
  toolId: string;
  facts: ToolFacts;
  author: ChangeAuthor;
  replace?: boolean;
}): Promise<FieldChange[]> {
  return db.transaction(async (tx) => {
    const changes = await writeToolFacts({ db: tx, toolId, facts, author, replace });
    if (changes.length > 0)
      await tx
        .update(tools)
        .set({ updatedAt: sql`now()` })
        .where(eq(tools.id, toolId));
    return changes;
  });
}
