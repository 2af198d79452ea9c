import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { TOOL_EVENTS } from "~/lib/change-log";
import { MAX_COMPARED_TOOLS, MIN_COMPARED_TOOLS } from "~/lib/compare";
import { ALTERNATIVES_LIMIT } from "~/lib/alternatives";
import { HAS_FILTERS, PLATFORMS } from "~/lib/fact-filters";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { PRICING_MODELS } from "~/lib/pricing-model";
import { toolFactsSchema } from "~/lib/api/schemas";
import { siteBranding } from "../branding.server";
import { MAX_TAG_FILTERS, TOOL_SORTS } from "~/lib/tool-filters";
import type { Database } from "../db/client.server";
import { logger } from "../logger.server";
import {
  alternativesTo,
  CatalogueQuestionError,
  compareTools,
  describeTool,
  listVocabulary,
  MAX_DESCRIPTION_CHARACTERS,
  MAX_LISTED_TAGS,
  RECENT_CHANGES_LIMIT,
  recentChanges,
  searchCatalogue,
} from "./catalogue-answers.server";

/**
 * The catalogue as a Model Context Protocol server (decision 065): anonymous, read-only, stateless
 * on Streamable HTTP. Each tool answers with structured content (checked against its output
 * schema by the SDK) and the same JSON as text, for clients that read only text.
 */

const INSTRUCTIONS = `${siteBranding.name} is a directory of AI tools with community ratings. To find tools for a need, call search_tools (text plus filters; list_categories gives the categories and tag slugs it accepts), then get_tool for the details of the best matches. compare_tools puts 2 to 4 tools side by side; list_alternatives suggests tools like a given one; recent_changes says what changed lately and where the new facts came from. Answers are summaries with links to the site's pages; cite those links.`;

/**
 * What one call may ask for (decision 148): every list has a ceiling, said in the tool's
 * description so a model asks within it; the input schemas refuse more. With JSON-RPC batches
 * refused, one HTTP request is one call, so the per-client request limit bounds the work too.
 */
const SEARCH_PAGE_SIZE_LIMIT = 25;
const SEARCH_PAGE_LIMIT = 1000;

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

const slugInput = z.string().trim().min(1).max(200);

const toolSummary = z.object({
  slug: z.string(),
  name: z.string(),
  url: z.string().describe("The tool's page on the site"),
  category: z.string(),
  tagline: z.string().nullable().describe("One sentence: what the tool does"),
  pricingModel: z.enum(PRICING_MODELS).nullable(),
  startingPrice: z.string().nullable(),
  rating: z.number().nullable().describe("Average community rating, 1 to 5; null without votes"),
  voteCount: z.number().int(),
  tags: z.array(z.string()).describe("Tag slugs"),
});

const namedTag = z.object({ slug: z.string(), name: z.string() });

const toolDetails = {
  ...toolSummary.shape,
  tags: z.array(namedTag),
  website: z.string().nullable().describe("The tool's own website"),
  pricingPlans: z.array(z.object({ plan: z.string(), price: z.string(), details: z.string() })),
  features: z.array(z.string()),
  pros: z.array(z.string()),
  cons: z.array(z.string()),
};

/** A handler's answer as a tool result; a question the catalogue cannot answer is the tool's error. */
async function answer(tool: string, produce: () => Promise<Record<string, unknown>>): Promise<CallToolResult> {
  try {
    const structuredContent = await produce();
    return { structuredContent, content: [{ type: "text", text: JSON.stringify(structuredContent) }] };
  } catch (error) {
    if (error instanceof CatalogueQuestionError) {
      return { isError: true, content: [{ type: "text", text: error.message }] };
    }
    // The SDK would hand the raw message (SQL, a driver's words) to the client: log it, say little.
    logger.error({ err: error, tool }, "MCP tool failed");
    return {
      isError: true,
      content: [{ type: "text", text: "The catalogue could not be read just now. Try again in a moment." }],
    };
  }
}

/** The server's machine name: the site's name in lower case, words joined by hyphens ("aitlas"). */
const mcpServerName = (siteName: string) =>
  siteName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "") || "catalogue";

/** A new server with the catalogue's tools; `siteUrl` is the origin every link names. */
export function createCatalogueMcpServer({ db, siteUrl }: { db: Database; siteUrl: string }): McpServer {
  const server = new McpServer(
    { name: mcpServerName(siteBranding.name), title: siteBranding.name, version: "1.0.0" },
    { instructions: INSTRUCTIONS },
  );

  server.registerTool(
    "search_tools",
    {
      title: "Search AI tools",
      description: `Find AI tools in the catalogue by words and filters; use it first for any question like 'a free tool that does X'. q is read like the site's search box: stems, synonyms, typo correction, and words that name a filter or a page ('free', 'open source', 'self-hosted', 'with an API', 'alternatives to X', 'X vs Y') are applied and returned as intent. Filters combine: category, any of the pricing models, all of the tags (tag slugs from list_categories), all of the facts in has and all of the platforms. Returns one page of short summaries with links, at most ${SEARCH_PAGE_SIZE_LIMIT} tools a page (default 10) and pages up to ${SEARCH_PAGE_LIMIT}; call get_tool for a tool's details.`,
      inputSchema: {
        q: z
          .string()
          .max(MAX_QUERY_LENGTH)
          .optional()
          .describe(
            "What to search for, in words, e.g. 'transcription' or 'free image generator'. From three characters any word may match (more words rank higher), in English stems, with synonyms ('tts' = text to speech), typos corrected against the catalogue's words, across name, tags, tagline, category, features and description; a tool holding the whole text in its name or description always matches. Words naming a filter ('free', 'open source', 'self-hosted', 'with an API') apply it, and 'alternatives to X' or 'X vs Y' find tools like X or both tools: the answer's intent says what was applied. Leave out to list by filters only",
          ),
        category: z.enum(TOOL_CATEGORIES).optional().describe("Only tools of this category"),
        pricing: z
          .array(z.enum(PRICING_MODELS))
          .max(PRICING_MODELS.length)
          .optional()
          .describe("Tools with any of these pricing models; ['free', 'freemium'] for tools usable without paying"),
        tag: z
          .array(slugInput.toLowerCase())
          .max(MAX_TAG_FILTERS)
          .optional()
          .describe("Tag slugs a tool must all carry, e.g. ['transcription', 'api']"),
        has: z
          .array(z.enum(HAS_FILTERS))
          .max(HAS_FILTERS.length)
          .optional()
          .describe(
            "Facts a tool must all have, each recorded as yes with its source, e.g. ['api', 'open-source']; a fact not recorded never matches",
          ),
        platform: z
          .array(z.enum(PLATFORMS))
          .max(PLATFORMS.length)
          .optional()
          .describe("Platforms a tool must all run on, e.g. ['ios', 'android']"),
        sort: z
          .enum(TOOL_SORTS)
          .optional()
          .describe(
            "Order; default relevance when q is given, else top-rated (ratings weighted by vote count); trending: most viewed, clicked, saved and voted on in the last 7 days",
          ),
        page: z.number().int().min(1).max(SEARCH_PAGE_LIMIT).optional().describe("Page number, from 1"),
        limit: z
          .number()
          .int()
          .min(1)
          .max(SEARCH_PAGE_SIZE_LIMIT)
          .optional()
          .describe(`Tools per page, default 10, at most ${SEARCH_PAGE_SIZE_LIMIT}`),
      },
      outputSchema: {
        total: z.number().int().describe("How many tools match"),
        totalIsLowerBound: z.boolean().describe("True when more tools match than total says"),
        page: z.number().int(),
        pageCount: z.number().int(),
        sort: z.enum(TOOL_SORTS),
        understood: z
          .object({
            filters: z
              .array(z.object({ intent: z.string(), label: z.string(), queryWithout: z.string() }))
              .describe("Filters the words of q named and applied (free, open source, self-hosted, API)"),
            link: z
              .object({ label: z.string(), href: z.string() })
              .nullable()
              .describe("A page q names: a tool's alternatives or a comparison, as a site path"),
            didYouMean: z.array(z.string()).describe("When nothing matched: catalogue words that look like q's"),
            relatedTags: z.array(z.object({ slug: z.string(), name: z.string() })),
            relatedCategories: z.array(z.string()),
          })
          .optional()
          .describe("What the search understood of q (from three characters)"),
        intent: z
          .object({
            filters: z
              .object({
                pricing: z.array(z.enum(PRICING_MODELS)).describe("Pricing models q applied (any of them)"),
                tags: z.array(z.string()).describe("Tag slugs q applied (all of them)"),
              })
              .describe("The filters the words of q named, as this tool's own parameters"),
            alternativesTo: z
              .string()
              .nullable()
              .describe("'alternatives to X', 'like X': X's slug; the tools are ranked by likeness to it"),
            compare: z.array(z.string()).nullable().describe("'X vs Y': both tools' slugs, for compare_tools"),
          })
          .optional()
          .describe("What q asked for beyond its words (from three characters)"),
        url: z.string().describe("The same list on the site"),
        tools: z.array(toolSummary),
      },
      annotations: readOnly,
    },
    (input) =>
      answer("search_tools", () =>
        searchCatalogue({
          db,
          siteUrl,
          question: {
            query: input.q?.trim() ?? "",
            category: input.category ?? null,
            pricing: [...new Set(input.pricing ?? [])],
            tags: [...new Set(input.tag ?? [])],
            has: [...new Set(input.has ?? [])],
            platforms: [...new Set(input.platform ?? [])],
            sort: input.sort ?? null,
            page: input.page ?? 1,
            limit: input.limit ?? 10,
          },
        }),
      ),
  );

  server.registerTool(
    "get_tool",
    {
      title: "Get one AI tool",
      description: `Details of one tool by its slug (from search_tools): pricing plans, features, pros and cons, tags, website, rating, its facts (free plan, API, open source, self-hostable, platforms, training on your data, data retention, certifications; each with its source_url and checked_at, null when unknown), when its facts last changed and whether it is discontinued. Set include_description only when the summary is not enough; descriptions are long (cut at ${MAX_DESCRIPTION_CHARACTERS} characters).`,
      inputSchema: {
        slug: slugInput.describe("The tool's slug, e.g. 'elevenlabs' (its name also works)"),
        include_description: z.boolean().optional().describe("Add the full description as plain text"),
      },
      outputSchema: {
        ...toolDetails,
        alternativesUrl: z.string(),
        lastUpdated: z
          .string()
          .describe("When one of the tool's facts last changed, ISO 8601 (recent_changes says what)"),
        discontinuedAt: z
          .string()
          .nullable()
          .describe("When the tool was marked discontinued (its facts are the last known ones); null while active"),
        description: z.string().optional(),
        facts: toolFactsSchema.describe("The same facts object as the API's: cite each fact's source_url"),
      },
      annotations: readOnly,
    },
    ({ slug, include_description }) =>
      answer("get_tool", () => describeTool({ db, siteUrl, slug, includeDescription: include_description ?? false })),
  );

  server.registerTool(
    "compare_tools",
    {
      title: "Compare AI tools",
      description: `Put ${MIN_COMPARED_TOOLS} to ${MAX_COMPARED_TOOLS} tools side by side (pricing, features, pros, cons, tags, rating) when someone is choosing between them; at most ${MAX_COMPARED_TOOLS} in one call. Returns the tools and a link to the comparison page.`,
      inputSchema: {
        slugs: z
          .array(slugInput)
          .min(MIN_COMPARED_TOOLS)
          .max(MAX_COMPARED_TOOLS)
          .describe("The tools' slugs, e.g. ['chatgpt', 'claude']"),
      },
      outputSchema: { url: z.string().describe("The comparison page"), tools: z.array(z.object(toolDetails)) },
      annotations: readOnly,
    },
    ({ slugs }) => answer("compare_tools", () => compareTools({ db, siteUrl, slugs })),
  );

  server.registerTool(
    "list_alternatives",
    {
      title: "List alternatives to an AI tool",
      description: `Tools like a given one, best first (alike in what they are for: shared job tags, category and tagline; moved by members' votes), each with why it is an alternative; at most ${ALTERNATIVES_LIMIT} in one call (default 6). Use it when someone wants something instead of a tool they name.`,
      inputSchema: {
        slug: slugInput.describe("The tool's slug, e.g. 'midjourney'"),
        limit: z
          .number()
          .int()
          .min(1)
          .max(ALTERNATIVES_LIMIT)
          .optional()
          .describe(`How many, default 6, at most ${ALTERNATIVES_LIMIT}`),
      },
      outputSchema: {
        tool: z.object({ slug: z.string(), name: z.string(), url: z.string() }),
        url: z.string().describe("The tool's alternatives page"),
        alternatives: z.array(toolSummary.extend({ reason: z.string() })),
      },
      annotations: readOnly,
    },
    ({ slug, limit }) => answer("list_alternatives", () => alternativesTo({ db, siteUrl, slug, limit: limit ?? 6 })),
  );

  server.registerTool(
    "list_categories",
    {
      title: "List categories and tags",
      description: `The catalogue's categories and tags with how many tools each has: the values search_tools accepts as category and tag. Names at most ${MAX_LISTED_TAGS} tags, the most used; tagsOmitted says how many more exist. Call it before filtering by tag when unsure of a tag's slug.`,
      outputSchema: {
        categories: z.array(z.object({ name: z.string(), toolCount: z.number().int(), url: z.string() })),
        tags: z.array(z.object({ slug: z.string(), name: z.string(), toolCount: z.number().int(), url: z.string() })),
        tagsOmitted: z
          .number()
          .int()
          .describe(`Tags in use left out of the list (past ${MAX_LISTED_TAGS}, the least used)`),
      },
      annotations: readOnly,
    },
    () => answer("list_categories", () => listVocabulary({ db, siteUrl })),
  );

  server.registerTool(
    "recent_changes",
    {
      title: "Recent changes to the catalogue",
      description: `The public change log, newest first: tools added to the directory, discontinued or listed again, and which field of which tool changed, from what to what, who made the change, when, and the web pages an accepted AI proposal cited. Use it when asked what is new or changed (prices, features, a tool discontinued), or whether a tool's facts are up to date; give \`tool\` for one tool's history. At most ${RECENT_CHANGES_LIMIT} changes in one call (default 20).`,
      inputSchema: {
        tool: slugInput.optional().describe("Only this tool's changes: its slug, e.g. 'chatgpt' (its name also works)"),
        limit: z
          .number()
          .int()
          .min(1)
          .max(RECENT_CHANGES_LIMIT)
          .optional()
          .describe(`How many changes, default 20, at most ${RECENT_CHANGES_LIMIT}`),
      },
      outputSchema: {
        url: z.string().describe("The change log on the site (the tool's page when `tool` is given)"),
        changes: z.array(
          z.object({
            tool: z.object({ slug: z.string(), name: z.string(), url: z.string() }),
            event: z
              .enum(TOOL_EVENTS)
              .nullable()
              .describe(
                "Set when the tool itself changed: added to the directory, marked discontinued, or listed again; null for a field's change",
              ),
            summary: z
              .string()
              .describe("The change in one line, e.g. 'Quill was marked discontinued' or 'Pricing: Free → Paid'"),
            field: z.string().describe("The field that changed, e.g. 'Pricing' or 'Status'"),
            before: z.string().describe("The value before, as the site shows it, shortened; '(none)' when empty"),
            after: z.string().describe("The value after"),
            author: z.string().describe("Who made the change: an administrator, or an AI proposal one accepted"),
            at: z.string().describe("When, ISO 8601"),
            sources: z
              .array(z.object({ url: z.string(), title: z.string() }))
              .describe("Pages the new value came from"),
          }),
        ),
      },
      annotations: readOnly,
    },
    ({ tool, limit }) =>
      answer("recent_changes", () => recentChanges({ db, siteUrl, slug: tool ?? null, limit: limit ?? 20 })),
  );

  // registerTool advertises listChanged: true, but a stateless server's tool list never changes
  // and it sends no notification; a client must not wait for one (decision 122).
  server.server.registerCapabilities({ tools: { listChanged: false } });
  return server;
}

/**
 * Answers one MCP request (a POST of JSON-RPC) with a server and transport of its own: stateless,
 * so no session outlives the request and any process can answer the next one.
 */
export async function handleMcpRequest({
  db,
  siteUrl,
  request,
}: {
  db: Database;
  siteUrl: string;
  request: Request;
}): Promise<Response> {
  const server = createCatalogueMcpServer({ db, siteUrl });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    // Every answer is ready at once: plain JSON, no event stream to hold open.
    enableJsonResponse: true,
  });
  transport.onerror = (error) => logger.warn({ err: error }, "MCP request refused");
  try {
    await server.connect(transport);
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
