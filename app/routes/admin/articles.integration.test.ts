import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { action as formAction, loader as formLoader } from "~/routes/admin/article-form";
import { loader as listLoader } from "~/routes/admin/articles";
import { loader as articleLoader } from "~/routes/article";
import { loader as blogLoader } from "~/routes/blog";
import { loader as rssLoader } from "~/routes/blog-rss";
import { loader as homeLoader } from "~/routes/home";
import { loader as sitemapLoader } from "~/routes/sitemap-section";
import { loader as toolLoader } from "~/routes/tool";
import { IMAGE_MESSAGES } from "~/lib/article-form";
import { articleTag, toolTag } from "~/server/cache/page-tags.server";
import { ADMIN_REQUIRED_MESSAGE } from "~/server/auth/guards.server";
import { articles, tools } from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { insertArticles, insertTools } from "../../../tests/setup/fixtures";
import { listenOnLoopback } from "../../../tests/fakes/http";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  formPost,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";
import { getRequest, routeAnswer, type RouteAnswer } from "../../../tests/setup/route-calls";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// The admin's article pages as the browser reaches them: real requests, real sessions, a fresh
// database, and the public pages read back after each write.

let database: TestDatabase;
let services: TestServices;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  adminCookie = (await createSignedInAdmin(services, "editor@example.com")).cookie;
  userCookie = (await createSignedInUser(services, "reader@example.com")).cookie;
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${articles} cascade`);
});

type RouteFunction = (args: never) => unknown;
type Outcome = ({ ok: true; value: unknown } | { ok: false; thrown: unknown }) & { read: RouteAnswer };

async function call(fn: RouteFunction, request: Request, params: Record<string, string>): Promise<Outcome> {
  const context = await contextFor(services, request);
  try {
    const value = await fn({ request, params, context } as never);
    return { ok: true, value, read: await routeAnswer(value) };
  } catch (thrown) {
    return { ok: false, thrown, read: await routeAnswer(thrown, { thrown: true }) };
  }
}

/** A GET as a browser sends it: a whole page, or (data) a client navigation's ".data" request. */
function get(
  fn: RouteFunction,
  path: string,
  params: Record<string, string> = {},
  who: { cookie?: string; data?: boolean } = {},
) {
  return call(fn, getRequest(path, who), params);
}

/** Posts the article form for `id` ("new" or an article id). */
function post(
  id: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string | null } = { cookie: adminCookie },
) {
  return call(formAction as RouteFunction, formPost(`/admin/articles/${id}`, fields, options), { id });
}

/** Status, redirect target and body of whatever a loader or action answered or threw. */
function answer(outcome: Outcome): { status: number; location?: string | null; data?: unknown } {
  const { read } = outcome;
  return read.location ? { status: read.status, location: read.location } : { status: read.status, data: read.data };
}

/** The toast a redirect carries to the next page. */
function flashOf(outcome: Outcome) {
  const response = (outcome.ok ? outcome.value : outcome.thrown) as Response;
  return takeFlash(new Request(TEST_SITE_URL, { headers: { cookie: cookieHeaderFrom(response) } })).flash;
}

const form = (overrides: Record<string, string> = {}): Record<string, string> => ({
  intent: "save",
  title: "Getting Started with Local LLMs",
  category: "Development",
  author: "Ada Park",
  date: "2026-05-10",
  excerpt: "Run a language model on your own machine.",
  content: "<h2>Why local</h2><p>Privacy and control.</p>",
  // An uploaded picture: an address elsewhere is fetched to check it is an image (decision 183).
  image: "/uploads/article-images/local-llms.png",
  readTime: "6 min read",
  status: "published",
  metaTitle: "",
  metaDescription: "",
  metaKeywords: "",
  slug: "",
  ...overrides,
});

const allRows = () => database.db.select().from(articles).orderBy(articles.title);

/** What the public sees of one slug: blog list, home, RSS, sitemap and the article page. */
async function publicView(slug: string) {
  const blog = (await get(blogLoader as RouteFunction, "/blog")) as {
    ok: true;
    value: { articles: { slug: string }[] };
  };
  const home = (await get(homeLoader as RouteFunction, "/")) as {
    ok: true;
    value: { latestArticles: { slug: string }[] };
  };
  const rss = await (
    (await get(rssLoader as RouteFunction, "/blog/rss.xml")) as { ok: true; value: Response }
  ).value.text();
  // The articles' sitemap file; with no published article there is none (404).
  const sitemapFile = await get(sitemapLoader as RouteFunction, "/sitemap-articles.xml");
  const sitemap = sitemapFile.ok ? await (sitemapFile.value as Response).text() : "";
  const page = await get(articleLoader as RouteFunction, `/article/${slug}`, { id: slug });
  return {
    blog: blog.value.articles.some((article) => article.slug === slug),
    home: home.value.latestArticles.some((article) => article.slug === slug),
    rss: rss.includes(`/article/${slug}</link>`),
    sitemap: sitemap.includes(`/article/${slug}</loc>`),
    page: page.ok ? 200 : answer(page).status,
  };
}

describe("only administrators get in", () => {
  let articleId: string;
  beforeEach(async () => {
    const [article] = await insertArticles(database.db, { title: "Existing", date: "2026-01-01" });
    articleId = article!.id;
  });

  const loaders = () =>
    [
      ["the list", listLoader as RouteFunction, "/admin/articles", {}],
      ["the new-article form", formLoader as RouteFunction, "/admin/articles/new", { id: "new" }],
      ["the edit form", formLoader as RouteFunction, `/admin/articles/${articleId}`, { id: articleId }],
    ] as const;

  it("sends a signed-out visitor's or a non-admin's page request to /", async () => {
    for (const [name, loader, path, params] of loaders()) {
      for (const cookie of [undefined, userCookie]) {
        expect(answer(await get(loader, path, params, { cookie })), name).toEqual({ status: 302, location: "/" });
      }
    }
  });

  it("answers their data requests with 403", async () => {
    for (const [name, loader, path, params] of loaders()) {
      for (const cookie of [undefined, userCookie]) {
        expect(answer(await get(loader, path, params, { cookie, data: true })), name).toEqual({
          status: 403,
          data: { error: ADMIN_REQUIRED_MESSAGE, code: "forbidden" },
        });
      }
    }
  });

  it("refuses their saves and deletes with 403 and writes nothing", async () => {
    const before = await allRows();
    const invalidationsBefore = services.invalidations();
    for (const cookie of [undefined, userCookie]) {
      expect(answer(await post("new", form(), { cookie })).status).toBe(403);
      expect(answer(await post(articleId, form({ title: "Hijacked" }), { cookie })).status).toBe(403);
      expect(answer(await post(articleId, { intent: "delete" }, { cookie })).status).toBe(403);
    }
    expect(await allRows()).toEqual(before);
    expect(services.invalidations()).toBe(invalidationsBefore);
  });

  it("refuses an administrator's post that came from another site, or from nowhere", async () => {
    const before = await allRows();
    for (const origin of ["https://evil.example", null]) {
      expect(answer(await post("new", form(), { cookie: adminCookie, origin })).status).toBe(403);
      expect(answer(await post(articleId, form({ title: "Hijacked" }), { cookie: adminCookie, origin })).status).toBe(
        403,
      );
      expect(answer(await post(articleId, { intent: "delete" }, { cookie: adminCookie, origin })).status).toBe(403);
    }
    expect(await allRows()).toEqual(before);
  });

  it("opens every page to an administrator, page and data alike", async () => {
    for (const [name, loader, path, params] of loaders()) {
      expect((await get(loader, path, params, { cookie: adminCookie })).ok, name).toBe(true);
      expect((await get(loader, path, params, { cookie: adminCookie, data: true })).ok, name).toBe(true);
    }
  });
});

describe("the article table", () => {
  type ListData = {
    query: string;
    articles: { title: string; status: string; category: string; author: string; date: string; id: string }[];
  };
  const list = async (path: string) =>
    ((await get(listLoader as RouteFunction, path, {}, { cookie: adminCookie })) as { value: ListData }).value;

  it("lists every article, drafts included, newest date first", async () => {
    const rows = await insertArticles(
      database.db,
      { title: "Older", date: "2026-01-01", category: "Guides", author: "Ann" },
      { title: "Unpublished", date: "2026-03-01", status: "draft" },
      { title: "Newer", date: "2026-02-01" },
    );
    const page = await list("/admin/articles");
    expect(page.query).toBe("");
    expect(page.articles.map((article) => [article.title, article.status])).toEqual([
      ["Unpublished", "draft"],
      ["Newer", "published"],
      ["Older", "published"],
    ]);
    expect(page.articles[2]).toMatchObject({ id: rows[0]!.id, category: "Guides", author: "Ann", date: "2026-01-01" });
  });

  it("filters by title or category with ?q=", async () => {
    await insertArticles(
      database.db,
      { title: "Prompt basics", date: "2026-01-01", category: "Guides" },
      { title: "Voice cloning", date: "2026-01-02", category: "Audio" },
    );
    expect((await list("/admin/articles?q=%20PROMPT%20")).articles.map((article) => article.title)).toEqual([
      "Prompt basics",
    ]);
    expect((await list("/admin/articles?q=audio")).articles.map((article) => article.title)).toEqual(["Voice cloning"]);
    const none = await list("/admin/articles?q=nothing");
    expect(none).toEqual({ query: "nothing", articles: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("the article form's loader", () => {
  type FormData = {
    mode: string;
    article: { id: string; slug: string; title: string } | null;
    values: Record<string, string>;
    categories: string[];
  };
  const load = async (id: string) =>
    get(formLoader as RouteFunction, `/admin/articles/${id}`, { id }, { cookie: adminCookie });

  it("starts a new article dated today, a draft, with category suggestions", async () => {
    await insertArticles(database.db, { title: "Existing", date: "2026-01-01", category: "Case Studies" });
    const before = new Date().toISOString().slice(0, 10);
    const outcome = (await load("new")) as { value: FormData };
    const after = new Date().toISOString().slice(0, 10);
    expect(outcome.value.mode).toBe("create");
    expect(outcome.value.article).toBeNull();
    expect([before, after]).toContain(outcome.value.values.date);
    // A new article is a draft until the admin publishes it (issue 34).
    expect(outcome.value.values).toMatchObject({ title: "", content: "", status: "draft", slug: "" });
    expect(outcome.value.categories).toEqual(expect.arrayContaining([...TOOL_CATEGORIES, "Case Studies"]));
  });

  it("fills the form from the stored article in edit mode", async () => {
    const [article] = await insertArticles(database.db, {
      title: "Stored",
      date: "2026-02-02",
      status: "draft",
      metaKeywords: ["one", "two"],
      image: null,
    });
    const outcome = (await load(article!.id)) as { value: FormData };
    expect(outcome.value.mode).toBe("edit");
    expect(outcome.value.article).toEqual({ id: article!.id, slug: "stored", title: "Stored", status: "draft" });
    expect(outcome.value.values).toMatchObject({
      title: "Stored",
      date: "2026-02-02",
      status: "draft",
      image: "",
      metaKeywords: "one, two",
      metaTitle: "",
      readTime: "5 min read",
      slug: "stored",
    });
  });

  it("answers 404 'Article not found' for an unknown or malformed id", async () => {
    for (const id of ["6f1c2a52-8d53-4c55-9b8e-0f4f7ad3b7a1", "not-an-id"]) {
      expect(answer(await load(id))).toEqual({ status: 404, data: { error: "Article not found", code: "not-found" } });
    }
  });
});

describe("creating an article", () => {
  it("saves it, drops the cached public pages and returns to the list with 'Article created successfully'", async () => {
    const invalidationsBefore = services.invalidations();
    const outcome = await post("new", form());
    expect(answer(outcome)).toEqual({ status: 302, location: "/admin/articles" });
    expect(flashOf(outcome)).toEqual({ kind: "success", title: "Article created successfully" });
    expect(services.invalidations()).toBe(invalidationsBefore + 1);

    const [row] = await allRows();
    expect(row).toMatchObject({
      slug: "getting-started-with-local-llms",
      title: "Getting Started with Local LLMs",
      status: "published",
      metaTitle: "Getting Started with Local LLMs",
      metaDescription: "Run a language model on your own machine.",
      metaKeywords: null,
    });

    // The public page shows it on the next request.
    const page = (await get(articleLoader as RouteFunction, `/article/${row!.slug}`, { id: row!.slug })) as {
      ok: true;
      value: { article: { title: string; contentHtml: string; metaTitle: string } };
    };
    expect(page.value.article).toMatchObject({
      title: "Getting Started with Local LLMs",
      contentHtml: "<h2>Why local</h2><p>Privacy and control.</p>",
    });
  });

  it("refuses blank required fields with the spec's messages, keeps what was typed, and writes nothing", async () => {
    const invalidationsBefore = services.invalidations();
    const blank = form({
      title: " ",
      category: "",
      author: "",
      date: "",
      excerpt: "",
      content: "<p></p>",
      readTime: "",
      metaTitle: "Kept",
    });
    const outcome = await post("new", blank);
    expect(answer(outcome)).toEqual({
      status: 400,
      data: {
        ok: false,
        code: "bad-request",
        formError: "Failed to create article: Please correct the highlighted fields",
        fieldErrors: {
          title: "Title is required",
          category: "Category is required",
          author: "Author is required",
          date: "Date is required",
          excerpt: "Excerpt is required",
          content: "Content is required",
          readTime: "Read time is required",
        },
        values: { ...blank, intent: undefined },
      },
    });
    expect(await allRows()).toHaveLength(0);
    expect(services.invalidations()).toBe(invalidationsBefore);
  });

  it("refuses a bad image URL and a bad date", async () => {
    const outcome = await post("new", form({ image: "javascript:alert(1)", date: "2026-02-31" }));
    expect(answer(outcome).data).toMatchObject({
      fieldErrors: { image: "Must be a valid URL", date: "Date must be a real date (YYYY-MM-DD)" },
    });
    expect(await allRows()).toHaveLength(0);
  });

  it("uses the SEO fields given: keywords split and trimmed, slug normalised", async () => {
    await post(
      "new",
      form({
        metaTitle: "Local LLMs",
        metaDescription: "A guide.",
        metaKeywords: " llm, local ,, privacy ",
        slug: "Local LLMs Guide",
      }),
    );
    expect((await allRows())[0]).toMatchObject({
      slug: "local-llms-guide",
      metaTitle: "Local LLMs",
      metaDescription: "A guide.",
      metaKeywords: ["llm", "local", "privacy"],
    });
  });

  it("refuses a slug another article uses, beside the slug field", async () => {
    await insertArticles(database.db, { title: "Taken", date: "2026-01-01", slug: "taken" });
    expect(answer(await post("new", form({ slug: "Taken" }))).data).toMatchObject({
      ok: false,
      formError: "Failed to create article: Please correct the highlighted fields",
      fieldErrors: { slug: "This slug is already used by another article" },
    });
    expect(await allRows()).toHaveLength(1);
  });

  it("saves two articles with the same title sent at once, under two slugs", async () => {
    const outcomes = await Promise.all([post("new", form()), post("new", form())]);
    expect(outcomes.map((outcome) => answer(outcome).status)).toEqual([302, 302]);
    expect((await allRows()).map((row) => row.slug).sort()).toEqual([
      "getting-started-with-local-llms",
      "getting-started-with-local-llms-2",
    ]);
  });

  it("stores sanitized HTML: scripts, handlers, frames, styles and bad URLs are gone", async () => {
    const hostile = [
      "<p>Safe text</p>",
      "<script>alert(document.cookie)</script>",
      `<img src="/uploads/x.png" onerror="alert(1)">`,
      `<p><a href="javascript:alert(1)">link</a></p>`,
      `<svg onload="alert(1)"></svg>`,
      `<iframe src="https://evil.example/"></iframe>`,
      `<p style="background:url(https://evil.example/x)">styled</p>`,
      `<img src="data:image/svg+xml;base64,PHN2Zz4=">`,
    ].join("");
    expect(answer(await post("new", form({ content: hostile }))).status).toBe(302);
    const [row] = await allRows();
    expect(row!.content).toContain("<p>Safe text</p>");
    expect(row!.content).not.toMatch(
      /<script|onerror|javascript:|<svg|onload|<iframe|style=|data:|alert|evil\.example/i,
    );
  });

  it("answers 'Content is required' when sanitizing leaves nothing", async () => {
    expect(answer(await post("new", form({ content: "<script>alert(1)</script>" })))).toMatchObject({
      status: 400,
      data: { fieldErrors: { content: "Content is required" } },
    });
    expect(await allRows()).toHaveLength(0);
  });
});

describe("editing an article", () => {
  let id: string;
  beforeEach(async () => {
    const [article] = await insertArticles(database.db, { title: "Before", date: "2026-01-01", slug: "before" });
    id = article!.id;
  });

  it("saves the changes, keeps the slug when it is blank, and returns to the list with 'Article updated successfully'", async () => {
    const invalidationsBefore = services.invalidations();
    const outcome = await post(id, form({ title: "After", slug: "" }));
    expect(answer(outcome)).toEqual({ status: 302, location: "/admin/articles" });
    expect(flashOf(outcome)).toEqual({ kind: "success", title: "Article updated successfully" });
    expect(services.invalidations()).toBe(invalidationsBefore + 1);
    const [row] = await database.db.select().from(articles).where(eq(articles.id, id));
    expect(row).toMatchObject({ title: "After", slug: "before", metaTitle: "After", category: "Development" });

    const page = (await get(articleLoader as RouteFunction, "/article/before", { id: "before" })) as {
      ok: true;
      value: { article: { title: string } };
    };
    expect(page.value.article.title).toBe("After");
  });

  it("says 'Failed to update article: ...' when the form is invalid", async () => {
    expect(answer(await post(id, form({ author: "" })))).toMatchObject({
      status: 400,
      data: {
        ok: false,
        formError: "Failed to update article: Please correct the highlighted fields",
        fieldErrors: { author: "Author is required" },
      },
    });
    expect((await database.db.select().from(articles).where(eq(articles.id, id)))[0]!.title).toBe("Before");
  });

  it("answers 404 for an unknown or malformed id, and writes nothing", async () => {
    for (const unknown of ["6f1c2a52-8d53-4c55-9b8e-0f4f7ad3b7a1", "not-an-id"]) {
      expect(answer(await post(unknown, form()))).toEqual({
        status: 404,
        data: { error: "Article not found", code: "not-found" },
      });
      expect(answer(await post(unknown, { intent: "delete" }))).toEqual({
        status: 404,
        data: { error: "Article not found", code: "not-found" },
      });
    }
    expect(answer(await post("new", { intent: "delete" }))).toEqual({
      status: 404,
      data: { error: "Article not found", code: "not-found" },
    });
    expect(await allRows()).toHaveLength(1);
  });

  it("refuses an unknown intent", async () => {
    expect(answer(await post(id, { intent: "publish-everything" })).status).toBe(400);
  });
});

describe("deleting an article", () => {
  it("removes it everywhere and returns to the list with 'Article deleted successfully'", async () => {
    const [article, other] = await insertArticles(
      database.db,
      { title: "Doomed", date: "2026-01-01" },
      { title: "Survivor", date: "2026-01-02" },
    );
    expect((await publicView("doomed")).page).toBe(200);
    const invalidationsBefore = services.invalidations();

    const outcome = await post(article!.id, { intent: "delete" });
    expect(answer(outcome)).toEqual({ status: 302, location: "/admin/articles" });
    expect(flashOf(outcome)).toEqual({ kind: "success", title: "Article deleted successfully" });
    expect(services.invalidations()).toBe(invalidationsBefore + 1);
    expect((await allRows()).map((row) => row.id)).toEqual([other!.id]);
    expect(await publicView("doomed")).toEqual({ blog: false, home: false, rss: false, sitemap: false, page: 404 });
  });
});

describe("drafts", () => {
  it("a draft saved here is invisible to the public until it is published", async () => {
    await post("new", form({ title: "Secret Launch Plan", status: "draft" }));
    const [draft] = await allRows();
    expect(draft).toMatchObject({ slug: "secret-launch-plan", status: "draft" });

    expect(await publicView("secret-launch-plan")).toEqual({
      blog: false,
      home: false,
      rss: false,
      sitemap: false,
      page: 404,
    });
    // By id or by title text it is not found either.
    expect(answer(await get(articleLoader as RouteFunction, `/article/${draft!.id}`, { id: draft!.id })).status).toBe(
      404,
    );
    expect(
      answer(await get(articleLoader as RouteFunction, "/article/Secret-Launch-Plan", { id: "Secret-Launch-Plan" }))
        .status,
    ).toBe(404);
    // The admin still sees it, marked as a draft.
    const list = (await get(listLoader as RouteFunction, "/admin/articles", {}, { cookie: adminCookie })) as {
      value: { articles: { status: string }[] };
    };
    expect(list.value.articles.map((article) => article.status)).toEqual(["draft"]);

    expect(answer(await post(draft!.id, form({ title: "Secret Launch Plan", status: "published" }))).status).toBe(302);
    expect(await publicView("secret-launch-plan")).toEqual({
      blog: true,
      home: true,
      rss: true,
      sitemap: true,
      page: 200,
    });

    // And back to draft: gone again.
    await post(draft!.id, form({ title: "Secret Launch Plan", status: "draft" }));
    expect(await publicView("secret-launch-plan")).toEqual({
      blog: false,
      home: false,
      rss: false,
      sitemap: false,
      page: 404,
    });
  });
});

describe("articles joined to tools (issue 34)", () => {
  beforeEach(async () => {
    await database.db.execute(sql`truncate table ${tools} cascade`);
  });

  it("links the tools an article names, purges their pages, and both pages show the link", async () => {
    const [claude, chatgpt] = await insertTools(database.db, { name: "Claude" }, { name: "ChatGPT" });
    const content = `<p>Try <a href="/tool/claude" target="_blank">Claude</a> or <a href="/tool/unknown">this</a>.</p>`;
    const purgesBefore = services.purges().length;
    expect(answer(await post("new", form({ content }))).status).toBe(302);
    const [row] = await allRows();
    expect(services.purges().slice(purgesBefore)).toEqual([
      expect.arrayContaining([articleTag(row!.id), toolTag(claude!.id)]),
    ]);

    const page = (await get(articleLoader as RouteFunction, `/article/${row!.slug}`, { id: row!.slug })) as {
      value: { article: { contentHtml: string }; tools: { slug: string }[] };
    };
    expect(page.value.tools.map((tool) => tool.slug)).toEqual(["claude"]);
    // A page of this site opens in the same tab.
    expect(page.value.article.contentHtml).toContain(`<a href="/tool/claude">Claude</a>`);
    const toolPage = (await get(toolLoader as RouteFunction, "/tool/claude", { id: "claude" })) as {
      value: { relatedArticles: { slug: string }[] };
    };
    expect(toolPage.value.relatedArticles.map((article) => article.slug)).toEqual([row!.slug]);

    // Moved to ChatGPT: both tools' pages are purged, and Claude's no longer lists it.
    const purgesBeforeEdit = services.purges().length;
    await post(row!.id, form({ content: `<p><a href="/tool/chatgpt">ChatGPT</a></p>` }));
    expect(services.purges().slice(purgesBeforeEdit)).toEqual([
      expect.arrayContaining([toolTag(claude!.id), toolTag(chatgpt!.id)]),
    ]);
    const after = (await get(toolLoader as RouteFunction, "/tool/claude", { id: "claude" })) as {
      value: { relatedArticles: unknown[] };
    };
    expect(after.value.relatedArticles).toEqual([]);
  });

  it("refuses an image address that is not a public image, beside the field, and writes nothing", async () => {
    // A loopback server answering with a real image content type: the process's guard never asks it.
    let asked = 0;
    const server = await listenOnLoopback({
      handler(_request, response) {
        asked += 1;
        response.writeHead(200, { "content-type": "image/png" });
        response.end();
      },
    });
    try {
      const image = `http://127.0.0.1:${server.port}/cover.png`;
      const outcome = await post("new", form({ image }));
      expect(answer(outcome)).toMatchObject({
        status: 400,
        data: { fieldErrors: { image: IMAGE_MESSAGES.notPublic }, values: { image } },
      });
      expect(asked).toBe(0);
      expect(await allRows()).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
