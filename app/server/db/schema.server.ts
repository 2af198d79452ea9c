import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  primaryKey,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { JobKind } from "~/lib/jobs";
import {
  COMMENT_REPORT_REASONS,
  DECISION_REASON_MAX,
  LISTING_REPORT_REASONS,
  MODERATION_ACTIONS,
  REPORT_NOTE_MAX,
  SUBMISSION_DRAFT_STATES,
  SUBMISSION_NAME_MAX,
  SUBMISSION_NOTE_MAX,
  SUBMISSION_STATUSES,
  SUBMISSION_URL_MAX,
  sqlValueList,
  type CommentReportReason,
  type ListingReportReason,
  type ModerationAction,
  type SubmissionDraftState,
  type SubmissionStatus,
} from "~/lib/members";
import type { Pricing } from "~/lib/pricing";
import { TOOL_FACTS, type ToolFactName } from "~/lib/tool-facts";
import { PRICING_MODELS, type PricingModel } from "~/lib/pricing-model";
import {
  RESEARCH_QUEUE_FAILURES,
  RESEARCH_QUEUE_STATES,
  type DuplicateOf,
  type QueueDraft,
  type ResearchQueueFailure,
  type ResearchQueueState,
} from "~/lib/research-queue";
import { VOTE_BURST_STATUSES, type VoteBurstStatus } from "~/lib/vote-trust";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * SQL for HTML stripped to text inside the database, so search never matches tag names; runs of
 * whitespace collapse to one space so a phrase across formatting ("<b>plain</b> words") still matches.
 */
const stripHtmlSql = (expression: string) =>
  `btrim(regexp_replace(regexp_replace(${expression}, '<[^>]*>', ' ', 'g'), '\\s+', ' ', 'g'))`;

/** A text's words for search: every run of punctuation read as a space (an immutable SQL function, migration 0020). */
const searchWordsSql = (expression: string) => `search_words_text(${expression})`;

/** tools.search_vector's expression; the vocabulary's triggers read the same fields (migration 0020). */
const searchVectorSql =
  `setweight(to_tsvector('english', ${searchWordsSql("name")}), 'A') || ` +
  `setweight(to_tsvector('english', ${searchWordsSql("search_tags || ' ' || coalesce(tagline, '')")}), 'B') || ` +
  `setweight(to_tsvector('english', ${searchWordsSql("category || ' ' || search_join_words(features)")}), 'C') || ` +
  `setweight(to_tsvector('english', ${searchWordsSql(stripHtmlSql("coalesce(description, '')"))}), 'D')`;

// --- Accounts (Better Auth's core tables, plural names; the auth issue wires them) ---

export const users = pgTable("users", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().default(""),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  ...timestamps,
});

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

/** One row per user; user_type is the single source of the admin role. */
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The spec's username: the name an identity provider gave, else the generated name; never from the email. */
    username: text("username"),
    /**
     * The public name shown with a member's words (issue 15): the one they chose, else one generated
     * when the account was made (decision 147). Unique whatever the case, and the address of their
     * profile page /u/{name}.
     */
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    userType: text("user_type", { enum: ["user", "admin"] })
      .notNull()
      .default("user"),
    ...timestamps,
  },
  (table) => [
    check("profiles_user_type_check", sql`${table.userType} in ('user', 'admin')`),
    check("profiles_display_name_check", sql`${table.displayName} ~ '^[A-Za-z0-9._-]{3,30}$'`),
    uniqueIndex("profiles_display_name_lower_key").on(sql`lower(${table.displayName})`),
  ],
);

// --- Catalogue ---

export const tools = pgTable(
  "tools",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    descriptionText: text("description_text").generatedAlwaysAs(sql.raw(stripHtmlSql("description"))),
    image: text("image"),
    category: text("category").notNull(),
    /** Average of tool_votes.rating; written only in the vote's transaction. */
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }),
    voteCount: integer("vote_count").notNull().default(0),
    pros: text("pros")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cons: text("cons")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    pricing: jsonb("pricing").$type<Pricing>(),
    /** One sentence, what the tool does; required by the form, null only for tools saved before it. */
    tagline: text("tagline"),
    /** The admin's choice among PRICING_MODELS (app/lib/pricing-model.ts); null until chosen. */
    pricingModel: text("pricing_model").$type<PricingModel>(),
    /** Derived from the plans at every write, never typed: "$10/month", "Free" (decision 166). */
    startingPrice: text("starting_price"),
    /**
     * The Bayesian average that "top-rated" orders by: the tool's votes pulled toward the
     * catalogue's mean by a prior of m votes (app/lib/ranking.ts). Written with the votes and by
     * refreshRankingScores, never by the form.
     */
    rankingScore: doublePrecision("ranking_score").notNull().default(0),
    /**
     * "Trending" (decision 179): the last 7 days' views, website clicks, saves and votes, each day's
     * points halved every two days (app/lib/trending.ts). Written by refreshTrendingScores, never by a form.
     */
    trendingScore: doublePrecision("trending_score").notNull().default(0),
    /** The ids of the tool's tags, sorted: a mirror of tool_tags kept by its triggers (migration 0008). */
    tagIds: uuid("tag_ids")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /**
     * The facts a list filters on ("has:api", "platform:ios", ...): a mirror of tool_facts kept by
     * its triggers (migration 0023).
     */
    factFacets: text("fact_facets")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Everything a list filters on, as one array with one GIN index (migration 0009):
     * "category:{name}", "pricing:{model}" (or "pricing:unset"), the tag ids and the fact facets. Filters used
     * together become one index scan that intersects their entries (toolFacets, tools.server.ts).
     */
    facets: text("facets")
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `array['category:' || category, 'pricing:' || coalesce(pricing_model, 'unset')] || tag_ids::text[] || fact_facets`,
        ),
      ),
    metaTitle: text("meta_title"),
    website: text("website"),
    /**
     * Set when an administrator marks the tool discontinued: its page stays with a banner and its
     * last known facts, and it leaves the default lists and search (decision 067).
     */
    discontinuedAt: timestamp("discontinued_at", { withTimezone: true }),
    /** The names of the tool's tags, one string: kept with tag_ids by the same triggers (migration 0020), for search. */
    searchTags: text("search_tags").notNull().default(""),
    /**
     * What search matches (decision 155): stemmed English words of the name (weight A), the tags'
     * names and the tagline (B), the category and features (C) and the description's text (D),
     * punctuation read as spaces so "Otter.ai" holds "otter". Stored in the row, not out of line
     * (STORAGE MAIN, migration 0035, decision 198): a search tests it on every row it walks. So are
     * the short columns; only the description and its text are EXTENDED, moved out of line.
     */
    searchVector: tsvector("search_vector").generatedAlwaysAs(sql.raw(searchVectorSql)),
    ...timestamps,
  },
  (table) => [
    check("tools_slug_check", sql`${table.slug} <> ''`),
    check("tools_rating_check", sql`${table.rating} is null or (${table.rating} >= 1 and ${table.rating} <= 5)`),
    check("tools_vote_count_check", sql`${table.voteCount} >= 0`),
    check("tools_tagline_check", sql`${table.tagline} is null or char_length(${table.tagline}) <= 120`),
    check(
      "tools_pricing_model_check",
      sql.raw(`pricing_model is null or pricing_model in (${PRICING_MODELS.map((model) => `'${model}'`).join(", ")})`),
    ),
    // Each index matches its list's whole ORDER BY, so a page is read in order and stops at the limit.
    index("tools_created_at_idx").on(table.createdAt.desc(), table.id),
    index("tools_category_rating_idx").on(
      table.category,
      table.rating.desc().nullsLast(),
      table.voteCount.desc(),
      table.name,
      table.id,
    ),
    // Also INCLUDE (tag_ids, name, discontinued_at), added by migrations 0011 and 0034: drizzle cannot spell it.
    index("tools_ranking_idx").on(table.rankingScore.desc(), table.voteCount.desc(), table.id),
    // A search's ranking threshold counts thousands of scores (decision 205): the score alone, ordered by its
    // negation, an expression no list orders by, so no walk of the lists' order takes this index in place of the
    // ranking index. Also INCLUDE (ranking_score), added by migration 0037: drizzle cannot spell it.
    index("tools_threshold_score_idx").on(sql`(- ${table.rankingScore})`),
    index("tools_trending_idx").on(table.trendingScore.desc(), table.rankingScore.desc(), table.id),
    index("tools_vote_count_idx").on(table.voteCount.desc(), table.rankingScore.desc(), table.id),
    index("tools_category_ranking_idx").on(table.category, table.rankingScore.desc(), table.voteCount.desc(), table.id),
    index("tools_pricing_model_ranking_idx").on(
      table.pricingModel,
      table.rankingScore.desc(),
      table.voteCount.desc(),
      table.id,
    ),
    // Without the pending list a search never scans unsorted entries; PGlite has no autovacuum to merge them.
    index("tools_facets_idx").using("gin", table.facets).with({ fastupdate: false }),
    // Discontinued tools are few: the graveyard and the lists' counts read them from this alone.
    index("tools_discontinued_idx")
      .on(table.discontinuedAt.desc(), table.id)
      .where(sql`${table.discontinuedAt} is not null`),
    index("tools_lower_name_idx").on(sql`lower(${table.name})`),
    // Names that begin with a text (searches of one or two characters, the first relevance tier).
    index("tools_lower_name_pattern_idx").on(sql`lower(${table.name}) text_pattern_ops`),
    // The best ranked names beginning with one or two letters, read in order (a search that short, decision 202).
    index("tools_name_beginning_1_idx").on(
      sql`left(lower(${table.name}), 1)`,
      table.rankingScore.desc(),
      table.voteCount.desc(),
      table.id,
    ),
    index("tools_name_beginning_2_idx").on(
      sql`left(lower(${table.name}), 2)`,
      table.rankingScore.desc(),
      table.voteCount.desc(),
      table.id,
    ),
    index("tools_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    // The spec's search is a substring of the name or the description (section 5).
    index("tools_description_text_trgm_idx").using("gin", table.descriptionText.op("gin_trgm_ops")),
    index("tools_search_vector_idx").using("gin", table.searchVector).with({ fastupdate: false }),
    // Every one- and two-character piece of each tool's name and description text (decision 207): a search that
    // short finds its tools here instead of testing descriptions. tool_text_pieces() is migration 0038's.
    index("tools_text_pieces_idx")
      .using("gin", sql`tool_text_pieces(${table.name}, ${table.descriptionText})`)
      .with({ fastupdate: false }),
  ],
);

/**
 * Tools per category, kept exact by triggers on tools (migration 0003), so list pages read their
 * totals from at most 13 rows instead of counting the catalogue on every request.
 */
export const toolCategoryCounts = pgTable(
  "tool_category_counts",
  {
    category: text("category").primaryKey(),
    toolCount: integer("tool_count").notNull().default(0),
  },
  (table) => [check("tool_category_counts_tool_count_check", sql`${table.toolCount} >= 0`)],
);

/**
 * Every one- and two-character piece of any tool's name or description text, lower case (migration
 * 0033, decision 194): a search of one or two characters that no piece matches has no match, known
 * from this primary key instead of reading every description. Added to by triggers on tools; a
 * piece whose last holder went stays (a superset is still a proof of absence).
 */
export const cataloguePieces = pgTable("catalogue_pieces", {
  piece: text("piece").primaryKey(),
});

/**
 * The catalogue's vocabulary (decision 155): every word of a listed field of any tool, lower case and
 * unstemmed, with how many tools hold it. Kept by triggers on tools (migration 0020); search reads it
 * through its trigram index for typos and did-you-mean, never the tools themselves.
 */
export const searchWords = pgTable(
  "search_words",
  {
    word: text("word").primaryKey(),
    toolCount: integer("tool_count").notNull(),
  },
  (table) => [index("search_words_trgm_idx").using("gin", table.word.op("gin_trgm_ops"))],
);

/**
 * What people look for (issue 31, decision 162): how many searches of each normalised text (lower
 * case, spaces collapsed, at most 100 characters, never one holding an "@") each day, and how many
 * of them found nothing. Nothing about who searched is kept. Written in batches by
 * search/search-log.server.ts; rows past 30 days are pruned.
 */
export const searchQueriesDaily = pgTable(
  "search_queries_daily",
  {
    day: date("day").notNull(),
    query: text("query").notNull(),
    searchCount: integer("search_count").notNull(),
    zeroResultCount: integer("zero_result_count").notNull().default(0),
  },
  (table) => [
    primaryKey({ name: "search_queries_daily_day_query_pk", columns: [table.day, table.query] }),
    check(
      "search_queries_daily_counts_check",
      sql`${table.searchCount} > 0 and ${table.zeroResultCount} between 0 and ${table.searchCount}`,
    ),
    check(
      "search_queries_daily_query_check",
      sql`char_length(${table.query}) between 1 and 100 and position('@' in ${table.query}) = 0`,
    ),
  ],
);

export type TagKind = "job" | "field" | "generic";

/** The admin-curated tag vocabulary; each tag has its page at /tag/{slug}. */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    /**
     * What the tag says about a tool (decision 169): "job" (what it is for), "field" (who it is made
     * for) or "generic" (a platform, plan or kind of access, which alternatives never count).
     */
    kind: text("kind").$type<TagKind>().notNull().default("job"),
    ...timestamps,
  },
  (table) => [
    check("tags_slug_check", sql`${table.slug} <> ''`),
    check("tags_kind_check", sql`${table.kind} in ('job', 'field', 'generic')`),
    check("tags_name_check", sql`btrim(${table.name}) <> ''`),
    uniqueIndex("tags_lower_name_idx").on(sql`lower(${table.name})`),
  ],
);

export const toolTags = pgTable(
  "tool_tags",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  // The primary key serves "this tool's tags"; the reverse index serves a tag's page and filter.
  (table) => [
    primaryKey({ columns: [table.toolId, table.tagId] }),
    index("tool_tags_tag_idx").on(table.tagId, table.toolId),
  ],
);

/**
 * Tools per tag, kept exact by triggers on tool_tags (migration 0032), so the tag filters of every
 * browsing page read one row a tag instead of grouping every tool's tags on each request (123 ms at
 * 100,000 tools). A tag no tool carries has no row.
 */
export const tagToolCounts = pgTable(
  "tag_tool_counts",
  {
    tagId: uuid("tag_id")
      .primaryKey()
      .references(() => tags.id, { onDelete: "cascade" }),
    toolCount: integer("tool_count").notNull().default(0),
  },
  (table) => [check("tag_tool_counts_tool_count_check", sql`${table.toolCount} >= 0`)],
);

/**
 * One row: the prior that ranking scores were last computed with (the catalogue's mean vote and
 * m), so a start-up can tell whether the scores need refreshing.
 */
export const rankingPrior = pgTable("ranking_prior", {
  id: boolean("id").primaryKey().default(true),
  mean: doublePrecision("mean").notNull(),
  weight: integer("weight").notNull(),
  computedAt: timestamp("computed_at", { withTimezone: true }).notNull().defaultNow(),
});

export const articles = pgTable(
  "articles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    image: text("image"),
    category: text("category").notNull(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    readTime: text("read_time").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    section: text("section"),
    status: text("status", { enum: ["draft", "published"] })
      .notNull()
      .default("published"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    metaKeywords: text("meta_keywords").array(),
    ...timestamps,
  },
  (table) => [
    check("articles_slug_check", sql`${table.slug} <> ''`),
    check("articles_status_check", sql`${table.status} in ('draft', 'published')`),
    index("articles_status_date_idx").on(table.status, table.date.desc(), table.createdAt.desc()),
    index("articles_lower_title_idx").on(sql`lower(${table.title})`),
  ],
);

/** The facts people choose a tool by (issue 32, decision 157); app/lib/tool-facts.ts names them. */
export { TOOL_FACTS, type ToolFactName };

/**
 * One known fact about a tool, with the page it was read from and the day it was checked; a fact
 * with no row is unknown, never guessed. Which of value, items and detail a fact uses is in
 * migration 0023's checks.
 */
export const toolFacts = pgTable(
  "tool_facts",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    fact: text("fact").$type<ToolFactName>().notNull(),
    /** "yes" or "no" ("opt-out" too for trains_on_your_data); null for platforms, certifications, data_retention. */
    value: text("value").$type<"yes" | "no" | "opt-out">(),
    /** Platforms or certifications. */
    items: text("items")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The free plan's limits, the API's docs address, the licence, or the data retention text. */
    detail: text("detail").notNull().default(""),
    sourceUrl: text("source_url").notNull(),
    checkedAt: date("checked_at", { mode: "string" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.toolId, table.fact] })],
);

/**
 * An administrator's correction to a tool's computed alternatives: "pin" puts a tool first (in
 * the order pinned), "exclude" keeps it out.
 */
export const toolAlternativeOverrides = pgTable(
  "tool_alternative_overrides",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    alternativeId: uuid("alternative_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"pin" | "exclude">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.alternativeId] }),
    check("tool_alternative_overrides_kind_check", sql`${table.kind} in ('pin', 'exclude')`),
    check("tool_alternative_overrides_not_itself", sql`${table.toolId} <> ${table.alternativeId}`),
    // Deleting a tool removes the overrides that name it as an alternative.
    index("tool_alternative_overrides_alternative_idx").on(table.alternativeId),
  ],
);

// --- Community ---

/**
 * A member's word on whether `alternativeId` is a good alternative to `toolId` (decision 170): one
 * per member and pair, changeable; the counts move the pair up or down the tool's alternatives.
 */
export const alternativeVotes = pgTable(
  "alternative_votes",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    alternativeId: uuid("alternative_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    good: boolean("good").notNull(),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.toolId, table.alternativeId, table.userId] }),
    check("alternative_votes_not_itself", sql`${table.toolId} <> ${table.alternativeId}`),
    index("alternative_votes_alternative_idx").on(table.alternativeId),
    index("alternative_votes_user_idx").on(table.userId),
  ],
);

export const toolVotes = pgTable(
  "tool_votes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    /** The member's words on the tool (issue 33): a review rides on its vote, one per vote. */
    review: text("review"),
    /** What the reviewer used the tool for, when they said. */
    usedFor: text("used_for"),
    /** When the review text was last written; null while the vote has no review. */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    /** When an administrator hid the review (the vote still counts); its author still sees it. */
    reviewHiddenAt: timestamp("review_hidden_at", { withTimezone: true }),
    reviewHiddenBy: uuid("review_hidden_by").references(() => users.id, { onDelete: "set null" }),
    /**
     * Whether the vote counts in tools.ranking_score (decision 174): set by a trigger at insert from
     * the account (a day old and confirmed), turned on later by count_matured_votes(), off for good
     * when discounted. Never written by hand.
     */
    counted: boolean("counted").notNull().default(false),
    /** When an administrator discounted the vote (kept, never counted; logged in moderation_actions). */
    discountedAt: timestamp("discounted_at", { withTimezone: true }),
    /** The burst of new accounts' votes this vote belongs to, if any (decision 175). */
    burstId: uuid("burst_id").references(() => voteBursts.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    unique("tool_votes_tool_id_user_id_key").on(table.toolId, table.userId),
    check("tool_votes_rating_check", sql`${table.rating} between 1 and 5`),
    check("tool_votes_review_length", sql`${table.review} is null or char_length(${table.review}) between 1 and 2000`),
    check(
      "tool_votes_used_for_length",
      sql`${table.usedFor} is null or char_length(${table.usedFor}) between 1 and 100`,
    ),
    index("tool_votes_user_id_idx").on(table.userId),
    // The few votes the ranking trigger takes out of a tool's rating and vote count.
    index("tool_votes_uncounted_idx")
      .on(table.toolId, table.rating)
      .where(sql`not ${table.counted}`),
    // The few votes still waiting to count: what count_matured_votes() walks.
    index("tool_votes_waiting_idx")
      .on(table.userId)
      .where(sql`not ${table.counted} and ${table.discountedAt} is null`),
    index("tool_votes_burst_id_idx")
      .on(table.burstId)
      .where(sql`${table.burstId} is not null`),
    // The trending score's last 7 days (decision 179).
    index("tool_votes_created_at_idx").on(table.createdAt),
    index("tool_votes_reviews_idx")
      .on(table.toolId, table.reviewedAt.desc())
      .where(sql`${table.review} is not null`),
  ],
);

/** A member's "Helpful" on someone else's review (issue 33): one per member per review. */
export const reviewHelpfulMarks = pgTable(
  "review_helpful_marks",
  {
    voteId: uuid("vote_id")
      .notNull()
      .references(() => toolVotes.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.voteId, table.userId] }),
    index("review_helpful_marks_user_id_idx").on(table.userId),
  ],
);

/** A member's report of a review, answered in the moderation inbox like a comment's. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    voteId: uuid("vote_id")
      .notNull()
      .references(() => toolVotes.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<CommentReportReason>().notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    unique("review_reports_vote_id_reporter_id_key").on(table.voteId, table.reporterId),
    check("review_reports_reason_check", sql.raw(`reason in (${sqlValueList(COMMENT_REPORT_REASONS)})`)),
    check("review_reports_note_check", sql.raw(`note is null or char_length(note) <= ${REPORT_NOTE_MAX}`)),
    index("review_reports_open_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.resolvedAt} is null`),
    index("review_reports_reporter_id_idx").on(table.reporterId),
  ],
);

/**
 * A burst of votes on one tool from new accounts (decision 175): a "Needs attention" item in the
 * admin inbox while open; its votes count only once an administrator lets them.
 */
export const voteBursts = pgTable(
  "vote_bursts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    status: text("status").$type<VoteBurstStatus>().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("vote_bursts_status_check", sql.raw(`status in (${sqlValueList(VOTE_BURST_STATUSES)})`)),
    // One open item per tool: later votes of the burst join it.
    uniqueIndex("vote_bursts_open_tool_key")
      .on(table.toolId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * A tool's page views and "Visit website" clicks per day (issue 33): counts only, never who made
 * them; written in batches by the process that counted them.
 */
export const toolDailyCounts = pgTable(
  "tool_daily_counts",
  {
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.toolId, table.day] }), index("tool_daily_counts_day_idx").on(table.day)],
);

/** The tool pages an article links to (issue 34), read from its content at every save. */
export const articleTools = pgTable(
  "article_tools",
  {
    articleId: uuid("article_id")
      .notNull()
      .references(() => articles.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
  },
  (table) => [
    primaryKey({ columns: [table.articleId, table.toolId] }),
    index("article_tools_tool_idx").on(table.toolId),
  ],
);

/**
 * A member's claim to make a tool (issue 33, decision 176): pending until the tool's website serves
 * its token (`method` 'file' or 'meta') or an administrator approves it ('admin'); then verified.
 */
export const toolMakers = pgTable(
  "tool_makers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    status: text("status", { enum: ["pending", "verified"] })
      .notNull()
      .default("pending"),
    method: text("method", { enum: ["file", "meta", "admin"] }),
    /** What the member told the administrators, for an approval by hand. */
    note: text("note"),
    /** Why the last check of the website did not find the token, for the member. */
    lastFailure: text("last_failure"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    verifiedBy: uuid("verified_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (table) => [
    unique("tool_makers_tool_id_user_id_key").on(table.toolId, table.userId),
    check("tool_makers_status_check", sql`${table.status} in ('pending', 'verified')`),
    check("tool_makers_method_check", sql`${table.method} is null or ${table.method} in ('file', 'meta', 'admin')`),
    check("tool_makers_verified_check", sql`(${table.status} = 'verified') = (${table.verifiedAt} is not null)`),
    check("tool_makers_note_check", sql`${table.note} is null or char_length(${table.note}) <= 1000`),
    index("tool_makers_user_id_idx").on(table.userId),
    index("tool_makers_pending_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

/** A signed-in user's shortlist: one row per (user, tool). */
export const savedTools = pgTable(
  "saved_tools",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The primary key serves "my saved tools"; the tool index serves "how many saved it".
  // The created_at index serves the trending score's last 7 days (decision 179).
  (table) => [
    primaryKey({ columns: [table.userId, table.toolId] }),
    index("saved_tools_tool_id_idx").on(table.toolId),
    index("saved_tools_created_at_idx").on(table.createdAt),
  ],
);

/**
 * A member following a tool, a category or a tag: exactly one of tool_id, category and tag_id is
 * set (a check), and each is followed once (a unique index each). A deleted tool or tag takes its
 * follows with it.
 */
export const follows = pgTable(
  "follows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "cascade" }),
    category: text("category"),
    tagId: uuid("tag_id").references(() => tags.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("follows_one_target_check", sql`num_nonnulls(${table.toolId}, ${table.category}, ${table.tagId}) = 1`),
    uniqueIndex("follows_user_tool_key")
      .on(table.userId, table.toolId)
      .where(sql`${table.toolId} is not null`),
    uniqueIndex("follows_user_category_key")
      .on(table.userId, table.category)
      .where(sql`${table.category} is not null`),
    uniqueIndex("follows_user_tag_key")
      .on(table.userId, table.tagId)
      .where(sql`${table.tagId} is not null`),
    index("follows_tool_idx").on(table.toolId),
    index("follows_tag_idx").on(table.tagId),
  ],
);

/** How a member hears about what they follow: a weekly digest, an email per run ("instant"), or none. */
export const FOLLOW_FREQUENCIES = ["weekly", "instant", "off"] as const;
export type FollowFrequency = (typeof FOLLOW_FREQUENCIES)[number];

/**
 * One row per member who ever followed something: how often they are mailed, and up to when the
 * news was already told (`covered_until`, moved in the transaction that records a send), so the
 * next email starts there.
 */
export const followMailSettings = pgTable(
  "follow_mail_settings",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    frequency: text("frequency").$type<FollowFrequency>().notNull().default("weekly"),
    coveredUntil: timestamp("covered_until", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("follow_mail_settings_frequency_check", sql`${table.frequency} in ('weekly', 'instant', 'off')`)],
);

/**
 * Each digest or instant email sent (or being sent) to a member: one per member and job run (a
 * retry of the run skips it), with the period it told. "sending" is written before the message
 * goes and "sent" after; a row left "sending" by a crash is never sent again (at most once).
 */
export const digestSends = pgTable(
  "digest_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    jobRunId: uuid("job_run_id").notNull(),
    frequency: text("frequency").$type<Exclude<FollowFrequency, "off">>().notNull(),
    coveredFrom: timestamp("covered_from", { withTimezone: true }).notNull(),
    coveredUntil: timestamp("covered_until", { withTimezone: true }).notNull(),
    items: integer("items").notNull(),
    state: text("state").$type<"sending" | "sent">().notNull().default("sending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    unique("digest_sends_user_run_key").on(table.userId, table.jobRunId),
    check("digest_sends_state_check", sql`${table.state} in ('sending', 'sent')`),
    check("digest_sends_frequency_check", sql`${table.frequency} in ('weekly', 'instant')`),
    index("digest_sends_user_created_idx").on(table.userId, table.createdAt.desc()),
  ],
);

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When its author last edited it (within COMMENT_EDIT_WINDOW_MS of posting); shown as "edited". */
    editedAt: timestamp("edited_at", { withTimezone: true }),
    /** Set when an administrator hides it: gone for everyone but its author, who sees it marked hidden. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenBy: uuid("hidden_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("comments_content_check", sql`length(btrim(${table.content})) > 0 and length(${table.content}) <= 2000`),
    index("comments_tool_id_created_at_idx").on(table.toolId, table.createdAt.desc(), table.id.desc()),
    // Deleting a user sets its comments' user_id to null; without this index that is a full scan.
    // It also serves a member's profile page, newest first.
    index("comments_user_id_idx").on(table.userId, table.createdAt.desc()),
  ],
);

/** A member's report of a comment: once per member per comment; open until an administrator acts. */
export const commentReports = pgTable(
  "comment_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => comments.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<CommentReportReason>().notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    unique("comment_reports_comment_id_reporter_id_key").on(table.commentId, table.reporterId),
    check("comment_reports_reason_check", sql.raw(`reason in (${sqlValueList(COMMENT_REPORT_REASONS)})`)),
    check("comment_reports_note_check", sql.raw(`note is null or char_length(note) <= ${REPORT_NOTE_MAX}`)),
    index("comment_reports_open_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.resolvedAt} is null`),
    index("comment_reports_reporter_id_idx").on(table.reporterId),
  ],
);

/** A member's report of a problem with a listing (wrong information, dead link, ...). */
export const listingReports = pgTable(
  "listing_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    reporterId: uuid("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").$type<ListingReportReason>().notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    check("listing_reports_reason_check", sql.raw(`reason in (${sqlValueList(LISTING_REPORT_REASONS)})`)),
    check("listing_reports_note_check", sql.raw(`note is null or char_length(note) <= ${REPORT_NOTE_MAX}`)),
    index("listing_reports_open_idx")
      .on(table.toolId, table.createdAt)
      .where(sql`${table.resolvedAt} is null`),
    index("listing_reports_reporter_id_idx").on(table.reporterId),
  ],
);

/**
 * A tool a member suggests at /submit. The research assistant's draft (the tool form's values) is
 * kept here, not as an unpublished tool, so nothing unreviewed can reach a public list; approving
 * creates the tool through the admin's tool form and links it.
 */
export const toolSubmissions = pgTable(
  "tool_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    website: text("website").notNull(),
    /** The website's host, lower-case without "www.": what the duplicate check compares. */
    domain: text("domain").notNull(),
    name: text("name").notNull(),
    category: text("category"),
    note: text("note"),
    status: text("status").$type<SubmissionStatus>().notNull().default("pending"),
    draftState: text("draft_state").$type<SubmissionDraftState>().notNull().default("off"),
    /** The research assistant's drafted form values, when it ran. */
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    draftError: text("draft_error"),
    /** The published tool, once approved. */
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    decisionReason: text("decision_reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("tool_submissions_status_check", sql.raw(`status in (${sqlValueList(SUBMISSION_STATUSES)})`)),
    check("tool_submissions_draft_state_check", sql.raw(`draft_state in (${sqlValueList(SUBMISSION_DRAFT_STATES)})`)),
    check(
      "tool_submissions_website_check",
      sql.raw(`website ~ '^https?://' and char_length(website) <= ${SUBMISSION_URL_MAX}`),
    ),
    check("tool_submissions_domain_check", sql`${table.domain} <> ''`),
    check("tool_submissions_name_check", sql.raw(`btrim(name) <> '' and char_length(name) <= ${SUBMISSION_NAME_MAX}`)),
    check("tool_submissions_note_check", sql.raw(`note is null or char_length(note) <= ${SUBMISSION_NOTE_MAX}`)),
    check(
      "tool_submissions_decision_reason_check",
      sql.raw(`decision_reason is null or char_length(decision_reason) <= ${DECISION_REASON_MAX}`),
    ),
    // One pending submission per site: a second member is pointed at the first.
    uniqueIndex("tool_submissions_pending_domain_key")
      .on(table.domain)
      .where(sql`${table.status} = 'pending'`),
    index("tool_submissions_user_id_idx").on(table.userId, table.createdAt.desc()),
    index("tool_submissions_status_idx").on(table.status, table.createdAt),
  ],
);

/** Every moderation decision, with who made it and when; kept after its subject is gone. */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    action: text("action").$type<ModerationAction>().notNull(),
    /** The comment, tool or submission acted on; no foreign key, since the log outlives it. */
    subjectId: uuid("subject_id").notNull(),
    /** A line a person reads later: the tool's name, the comment's first words. */
    summary: text("summary").notNull(),
    reason: text("reason"),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The administrator's name at the time, so the log reads the same after renames and deletions. */
    actorName: text("actor_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("moderation_actions_action_check", sql.raw(`action in (${sqlValueList(MODERATION_ACTIONS)})`)),
    index("moderation_actions_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
  ],
);

// --- Security ---

/**
 * Fixed-window request counters (sign-in per IP, votes and comments per user), kept in the
 * database so a limit holds across processes and restarts. One row per key.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

/** Secrets the instance generates for itself on first start (the auth signing secret when AUTH_SECRET is unset). */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
});

// --- AI research ---

/**
 * One row per run of the AI research assistant: who asked for what, how it ended and the tokens
 * it cost, so an install can see what its model key is spent on. Nothing else reads it back.
 */
export const researchRuns = pgTable(
  "research_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    mode: text("mode", { enum: ["create", "update"] }).notNull(),
    subject: text("subject").notNull(),
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    /** "running" until it ends; a process that stops mid-run leaves it so. */
    status: text("status", { enum: ["running", "succeeded", "failed", "cancelled"] })
      .notNull()
      .default("running"),
    error: text("error"),
    model: text("model").notNull(),
    searches: integer("searches").notNull().default(0),
    sources: integer("sources").notNull().default(0),
    inputTokens: integer("input_tokens").notNull().default(0),
    outputTokens: integer("output_tokens").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("research_runs_tokens_check", sql`${table.inputTokens} >= 0 and ${table.outputTokens} >= 0`),
    index("research_runs_started_at_idx").on(table.startedAt.desc()),
    index("research_runs_user_id_idx").on(table.userId),
    index("research_runs_tool_id_idx").on(table.toolId),
  ],
);

// --- Freshness: background jobs, link checks, AI refresh proposals, the change log ---

/** Outcomes of a website check; every one but "ok" counts as a failure. */
export const LINK_CHECK_OUTCOMES = [
  "ok",
  "moved",
  "client_error",
  "server_error",
  "dns_failure",
  "tls_failure",
  "timeout",
  "connection_failed",
  "parked",
  "blocked",
] as const;
export type LinkCheckOutcome = (typeof LINK_CHECK_OUTCOMES)[number];

/** The latest check of each tool's website, and how long it has been failing. */
export const toolLinkChecks = pgTable(
  "tool_link_checks",
  {
    toolId: uuid("tool_id")
      .primaryKey()
      .references(() => tools.id, { onDelete: "cascade" }),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
    outcome: text("outcome").$type<LinkCheckOutcome>().notNull(),
    httpStatus: integer("http_status"),
    /** Where the redirects ended, when that differs from the website as stored. */
    finalUrl: text("final_url"),
    detail: text("detail"),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** The first failed check of the current run of failures; null while the site answers. */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    lastOkAt: timestamp("last_ok_at", { withTimezone: true }),
    /** The job run that wrote this check, so a retried run skips tools it already checked. */
    jobRunId: uuid("job_run_id"),
  },
  (table) => [
    check(
      "tool_link_checks_outcome_check",
      sql.raw(`outcome in (${LINK_CHECK_OUTCOMES.map((outcome) => `'${outcome}'`).join(", ")})`),
    ),
    check("tool_link_checks_failures_check", sql`${table.consecutiveFailures} >= 0`),
    index("tool_link_checks_checked_at_idx").on(table.checkedAt),
    index("tool_link_checks_failing_idx").on(table.consecutiveFailures.desc(), table.failingSince),
  ],
);

/**
 * One row per job the queue ran (pg-boss keeps its own rows; this is what the admin reads): how it
 * was started, how it ended, what it counted. A retry of the same queue job reuses its row.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The queue's job id; unique, so a retried job finds the run it started. */
    queueJobId: text("queue_job_id").unique(),
    kind: text("kind").$type<JobKind>().notNull(),
    trigger: text("trigger", { enum: ["schedule", "manual", "cli"] }).notNull(),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    state: text("state", { enum: ["running", "succeeded", "failed"] })
      .notNull()
      .default("running"),
    attempts: integer("attempts").notNull().default(1),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    check("job_runs_state_check", sql`${table.state} in ('running', 'succeeded', 'failed')`),
    check("job_runs_trigger_check", sql`${table.trigger} in ('schedule', 'manual', 'cli')`),
    index("job_runs_started_at_idx").on(table.startedAt.desc()),
    index("job_runs_kind_started_at_idx").on(table.kind, table.startedAt.desc()),
  ],
);

/** A web page a fact came from, as the research assistant's search returned it. */
export type FactSource = { url: string; title: string; snippet: string };

/** The fields an AI refresh may propose to change (the form's names). */
export const REFRESH_FIELDS = [
  "description",
  "tagline",
  "features",
  "pricing",
  "pricingModel",
  "pros",
  // A maker's proposed logo (migration 0027, decision 176).
  "image",
  // Facts (migration 0023, decision 165), as the change log names them.
  "facts.free_plan",
  "facts.api",
  "facts.open_source",
  "facts.self_hostable",
  "facts.platforms",
  "facts.trains_on_your_data",
  "facts.data_retention",
  "facts.certifications",
] as const;
export type RefreshField = (typeof REFRESH_FIELDS)[number];

/**
 * One AI refresh of one tool: "pending" while some proposed field awaits a decision, "reviewed"
 * once every field has one, "no_change" when nothing would change (never queued), "failed" when
 * the research did not finish.
 */
export const refreshProposals = pgTable(
  "refresh_proposals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    jobRunId: uuid("job_run_id").references(() => jobRuns.id, { onDelete: "set null" }),
    researchRunId: uuid("research_run_id").references(() => researchRuns.id, { onDelete: "set null" }),
    status: text("status", { enum: ["pending", "reviewed", "no_change", "failed"] }).notNull(),
    error: text("error"),
    sources: jsonb("sources").$type<FactSource[]>().notNull().default([]),
    /** The verified maker who proposed it (decision 176); null: the AI refresh's. */
    makerId: uuid("maker_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (table) => [
    check("refresh_proposals_status_check", sql`${table.status} in ('pending', 'reviewed', 'no_change', 'failed')`),
    index("refresh_proposals_status_created_at_idx").on(table.status, table.createdAt),
    index("refresh_proposals_tool_id_created_at_idx").on(table.toolId, table.createdAt.desc()),
    // A retried job skips the tools it already refreshed.
    uniqueIndex("refresh_proposals_job_run_tool_idx").on(table.jobRunId, table.toolId),
    index("refresh_proposals_maker_id_idx")
      .on(table.makerId)
      .where(sql`${table.makerId} is not null`),
  ],
);

/** One field of a proposal: the value when proposed, the value proposed, the sources, the decision. */
export const refreshProposalFields = pgTable(
  "refresh_proposal_fields",
  {
    proposalId: uuid("proposal_id")
      .notNull()
      .references(() => refreshProposals.id, { onDelete: "cascade" }),
    field: text("field").$type<RefreshField>().notNull(),
    currentValue: jsonb("current_value").$type<unknown>(),
    proposedValue: jsonb("proposed_value").$type<unknown>(),
    sources: jsonb("sources").$type<FactSource[]>().notNull().default([]),
    decision: text("decision", { enum: ["accepted", "rejected"] }),
    /** What was saved when accepted: the proposed value, or the administrator's edit of it. */
    acceptedValue: jsonb("accepted_value").$type<unknown>(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.proposalId, table.field] }),
    check(
      "refresh_proposal_fields_field_check",
      sql.raw(`field in (${REFRESH_FIELDS.map((field) => `'${field}'`).join(", ")})`),
    ),
    check(
      "refresh_proposal_fields_decision_check",
      sql`${table.decision} is null or ${table.decision} in ('accepted', 'rejected')`,
    ),
  ],
);

/**
 * The public change log: one row per changed field of a tool (admin edit, accepted proposal,
 * status change), with where the new value came from and who made it.
 */
export const toolChanges = pgTable(
  "tool_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toolId: uuid("tool_id")
      .notNull()
      .references(() => tools.id, { onDelete: "cascade" }),
    /** A form field's name, or "status" for discontinued/restored. */
    field: text("field").notNull(),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    sources: jsonb("sources").$type<FactSource[]>().notNull().default([]),
    /** "admin": an administrator's edit; "proposal": an AI proposal an administrator accepted. */
    origin: text("origin", { enum: ["admin", "proposal"] }).notNull(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** The administrator's name when the change was made, so the log reads the same after renames. */
    actorName: text("actor_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("tool_changes_origin_check", sql`${table.origin} in ('admin', 'proposal')`),
    index("tool_changes_created_at_idx").on(table.createdAt.desc(), table.id.desc()),
    index("tool_changes_tool_id_created_at_idx").on(table.toolId, table.createdAt.desc(), table.id.desc()),
  ],
);

/**
 * "Add many tools" (issue 35, decision 154): one website of a pasted or uploaded batch. The
 * research-queue job drafts each "waiting" entry and marks it "drafted" or "failed" in the same
 * transaction that stores the draft, so a retry after a crash skips it; "duplicate" is held back
 * before any request; the review list accepts (publishing a tool) or rejects the drafts.
 */
export const researchQueueEntries = pgTable(
  "research_queue_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    website: text("website").notNull(),
    /** The registrable domain (or, for an address without one, the address itself): what duplicates share. */
    siteKey: text("site_key").notNull(),
    /** The line's order in its batch. */
    position: integer("position").notNull().default(0),
    /** The name the input gave (a Markdown link's text, a CSV's name column), if any. */
    givenName: text("given_name"),
    state: text("state").$type<ResearchQueueState>().notNull().default("waiting"),
    failure: text("failure").$type<ResearchQueueFailure>(),
    /** What went wrong, for the admin: the status, the error, the guard's refusal. */
    failureDetail: text("failure_detail"),
    duplicateOf: jsonb("duplicate_of").$type<DuplicateOf>(),
    draft: jsonb("draft").$type<QueueDraft>(),
    /** The published tool, once accepted. */
    toolId: uuid("tool_id").references(() => tools.id, { onDelete: "set null" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    /** When the job finished with it (drafted or failed). */
    researchedAt: timestamp("researched_at", { withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    check("research_queue_entries_state_check", sql.raw(`state in (${sqlValueList(RESEARCH_QUEUE_STATES)})`)),
    check(
      "research_queue_entries_failure_check",
      sql.raw(`failure is null or failure in (${sqlValueList(RESEARCH_QUEUE_FAILURES)})`),
    ),
    check("research_queue_entries_website_check", sql`${table.website} ~ '^https?://'`),
    index("research_queue_entries_state_idx").on(table.state, table.createdAt, table.position),
    index("research_queue_entries_created_at_idx").on(table.createdAt.desc(), table.position),
  ],
);
