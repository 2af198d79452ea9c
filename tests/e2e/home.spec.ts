import { expect, test } from "./fixtures";
import {
  articlesNewestFirst,
  demoRatingShown,
  demoToolsMatching,
  expectSiteChrome,
  TOOL_CATEGORIES,
  toolCardNames,
  toolCards,
  toolsNewestFirst,
  expectSearchFinds,
} from "./support";

test.describe("home page", () => {
  test("shows the hero, search, category filter, tool grid, comparison and latest articles", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Aitlas");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover the Best AI Tools");
    await expect(page.getByRole("combobox", { name: "Search AI tools" })).toHaveAttribute(
      "placeholder",
      "Search AI tools...",
    );

    const filter = page.getByRole("navigation", { name: "Filter by category" }).getByRole("link");
    await expect(filter).toHaveText(["All", ...TOOL_CATEGORIES]);
    await expect(filter.first()).toHaveAttribute("aria-current", "page");

    // The first page of the grid: the newest tools (24 per page, 48 in the demo catalogue).
    const grid = page.getByRole("region", { name: "All AI Tools" });
    await expect(grid).toContainText(`${toolsNewestFirst.length} tools`);
    await expect(toolCardNames(grid)).toHaveText(toolsNewestFirst.slice(0, 24).map((tool) => tool.name));
    await expect(grid.getByRole("navigation", { name: "Tool pages" })).toContainText("Page 1 of 2");

    await expectSiteChrome(page);
  });

  test("each tool card shows logo, name, category, rating, two pros and links to the tool", async ({ page }) => {
    await page.goto("/");
    const cards = toolCards(page.getByRole("region", { name: "All AI Tools" }));
    for (const [index, tool] of toolsNewestFirst.slice(0, 24).entries()) {
      const card = cards.nth(index);
      const logo = card.getByRole("img", { name: `${tool.name} logo` });
      await expect(logo).toHaveAttribute("src", `/uploads/tool-logos/${tool.slug}.svg`);
      await expect(card.getByRole("link", { name: tool.name })).toHaveAttribute("href", `/tool/${tool.slug}`);
      await expect(card).toContainText(tool.category);
      // The demo members' votes (app/server/db/demo/reviews.server.ts).
      await expect(card).toContainText(demoRatingShown(tool.slug));
      // Each pro is preceded by a decorative check mark.
      await expect(card.getByRole("list", { name: `${tool.name} highlights` }).getByRole("listitem")).toHaveText(
        tool.pros.slice(0, 2).map((pro) => `✓${pro}`),
      );
    }
  });

  test("tool card logos reserve their box, so the grid does not shift while images load", async ({ page }) => {
    await page.goto("/");
    const logos = page.getByRole("region", { name: "All AI Tools" }).getByRole("img");
    await expect(logos).toHaveCount(24);
    for (const logo of await logos.all()) {
      await expect(logo).toHaveAttribute("width", "56");
      await expect(logo).toHaveAttribute("height", "56");
    }
    const box = await logos.first().boundingBox();
    expect(box).toMatchObject({ width: 56, height: 56 });
  });

  test("compares two popular tools and lists the four latest articles", async ({ page }) => {
    await page.goto("/");
    const comparison = page.getByRole("region", { name: "Popular AI Tools Compared" });
    await expect(comparison.getByRole("heading", { level: 2 }).filter({ hasNotText: "Compared" })).toHaveText([
      "ChatGPT",
      "Midjourney",
    ]);
    await expect(comparison).toContainText("Text assistant");
    await expect(comparison).toContainText("Image generator");
    await expect(comparison.getByText(/^Best for:/)).toHaveCount(2);

    const latest = page.getByRole("region", { name: "Latest Articles" });
    const articleLinks = latest.getByRole("listitem").getByRole("link");
    const newest = articlesNewestFirst.slice(0, 4);
    await expect(articleLinks).toHaveText(newest.map((article) => article.title));
    for (const [index, article] of newest.entries()) {
      await expect(articleLinks.nth(index)).toHaveAttribute("href", `/article/${article.slug}`);
    }
  });

  test("the second page of tools lists the older half of the catalogue", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL("/?page=2");
    await expect(toolCardNames(page.getByRole("region", { name: "All AI Tools" }))).toHaveText(
      toolsNewestFirst.slice(24).map((tool) => tool.name),
    );
  });
});

test.describe("home search with JavaScript", () => {
  test("typing filters the grid and the address without pressing Enter or reloading", async ({ page }) => {
    // goto waits for hydration (fixtures.ts): text typed before it would reach no handler.
    await page.goto("/");
    // A full page load would drop this marker: the results must arrive by client navigation.
    await page.evaluate(() => Object.assign(window, { e2eSamePage: true }));

    await page.getByRole("combobox", { name: "Search AI tools" }).fill("voice");
    await expect(page).toHaveURL("/?q=voice");
    const grid = page.getByRole("region", { name: "All AI Tools matching “voice”" });
    await expectSearchFinds(grid, "voice");
    await expect(grid).toContainText(`${await toolCards(grid).count()} tools matching “voice”`);
    expect(await page.evaluate(() => "e2eSamePage" in window)).toBe(true);
  });

  test("a category button keeps the query, and typing keeps the category", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search AI tools" }).fill("voice");
    await expect(page).toHaveURL("/?q=voice");
    // The box's suggestions lie over the buttons below it (decision 160): leaving the box closes them.
    await page.keyboard.press("Tab");

    const audioLink = page.getByRole("navigation", { name: "Filter by category" }).getByRole("link", { name: "Audio" });
    // The buttons are drawn again with the typed query once its results are in: a click before then
    // (a slow machine) follows the old address.
    await expect(audioLink).toHaveAttribute("href", /q=voice/);
    await audioLink.click();
    await expect(page).toHaveURL("/?q=voice&category=Audio");
    const audio = page.getByRole("region", { name: "Audio AI Tools" });
    await expectSearchFinds(audio, "voice", "Audio");
    const filter = page.getByRole("navigation", { name: "Filter by category" });
    await expect(filter.getByRole("link", { name: "Audio" })).toHaveAttribute("aria-current", "page");
    await expect(filter.getByRole("link", { name: "All" })).not.toHaveAttribute("aria-current", "page");

    await page.getByRole("combobox", { name: "Search AI tools" }).fill("music");
    await expect.poll(() => new URL(page.url()).searchParams.toString()).toBe("category=Audio&q=music");
    await expectSearchFinds(audio, "music", "Audio");
  });

  test("a query that matches nothing says so and offers to clear the filters", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search AI tools" }).fill("zzzz-no-such-tool");
    await expect(page).toHaveURL("/?q=zzzz-no-such-tool");
    await expect(page.getByText("No tools found matching your criteria.")).toBeVisible();
    await expect(toolCards(page.getByRole("region", { name: "All AI Tools" }))).toHaveCount(0);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL("/");
    await expect(toolCards(page.getByRole("region", { name: "All AI Tools" }))).toHaveCount(24);
    await expect(page.getByRole("combobox", { name: "Search AI tools" })).toHaveValue("");
  });
});

test.describe("home search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Enter submits the search form and the server filters the tools", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("searchbox", { name: "Search AI tools" });
    await search.fill("meeting");
    await search.press("Enter");
    await expect(page).toHaveURL("/?q=meeting");
    await expect(search).toHaveValue("meeting");
    await expectSearchFinds(page.getByRole("region", { name: "All AI Tools matching “meeting”" }), "meeting");
  });

  test("category links filter, and keep a query already typed", async ({ page }) => {
    await page.goto("/");
    const filter = page.getByRole("navigation", { name: "Filter by category" });
    await filter.getByRole("link", { name: "Writing" }).click();
    await expect(page).toHaveURL("/?category=Writing");
    await expect(toolCardNames(page.getByRole("region", { name: "Writing AI Tools" }))).toHaveText(
      demoToolsMatching("", "Writing").map((tool) => tool.name),
    );

    // The form carries the chosen category along with the query.
    const search = page.getByRole("searchbox", { name: "Search AI tools" });
    await search.fill("voice");
    await search.press("Enter");
    await expect(page).toHaveURL("/?category=Writing&q=voice");
    await expectSearchFinds(page.getByRole("region", { name: "Writing AI Tools" }), "voice", "Writing");

    await filter.getByRole("link", { name: "Audio" }).click();
    await expect(page).toHaveURL("/?q=voice&category=Audio");
    await expectSearchFinds(page.getByRole("region", { name: "Audio AI Tools" }), "voice", "Audio");
  });
});
