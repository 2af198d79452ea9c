import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader as sectionLoader } from "~/routes/sitemap-section";
import { loader as indexLoader } from "~/routes/sitemap";
import { updateTool } from "~/server/catalog/tool-admin.server";
import { addComment } from "~/server/community/comments.server";
import { recordVote } from "~/server/community/votes.server";
import { articles, tags, tools, users } from "~/server/db/schema.server";
import { buildSitemapFile, buildSitemapIndex, SITEMAP_URL_LIMIT } from "~/server/seo/sitemap.server";
import { insertArticles, insertTools, insertUsers, tagTools, toolForm } from "../../tests/setup/fixtures";
import { childrenNamed, parseXml, textOf, type XmlElement } from "../../tests/setup/strict-xml";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${articles}, ${tags}, ${users} cascade`);
});

const NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";
const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Calls a loader with a real request to http://localhost{path}; `pageTags` collects what it tags. */
async function get(
  loader: (args: never) => unknown,
  path: string,
  { siteUrl = null, pageTags }: { siteUrl?: string | null; pageTags?: Set<string> } = {},
): Promise<Response> {
  const args = {
    request: new Request(`http://localhost${path}`),
    params: {},
    context: { db: database.db, siteUrl, pageTags },
  };
  try {
    return (await loader(args as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** The index's files as address → lastmod, after checking it is a well-formed sitemap index. */
function indexFiles(xml: string): Map<string, string | undefined> {
  const root = parseXml(xml);
  expect(root.name).toBe("sitemapindex");
  expect(root.attributes.xmlns).toBe(NAMESPACE);
  return new Map(childrenNamed(root, "sitemap").map((file) => [textOf(file, "loc")!, textOf(file, "lastmod")]));
}

/** A file's addresses as address → lastmod, after checking it is a well-formed, non-empty urlset. */
function fileUrls(xml: string): Map<string, string | undefined> {
  const root: XmlElement = parseXml(xml);
  expect(root.name).toBe("urlset");
  expect(root.attributes.xmlns).toBe(NAMESPACE);
  const urls = childrenNamed(root, "url");
  expect(urls.length).toBeGreaterThan(0);
  return new Map(urls.map((url) => [textOf(url, "loc")!, textOf(url, "lastmod")]));
}

/** Every file the index names, fetched through the section route, merged. */
async function everyListedUrl(siteUrl: string | null = null) {
  const files = indexFiles(await (await get(indexLoader, "/sitemap.xml", { siteUrl })).text());
  const all = new Map<string, string | undefined>();
  for (const loc of files.keys()) {
    const response = await get(sectionLoader, new URL(loc).pathname + new URL(loc).search, { siteUrl });
    expect(response.status, loc).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    for (const [url, lastmod] of fileUrls(await response.text())) all.set(url, lastmod);
  }
  return { files, urls: all };
}

describe("the sitemap index (decision 102)", () => {
  test("names one file per section with addresses, each with a lastmod, and together they list every public page", async () => {
    await insertTools(
      database.db,
      { name: "Chat GPT", slug: "chatgpt", category: "Writing", updatedAt: new Date("2025-02-03T04:05:06.000Z") },
      { name: "Poster", category: "Social Media" },
      { name: "Odd Slug", slug: "rock'n'roll&more<x>" },
    );
    await tagTools(database.db, { "Chat GPT": ["chat"] });
    await insertArticles(
      database.db,
      { title: "Published", slug: "published", date: "2025-05-01", updatedAt: new Date("2025-05-02T00:00:00.000Z") },
      { title: "Draft", slug: "draft-article", date: "2025-05-01", status: "draft" },
    );

    const { files, urls } = await everyListedUrl();

    expect([...files.keys()]).toEqual(
      ["pages", "categories", "tags", "tools", "alternatives", "comparisons", "articles"].map(
        (section) => `http://localhost/sitemap-${section}.xml`,
      ),
    );
    for (const [loc, lastmod] of files) expect(lastmod, loc).toMatch(ISO_INSTANT);
    expect(files.get("http://localhost/sitemap-articles.xml")).toBe("2025-05-02T00:00:00.000Z");

    for (const path of ["/", "/blog", "/changes", "/developers", "/about", "/privacy", "/terms"])
      expect(urls.has(`http://localhost${path}`), path).toBe(true);
    expect(urls.get("http://localhost/tool/chatgpt")).toBe("2025-02-03T04:05:06.000Z");
    expect(urls.get("http://localhost/tool/poster")).toMatch(ISO_INSTANT);
    expect(urls.has(`http://localhost/tool/${encodeURIComponent("rock'n'roll&more<x>")}`)).toBe(true);
    expect(urls.get("http://localhost/article/published")).toBe("2025-05-02T00:00:00.000Z");
    expect(urls.get("http://localhost/category/Writing")).toMatch(ISO_INSTANT);
    expect(urls.has("http://localhost/category/Social%20Media")).toBe(true);
    expect(urls.get("http://localhost/tag/chat")).toMatch(ISO_INSTANT);
    // Categories without tools, and drafts, are not pages worth listing.
    expect(urls.has("http://localhost/category/Health")).toBe(false);
    expect(urls.has("http://localhost/article/draft-article")).toBe(false);
    // Alternatives pages for the two Writing tools; Poster is alone in its category.
    expect(urls.has("http://localhost/tool/chatgpt/alternatives")).toBe(true);
    expect(urls.has("http://localhost/tool/poster/alternatives")).toBe(false);
    // ...and compared with each other, as of the later of the two tools' changes.
    const pair = `http://localhost/compare/chatgpt-vs-${encodeURIComponent("rock'n'roll&more<x>")}`;
    expect(urls.get(pair)).toMatch(ISO_INSTANT);
    expect(urls.size).toBe(7 + 2 + 1 + 3 + 2 + 1 + 1);
  });

  test("leaves out the sections with no addresses; their files are not found", async () => {
    const files = indexFiles(await (await get(indexLoader, "/sitemap.xml")).text());

    expect([...files.keys()]).toEqual(["http://localhost/sitemap-pages.xml"]);
    expect((await get(sectionLoader, "/sitemap-tools.xml")).status).toBe(404);
    expect((await get(sectionLoader, "/sitemap-articles.xml")).status).toBe(404);
  });

  test("uses the configured public URL in the index and its files", async () => {
    await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt" });

    const { files, urls } = await everyListedUrl("https://aitlas.example");

    expect([...files.keys(), ...urls.keys()].every((loc) => loc.startsWith("https://aitlas.example/"))).toBe(true);
    expect(urls.has("https://aitlas.example/tool/chatgpt")).toBe(true);
  });

  test("tags the index and each file with the lists they follow, for the page cache", async () => {
    await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt" });
    await insertArticles(database.db, { title: "Published", slug: "published", date: "2025-05-01" });
    const tagsOf = async (loader: (args: never) => unknown, path: string) => {
      const pageTags = new Set<string>();
      expect((await get(loader, path, { pageTags })).status).toBe(200);
      return [...pageTags].sort();
    };

    expect(await tagsOf(indexLoader, "/sitemap.xml")).toEqual(["list:articles", "list:tools"]);
    expect(await tagsOf(sectionLoader, "/sitemap-pages.xml")).toEqual(["list:articles", "list:tools"]);
    expect(await tagsOf(sectionLoader, "/sitemap-tools.xml")).toEqual(["list:tools"]);
    expect(await tagsOf(sectionLoader, "/sitemap-articles.xml")).toEqual(["list:articles"]);
  });
});

describe("splitting a section at the protocol's limit", () => {
  test("the limit is the protocol's 50,000 addresses", () => {
    expect(SITEMAP_URL_LIMIT).toBe(50_000);
  });

  test("past the limit a section becomes numbered files, read by keyset in batches, that together list each address once", async () => {
    const names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo"];
    await insertTools(
      database.db,
      ...names.map((name, index) => ({ name, updatedAt: new Date(Date.UTC(2025, 0, 1 + index)) })),
    );
    const db = database.db;
    const siteUrl = "http://localhost";

    const files = indexFiles(await buildSitemapIndex({ db, siteUrl, urlLimit: 2 }));
    const toolFiles = [...files].filter(([loc]) => loc.includes("sitemap-tools"));
    expect(toolFiles).toEqual([
      ["http://localhost/sitemap-tools.xml", "2025-01-02T00:00:00.000Z"],
      ["http://localhost/sitemap-tools.xml?page=2", "2025-01-04T00:00:00.000Z"],
      ["http://localhost/sitemap-tools.xml?page=3", "2025-01-05T00:00:00.000Z"],
    ]);
    // Alternatives follow the same cut; the small sections stay one file each.
    expect([...files.keys()].filter((loc) => loc.includes("sitemap-alternatives"))).toHaveLength(3);
    expect([...files.keys()].filter((loc) => loc.includes("sitemap-pages"))).toHaveLength(4);

    const parts = [];
    for (const part of [1, 2, 3]) {
      const xml = await buildSitemapFile({ db, siteUrl, section: "tools", part, urlLimit: 2, batchSize: 1 });
      parts.push([...fileUrls(xml!).keys()].map((loc) => loc.replace("http://localhost/tool/", "")));
    }
    expect(parts).toEqual([["alpha", "bravo"], ["charlie", "delta"], ["echo"]]);
    expect(await buildSitemapFile({ db, siteUrl, section: "tools", part: 4, urlLimit: 2 })).toBeNull();
    const pages = await buildSitemapFile({ db, siteUrl, section: "pages", part: 4, urlLimit: 2 });
    expect([...fileUrls(pages!).keys()]).toEqual(["http://localhost/terms"]);
  });

  test("a file's address: no number for the first, ?page=n after it, and nothing else", async () => {
    await insertTools(database.db, { name: "Alpha" });

    const first = await get(sectionLoader, "/sitemap-tools.xml?page=1");
    expect(first.status).toBe(301);
    expect(first.headers.get("Location")).toBe("/sitemap-tools.xml");
    for (const path of [
      "/sitemap-tools.xml?page=2",
      "/sitemap-tools.xml?page=0",
      "/sitemap-tools.xml?page=two",
      "/sitemap-unknown.xml",
    ])
      expect((await get(sectionLoader, path)).status, path).toBe(404);
  });
});

describe("lastmod follows real changes", () => {
  const author = { origin: "admin" as const, actorId: null, actorName: "Ada" };

  test("a vote or a comment leaves a tool's lastmod; an unchanged save too; an edit moves it, its file's and the change log's", async () => {
    const before = "2025-02-03T04:05:06.000Z";
    const [tool] = await insertTools(database.db, {
      name: "Quill",
      slug: "quill",
      tagline: "Drafts letters.",
      pricingModel: "free",
      features: ["Drafts"],
      updatedAt: new Date(before),
    });
    const [voter] = await insertUsers(database.db, { email: "voter@example.com" });
    const lastmods = async () => {
      const { files, urls } = await everyListedUrl();
      return {
        tool: urls.get("http://localhost/tool/quill"),
        toolsFile: files.get("http://localhost/sitemap-tools.xml"),
        changes: urls.get("http://localhost/changes"),
      };
    };

    await recordVote({ db: database.db, userId: voter!.id, toolId: tool!.id, rating: 5 });
    await addComment({ db: database.db, userId: voter!.id, toolId: tool!.id, content: "Lovely tool, writes well." });
    await updateTool({ db: database.db, id: tool!.id, input: toolForm(), author });
    expect(await lastmods()).toEqual({ tool: before, toolsFile: before, changes: undefined });

    await updateTool({ db: database.db, id: tool!.id, input: toolForm({ tagline: "Drafts better letters." }), author });
    const moved = await lastmods();
    expect(Date.parse(moved.tool!)).toBeGreaterThan(Date.parse(before));
    expect(moved.toolsFile).toBe(moved.tool);
    // The change log's page changed at the same moment.
    expect(moved.changes).toBe(moved.tool);
  });
});
