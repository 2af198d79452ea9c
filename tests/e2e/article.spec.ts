import { expect, test } from "./fixtures";
import { demoArticles, expectSiteChrome, metaContent, readJsonLd } from "./support";

const guide = demoArticles.find((article) => article.slug === "how-to-choose-an-ai-writing-assistant")!;

test.describe("article detail", () => {
  test("shows title, author, date, read time and the content as HTML", async ({ page }) => {
    await page.goto(`/article/${guide.slug}`);
    await expect(page).toHaveTitle(guide.metaTitle);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
    const details = page.getByRole("article").locator("header dl");
    await expect(details).toContainText("Maya Lindqvist");
    await expect(details.locator("time")).toHaveText("August 5, 2026");
    await expect(details.locator("time")).toHaveAttribute("datetime", "2026-08-05");
    await expect(details).toContainText("4 min read");

    const article = page.getByRole("article");
    await expect(
      article.getByRole("heading", { level: 2, name: "Start with the kind of writing you do" }),
    ).toBeVisible();
    await expect(article.getByRole("heading", { level: 3, name: "1. Where will you use it?" })).toBeVisible();
    await expect(article.getByRole("listitem").filter({ hasText: "Correcting and polishing" })).toBeVisible();
    const trialSteps = article.getByRole("list").filter({ hasText: "Pick three typical tasks" });
    await expect(trialSteps).toHaveJSProperty("tagName", "OL");
    await expect(trialSteps.getByRole("listitem")).toHaveCount(4);
    await expect(article.locator("blockquote")).toContainText("A good writing assistant should save you editing time");
    // A tool of the catalogue is linked by its page, opened in the same tab, and listed under the article.
    const mention = article.locator(".prose-content").getByRole("link", { name: "Grammarly" });
    await expect(mention).toHaveAttribute("href", "/tool/grammarly");
    await expect(mention).not.toHaveAttribute("target");
    const linked = page.getByRole("complementary", { name: "Tools in this article" });
    await expect(linked.getByRole("link", { name: "Grammarly" })).toHaveAttribute("href", "/tool/grammarly");
    await expect(article).not.toContainText("<h2>");

    await expectSiteChrome(page);
  });

  test("describes itself to search engines as a BlogPosting", async ({ page, baseURL }) => {
    await page.goto(`/article/${guide.slug}`);
    const canonical = `${baseURL}/article/${guide.slug}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    expect(await metaContent(page, "property", "og:type")).toBe("article");
    expect(await metaContent(page, "property", "og:url")).toBe(canonical);
    expect(await metaContent(page, "property", "article:author")).toBe("Maya Lindqvist");
    expect(await metaContent(page, "property", "article:published_time")).toBe("2026-08-05");
    expect(await metaContent(page, "name", "twitter:title")).toBe(guide.metaTitle);

    const jsonLd = await readJsonLd(page);
    expect(jsonLd.find((item) => item["@type"] === "BlogPosting")).toMatchObject({
      headline: guide.title,
      author: { "@type": "Person", name: "Maya Lindqvist" },
      datePublished: "2026-08-05",
      url: canonical,
    });
    expect(jsonLd.find((item) => item["@type"] === "BreadcrumbList")).toBeTruthy();
  });

  test("a title-like address or the id moves permanently to the slug", async ({ page, request }) => {
    await page.goto(`/article/${guide.slug}`);
    const posting = (await readJsonLd(page)).find((item) => item["@type"] === "BlogPosting");
    const id = String(posting?.identifier);

    for (const address of ["/article/How-To-Choose-An-AI-Writing-Assistant", `/article/${id}`]) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect(response.status(), address).toBe(301);
      expect(response.headers().location, address).toBe(`/article/${guide.slug}`);
    }
    await page.goto("/article/How-To-Choose-An-AI-Writing-Assistant");
    await expect(page).toHaveURL(`/article/${guide.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(guide.title);
  });

  test("an unknown article answers 404 with a message and a working Go Back button", async ({
    page,
    openMissingPage,
  }) => {
    await openMissingPage(page, "/article/no-such-article");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article not found");
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL("/");
  });

  test("opened from the home page, Back returns there", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Latest Articles" }).getByRole("listitem").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/article\//);
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL("/");
  });
});
