import { AppError } from "~/lib/app-error";
import { and, asc, eq, inArray, like, ne, or, type SQL, sql } from "drizzle-orm";
import { isUuid, slugify } from "~/lib/slugify";
import { TAG_FORM_MESSAGES, type TagFormData } from "~/lib/tag-form";
import type { Database } from "../db/client.server";
import { isUniqueViolation } from "../db/postgres-errors.server";
import { escapeLike } from "../db/like-patterns.server";
import { type TagKind, tagToolCounts, tags, toolTags } from "../db/schema.server";

/**
 * The admin-curated tag vocabulary: the admin page's reads and writes, the tool form's list, and
 * the public pages' reads (a tag's page, a tool's tags, the tags in use).
 */

export type TagOption = { id: string; slug: string; name: string };
export type AdminTagRow = TagOption & { description: string | null; kind: TagKind; toolCount: number };
export type Tag = typeof tags.$inferSelect;
export type TagWriteInvalid = { status: "invalid"; fieldErrors: Record<string, string> };

/** By name as a reader expects it (case-insensitively); the unique lower(name) breaks every tie. */
const byName = [sql`lower(${tags.name})`, asc(tags.name)];

/** Kept by tool_tags' triggers (migration 0032): no row for a tag no tool carries. */
const toolCount = sql<number>`coalesce(${tagToolCounts.toolCount}, 0)::int`;

/** Every tag, for the tool form's checkboxes and the research prompt. */
export async function listTags({ db }: { db: Database }): Promise<TagOption[]> {
  return db
    .select({ id: tags.id, slug: tags.slug, name: tags.name })
    .from(tags)
    .orderBy(...byName);
}

/** A tool's tags by name, picked from every tag (listTags' order) by the ids its row carries. */
export function tagsWithIds(allTags: readonly TagOption[], ids: readonly string[]): { slug: string; name: string }[] {
  const wanted = new Set(ids);
  return allTags.filter((tag) => wanted.has(tag.id)).map(({ slug, name }) => ({ slug, name }));
}

/** The admin table: every tag with how many tools carry it. */
export async function listTagsWithCounts({ db }: { db: Database }): Promise<AdminTagRow[]> {
  return db
    .select({
      id: tags.id,
      slug: tags.slug,
      name: tags.name,
      description: tags.description,
      kind: tags.kind,
      toolCount,
    })
    .from(tags)
    .leftJoin(tagToolCounts, eq(tagToolCounts.tagId, tags.id))
    .orderBy(...byName);
}

/** A tag's page: the tag by its slug (case-insensitively, as typed addresses often are), or null. */
export async function findTagBySlug({
  db,
  slug,
}: {
  db: Database;
  slug: string;
}): Promise<{ id: string; slug: string; name: string; description: string | null } | null> {
  const wanted = slug.trim().toLowerCase();
  if (wanted === "" || wanted.length > 200) return null;
  const [tag] = await db
    .select({ id: tags.id, slug: tags.slug, name: tags.name, description: tags.description })
    .from(tags)
    .where(eq(tags.slug, wanted))
    .limit(1);
  return tag ?? null;
}

/** A tool's tags, by name; none for an id that is not a uuid. */
export async function listTagsForTool({
  db,
  toolId,
}: {
  db: Database;
  toolId: string;
}): Promise<{ slug: string; name: string }[]> {
  if (!isUuid(toolId)) return [];
  return db
    .select({ slug: tags.slug, name: tags.name })
    .from(toolTags)
    .innerJoin(tags, eq(tags.id, toolTags.tagId))
    .where(eq(toolTags.toolId, toolId.toLowerCase()))
    .orderBy(...byName);
}

/**
 * The tags of several tools in one query (the compare page), by tool id, each list by name; a
 * tool without tags, and an id that is not a uuid, map to an empty list.
 */
export async function listTagsForTools({
  db,
  toolIds,
}: {
  db: Database;
  toolIds: readonly string[];
}): Promise<Map<string, { slug: string; name: string }[]>> {
  const ids = [...new Set(toolIds.filter(isUuid).map((id) => id.toLowerCase()))];
  const byTool = new Map<string, { slug: string; name: string }[]>(toolIds.map((id) => [id, []]));
  if (ids.length === 0) return byTool;
  const rows = await db
    .select({ toolId: toolTags.toolId, slug: tags.slug, name: tags.name })
    .from(toolTags)
    .innerJoin(tags, eq(tags.id, toolTags.tagId))
    .where(inArray(toolTags.toolId, ids))
    .orderBy(...byName);
  for (const { toolId, slug, name } of rows) {
    const list = byTool.get(toolId) ?? [];
    list.push({ slug, name });
    byTool.set(toolId, list);
  }
  return byTool;
}

/** The ids of a tool's tags, for the tool form's checkboxes. */
export async function listTagIdsForTool({ db, toolId }: { db: Database; toolId: string }): Promise<string[]> {
  if (!isUuid(toolId)) return [];
  const rows = await db
    .select({ id: toolTags.tagId })
    .from(toolTags)
    .innerJoin(tags, eq(tags.id, toolTags.tagId))
    .where(eq(toolTags.toolId, toolId.toLowerCase()))
    .orderBy(...byName);
  return rows.map((row) => row.id);
}

/** Tags that at least one tool carries, by name, with their counts (a visitor's list to browse by). */
export async function listTagsInUse({
  db,
}: {
  db: Database;
}): Promise<{ slug: string; name: string; toolCount: number }[]> {
  return db
    .select({ slug: tags.slug, name: tags.name, toolCount: tagToolCounts.toolCount })
    .from(tags)
    .innerJoin(tagToolCounts, eq(tagToolCounts.tagId, tags.id))
    .orderBy(...byName);
}

/**
 * The tag ids that posted values (ids or slugs) name, each once, in the order posted; null when
 * one of them names no tag.
 */
export async function resolveTagIds({
  db,
  values,
}: {
  db: Database;
  values: readonly string[];
}): Promise<string[] | null> {
  if (values.length === 0) return [];
  const wanted = values.map((value) => value.trim().toLowerCase());
  const ids = wanted.filter(isUuid);
  const slugs = wanted.filter((value) => !isUuid(value));
  const conditions: SQL[] = [];
  if (ids.length > 0) conditions.push(inArray(tags.id, ids));
  if (slugs.length > 0) conditions.push(inArray(tags.slug, slugs));
  const rows = await db
    .select({ id: tags.id, slug: tags.slug })
    .from(tags)
    .where(or(...conditions));
  const byValue = new Map<string, string>();
  for (const row of rows) {
    byValue.set(row.id, row.id);
    byValue.set(row.slug, row.id);
  }
  const found: string[] = [];
  for (const value of wanted) {
    const id = byValue.get(value);
    if (id === undefined) return null;
    if (!found.includes(id)) found.push(id);
  }
  return found;
}

async function nameTakenByOther(db: Database, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(sql`lower(${tags.name}) = lower(${name})`, exceptId ? ne(tags.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

async function slugTakenByOther(db: Database, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.slug, slug), exceptId ? ne(tags.id, exceptId) : undefined))
    .limit(1);
  return row !== undefined;
}

/** The first free slug among base, base-2, base-3, ... read in one query. */
async function freeSlug(db: Database, base: string): Promise<string> {
  const rows = await db
    .select({ slug: tags.slug })
    .from(tags)
    .where(or(eq(tags.slug, base), like(tags.slug, `${escapeLike(base)}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}

/** What stands in the way of a name and a typed slug, as field messages (empty when nothing does). */
async function conflicts(db: Database, input: TagFormData, exceptId?: string): Promise<Record<string, string>> {
  const [nameTaken, slugTaken] = await Promise.all([
    nameTakenByOther(db, input.name, exceptId),
    input.slug === "" ? false : slugTakenByOther(db, input.slug, exceptId),
  ]);
  return {
    ...(nameTaken ? { name: TAG_FORM_MESSAGES.nameTaken } : {}),
    ...(slugTaken ? { slug: TAG_FORM_MESSAGES.slugTaken } : {}),
  };
}

/** After a unique index refused a write that raced another: which field to mark. */
async function raceLoss(db: Database, input: TagFormData, exceptId?: string): Promise<TagWriteInvalid> {
  const fieldErrors = await conflicts(db, input, exceptId);
  return {
    status: "invalid",
    fieldErrors: Object.keys(fieldErrors).length > 0 ? fieldErrors : { slug: TAG_FORM_MESSAGES.slugTaken },
  };
}

/**
 * Adds a tag. A blank slug is made from the name (with -2, -3... when taken); a typed one must be
 * free, and so must the name, compared case-insensitively.
 */
export async function createTag({
  db,
  input,
}: {
  db: Database;
  input: TagFormData;
}): Promise<{ status: "created"; tag: Tag } | TagWriteInvalid> {
  const fieldErrors = await conflicts(db, input);
  if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  const slug = input.slug || (await freeSlug(db, slugify(input.name) || "tag"));
  try {
    const [tag] = await db
      .insert(tags)
      .values({ name: input.name, slug, description: input.description, kind: input.kind })
      .returning();
    return { status: "created", tag: tag! };
  } catch (error) {
    if (isUniqueViolation(error)) return raceLoss(db, input);
    throw error;
  }
}

/** Saves a tag's name, description and, when one is typed, its slug; a blank slug keeps the current one. */
/** Updating a tag that is not there (or an id that names none): an expected failure, thrown. */
const tagNotFound = () => new AppError("not-found", "Tag not found");

export async function updateTag({
  db,
  id,
  input,
}: {
  db: Database;
  id: string;
  input: TagFormData;
}): Promise<{ status: "updated"; tag: Tag } | TagWriteInvalid> {
  if (!isUuid(id)) throw tagNotFound();
  const tagId = id.toLowerCase();
  const fieldErrors = await conflicts(db, input, tagId);
  if (Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  try {
    const [tag] = await db
      .update(tags)
      .set({
        name: input.name,
        description: input.description,
        kind: input.kind,
        ...(input.slug ? { slug: input.slug } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(tags.id, tagId))
      .returning();
    if (!tag) throw tagNotFound();
    return { status: "updated", tag };
  } catch (error) {
    if (isUniqueViolation(error)) return raceLoss(db, input, tagId);
    throw error;
  }
}

/** Removes a tag; its links to tools go with it (ON DELETE CASCADE). False when there was none. */
export async function deleteTag({ db, id }: { db: Database; id: string }): Promise<boolean> {
  if (!isUuid(id)) return false;
  const deleted = await db.delete(tags).where(eq(tags.id, id.toLowerCase())).returning({ id: tags.id });
  return deleted.length > 0;
}

/** Makes `tagIds` exactly the tool's tags (inside the caller's transaction). */
export async function replaceToolTags({
  db,
  toolId,
  tagIds,
}: {
  db: Database;
  toolId: string;
  tagIds: readonly string[];
}): Promise<void> {
  await db.delete(toolTags).where(eq(toolTags.toolId, toolId));
  if (tagIds.length > 0) await db.insert(toolTags).values(tagIds.map((tagId) => ({ toolId, tagId })));
}
