import { z } from "zod";
import { categoryFromAddress, TOOL_CATEGORIES } from "../categories";
import { MAX_QUERY_LENGTH } from "../limits";
import { HAS_FILTERS, PLATFORMS } from "../fact-filters";
import { PRICING_MODELS } from "../pricing-model";
import { MAX_TAG_FILTERS, TOOL_SORTS } from "../tool-filters";

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
    starting_price: z.string().nullable().describe('Free text for display, such as "$10/month".'),
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
  })
  .meta({
    id: "Tool",
    description: "Everything public about a tool, with how fresh its facts are.",
  });

const nextCursor = z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page.");

export const toolListSchema = z
  .object({ data: z.array(toolSummarySchema), next_cursor: nextCursor })
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
  q: z.string().max(MAX_QUERY_LENGTH).optional().describe("Text to find in names and descriptions."),
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
    .describe("The order; default relevance with `q`, else newest. Relevance without `q` is newest."),
  updated_since: timestamp.optional().describe("Only tools changed at or after this time."),
  limit,
  cursor,
});

export type ToolListQuery = z.infer<typeof toolListQuerySchema>;

export const articleListQuerySchema = z.object({ limit, cursor });

export const slugParamsSchema = z.object({ slug: z.string().describe("The slug, exactly.") });
