import { AppError } from "~/lib/app-error";
import { and, eq, ilike, ne, or, sql } from "drizzle-orm";
import {
  CONTENT_REQUIRED_MESSAGE,
  hasRichTextContent,
  SLUG_EMPTY_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type ArticleInput,
} from "~/lib/article-form";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { isUuid, slugify } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { isUniqueViolation } from "../db/postgres-errors.server";
import { articles } from "../db/schema.server";
import { sanitizeRichText } from "./sanitize-html.server";
import { linkedToolIds, syncArticleTools } from "./article-tools.server";
import { containsPattern } from "../db/like-patterns.server";

export type Article = typeof articles.$inferSelect;

export type AdminArticleRow = {
  id: string;
  slug: string;
  title: string;
  category: string;
  author: string;
  date: string;
  status: "draft" | "published";
};

export type SaveArticleResult =
  /** `toolIds`: the tools the article links to now or linked to before, whose pages show it (decision 182). */
  | { status: "saved"; article: Article; toolIds: string[] }
  /** Nothing was written; one message per field, keyed like the form's inputs. */
  | { status: "invalid"; fieldErrors: Record<string, string> };

/** Updating an article that is not there (or an id that names none): an expected failure, thrown. */
const articleNotFound = () => new AppError("not-found", "Article not found");

/**
 * Every article, drafts included, whose title or category contains the text (case-insensitive);
 * newest first by date, then by creation (spec section 9: admin articles by date descending).
 */
/** The admin article table shows this many rows per page. */
export const ADMIN_ARTICLES_PAGE_SIZE = 50;

export type AdminArticlePage = { articles: AdminArticleRow[]; total: number; page: number; pageCount: number };

/**
 * The admin article table: every status (or only `status`), newest date first, optionally filtered
 * by title or category.
 */
export async function listArticlesForAdmin({
  db,
  query,
  status,
  page = 1,
  pageSize = ADMIN_ARTICLES_PAGE_SIZE,
}: {
  db: Database;
  query?: string | null;
  status?: "draft" | "published";
  page?: number;
  pageSize?: number;
}): Promise<AdminArticlePage> {
  const text = (query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const pattern = containsPattern(text);
  const where = and(
    text ? or(ilike(articles.title, pattern), ilike(articles.category, pattern)) : undefined,
    status ? eq(articles.status, status) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: articles.id,
        slug: articles.slug,
        title: articles.title,
        category: articles.category,
        author: articles.author,
        date: articles.date,
        status: articles.status,
      })
      .from(articles)
      .where(where)
      .orderBy(sql`${articles.date} desc`, sql`${articles.createdAt} desc`, articles.id)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(articles)
      .where(where),
  ]);
  const total = counted?.total ?? 0;
  return { articles: rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The article with this id, draft or not; null for an unknown or malformed id. */
export async function findArticleById({ db, id }: { db: Database; id: string }): Promise<Article | null> {
  if (!isUuid(id)) return null;
  const [article] = await db.select().from(articles).where(eq(articles.id, id.toLowerCase()));
  return article ?? null;
}

/** The distinct categories articles use, for the form's suggestions. */
export async function listArticleCategories({ db }: { db: Database }): Promise<string[]> {
  const rows = await db.selectDistinct({ category: articles.category }).from(articles).orderBy(articles.category);
  return rows.map((row) => row.category);
}

/** Generated slugs stay readable in an address bar; a typed one may be longer (the form allows 200). */
const MAX_GENERATED_SLUG = 100;

function slugFromTitle(title: string): string {
  let slug = slugify(title);
  if (slug.length > MAX_GENERATED_SLUG) {
    slug = slug.slice(0, MAX_GENERATED_SLUG);
    const lastHyphen = slug.lastIndexOf("-");
    if (lastHyphen > MAX_GENERATED_SLUG / 2) slug = slug.slice(0, lastHyphen);
    slug = slug.replace(/-+$/, "");
  }
  // A title of symbols or of letters outside a-z (e.g. only Japanese) slugifies to nothing.
  return slug || "article";
}

/**
 * `base` if no article uses it, else `base-2`, `base-3`... the lowest free. `base` comes from
 * slugify, so it holds only a-z, 0-9 and hyphens and is safe inside the pattern.
 */
async function firstFreeSlug(db: Database, base: string): Promise<string> {
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(or(eq(articles.slug, base), sql`${articles.slug} ~ ${`^${base}-[0-9]+$`}`));
  const used = new Set(rows.map((row) => row.slug));
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${base}-${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * The columns both create and update write. Spec section 5: a blank meta title falls back to the
 * title, a blank meta description to the excerpt; keywords arrive split (null when none).
 */
function storedFields(input: ArticleInput, content: string) {
  return {
    title: input.title,
    category: input.category,
    author: input.author,
    date: input.date,
    excerpt: input.excerpt,
    content,
    image: input.image,
    readTime: input.readTime,
    status: input.status,
    metaTitle: input.metaTitle ?? input.title,
    metaDescription: input.metaDescription ?? input.excerpt,
    metaKeywords: input.metaKeywords,
  };
}

/**
 * The HTML as it will be stored: sanitized by the allowlist. Markup that was all scripts, event
 * handlers or bad URLs leaves nothing, which is the same as no content.
 */
function sanitizedContent(
  input: ArticleInput,
  siteOrigin: string | null,
): { ok: true; content: string } | { ok: false; fieldErrors: Record<string, string> } {
  const content = sanitizeRichText(input.content, { siteOrigin }).trim();
  if (!hasRichTextContent(content)) return { ok: false, fieldErrors: { content: CONTENT_REQUIRED_MESSAGE } };
  return { ok: true, content };
}

/**
 * Creates an article from parsed form input. A blank slug is generated from the title and made
 * unique with -2, -3...; a typed slug is normalised by the same rule and must be free.
 *
 * The insert skips on a slug conflict instead of failing, so two saves racing for one slug never
 * end in a 500: a generated slug moves on to the next free suffix, a typed one becomes a field error.
 */
export async function createArticle({
  db,
  input,
  siteOrigin = null,
}: {
  db: Database;
  input: ArticleInput;
  /** The site's public origin: links written with it are stored as paths (sanitizeRichText). */
  siteOrigin?: string | null;
}): Promise<SaveArticleResult> {
  const sanitized = sanitizedContent(input, siteOrigin);
  if (!sanitized.ok) return { status: "invalid", fieldErrors: sanitized.fieldErrors };
  const fields = storedFields(input, sanitized.content);

  // The row and its links to tools are written together, or neither is.
  return db.transaction(async (tx) => {
    const insert = async (slug: string): Promise<SaveArticleResult | null> => {
      const [article] = await tx
        .insert(articles)
        .values({ ...fields, slug })
        .onConflictDoNothing({ target: articles.slug })
        .returning();
      if (!article) return null;
      const toolIds = await syncArticleTools({ db: tx, articleId: article.id, content: article.content });
      return { status: "saved", article, toolIds };
    };
    const slugTaken: SaveArticleResult = { status: "invalid", fieldErrors: { slug: SLUG_TAKEN_MESSAGE } };

    if (input.slug !== "") {
      const slug = slugify(input.slug);
      if (!slug) return { status: "invalid", fieldErrors: { slug: SLUG_EMPTY_MESSAGE } };
      return (await insert(slug)) ?? slugTaken;
    }

    const base = slugFromTitle(input.title);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const saved = await insert(await firstFreeSlug(tx, base));
      if (saved) return saved;
    }
    // Still losing races after five tries: a random tail ends the contest.
    return (await insert(`${base}-${crypto.randomUUID().slice(0, 8)}`)) ?? slugTaken;
  });
}

/**
 * Updates an article by id from parsed form input and stamps updated_at.
 *
 * Slug: the spec saves a blank slug "as-is" on edit, but our slug column is NOT NULL with a
 * non-empty CHECK (every public address is /article/{slug}), and changing an address breaks every
 * link to it. So a blank slug keeps the current one; a typed slug is normalised and must be free.
 */
export async function updateArticle({
  db,
  id,
  input,
  siteOrigin = null,
}: {
  db: Database;
  id: string;
  input: ArticleInput;
  siteOrigin?: string | null;
}): Promise<SaveArticleResult> {
  if (!isUuid(id)) throw articleNotFound();
  const articleId = id.toLowerCase();
  const sanitized = sanitizedContent(input, siteOrigin);
  if (!sanitized.ok) return { status: "invalid", fieldErrors: sanitized.fieldErrors };

  let typedSlug: string | null = null;
  if (input.slug !== "") {
    typedSlug = slugify(input.slug);
    if (!typedSlug) return { status: "invalid", fieldErrors: { slug: SLUG_EMPTY_MESSAGE } };
    const [other] = await db
      .select({ id: articles.id })
      .from(articles)
      .where(and(eq(articles.slug, typedSlug), ne(articles.id, articleId)));
    if (other) return { status: "invalid", fieldErrors: { slug: SLUG_TAKEN_MESSAGE } };
  }

  try {
    // The row and its links to tools are written together, or neither is.
    return await db.transaction(async (tx) => {
      const [article] = await tx
        .update(articles)
        .set({
          ...storedFields(input, sanitized.content),
          ...(typedSlug ? { slug: typedSlug } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(articles.id, articleId))
        .returning();
      if (!article) throw articleNotFound();
      const toolIds = await syncArticleTools({ db: tx, articleId, content: article.content });
      return { status: "saved" as const, article, toolIds };
    });
  } catch (error) {
    // Another save took the slug between our check and this update (the transaction is undone).
    if (isUniqueViolation(error)) return { status: "invalid", fieldErrors: { slug: SLUG_TAKEN_MESSAGE } };
    throw error;
  }
}

/**
 * Deletes an article (its links to tools go with it); null when there was none with this id, else
 * the tools it linked to, whose pages listed it.
 */
export async function deleteArticle({ db, id }: { db: Database; id: string }): Promise<{ toolIds: string[] } | null> {
  if (!isUuid(id)) return null;
  const articleId = id.toLowerCase();
  return db.transaction(async (tx) => {
    const toolIds = await linkedToolIds({ db: tx, articleId });
    const deleted = await tx.delete(articles).where(eq(articles.id, articleId)).returning({ id: articles.id });
    return deleted.length > 0 ? { toolIds } : null;
  });
}
