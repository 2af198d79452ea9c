import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { TOOLS_PAGE_SIZE } from "~/lib/limits";
import { loader as blogLoader } from "~/routes/blog";
import { loader as categoryLoader, meta as categoryMeta } from "~/routes/category";
import { loader as homeLoader, meta as homeMeta } from "~/routes/home";
import { loader as tagLoader, meta as tagMeta } from "~/routes/tag";
import { articles, tags, tools } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { insertArticles, insertTools, tagTools } from "../../tests/setup/fixtures";
import { getRequest, settleRoute } from "../../tests/setup/route-calls";

// Which list pages search engines index, and which page numbers are pages at all (decision 101).

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${articles}, ${tags} cascade`);
});

/** A loader's answer to a real GET of `path`, as React Router calls it. */
const callLoader = <Loader extends (args: never) => unknown>(loader: Loader, path: string, params = {}) =>
  loader({
    request: getRequest(path),
    params,
    context: { db: database.db, siteUrl: null },
  } as never) as ReturnType<Loader>;

type Descriptor = Record<string, unknown>;
const matches = [{ id: "root", data: { siteUrl: "https://aitlas.example" } }];

/** The robots directive (null: indexed) and canonical address a meta function gives a loader's answer. */
function headOf(meta: (args: never) => unknown, loaderData: unknown) {
  const tags = meta({ loaderData, matches } as never) as Descriptor[];
  return {
    robots: tags.find((tag) => tag.name === "robots")?.content ?? null,
    canonical: tags.find((tag) => tag.rel === "canonical")?.href,
  };
}

const manyTools = (count: number, fields: { category?: string } = {}) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Tool ${index + 1}`,
    pricingModel: "free" as const,
    ...fields,
  }));

describe("the home page's robots directive", () => {
  test("indexes the catalogue's pages whatever else the query string holds", async () => {
    await insertTools(database.db, ...manyTools(TOOLS_PAGE_SIZE + 1, { category: "Writing" }));
    const home = async (path: string) => headOf(homeMeta, await callLoader(homeLoader, path));

    expect(await home("/")).toEqual({ robots: null, canonical: "https://aitlas.example/" });
    expect(await home("/?utm_source=newsletter&utm_medium=email")).toEqual({
      robots: null,
      canonical: "https://aitlas.example/",
    });
    // A later page of the whole catalogue is indexed as itself.
    expect(await home("/?page=2")).toEqual({ robots: null, canonical: "https://aitlas.example/?page=2" });
  });

  test("keeps a search, a filter and a chosen order out of the index, their links followed", async () => {
    await insertTools(database.db, ...manyTools(TOOLS_PAGE_SIZE + 1, { category: "Writing" }));
    await tagTools(database.db, { "Tool 1": ["api"] });
    const home = async (path: string) => headOf(homeMeta, await callLoader(homeLoader, path));

    for (const path of ["/?q=tool", "/?category=Writing", "/?pricing=free", "/?tag=api", "/?sort=name"]) {
      expect((await home(path)).robots, path).toBe("noindex, follow");
    }
    expect(await home("/?category=Writing&page=2")).toEqual({
      robots: "noindex, follow",
      canonical: "https://aitlas.example/?category=Writing&page=2",
    });
  });
});

describe("category and tag pages' robots directive", () => {
  test("indexes a later page as itself, and not a filtered or reordered view", async () => {
    await insertTools(database.db, ...manyTools(TOOLS_PAGE_SIZE + 1, { category: "Writing" }));
    await tagTools(database.db, Object.fromEntries(manyTools(TOOLS_PAGE_SIZE + 1).map((tool) => [tool.name, ["api"]])));
    const category = async (path: string) =>
      headOf(categoryMeta, await callLoader(categoryLoader, path, { category: "Writing" }));
    const tag = async (path: string) => headOf(tagMeta, await callLoader(tagLoader, path, { slug: "api" }));

    expect(await category("/category/Writing?page=2")).toEqual({
      robots: null,
      canonical: "https://aitlas.example/category/Writing?page=2",
    });
    expect((await category("/category/Writing?utm_source=x")).robots).toBeNull();
    expect((await category("/category/Writing?sort=name")).robots).toBe("noindex, follow");
    expect(await tag("/tag/api?page=2")).toEqual({ robots: null, canonical: "https://aitlas.example/tag/api?page=2" });
    expect((await tag("/tag/api?utm_source=x")).robots).toBeNull();
    expect((await tag("/tag/api?pricing=free")).robots).toBe("noindex, follow");
  });
});

describe("page numbers past the end", () => {
  /** A loader's status for an address: 200 for a page, 404 for none. */
  const statusOf = async (loader: (args: never) => unknown, path: string, params: Record<string, string> = {}) =>
    (await settleRoute(() => callLoader(loader, path, params))).status;

  test("are 404 on home, a category, a tag and the blog; the last page is a page", async () => {
    await insertTools(database.db, ...manyTools(TOOLS_PAGE_SIZE + 1, { category: "Writing" }));
    await tagTools(database.db, { "Tool 1": ["api"] });
    await insertArticles(database.db, { title: "Only post", date: "2025-05-01" });

    expect(await statusOf(homeLoader, "/?page=2")).toBe(200);
    expect(await statusOf(homeLoader, "/?page=3")).toBe(404);
    expect(await statusOf(categoryLoader, "/category/Writing?page=2", { category: "Writing" })).toBe(200);
    expect(await statusOf(categoryLoader, "/category/Writing?page=3", { category: "Writing" })).toBe(404);
    expect(await statusOf(tagLoader, "/tag/api", { slug: "api" })).toBe(200);
    expect(await statusOf(tagLoader, "/tag/api?page=2", { slug: "api" })).toBe(404);
    expect(await statusOf(blogLoader, "/blog")).toBe(200);
    expect(await statusOf(blogLoader, "/blog?page=2")).toBe(404);
  });

  test("page 1 of an empty list is a page", async () => {
    expect(await statusOf(homeLoader, "/")).toBe(200);
    expect(await statusOf(categoryLoader, "/category/Image", { category: "Image" })).toBe(200);
    expect(await statusOf(blogLoader, "/blog")).toBe(200);
    expect(await callLoader(blogLoader, "/blog")).toMatchObject({ articles: [], page: 1, pageCount: 1, total: 0 });
    expect(await statusOf(blogLoader, "/blog?page=2")).toBe(404);
  });
});
