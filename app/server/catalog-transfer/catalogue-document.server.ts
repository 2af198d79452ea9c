import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "~/lib/app-error";
import type { RowOutcome } from "~/lib/catalog-transfer";
import type { Database } from "../db/client.server";
import { factFromPublic, isToolFactName, publicFacts, type PublicFact, type ToolFactName } from "~/lib/tool-facts";
import { toolFactsSchema } from "~/lib/tool-facts-schema";
import { readFactsForTools, writeToolFacts } from "../catalog/tool-facts.server";
import { tags, toolAlternativeOverrides, tools } from "../db/schema.server";
import type { ChangeAuthor } from "../freshness/change-log.server";
import { setToolStatus } from "../freshness/tool-status.server";
import {
  readArticleRecords,
  readToolRecords,
  type ArticleRecord,
  type CatalogExport,
  type ToolRecord,
} from "./catalog-records.server";
import { importRecords } from "./import.server";
import { importTagRecords, type TagOutcome, type TagRecord } from "./import-tags.server";

/**
 * The whole catalogue as one JSON document (issue 35, decision 152): what `--type tools` and
 * `--type articles` export, plus what those lists cannot say on their own: the tags with their
 * names and descriptions, which tools are discontinued, and the admins' pinned and hidden
 * alternatives. Logos and images stored on this site are written as absolute addresses when the
 * site's public address is known, so the site that imports the document shows them. Votes,
 * comments, members and link checks are a site's own, not its catalogue: they stay behind.
 */

export const CATALOGUE_DOCUMENT_FORMAT = "aitlas-catalogue";

/** A tool with what a list export leaves out: its id and dates (kept by a site it moves to) and its status. */
type ToolEntry = ToolRecord & {
  id: string;
  createdAt: string;
  updatedAt: string;
  status: "active" | "discontinued";
  /** Its facts with their sources, as the API's facts object (null: unknown). */
  facts: Record<ToolFactName, PublicFact | null>;
};
type AlternativeEntry = { tool: string; alternative: string; kind: "pin" | "exclude" };

export type CatalogueDocument = {
  format: typeof CATALOGUE_DOCUMENT_FORMAT;
  version: 1;
  exportedAt: string;
  /** The categories the tools use (the list itself is fixed by the site). */
  categories: string[];
  tags: TagRecord[];
  tools: ToolEntry[];
  alternatives: AlternativeEntry[];
  articles: ArticleRecord[];
};

/** A stored upload ("/uploads/…") as an address another site can load; anything else as it is. */
function portable(address: string | null, siteUrl: string | null): string | null {
  if (!address || !siteUrl || !address.startsWith("/") || address.startsWith("//")) return address;
  return new URL(address, siteUrl).toString();
}

export async function readCatalogueDocument({
  db,
  siteUrl,
  now = new Date(),
}: {
  db: Database;
  siteUrl: string | null;
  now?: Date;
}): Promise<CatalogueDocument> {
  const [toolRecords, toolRows, tagRows, overrides, articleRecords] = await Promise.all([
    readToolRecords({ db }),
    db
      .select({
        id: tools.id,
        slug: tools.slug,
        createdAt: tools.createdAt,
        updatedAt: tools.updatedAt,
        discontinuedAt: tools.discontinuedAt,
      })
      .from(tools),
    db
      .select({ slug: tags.slug, name: tags.name, description: tags.description, kind: tags.kind })
      .from(tags)
      .orderBy(asc(tags.slug)),
    db
      .select({
        toolId: toolAlternativeOverrides.toolId,
        alternativeId: toolAlternativeOverrides.alternativeId,
        kind: toolAlternativeOverrides.kind,
      })
      .from(toolAlternativeOverrides)
      .orderBy(asc(toolAlternativeOverrides.createdAt), asc(toolAlternativeOverrides.alternativeId)),
    readArticleRecords({ db }),
  ]);
  const rowOfSlug = new Map(toolRows.map((row) => [row.slug, row] as const));
  const factsOf = await readFactsForTools({ db, toolIds: toolRows.map((row) => row.id) });
  const slugOfId = new Map(toolRows.map((row) => [row.id, row.slug] as const));
  return {
    format: CATALOGUE_DOCUMENT_FORMAT,
    version: 1,
    exportedAt: now.toISOString(),
    categories: [...new Set(toolRecords.map((tool) => tool.category))].sort(),
    tags: tagRows,
    tools: toolRecords.map((tool) => {
      const row = rowOfSlug.get(tool.slug)!;
      return {
        id: row.id,
        ...tool,
        image: portable(tool.image, siteUrl),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        status: row.discontinuedAt ? "discontinued" : "active",
        facts: publicFacts(factsOf.get(row.id) ?? {}),
      };
    }),
    alternatives: overrides.map((override) => ({
      tool: slugOfId.get(override.toolId)!,
      alternative: slugOfId.get(override.alternativeId)!,
      kind: override.kind as AlternativeEntry["kind"],
    })),
    articles: articleRecords.map((article) => ({ ...article, image: portable(article.image, siteUrl) })),
  };
}

export async function exportCatalogueDocument(options: {
  db: Database;
  siteUrl: string | null;
  now?: Date;
}): Promise<CatalogExport> {
  const document = await readCatalogueDocument(options);
  return {
    body: `${JSON.stringify(document, null, 2)}\n`,
    contentType: "application/json; charset=utf-8",
    fileName: `catalogue-${document.exportedAt.slice(0, 10)}.json`,
  };
}

const documentSchema = z.object({
  format: z.literal(CATALOGUE_DOCUMENT_FORMAT),
  version: z.literal(1),
  tags: z
    .array(
      z.object({
        slug: z.string(),
        name: z.string(),
        description: z.string().nullish(),
        // Documents written before decision 169 have no kind: the site's own (or "job") stays.
        kind: z.enum(["job", "field", "generic"]).optional(),
      }),
    )
    .default([]),
  // Each record is judged by the tool or article form, row by row, as a list import's are.
  tools: z.array(z.record(z.string(), z.unknown())).default([]),
  alternatives: z
    .array(z.object({ tool: z.string(), alternative: z.string(), kind: z.enum(["pin", "exclude"]) }))
    .default([]),
  articles: z.array(z.record(z.string(), z.unknown())).default([]),
});

/** True when the text is a catalogue document rather than a list of tools or articles. */
export function isCatalogueDocument(text: string): boolean {
  try {
    const parsed = JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
    return (
      typeof parsed === "object" &&
      parsed !== null &&
      (parsed as { format?: unknown }).format === CATALOGUE_DOCUMENT_FORMAT
    );
  } catch {
    return false;
  }
}

function parseDocument(text: string) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new AppError("bad-request", `The JSON file could not be read: ${(error as Error).message}`, { cause: error });
  }
  const document = documentSchema.safeParse(parsed);
  if (!document.success) {
    throw new AppError(
      "bad-request",
      `The file is not an Aitlas catalogue document (format "${CATALOGUE_DOCUMENT_FORMAT}", version 1): ${document.error.issues[0]?.path.join(".") || "top level"}: ${document.error.issues[0]?.message}`,
    );
  }
  return document.data;
}

/** What happened to one tool's pinned and hidden alternatives, or to its listed status. */
export type ToolSettingOutcome = { tool: string; action: "update" | "unchanged" | "refused"; problems: string[] };

export type CatalogueImportReport = {
  tags: TagOutcome[];
  tools: RowOutcome[];
  statuses: ToolSettingOutcome[];
  alternatives: ToolSettingOutcome[];
  /** Each tool's facts made the document's (a tool without a facts object keeps its own). */
  facts: ToolSettingOutcome[];
  articles: RowOutcome[];
  applied: boolean;
};

class NothingWritten extends Error {}

/** True when any tag, tool, tool's alternatives or article of the document was refused. */
export function anythingRefused(report: CatalogueImportReport): boolean {
  return [report.tags, report.tools, report.alternatives, report.facts, report.articles].some((outcomes) =>
    outcomes.some((outcome) => outcome.action === "refused"),
  );
}

/** Makes each listed tool's overrides exactly the document's (a tool absent from the document keeps its own). */
async function importAlternatives(
  tx: Database,
  toolSlugs: readonly string[],
  entries: readonly AlternativeEntry[],
): Promise<ToolSettingOutcome[]> {
  if (toolSlugs.length === 0) return [];
  const named = new Set([...toolSlugs, ...entries.map((entry) => entry.alternative)]);
  const idOfSlug = new Map(
    (
      await tx
        .select({ id: tools.id, slug: tools.slug })
        .from(tools)
        .where(inArray(tools.slug, [...named]))
    ).map((row) => [row.slug, row.id] as const),
  );
  const outcomes: ToolSettingOutcome[] = [];
  for (const slug of toolSlugs) {
    const toolId = idOfSlug.get(slug);
    if (!toolId) continue;
    const wanted = entries.filter((entry) => entry.tool === slug);
    const missing = wanted.filter((entry) => !idOfSlug.has(entry.alternative) || entry.alternative === slug);
    if (missing.length > 0) {
      outcomes.push({
        tool: slug,
        action: "refused",
        problems: missing.map((entry) => `No tool "${entry.alternative}" to ${entry.kind} as an alternative`),
      });
      continue;
    }
    const current = await tx
      .select({ alternativeId: toolAlternativeOverrides.alternativeId, kind: toolAlternativeOverrides.kind })
      .from(toolAlternativeOverrides)
      .where(eq(toolAlternativeOverrides.toolId, toolId));
    const key = (alternativeId: string, kind: string) => `${alternativeId}:${kind}`;
    const have = new Set(current.map((row) => key(row.alternativeId, row.kind)));
    const want = new Set(wanted.map((entry) => key(idOfSlug.get(entry.alternative)!, entry.kind)));
    if (have.size === want.size && [...want].every((item) => have.has(item))) {
      if (wanted.length > 0) outcomes.push({ tool: slug, action: "unchanged", problems: [] });
      continue;
    }
    await tx.delete(toolAlternativeOverrides).where(eq(toolAlternativeOverrides.toolId, toolId));
    if (wanted.length > 0) {
      await tx
        .insert(toolAlternativeOverrides)
        .values(wanted.map((entry) => ({ toolId, alternativeId: idOfSlug.get(entry.alternative)!, kind: entry.kind })));
    }
    outcomes.push({ tool: slug, action: "update", problems: [] });
  }
  return outcomes;
}

/**
 * Makes each tool's facts the document's, each with its source and checked date, checked by the
 * facts' own schema; every change is logged like an admin's edit.
 */
async function importFacts(
  tx: Database,
  records: readonly Record<string, unknown>[],
  author: ChangeAuthor,
): Promise<ToolSettingOutcome[]> {
  const outcomes: ToolSettingOutcome[] = [];
  for (const record of records) {
    const { slug, facts } = record as { slug?: unknown; facts?: unknown };
    if (typeof slug !== "string" || !facts || typeof facts !== "object") continue;
    const stored = Object.fromEntries(
      Object.entries(facts as Record<string, unknown>)
        .filter(([, fact]) => fact !== null)
        .map(([name, fact]) => [
          name,
          isToolFactName(name) && typeof fact === "object" ? factFromPublic(name, fact as PublicFact) : fact,
        ]),
    );
    const parsed = toolFactsSchema.safeParse(stored);
    if (!parsed.success) {
      outcomes.push({
        tool: slug,
        action: "refused",
        problems: parsed.error.issues.map((issue) => `facts.${issue.path.join(".")}: ${issue.message}`),
      });
      continue;
    }
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug));
    if (!tool) continue;
    const changes = await writeToolFacts({ db: tx, toolId: tool.id, facts: parsed.data, author, replace: true });
    outcomes.push({ tool: slug, action: changes.length > 0 ? "update" : "unchanged", problems: [] });
  }
  return outcomes;
}

/** Lists or discontinues each tool as the document says (a tool without a status is left as it is). */
async function importStatuses(
  tx: Database,
  records: readonly Record<string, unknown>[],
  author: ChangeAuthor,
): Promise<ToolSettingOutcome[]> {
  const outcomes: ToolSettingOutcome[] = [];
  for (const record of records) {
    const { slug, status } = record as { slug?: unknown; status?: unknown };
    if (typeof slug !== "string" || (status !== "active" && status !== "discontinued")) continue;
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug));
    if (!tool) continue;
    const changed = await setToolStatus({ db: tx, id: tool.id, status, author });
    outcomes.push({ tool: slug, action: changed ? "update" : "unchanged", problems: [] });
  }
  return outcomes;
}

/**
 * Imports a catalogue document: tags first (so the tools find them), then tools, their statuses
 * and alternatives, then articles, in one transaction. A dry run (`apply: false`) rolls it all back
 * and reports what the apply would do; an apply with anything refused writes nothing. Importing the
 * same document again changes nothing.
 */
export async function importCatalogueDocument({
  db,
  text,
  apply,
  author,
  strict = false,
}: {
  db: Database;
  text: string;
  apply: boolean;
  author: ChangeAuthor;
  strict?: boolean;
}): Promise<CatalogueImportReport> {
  const document = parseDocument(text);
  const knownTags = new Map(
    document.tags.map((tag) => [
      tag.slug,
      { slug: tag.slug, name: tag.name, description: tag.description ?? null, kind: tag.kind },
    ]),
  );
  const report: CatalogueImportReport = {
    tags: [],
    tools: [],
    statuses: [],
    alternatives: [],
    facts: [],
    articles: [],
    applied: false,
  };
  try {
    await db.transaction(async (tx) => {
      report.tags = await importTagRecords({ db: tx, records: [...knownTags.values()] });
      report.tools = await importRecords({
        tx,
        kind: "tools",
        records: document.tools,
        author,
        options: { strict, knownTags },
      });
      const imported = report.tools.filter((row) => row.action !== "refused").map((row) => row.slug);
      report.statuses = await importStatuses(
        tx,
        document.tools.filter((record) => imported.includes(String(record.slug))),
        author,
      );
      report.alternatives = await importAlternatives(tx, imported, document.alternatives);
      report.facts = await importFacts(
        tx,
        document.tools.filter((record) => imported.includes(String(record.slug))),
        author,
      );
      report.articles = await importRecords({ tx, kind: "articles", records: document.articles, author });
      if (!apply || anythingRefused(report)) throw new NothingWritten();
      report.applied = true;
    });
  } catch (error) {
    if (!(error instanceof NothingWritten)) throw error;
  }
  return report;
}
