import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { ARTICLE_FIELDS, articleFormValuesOf } from "~/lib/article-form";
import type { CatalogFormat, CatalogKind } from "~/lib/catalog-transfer";
import type { Pricing } from "~/lib/pricing";
import type { Database } from "../db/client.server";
import { articles, tags, tools, toolTags } from "../db/schema.server";
import { LOGGED_TOOL_FIELDS } from "../freshness/change-log.server";
import { toCsv } from "./csv.server";

/**
 * A tool or an article as an export writes it and an import reads it: the forms' fields, named as
 * the forms name them, with tags as slugs. Ids, ratings and timestamps belong to this database and
 * are left out; the slug is what matches a row with a stored record.
 */
export type ToolRecord = {
  slug: string;
  name: string;
  category: string;
  tagline: string | null;
  description: string;
  website: string | null;
  image: string | null;
  metaTitle: string | null;
  pricingModel: string | null;
  startingPrice: string | null;
  pricing: Pricing | null;
  features: string[];
  pros: string[];
  cons: string[];
  tags: string[];
};

/** An article as the article form reads a stored one. */
export type ArticleRecord = Parameters<typeof articleFormValuesOf>[0];

export type CatalogRecord = ToolRecord | ArticleRecord;

/**
 * The columns of an export, in order: the slug that matches a row, then the tool's facts as the
 * change log lists them (the form's fields), or the article form's fields.
 */
export const CATALOG_COLUMNS: Record<CatalogKind, readonly string[]> = {
  tools: ["slug", ...LOGGED_TOOL_FIELDS.filter((field) => field !== "slug")],
  articles: ["slug", ...ARTICLE_FIELDS.filter((field) => field !== "slug")],
};

/** Tools (all, or those `where` selects) by slug, each with its tags' slugs in order. */
export async function readToolRecords({ db, where }: { db: Database; where?: SQL }): Promise<ToolRecord[]> {
  const rows = await db.select().from(tools).where(where).orderBy(asc(tools.slug));
  if (rows.length === 0) return [];
  const links = await db
    .select({ toolId: toolTags.toolId, slug: tags.slug })
    .from(toolTags)
    .innerJoin(tags, eq(tags.id, toolTags.tagId))
    .where(
      inArray(
        toolTags.toolId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(tags.slug));
  const tagsOf = new Map<string, string[]>();
  for (const link of links) tagsOf.set(link.toolId, [...(tagsOf.get(link.toolId) ?? []), link.slug]);
  return rows.map((row) => ({
    slug: row.slug,
    name: row.name,
    category: row.category,
    tagline: row.tagline,
    description: row.description,
    website: row.website,
    image: row.image,
    metaTitle: row.metaTitle,
    pricingModel: row.pricingModel,
    startingPrice: row.startingPrice,
    pricing: row.pricing,
    features: row.features,
    pros: row.pros,
    cons: row.cons,
    tags: tagsOf.get(row.id) ?? [],
  }));
}

/** Articles (all, or those `where` selects), drafts included, by slug. */
export async function readArticleRecords({ db, where }: { db: Database; where?: SQL }): Promise<ArticleRecord[]> {
  const rows = await db.select().from(articles).where(where).orderBy(asc(articles.slug));
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    category: row.category,
    author: row.author,
    date: row.date,
    excerpt: row.excerpt,
    content: row.content,
    image: row.image,
    readTime: row.readTime,
    status: row.status,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    metaKeywords: row.metaKeywords,
  }));
}

/**
 * A cell of our CSV: lists of words (tags, keywords) joined with ", ", other lists and pricing as
 * JSON text, blanks for null (decision 085).
 */
function csvCell(column: string, value: unknown): string {
  if (value === null || value === undefined) return "";
  if (column === "tags" || column === "metaKeywords") return (value as string[]).join(", ");
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

export type CatalogExport = { body: string; contentType: string; fileName: string };

/** Every tool or article as one JSON list or one CSV table, with the name a download should get. */
export async function exportCatalog({
  db,
  kind,
  format,
  now = new Date(),
}: {
  db: Database;
  kind: CatalogKind;
  format: CatalogFormat;
  now?: Date;
}): Promise<CatalogExport> {
  const records: CatalogRecord[] = kind === "tools" ? await readToolRecords({ db }) : await readArticleRecords({ db });
  const fileName = `catalog-${kind}-${now.toISOString().slice(0, 10)}.${format}`;
  if (format === "json") {
    return { body: `${JSON.stringify(records, null, 2)}\n`, contentType: "application/json; charset=utf-8", fileName };
  }
  const columns = CATALOG_COLUMNS[kind];
  const rows = records.map((record) =>
    columns.map((column) => csvCell(column, (record as Record<string, unknown>)[column])),
  );
  return { body: toCsv([...columns], rows), contentType: "text/csv; charset=utf-8", fileName };
}
