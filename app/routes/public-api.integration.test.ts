import { Validator } from "@seriousme/openapi-schema-validator";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { z } from "zod";
import {
  articleListSchema,
  articleSchema,
  categoryListSchema,
  problemSchema,
  tagListSchema,
  toolListSchema,
  toolSchema,
} from "~/lib/api/schemas";
import type { ToolSort } from "~/lib/tool-filters";
import { loader as articleLoader } from "~/routes/api-v1-article";
import { loader as articlesLoader } from "~/routes/api-v1-articles";
import { loader as categoriesLoader } from "~/routes/api-v1-categories";
import { loader as openApiLoader } from "~/routes/api-v1-openapi";
import { loader as tagsLoader } from "~/routes/api-v1-tags";
import { loader as toolLoader } from "~/routes/api-v1-tool";
import { loader as toolsLoader } from "~/routes/api-v1-tools";
import { loader as developersLoader } from "~/routes/developers";
import { answerApi } from "~/server/api/respond.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { createBatchedRateLimiter, type BatchedRateLimiter } from "~/server/security/batched-rate-limit.server";
import { listTools, type ToolOrder } from "~/server/catalog/tools.server";
import { comments, rateLimits, toolLinkChecks, tools, toolVotes } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { insertArticles, insertTools, insertUsers, tagTools } from "../../tests/setup/fixtures";

// The public read API (decision 064), called through its route loaders with real requests.

const SITE = "http://localhost";
let database: TestDatabase;
let apiRateLimiter: BatchedRateLimiter;
let clientCounter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  apiRateLimiter = createBatchedRateLimiter({ db: database.db, rule: RATE_LIMITS.api, flushIntervalMs: null });
  const categories = ["Writing", "Image", "Video"] as const;
  const pricing = ["free", "paid", "freemium", null] as const;
  await insertTools(
    database.db,
    ...Array.from({ length: 31 }, (_, index) => ({
      name: index % 5 === 0 ? `alpha Tool ${index}` : `Tool ${String(index).padStart(2, "0")}`,
      category: categories[index % 3],
      pricingModel: pricing[index % 4],
      // Ties on purpose: equal votes, ratings and ranking scores, so the id must break them.
      voteCount: index % 4,
      rating: index % 4 === 0 ? null : 3 + (index % 2),
      rankingScore: (index % 3) / 2,
      tagline: `Tagline ${index}`,
    })),
  );
  // Two tools created at the same instant: the cursor must still give each once.
  await database.db.execute(
    sql`update ${tools} set created_at = '2025-01-01 05:00:00.123456+00' where slug in ('tool-06', 'tool-07')`,
  );
  await tagTools(database.db, {
    "Tool 01": ["api", "mobile-app"],
    "Tool 02": ["api"],
    "Tool 03": ["api", "mobile-app"],
    "alpha Tool 10": ["api"],
  });
  const [user] = await insertUsers(database.db, { email: "private-person@example.com", name: "Private Person" });
  const [voted] = await database.db.select({ id: tools.id }).from(tools).limit(1);
  await database.db.insert(toolVotes).values({ toolId: voted!.id, userId: user!.id, rating: 4 });
  await database.db.insert(comments).values({ toolId: voted!.id, userId: user!.id, content: "private comment text" });
  await insertArticles(
    database.db,
    { title: "Public Guide", date: "2025-03-01" },
    { title: "Second Guide", date: "2025-03-01" },
    { title: "Older Guide", date: "2024-12-01" },
    { title: "Secret Draft", date: "2025-04-01", status: "draft", content: "<p>unpublished words</p>" },
  );
});
afterAll(() => database.dispose());

/** Calls a route loader with a real GET request, each test from its own client address unless told. */
async function call(
  loader: (args: never) => unknown,
  path: string,
  {
    params = {},
    headers = {},
    clientIp,
    limiter = apiRateLimiter,
  }: {
    params?: Record<string, string>;
    headers?: Record<string, string>;
    clientIp?: string;
    limiter?: BatchedRateLimiter;
  } = {},
): Promise<Response> {
  const request = new Request(new URL(path, SITE), { headers });
  const context = {
    db: database.db,
    siteUrl: null,
    apiRateLimiter: limiter,
    clientIp: clientIp ?? `198.51.100.${++clientCounter % 250}`,
  };
  return (await loader({ request, params, context } as never)) as Response;
}

async function json<Schema extends z.ZodType>(response: Response, schema: Schema): Promise<z.output<Schema>> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return schema.parse(await response.json());
}

async function expectProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  return problemSchema.parse(await response.json());
}

/** Follows next_cursor from the first page to the last, returning every slug in order. */
async function walk(search: string, limit: number): Promise<string[]> {
  const slugs: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const params = new URLSearchParams(search);
    params.set("limit", String(limit));
    if (cursor) params.set("cursor", cursor);
    const page = await json(await call(toolsLoader, `/api/v1/tools?${params}`), toolListSchema);
    expect(page.data.length).toBeLessThanOrEqual(limit);
    slugs.push(...page.data.map((tool) => tool.slug));
    cursor = page.next_cursor;
    if (!cursor) return slugs;
  }
  throw new Error("the cursor never ended");
}

describe("GET /api/v1/tools", () => {
  const views: { search: string; filters: Parameters<typeof listTools>[0]["filters"] }[] = [
    { search: "", filters: { query: "", category: null, pricing: [], tags: [] } },
    { search: "category=image", filters: { query: "", category: "Image", pricing: [], tags: [] } },
    {
      search: "pricing=free&pricing=paid",
      filters: { query: "", category: null, pricing: ["free", "paid"], tags: [] },
    },
    { search: "tag=api", filters: { query: "", category: null, pricing: [], tags: ["api"] } },
    {
      search: "tag=api,mobile-app&category=Image",
      filters: { query: "", category: "Image", pricing: [], tags: ["api", "mobile-app"] },
    },
    { search: "q=alpha", filters: { query: "alpha", category: null, pricing: [], tags: [] } },
    { search: "q=tool&pricing=freemium", filters: { query: "tool", category: null, pricing: ["freemium"], tags: [] } },
  ];
  const sorts: ToolSort[] = ["top-rated", "most-voted", "newest", "name", "relevance"];

  test.each(views.flatMap((view) => sorts.map((sort) => [view.search, sort] as const)))(
    "?%s&sort=%s walks every match exactly once, in listTools' order",
    async (search, sort) => {
      const view = views.find((candidate) => candidate.search === search)!;
      const order: ToolOrder = sort === "relevance" && !view.filters.query ? "newest" : sort;
      const expected = await listTools({ db: database.db, filters: view.filters, order, pageSize: 100 });
      const walked = await walk(`${search}&sort=${sort}`, 4);
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked).toEqual(expected.tools.map((tool) => tool.slug));
    },
  );

  test("defaults to newest, 20 a page; updated_since keeps only later changes", async () => {
    const page = await json(await call(toolsLoader, "/api/v1/tools"), toolListSchema);
    expect(page.data).toHaveLength(20);
    expect(page.data[0]!.url).toBe(`${SITE}/tool/${page.data[0]!.slug}`);
    const since = await json(
      await call(toolsLoader, "/api/v1/tools?updated_since=2025-01-02T00:00:00Z&limit=100"),
      toolListSchema,
    );
    expect(since.data.length).toBe(31 - 24);
    expect(since.data.every((tool) => tool.updated_at >= "2025-01-02T00:00:00")).toBe(true);
  });

  test.each([
    ["limit=0", "limit"],
    ["limit=101", "limit"],
    ["limit=ten", "limit"],
    ["sort=best", "sort"],
    ["pricing=cheap", "pricing"],
    ["category=Cooking", "category"],
    ["tag=Not%20A%20Slug", "tag"],
    ["updated_since=yesterday", "updated_since"],
  ])("?%s is a 400 problem naming %s", async (search, parameter) => {
    const problem = await expectProblem(await call(toolsLoader, `/api/v1/tools?${search}`), 400);
    expect(problem.errors?.map((error) => error.parameter)).toContain(parameter);
  });

  test("a cursor that is not one, or is another order's, is a 400 problem", async () => {
    await expectProblem(await call(toolsLoader, "/api/v1/tools?cursor=not-a-cursor"), 400);
    const first = await json(await call(toolsLoader, "/api/v1/tools?sort=name&limit=2"), toolListSchema);
    await expectProblem(await call(toolsLoader, `/api/v1/tools?sort=newest&cursor=${first.next_cursor}`), 400);
  });
});

describe("caching, CORS and rate limits", () => {
  test("an ETag answers a matching If-None-Match with 304; CORS and Cache-Control on both", async () => {
    const first = await call(toolsLoader, "/api/v1/tools?sort=name");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=300");
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect(first.headers.get("access-control-expose-headers")).toContain("ETag");
    const again = await call(toolsLoader, "/api/v1/tools?sort=name", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("access-control-allow-origin")).toBe("*");
    const other = await call(toolsLoader, "/api/v1/tools?sort=name", { headers: { "If-None-Match": 'W/"other"' } });
    expect(other.status).toBe(200);
  });

  test("every answer says the client's quota; past it, 429 with Retry-After", async () => {
    const rule = { ...RATE_LIMITS.api, limit: 2 };
    const limiter = createBatchedRateLimiter({ db: database.db, rule, flushIntervalMs: null });
    const client = { clientIp: "203.0.113.7", limiter };
    const fine = await call(categoriesLoader, "/api/v1/categories", client);
    expect(fine.headers.get("ratelimit-policy")).toBe(`"api";q=2;w=${rule.windowMs / 1000}`);
    expect(fine.headers.get("ratelimit")).toMatch(/^"api";r=1;t=\d+$/);
    expect((await call(tagsLoader, "/api/v1/tags", client)).headers.get("ratelimit")).toMatch(/^"api";r=0;t=\d+$/);
    const refused = await call(toolsLoader, "/api/v1/tools", client);
    const problem = await expectProblem(refused, 429);
    expect(problem.title).toBe("Too Many Requests");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.headers.get("ratelimit")).toMatch(/^"api";r=0;t=\d+$/);
    // Another client is not affected, and the counts reach the shared table.
    expect((await call(toolsLoader, "/api/v1/tools", { ...client, clientIp: "203.0.113.8" })).status).toBe(200);
    await limiter.stop();
    const stored = await database.db
      .select({ key: rateLimits.key, hits: rateLimits.hits })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 'api:203.0.113.%'`)
      .orderBy(rateLimits.key);
    expect(stored).toEqual([
      { key: "api:203.0.113.7", hits: 2 },
      { key: "api:203.0.113.8", hits: 1 },
    ]);
  });
});

describe("single resources and lists", () => {
  test("a tool has everything public: tags, pricing, alternatives' slugs", async () => {
    const tool = await json(
      await call(toolLoader, "/api/v1/tools/tool-01", { params: { slug: "tool-01" } }),
      toolSchema,
    );
    expect(tool.tags).toEqual([
      { slug: "api", name: "Api" },
      { slug: "mobile-app", name: "Mobile app" },
    ]);
    expect(tool.alternatives.length).toBeGreaterThan(0);
    expect(tool.alternatives).not.toContain("tool-01");
    expect(tool.description_html).toBe("<p>About Tool 01.</p>");
  });

  test("a tool says how fresh it is: last update, its website's latest check, discontinued", async () => {
    const read = async (slug: string) =>
      json(await call(toolLoader, `/api/v1/tools/${slug}`, { params: { slug } }), toolSchema);
    const [fresh, failing, gone] = await database.db
      .update(tools)
      .set({ updatedAt: new Date("2025-06-01T00:00:00Z") })
      .where(inArray(tools.slug, ["tool-02", "tool-03", "tool-04"]))
      .returning({ id: tools.id, slug: tools.slug })
      .then((rows) => ["tool-02", "tool-03", "tool-04"].map((slug) => rows.find((row) => row.slug === slug)!));
    await database.db.insert(toolLinkChecks).values([
      { toolId: fresh!.id, checkedAt: new Date("2025-06-02T00:00:00Z"), outcome: "ok", httpStatus: 200 },
      {
        toolId: failing!.id,
        checkedAt: new Date("2025-06-03T00:00:00Z"),
        outcome: "server_error",
        httpStatus: 503,
        consecutiveFailures: 2,
        failingSince: new Date("2025-06-02T00:00:00Z"),
      },
    ]);
    await database.db
      .update(tools)
      .set({ discontinuedAt: new Date("2025-06-05T00:00:00Z") })
      .where(eq(tools.id, gone!.id));

    expect(await read("tool-02")).toMatchObject({
      last_updated: "2025-06-01T00:00:00.000Z",
      link_check: { checked_at: "2025-06-02T00:00:00.000Z", status: "ok", failing_since: null },
      discontinued_at: null,
    });
    expect((await read("tool-03")).link_check).toEqual({
      checked_at: "2025-06-03T00:00:00.000Z",
      status: "failing",
      failing_since: "2025-06-02T00:00:00.000Z",
    });
    const discontinued = await read("tool-04");
    expect(discontinued).toMatchObject({ link_check: null, discontinued_at: "2025-06-05T00:00:00.000Z" });
    // Nothing about the check beyond what the page shows: no HTTP status, outcome or final address.
    const text = await (await call(toolLoader, "/api/v1/tools/tool-03", { params: { slug: "tool-03" } })).text();
    for (const internal of ["http_status", "503", "server_error", "consecutive"]) expect(text).not.toContain(internal);
    // The other tests share these tools: put them back as they were.
    await database.db.delete(toolLinkChecks);
    await database.db.update(tools).set({ discontinuedAt: null }).where(eq(tools.id, gone!.id));
  });

  test("an unknown slug, or a name that is not the slug, is a 404 problem", async () => {
    await expectProblem(await call(toolLoader, "/api/v1/tools/nope", { params: { slug: "nope" } }), 404);
    await expectProblem(await call(toolLoader, "/api/v1/tools/Tool-01", { params: { slug: "Tool-01" } }), 404);
  });

  test("categories and tags carry their counts", async () => {
    const categories = await json(await call(categoriesLoader, "/api/v1/categories"), categoryListSchema);
    expect(categories.data).toHaveLength(13);
    expect(categories.data.find((category) => category.name === "Image")?.tool_count).toBe(10);
    const tags = await json(await call(tagsLoader, "/api/v1/tags"), tagListSchema);
    expect(tags.data.map((tag) => [tag.slug, tag.tool_count])).toEqual([
      ["api", 4],
      ["mobile-app", 2],
    ]);
  });

  test("articles: published ones only, newest first, a cursor through them; a draft is 404", async () => {
    const first = await json(await call(articlesLoader, "/api/v1/articles?limit=2"), articleListSchema);
    const second = await json(
      await call(articlesLoader, `/api/v1/articles?limit=2&cursor=${first.next_cursor}`),
      articleListSchema,
    );
    expect(second.next_cursor).toBeNull();
    const slugs = [...first.data, ...second.data].map((article) => article.slug);
    expect(slugs.toSorted()).toEqual(["older-guide", "public-guide", "second-guide"]);
    expect(slugs.at(-1)).toBe("older-guide");
    const article = await json(
      await call(articleLoader, "/api/v1/articles/public-guide", { params: { slug: "public-guide" } }),
      articleSchema,
    );
    expect(article.content_html).toBe("<p>Public Guide</p>");
    await expectProblem(
      await call(articleLoader, "/api/v1/articles/secret-draft", { params: { slug: "secret-draft" } }),
      404,
    );
  });
});

describe("nothing private, no drafts, through any interface", () => {
  test("no endpoint, the OpenAPI document or /developers shows a draft, an email, a comment or an internal field", async () => {
    const bodies = await Promise.all(
      [
        call(toolsLoader, "/api/v1/tools?limit=100"),
        call(toolsLoader, "/api/v1/tools?q=secret"),
        call(toolLoader, "/api/v1/tools/alpha-tool-0", { params: { slug: "alpha-tool-0" } }),
        call(categoriesLoader, "/api/v1/categories"),
        call(tagsLoader, "/api/v1/tags"),
        call(articlesLoader, "/api/v1/articles?limit=100"),
        call(articleLoader, "/api/v1/articles/secret-draft", { params: { slug: "secret-draft" } }),
        call(openApiLoader, "/api/v1/openapi.json"),
      ].map(async (answer) => (await answer).text()),
    );
    const developers = JSON.stringify(await call(developersLoader, "/developers"));
    for (const text of [...bodies, developers]) {
      for (const secret of ["secret-draft", "Secret Draft", "unpublished words", "private-person", "private comment"]) {
        expect(text).not.toContain(secret);
      }
    }
    // Internal columns never appear as fields (the schemas strip whatever they do not name).
    for (const text of bodies) {
      for (const field of [
        "ranking_score",
        "rankingScore",
        "tag_ids",
        "facets",
        "search_vector",
        '"status":"',
        '"id":',
      ]) {
        expect(text).not.toContain(field);
      }
    }
  });
});

describe("the OpenAPI document", () => {
  test("is OpenAPI 3.1 by an independent validator, and /developers renders it", async () => {
    const answer = await call(openApiLoader, "/api/v1/openapi.json");
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as Record<string, unknown>;
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    const reference = (await call(developersLoader, "/developers")) as unknown as Awaited<
      ReturnType<typeof developersLoader>
    >;
    expect(reference.endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([
      "GET /api/v1/tools",
      "GET /api/v1/tools/{slug}",
      "GET /api/v1/categories",
      "GET /api/v1/tags",
      "GET /api/v1/articles",
      "GET /api/v1/articles/{slug}",
    ]);
    const tool = reference.schemas.find((schema) => schema.name === "Tool");
    expect(tool?.fields.map((field) => field.name)).toEqual(Object.keys(toolSchema.shape));
    // Every operation lists the refusals any API address may answer (decision 149).
    for (const endpoint of reference.endpoints) {
      const statuses = endpoint.responses.map((response) => response.status);
      expect(statuses, endpoint.path).toEqual(expect.arrayContaining(["400", "429", "500", "503"]));
      for (const response of endpoint.responses.filter((candidate) => Number(candidate.status) >= 400)) {
        expect(response.body, `${endpoint.path} ${response.status}`).toBe("Problem (application/problem+json)");
      }
    }
    expect(reference.description).toContain("405 with an Allow header");
  });
});

describe("a failure while answering", () => {
  const context = () => ({ apiRateLimiter, clientIp: `192.0.2.${++clientCounter % 250}` });

  test("is a 500 problem with CORS when it is a bug, and goes on to the 503 answer when the database is away", async () => {
    const request = new Request(new URL("/api/v1/tags", SITE));
    const bug = await answerApi({
      request,
      context: context(),
      schema: tagListSchema,
      read: () => Promise.reject(new TypeError("cannot read properties of undefined")),
    });
    const problem = await expectProblem(bug, 500);
    expect(problem.detail).toBe("The answer could not be produced.");
    expect(JSON.stringify(problem)).not.toContain("undefined");

    const outage = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    await expect(
      answerApi({ request, context: context(), schema: tagListSchema, read: () => Promise.reject(outage) }),
    ).rejects.toBe(outage);
  });
});
