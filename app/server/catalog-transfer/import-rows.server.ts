import { AppError } from "~/lib/app-error";
import { ARTICLE_FIELDS, type ArticleFormValues } from "~/lib/article-form";
import { IMPORT_MAX_ROWS, type CatalogFormat, type CatalogKind, type RowProblem } from "~/lib/catalog-transfer";
import { suggestPricingModel } from "~/lib/pricing-model-suggestion";
import { descriptionText, TOOL_FORM_LIMITS, type ToolFormInput } from "~/lib/tool-form";
import { CATALOG_COLUMNS } from "./catalog-records.server";
import { parseCsv } from "./csv.server";

/**
 * Rows of an import file turned into the forms' input, so the forms' own schemas judge them. Our
 * export's names (metaTitle) and the original product's columns (meta_title, spec section 3) are
 * read alike: a column's name counts without case, spaces, hyphens or underscores (decision 085).
 */

type RawRow = Record<string, unknown>;

export type ImportFile = { format: CatalogFormat; rows: RawRow[]; columns: string[] };

const columnKey = (name: string) => name.toLowerCase().replace(/[\s_-]/g, "");

/**
 * The file's rows: a JSON list of objects, or a CSV table with a header row. Without a format the
 * first character tells: "[" is JSON, anything else CSV. A file that is neither is refused whole.
 */
export function readImportFile(text: string, format?: CatalogFormat): ImportFile {
  const body = text.replace(/^\uFEFF/, "");
  const chosen: CatalogFormat = format ?? (/^\s*[[{]/.test(body) ? "json" : "csv");
  let rows: RawRow[];
  if (chosen === "json") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch (error) {
      throw new AppError("bad-request", `The JSON file could not be read: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === "object" && item && !Array.isArray(item))) {
      throw new AppError("bad-request", "The JSON file must be a list of objects, one per tool or article.");
    }
    rows = parsed as RawRow[];
  } else {
    rows = parseCsv(body);
  }
  if (rows.length === 0) throw new AppError("bad-request", "The file has no rows to import.");
  if (rows.length > IMPORT_MAX_ROWS) {
    throw new AppError("bad-request", `The file has ${rows.length} rows; import at most ${IMPORT_MAX_ROWS} at a time.`);
  }
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return { format: chosen, rows, columns };
}

/** Columns of the file that name none of the kind's fields: listed in the report, never read. */
export function ignoredColumns(kind: CatalogKind, columns: readonly string[]): string[] {
  const known = new Set(CATALOG_COLUMNS[kind].map(columnKey));
  return columns.filter((column) => !known.has(columnKey(column)));
}

/** A row's values by field name, and the name the file gave each field (for messages). */
function byField(row: RawRow, fields: readonly string[]) {
  const values = new Map<string, unknown>();
  const names = new Map<string, string>();
  const fieldOf = new Map(fields.map((field) => [columnKey(field), field]));
  for (const [column, value] of Object.entries(row)) {
    const field = fieldOf.get(columnKey(column));
    if (!field || names.has(field)) continue;
    values.set(field, value);
    names.set(field, column);
  }
  return { values, names };
}

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value);
}

/**
 * A PostgreSQL array literal, as the original product's CSV export writes a text[] column:
 * {one,"two, three","with \"quotes\""}. NULL elements are dropped.
 */
export function parsePostgresArray(literal: string): string[] {
  const body = literal.trim().slice(1, -1);
  const items: string[] = [];
  let index = 0;
  while (index < body.length) {
    while (body[index] === " ") index += 1;
    let item = "";
    let quoted = false;
    if (body[index] === '"') {
      quoted = true;
      index += 1;
      while (index < body.length && body[index] !== '"') {
        if (body[index] === "\\") index += 1;
        item += body[index] ?? "";
        index += 1;
      }
      index += 1;
    } else {
      while (index < body.length && body[index] !== ",") item += body[index++];
      item = item.trim();
    }
    if (quoted || item.toUpperCase() !== "NULL") items.push(item);
    while (index < body.length && body[index] !== ",") index += 1;
    index += 1;
  }
  return items;
}

type Problems = RowProblem[];

/**
 * A list cell: a JSON list, a PostgreSQL array literal, or plain text split at `separator` (lines
 * for features, pros and cons; commas or semicolons for tags and keywords).
 */
function list(value: unknown, field: string, separator: RegExp, problems: Problems): string[] {
  if (Array.isArray(value)) return value.map(text);
  const cell = text(value).trim();
  if (cell === "") return [];
  if (cell.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(cell);
      if (Array.isArray(parsed)) return parsed.map(text);
    } catch {
      // Reported below.
    }
    problems.push({ field, message: "Must be a JSON list of text" });
    return [];
  }
  if (cell.startsWith("{") && cell.endsWith("}")) return parsePostgresArray(cell);
  return cell.split(separator);
}

const PRICING_MESSAGE = "Must be JSON: a list of plans {plan, price, details, features} or a map of plan name to price";

/** Pricing (JSON, or JSON text in a cell) as the tool form posts it. */
function pricingInput(value: unknown, field: string, problems: Problems): ToolFormInput["pricing"] {
  let pricing = value;
  if (typeof value === "string") {
    if (value.trim() === "") return { shape: "none" };
    try {
      pricing = JSON.parse(value);
    } catch {
      problems.push({ field, message: PRICING_MESSAGE });
      return { shape: "none" };
    }
  }
  if (pricing === null || pricing === undefined) return { shape: "none" };
  if (Array.isArray(pricing)) {
    return {
      shape: "plans",
      plans: pricing.map((item: unknown) => {
        const plan = (typeof item === "object" && item !== null ? item : {}) as Record<string, unknown>;
        const features = Array.isArray(plan.features) ? plan.features.map(text).join("\n") : text(plan.features);
        return { plan: text(plan.plan), price: text(plan.price), details: text(plan.details), features };
      }),
    };
  }
  if (typeof pricing === "object") {
    return {
      shape: "simple",
      entries: Object.entries(pricing).map(([plan, price]) => ({ plan, price: text(price) })),
    };
  }
  problems.push({ field, message: PRICING_MESSAGE });
  return { shape: "none" };
}

/**
 * A tagline for a row that has none (the original product had no such field): the description's
 * first sentence, cut at a word to the form's limit (decision 085).
 */
export function taglineFromDescription(html: string): string {
  const words = descriptionText(html);
  const sentence = /^.*?[.!?](?=\s|$)/.exec(words)?.[0] ?? words;
  if (sentence.length <= TOOL_FORM_LIMITS.tagline) return sentence;
  const cut = sentence.slice(0, TOOL_FORM_LIMITS.tagline - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length).replace(/[\s,;:]+$/, "")}…`;
}

export type RowInput<Input> = { input: Input; problems: RowProblem[]; columnOf: (field: string) => string };

/** A tool row as the tool form's input; a missing tagline or pricing model is filled as decision 085 says. */
export function toolInputOf(row: RawRow): RowInput<ToolFormInput> {
  const { values, names } = byField(row, CATALOG_COLUMNS.tools);
  const columnOf = (field: string) => names.get(field) ?? field;
  const problems: Problems = [];
  const get = (field: string) => text(values.get(field));
  const lines = /\r?\n/;
  const pricing = pricingInput(values.get("pricing"), columnOf("pricing"), problems);
  const planTexts = pricing.shape === "plans" ? pricing.plans : pricing.shape === "simple" ? pricing.entries : [];
  const input: ToolFormInput = {
    name: get("name"),
    category: get("category"),
    description: get("description"),
    image: get("image"),
    website: get("website"),
    slug: get("slug"),
    metaTitle: get("metaTitle"),
    features: list(values.get("features"), columnOf("features"), lines, problems),
    pros: list(values.get("pros"), columnOf("pros"), lines, problems),
    cons: list(values.get("cons"), columnOf("cons"), lines, problems),
    pricing,
    tagline: get("tagline").trim() || taglineFromDescription(get("description")),
    pricingModel: get("pricingModel").trim() || (suggestPricingModel(planTexts) ?? ""),
    tags: list(values.get("tags"), columnOf("tags"), /[,;]/, problems),
  };
  return { input, problems, columnOf };
}

/**
 * An article row as the article form's values. The original product had no drafts, so a row
 * without a status is published; a date with a time ("2024-05-01T00:00:00Z") keeps its day.
 */
export function articleInputOf(row: RawRow): RowInput<ArticleFormValues> {
  const { values, names } = byField(row, CATALOG_COLUMNS.articles);
  const columnOf = (field: string) => names.get(field) ?? field;
  const problems: Problems = [];
  const input = {} as ArticleFormValues;
  for (const field of ARTICLE_FIELDS) input[field] = text(values.get(field));
  input.metaKeywords = list(values.get("metaKeywords"), columnOf("metaKeywords"), /[,;]/, problems).join(", ");
  input.status = input.status.trim().toLowerCase() || "published";
  const dated = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(input.date.trim());
  if (dated) input.date = dated[1]!;
  return { input, problems, columnOf };
}
