import { expect, test } from "./fixtures";
import { byDemoRating, demoToolsMatching, expectSiteChrome, toolCardNames } from "./support";

/** The category page ranks by rating (the demo's seeded votes), then votes, then name. */
const ranked = (tools: ReturnType<typeof demoToolsMatching>) => byDemoRating(tools).map((tool) => tool.name);

for (const category of ["Writing", "Social Media"]) {
  test(`the ${category} category page lists its tools`, async ({ page }) => {
    await page.goto(`/category/${encodeURIComponent(category)}`);
    await expect(page).toHaveTitle(`${category} AI Tools - Directory`);
    await expect(page.getByRole("link", { name: "Back to Homepage" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${category} Tools`);
    await expect(page.getByRole("searchbox", { name: `Search ${category} tools` })).toHaveAttribute(
      "placeholder",
      "Search tools...",
    );
    await expect(toolCardNames(page.getByRole("region", { name: `${category} tools` }))).toHaveText(
      ranked(demoToolsMatching("", category)),
    );
    await expectSiteChrome(page);
  });
}

test("Back to Homepage leads home", async ({ page }) => {
  await page.goto("/category/Writing");
  await page.getByRole("link", { name: "Back to Homepage" }).click();
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover the Best AI Tools");
});

test("searching within a category filters as you type", async ({ page }) => {
  await page.goto("/category/Productivity");
  const search = page.getByRole("searchbox", { name: "Search Productivity tools" });
  const results = page.getByRole("region", { name: "Productivity tools" });

  await search.fill("meeting");
  await expect(page).toHaveURL("/category/Productivity?q=meeting");
  await expect(toolCardNames(results)).toHaveText(ranked(demoToolsMatching("meeting", "Productivity")));

  await search.fill("zzzz-no-such-tool");
  await expect(page).toHaveURL("/category/Productivity?q=zzzz-no-such-tool");
  await expect(results.getByText("No tools found in this category.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the category search submits with Enter, and an encoded category name is decoded", async ({ page }) => {
    await page.goto("/category/Social%20Media");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Social Media Tools");
    const search = page.getByRole("searchbox", { name: "Search Social Media tools" });
    await search.fill("post");
    await search.press("Enter");
    await expect(page).toHaveURL("/category/Social%20Media?q=post");
    await expect(toolCardNames(page.getByRole("region", { name: "Social Media tools" }))).toHaveText(
      ranked(demoToolsMatching("post", "Social Media")),
    );
  });
});
