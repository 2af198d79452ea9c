import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { TOOLS_PAGE_SIZE } from "~/lib/limits";
import { loader as articleLoader } from "~/routes/article";
import { loader as blogLoader } from "~/routes/blog";
import { loader as rssLoader } from "~/routes/blog-rss";
import { loader as toolsFeedLoader } from "~/routes/tools-feed";
import { loader as changesFeedLoader } from "~/routes/changes-rss";
import { recordToolChanges } from "~/server/freshness/change-log.server";
import { loader as categoryLoader, meta as categoryMeta } from "~/routes/category";
import { loader as homeLoader } from "~/routes/home";
import { loader as robotsLoader } from "~/routes/robots";
import { loader as tagLoader, meta as tagMeta } from "~/routes/tag";
import { loader as toolLoader } from "~/routes/tool";
import { refreshRankingPrior } from "~/server/catalog/ranking.server";
import { articles, tags, tools } from "~/server/db/schema.server";
import { cdata } from "~/server/seo/xml.server";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { insertArticles, insertTools, tagTools } from "../../tests/setup/fixtures";
import { childrenNamed, parseXml, textOf } from "../../tests/setup/strict-xml";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${articles}, ${tags} cascade`);
});

// --- Calling loaders the way React Router does: a real Request, route params and our context ---

/** Calls a route loader with a real request to http://localhost{path}. */
function callLoader<Loader extends (args: never) => unknown>(
  loader: Loader,
  path: string,
  { params = {}, siteUrl = null }: { params?: Record<string, string>; siteUrl?: string | null } = {},
): ReturnType<Loader> {
  const args = { request: new Request(`http://localhost${path}`), params, context: { db: database.db, siteUrl } };
  return loader(args as never) as ReturnType<Loader>;
}

/** What a loader threw; fails when it returned instead. */
async function thrownBy(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("Expected the loader to throw");
}

function expectPermanentRedirect(thrown: unknown, location: string) {
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(301);
  expect(response.headers.get("Location")).toBe(location);
}

/** A missing record is an AppError thrown as a response: 404 with { error, code: "not-found" }. */
async function expectNotFound(thrown: unknown, message: string) {
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ error: message, code: "not-found" });
}

describe("parseXml, the test's own XML reader", () => {
  test("rejects what is not well-formed", () => {
    const prolog = `<?xml version="1.0" encoding="UTF-8"?>\n`;
    for (const broken of [
      "<a><b></a></b>",
      "<a>x & y</a>",
      "<a>x < y</a>",
      "<a>]]></a>",
      "<a/><b/>",
      "<a x='1' x='2'/>",
      "<a>",
    ]) {
      expect(() => parseXml(prolog + broken), broken).toThrow(/Invalid XML/);
    }
    expect(parseXml(`${prolog}<a t="&lt;&amp;&#39;"><![CDATA[<p>]]>&amp;</a>`)).toEqual({
      name: "a",
      attributes: { t: "<&'" },
      children: [],
      text: "<p>&",
    });
  });
});

// --- Pages ---

describe("home loader", () => {
  test("lists the newest tools and the 4 newest published articles", async () => {
    await insertTools(database.db, { name: "Older" }, { name: "Newer" });
    await insertArticles(
      database.db,
      ...["01", "02", "03", "04", "05"].map((day) => ({ title: `Post ${day}`, date: `2025-03-${day}` })),
      { title: "Draft", date: "2025-04-01", status: "draft" },
    );

    const result = await callLoader(homeLoader, "/");

    expect(result.filters.query).toBe("");
    expect(result.filters.category).toBeNull();
    expect(result.toolPage.tools.map((tool) => tool.name)).toEqual(["Newer", "Older"]);
    expect(result.latestArticles.map((article) => article.title)).toEqual(["Post 05", "Post 04", "Post 03", "Post 02"]);
  });

  test("filters by q and category", async () => {
    await insertTools(
      database.db,
      { name: "Voice Writer", category: "Writing" },
      { name: "Voice Clone", category: "Audio" },
      { name: "Mixer", category: "Audio" },
    );

    const byQuery = await callLoader(homeLoader, "/?q=%20voice%20");
    const byBoth = await callLoader(homeLoader, "/?q=voice&category=Audio");

    expect(byQuery.filters.query).toBe("voice");
    expect(byQuery.toolPage.tools.map((tool) => tool.name).sort()).toEqual(["Voice Clone", "Voice Writer"]);
    expect(byBoth.filters.category).toBe("Audio");
    expect(byBoth.toolPage.tools.map((tool) => tool.name)).toEqual(["Voice Clone"]);
  });

  test("reads an unknown category as All", async () => {
    await insertTools(database.db, { name: "One", category: "Writing" }, { name: "Two", category: "Image" });

    const result = await callLoader(homeLoader, "/?category=Nonsense");

    expect(result.filters.category).toBeNull();
    expect(result.toolPage.total).toBe(2);
  });

  test("serves the requested page, and page 1 for a page number that is not one", async () => {
    await insertTools(
      database.db,
      ...Array.from({ length: TOOLS_PAGE_SIZE + 3 }, (_, index) => ({ name: `Tool ${index + 1}` })),
    );

    const second = await callLoader(homeLoader, "/?page=2");
    const invalid = await callLoader(homeLoader, "/?page=abc");

    expect(second.toolPage).toMatchObject({ page: 2, pageCount: 2, total: TOOLS_PAGE_SIZE + 3 });
    expect(second.toolPage.tools.map((tool) => tool.name)).toEqual(["Tool 3", "Tool 2", "Tool 1"]);
    expect(invalid.toolPage.page).toBe(1);
    expect(invalid.toolPage.tools).toHaveLength(TOOLS_PAGE_SIZE);
  });
});

describe("filtered lists (home, category, tag)", () => {
  test("home reads pricing, tags and sort from the address and offers the tags in use", async () => {
    await insertTools(
      database.db,
      { name: "Scribe", pricingModel: "free", voteCount: 1, rating: 5 },
      { name: "Listener", pricingModel: "freemium", voteCount: 9, rating: 4 },
      { name: "Costly", pricingModel: "paid" },
    );
    await tagTools(database.db, {
      Scribe: ["transcription"],
      Listener: ["transcription", "api"],
      Costly: ["transcription"],
    });

    const result = await callLoader(homeLoader, "/?pricing=free&pricing=freemium&tag=transcription&sort=most-voted");

    expect(result.filters).toMatchObject({
      pricing: ["free", "freemium"],
      tags: ["transcription"],
      sort: "most-voted",
    });
    expect(result.toolPage.tools.map((tool) => tool.name)).toEqual(["Listener", "Scribe"]);
    expect(result.tagsInUse.map((tag) => tag.slug)).toEqual(["api", "transcription"]);
  });

  test("a page past the end is a 404 on home and on a category page", async () => {
    await insertTools(database.db, { name: "Only", category: "Writing" });

    await expectNotFound(await thrownBy(() => callLoader(homeLoader, "/?page=2")), "There is no such page");
    await expectNotFound(
      await thrownBy(() => callLoader(categoryLoader, "/category/Writing?page=3", { params: { category: "Writing" } })),
      "There is no such page",
    );
  });

  test("a tag page lists its tools best ranked first, with the other filters, and 404s for an unknown tag", async () => {
    await insertTools(
      database.db,
      { name: "Loved", pricingModel: "freemium", rating: 4.8, voteCount: 120 },
      { name: "Lucky", pricingModel: "free", rating: 5, voteCount: 1 },
      { name: "Untagged", pricingModel: "free" },
    );
    await tagTools(database.db, { Loved: ["transcription"], Lucky: ["transcription", "api"] });
    await refreshRankingPrior({ db: database.db });

    const page = await callLoader(tagLoader, "/tag/transcription", { params: { slug: "transcription" } });
    expect(page.tag).toMatchObject({ slug: "transcription", name: "Transcription" });
    expect(page.sort).toBe("top-rated");
    expect(page.toolPage.tools.map((tool) => tool.name)).toEqual(["Loved", "Lucky"]);

    const narrowed = await callLoader(tagLoader, "/tag/transcription?tag=api&pricing=free", {
      params: { slug: "transcription" },
    });
    expect(narrowed.toolPage.tools.map((tool) => tool.name)).toEqual(["Lucky"]);

    await expectNotFound(
      await thrownBy(() => callLoader(tagLoader, "/tag/nope", { params: { slug: "nope" } })),
      "Tag not found",
    );
    // Found regardless of case, but served at one address (decision 105).
    expectPermanentRedirect(
      await thrownBy(() =>
        callLoader(tagLoader, "/tag/Transcription?pricing=free", { params: { slug: "Transcription" } }),
      ),
      "/tag/transcription?pricing=free",
    );
  });

  test("a category's or a tag's plain list is indexed; a filtered or reordered one names itself and is not", async () => {
    await insertTools(database.db, { name: "Scribe", category: "Writing", pricingModel: "free" });
    await tagTools(database.db, { Scribe: ["api"] });
    type Descriptor = Record<string, unknown>;
    const robots = (tags: Descriptor[]) => tags.find((tag) => tag.name === "robots")?.content ?? null;
    const canonical = (tags: Descriptor[]) => tags.find((tag) => tag.rel === "canonical")?.href;
    const matches = [{ id: "root", data: { siteUrl: "https://aitlas.example" } }];

    const plain = await callLoader(categoryLoader, "/category/Writing", { params: { category: "Writing" } });
    const plainMeta = categoryMeta({ loaderData: plain, matches } as never) as Descriptor[];
    expect(robots(plainMeta)).toBeNull();
    expect(canonical(plainMeta)).toBe("https://aitlas.example/category/Writing");

    const filtered = await callLoader(categoryLoader, "/category/Writing?pricing=free", {
      params: { category: "Writing" },
    });
    const filteredMeta = categoryMeta({ loaderData: filtered, matches } as never) as Descriptor[];
    expect(robots(filteredMeta)).toBe("noindex, follow");
    expect(canonical(filteredMeta)).toBe("https://aitlas.example/category/Writing?pricing=free");

    const tagPage = await callLoader(tagLoader, "/tag/api", { params: { slug: "api" } });
    expect(robots(tagMeta({ loaderData: tagPage, matches } as never) as Descriptor[])).toBeNull();
    const tagFiltered = await callLoader(tagLoader, "/tag/api?sort=name", { params: { slug: "api" } });
    expect(robots(tagMeta({ loaderData: tagFiltered, matches } as never) as Descriptor[])).toBe("noindex, follow");
  });
});

describe("tool loader", () => {
  test("serves a tool found by its slug", async () => {
    await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt", pros: ["Fast"], pricing: { Free: "$0" } });

    const { tool, comments } = await callLoader(toolLoader, "/tool/chatgpt", { params: { id: "chatgpt" } });

    expect(tool).toMatchObject({ slug: "chatgpt", name: "Chat GPT", pros: ["Fast"], pricing: { Free: "$0" } });
    expect(tool.descriptionHtml).toBe("<p>About Chat GPT.</p>");
    expect(comments).toEqual([]);
  });

  test("moves an id, a name-like text and an upper-case slug permanently to the slug", async () => {
    const [tool] = await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt" });

    for (const id of [tool!.id, tool!.id.toUpperCase(), "chat-gpt", "Chat-GPT", "CHATGPT"]) {
      const thrown = await thrownBy(() => callLoader(toolLoader, `/tool/${id}`, { params: { id } }));
      expectPermanentRedirect(thrown, "/tool/chatgpt");
    }
  });

  test("keeps the query string when it redirects", async () => {
    await insertTools(database.db, { name: "Chat GPT", slug: "chatgpt" });

    const thrown = await thrownBy(() =>
      callLoader(toolLoader, "/tool/CHATGPT?ref=news", { params: { id: "CHATGPT" } }),
    );

    expectPermanentRedirect(thrown, "/tool/chatgpt?ref=news");
  });

  test("answers 404 'Tool not found' for an unknown tool", async () => {
    for (const id of ["no-such-tool", "00000000-0000-4000-8000-000000000000"]) {
      await expectNotFound(
        await thrownBy(() => callLoader(toolLoader, `/tool/${id}`, { params: { id } })),
        "Tool not found",
      );
    }
  });

  test("sanitizes the description HTML", async () => {
    await insertTools(database.db, {
      name: "Trap",
      description: `<p>Safe text</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a>`,
    });

    const { tool } = await callLoader(toolLoader, "/tool/trap", { params: { id: "trap" } });

    expect(tool.descriptionHtml).toContain("<p>Safe text</p>");
    expect(tool.descriptionHtml).not.toMatch(/<script|onerror|javascript:|alert\(/i);
  });
});

describe("article loader", () => {
  test("serves a published article found by its slug, with sanitized content", async () => {
    await insertArticles(database.db, {
      title: "Picking a Model",
      slug: "picking-a-model",
      date: "2025-05-01",
      content: `<h2>Intro</h2><p onclick="alert(1)">Text</p><iframe src="https://evil.example"></iframe>`,
    });

    const { article } = await callLoader(articleLoader, "/article/picking-a-model", {
      params: { id: "picking-a-model" },
    });

    expect(article).toMatchObject({ slug: "picking-a-model", title: "Picking a Model", date: "2025-05-01" });
    expect(article.contentHtml).toBe("<h2>Intro</h2><p>Text</p>");
  });

  test("moves an id and a title-like text permanently to the slug", async () => {
    const [article] = await insertArticles(database.db, {
      title: "Picking a Model",
      slug: "picking-a-model-2025",
      date: "2025-05-01",
    });

    for (const id of [article!.id, "picking-a-model", "Picking-A-Model"]) {
      const thrown = await thrownBy(() => callLoader(articleLoader, `/article/${id}`, { params: { id } }));
      expectPermanentRedirect(thrown, "/article/picking-a-model-2025");
    }
  });

  test("answers 404 'Article not found' for unknown articles and drafts", async () => {
    const [draft] = await insertArticles(database.db, {
      title: "Unfinished",
      slug: "unfinished",
      date: "2025-05-01",
      status: "draft",
    });

    for (const id of ["no-such-article", "unfinished", "Unfinished", draft!.id]) {
      await expectNotFound(
        await thrownBy(() => callLoader(articleLoader, `/article/${id}`, { params: { id } })),
        "Article not found",
      );
    }
  });
});

describe("category loader", () => {
  test("takes the decoded category name and orders its tools by rating", async () => {
    await insertTools(
      database.db,
      { name: "Unrated Poster", category: "Social Media" },
      { name: "Top Poster", category: "Social Media", rating: 4.8, voteCount: 10 },
      { name: "Mid Poster", category: "Social Media", rating: 3.1, voteCount: 2 },
      { name: "Writer", category: "Writing", rating: 5, voteCount: 1 },
    );

    const result = await callLoader(categoryLoader, "/category/Social%20Media", {
      params: { category: "Social Media" },
    });

    expect(result.category).toBe("Social Media");
    expect(result.toolPage.tools.map((tool) => tool.name)).toEqual(["Top Poster", "Mid Poster", "Unrated Poster"]);
  });

  test("filters by q within the category", async () => {
    await insertTools(
      database.db,
      { name: "Scheduler", category: "Social Media" },
      { name: "Caption Maker", category: "Social Media" },
      { name: "Caption Writer", category: "Writing" },
    );

    const result = await callLoader(categoryLoader, "/category/Social%20Media?q=caption", {
      params: { category: "Social Media" },
    });

    expect(result.filters.query).toBe("caption");
    expect(result.toolPage.tools.map((tool) => tool.name)).toEqual(["Caption Maker"]);
  });

  test("shows a known category with no tools as an empty page", async () => {
    const result = await callLoader(categoryLoader, "/category/Health", { params: { category: "Health" } });

    expect(result.toolPage).toMatchObject({ tools: [], total: 0 });
  });

  test.each(["Nonsense", "All", "Writing Tools"])(
    "answers 404 for %j, which is not one of the spec's categories",
    async (category) => {
      // Even with tools stored under it: only the spec's categories have a page.
      await insertTools(database.db, { name: "Stray", category });
      const thrown = await thrownBy(() =>
        callLoader(categoryLoader, `/category/${encodeURIComponent(category)}`, { params: { category } }),
      );

      await expectNotFound(thrown, "Category not found");
    },
  );

  test.each([
    ["writing", "/category/writing", "/category/Writing"],
    ["social-media", "/category/social-media", "/category/Social%20Media"],
    ["Social+Media", "/category/Social+Media?q=post&page=2", "/category/Social%20Media?q=post&page=2"],
    ["social media", "/category/social%20media", "/category/Social%20Media"],
    ["SOCIAL_MEDIA", "/category/SOCIAL_MEDIA", "/category/Social%20Media"],
  ])("moves the spelling %j permanently to the canonical address", async (category, path, location) => {
    expectPermanentRedirect(await thrownBy(() => callLoader(categoryLoader, path, { params: { category } })), location);
  });
});

describe("blog loader", () => {
  test("lists published articles newest first, a page at a time", async () => {
    await insertArticles(
      database.db,
      ...Array.from({ length: 14 }, (_, index) => ({
        title: `Post ${String(index + 1).padStart(2, "0")}`,
        date: `2025-06-${String(index + 1).padStart(2, "0")}`,
      })),
      { title: "Draft", date: "2025-07-01", status: "draft" },
    );

    const first = await callLoader(blogLoader, "/blog");
    const second = await callLoader(blogLoader, "/blog?page=2");

    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 14 });
    expect(first.articles[0]?.title).toBe("Post 14");
    expect(first.articles).toHaveLength(12);
    expect(second.articles.map((article) => article.title)).toEqual(["Post 02", "Post 01"]);
  });
});

describe("robots.txt loader", () => {
  test("allows the public site and points to the sitemap", async () => {
    const response = await callLoader(robotsLoader, "/robots.txt");
    const body = await response.text();

    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/admin$/m);
    expect(body).toMatch(/^Sitemap: http:\/\/localhost\/sitemap\.xml$/m);

    const configured = await callLoader(robotsLoader, "/robots.txt", { siteUrl: "https://aitlas.example" }).text();
    expect(configured).toMatch(/^Sitemap: https:\/\/aitlas\.example\/sitemap\.xml$/m);
  });
});

describe("blog/rss.xml loader", () => {
  const feed = async () => {
    const response = await callLoader(rssLoader, "/blog/rss.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const rss = parseXml(await response.text());
    const channel = childrenNamed(rss, "channel")[0]!;
    return { rss, channel, items: childrenNamed(channel, "item") };
  };

  test("is RSS 2.0 with published articles newest first", async () => {
    await insertArticles(
      database.db,
      { title: "Older", slug: "older", date: "2025-03-01" },
      { title: "Newest", slug: "newest", date: "2025-05-01", author: "Ada" },
      { title: "Middle", slug: "middle", date: "2025-04-01" },
      { title: "Draft", slug: "draft", date: "2025-06-01", status: "draft" },
    );

    const { rss, channel, items } = await feed();

    expect(rss.name).toBe("rss");
    expect(rss.attributes.version).toBe("2.0");
    expect(textOf(channel, "title")).toBe("Aitlas Blog");
    expect(textOf(channel, "link")).toBe("http://localhost/blog");
    expect(textOf(channel, "description")).toBeTruthy();
    expect(childrenNamed(channel, "atom:link")[0]?.attributes).toMatchObject({
      href: "http://localhost/blog/rss.xml",
      rel: "self",
    });
    expect(items.map((item) => textOf(item, "title"))).toEqual(["Newest", "Middle", "Older"]);
    const [newest] = items;
    expect(textOf(newest!, "link")).toBe("http://localhost/article/newest");
    expect(textOf(newest!, "pubDate")).toBe("Thu, 01 May 2025 00:00:00 GMT");
    expect(textOf(newest!, "dc:creator")).toBe("Ada");
    expect(textOf(newest!, "content:encoded")).toBe("<p>Newest</p>");
  });

  test("keeps markup in titles as text and cannot be broken out of by the content", async () => {
    const title = "Tags </title><script>alert(1)</script> & more";
    await insertArticles(database.db, {
      title,
      slug: "tricky",
      date: "2025-05-01",
      content: `<p>Ends early ]]> <b>still</b> inside</p><script>alert(2)</script>`,
    });

    const response = await callLoader(rssLoader, "/blog/rss.xml");
    const body = await response.text();
    const items = childrenNamed(childrenNamed(parseXml(body), "channel")[0]!, "item");

    expect(body).not.toContain("<script>");
    expect(items).toHaveLength(1);
    expect(textOf(items[0]!, "title")).toBe(title);
    const content = textOf(items[0]!, "content:encoded")!;
    expect(content).toContain("<b>still</b> inside</p>");
    expect(content).not.toContain("alert(2)");
  });

  test("escapes a plain-text excerpt as HTML, so '<' and '&' in it stay text (W3C feed validator)", async () => {
    const excerpt = "R&D for <b>teams</b> & x < y";
    await insertArticles(database.db, { title: "Escaped", slug: "escaped", date: "2025-05-01", excerpt });

    const { items } = await feed();
    const description = textOf(items[0]!, "description")!;

    // The description's text is HTML: no tag, no bare ampersand, and decoding it gives the excerpt.
    expect(description).toBe("R&amp;D for &lt;b&gt;teams&lt;/b&gt; &amp; x &lt; y");
    expect(description).not.toMatch(/<|&(?!amp;|lt;|gt;)/);
    const json = (await (await callLoader(rssLoader, "/blog/feed.json")).json()) as JsonFeed;
    expect(json.items[0]!.summary).toBe(excerpt);
  });

  test("splits ']]>' across CDATA sections so the text reads back unchanged", () => {
    const text = "a]]>b]]>";
    const wrapped = parseXml(`<?xml version="1.0" encoding="UTF-8"?>\n<x>${cdata(text)}</x>`);

    expect(wrapped.text).toBe(text);
  });

  test("is a valid empty feed without articles", async () => {
    const { items } = await feed();

    expect(items).toEqual([]);
  });
});

type JsonFeed = {
  version: string;
  title: string;
  home_page_url: string;
  feed_url: string;
  items: { id: string; url: string; title: string; summary: string; content_html: string; tags?: string[] }[];
};

describe("tool and JSON feeds", () => {
  async function insertCatalogue() {
    await insertTools(
      database.db,
      { name: "Old Writer", category: "Writing", tagline: "Writes slowly" },
      { name: "Echo", category: "Audio", tagline: "Transcribes calls" },
      { name: "New Writer", category: "Writing", tagline: "Writes fast" },
    );
  }

  test("/tools/rss.xml lists the newest tools first, with their taglines and descriptions", async () => {
    await insertCatalogue();
    const response = await callLoader(toolsFeedLoader, "/tools/rss.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const channel = childrenNamed(parseXml(await response.text()), "channel")[0]!;
    expect(childrenNamed(channel, "atom:link")[0]?.attributes.href).toBe("http://localhost/tools/rss.xml");
    const items = childrenNamed(channel, "item");
    expect(items.map((item) => textOf(item, "title"))).toEqual(["New Writer", "Echo", "Old Writer"]);
    expect(textOf(items[0]!, "link")).toBe("http://localhost/tool/new-writer");
    expect(textOf(items[0]!, "description")).toBe("Writes fast");
    expect(textOf(items[0]!, "content:encoded")).toBe("<p>About New Writer.</p>");
  });

  test("every RSS feed names the stylesheet and script that make it readable in a browser; JSON feeds do not", async () => {
    await insertCatalogue();
    const feeds = [
      callLoader(toolsFeedLoader, "/tools/rss.xml"),
      callLoader(toolsFeedLoader, "/category/Writing/rss.xml", { params: { category: "Writing" } }),
      callLoader(rssLoader, "/blog/rss.xml"),
      callLoader(changesFeedLoader, "/changes/rss.xml"),
    ];
    for (const response of await Promise.all(feeds)) {
      const body = await response.text();
      expect(body).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<\?xml-stylesheet type="text\/css" href="\/feed.css"\?>\n<rss /,
      );
      // A reader sees the channel, and beside it one element of a namespace it skips.
      const rss = parseXml(body);
      expect(rss.children.map((child) => child.name)).toEqual(["channel", "script"]);
      expect(rss.children[1]!.attributes).toEqual({
        xmlns: "http://www.w3.org/1999/xhtml",
        src: "/feed.js",
        defer: "defer",
      });
    }
    const json = await (await callLoader(toolsFeedLoader, "/tools/feed.json")).text();
    expect(json).not.toContain('"/feed.js"');
    expect(json).not.toContain('"/feed.css"');
  });

  test("/tools/feed.json is a JSON Feed 1.1 of the same tools", async () => {
    await insertCatalogue();
    const response = await callLoader(toolsFeedLoader, "/tools/feed.json");
    expect(response.headers.get("Content-Type")).toBe("application/feed+json; charset=utf-8");
    const feed = (await response.json()) as JsonFeed;
    expect(feed).toMatchObject({
      version: "https://jsonfeed.org/version/1.1",
      home_page_url: "http://localhost/",
      feed_url: "http://localhost/tools/feed.json",
    });
    expect(feed.items.map((item) => item.title)).toEqual(["New Writer", "Echo", "Old Writer"]);
    expect(feed.items[1]).toMatchObject({
      url: "http://localhost/tool/echo",
      summary: "Transcribes calls",
      tags: ["Audio"],
    });
  });

  test("a category's feeds hold its tools only, at one address per category", async () => {
    await insertCatalogue();
    const params = (category: string) => ({ params: { category } });
    const rss = await callLoader(toolsFeedLoader, "/category/Writing/rss.xml", params("Writing"));
    const items = childrenNamed(childrenNamed(parseXml(await rss.text()), "channel")[0]!, "item");
    expect(items.map((item) => textOf(item, "title"))).toEqual(["New Writer", "Old Writer"]);
    const json = (await (
      await callLoader(toolsFeedLoader, "/category/Audio/feed.json", params("Audio"))
    ).json()) as JsonFeed;
    expect(json.items.map((item) => item.title)).toEqual(["Echo"]);
    expect(json.feed_url).toBe("http://localhost/category/Audio/feed.json");

    const moved = (await thrownBy(() =>
      callLoader(toolsFeedLoader, "/category/writing/rss.xml", params("writing")),
    )) as Response;
    expect(moved.status).toBe(301);
    expect(moved.headers.get("Location")).toBe("/category/Writing/rss.xml");
    const missing = (await thrownBy(() =>
      callLoader(toolsFeedLoader, "/category/Nothing/rss.xml", params("Nothing")),
    )) as Response;
    expect(missing.status).toBe(404);
  });

  test("/blog/feed.json holds the published articles only", async () => {
    await insertArticles(
      database.db,
      { title: "Published", slug: "published", date: "2025-05-01", author: "Ada" },
      { title: "Draft", slug: "draft", date: "2025-06-01", status: "draft" },
    );
    const feed = (await (await callLoader(rssLoader, "/blog/feed.json")).json()) as JsonFeed;
    expect(feed.feed_url).toBe("http://localhost/blog/feed.json");
    expect(feed.items.map((item) => item.title)).toEqual(["Published"]);
  });
});

describe("the change log's feed (issue 14)", () => {
  test("/changes/rss.xml is RSS 2.0 of the latest changes, escaped, with only web sources linked", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill <b>&</b>", slug: "quill" });
    await recordToolChanges(database.db, {
      toolId: tool!.id,
      changes: [{ field: "tagline", before: "Old ]]> words", after: "</title><script>alert(1)</script>" }],
      author: {
        origin: "proposal",
        actorId: null,
        actorName: "Ada",
        sources: [
          { url: "https://quill.example.com/news", title: "Quill <news>", snippet: "" },
          { url: "javascript:alert(2)", title: "Bad", snippet: "" },
        ],
      },
    });

    const response = await callLoader(changesFeedLoader, "/changes/rss.xml");
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const body = await response.text();
    expect(body).not.toContain("<script>");
    const rss = parseXml(body);
    expect(rss.attributes.version).toBe("2.0");
    const channel = childrenNamed(rss, "channel")[0]!;
    expect(textOf(channel, "link")).toBe("http://localhost/changes");
    expect(childrenNamed(channel, "atom:link")[0]?.attributes.href).toBe("http://localhost/changes/rss.xml");
    const [item, ...rest] = childrenNamed(channel, "item");
    expect(rest).toEqual([]);
    expect(textOf(item!, "title")).toBe("Quill <b>&</b>: Tagline changed");
    expect(textOf(item!, "link")).toBe("http://localhost/tool/quill");
    expect(textOf(item!, "dc:creator")).toBe("AI proposal accepted by Ada");
    // HTML to a reader: the plain-text summary arrives escaped, and reads back as the text.
    expect(textOf(item!, "description")).toBe(
      "Tagline: Old ]]&gt; words → &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; (by AI proposal accepted by Ada)",
    );
    const content = textOf(item!, "content:encoded")!;
    expect(content).toContain("&lt;/title&gt;&lt;script&gt;");
    expect(content).toContain(
      '<a href="https://quill.example.com/news" rel="nofollow noopener noreferrer">Quill &lt;news&gt;</a>',
    );
    expect(content).not.toContain("javascript:");
  });
});
