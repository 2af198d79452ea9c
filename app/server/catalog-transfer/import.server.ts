import { eq } from "drizzle-orm";
import { articleFormSchema } from "~/lib/article-form";
import type {
  CatalogFormat,
  CatalogKind,
  ImportReport,
  RowAction,
  RowOutcome,
  RowProblem,
} from "~/lib/catalog-transfer";
import { slugify } from "~/lib/slugify";
import { toolFormSchema } from "~/lib/tool-form";
import { fieldErrorsOf } from "~/lib/form-fields";
import { createTool, updateTool, type ToolIdentity } from "../catalog/tool-admin.server";
import { createArticle, updateArticle } from "../content/article-admin.server";
import { sanitizeRichText } from "../content/sanitize-html.server";
import type { Database } from "../db/client.server";
import { articles, tools } from "../db/schema.server";
import type { ChangeAuthor } from "../freshness/change-log.server";
import {
  readArticleRecords,
  readToolRecords,
  type ArticleRecord,
  type CatalogRecord,
  type ToolRecord,
} from "./catalog-records.server";
import { articleInputOf, ignoredColumns, readImportFile, toolInputOf, type RowInput } from "./import-rows.server";
import { tagsMadeToExist, type TagRecord } from "./import-tags.server";

/**
 * Imports tools or articles (decision 084). Every row goes through the form's schema and then the
 * admin's own create or update function, so slugs, tags, sanitizing, search columns and the change
 * log stay as a save from the form leaves them. All rows run in one transaction, each in its own
 * savepoint: a dry run rolls the whole transaction back, and so does an apply with any refused row,
 * so the dry run reports exactly what the apply does and nothing is ever half applied. A tool's
 * tags that the site lacks are created with the row (issue 35), unless the import is strict.
 */

/** Thrown inside a row's savepoint to undo it: the row was refused, or it changed nothing. */
class RowUndone extends Error {
  constructor(
    readonly action: "refused" | "unchanged",
    readonly problems: RowProblem[] = [],
  ) {
    super(action);
  }
}

/** Thrown at the end to roll back a dry run, or an apply that met a refused row. */
class NothingWritten extends Error {}

type Written = { id: string; newTags?: string[] } | { problems: Record<string, string> };

/** How rows are taken: strict refuses tags the site lacks; `knownTags` names the ones it makes. */
export type ImportOptions = { strict?: boolean; knownTags?: ReadonlyMap<string, TagRecord> };

type KindOps = {
  inputOf: (row: Record<string, unknown>) => RowInput<unknown>;
  parse: (input: unknown) => { ok: true; data: unknown; slug: string } | { ok: false; errors: Record<string, string> };
  findId: (db: Database, slug: string) => Promise<string | null>;
  read: (db: Database, id: string) => Promise<CatalogRecord | undefined>;
  /**
   * A stored record as a save would store it again: rich text through the sanitizer, which the
   * demo catalogue's bodies never went through (links gain rel and target). Only a difference
   * that survives this is a change.
   */
  saved: (record: CatalogRecord) => CatalogRecord;
  /** `raw` is the file's record as it was, for what no form reads (a moved tool's id and dates). */
  write: (db: Database, data: unknown, id: string | null, raw: Record<string, unknown>) => Promise<Written>;
};

/** A catalogue document's tool id and dates, where the record has valid ones (list files have none). */
function identityOf(raw: Record<string, unknown>): ToolIdentity {
  const date = (value: unknown) => {
    const parsed = typeof value === "string" ? new Date(value) : null;
    return parsed && !Number.isNaN(parsed.getTime()) ? parsed : undefined;
  };
  return {
    id: typeof raw.id === "string" ? raw.id : undefined,
    createdAt: date(raw.createdAt),
    updatedAt: date(raw.updatedAt),
  };
}

function kindOps(kind: CatalogKind, author: ChangeAuthor, { strict = false, knownTags }: ImportOptions = {}): KindOps {
  if (kind === "tools") {
    return {
      inputOf: toolInputOf,
      parse(input) {
        const parsed = toolFormSchema.safeParse(input);
        return parsed.success
          ? { ok: true, data: parsed.data, slug: parsed.data.slug }
          : { ok: false, errors: fieldErrorsOf(parsed.error) };
      },
      async findId(db, slug) {
        const [row] = await db.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug));
        return row?.id ?? null;
      },
      read: async (db, id) => (await readToolRecords({ db, where: eq(tools.id, id) }))[0],
      saved: (record) => {
        const tool = record as ToolRecord;
        return { ...tool, description: sanitizeRichText(tool.description.trim()) };
      },
      async write(db, data, id, raw) {
        let input = data as Parameters<typeof createTool>[0]["input"];
        let newTags: string[] = [];
        if (!strict) {
          const made = await tagsMadeToExist({ db, values: input.tags, known: knownTags });
          input = { ...input, tags: made.slugs };
          newTags = made.created;
        }
        const result = id
          ? await updateTool({ db, id, input, author })
          : await createTool({ db, input, identity: identityOf(raw), author });
        return result.status === "invalid" ? { problems: result.fieldErrors } : { id: result.tool.id, newTags };
      },
    };
  }
  return {
    inputOf: articleInputOf,
    parse(input) {
      const parsed = articleFormSchema.safeParse(input);
      return parsed.success
        ? { ok: true, data: parsed.data, slug: slugify(parsed.data.slug) }
        : { ok: false, errors: fieldErrorsOf(parsed.error) };
    },
    async findId(db, slug) {
      const [row] = await db.select({ id: articles.id }).from(articles).where(eq(articles.slug, slug));
      return row?.id ?? null;
    },
    read: async (db, id) => (await readArticleRecords({ db, where: eq(articles.id, id) }))[0],
    saved: (record) => {
      const article = record as ArticleRecord;
      return { ...article, content: sanitizeRichText(article.content.trim()).trim() };
    },
    async write(db, data, id) {
      const input = data as Parameters<typeof createArticle>[0]["input"];
      const result = id ? await updateArticle({ db, id, input }) : await createArticle({ db, input });
      return result.status === "invalid" ? { problems: result.fieldErrors } : { id: result.article.id };
    },
  };
}

/** The fields whose values differ between two versions of a record. */
function changedFields(before: CatalogRecord | undefined, after: CatalogRecord | undefined): string[] {
  if (!before || !after) return [];
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  return Object.keys(now).filter((field) => JSON.stringify(was[field]) !== JSON.stringify(now[field]));
}

/** Form errors keyed by the form's paths ("pricing.plans.0.plan"), named by the file's own columns. */
function problemsOf(errors: Record<string, string>, columnOf: (field: string) => string): RowProblem[] {
  return Object.entries(errors).map(([path, message]) => {
    if (path === "form") return { field: "", message };
    const [field, ...rest] = path.split(".");
    return { field: [columnOf(field!), ...rest].join("."), message };
  });
}

async function importRow(
  tx: Database,
  ops: KindOps,
  raw: Record<string, unknown>,
  row: number,
  rowOfSlug: Map<string, number>,
): Promise<RowOutcome> {
  const { input, problems, columnOf } = ops.inputOf(raw);
  const outcome = (action: RowAction, slug: string, extra: Partial<RowOutcome> = {}): RowOutcome => ({
    row,
    slug,
    action,
    changed: [],
    problems: [],
    ...extra,
  });
  const typedSlug = (input as { slug: string }).slug.trim();
  if (problems.length > 0) return outcome("refused", typedSlug, { problems });
  const parsed = ops.parse(input);
  if (!parsed.ok) return outcome("refused", typedSlug, { problems: problemsOf(parsed.errors, columnOf) });

  const slug = parsed.slug;
  if (slug !== "") {
    const earlier = rowOfSlug.get(slug);
    if (earlier !== undefined) {
      return outcome("refused", slug, {
        problems: [{ field: columnOf("slug"), message: `Row ${earlier} has the same slug` }],
      });
    }
    rowOfSlug.set(slug, row);
  }

  const existingId = slug === "" ? null : await ops.findId(tx, slug);
  try {
    return await tx.transaction(async (savepoint) => {
      const before = existingId ? await ops.read(savepoint, existingId) : undefined;
      const written = await ops.write(savepoint, parsed.data, existingId, raw);
      if ("problems" in written) throw new RowUndone("refused", problemsOf(written.problems, columnOf));
      const after = await ops.read(savepoint, written.id);
      const newTags = written.newTags?.length ? { newTags: written.newTags } : {};
      if (!existingId) return outcome("create", after?.slug ?? slug, newTags);
      const changed = changedFields(before && ops.saved(before), after);
      // Undone so an untouched article keeps its updated_at; a tool's save already left it alone.
      if (changed.length === 0) throw new RowUndone("unchanged");
      return outcome("update", slug, { changed, ...newTags });
    });
  } catch (error) {
    if (error instanceof RowUndone) return outcome(error.action, slug, { problems: error.problems });
    throw error;
  }
}

/**
 * Runs records of one kind inside the caller's transaction, each in its own savepoint, and says
 * what each did; the caller decides whether the transaction stands.
 */
export async function importRecords({
  tx,
  kind,
  records,
  author,
  options,
}: {
  tx: Database;
  kind: CatalogKind;
  records: readonly Record<string, unknown>[];
  author: ChangeAuthor;
  options?: ImportOptions;
}): Promise<RowOutcome[]> {
  const ops = kindOps(kind, author, options);
  const rows: RowOutcome[] = [];
  const rowOfSlug = new Map<string, number>();
  for (const [index, raw] of records.entries()) rows.push(await importRow(tx, ops, raw, index + 1, rowOfSlug));
  return rows;
}

/**
 * Reads an import file and runs its rows: a dry run (`apply: false`) reports what each row would
 * do and writes nothing; an apply writes every row, or, if any row is refused, none. A file that
 * cannot be read at all throws an AppError (400) before any row is tried.
 */
export async function importCatalog({
  db,
  kind,
  text,
  format,
  apply,
  author,
  strict = false,
}: {
  db: Database;
  kind: CatalogKind;
  text: string;
  format?: CatalogFormat;
  apply: boolean;
  author: ChangeAuthor;
  strict?: boolean;
}): Promise<ImportReport> {
  const file = readImportFile(text, format);
  let rows: RowOutcome[] = [];
  let applied = false;
  try {
    await db.transaction(async (tx) => {
      rows = await importRecords({ tx, kind, records: file.rows, author, options: { strict } });
      if (!apply || rows.some((row) => row.action === "refused")) throw new NothingWritten();
      applied = true;
    });
  } catch (error) {
    if (!(error instanceof NothingWritten)) throw error;
  }
  const counts: Record<RowAction, number> = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const row of rows) counts[row.action] += 1;
  return {
    kind,
    format: file.format,
    rows,
    counts,
    ignoredColumns: ignoredColumns(kind, file.columns),
    applied,
  };
}
