import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  articleFormSchema,
  CONTENT_REQUIRED_MESSAGE,
  SLUG_EMPTY_MESSAGE,
  SLUG_TAKEN_MESSAGE,
  type ArticleFormValues,
} from "~/lib/article-form";
import { fieldErrorsOf } from "~/lib/form-fields";
import { articles } from "~/server/db/schema.server";
import { insertArticles } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  createArticle,
  deleteArticle,
  findArticleById,
  listArticleCategories,
  listArticlesForAdmin,
  updateArticle,
} from "./article-admin.server";

// The admin's article data functions on a real database, fed by the form's own schema.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${articles} cascade`);
});

const filled: ArticleFormValues = {
  title: "Choosing an AI Writing Assistant",
  category: "Writing",
  author: "Maya Lindqvist",
  date: "2026-03-01",
  excerpt: "How to pick the right kind of writing tool.",
  content: "<h2>Start here</h2><p>Pick the writing you do most.</p>",
  image: "https://images.example.com/cover.png",
  readTime: "4 min read",
  status: "published",
  metaTitle: "",
  metaDescription: "",
  metaKeywords: "",
  slug: "",
};

/** Form values as the action would pass them on: parsed by the shared schema. */
function input(overrides: Partial<ArticleFormValues> = {}) {
  return articleFormSchema.parse({ ...filled, ...overrides });
}

/** The schema's messages for a form with these values (an empty object when it passes). */
function errorsFor(overrides: Partial<ArticleFormValues>) {
  const parsed = articleFormSchema.safeParse({ ...filled, ...overrides });
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
}

async function created(overrides: Partial<ArticleFormValues> = {}) {
  const result = await createArticle({ db: database.db, input: input(overrides) });
  if (result.status !== "saved") throw new Error(`expected a saved article, got ${JSON.stringify(result)}`);
  return result.article;
}

describe("the article form's rules (spec section 5)", () => {
  it("names every required field with the spec's message, word for word", () => {
    const blank = Object.fromEntries(Object.keys(filled).map((key) => [key, "   "])) as ArticleFormValues;
    expect(errorsFor({ ...blank, status: "published" })).toEqual({
      title: "Title is required",
      category: "Category is required",
      author: "Author is required",
      date: "Date is required",
      excerpt: "Excerpt is required",
      content: "Content is required",
      readTime: "Read time is required",
    });
  });

  it("counts markup without text as no content, and an image alone as content", () => {
    for (const content of [
      "<p></p>",
      "<p>   </p>",
      "<p>&nbsp;</p>",
      "<h2></h2><p><br></p>",
      "<img>",
      `<img alt="x">`,
    ]) {
      expect(errorsFor({ content })).toEqual({ content: CONTENT_REQUIRED_MESSAGE });
    }
    expect(errorsFor({ content: `<p><img src="https://images.example.com/a.png"></p>` })).toEqual({});
    expect(errorsFor({ content: "plain words without tags" })).toEqual({});
  });

  it("takes an image URL or nothing: anything else is 'Must be a valid URL'", () => {
    for (const image of [
      "not a url",
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "ftp://files.example.com/a.png",
      "//evil.example/a.png",
    ]) {
      expect(errorsFor({ image })).toEqual({ image: "Must be a valid URL" });
    }
    expect(input({ image: "" }).image).toBeNull();
    expect(input({ image: "  https://images.example.com/a.png " }).image).toBe("https://images.example.com/a.png");
    expect(input({ image: "/uploads/covers/a.webp" }).image).toBe("/uploads/covers/a.webp");
  });

  it("takes only real YYYY-MM-DD days", () => {
    for (const date of ["2026-02-30", "2026-13-01", "03/01/2026", "2026-3-1", "tomorrow", "0999-01-01", "2025-02-29"]) {
      expect(errorsFor({ date })).toEqual({ date: "Date must be a real date (YYYY-MM-DD)" });
    }
    expect(errorsFor({ date: "2024-02-29" })).toEqual({});
  });

  it("takes 'draft' or 'published' as the status", () => {
    expect(errorsFor({ status: "archived" })).toEqual({ status: "Status must be Draft or Published" });
    expect(errorsFor({ status: "" })).toEqual({ status: "Status must be Draft or Published" });
    expect(input({ status: "draft" }).status).toBe("draft");
  });

  it("bounds every text with a clear message", () => {
    expect(errorsFor({ title: "x".repeat(201) })).toEqual({ title: "Title must be at most 200 characters" });
    expect(errorsFor({ category: "x".repeat(51) })).toEqual({ category: "Category must be at most 50 characters" });
    expect(errorsFor({ author: "x".repeat(101) })).toEqual({ author: "Author must be at most 100 characters" });
    expect(errorsFor({ excerpt: "x".repeat(1001) })).toEqual({ excerpt: "Excerpt must be at most 1,000 characters" });
    expect(errorsFor({ readTime: "x".repeat(51) })).toEqual({ readTime: "Read time must be at most 50 characters" });
    expect(errorsFor({ content: `<p>${"x".repeat(200_000)}</p>` })).toEqual({
      content: "Content must be at most 200,000 characters",
    });
    expect(errorsFor({ metaTitle: "x".repeat(201) })).toEqual({
      metaTitle: "Meta title must be at most 200 characters",
    });
    expect(errorsFor({ metaDescription: "x".repeat(501) })).toEqual({
      metaDescription: "Meta description must be at most 500 characters",
    });
    expect(errorsFor({ metaKeywords: "x".repeat(1001) })).toEqual({
      metaKeywords: "Meta keywords must be at most 1,000 characters",
    });
    expect(errorsFor({ slug: "x".repeat(201) })).toEqual({ slug: "Slug must be at most 200 characters" });
    expect(errorsFor({ title: "x".repeat(200), excerpt: "x".repeat(1000), readTime: "x".repeat(50) })).toEqual({});
  });

  it("refuses a typed slug with no letters or numbers", () => {
    expect(errorsFor({ slug: "!!! ---" })).toEqual({ slug: SLUG_EMPTY_MESSAGE });
  });

  it("trims text and leaves the optional SEO fields null when blank", () => {
    const parsed = input({ title: "  Spaced  ", metaTitle: "  ", metaDescription: "", metaKeywords: " , ,, " });
    expect(parsed).toMatchObject({ title: "Spaced", metaTitle: null, metaDescription: null, metaKeywords: null });
  });
});

describe("createArticle", () => {
  it("stores the article, with the spec's fallbacks for blank SEO fields", async () => {
    const article = await created();
    expect(article).toMatchObject({
      slug: "choosing-an-ai-writing-assistant",
      title: filled.title,
      category: "Writing",
      author: "Maya Lindqvist",
      date: "2026-03-01",
      excerpt: filled.excerpt,
      content: filled.content,
      image: "https://images.example.com/cover.png",
      readTime: "4 min read",
      status: "published",
      metaTitle: filled.title,
      metaDescription: filled.excerpt,
      metaKeywords: null,
    });
    expect(await findArticleById({ db: database.db, id: article.id })).toEqual(article);
  });

  it("keeps meta fields that were given, and splits keywords on commas, trimmed, empties dropped", async () => {
    const article = await created({
      metaTitle: "  Writing assistants compared ",
      metaDescription: "Which writing tool fits you.",
      metaKeywords: " AI writing,  chatbots ,, grammar ,AI writing, ",
    });
    expect(article).toMatchObject({
      metaTitle: "Writing assistants compared",
      metaDescription: "Which writing tool fits you.",
      metaKeywords: ["AI writing", "chatbots", "grammar"],
    });
  });

  it("stores a blank image as null", async () => {
    expect((await created({ image: "" })).image).toBeNull();
  });

  it("generates the slug from the title and makes it unique with -2, -3...", async () => {
    const slugs = [];
    for (let index = 0; index < 4; index += 1) slugs.push((await created({ title: "Hello, World!" })).slug);
    expect(slugs).toEqual(["hello-world", "hello-world-2", "hello-world-3", "hello-world-4"]);
    // A freed number is used again before a higher one.
    await database.db.delete(articles).where(eq(articles.slug, "hello-world-2"));
    expect((await created({ title: "Hello World" })).slug).toBe("hello-world-2");
  });

  it("does not take a similar slug for a taken one", async () => {
    await insertArticles(database.db, { title: "Hello world guide", date: "2026-01-01", slug: "hello-world-guide" });
    expect((await created({ title: "Hello world" })).slug).toBe("hello-world");
  });

  it("gives a title without usable characters the slug 'article', and cuts long titles at a word", async () => {
    expect((await created({ title: "日本語のタイトル" })).slug).toBe("article");
    expect((await created({ title: "!!!" })).slug).toBe("article-2");
    const long = await created({ title: `${"word ".repeat(35)}end` });
    expect(long.slug.length).toBeLessThanOrEqual(100);
    expect(long.slug).toMatch(/^word(-word)+$/);
  });

  it("normalises a typed slug by the slug rule and refuses one already in use", async () => {
    expect((await created({ slug: "  My Custom Slug!! " })).slug).toBe("my-custom-slug");
    const again = await createArticle({ db: database.db, input: input({ title: "Another", slug: "my-custom-SLUG" }) });
    expect(again).toEqual({ status: "invalid", fieldErrors: { slug: SLUG_TAKEN_MESSAGE } });
    expect(await database.db.select().from(articles)).toHaveLength(1);
  });

  it("saves every one of many simultaneous articles with the same title, each under its own slug", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => createArticle({ db: database.db, input: input({ title: "Breaking News" }) })),
    );
    expect(results.every((result) => result.status === "saved")).toBe(true);
    const slugs = (await database.db.select({ slug: articles.slug }).from(articles)).map((row) => row.slug).sort();
    expect(new Set(slugs).size).toBe(8);
    expect(slugs).toContain("breaking-news");
    for (const slug of slugs) expect(slug).toMatch(/^breaking-news(-[0-9a-z]+)?$/);
  });

  it("answers simultaneous saves of one typed slug with one article and field errors, never a crash", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        createArticle({ db: database.db, input: input({ title: `Post ${index}`, slug: "launch" }) }),
      ),
    );
    expect(results.filter((result) => result.status === "saved")).toHaveLength(1);
    expect(results.filter((result) => result.status === "invalid")).toHaveLength(4);
    for (const result of results)
      if (result.status === "invalid") expect(result.fieldErrors).toEqual({ slug: SLUG_TAKEN_MESSAGE });
  });

  describe("stores sanitized HTML only", () => {
    const payloads: [string, RegExp][] = [
      [`<p>Hi</p><script>alert(document.cookie)</script>`, /<script|alert/i],
      [`<p>Hi</p><img src=x onerror="alert(1)">`, /onerror|alert/i],
      [`<p>Hi <a href="javascript:alert(1)">click</a></p>`, /javascript:/i],
      [`<p>Hi <a href="JaVaScRiPt:alert(1)">click</a></p>`, /javascript:/i],
      [`<p>Hi</p><svg onload="alert(1)"><circle r="1"/></svg>`, /<svg|onload|alert/i],
      [`<p>Hi</p><iframe src="https://evil.example/"></iframe>`, /<iframe|evil/i],
      [`<p style="position:fixed;top:0;background:url(https://evil.example/x)">Hi</p>`, /style=|evil/i],
      [`<p>Hi</p><img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`, /data:/i],
      [`<p>Hi <a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a></p>`, /data:/i],
      [`<p onclick="alert(1)" onmouseover="alert(2)">Hi</p>`, /onclick|onmouseover|alert/i],
      [
        `<p>Hi</p><style>body{display:none}</style><object data="https://evil.example/x.swf"></object>`,
        /<style|<object|display:none/i,
      ],
      [`<p>Hi</p><form action="https://evil.example"><input name="password"></form>`, /<form|<input|evil/i],
    ];

    it.each(payloads)("%s", async (payload, forbidden) => {
      const article = await created({ content: payload });
      expect(article.content).not.toMatch(forbidden);
      expect(article.content).toContain("Hi");
      const [stored] = await database.db
        .select({ content: articles.content })
        .from(articles)
        .where(eq(articles.id, article.id));
      expect(stored!.content).toBe(article.content);
    });

    it("keeps the editor's own markup: headings, emphasis, lists, quotes, code, safe links and images", async () => {
      const html = [
        "<h2>Title</h2><h3>Sub</h3>",
        "<p><strong>bold</strong> <em>italic</em> <u>under</u> <code>x = 1</code></p>",
        "<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>",
        "<blockquote><p>quote</p></blockquote>",
        `<pre><code class="language-ts">const a = 1;</code></pre>`,
        `<p><a href="https://example.com/page">site</a> <a href="mailto:team@example.com">mail</a></p>`,
        `<img src="https://images.example.com/a.png" alt="A chart">`,
      ].join("");
      const article = await created({ content: html });
      for (const kept of [
        "<h2>Title</h2>",
        "<h3>Sub</h3>",
        "<strong>bold</strong>",
        "<em>italic</em>",
        "<u>under</u>",
        "<blockquote>",
        "<ol>",
        "<ul>",
      ]) {
        expect(article.content).toContain(kept);
      }
      expect(article.content).toContain(`<code class="language-ts">const a = 1;</code>`);
      expect(article.content).toMatch(
        /<a href="https:\/\/example.com\/page" rel="noopener noreferrer nofollow" target="_blank">site<\/a>/,
      );
      expect(article.content).toContain(`<a href="mailto:team@example.com">mail</a>`);
      expect(article.content).toMatch(/<img src="https:\/\/images.example.com\/a.png" alt="A chart"/);
    });

    it("treats content that sanitizing empties as 'Content is required' and writes nothing", async () => {
      for (const content of [
        `<script>alert("only a script")</script>`,
        `<img src="javascript:alert(1)">`,
        `<style>p { color: red }</style>`,
      ]) {
        // The schema sees text or an image and lets it through; the stored form is what counts.
        expect(errorsFor({ content })).toEqual({});
        const result = await createArticle({ db: database.db, input: input({ content }) });
        expect(result).toEqual({ status: "invalid", fieldErrors: { content: CONTENT_REQUIRED_MESSAGE } });
      }
      expect(await database.db.select().from(articles)).toHaveLength(0);
    });

    it("keeps an article whose only content is an image", async () => {
      const article = await created({ content: `<p><img src="https://images.example.com/only.png" alt=""></p>` });
      expect(article.content).toContain(`src="https://images.example.com/only.png"`);
    });
  });
});

describe("updateArticle", () => {
  it("saves every field, stamps updated_at and keeps created_at", async () => {
    const before = await created();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const result = await updateArticle({
      db: database.db,
      id: before.id,
      input: input({
        title: "Choosing a Writing Assistant",
        category: "Guides",
        author: "Sam Ortiz",
        date: "2026-04-02",
        excerpt: "A shorter guide.",
        content: "<p>New body.</p>",
        image: "",
        readTime: "2 min read",
        status: "draft",
        metaTitle: "Meta",
        metaDescription: "Description",
        metaKeywords: "one, two",
        slug: "",
      }),
    });
    expect(result.status).toBe("saved");
    const after = (await findArticleById({ db: database.db, id: before.id }))!;
    expect(after).toMatchObject({
      slug: before.slug,
      title: "Choosing a Writing Assistant",
      category: "Guides",
      author: "Sam Ortiz",
      date: "2026-04-02",
      excerpt: "A shorter guide.",
      content: "<p>New body.</p>",
      image: null,
      readTime: "2 min read",
      status: "draft",
      metaTitle: "Meta",
      metaDescription: "Description",
      metaKeywords: ["one", "two"],
    });
    expect(after.createdAt).toEqual(before.createdAt);
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });

  it("keeps the current slug when the slug is blank (addresses never change by accident)", async () => {
    const article = await created({ title: "Original title" });
    await updateArticle({
      db: database.db,
      id: article.id,
      input: input({ title: "A completely new title", slug: "  " }),
    });
    expect((await findArticleById({ db: database.db, id: article.id }))!.slug).toBe("original-title");
  });

  it("applies the meta fallbacks on edit as well", async () => {
    const article = await created({
      metaTitle: "Old meta",
      metaDescription: "Old description",
      metaKeywords: "a, b",
    });
    await updateArticle({
      db: database.db,
      id: article.id,
      input: input({ title: "New title", excerpt: "New excerpt." }),
    });
    expect(await findArticleById({ db: database.db, id: article.id })).toMatchObject({
      metaTitle: "New title",
      metaDescription: "New excerpt.",
      metaKeywords: null,
    });
  });

  it("normalises a typed slug, keeps the article's own, and refuses another article's", async () => {
    const first = await created({ title: "First" });
    const second = await created({ title: "Second" });
    expect(
      (await updateArticle({ db: database.db, id: first.id, input: input({ title: "First", slug: "First Post" }) }))
        .status,
    ).toBe("saved");
    expect((await findArticleById({ db: database.db, id: first.id }))!.slug).toBe("first-post");
    expect(
      (await updateArticle({ db: database.db, id: first.id, input: input({ title: "First", slug: "first-post" }) }))
        .status,
    ).toBe("saved");
    expect(
      await updateArticle({ db: database.db, id: second.id, input: input({ title: "Second", slug: "FIRST post" }) }),
    ).toEqual({
      status: "invalid",
      fieldErrors: { slug: SLUG_TAKEN_MESSAGE },
    });
    expect((await findArticleById({ db: database.db, id: second.id }))!).toMatchObject({
      slug: "second",
      title: "Second",
    });
  });

  it("sanitizes the HTML on update too, and refuses content that sanitizing empties", async () => {
    const article = await created();
    await updateArticle({
      db: database.db,
      id: article.id,
      input: input({ content: `<p>Safe</p><img src=x onerror=alert(1)><script>x()</script>` }),
    });
    const stored = (await findArticleById({ db: database.db, id: article.id }))!;
    expect(stored.content).not.toMatch(/onerror|<script|x\(\)/);
    expect(stored.content).toContain("<p>Safe</p>");
    expect(
      await updateArticle({ db: database.db, id: article.id, input: input({ content: "<script>alert(1)</script>" }) }),
    ).toEqual({
      status: "invalid",
      fieldErrors: { content: CONTENT_REQUIRED_MESSAGE },
    });
    expect((await findArticleById({ db: database.db, id: article.id }))!.content).toBe(stored.content);
  });

  it("refuses an unknown or malformed id with a not-found AppError", async () => {
    for (const id of ["6f1c2a52-8d53-4c55-9b8e-0f4f7ad3b7a1", "not-an-id"]) {
      await expect(updateArticle({ db: database.db, id, input: input() })).rejects.toMatchObject({
        code: "not-found",
        message: "Article not found",
      });
    }
  });
});

describe("listArticlesForAdmin", () => {
  it("lists every article, drafts included, newest date first and then newest created", async () => {
    await insertArticles(
      database.db,
      { title: "Old", date: "2025-01-01", createdAt: new Date("2025-01-01T00:00:00Z") },
      { title: "Same day, earlier", date: "2026-05-05", createdAt: new Date("2026-05-05T08:00:00Z") },
      { title: "Same day, later", date: "2026-05-05", createdAt: new Date("2026-05-05T09:00:00Z"), status: "draft" },
      { title: "Newest", date: "2026-06-01" },
    );
    const { articles: rows } = await listArticlesForAdmin({ db: database.db });
    expect(rows.map((row) => [row.title, row.status])).toEqual([
      ["Newest", "published"],
      ["Same day, later", "draft"],
      ["Same day, earlier", "published"],
      ["Old", "published"],
    ]);
    expect(Object.keys(rows[0]!).sort()).toEqual(["author", "category", "date", "id", "slug", "status", "title"]);
  });

  it("pages the list: the page's rows in order, the total and the page count", async () => {
    await insertArticles(
      database.db,
      ...Array.from({ length: 7 }, (_, index) => ({ title: `Article ${index + 1}`, date: `2026-01-0${index + 1}` })),
    );
    const second = await listArticlesForAdmin({ db: database.db, page: 2, pageSize: 3 });
    expect(second.articles.map((row) => row.title)).toEqual(["Article 4", "Article 3", "Article 2"]);
    expect({ total: second.total, page: second.page, pageCount: second.pageCount }).toEqual({
      total: 7,
      page: 2,
      pageCount: 3,
    });
    const filtered = await listArticlesForAdmin({ db: database.db, query: "article 7", pageSize: 3 });
    expect({ titles: filtered.articles.map((row) => row.title), total: filtered.total }).toEqual({
      titles: ["Article 7"],
      total: 1,
    });
  });

  it("filters by title or category, case-insensitive, with LIKE wildcards taken literally", async () => {
    await insertArticles(
      database.db,
      { title: "Prompting 101", date: "2026-01-01", category: "Guides" },
      { title: "Image models compared", date: "2026-01-02", category: "Image" },
      { title: "100% free tools", date: "2026-01-03", category: "Lists" },
      { title: "snake_case names", date: "2026-01-04", category: "Development" },
    );
    const titles = async (query: string) =>
      (await listArticlesForAdmin({ db: database.db, query })).articles.map((row) => row.title);
    expect(await titles("PROMPT")).toEqual(["Prompting 101"]);
    expect(await titles("image")).toEqual(["Image models compared"]);
    expect(await titles("guides")).toEqual(["Prompting 101"]);
    expect(await titles("%")).toEqual(["100% free tools"]);
    expect(await titles("_")).toEqual(["snake_case names"]);
    expect(await titles("  ")).toHaveLength(4);
    expect(await titles("nothing like this")).toEqual([]);
  });
});

describe("findArticleById, listArticleCategories and deleteArticle", () => {
  it("finds drafts too, and nothing for an unknown or malformed id", async () => {
    const [draft] = await insertArticles(database.db, { title: "Hidden", date: "2026-01-01", status: "draft" });
    expect((await findArticleById({ db: database.db, id: draft!.id.toUpperCase() }))?.title).toBe("Hidden");
    expect(await findArticleById({ db: database.db, id: "6f1c2a52-8d53-4c55-9b8e-0f4f7ad3b7a1" })).toBeNull();
    expect(await findArticleById({ db: database.db, id: "new" })).toBeNull();
  });

  it("lists the categories in use, each once, alphabetically", async () => {
    await insertArticles(
      database.db,
      { title: "A", date: "2026-01-01", category: "News" },
      { title: "B", date: "2026-01-02", category: "Guides" },
      { title: "C", date: "2026-01-03", category: "News" },
    );
    expect(await listArticleCategories({ db: database.db })).toEqual(["Guides", "News"]);
  });

  it("deletes one article and reports whether there was one", async () => {
    const [keep, drop] = await insertArticles(
      database.db,
      { title: "Keep", date: "2026-01-01" },
      { title: "Drop", date: "2026-01-02" },
    );
    expect(await deleteArticle({ db: database.db, id: drop!.id })).toEqual({ toolIds: [] });
    expect(await deleteArticle({ db: database.db, id: drop!.id })).toBeNull();
    expect(await deleteArticle({ db: database.db, id: "nope" })).toBeNull();
    expect((await database.db.select({ id: articles.id }).from(articles)).map((row) => row.id)).toEqual([keep!.id]);
  });
});
