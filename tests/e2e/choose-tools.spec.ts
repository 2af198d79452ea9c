import { demoTags, demoToolFacts } from "../../app/server/db/demo/tool-facts.server";
import { startingPriceOf } from "../../app/lib/plan-price";
import type { PricingModel } from "../../app/lib/pricing-model";
import { expect, test } from "./fixtures";
import { demoTool, expectSameTools, toolCards } from "./support";
import { demoTools } from "../../app/server/db/demo/tools.server";

/** Demo tools with a tag and one of some pricing models, straight from the seed data. */
function demoToolsWith(tag: string, pricing: PricingModel[] = []) {
  return demoTools.filter((tool) => {
    const facts = demoToolFacts[tool.slug]!;
    return facts.tags.includes(tag) && (pricing.length === 0 || pricing.includes(facts.pricingModel));
  });
}

const FREE_OPTIONS: PricingModel[] = ["free", "freemium"];
const transcription = demoTags.find((tag) => tag.slug === "transcription")!;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`choosing a tool ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("which free or freemium transcription tools are rated best: two clicks from home", async ({ page }) => {
      await page.goto("/");
      // Click 1: the tag.
      await page
        .getByRole("region", { name: "Browse by tag" })
        .getByRole("link", { name: new RegExp(`^${transcription.name}\\b`) })
        .click();
      await expect(page).toHaveURL("/tag/transcription");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Transcription AI Tools");
      await expect(page.getByText(transcription.description)).toBeVisible();

      // Click 2: free or freemium. A tag page lists its tools top rated first.
      await page.getByRole("group", { name: "Pricing" }).getByRole("link", { name: "Free or freemium" }).click();
      await expect(page).toHaveURL("/tag/transcription?pricing=free&pricing=freemium");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(
        "Free or Freemium AI Tools tagged Transcription",
      );
      const expected = demoToolsWith("transcription", FREE_OPTIONS);
      expect(expected.length).toBeGreaterThan(1);
      expect(expected.length).toBeLessThan(demoToolsWith("transcription").length);
      const grid = page.getByRole("region", { name: "Transcription tools" });
      await expectSameTools(grid, expected);
      await expect(
        page.getByRole("group", { name: "Sort by" }).getByRole("link", { name: "Top rated" }),
      ).toHaveAttribute("aria-current", "true");

      // Each card says what the tool does and what it costs.
      const first = toolCards(grid).first();
      const name = await first.getByRole("heading", { level: 3 }).textContent();
      const facts = demoToolFacts[demoTools.find((tool) => tool.name === name)!.slug]!;
      await expect(first).toContainText(facts.tagline);
      await expect(first).toContainText(facts.pricingModel === "free" ? "Free" : "Freemium");

      // A chip removes one filter at a time.
      await page
        .getByRole("list", { name: "Active filters" })
        .getByRole("link", { name: /^Freemium/ })
        .click();
      await expect(page).toHaveURL("/tag/transcription?pricing=free");
      await expectSameTools(
        page.getByRole("region", { name: "Transcription tools" }),
        demoToolsWith("transcription", ["free"]),
      );
    });

    test("home combines a pricing model, a tag and a sort, and says what it shows", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("group", { name: "Pricing" }).getByRole("link", { name: "Paid", exact: true }).click();
      await expect(page).toHaveURL("/?pricing=paid");
      // The list has followed the address (a navigation with JavaScript lands before its data).
      const grid = page.getByRole("region", { name: "Paid AI Tools" });
      await expect(grid).toBeVisible();
      await page.getByRole("group", { name: "Sort by" }).getByRole("link", { name: "Name (A-Z)" }).click();
      await expect(page).toHaveURL("/?pricing=paid&sort=name");
      const paid = demoTools
        .filter((tool) => demoToolFacts[tool.slug]!.pricingModel === "paid")
        .map((tool) => tool.name)
        .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
      await expect(toolCards(grid).getByRole("heading", { level: 3 })).toHaveText(paid);
      await expect(grid).toContainText(`${paid.length} ${paid.length === 1 ? "tool" : "tools"}`);

      await page.getByRole("list", { name: "Active filters" }).getByRole("link", { name: "Clear filters" }).click();
      await expect(page).toHaveURL("/?sort=name");
    });
  });
}

test("a tool page shows its tagline, pricing and tags near its name", async ({ page }) => {
  const tool = demoTool("chatgpt");
  const facts = demoToolFacts.chatgpt!;
  await page.goto("/tool/chatgpt");
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1, name: tool.name }) });
  await expect(header).toContainText(facts.tagline);
  await expect(header).toContainText(startingPriceOf(tool.pricing)!);
  const tags = header.getByRole("list", { name: "Tags" }).getByRole("link");
  await expect(tags).toHaveCount(facts.tags.length);
  await tags.first().click();
  await expect(page).toHaveURL(/\/tag\/[a-z0-9-]+$/);
  await expect(toolCards(page.getByRole("main")).filter({ hasText: tool.name })).toHaveCount(1);
});

test("a tag that does not exist is a 404", async ({ page, openMissingPage }) => {
  await openMissingPage(page, "/tag/no-such-tag");
  await expect(page.getByText("Tag not found")).toBeVisible();
});
