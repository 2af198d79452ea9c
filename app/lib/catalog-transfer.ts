/**
 * Import and export of the catalogue (decisions 084 and 085): what the admin page, the command
 * line and the server share. The rows themselves are checked by the tool and article forms' own
 * schemas (tool-form.ts, article-form.ts).
 */

export const CATALOG_KINDS = ["tools", "articles"] as const;
export type CatalogKind = (typeof CATALOG_KINDS)[number];

export const CATALOG_FORMATS = ["json", "csv"] as const;
export type CatalogFormat = (typeof CATALOG_FORMATS)[number];

export function isCatalogKind(value: unknown): value is CatalogKind {
  return typeof value === "string" && (CATALOG_KINDS as readonly string[]).includes(value);
}

export function isCatalogFormat(value: unknown): value is CatalogFormat {
  return typeof value === "string" && (CATALOG_FORMATS as readonly string[]).includes(value);
}

/** The largest file an import reads, from the admin page or the command line. */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_SIZE_MESSAGE = "The file must be at most 5 MB";
/** One transaction holds every row: a bound keeps it short. */
export const IMPORT_MAX_ROWS = 5_000;

/** What an import does with a row: what the dry run says it would do is what the apply does. */
export type RowAction = "create" | "update" | "unchanged" | "refused";

/** One refusal: the column as the file names it (with the path inside it, "pricing.plans.0.plan"). */
export type RowProblem = { field: string; message: string };

export type RowOutcome = {
  /** 1 for the first record: the first item of a JSON list, the line after a CSV's header. */
  row: number;
  /** The slug the row is matched by (blank: a new one made from the name or title). */
  slug: string;
  action: RowAction;
  /** For "update": the fields that change. */
  changed: string[];
  problems: RowProblem[];
  /** Tags the row's tool named that the site lacked, created with it (slugs). */
  newTags?: string[];
};

export type ImportReport = {
  kind: CatalogKind;
  format: CatalogFormat;
  rows: RowOutcome[];
  counts: Record<RowAction, number>;
  /** Columns the import does not read (ids, ratings, dates kept by the database). */
  ignoredColumns: string[];
  /** True only when the rows were written; a dry run, or any refused row, writes nothing. */
  applied: boolean;
};

export function countsSummary(counts: Record<RowAction, number>, { applied }: { applied: boolean }): string {
  return applied
    ? `${counts.create} created, ${counts.update} updated, ${counts.unchanged} unchanged`
    : `${counts.create} to create, ${counts.update} to update, ${counts.unchanged} unchanged, ${counts.refused} refused`;
}

/** A row's details in one line: the changed fields, or each problem as "field: message". */
export function rowDetails(outcome: RowOutcome): string {
  if (outcome.action === "refused") {
    return outcome.problems.map((problem) => (problem.field ? `${problem.field}: ` : "") + problem.message).join("; ");
  }
  const changed = outcome.action === "update" ? outcome.changed.join(", ") : "";
  const newTags = outcome.newTags?.length ? `new tags: ${outcome.newTags.join(", ")}` : "";
  return [changed, newTags].filter(Boolean).join("; ");
}
