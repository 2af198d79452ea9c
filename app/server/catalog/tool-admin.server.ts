import { AppError } from "~/lib/app-error";
import { randomBytes } from "node:crypto";
import { and, asc, eq, ilike, inArray, isNotNull, isNull, like, ne, or, type SQL, sql } from "drizzle-orm";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { FLAG_AFTER_FAILURES } from "~/lib/link-health";
import { pricingColumns } from "~/lib/plan-price";
import { isUuid, slugify } from "~/lib/slugify";
import { descriptionText, TOOL_FORM_MESSAGES, type ToolFormData } from "~/lib/tool-form";
import { sanitizeRichText } from "../content/sanitize-html.server";
import type { Database } from "../db/client.server";
import { isForeignKeyViolation, isUniqueViolation } from "../db/postgres-errors.server";
import { toolCategoryCounts, toolLinkChecks, tools } from "../db/schema.server";
import { containsPattern, escapeLike } from "../db/like-patterns.server";
import {
  diffToolFields,
  recordToolChanges,
  type ChangeAuthor,
  type ToolSnapshot,
} from "../freshness/change-log.server";
import { listTagsForTool, replaceToolTags, resolveTagIds } from "./tags.server";
import { writeToolFacts } from "./tool-facts.server";

/** The admin table lists this many tools per page: the catalogue can hold tens of thousands. */
export const ADMIN_TOOLS_PAGE_SIZE = 50;

export type AdminToolRow = {
  id: string;
  slug: string;
  name: string;
  category: string;
  rating: number | null;
  metaTitle: string | null;
  tagline: string | null;
  pricingModel: string | null;
  discontinuedAt: Date | null;
  /** The latest website check's outcome and how many checks in a row have failed (null: never checked). */
  linkOutcome: string | null;
  consecutiveFailures: number | null;
  failingSince: Date | null;
};

export type AdminToolPage = { tools: AdminToolRow[]; total: number; page: number; pageCount: number; pageSize: number };

export type Tool = typeof tools.$inferSelect;

/** The form's outcome when the data itself refuses it (a taken slug, a description that sanitizes to nothing). */
export type ToolWriteInvalid = { status: "invalid"; fieldErrors: Record<string, string> };

/** Spec section 9: admin tools by name. Case-insensitively, as a reader expects; id breaks ties. */
const byName = [sql`lower(${tools.name})`, asc(tools.name), asc(tools.id)];

/** Listed tools whose website failed the last FLAG_AFTER_FAILURES checks: an admin should look. */
export const flaggedForReview = and(
  isNull(tools.discontinuedAt),
  sql`exists (select 1 from ${toolLinkChecks} where ${toolLinkChecks.toolId} = ${tools.id} and ${toolLinkChecks.consecutiveFailures} >= ${FLAG_AFTER_FAILURES})`,
)!;

/** No tagline, or a blank one. */
export const MISSING_TAGLINE = or(isNull(tools.tagline), sql`btrim(${tools.tagline}) = ''`)!;

/** No logo address, or a blank one. */
export const MISSING_LOGO = or(isNull(tools.image), sql`btrim(${tools.image}) = ''`)!;

/**
 * What a tool can lack, as the table filters it: `facts` is what an admin still has to describe (a
 * tagline or a pricing model); `tagline` and `logo` are the dashboard's own counts.
 */
export type MissingFilter = "facts" | "tagline" | "logo";

const MISSING_CONDITIONS: Record<MissingFilter, SQL> = {
  facts: or(MISSING_TAGLINE, isNull(tools.pricingModel))!,
  tagline: MISSING_TAGLINE,
  logo: MISSING_LOGO,
};

/**
 * The admin tool table: by name, optionally filtered by a substring of the name or the category,
 * and (`missing`) to the tools lacking what MissingFilter names (`true` is `facts`), (`flagged`) to the listed
 * tools whose website failed FLAG_AFTER_FAILURES checks in a row, or (`discontinued`) to the
 * tools marked discontinued.
 */
export async function listToolsForAdmin({
  db,
  query,
  missing = false,
  flagged = false,
  discontinued = false,
  page = 1,
  pageSize = ADMIN_TOOLS_PAGE_SIZE,
}: {
  db: Database;
  query?: string | null;
  missing?: boolean | MissingFilter;
  flagged?: boolean;
  discontinued?: boolean;
  page?: number;
  pageSize?: number;
}): Promise<AdminToolPage> {
  const text = (query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const pattern = containsPattern(text);
  // The categories in use are a dozen rows: matching them first turns "category contains the text"
  // into an indexed equality, so name (trigram index) OR category (btree) needs no table scan.
  const matchingCategories = text
    ? (
        await db
          .select({ category: toolCategoryCounts.category })
          .from(toolCategoryCounts)
          .where(ilike(toolCategoryCounts.category, pattern))
      ).map((row) => row.category)
    : [];
  const matching: SQL | undefined = text
    ? or(
        ilike(tools.name, pattern),
        matchingCategories.length > 0 ? inArray(tools.category, matchingCategories) : undefined,
      )
    : undefined;
  const where = and(
    matching,
    missing ? MISSING_CONDITIONS[missing === true ? "facts" : missing] : undefined,
    flagged ? flaggedForReview : undefined,
    discontinued ? isNotNull(tools.discontinuedAt) : undefined,
  );

  const rowsQuery = db
    .select({
      id: tools.id,
      slug: tools.slug,
      name: tools.name,
      category: tools.category,
      rating: tools.rating,
      metaTitle: tools.metaTitle,
      tagline: tools.tagline,
      pricingModel: tools.pricingModel,
      discontinuedAt: tools.discontinuedAt,
      linkOutcome: toolLinkChecks.outcome,
      consecutiveFailures: toolLinkChecks.consecutiveFailures,
      failingSince: toolLinkChecks.failingSince,
    })
    .from(tools)
    .leftJoin(toolLinkChecks, eq(toolLinkChecks.toolId, tools.id))
    .where(where)
    .orderBy(...byName)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  // Unfiltered, the total is the sum of the trigger-kept per-category counts (13 rows, not a scan).
  const totalQuery =
    text || missing || flagged || discontinued
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(tools)
          .where(where)
      : db
          .select({ total: sql<number>`coalesce(sum(${toolCategoryCounts.toolCount}), 0)::int` })
          .from(toolCategoryCounts);

  const [rows, [counted]] = await Promise.all([rowsQuery, totalQuery]);
  const total = counted?.total ?? 0;
  return { tools: rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
}

/** One tool by its id; anything that is not a uuid names no tool. */
export async function findToolById({ db, id }: { db: Database; id: string }): Promise<Tool | null> {
  if (!isUuid(id)) return null;
  const [tool] = await db.select().from(tools).where(eq(tools.id, id.toLowerCase())).limit(1);
  return tool ?? null;
}

/**
 * The first free slug among base, base-2, base-3, ... One query reads every slug of that family,
 * so a name used many times costs no more round trips than a new one.
 */
async function freeSlug(db: Database, base: string): Promise<string> {
  const rows = await db
    .select({ slug: tools.slug })
    .from(tools)
    .where(or(eq(tools.slug, base), like(tools.slug, `${escapeLike(base)}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** The slug a name gives; a name with no letters or digits (or one shaped like an id) still gets one. */
function slugBaseFor(name: string): string {
  const base = slugify(name);
  if (base === "") return "tool";
  return isUuid(base) ? `tool-${base}` : base;
}

async function slugTakenByOther(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tools.id })
    .from(tools)
    .where(and(eq(tools.slug, slug), exceptId ? ne(tools.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/**
 * The columns the form writes. rating and vote_count are never among them: they belong to votes.
 * The description is sanitized here, so whatever reaches the database is already safe HTML.
 */
function columnsFrom(input: ToolFormData): {
  values: Omit<typeof tools.$inferInsert, "slug">;
  invalid?: ToolWriteInvalid;
} {
  const description = sanitizeRichText(input.description);
  const values = {
    name: input.name,
    category: input.category,
    description,
    image: input.image,
    website: input.website,
    metaTitle: input.metaTitle,
    features: input.features,
    pros: input.pros,
    cons: input.cons,
    // The starting price follows the plans, never typed on its own (decision 166).
    ...pricingColumns(input.pricing),
    tagline: input.tagline,
    pricingModel: input.pricingModel,
  };
  // "<script>…</script>" alone is text to the form's check but nothing once sanitized.
  if (descriptionText(description) === "") {
    return {
      values,
      invalid: { status: "invalid", fieldErrors: { description: TOOL_FORM_MESSAGES.descriptionRequired } },
    };
  }
  return { values };
}

const slugTaken = (): ToolWriteInvalid => ({ status: "invalid", fieldErrors: { slug: TOOL_FORM_MESSAGES.slugTaken } });
const tagsUnknown = (): ToolWriteInvalid => ({
  status: "invalid",
  fieldErrors: { tags: TOOL_FORM_MESSAGES.tagsUnknown },
});

/** Thrown inside a transaction to undo it and answer the form instead. */
class Refusal extends Error {
  constructor(readonly outcome: ToolWriteInvalid) {
    super("refused");
  }
}

/**
 * Runs a tool write and its tag links as one transaction. A refusal found on the way (unknown
 * tags, a slug that lost a race) undoes everything and is answered like any invalid form.
 */
async function inTransaction<Result>(db: Database, write: (tx: Database) => Promise<Result>) {
  try {
    return await db.transaction(write);
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    if (isUniqueViolation(error)) return slugTaken();
    if (isForeignKeyViolation(error)) return tagsUnknown();
    throw error;
  }
}

async function tagIdsOrRefuse(db: Database, values: readonly string[]): Promise<string[]> {
  const ids = await resolveTagIds({ db, values });
  if (ids === null) throw new Refusal(tagsUnknown());
  return ids;
}

/** Rounds of "find a free suffix, insert" before falling back to a random suffix. */
const SLUG_ATTEMPTS = 10;

/**
 * Adds a tool from a validated form, with its tags, in one transaction. A blank slug is made from
 * the name (with -2, -3... when taken); a typed one must be free. Two saves racing for one slug
 * meet the unique index: a generated slug is looked for again, a typed one is answered as taken.
 */
export async function createTool({
  db,
  input,
  identity,
  author,
}: {
  db: Database;
  input: ToolFormData;
  /** A moved catalogue's tool keeps its id and dates (catalogue import), when the id is free. */
  identity?: ToolIdentity;
  /** Who added it: the public change log lists the new tool (status "Not listed" -> "Active"). */
  author?: ChangeAuthor;
}): Promise<{ status: "created"; tool: Tool } | ToolWriteInvalid> {
  const { values: formValues, invalid } = columnsFrom(input);
  const values = { ...formValues, ...(identity && (await freeIdentity(db, identity))) };
  if (invalid) return invalid;
  if (input.slug !== "" && (await slugTakenByOther(db, input.slug))) return slugTaken();

  return inTransaction(db, async (tx) => {
    const tagIds = await tagIdsOrRefuse(tx, input.tags);
    const tool = await insertWithSlug(tx, input, values);
    await replaceToolTags({ db: tx, toolId: tool.id, tagIds });
    if (author) {
      await recordToolChanges(tx, {
        toolId: tool.id,
        changes: [{ field: "status", before: null, after: "active" }],
        author,
      });
    }
    // A new tool's facts are logged like its later changes: each with the page it came from.
    if (input.facts) await writeToolFacts({ db: tx, toolId: tool.id, facts: input.facts, author: author ?? null });
    return { status: "created" as const, tool };
  });
}

export type ToolIdentity = { id?: string; createdAt?: Date; updatedAt?: Date };

/** The identity's dates, and its id unless another tool has it already. */
async function freeIdentity(db: Database, { id, createdAt, updatedAt }: ToolIdentity): Promise<ToolIdentity> {
  const idFree = id !== undefined && isUuid(id) && !(await findToolById({ db, id }));
  return { ...(idFree && { id: id.toLowerCase() }), ...(createdAt && { createdAt }), ...(updatedAt && { updatedAt }) };
}

async function insertWithSlug(
  db: Database,
  input: ToolFormData,
  values: Omit<typeof tools.$inferInsert, "slug">,
): Promise<Tool> {
  if (input.slug !== "") {
    const [tool] = await db
      .insert(tools)
      .values({ ...values, slug: input.slug })
      .onConflictDoNothing({ target: tools.slug })
      .returning();
    if (!tool) throw new Refusal(slugTaken());
    return tool;
  }
  // Saves racing for one name each find the same free suffix; the unique index lets one through
  // per round, the others look again. Past a few rounds a random suffix ends the contest.
  const base = slugBaseFor(input.name);
  for (let attempt = 0; attempt <= SLUG_ATTEMPTS; attempt += 1) {
    const slug = attempt < SLUG_ATTEMPTS ? await freeSlug(db, base) : `${base}-${randomBytes(4).toString("hex")}`;
    const [tool] = await db
      .insert(tools)
      .values({ ...values, slug })
      .onConflictDoNothing({ target: tools.slug })
      .returning();
    if (tool) return tool;
  }
  throw new Refusal({ status: "invalid", fieldErrors: { slug: TOOL_FORM_MESSAGES.slugUnavailable } });
}

/**
 * Saves a validated form over an existing tool and makes its tags exactly the form's, in one
 * transaction. A blank slug keeps the current one, so a tool's address (and every link to it)
 * stays put unless the admin types a new one. Every changed field is written to the public change
 * log in the same transaction, and updated_at ("Last updated", the sitemap's lastmod) moves only
 * when something did change: saving the form untouched leaves the tool as it was.
 */
export async function updateTool({
  db,
  id,
  input,
  author,
}: {
  db: Database;
  id: string;
  input: ToolFormData;
  author: ChangeAuthor;
}): Promise<{ status: "updated"; tool: Tool } | ToolWriteInvalid> {
  if (!isUuid(id)) throw toolNotFound();
  const toolId = id.toLowerCase();
  const { values, invalid } = columnsFrom(input);
  if (invalid) return invalid;

  const slug = input.slug === "" ? undefined : input.slug;
  if (slug && (await slugTakenByOther(db, slug, toolId))) return slugTaken();
  return inTransaction(db, async (tx) => {
    const tagIds = await tagIdsOrRefuse(tx, input.tags);
    // Locked, so two saves at once each log the difference from what the other left.
    const [previous] = await tx.select().from(tools).where(eq(tools.id, toolId)).for("update");
    if (!previous) throw toolNotFound();
    const tagsBefore = await listTagsForTool({ db: tx, toolId });
    const [saved] = await tx
      .update(tools)
      .set({ ...values, ...(slug ? { slug } : {}) })
      .where(eq(tools.id, toolId))
      .returning();
    if (!saved) throw toolNotFound();
    await replaceToolTags({ db: tx, toolId, tagIds });
    const tagsAfter = await listTagsForTool({ db: tx, toolId });
    // Compared with what the database kept, not with the form, so the log shows what readers see.
    const changes = diffToolFields(snapshotOf(previous, tagsBefore), snapshotOf(saved, tagsAfter));
    await recordToolChanges(tx, { toolId, changes, author });
    // The form shows every fact: one it leaves unknown is made unknown. Each change is logged with its source.
    const factChanges = input.facts
      ? await writeToolFacts({ db: tx, toolId, facts: input.facts, author, replace: true })
      : [];
    if (changes.length === 0 && factChanges.length === 0) return { status: "updated" as const, tool: saved };
    const [tool] = await tx
      .update(tools)
      .set({ updatedAt: sql`now()` })
      .where(eq(tools.id, toolId))
      .returning();
    return { status: "updated" as const, tool: tool ?? saved };
  });
}

function snapshotOf(tool: Tool, tagList: readonly { name: string }[]): ToolSnapshot {
  return { ...tool, tags: tagList.map((tag) => tag.name) };
}

/** Updating a tool that is not there (or an id that names none): an expected failure, thrown. */
const toolNotFound = () => new AppError("not-found", "Tool not found");

/** Removes a tool; its votes and comments go with it (ON DELETE CASCADE). False when there was none. */
export async function deleteTool({ db, id }: { db: Database; id: string }): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.delete(tools).where(eq(tools.id, id.toLowerCase())).returning({ id: tools.id });
  return deleted.length > 0;
}
