import { and, asc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { ALTERNATIVES_LIMIT, alternativeReason } from "~/lib/alternatives";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { tags, toolAlternativeOverrides, tools } from "../db/schema.server";
import { toolCardColumns, type ToolCard } from "./tools.server";

/** What the ranking needs of the tool whose alternatives are listed. */
export type AlternativesSource = {
  id: string;
  category: string;
  pricingModel: ToolCard["pricingModel"];
  tagIds: string[];
};

export type Alternative = { tool: ToolCard; reason: string; pinned: boolean };

/**
 * How many of the best-ranked tools of the category, and of each shared tag, are weighed. The
 * best alternatives share the category or a tag and rate well, so they are among these; a tool
 * that shares a tag but ranks below them is left out, which keeps one tool's list a few index
 * walks at any catalogue size.
 */
const FROM_CATEGORY = 50;
const FROM_EACH_TAG = 30;

const uuidArray = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;

/**
 * A tool's alternatives, best first: the administrator's pins in the order pinned, then the
 * tools that share its category (worth 2) and its tags (1 each), that sum weighted by the honest
 * ranking score; excluded tools never. Three queries whatever the catalogue's size.
 */
export async function listAlternatives({
  db,
  source,
  limit = ALTERNATIVES_LIMIT,
  knownTags,
}: {
  db: Database;
  source: AlternativesSource;
  limit?: number;
  /** Every tag, when the caller has them already (the tool page): the reasons' names come from here. */
  knownTags?: readonly { id: string; name: string }[];
}): Promise<Alternative[]> {
  const [overrides, sourceTags] = await Promise.all([
    listOverrides({ db, toolId: source.id }),
    knownTags ??
      (source.tagIds.length > 0
        ? db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, source.tagIds))
        : []),
  ]);
  const pinned = overrides.filter((override) => override.kind === "pin").map((override) => override.alternativeId);
  const excluded = overrides.map((override) => override.alternativeId).filter((id) => !pinned.includes(id));
  const sourceTagIds = uuidArray(source.tagIds);
  const byRanking = (alias: string) =>
    sql.raw(`${alias}.ranking_score desc nulls last, ${alias}.vote_count desc nulls last, ${alias}.id`);
  // Tag membership as `= any(tag_ids)`, which no index searches by: each tag's few best are found
  // by walking the ranking index, which carries tag_ids (migration 0011), where a GIN scan would
  // gather and sort all of the tag's tools.
  const candidates = sql`
    (select c.id from ${tools} as c
      where c.category = ${source.category} and c.id <> ${source.id} and c.discontinued_at is null
      order by ${byRanking("c")} limit ${FROM_CATEGORY})
    union
    (select picked.id from unnest(${sourceTagIds}) as shared(tag_id)
      cross join lateral (
        select c.id from ${tools} as c
        where shared.tag_id = any(c.tag_ids) and c.id <> ${source.id} and c.discontinued_at is null
        order by ${byRanking("c")} limit ${FROM_EACH_TAG}) as picked)
    union
    (select unnest(${uuidArray(pinned)}))`;
  const sharedTagIds = sql<string[]>`array(select unnest(${tools.tagIds}) intersect select unnest(${sourceTagIds}))`;
  const relevance = sql`(case when ${tools.category} = ${source.category} then 2 else 0 end) + cardinality(${sharedTagIds})`;
  const pinOrder: SQL[] =
    pinned.length > 0 ? [sql`array_position(${uuidArray(pinned)}, ${tools.id}) asc nulls last`] : [];
  const rows = await db
    .select({ ...toolCardColumns, sharedTagIds })
    .from(tools)
    .where(
      and(
        sql`${tools.id} in (${candidates})`,
        sql`${tools.id} <> ${source.id}`,
        // A discontinued tool is no alternative to anything, pinned or not.
        isNull(tools.discontinuedAt),
        excluded.length > 0 ? sql`not (${tools.id} = any(${uuidArray(excluded)}))` : undefined,
      ),
    )
    .orderBy(
      ...pinOrder,
      sql`(${relevance}) * ${tools.rankingScore} desc`,
      sql`${tools.rankingScore} desc nulls last`,
      asc(tools.id),
    )
    .limit(limit);

  const tagNames = new Map(sourceTags.map((tag) => [tag.id, tag.name]));
  return rows.map(({ sharedTagIds: shared, ...tool }) => {
    const isPinned = pinned.includes(tool.id);
    return {
      tool,
      pinned: isPinned,
      reason: alternativeReason({
        pinned: isPinned,
        category: tool.category,
        sameCategory: tool.category === source.category,
        pricingModel: tool.pricingModel,
        samePricing: tool.pricingModel !== null && tool.pricingModel === source.pricingModel,
        sharedTagNames: shared
          .map((id) => tagNames.get(id))
          .filter((name): name is string => name !== undefined)
          .sort((a, b) => a.localeCompare(b)),
      }),
    };
  });
}

export type AlternativeOverride = { alternativeId: string; kind: "pin" | "exclude" };

export function listOverrides({ db, toolId }: { db: Database; toolId: string }): Promise<AlternativeOverride[]> {
  return db
    .select({ alternativeId: toolAlternativeOverrides.alternativeId, kind: toolAlternativeOverrides.kind })
    .from(toolAlternativeOverrides)
    .where(eq(toolAlternativeOverrides.toolId, toolId))
    .orderBy(asc(toolAlternativeOverrides.createdAt), asc(toolAlternativeOverrides.alternativeId));
}

/** The tools kept out of a tool's alternatives, by name. */
export function listExcludedAlternatives({ db, toolId }: { db: Database; toolId: string }) {
  return db
    .select({ id: tools.id, name: tools.name })
    .from(toolAlternativeOverrides)
    .innerJoin(tools, eq(tools.id, toolAlternativeOverrides.alternativeId))
    .where(and(eq(toolAlternativeOverrides.toolId, toolId), eq(toolAlternativeOverrides.kind, "exclude")))
    .orderBy(asc(tools.name));
}

/** Pins or excludes `alternativeId` for `toolId` (a second call changes the kind), or clears it. */
export async function setOverride({
  db,
  toolId,
  alternativeId,
  kind,
}: {
  db: Database;
  toolId: string;
  alternativeId: string;
  kind: "pin" | "exclude" | "none";
}) {
  if (!isUuid(toolId) || !isUuid(alternativeId)) throw new AppError("not-found", "Tool not found");
  if (toolId === alternativeId) throw new AppError("bad-request", "A tool cannot be its own alternative");
  const where = and(
    eq(toolAlternativeOverrides.toolId, toolId),
    eq(toolAlternativeOverrides.alternativeId, alternativeId),
  );
  if (kind === "none") {
    await db.delete(toolAlternativeOverrides).where(where);
    return;
  }
  const found = await db
    .select({ id: tools.id })
    .from(tools)
    .where(inArray(tools.id, [toolId, alternativeId]));
  if (found.length < 2) throw new AppError("not-found", "Tool not found");
  await db
    .insert(toolAlternativeOverrides)
    .values({ toolId, alternativeId, kind })
    .onConflictDoUpdate({
      target: [toolAlternativeOverrides.toolId, toolAlternativeOverrides.alternativeId],
      set: { kind },
    });
}

/**
 * Up to this many tools, the sitemap lists each tool's comparisons with its best alternatives;
 * past it, computing them on request would take seconds (decision 061).
 */
export const SITEMAP_COMPARISONS_MAX_TOOLS = 500;

/**
 * The pairs of slugs "each tool with its `perTool` best alternatives", each pair once, for the
 * sitemap: empty past SITEMAP_COMPARISONS_MAX_TOOLS tools.
 */
export async function listTopComparisons({ db, perTool = 3 }: { db: Database; perTool?: number }) {
  const sources = await db
    .select({
      id: tools.id,
      slug: tools.slug,
      category: tools.category,
      pricingModel: tools.pricingModel,
      tagIds: tools.tagIds,
    })
    .from(tools)
    .orderBy(asc(tools.slug))
    .limit(SITEMAP_COMPARISONS_MAX_TOOLS + 1);
  if (sources.length > SITEMAP_COMPARISONS_MAX_TOOLS) return [];
  const pairs = new Map<string, [string, string]>();
  // A few tools at a time: the pool's connections, not one query at a time nor all at once.
  for (let start = 0; start < sources.length; start += 8) {
    const batch = sources.slice(start, start + 8);
    const lists = await Promise.all(batch.map((source) => listAlternatives({ db, source, limit: perTool })));
    batch.forEach((source, index) => {
      for (const { tool } of lists[index]!) {
        const pair = [source.slug, tool.slug].sort() as [string, string];
        pairs.set(pair.join("\n"), pair);
      }
    });
  }
  return [...pairs.values()];
}
