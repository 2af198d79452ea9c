import { inArray, sql } from "drizzle-orm";
import { tagFormSchema } from "~/lib/tag-form";
import { isUuid, slugify } from "~/lib/slugify";
import { createTag, updateTag } from "../catalog/tags.server";
import type { Database } from "../db/client.server";
import { type TagKind, tags } from "../db/schema.server";

/** A tag as a catalogue file describes it; `kind` (decision 169) when the file says it. */
export type TagRecord = { slug: string; name: string; description: string | null; kind?: TagKind };

/** "image-generation" → "Image generation": a name for a tag a file names only by its slug. */
export function tagNameFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A tool row's tags as slugs of tags that exist, creating the missing ones (issue 35: a catalogue
 * moved to a site without its tags is not refused). A value is matched by slug, then by name
 * without case; what matches neither becomes a tag, named from `known` (a catalogue file's tag
 * list) or from the slug. Runs inside the row's savepoint, so a refused row takes its new tags
 * with it. A value no tag can be made from (no letters, a name taken under another slug) is left
 * as it was, for the tool form's own refusal to name.
 */
export async function tagsMadeToExist({
  db,
  values,
  known = new Map(),
}: {
  db: Database;
  values: readonly string[];
  known?: ReadonlyMap<string, TagRecord>;
}): Promise<{ slugs: string[]; created: string[] }> {
  const wanted = values.map((value) => value.trim()).filter((value) => value !== "" && !isUuid(value));
  if (wanted.length === 0) return { slugs: [...values], created: [] };
  const rows = await db
    .select({ slug: tags.slug, name: tags.name })
    .from(tags)
    .where(
      sql`${inArray(
        tags.slug,
        wanted.map((value) => slugify(value)),
      )} or lower(${tags.name}) in (${sql.join(
        wanted.map((value) => sql`${value.toLowerCase()}`),
        sql`, `,
      )})`,
    );
  const bySlug = new Set(rows.map((row) => row.slug));
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.slug]));
  const slugs: string[] = [];
  const created: string[] = [];
  for (const value of values) {
    const slug = slugify(value);
    if (isUuid(value.trim()) || bySlug.has(slug)) {
      slugs.push(isUuid(value.trim()) ? value : slug);
      continue;
    }
    const named = byName.get(value.trim().toLowerCase());
    if (named) {
      slugs.push(named);
      continue;
    }
    const record = known.get(slug);
    const input = tagFormSchema.safeParse({
      name: record?.name ?? (/[A-Z]/.test(value) ? value : tagNameFromSlug(slug)),
      slug,
      description: record?.description ?? "",
      kind: record?.kind ?? "job",
    });
    const made = input.success ? await createTag({ db, input: input.data }) : null;
    if (made?.status !== "created") {
      slugs.push(value);
      continue;
    }
    bySlug.add(made.tag.slug);
    created.push(made.tag.slug);
    slugs.push(made.tag.slug);
  }
  return { slugs, created };
}

export type TagOutcome = { slug: string; action: "create" | "update" | "unchanged" | "refused"; problems: string[] };

/**
 * A catalogue file's tags written as it describes them: a missing one created, one whose name,
 * description or kind differs updated, by slug. A record without a kind keeps the stored one.
 */
export async function importTagRecords({ db, records }: { db: Database; records: readonly TagRecord[] }) {
  const stored = new Map((await db.select().from(tags)).map((row) => [row.slug, row] as const));
  const outcomes: TagOutcome[] = [];
  for (const record of records) {
    const parsed = tagFormSchema.safeParse({
      name: record.name,
      slug: record.slug,
      description: record.description ?? "",
      kind: record.kind ?? stored.get(slugify(record.slug))?.kind ?? "job",
    });
    if (!parsed.success) {
      outcomes.push({
        slug: record.slug,
        action: "refused",
        problems: parsed.error.issues.map((issue) => issue.message),
      });
      continue;
    }
    const existing = stored.get(parsed.data.slug);
    if (
      existing &&
      existing.name === parsed.data.name &&
      existing.description === parsed.data.description &&
      existing.kind === parsed.data.kind
    ) {
      outcomes.push({ slug: parsed.data.slug, action: "unchanged", problems: [] });
      continue;
    }
    const written = existing
      ? await updateTag({ db, id: existing.id, input: parsed.data })
      : await createTag({ db, input: parsed.data });
    outcomes.push(
      written.status === "invalid"
        ? { slug: parsed.data.slug, action: "refused", problems: Object.values(written.fieldErrors) }
        : { slug: parsed.data.slug, action: existing ? "update" : "create", problems: [] },
    );
  }
  return outcomes;
}
