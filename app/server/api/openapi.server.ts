import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  articleListQuerySchema,
  articleListSchema,
  articleSchema,
  categoryListSchema,
  problemSchema,
  slugParamsSchema,
  tagListSchema,
  toolListQuerySchema,
  toolListSchema,
  toolSchema,
} from "~/lib/api/schemas";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { siteBranding } from "../branding.server";
import { RATE_LIMITS } from "../security/rate-limit-rules.server";

/**
 * The OpenAPI 3.1 document of the public API, generated from the very zod schemas that validate
 * its answers (@asteasolutions/zod-to-openapi, decision 064). Served at /api/v1/openapi.json and
 * rendered as /developers, so the reference is never written twice.
 */

export const API_BASE_PATH = "/api/v1";

const headers = {
  ETag: { description: "A validator for If-None-Match; a match answers 304.", schema: { type: "string" as const } },
  "Cache-Control": {
    description: "How long browsers and CDNs may reuse the answer.",
    schema: { type: "string" as const },
  },
  RateLimit: {
    description: "Requests left in the current window and seconds until it resets (r, t).",
    schema: { type: "string" as const },
  },
  "RateLimit-Policy": { description: "The quota (q) per window of w seconds.", schema: { type: "string" as const } },
};

const problemContent = { "application/problem+json": { schema: problemSchema } };
const refusals = {
  400: { description: "A query parameter or the address is not valid.", content: problemContent },
  429: {
    description: "Too many requests from this client; Retry-After says when to try again.",
    content: problemContent,
  },
};
/** What any operation may answer besides its own: every one is problem details with CORS (decision 149). */
const failures = {
  400: {
    description: "The address is not valid (a broken percent-encoding, a NUL, a `..` segment).",
    content: problemContent,
  },
  429: refusals[429],
  500: { description: "The answer could not be produced.", content: problemContent },
  503: {
    description: "The site is temporarily unavailable (its database is away); Retry-After says when to try again.",
    content: problemContent,
  },
};

function buildDocument(serverUrl: string) {
  const registry = new OpenAPIRegistry();
  const ok = (schema: z.ZodType, description: string) => ({
    200: { description, headers, content: { "application/json": { schema } } },
    304: { description: "Not modified: the If-None-Match tag still matches." },
  });
  const notFound = { 404: { description: "No published record has this slug.", content: problemContent } };

  registry.registerPath({
    method: "get",
    path: `${API_BASE_PATH}/tools`,
    operationId: "listTools",
    summary: "List tools",
    description:
      "The catalogue with the site's filters and sorts, a page at a time. Follow `next_cursor` until it is null: each matching tool comes exactly once. A tag that does not exist matches nothing.",
    request: { query: toolListQuerySchema },
    responses: { ...ok(toolListSchema, "A page of tools."), ...failures, ...refusals },
  });
  registry.registerPath({
    method: "get",
    path: `${API_BASE_PATH}/tools/{slug}`,
    operationId: "getTool",
    summary: "Get a tool",
    description: "Everything public about one tool, including its tags and its alternatives' slugs.",
    request: { params: slugParamsSchema },
    responses: { ...ok(toolSchema, "The tool."), ...notFound, ...failures },
  });
  registry.registerPath({
    method: "get",
    path: `${API_BASE_PATH}/categories`,
    operationId: "listCategories",
    summary: "List categories",
    description: "The fixed list of categories, each with its number of tools.",
    responses: { ...ok(categoryListSchema, "Every category."), ...failures },
  });
  registry.registerPath({
    method: "get",
    path: `${API_BASE_PATH}/tags`,
    operationId: "listTags",
    summary: "List tags",
    description: "Every tag, by name, with its number of tools.",
    responses: { ...ok(tagListSchema, "Every tag."), ...failures },
  });
  registry.registerPath({
    method: "get",
    path: `${API_BASE_PATH}/articles`,
    operationId: "listArticles",
    summary: "List articles",
    description: "Published articles, newest first, a page at a time.",
    request: { query: articleListQuerySchema },
    responses: { ...ok(articleListSchema, "A page of articles."), ...failures, ...refusals },
  });
  registry.registerPath({
    method: "get",
    path: `${API_BASE_PATH}/articles/{slug}`,
    operationId: "getArticle",
    summary: "Get an article",
    description: "One published article with its content.",
    request: { params: slugParamsSchema },
    responses: { ...ok(articleSchema, "The article."), ...notFound, ...failures },
  });

  const rule = RATE_LIMITS.api;
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: `${siteBranding.name} public API`,
      version: "1.0.0",
      description: `Read-only, without a key. JSON with snake_case fields; every error under ${API_BASE_PATH}/ is RFC 9457 problem details (application/problem+json) with the CORS headers: an address that names no resource answers 404, and any method but GET, HEAD and OPTIONS answers 405 with an Allow header. Every answer carries an ETag and Cache-Control; CORS is open to any origin. Each client may make ${rule.limit} requests per ${rule.windowMs / 60_000} minutes.`,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: serverUrl }],
    // No operation needs a key: said once, so a client generator asks for none (decision 123).
    security: [],
  });
  acceptCategoryAddresses(document);
  return document;
}

/**
 * The category filter takes a category's name (Social Media) or its address form (social-media);
 * the zod schema turns the second into the first before its enum, so the generated enum names only
 * the first. A client validating against the document would refuse what the server accepts.
 */
function acceptCategoryAddresses(document: ReturnType<OpenApiGeneratorV31["generateDocument"]>) {
  const parameters = document.paths?.[`${API_BASE_PATH}/tools`]?.get?.parameters ?? [];
  for (const parameter of parameters) {
    if (!("name" in parameter) || parameter.name !== "category" || !parameter.schema) continue;
    const addresses = TOOL_CATEGORIES.map((category) => category.toLowerCase().replaceAll(" ", "-"));
    parameter.schema = {
      ...parameter.schema,
      type: "string",
      enum: [...new Set([...TOOL_CATEGORIES, ...addresses])],
    };
  }
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

/** The document for one origin; built once per origin, since the schemas never change while running. */
const documents = new Map<string, OpenApiDocument>();

export function openApiDocument(siteUrl: string): OpenApiDocument {
  let document = documents.get(siteUrl);
  if (!document) {
    document = buildDocument(siteUrl);
    if (documents.size < 16) documents.set(siteUrl, document);
  }
  return document;
}
