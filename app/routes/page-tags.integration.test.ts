import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { articles, tools } from "~/server/db/schema.server";
import type { PageTags } from "~/server/cache/page-tags.server";
import { contextFor, createTestServices, type TestServices } from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { getRequest } from "../../tests/setup/route-calls";
import { loader as homeLoader } from "./home";
import { loader as toolLoader } from "./tool";
import { loader as categoryLoader } from "./category";
import { loader as articleLoader } from "./article";
import { loader as toolsApiLoader } from "./api-v1-tools";
import { loader as sitemapLoader } from "./sitemap";

// What each page names in its cache tags (decision 096): the loaders, run as the server runs them.
let database: TestDatabase;
let services: TestServices;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  for (const [slug, category] of [
    ["tagged-a", "Writing"],
    ["tagged-b", "Writing"],
    ["tagged-c", "Image Generation"],
  ] as const) {
    const [row] = await database.db
      .insert(tools)
      .values({ slug, name: slug, category, description: "<p>x</p>", metaTitle: slug })
      .returning({ id: tools.id });
    ids[slug] = row!.id;
  }
  const [article] = await database.db
    .insert(articles)
    .values({
      slug: "tagged-article",
      title: "Tagged",
      excerpt: "e",
      content: "<p>c</p>",
      author: "A",
      date: "2025-01-01",
      category: "News",
      readTime: "1 min",
      status: "published",
    })
    .returning({ id: articles.id });
  ids.article = article!.id;
});

afterAll(() => database?.dispose());

async function tagsOf(
  loader: (args: never) => unknown,
  path: string,
  params: Record<string, string> = {},
): Promise<string[]> {
  const request = getRequest(path);
  const pageTags: PageTags = new Set();
  const context = { ...(await contextFor(services, request)), pageTags };
  const answer = await (loader as (args: unknown) => Promise<unknown>)({ request, params, context });
  if (answer instanceof Response) await answer.arrayBuffer();
  return [...pageTags].sort();
}

describe("page tags", () => {
  it("the home page names the catalogue's lists, the blog and each tool it shows", async () => {
    expect(await tagsOf(homeLoader, "/")).toEqual(
      [
        "list:articles",
        "list:tools",
        ...Object.values(ids)
          .filter((id) => id !== ids.article)
          .map((id) => `tool:${id}`),
      ].sort(),
    );
  });

  it("a tool page names its tool; a category page its category, the lists and each card", async () => {
    expect(await tagsOf(toolLoader, "/tool/tagged-a", { id: "tagged-a" })).toContain(`tool:${ids["tagged-a"]}`);
    const category = await tagsOf(categoryLoader, "/category/Writing", { category: "Writing" });
    expect(category).toEqual(
      ["category:writing", "list:tools", `tool:${ids["tagged-a"]}`, `tool:${ids["tagged-b"]}`].sort(),
    );
    expect(category).not.toContain(`tool:${ids["tagged-c"]}`);
  });

  it("an article page names its article; the API's list its items; the sitemap the lists", async () => {
    expect(await tagsOf(articleLoader, "/article/tagged-article", { id: "tagged-article" })).toEqual([
      `article:${ids.article}`,
    ]);
    expect(await tagsOf(toolsApiLoader, "/api/v1/tools?category=Writing")).toEqual(
      ["list:tools", `tool:${ids["tagged-a"]}`, `tool:${ids["tagged-b"]}`].sort(),
    );
    expect(await tagsOf(sitemapLoader, "/sitemap.xml")).toEqual(["list:articles", "list:tools"]);
  });
});
