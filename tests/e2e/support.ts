import type { Locator, Page, TestInfo } from "@playwright/test";
import { demoArticles } from "../../app/server/db/demo/articles.server";
import { demoTools, type DemoTool } from "../../app/server/db/demo/tools.server";
import { TOOL_CATEGORIES } from "../../app/lib/categories";
import { formatRating, formatVoteCount } from "../../app/lib/format";
import { demoRatingOf } from "../../app/server/db/demo/reviews.server";
import { expect } from "./fixtures";

/**
 * The server under test starts on an empty data directory, so its catalogue is exactly the demo
 * seed: the tests read their expectations from the same source.
 */
export { demoArticles, demoTools, TOOL_CATEGORIES };

/** Seeding spreads created_at backwards in list order, so the demo order is "newest first". */
export const toolsNewestFirst = demoTools;
export const articlesNewestFirst = [...demoArticles].sort((a, b) => b.date.localeCompare(a.date));

const plainText = (html: string) => html.replace(/<[^>]*>/g, " ").toLowerCase();

/** The spec's search rule: case-insensitive substring of the name or the description. */
export function demoToolsMatching(query: string, category?: string): DemoTool[] {
  const needle = query.toLowerCase();
  return toolsNewestFirst.filter(
    (tool) =>
      (!category || tool.category === category) &&
      (tool.name.toLowerCase().includes(needle) || plainText(tool.description).includes(needle)),
  );
}

/**
 * A demo tool's rating as a card or the tool page shows it ('4.3(8 votes)': the text of its two
 * spans), from the demo's seeded votes, plus `extra` votes a test cast.
 */
export function demoRatingShown(slug: string, ...extra: number[]): string {
  const { rating, voteCount } = demoRatingOf(slug, ...extra);
  return `${formatRating(rating)}(${formatVoteCount(voteCount)})`;
}

/** Demo tools in a category page's order: by rating (the plain average), then by votes, then by name. */
export function byDemoRating(tools: DemoTool[]): DemoTool[] {
  const ranked = tools.map((tool) => ({ tool, ...demoRatingOf(tool.slug) }));
  return ranked
    .sort(
      (a, b) =>
        (b.rating ?? -1) - (a.rating ?? -1) || b.voteCount - a.voteCount || a.tool.name.localeCompare(b.tool.name),
    )
    .map(({ tool }) => tool);
}

export function demoTool(slug: string): DemoTool {
  const tool = demoTools.find((candidate) => candidate.slug === slug);
  if (!tool) throw new Error(`no demo tool ${slug}`);
  return tool;
}

/** Tool cards are the list items that carry a name heading (their pros are nested list items). */
export function toolCards(scope: Page | Locator): Locator {
  // A filter's `has` locator is matched inside each item, so it must start from the page.
  const page = "page" in scope ? scope.page() : scope;
  return scope.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
}

export function toolCardNames(scope: Page | Locator): Locator {
  return toolCards(scope).getByRole("heading", { level: 3 });
}

/**
 * The cards show exactly these tools, in any order: a text search ranks by relevance, whose
 * order the integration tests pin down; here what counts is which tools the page shows.
 */
export async function expectSameTools(scope: Page | Locator, tools: DemoTool[]) {
  const names = tools.map((tool) => tool.name).sort();
  await expect.poll(async () => (await toolCardNames(scope).allTextContents()).sort()).toEqual(names);
}

/**
 * A text search's cards: every tool whose name or description holds the text is among them (the
 * spec's rule, which the search engine keeps), and words may find more (decision 155: stems,
 * synonyms, tags). Which tools rank where is pinned by the engine's integration tests.
 */
export async function expectSearchFinds(scope: Page | Locator, query: string, category?: string) {
  const names = demoToolsMatching(query, category).map((tool) => tool.name);
  expect(names.length, `the demo has tools holding "${query}"`).toBeGreaterThan(0);
  await expect
    .poll(async () => {
      const shown = await toolCardNames(scope).allTextContents();
      return names.filter((name) => !shown.includes(name));
    })
    .toEqual([]);
}

/** Structured data blocks of the current page, parsed. */
export async function readJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

export async function metaContent(page: Page, attribute: "name" | "property", key: string): Promise<string | null> {
  return page.locator(`meta[${attribute}="${key}"]`).getAttribute("content");
}

/** Header and footer that every page shares (spec section 2). */
export async function expectSiteChrome(page: Page) {
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Aitlas", exact: true })).toHaveAttribute("href", "/");
  const mainNav = header.getByRole("navigation", { name: "Main" });
  await expect(mainNav.getByRole("link")).toHaveText(["Tools", "Blog", "About", "Submit a tool"]);
  // A button that opens the sign-in dialog (a link to the sign-in page without JavaScript).
  const signIn = header.getByRole("button", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  await expect(signIn).toHaveAttribute("aria-haspopup", "dialog");

  const footer = page.getByRole("contentinfo");
  const categories = footer.getByRole("navigation", { name: "Categories" }).getByRole("link");
  const alphabetical = [...TOOL_CATEGORIES].sort((a, b) => a.localeCompare(b));
  await expect(categories).toHaveText(alphabetical);
  for (const [index, category] of alphabetical.entries()) {
    await expect(categories.nth(index)).toHaveAttribute("href", `/category/${encodeURIComponent(category)}`);
  }
  await expect(footer.getByRole("link", { name: "About" })).toHaveAttribute("href", "/about");
  await expect(footer.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(footer.getByRole("link", { name: "Source code" })).toHaveAttribute("href", /^https:\/\//);
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Aitlas. All rights reserved.`);
}

/** The fake websites' origin (tests/fakes/serve.ts); playwright.config.ts sets it, E2E_PORT_OFFSET moves it. */
export const FAKE_WEBSITES_ORIGIN = process.env.FAKE_WEBSITES_ORIGIN ?? "http://127.0.0.1:3231";
/** The fake analytics script's origin. */
export const FAKE_ANALYTICS_ORIGIN = process.env.FAKE_ANALYTICS_ORIGIN ?? "http://127.0.0.1:3227";

/**
 * Light and dark screenshots of the page, attached to the run's report and kept under test-results/
 * for people comparing runs by eye (decision 107). Taken only with E2E_SCREENSHOTS=1: in `npm test`
 * nobody looks at them, and each costs the browser a second or more of CPU (decision 195).
 */
export async function photograph(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS !== "1") return;
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    const file = testInfo.outputPath(`${name}-${colorScheme}.png`);
    await page.screenshot({ path: file, fullPage });
    await testInfo.attach(`${name} (${colorScheme})`, { path: file, contentType: "image/png" });
  }
}
