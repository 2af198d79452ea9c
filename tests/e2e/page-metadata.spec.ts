import { adminStatePath } from "./admin-support";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { demoArticles, demoTools, metaContent, readJsonLd } from "./support";

// Spec section 2: "Every page sets its title, description, canonical link, open-graph tags and
// structured data." The pages a visitor can open, signed out, each checked for all five.

const tool = demoTools[0]!;
const article = demoArticles[0]!;

const PAGES: { path: string; type?: string }[] = [
  { path: "/" },
  { path: `/tool/${tool.slug}`, type: "SoftwareApplication" },
  { path: `/article/${article.slug}` },
  { path: "/category/Writing" },
  { path: "/blog" },
  { path: "/changes" },
  { path: "/about", type: "AboutPage" },
  { path: "/privacy", type: "WebPage" },
  { path: "/terms", type: "WebPage" },
  { path: "/developers", type: "WebPage" },
  { path: "/submit", type: "WebPage" },
  { path: "/forgot-password", type: "WebPage" },
  { path: "/sign-in", type: "WebPage" },
];

async function expectFullHead(page: Page, baseURL: string | undefined, path: string, type?: string) {
  await page.goto(path);
  const title = await page.title();
  expect(title.trim()).toBeTruthy();
  const description = await metaContent(page, "name", "description");
  expect(description?.trim()).toBeTruthy();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(canonical).toBe(new URL(path, baseURL).toString());
  expect(await metaContent(page, "property", "og:title")).toBe(title);
  expect(await metaContent(page, "property", "og:description")).toBe(description);
  expect(await metaContent(page, "property", "og:url")).toBe(canonical);
  expect(await metaContent(page, "property", "og:image")).toMatch(/\/og\/.+\.png/);
  const jsonLd = await readJsonLd(page);
  expect(jsonLd.length).toBeGreaterThan(0);
  if (type) expect(jsonLd.map((item) => item["@type"])).toContain(type);
}

for (const { path, type } of PAGES) {
  test(`${path} carries a title, description, canonical link, Open Graph tags and structured data`, async ({
    page,
    baseURL,
  }) => {
    await expectFullHead(page, baseURL, path, type);
  });
}

test.describe("the admin area", () => {
  test.use({ storageState: adminStatePath() });

  for (const path of ["/admin", "/admin/tools", "/admin/articles/new"]) {
    test(`${path} carries the full head too, out of the index`, async ({ page, baseURL }) => {
      await expectFullHead(page, baseURL, path, "WebPage");
      expect(await metaContent(page, "name", "robots")).toBe("noindex");
    });
  }
});

test("a page without structured data of its own is described as a WebPage of the site", async ({ page, baseURL }) => {
  await page.goto("/privacy");
  const [webPage] = await readJsonLd(page);
  expect(webPage).toEqual({
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: "Privacy Policy | Aitlas",
    description: await metaContent(page, "name", "description"),
    url: new URL("/privacy", baseURL).toString(),
    isPartOf: { "@type": "WebSite", name: "Aitlas", url: new URL("/", baseURL).toString() },
  });
});
