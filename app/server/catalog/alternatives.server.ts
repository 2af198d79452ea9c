import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import {
  CATEGORY_SHARE,
  rarityWeight,
  RELATIVE_THRESHOLD,
  SIMILARITY_THRESHOLD,
  similarity,
  singular,
  taglineWords,
  type WeightedTag,
} from "~/lib/alternative-similarity";
import { ALTERNATIVES_LIMIT, alternativeReason } from "~/lib/alternatives";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import {
  alternativeVotes,
  searchWords,
  tags,
  toolAlternativeOverrides,
  toolCategoryCounts,
  tools,
  toolTags,
} from "../db/schema.server";
import { toolCardColumns, type ToolCard } from "./tool-card-columns.server";
import { textArray } from "../db/sql-arrays.server";

/**
 * How many tools hold each of these words. Joined from the list: as `word in (...)` the planner
 * read the word's trigram index once per word (286 ms for 300 words, on every tool page) where its
 * primary key answers in 1 ms.
 */
async function vocabularyCounts(db: Database, words: string[]): Promise<{ word: string; toolCount: number }[]> {
  const result = await db.execute(sql`select ${searchWords.word} as word, ${searchWords.toolCount} as "toolCount"
    from unnest(${textArray(words)}) as wanted(word)
    join ${searchWords} on ${searchWords.word} = wanted.word`);
  return (result as unknown as { rows: { word: string; toolCount: number }[] }).rows;
}

/** What the ranking needs of the tool whose alternatives are listed. */
export type AlternativesSource = {
  id: string;
  category: string;
  tagline: string | null;
  tagIds: string[];
};

export type Alternative = {
  tool: ToolCard;
  reason: string;
  pinned: boolean;
  /** Members who say it is a good alternative, and who say it is not (decision 170). */
  agree: number;
  disagree: number;
  /** The viewer's own word, when a viewer was given: true "good", false "not good", null none. */
  viewerVote: boolean | null;
};

/**
 * How many of the best-ranked tools of the category, and of each shared job tag, are weighed. The
 * best alternatives share the category or a job and rate well, so they are among these; a tool
 * that shares a tag but ranks below them is left out, which keeps one tool's list a few index
 * walks at any catalogue size.
 */
const FROM_CATEGORY = 50;
const FROM_EACH_TAG = 30;
/** A tag's holders are counted up to this many: past it, every tag is simply common. */
const HOLDERS_COUNTED = 5000;
/** Net votes (agree minus disagree) past this many move a tool no further. */
const VOTES_COUNTED = 8;

const uuidArray = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;

/**
 * A tool's alternatives, best first (decisions 061, 169 and 170): the administrator's pins in the
 * order pinned, then the tools similar enough in what they are for (app/lib/alternative-similarity.ts),
 * and not far less so than the closest (RELATIVE_THRESHOLD), each net vote of the members moving it up or down (four net votes double its score); excluded
 * and discontinued tools never. Four round trips whatever the catalogue's size.
 */
export async function listAlternatives({
  db,
  source,
  limit = ALTERNATIVES_LIMIT,
  viewerId = null,
}: {
  db: Database;
  source: AlternativesSource;
  limit?: number;
  /** The signed-in member, whose own votes come back with the list. */
  viewerId?: string | null;
}): Promise<Alternative[]> {
  const sourceTagIds = uuidArray(source.tagIds);
  const byRanking = (alias: string) =>
    sql.raw(`${alias}.ranking_score desc nulls last, ${alias}.vote_count desc nulls last, ${alias}.id`);
  const pins = sql`select o.alternative_id from ${toolAlternativeOverrides} as o
    where o.tool_id = ${source.id} and o.kind = 'pin'`;
  // Tag membership as `= any(tag_ids)`, which no index searches by: each job tag's few best are
  // found by walking the ranking index, which carries tag_ids (migration 0011), where a GIN scan
  // would gather and sort all of the tag's tools. Generic tags gather nothing: they count for nothing.
  const candidates = sql`
    (select c.id from ${tools} as c
      where c.category = ${source.category} and c.id <> ${source.id} and c.discontinued_at is null
      order by ${byRanking("c")} limit ${FROM_CATEGORY})
    union
    (select picked.id from ${tags} as shared
      cross join lateral (
        select c.id from ${tools} as c
        where shared.id = any(c.tag_ids) and c.id <> ${source.id} and c.discontinued_at is null
        order by ${byRanking("c")} limit ${FROM_EACH_TAG}) as picked
      where shared.id = any(${sourceTagIds}) and shared.kind <> 'generic')
    union
    (${pins})`;
  const [overrides, rows] = await Promise.all([
    listOverrides({ db, toolId: source.id }),
    db
      .select({ ...toolCardColumns, tagIds: tools.tagIds, rankingScore: tools.rankingScore })
      .from(tools)
      .where(
        and(
          sql`${tools.id} in (${candidates})`,
          sql`${tools.id} <> ${source.id}`,
          // A discontinued tool is no alternative to anything, pinned or not.
          isNull(tools.discontinuedAt),
          sql`not exists (select 1 from ${toolAlternativeOverrides} as o
            where o.tool_id = ${source.id} and o.alternative_id = ${tools.id} and o.kind = 'exclude')`,
        ),
      ),
  ]);
  const pinned = overrides.filter((override) => override.kind === "pin").map((override) => override.alternativeId);
  if (rows.length === 0) return [];

  const tagIds = [...new Set([...source.tagIds, ...rows.flatMap((row) => row.tagIds)])];
  const taglineForms = [source.tagline, ...rows.map((row) => row.tagline)].flatMap((tagline) =>
    (tagline ?? "").toLowerCase().split(/[^a-z0-9]+/),
  );
  const words = [...new Set([...taglineForms, ...taglineWords(taglineForms.join(" "))])].filter(
    (word) => word.length > 2,
  );
  const [tagRows, wordRows, voteRows] = await Promise.all([
    tagIds.length === 0
      ? []
      : db
          .select({
            id: tags.id,
            name: tags.name,
            description: tags.description,
            kind: tags.kind,
            holders: sql<number>`(select count(*)::int from (select 1 from ${toolTags} as held
              where held.tag_id = ${tags.id} limit ${HOLDERS_COUNTED}) as counted)`,
            toolCount: sql<number>`(select coalesce(sum(${toolCategoryCounts.toolCount}), 0)::int from ${toolCategoryCounts})`,
          })
          .from(tags)
          .where(inArray(tags.id, tagIds)),
    words.length === 0 ? [] : vocabularyCounts(db, words),
    db
      .select({
        alternativeId: alternativeVotes.alternativeId,
        agree: sql<number>`count(*) filter (where ${alternativeVotes.good})::int`,
        disagree: sql<number>`count(*) filter (where not ${alternativeVotes.good})::int`,
        viewerVote: viewerId
          ? sql<
              boolean | null
            >`bool_or(${alternativeVotes.good}) filter (where ${alternativeVotes.userId} = ${viewerId})`
          : sql<null>`null::boolean`,
      })
      .from(alternativeVotes)
      .where(
        and(
          eq(alternativeVotes.toolId, source.id),
          inArray(
            alternativeVotes.alternativeId,
            rows.map((row) => row.id),
          ),
        ),
      )
      .groupBy(alternativeVotes.alternativeId),
  ]);

  const toolCount = Math.max(tagRows[0]?.toolCount ?? 0, rows.length + 1);
  const weightedTags = new Map<string, WeightedTag>(
    tagRows
      .filter((tag) => tag.kind !== "generic")
      .map((tag) => [tag.id, { weight: rarityWeight(toolCount, tag.holders), kind: tag.kind as WeightedTag["kind"] }]),
  );
  const wordHolders = new Map<string, number>();
  for (const { word, toolCount: holders } of wordRows) {
    const key = singular(word);
    wordHolders.set(key, Math.max(wordHolders.get(key) ?? 0, holders));
  }
  const weights = {
    tags: weightedTags,
    category: rarityWeight(toolCount, toolCount * CATEGORY_SHARE),
    word: (word: string) => rarityWeight(toolCount, wordHolders.get(word) ?? 1),
  };
  const tagsById = new Map(tagRows.map((tag) => [tag.id, tag]));
  const votes = new Map(voteRows.map((row) => [row.alternativeId, row]));

  const scored = rows.map(({ tagIds: candidateTagIds, rankingScore, ...tool }) => {
    const { score, sharedTagIds } = similarity(source, { ...tool, tagIds: candidateTagIds }, weights);
    const vote = votes.get(tool.id);
    const net = Math.max(-VOTES_COUNTED, Math.min(VOTES_COUNTED, (vote?.agree ?? 0) - (vote?.disagree ?? 0)));
    const pinIndex = pinned.indexOf(tool.id);
    return { tool, score, sharedTagIds, vote, order: score * 2 ** (net / 4), rankingScore, pinIndex };
  });
  const similar = scored.filter((entry) => entry.score >= SIMILARITY_THRESHOLD);
  const floor = RELATIVE_THRESHOLD * Math.max(0, ...similar.map((entry) => entry.order));
  const ranked = scored
    .filter((entry) => entry.pinIndex >= 0 || (entry.score >= SIMILARITY_THRESHOLD && entry.order >= floor))
    .sort(
      (a, b) =>
        (a.pinIndex < 0 ? Infinity : a.pinIndex) - (b.pinIndex < 0 ? Infinity : b.pinIndex) ||
        b.order - a.order ||
        (b.rankingScore ?? 0) - (a.rankingScore ?? 0) ||
        a.tool.id.localeCompare(b.tool.id),
    )
    .slice(0, limit);

  return ranked.map(({ tool, sharedTagIds, vote, pinIndex }) => {
    const shared = sharedTagIds.map((id) => tagsById.get(id)!);
    return {
      tool,
      pinned: pinIndex >= 0,
      reason: alternativeReason({
        pinned: pinIndex >= 0,
        category: tool.category,
        sameCategory: tool.category === source.category,
        // The job first: a shared field says who both are for, not what they do.
        sharedTags: [...shared.filter((tag) => tag.kind === "job"), ...shared.filter((tag) => tag.kind !== "job")],
      }),
      agree: vote?.agree ?? 0,
      disagree: vote?.disagree ?? 0,
      viewerVote: vote?.viewerVote ?? null,
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
      tagline: tools.tagline,
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
