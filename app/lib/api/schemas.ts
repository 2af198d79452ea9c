import { z } from "zod";
import { categoryFromAddress, TOOL_CATEGORIES } from "../categories";
import { MAX_QUERY_LENGTH } from "../limits";
import { HAS_FILTERS } from "../fact-filters";
import { PRICING_MODELS } from "../pricing-model";
import { MAX_TAG_FILTERS, TOOL_SORTS } from "../tool-filters";
import { PLATFORMS, TOOL_FACT_LABELS, TOOL_FACTS, type ToolFactName } from "../tool-facts";

/**
 * The public API's resources, one zod schema each (decision 064). The same objects validate every
 * response (parsing strips any field a schema does not name, so nothing private can slip out) and
 * generate the OpenAPI document at /api/v1/openapi.json, which /developers renders. Field names are
 * snake_case, like the database's columns; `.meta({ id })` names a schema in the document.
 */

export const API_PAGE_SIZE = 20;
export const API_MAX_PAGE_SIZE = 100;

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
const url = z.url().describe("An absolute URL.");
const timestamp = z.iso.datetime({ offset: true }).describe("An RFC 3339 date and time.");

const pricingModel = z.enum(PRICING_MODELS).nullable().describe("How the tool charges; null until an editor chose.");

export const toolSummarySchema = z
  .object({
    slug: slug.describe("The tool's stable identifier, as in /tool/{slug}."),
    name: z.string(),
    tagline: z.string().nullable().describe("One sentence: what the tool does."),
    category: z.enum(TOOL_CATEGORIES),
    pricing_model: pricingModel,
    starting_price: z
      .string()
      .nullable()
      .describe(
        'The cheapest paid plan, derived from the plans, such as "$10/month"; "Free" when every priced plan is free.',
      ),
    rating: z
      .number()
      .min(1)
      .max(5)
      .nullable()
      .describe("The average of the visitors' votes (1-5); null without votes."),
    vote_count: z.int().min(0),
    image_url: url.nullable(),
    url: url.describe("The tool's page on this site."),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: "ToolSummary", description: "A tool as lists show it." });

export const pricingPlanSchema = z
  .object({
    plan: z.string(),
    price: z.string(),
    details: z.string(),
    features: z.array(z.string()),
  })
  .meta({ id: "PricingPlan" });

export const tagRefSchema = z.object({ slug, name: z.string() }).meta({ id: "TagRef" });

export const linkCheckSchema = z
  .object({
    checked_at: timestamp.describe("When the website was last checked."),
    status: z.enum(["ok", "failing"]).describe("Whether the website answered its latest check."),
    failing_since: timestamp
      .nullable()
      .describe("The first failed check of the current run of failures; null when ok."),
  })
  .meta({ id: "LinkCheck" });

/**
 * One known fact with its citation (decision 164): `value` is the answer ("yes", "no", "opt-out"),
 * the list (platforms, certifications) or the text (data retention); `detail` the short text beside
 * an answer (the free plan's limits, the API's docs link, the licence).
 */
function factSchema(value: z.ZodType, about: string) {
  return z
    .object({
      value,
      detail: z.string().describe('A short text beside the answer; "" when none.'),
      source_url: url.describe("The page the fact was read from."),
      checked_at: z.iso.date().describe("The day the fact was last checked against its source."),
    })
    .nullable()
    .describe(`${about} Null when unknown: an unknown fact is never guessed.`);
}

const yesNo = z.enum(["yes", "no"]);
const FACT_VALUES: Record<ToolFactName, [z.ZodType, string]> = {
  free_plan: [yesNo, "Whether there is a free plan; detail: its limits."],
  api: [yesNo, "Whether there is a public API; detail: its documentation's address."],
  open_source: [yesNo, "Whether the tool is open source; detail: the licence."],
  self_hostable: [yesNo, "Whether you can run it on your own servers."],
  platforms: [z.array(z.enum(PLATFORMS)), "Where it runs."],
  trains_on_your_data: [
    z.enum(["yes", "no", "opt-out"]),
    "Whether the vendor trains models on what you give it (opt-out: unless you turn it off).",
  ],
  data_retention: [z.string(), "How long the vendor keeps your data, in a short text (the value)."],
  certifications: [
    z.array(z.string()),
    "Security and privacy certifications (SOC 2, ISO 27001, HIPAA, GDPR DPA, ...).",
  ],
};

export const toolFactsSchema = z
  .object(
    Object.fromEntries(
      TOOL_FACTS.map((name) => [
        name,
        factSchema(FACT_VALUES[name][0], `${TOOL_FACT_LABELS[name]}: ${FACT_VALUES[name][1]}`),
      ]),
    ) as Record<ToolFactName, ReturnType<typeof factSchema>>,
  )
  .meta({
    id: "ToolFacts",
    description: "The facts people choose a tool by, each with the page it was read from and the day it was checked.",
  });

export const toolSchema = toolSummarySchema
  .extend({
    description_html: z.string().describe("The description as sanitized HTML."),
    website: url.nullable(),
    pricing: z.array(pricingPlanSchema),
    features: z.array(z.string()),
    pros: z.array(z.string()),
    cons: z.array(z.string()),
    tags: z.array(tagRefSchema),
    alternatives: z.array(slug).describe("Slugs of the tool's best alternatives, best first."),
    last_updated: timestamp.describe(
      "When one of the tool's facts last changed (its page's \"Last updated\"); saving without a change does not move it.",
    ),
    link_check: linkCheckSchema
      .nullable()
      .describe("The latest check of the tool's website; null until it was checked."),
    discontinued_at: timestamp
      .nullable()
      .describe("When the tool was marked discontinued; its facts are the last known ones. Null while it is active."),
    facts: toolFactsSchema,
  })
  .meta({
    id: "Tool",
    description: "Everything public about a tool, with how fresh its facts are.",
  });

const nextCursor = z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page.");

/** What the search read in `q` (decision 161): the list's own parameters it applied and the page it names. */
export const searchIntentSchema = z
  .object({
    filters: z
      .object({
        pricing: z
          .array(z.enum(PRICING_MODELS))
          .describe('Pricing models applied (any of them): "free" in `q` applies ["free", "freemium"].'),
        tags: z
          .array(slug)
          .describe('Tag slugs applied (all of them): "open source", "self-hosted", "api" / "with an API".'),
      })
      .describe("Filters the words of `q` named and the results honour, beside the `pricing` and `tag` parameters."),
    alternatives_to: slug
      .nullable()
      .describe('"alternatives to X", "X alternatives", "like X": the slug of X; the results are tools like it.'),
    compare: z
      .array(slug)
      .length(2)
      .nullable()
      .describe('"X vs Y": the slugs of both tools (their comparison is /compare/{x}-vs-{y}).'),
  })
  .meta({
    id: "SearchIntent",
    description: "What the search understood of `q`; present when `q` has three characters or more.",
  });

export const toolListSchema = z
  .object({ data: z.array(toolSummarySchema), next_cursor: nextCursor, intent: searchIntentSchema.optional() })
  .meta({ id: "ToolList" });

export const categorySchema = z
  .object({
    name: z.enum(TOOL_CATEGORIES),
    tool_count: z.int().min(0),
    url: url,
  })
  .meta({ id: "Category", description: "One of the fixed categories, with how many tools it holds." });

export const categoryListSchema = z.object({ data: z.array(categorySchema) }).meta({ id: "CategoryList" });

export const tagSchema = z
  .object({
    slug,
    name: z.string(),
    description: z.string().nullable(),
    tool_count: z.int().min(0),
    url: url,
  })
  .meta({ id: "Tag" });

export const tagListSchema = z.object({ data: z.array(tagSchema) }).meta({ id: "TagList" });

export const articleSummarySchema = z
  .object({
    slug,
    title: z.string(),
    excerpt: z.string(),
    category: z.string(),
    author: z.string(),
    date: z.iso.date().describe("The publication date."),
    read_time: z.string(),
    image_url: url.nullable(),
    url: url,
  })
  .meta({ id: "ArticleSummary", description: "A published article as the blog lists it." });

export const articleSchema = articleSummarySchema
  .extend({
    section: z.string().nullable(),
    content_html: z.string().describe("The article as sanitized HTML."),
    updated_at: timestamp,
  })
  .meta({ id: "Article", description: "A published article; drafts are never served." });

export const articleListSchema = z
  .object({ data: z.array(articleSummarySchema), next_cursor: nextCursor })
  .meta({ id: "ArticleList" });

/** RFC 9457 problem details, the body of every error. */
export const problemSchema = z
  .object({
    type: z.string().describe("A URI naming the kind of problem; about:blank when the status says it all."),
    title: z.string(),
    status: z.int().min(400).max(599),
    detail: z.string().optional(),
    errors: z
      .array(z.object({ parameter: z.string(), message: z.string() }))
      .optional()
      .describe("For a bad request: each query parameter that was refused, and why."),
  })
  .meta({ id: "Problem", description: "An error, as RFC 9457 problem details (application/problem+json)." });

// --- Requests ---

const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(API_MAX_PAGE_SIZE)
  .default(API_PAGE_SIZE)
  .describe(`How many items a page holds, 1-${API_MAX_PAGE_SIZE}.`);
const cursor = z.string().max(500).optional().describe("The `next_cursor` of the previous page.");

/** A query string's values: a repeatable parameter may also list its values separated by commas. */
const repeatable = <T extends z.ZodType>(item: T, max = 10) =>
  z.preprocess(
    (value) =>
      value === undefined ? [] : (Array.isArray(value) ? value : [value]).flatMap((v) => String(v).split(",")),
    z.array(item).max(max),
  );

export const toolListQuerySchema = z.object({
  q: z
    .string()
    .max(MAX_QUERY_LENGTH)
    .optional()
    .describe(
      `What to search for, in words. From three characters the words are read like the site's search box reads them: \
any of them may match (more of them ranks higher), in English stems ("editing" finds "edit"), with synonyms ("tts" \
finds text to speech), corrected against the catalogue's words when misspelt ("midjorney"), and matched in the name, \
tags, tagline, category, features and description (weighted in that order); a tool whose name or description holds \
the whole text always matches. Words naming a filter ("free", "open source", "self-hosted", "with an API") apply it, \
and "alternatives to X" or "X vs Y" find tools like X or both tools; the answer's \`intent\` says what was applied. \
One or two characters match names and descriptions holding them.`,
    ),
  category: z
    .preprocess(
      (value) => (typeof value === "string" ? (categoryFromAddress(value) ?? value) : value),
      z.enum(TOOL_CATEGORIES),
    )
    .optional()
    .describe("One category, by name (Social Media) or address form (social-media)."),
  pricing: repeatable(z.enum(PRICING_MODELS)).describe("Pricing models; a tool matches any of them. Repeatable."),
  tag: repeatable(slug, MAX_TAG_FILTERS).describe(
    `Tag slugs; a tool must carry all of them (at most ${MAX_TAG_FILTERS}). Repeatable.`,
  ),
  has: repeatable(z.enum(HAS_FILTERS)).describe(
    "Facts a tool must have, each recorded as yes with its source (free-plan, api, open-source, self-hosted); a tool must have all of them, and an unknown fact never matches. Repeatable.",
  ),
  platform: repeatable(z.enum(PLATFORMS)).describe("Platforms a tool must run on, all of them. Repeatable."),
  sort: z
    .enum(TOOL_SORTS)
    .optional()
    .describe(
      "The order; default relevance with `q`, else newest. Relevance without `q` is newest. Trending: the last 7 days' page views, website clicks, saves and votes, recent days weighing more.",
    ),
  updated_since: timestamp.optional().describe("Only tools changed at or after this time."),
  limit,
  cursor,
});

export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

export const articleListQuerySchema = z.object({ limit, cursor });

export const slugParamsSchema = z.object({ slug: z.string().describe("The slug, exactly.") });
