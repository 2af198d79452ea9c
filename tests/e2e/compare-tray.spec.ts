import { expect, test } from "./fixtures";
import { demoTool } from "./support";

// Picking tools to compare while browsing (a tray kept in the browser), and without JavaScript
// the tool page's form that builds the comparison's address.

const claude = demoTool("claude");
const chatgpt = demoTool("chatgpt");
const midjourney = demoTool("midjourney");

test("a visitor adds tools to compare from their pages and compares them from the tray", async ({ page }) => {
  await page.goto(`/tool/${claude.slug}`);
  await page.getByRole("button", { name: `Add ${claude.name} to compare` }).click();
  const tray = page.getByRole("region", { name: "Compare tray" });
  await expect(tray).toContainText("Compare (1 of 4)");
  await expect(tray).toContainText("Add one more tool to compare");
  await expect(page.getByRole("button", { name: `Remove ${claude.name} from compare` }).first()).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // From a card: the first of Claude's alternatives.
  const firstAlternative = page
    .getByRole("region", { name: `Alternatives to ${claude.name}` })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3 }) })
    .first();
  const alternativeName = (await firstAlternative.getByRole("heading", { level: 3 }).textContent())!;
  await firstAlternative.getByRole("button", { name: `Add ${alternativeName} to compare` }).click();
  await expect(tray).toContainText("Compare (2 of 4)");
  await tray.getByRole("button", { name: `Remove ${alternativeName} from compare` }).click();

  // The tray follows the visitor to the next page.
  await page.goto(`/tool/${midjourney.slug}`);
  await page.getByRole("button", { name: `Add ${midjourney.name} to compare` }).click();
  await page.goto(`/tool/${chatgpt.slug}`);
  await page.getByRole("button", { name: `Add ${chatgpt.name} to compare` }).click();
  await expect(tray).toContainText("Compare (3 of 4)");
  await tray.getByRole("button", { name: `Remove ${midjourney.name} from compare` }).click();
  await expect(tray.getByRole("listitem")).toHaveText([claude.name, chatgpt.name]);

  await tray.getByRole("link", { name: "Compare 2 tools" }).click();
  await expect(page).toHaveURL(`/compare/${chatgpt.slug}-vs-${claude.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${chatgpt.name} vs ${claude.name}`);

  await tray.getByRole("button", { name: "Clear" }).click();
  await expect(tray).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tool page's form compares the tool with another typed by name", async ({ page }) => {
    await page.goto(`/tool/${claude.slug}`);
    await expect(page.getByRole("button", { name: /to compare$/ })).toHaveCount(0);
    await page.getByLabel(`Compare ${claude.name} with`).fill(chatgpt.name);
    await page.getByRole("button", { name: "Compare", exact: true }).click();
    await expect(page).toHaveURL(`/compare/${chatgpt.slug}-vs-${claude.slug}`);
    await expect(page.getByRole("table")).toBeVisible();
  });
});
