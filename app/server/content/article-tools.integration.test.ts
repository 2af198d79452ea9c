import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { articleFormSchema, SLUG_TAKEN_MESSAGE, type ArticleFormValues } from "~/lib/article-form";
import { articles, articleTools, tools } from "~/server/db/schema.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createArticle, deleteArticle, updateArticle } from "./article-admin.server";
import { listRelatedArticles, listToolsInArticle, RELATED_ARTICLES_LIMIT } from "./article-tools.server";

// Articles joined to tools (issue 34, decision 182): every save reads the article's /tool/{slug}
// links into article_tools in its own transaction; the two boxes read that table.

let database: TestDatabase;
let toolIds: Record<string, string>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${articles}, ${tools} cascade`);
  const rows = await insertTools(database.db, { name: "Claude" }, { name: "ChatGPT" }, { name: "Midjourney" });
  toolIds = Object.fromEntries(rows.map((row) => [row.slug, row.id]));
});

const SITE = "https://aitlas.example";

const values = (overrides: Partial<ArticleFormValues> = {}) =>
  articleFormSchema.parse({
    title: "Two Assistants Compared",
    category: "Writing",
    author: "Maya Lindqvist",
    date: "2026-03-01",
    excerpt: "Which one to pick.",
    content: "<p>Text.</p>",
    image: "",
    readTime: "4 min read",
    status: "published",
    metaTitle: "",
    metaDescription: "",
    metaKeywords: "",
    slug: "",
    ...overrides,
  } satisfies ArticleFormValues);

const linkedSlugs = async (articleId: string) =>
  (
    await database.db
      .select({ slug: tools.slug })
      .from(articleTools)
      .innerJoin(tools, eq(tools.id, articleTools.toolId))
      .where(eq(articleTools.articleId, articleId))
      .orderBy(tools.slug)
  ).map((row) => row.slug);

async function create(overrides: Partial<ArticleFormValues> = {}) {
  const result = await createArticle({ db: database.db, input: values(overrides), siteOrigin: SITE });
  if (result.status !== "saved") throw new Error(JSON.stringify(result));
  return result;
}

describe("links to tools stored at every save", () => {
  it("stores the known tools an article links, once each, ignoring unknown slugs and other links", async () => {
    const saved = await create({
      content: [
        `<p><a href="/tool/claude">Claude</a> and <a href="/tool/claude#pricing">its plans</a>,`,
        ` <a href="${SITE}/tool/chatgpt" target="_blank">ChatGPT</a> written with the site's address,`,
        ` <a href="/tool/no-such-tool">a tool we lack</a>, <a href="/tool/midjourney.md">a twin</a>,`,
        ` <a href="https://elsewhere.example/tool/midjourney">another site</a> and <a href="/blog">the blog</a>.</p>`,
      ].join(""),
    });
    expect(await linkedSlugs(saved.article.id)).toEqual(["chatgpt", "claude"]);
    expect(saved.toolIds.sort()).toEqual([toolIds.chatgpt, toolIds.claude].sort());
    // The site's own address is stored as a path, opened in the same tab.
    expect(saved.article.content).toContain(`<a href="/tool/chatgpt">ChatGPT</a>`);
  });

  it("follows an edit: links removed and added, and names every tool whose page changed", async () => {
    const saved = await create({ content: `<p><a href="/tool/claude">Claude</a></p>` });
    const edited = await updateArticle({
      db: database.db,
      id: saved.article.id,
      input: values({ content: `<p><a href="/tool/midjourney">Midjourney</a></p>` }),
    });
    expect(edited.status).toBe("saved");
    expect(await linkedSlugs(saved.article.id)).toEqual(["midjourney"]);
    // Claude's page listed it and no longer does; Midjourney's lists it now.
    expect(edited.status === "saved" && edited.toolIds.sort()).toEqual([toolIds.claude, toolIds.midjourney].sort());
  });

  it("leaves the links as they were when the save is refused", async () => {
    const first = await create({ slug: "taken", content: `<p><a href="/tool/claude">Claude</a></p>` });
    const other = await create({ title: "Another", content: `<p>Plain.</p>` });
    const refused = await updateArticle({
      db: database.db,
      id: other.article.id,
      input: values({ title: "Another", slug: "taken", content: `<p><a href="/tool/chatgpt">ChatGPT</a></p>` }),
    });
    expect(refused).toEqual({ status: "invalid", fieldErrors: { slug: SLUG_TAKEN_MESSAGE } });
    expect(await linkedSlugs(other.article.id)).toEqual([]);
    expect(await linkedSlugs(first.article.id)).toEqual(["claude"]);
  });

  it("names the tools an article linked when it is deleted", async () => {
    const saved = await create({ content: `<p><a href="/tool/claude">Claude</a></p>` });
    expect(await deleteArticle({ db: database.db, id: saved.article.id })).toEqual({ toolIds: [toolIds.claude] });
    expect(await database.db.select().from(articleTools)).toEqual([]);
  });
});

describe("Tools in this article and Related articles", () => {
  it("lists an article's tools by name", async () => {
    const saved = await create({
      content: `<p><a href="/tool/midjourney">M</a> <a href="/tool/chatgpt">C</a></p>`,
    });
    const listed = await listToolsInArticle({ db: database.db, articleId: saved.article.id });
    expect(listed.map((tool) => tool.name)).toEqual(["ChatGPT", "Midjourney"]);
  });

  it("lists the published articles linking a tool, newest first, a few", async () => {
    const link = `<p><a href="/tool/claude">Claude</a></p>`;
    const dated = ["2026-01-01", "2026-04-01", "2026-02-01", "2026-03-01", "2026-05-01"];
    for (const [index, date] of dated.entries()) await create({ title: `Article ${index}`, date, content: link });
    await create({ title: "A draft", date: "2026-06-01", status: "draft", content: link });
    await create({ title: "Not about Claude", date: "2026-07-01", content: `<p><a href="/tool/chatgpt">C</a></p>` });

    const related = await listRelatedArticles({ db: database.db, toolId: toolIds.claude! });
    expect(related.map((article) => article.date)).toEqual(
      [...dated].sort().reverse().slice(0, RELATED_ARTICLES_LIMIT),
    );
    expect(await listRelatedArticles({ db: database.db, toolId: toolIds.midjourney! })).toEqual([]);
  });
});
