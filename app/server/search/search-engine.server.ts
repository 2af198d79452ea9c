import { and, asc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { ALTERNATIVES_LIMIT } from "~/lib/alternatives";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { comparePairPath } from "~/lib/compare";
import { slugify } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { listAlternatives } from "../catalog/alternatives.server";
import { containsPattern, escapeLike } from "../db/like-patterns.server";
import { searchWords, tags, tools } from "../db/schema.server";
import { textArray } from "../db/sql-arrays.server";
import type { FilterIntent, SearchUnderstanding } from "~/lib/search-understanding";
import { type Concept, readQuery } from "./read-query.server";
import { STOP_WORDS } from "./stop-words.server";

/**
 * The one search of the catalogue (issue 31, decision 155), for the home, category and tag pages, the
 * API and MCP alike. A text is read into concepts (read-query.server.ts); each concept's word is
 * corrected against the catalogue's vocabulary (search_words, through its trigram index) when the
 * catalogue does not hold it; the tools are found through search_vector's GIN index (stemmed English),
 * plus every tool whose name or description holds the whole text (the spec's rule, through the trigram
 * indexes); and they are ranked: the name itself first, then how many of the query's concepts a tool
 * answers, in which fields (name 8, tags and tagline 4, category and features 2, description 1), then
 * the Bayesian ranking score.
 */

/** Candidates read past which the matches are not counted (the lists' own cap, TOOL_COUNT_CAP). */
const CANDIDATE_CAP = 1000;
/**
 * Planned matches past which the candidates are the best ranked ones and the names, not the first found. Under
 * it every match up to the cap is ranked, each one's search vector read: 1,001 of them for "writer" took 60 ms on
 * PGlite at 100,000 tools when the estimate fell just under the five times the cap this was (decision 197).
 */
const MANY_MATCHES = 2 * CANDIDATE_CAP;
/** With that many matches, how many of the best ranked a page is picked from, beyond what it skips. */
const BEST_RANKED = 100;
/** Planned tools answering the words from which their best ranked are met walking the ranking index, not gathered. */
const WALK_FROM = 10_000;
/** Tools the filters leave, at most, for each to be tested against the text rather than found through the text's indexes. */
const FEW_TO_TEST = 1000;
/** Similarity (pg_trgm) a catalogue word needs to stand for a typed word that the catalogue lacks: pg_trgm's default threshold. */
const CORRECTION_SIMILARITY = 0.3;
const CORRECTIONS_PER_WORD = 3;

type SourceTool = {
  id: string;
  slug: string;
  name: string;
  category: string;
  tagline: string | null;
  tagIds: string[];
  /** Its alternatives as its alternatives page ranks them (decision 169), best first. */
  alternativeIds: string[];
};

/** A text read and resolved against the catalogue: what to match, rank and show. */
export type SearchPlan = {
  text: string;
  concepts: Concept[];
  /** Each concept as a tsquery (its phrases, corrections and prefix, or'ed). */
  conceptQueries: SQL[];
  /** Names that are the query itself, lower case (as typed, as corrected, each side of "vs"). */
  exactNames: string[];
  /** The filters the words named, as a test on tools.facets; null when they name none. */
  intentNarrowing: SQL | undefined;
  /** A named filter's tag is missing from the catalogue: the filter matches nothing. */
  intentImpossible: boolean;
  alternativesOf: SourceTool | null;
  understanding: SearchUnderstanding;
};

// Every word of a phrase, in any order: "financial research" also finds "research ... financial data".
const tsQuery = (phrase: string) => sql`plainto_tsquery('english', ${phrase})`;
const prefixQuery = (word: string) => sql`to_tsquery('english', ${`${word}:*`})`;
const orQueries = (queries: SQL[]) => sql.join(queries, sql` || `);

const INTENT_TAGS: Record<Exclude<FilterIntent, "free">, string> = {
  "open-source": "open-source",
  "self-hosted": "self-hosted",
  api: "api",
};

type VocabularyHit = { input: string; word: string; similarity: number; prefixOf: boolean };

/**
 * For each typed word, the catalogue's words that look like it (its own spelling included, similarity 1)
 * and whether some word begins with it; in one statement on search_words' trigram index. The index
 * answers `%` at pg_trgm's similarity threshold, whose default is CORRECTION_SIMILARITY: setting it in a
 * transaction of its own cost three more statements a search. The explicit test keeps the bar where it
 * is on a server configured otherwise (a higher setting finds fewer corrections, never worse ones).
 */
async function lookUpWords(db: Database, inputs: string[]): Promise<VocabularyHit[]> {
  if (inputs.length === 0) return [];
  const result = await db.execute(sql`
    select input, found.word, found.similarity, false as "prefixOf"
    from unnest(${textArray(inputs)}) as input
    cross join lateral (
      select ${searchWords.word} as word, similarity(${searchWords.word}, input) as similarity
      from ${searchWords}
      where ${searchWords.word} % input and similarity(${searchWords.word}, input) >= ${CORRECTION_SIMILARITY}
      order by similarity(${searchWords.word}, input) desc, ${searchWords.toolCount} desc limit 8) as found
    union all
    -- The inputs are letters and digits only (read-query.server.ts): nothing in them is a LIKE wildcard.
    select input, input, 0, true from unnest(${textArray(inputs)}) as input
    where exists (select 1 from ${searchWords} where ${searchWords.word} like input || '%')`);
  return (result as unknown as { rows: VocabularyHit[] }).rows.map((row) => ({
    ...row,
    similarity: Number(row.similarity),
  }));
}

/** A tool named by a text: its name or slug exactly, else the name that looks most like it. */
/** The tool "alternatives to X" names, with its alternatives as its page lists them. */
async function findAlternativesSource(db: Database, text: string): Promise<SourceTool | null> {
  const found = await findNamedTool(db, text);
  if (!found) return null;
  const alternatives = await listAlternatives({ db, source: found, limit: ALTERNATIVES_LIMIT });
  return { ...found, alternativeIds: alternatives.map((alternative) => alternative.tool.id) };
}

async function findNamedTool(db: Database, text: string): Promise<Omit<SourceTool, "alternativeIds"> | null> {
  const columns = {
    id: tools.id,
    slug: tools.slug,
    name: tools.name,
    category: tools.category,
    tagline: tools.tagline,
    tagIds: tools.tagIds,
  };
  const [exact] = await db
    .select(columns)
    .from(tools)
    .where(and(or(sql`lower(${tools.name}) = ${text}`, eq(tools.slug, slugify(text))), isNull(tools.discontinuedAt)))
    .limit(1);
  if (exact) return exact;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local pg_trgm.word_similarity_threshold = 0.5`);
    const [close] = await tx
      .select(columns)
      .from(tools)
      .where(and(sql`${text} <% ${tools.name}`, isNull(tools.discontinuedAt)))
      .orderBy(sql`word_similarity(${text}, ${tools.name}) desc`, asc(tools.id))
      .limit(1);
    return close ?? null;
  });
}

/** A concept's phrases plus the catalogue's spellings of a word it lacks; two words the catalogue writes as one, joined. */
function correctConcepts(concepts: Concept[], hits: VocabularyHit[]): { concepts: Concept[]; corrected: string[] } {
  const known = (word: string) => hits.some((hit) => hit.input === word && hit.similarity === 1);
  const startsAWord = (word: string) => hits.some((hit) => hit.input === word && hit.prefixOf);
  const result: Concept[] = [];
  const corrected: string[] = [];
  for (let index = 0; index < concepts.length; index++) {
    const concept = concepts[index]!;
    const next = concepts[index + 1];
    if (concept.correctable && next?.correctable && known(concept.typed + next.typed)) {
      const joined = concept.typed + next.typed;
      result.push({ ...concept, phrases: [`${concept.typed} ${next.typed}`, joined], prefix: false });
      corrected.push(joined);
      index++;
      continue;
    }
    if (!concept.correctable || known(concept.typed) || (concept.prefix && startsAWord(concept.typed))) {
      result.push(concept);
      corrected.push(concept.typed);
      continue;
    }
    const candidates = hits
      .filter((hit) => hit.input === concept.typed && !hit.prefixOf && !STOP_WORDS.has(hit.word))
      .sort((a, b) => b.similarity - a.similarity);
    const best = candidates[0]?.similarity ?? 0;
    const corrections = candidates
      .filter((hit) => hit.similarity >= best - 0.1)
      .slice(0, CORRECTIONS_PER_WORD)
      .map((hit) => hit.word);
    result.push({ ...concept, phrases: [...concept.phrases, ...corrections] });
    corrected.push(corrections[0] ?? concept.typed);
  }
  return { concepts: result, corrected };
}

function conceptQuery(concept: Concept): SQL {
  const phrases = concept.phrases.map(tsQuery);
  return sql`(${orQueries(concept.prefix ? [...phrases, prefixQuery(concept.typed)] : phrases)})`;
}

/** Reads a text and resolves it against the catalogue: corrections, named filters and pages. */
export async function planSearch({ db, text }: { db: Database; text: string }): Promise<SearchPlan> {
  const read = readQuery(text);
  const inputs = new Set<string>();
  read.concepts.forEach((concept, index) => {
    if (!concept.correctable || concept.typed.length < 3) return;
    inputs.add(concept.typed);
    const next = read.concepts[index + 1];
    if (next?.correctable) inputs.add(concept.typed + next.typed);
  });
  const tagSlugs = read.filters.flatMap((filter) => (filter.intent === "free" ? [] : [INTENT_TAGS[filter.intent]]));
  const [hits, intentTags, alternativesOf, compared] = await Promise.all([
    lookUpWords(db, [...inputs]),
    tagSlugs.length > 0
      ? db.select({ id: tags.id }).from(tags).where(inArray(tags.slug, tagSlugs))
      : Promise.resolve([]),
    read.alternativesTo ? findAlternativesSource(db, read.alternativesTo) : Promise.resolve(null),
    read.compare ? Promise.all(read.compare.map((side) => findNamedTool(db, side))) : Promise.resolve(null),
  ]);
  const { concepts, corrected } = correctConcepts(read.concepts, hits);

  const required = intentTags.map((tag) => tag.id);
  const free = read.filters.some((filter) => filter.intent === "free");
  const intentNarrowing = and(
    required.length > 0 ? sql`${tools.facets} @> ${textArray(required)}` : undefined,
    free ? sql`${tools.facets} && ${textArray(["pricing:free", "pricing:freemium"])}` : undefined,
  );

  let link: SearchUnderstanding["link"] = null;
  if (alternativesOf) {
    link = { label: `Alternatives to ${alternativesOf.name}`, href: `/tool/${alternativesOf.slug}/alternatives` };
  } else if (compared?.[0] && compared[1] && compared[0].id !== compared[1].id) {
    link = {
      label: `Compare ${compared[0].name} and ${compared[1].name}`,
      href: comparePairPath(compared[0].slug, compared[1].slug),
    };
  }
  const intent: SearchUnderstanding["intent"] = {
    filters: { pricing: free ? ["free", "freemium"] : [], tags: tagSlugs },
    alternativesTo: alternativesOf?.slug ?? null,
    compare:
      compared?.[0] && compared[1] && compared[0].id !== compared[1].id ? [compared[0].slug, compared[1].slug] : null,
  };
  const exactNames = [
    ...new Set([
      read.normalized,
      corrected.join(" "),
      ...(compared ?? []).flatMap((tool) => (tool ? [tool.name.toLowerCase()] : [])),
    ]),
  ].filter(Boolean);
  return {
    text,
    concepts,
    conceptQueries: concepts.map(conceptQuery),
    exactNames,
    intentNarrowing,
    intentImpossible: required.length < tagSlugs.length,
    alternativesOf,
    understanding: {
      filters: read.filters,
      link,
      didYouMean: [],
      relatedTags: [],
      relatedCategories: [],
      intent,
    },
  };
}

const ASCII_ONLY = /^[\x20-\x7e]*$/;

/**
 * The spec's rule (decision 091): the whole text inside the name or the description's text, any case.
 * `rowByRow`: the rows are read one by one rather than found through the trigram indexes (built under the
 * columns' collation, which an index search must match). Then a text of ASCII characters is compared under the
 * "C" collation, whose case folding is ASCII's own: under the databases' UTF-8 collations ILIKE first lower-cases
 * the whole description through the C library's wide characters, 2.5 of the 4.4 ms that testing 357 descriptions
 * took on PGlite (decision 210). No other letter folds to an ASCII one there but the Kelvin sign and the dotted
 * capital I, so an ASCII text finds the same descriptions but those two.
 */
const holdsWholeTextWays = (text: string, { rowByRow = false } = {}) => {
  const asAscii = rowByRow && ASCII_ONLY.test(text) ? sql` collate "C"` : sql``;
  return [
    sql`${tools.name}${asAscii} ilike ${containsPattern(text)}`,
    sql`${tools.descriptionText}${asAscii} ilike ${containsPattern(text)}`,
  ];
};

/**
 * What a tool must satisfy to be found: it answers one of the concepts and the filters the words
 * named, or it holds the whole text. Lists in another order than relevance use this alone.
 * `rowByRow`: for rows read one by one, not found through the text's indexes (holdsWholeTextWays).
 */
export function searchMatch(plan: SearchPlan, options: { rowByRow?: boolean } = {}): SQL {
  return or(answersOf(plan), ...holdsWholeTextWays(plan.text, options))!;
}

/** The tools that answer the query's words (or, for "alternatives to X", X's category and tags), without the spec's rule. */
function answersOf(plan: SearchPlan): SQL | undefined {
  if (plan.alternativesOf) return alternativesCandidates(plan.alternativesOf);
  if (plan.intentImpossible || (plan.conceptQueries.length === 0 && !plan.intentNarrowing)) return undefined;
  return and(
    plan.conceptQueries.length > 0 ? sql`${tools.searchVector} @@ (${orQueries(plan.conceptQueries)})` : undefined,
    plan.intentNarrowing,
  );
}

/** The tool's alternatives as its alternatives page lists them (decision 169): the same similarity. */
function alternativesCandidates(source: SourceTool): SQL {
  return source.alternativeIds.length > 0
    ? sql`${tools.id} = any(${textArray(source.alternativeIds)}::uuid[])`
    : sql`false`;
}

/**
 * Where the candidates come from: the tools a subquery of ids names, each then read by its primary key, or a
 * subquery that already reads the tools' rows (filters leaving few tools: 210 such reads again were a fifth of
 * the ranking statement).
 */
type Candidates = { ids: SQL } | { rows: SQL };

/**
 * The candidates with what relevance reads, their search vector detoasted once: every test of a stored
 * (toasted) tsvector would fetch and decompress it again, which cost 40 of 47 ms ranking 324 candidates.
 * The name, tags and category fields are filtered out of it once too (few words each), so a concept's
 * field is found on small vectors. OFFSET 0 keeps the planner from folding the subqueries into the
 * ORDER BY, which would repeat the work per term.
 */
const rankedColumns = (candidates: Candidates) => sql`(select ranked.*, ts_filter(ranked.v, '{a}') as fa,
    ts_filter(ranked.v, '{b}') as fb, ts_filter(ranked.v, '{c}') as fc
  from (select ${tools.id} as id, lower(${tools.name}) as lower_name, ${tools.slug} as slug,
      ${tools.category} as category, ${tools.tagIds} as tag_ids, ${tools.rankingScore} as ranking_score,
      ${tools.voteCount} as vote_count, ${tools.searchVector} || ''::tsvector as v
    from ${"ids" in candidates ? sql`${tools} where ${tools.id} in ${candidates.ids}` : sql`${candidates.rows} as ${tools}`}
    offset 0) as ranked
  offset 0) as ranked`;

/** How well a tool answers one concept: by the best field holding it. */
const conceptScore = (query: SQL) => sql`(case when ranked.fa @@ ${query} then 8 when ranked.fb @@ ${query} then 4
  when ranked.fc @@ ${query} then 2 when ranked.v @@ ${query} then 1 else 0 end)`;

/** The relevance order (decision 155), as ORDER BY terms over rankedColumns. */
function relevanceTerms(plan: SearchPlan): SQL[] {
  const exact = sql`(ranked.lower_name in (${sql.join(
    plan.exactNames.map((name) => sql`${name}`),
    sql`, `,
  )}) or ranked.slug = ${slugify(plan.text)})`;
  const beginsName = sql`(ranked.lower_name like ${`${escapeLike(plan.exactNames[0] ?? "")}%`})`;
  const terms: SQL[] = [sql`${exact} desc`, sql`${beginsName} desc`];
  if (plan.alternativesOf) {
    const ids = plan.alternativesOf.alternativeIds;
    if (ids.length > 0) terms.push(sql`array_position(${textArray(ids)}::uuid[], ranked.id) asc nulls last`);
  } else if (plan.conceptQueries.length > 0) {
    const coverage = sql.join(
      plan.conceptQueries.map((query) => sql`(ranked.v @@ ${query})::int`),
      sql` + `,
    );
    const score = sql.join(plan.conceptQueries.map(conceptScore), sql` + `);
    terms.push(sql`(${coverage}) desc`, sql`(${score}) desc`);
  }
  return [...terms, sql`ranked.ranking_score desc nulls last`, sql`ranked.vote_count desc nulls last`, sql`ranked.id`];
}

/** The best ranked ORDER BY, as tools_ranking_idx is built. */
const byRanking = [sql`${tools.rankingScore} desc nulls last`, sql`${tools.voteCount} desc nulls last`, asc(tools.id)];

/** How many times the tools a page wants the ranking threshold lets through, on the planner's estimate of the share answering. */
const THRESHOLD_MARGIN = 2;
/**
 * Planned answering tools under which they are all gathered rather than read above a threshold: with each
 * row's search vector in the row (decision 198), gathering the 1,492 tools answering "writer" (2,781 planned)
 * took 7.6 ms on PGlite at 100,000 tools, the threshold's three statements 10.5 (decision 199).
 */
const GATHER_BELOW = 3_000;

/**
 * The `wanted` best ranked tools among those answering the words, when they are too few to meet early
 * walking the ranking index. Gathering them all to keep the best read one heap page per answering tool
 * (4,841 for "chatgtp"). Instead, first only the tools ranked at least as high as the K-th of the whole
 * catalogue, K chosen so that about twice `wanted` of them answer: the ranking index's range and the
 * words' index are intersected as bitmaps, and only their common rows are read. When that yields a full
 * `wanted`, no answering tool left out can rank above them (each ranks below the threshold); otherwise
 * every answering tool is gathered as before. Returns the ids as a subquery.
 */
export async function bestRankedAnswering(
  tx: Database,
  {
    answering,
    plannedAnswering,
    wanted,
    gatherBelow = GATHER_BELOW,
  }: {
    answering: SQL;
    plannedAnswering: number;
    wanted: number;
    /** Planned answering tools under which all are gathered (each read costs a heap page). */
    gatherBelow?: number;
  },
): Promise<SQL> {
  const gatherAll = sql`(select ${tools.id} from ${tools} where ${answering}
    order by ${tools.rankingScore} + 0 desc nulls last, ${tools.voteCount} desc nulls last, ${tools.id} limit ${wanted})`;
  if (plannedAnswering < gatherBelow) return gatherAll;
  // K from the catalogue's size as last analysed, in the statement itself: a round trip fewer. A table never analysed
  // (-1 rows) gives K = 0, whose threshold lets too few through, so every answering tool is gathered.
  const rankedAbove = sql`(select greatest(ceil(${THRESHOLD_MARGIN * wanted}::float8 * reltuples
    / ${Math.max(plannedAnswering, 1)}::float8), 0)::bigint from pg_class where oid = 'tools'::regclass)`;
  // tools_threshold_score_idx alone answers the threshold (decision 205: ties share a score, so no other column
  // decides it), in the same statement. Discontinued tools count towards K, which only raises the threshold, and the
  // count found says whether it let enough through (none when K is past the last tool).
  const threshold = sql`(select ${tools.rankingScore} from ${tools}
    order by (- ${tools.rankingScore}) offset ${rankedAbove} limit 1)`;
  const found = (
    (await tx.execute(sql`select ${tools.id} as id from ${tools}
      where ${and(answering, sql`${tools.rankingScore} >= ${threshold}`)}
      order by ${tools.rankingScore} + 0 desc nulls last, ${tools.voteCount} desc nulls last, ${tools.id}
      limit ${wanted}`)) as unknown as { rows: { id: string }[] }
  ).rows.map((row) => row.id);
  return found.length < wanted ? gatherAll : sql`(select unnest(${textArray(found)}::uuid[]))`;
}

/** Whether the filters (as tests on tools.facets) leave few enough tools for each to be tested against a text. */
export async function filtersLeaveFew(tx: Database, filteredBy: SQL): Promise<boolean> {
  return (await plannedRows(tx, filteredBy)) <= FEW_TO_TEST;
}

/**
 * The tools the filters leave that pass `match`, each tested once, up to `limit`: where a word's trigrams
 * alone ("summarize": 14,976 rows of the description's index) cost more than reading those few (decision 197).
 * OFFSET 0 keeps the planner from intersecting the words' indexes with the filters' anyway; the alias keeps the
 * columns' names. The list (rankSearch) and the fact counts beside it read them the same way.
 */
export function matchingAmongFiltered({
  filteredBy,
  match,
  column,
  limit,
}: {
  filteredBy: SQL;
  match: SQL;
  column: SQL;
  limit: number;
}): SQL {
  return sql`(select ${column} from (select * from ${tools} where ${filteredBy} offset 0) as ${tools}
    where ${match} limit ${limit})`;
}

/** How many rows the planner expects a test to match, from the columns' statistics. */
export async function plannedRows(db: Database, where: SQL | undefined): Promise<number> {
  const result = await db.execute(sql`explain (format json) select 1 from ${tools} where ${where}`);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === "string" ? JSON.parse(value) : value) as [{ Plan: { "Plan Rows": number } }];
  return plan[0].Plan["Plan Rows"];
}

export type { SearchUnderstanding };

export type RankedPage = {
  /** The page's rows in order: each tool's id, and the columns the caller asked for (`columns`). */
  rows: ({ id: string } & Record<string, unknown>)[];
  total: number;
  capped: boolean;
};

/**
 * A page of a search in relevance order: the tools' ids, and how many matched (up to the cap). The
 * matches are read once through the indexes, up to the cap, and ranked in the same statement; when the
 * planner expects many times the cap, the page is picked from the best ranked matches and the names
 * that hold the text instead, and the count says "1,000+".
 */
export async function rankSearch({
  db,
  plan,
  narrowing,
  filteredBy,
  offset,
  limit,
  columns,
}: {
  db: Database;
  plan: SearchPlan;
  narrowing: SQL | undefined;
  /**
   * When the list is filtered (beyond the listing status), the same filters as tests on tools.facets: one
   * scan of its index intersects them, where the category's B-tree, the tag's GIN and the words' GIN were
   * three bitmaps (a filtered search 40 to 20 ms). Without it, the matches are found through `narrowing`.
   */
  filteredBy?: SQL | undefined;
  offset: number;
  limit: number;
  /** Columns of `tools` to read for the page's tools in the ranking statement itself (decision 206). */
  columns?: SQL;
}): Promise<RankedPage> {
  const where = and(searchMatch(plan), narrowing);
  const foundBy = filteredBy ?? narrowing;
  const answers = answersOf(plan);
  return db.transaction(async (tx) => {
    // The planner prices text tests far too cheaply and would read the whole table (decision 002).
    await tx.execute(sql`set local enable_seqscan = off`);
    // Each estimate is an EXPLAIN, planned like the search (1-2.5 ms on PGlite): only those that decide are
    // asked. Filters leaving few tools decide alone (their matches can only be fewer); words answered by
    // many tools decide "many" before the whole match is estimated (decision 199).
    const fewFiltered = filteredBy !== undefined && (await filtersLeaveFew(tx, filteredBy));
    const answering = !fewFiltered && answers ? await plannedRows(tx, and(answers, narrowing)) : 0;
    const many = !fewFiltered && (answering > MANY_MATCHES || (await plannedRows(tx, where)) > MANY_MATCHES);
    let candidates: Candidates;
    if (fewFiltered) {
      candidates = {
        rows: matchingAmongFiltered({
          filteredBy: filteredBy!,
          match: searchMatch(plan, { rowByRow: true }),
          column: sql`*`,
          limit: CANDIDATE_CAP + 1,
        }),
      };
    } else if (!many) {
      // Each way of matching through its own index, so a row is read only when it matches one: as one OR, a
      // row the filters' indexes found was tested against every way, its description (1 KB) read and case-folded.
      const ways = [answers, ...holdsWholeTextWays(plan.text)].filter((way) => way !== undefined);
      candidates = {
        ids: sql`(select found.id from (${sql.join(
          ways.map(
            (way) => sql`(select ${tools.id} from ${tools} where ${and(way, foundBy)} limit ${CANDIDATE_CAP + 1})`,
          ),
          sql` union `,
        )}) as found limit ${CANDIDATE_CAP + 1})`,
      };
    } else {
      const wanted = offset + limit + BEST_RANKED;
      // The best ranked tools that answer the words. Walking the ranking index meets them early when they are
      // many; when they are fewer (a word 3% of tools hold: 7,500 rows walked for 124), they are gathered
      // through their own index and the best ranked kept (an ORDER BY the index cannot serve: "+ 0"). The walk
      // tests the words alone: testing each row's description (1 KB, case-folded) was most of its time.
      const best = !answers
        ? undefined
        : answering >= WALK_FROM
          ? sql`(select ${tools.id} from ${tools} where ${and(narrowing, answers)}
              order by ${sql.join(byRanking, sql`, `)} limit ${wanted})`
          : await bestRankedAnswering(tx, { answering: and(narrowing, answers)!, plannedAnswering: answering, wanted });
      // Few tools answer the words but many hold the text (part of a word: "tion"): the best ranked of
      // those fill the page, walking the ranking index (they are many, so it stops early).
      const holding =
        answering < wanted * 4
          ? sql`(select ${tools.id} from ${tools} where ${where} order by ${sql.join(byRanking, sql`, `)} limit ${wanted})`
          : undefined;
      // The names the first two terms of the order lift above every other match: the query itself (or its
      // slug), and the best ranked names beginning with it, a range of the index on lower-case names. Any
      // 100 of the names holding the text anywhere (2,981 hold "writer") cost 1.1 ms to read and a third
      // more candidates to rank; below those two terms a name ranks by its words like any match.
      const named = sql`(select ${tools.id} from ${tools} where ${and(
        or(
          sql`lower(${tools.name}) in (${sql.join(
            plan.exactNames.map((name) => sql`${name}`),
            sql`, `,
          )})`,
          eq(tools.slug, slugify(plan.text)),
        ),
        narrowing,
      )} limit ${BEST_RANKED})`;
      const beginning = sql`(select ${tools.id} from ${tools} where ${and(
        sql`lower(${tools.name}) like ${`${escapeLike(plan.exactNames[0] ?? "")}%`}`,
        narrowing,
      )} order by ${sql.join(byRanking, sql`, `)} limit ${BEST_RANKED})`;
      candidates = {
        ids: sql`(${sql.join(
          [best, holding, named, beginning].filter((part) => part !== undefined),
          sql` union `,
        )})`,
      };
    }
    const order = sql.join(relevanceTerms(plan), sql`, `);
    const page = sql`(select ranked.id, count(*) over () as total, row_number() over (order by ${order}) as position
      from ${rankedColumns(candidates)} order by position limit ${limit} offset ${offset})`;
    // The caller's columns of the page's tools, read in this statement rather than in one more after it.
    const result = await tx.execute(
      columns
        ? sql`select page.id, page.total, ${columns} from ${page} as page join ${tools} on ${tools.id} = page.id
            order by page.position`
        : sql`select page.id, page.total from ${page} as page order by page.position`,
    );
    const rows = (result as unknown as { rows: ({ id: string; total: number | string } & Record<string, unknown>)[] })
      .rows;
    // A page past the end has no row to carry the count.
    const found =
      (rows[0] ? Number(rows[0].total) : undefined) ??
      (offset > 0
        ? Number(
            (
              (await tx.execute(
                "ids" in candidates
                  ? sql`select count(*) as n from ${tools} where ${tools.id} in ${candidates.ids}`
                  : sql`select count(*) as n from ${candidates.rows} as found`,
              )) as unknown as {
                rows: { n: number }[];
              }
            ).rows[0]?.n ?? 0,
          )
        : 0);
    const capped = many || found > CANDIDATE_CAP;
    return { rows, total: capped ? CANDIDATE_CAP : found, capped };
  });
}

/** When nothing matched: the catalogue's words that look like the query's, and tags and categories holding them. */
export async function suggestFor({ db, plan }: { db: Database; plan: SearchPlan }): Promise<SearchUnderstanding> {
  const words = plan.concepts.filter((concept) => concept.correctable).map((concept) => concept.typed);
  const typed = words.filter((word) => word.length >= 3);
  const [similar, relatedTags] = await Promise.all([
    typed.length === 0
      ? Promise.resolve([])
      : db.transaction(async (tx) => {
          await tx.execute(sql`set local pg_trgm.similarity_threshold = 0.25`);
          const result = await tx.execute(sql`
            select distinct on (found.word) found.word, found.similarity from unnest(${textArray(typed)}) as input
            cross join lateral (
              select ${searchWords.word} as word, similarity(${searchWords.word}, input) as similarity
              from ${searchWords} where ${searchWords.word} % input and ${searchWords.word} <> input
              order by similarity(${searchWords.word}, input) desc, ${searchWords.toolCount} desc limit 3) as found
            order by found.word, found.similarity desc`);
          return (result as unknown as { rows: { word: string; similarity: number }[] }).rows
            .sort((a, b) => Number(b.similarity) - Number(a.similarity))
            .map((row) => row.word)
            .filter((word) => !STOP_WORDS.has(word))
            .slice(0, 5);
        }),
    typed.length === 0
      ? Promise.resolve([])
      : db
          .select({ slug: tags.slug, name: tags.name })
          .from(tags)
          .where(or(...typed.map((word) => sql`${tags.name} ilike ${containsPattern(word.slice(0, 4))}`)))
          .orderBy(asc(tags.name))
          .limit(5),
  ]);
  const relatedCategories = TOOL_CATEGORIES.filter((category) =>
    typed.some((word) => category.toLowerCase().includes(word.slice(0, 4))),
  );
  return { ...plan.understanding, didYouMean: similar, relatedTags, relatedCategories };
}
