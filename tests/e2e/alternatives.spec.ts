import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { demoTool } from "./support";

// From a tool page to its alternatives and on to a side-by-side comparison, on the demo catalogue.

const claude = demoTool("claude");

/** The cards of a list of alternatives: each names a tool and says why it is there. */
async function expectAlternatives(page: Page, scope: ReturnType<Page["getByRole"]>, atLeast: number) {
  const cards = scope.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
  expect(await cards.count()).toBeGreaterThanOrEqual(atLeast);
  const names = await cards.getByRole("heading", { level: 3 }).allTextContents();
  expect(names).not.toContain(claude.name);
  expect(new Set(names).size).toBe(names.length);
  for (const card of await cards.all()) await expect(card.getByText(/^(Also |shares )/)).toBeVisible();
  return names;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a visitor goes from a tool to its alternatives and compares two side by side", async ({ page }) => {
      await page.goto(`/tool/${claude.slug}`);
      const block = page.getByRole("region", { name: `Alternatives to ${claude.name}` });
      // Only the tools alike enough are listed (decision 169): a few, not a padded six.
      const preview = await expectAlternatives(page, block, 2);
      expect(preview.length).toBeLessThanOrEqual(6);

      await block.getByRole("link", { name: `See all ${claude.name} alternatives` }).click();
      await expect(page).toHaveURL(`/tool/${claude.slug}/alternatives`);
      await expect(page).toHaveTitle(`${claude.name} Alternatives | Aitlas`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${claude.name} Alternatives`);
      const all = await expectAlternatives(page, page.getByRole("region", { name: `${claude.name} alternatives` }), 2);
      // The tool page previews the head of the same list.
      expect(all.slice(0, preview.length)).toEqual(preview);

      const first = all[0]!;
      await page
        .getByRole("region", { name: "Compare side by side" })
        .getByRole("link", { name: `${claude.name} vs ${first}` })
        .click();
      await expect(page).toHaveURL(/\/compare\/[a-z0-9-]+-vs-[a-z0-9-]+$/);
      const heading = page.getByRole("heading", { level: 1 });
      await expect(heading).toContainText(claude.name);
      await expect(heading).toContainText(first);
      await expect(page.getByRole("table")).toBeVisible();
    });
  });
}
