import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const html = (page: Page) => page.locator("html");
const toggle = (page: Page) => page.getByRole("banner").getByRole("button", { name: /theme/ });
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const WHITE = "rgb(255, 255, 255)";

/** system -> light -> dark -> system, each step shown on <html> and in the button's name. */
async function cycleThemes(page: Page) {
  await expect(html(page)).not.toHaveAttribute("class");
  await expect(toggle(page)).toHaveAccessibleName("System theme (switch to light theme)");

  await toggle(page).click();
  await expect(html(page)).toHaveClass("light");
  await expect(toggle(page)).toHaveAccessibleName("Light theme (switch to dark theme)");
  // The visitor's choice wins over the system's dark preference.
  expect(await bodyBackground(page)).toBe(WHITE);

  await toggle(page).click();
  await expect(html(page)).toHaveClass("dark");
  await expect(toggle(page)).toHaveAccessibleName("Dark theme (switch to system theme)");
  expect(await bodyBackground(page)).not.toBe(WHITE);

  // The choice is a cookie: the server renders it on the next visit.
  await page.reload();
  await expect(html(page)).toHaveClass("dark");

  await toggle(page).click();
  await expect(html(page)).not.toHaveAttribute("class");
  await expect(toggle(page)).toHaveAccessibleName("System theme (switch to light theme)");
}

test("the theme toggle cycles system, light and dark and stays on the page", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/tool/chatgpt");
  await cycleThemes(page);
  await expect(page).toHaveURL("/tool/chatgpt");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the theme toggle posts a form and returns to the same page", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/category/Writing?q=voice");
    await cycleThemes(page);
    await expect(page).toHaveURL("/category/Writing?q=voice");
  });
});
