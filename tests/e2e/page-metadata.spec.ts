import { adminStatePath } from "./admin-support";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { demoArticles, demoTools, metaContent, readJsonLd } from "./support";

// Spec section 2: "Every page sets its title, description, canonical link, open-graph tags and
// structured data." The pages a visitor can open, signed out, each checked for all five; the 404
// pages for all but the canonical link, which they leave out (decision 145).

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

/** Checks the five parts of a page's head; soft, so one run names every page and part that fails. */
async function expectFullHead(page: Page, baseURL: string | undefined, path: string, type?: string) {
  await page.goto(path);
  const title = await page.title();
  expect.soft(title.trim(), `${path}: title`).toBeTruthy();
  const description = await metaContent(page, "name", "description");
  expect.soft(description?.trim(), `${path}: description`).toBeTruthy();
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect.soft(canonical, `${path}: canonical link`).toBe(new URL(path, baseURL).toString());
  expect.soft(await metaContent(page, "property", "og:title"), `${path}: og:title`).toBe(title);
  expect.soft(await metaContent(page, "property", "og:description"), `${path}: og:description`).toBe(description);
  expect.soft(await metaContent(page, "property", "og:url"), `${path}: og:url`).toBe(canonical);
  expect.soft(await metaContent(page, "property", "og:image"), `${path}: og:image`).toMatch(/\/og\/.+\.png/);
  const types = (await readJsonLd(page)).map((item) => item["@type"]);
  expect.soft(types.length, `${path}: structured data`).toBeGreaterThan(0);
  if (type) expect.soft(types, `${path}: structured data type`).toContain(type);
}

/**
 * An error page's head (decision 145): the full head in the words the page shows, out of the index,
 * and no canonical link or og:url, since what it shows is not the content of its address.
 */
async function expectErrorHead(page: Page, heading: string, description: string) {
  const title = `${heading} | Aitlas`;
  expect.soft(await page.title(), "title").toBe(title);
  await expect.soft(page.getByRole("heading", { level: 1 }), "the page's own heading").toHaveText(heading);
  expect.soft(await metaContent(page, "name", "description"), "description").toBe(description);
  expect.soft(await metaContent(page, "name", "robots"), "robots").toBe("noindex");
  await expect.soft(page.locator('link[rel="canonical"], meta[property="og:url"]'), "no canonical").toHaveCount(0);
  expect.soft(await metaContent(page, "property", "og:title"), "og:title").toBe(title);
  expect.soft(await metaContent(page, "property", "og:description"), "og:description").toBe(description);
  expect.soft(await metaContent(page, "property", "og:image"), "og:image").toMatch(/\/og\/.+\.png/);
  const types = (await readJsonLd(page)).map((item) => item["@type"]);
  expect.soft(types, "structured data").toEqual(["WebPage"]);
}

// One test walks the pages, each a step (as the accessibility checks do, decision 133).
test("every public page carries a title, description, canonical link, Open Graph tags and structured data", async ({
  page,
  baseURL,
  openMissingPage,
}) => {
  for (const { path, type } of PAGES) {
    await test.step(path, () => expectFullHead(page, baseURL, path, type));
  }
  await test.step("the site's 404 page", async () => {
    await openMissingPage(page, "/no-such-page");
    await expectErrorHead(page, "Page not found", "The page you are looking for does not exist or has moved.");
  });
  await test.step("a tool that is not there", async () => {
    await openMissingPage(page, "/tool/no-such-tool");
    await expectErrorHead(page, "Tool not found", "The tool you are looking for is not in the directory.");
  });
});

test.describe("the admin area", () => {
  test.use({ storageState: adminStatePath() });

  test("its pages carry the full head too, out of the index", async ({ page, baseURL }) => {
    for (const path of ["/admin", "/admin/tools", "/admin/articles/new"]) {
      await test.step(path, async () => {
        await expectFullHead(page, baseURL, path, "WebPage");
        expect.soft(await metaContent(page, "name", "robots"), `${path}: robots`).toBe("noindex");
      });
    }
  });
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
