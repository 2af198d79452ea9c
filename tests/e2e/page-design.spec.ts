import type { Page } from "@playwright/test";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";
import { photograph } from "./support";

// Issue 18's design pass, checked where it can be measured, and every main page photographed in
// light and dark on a laptop and a phone when E2E_SCREENSHOTS=1 (photograph in support.ts).
const VIEWPORTS = {
  laptop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;

const PUBLIC_PAGES = [
  { name: "home", path: "/" },
  { name: "tool", path: "/tool/chatgpt" },
  { name: "article", path: "/article/how-to-choose-an-ai-writing-assistant" },
  { name: "category", path: "/category/Writing" },
  { name: "blog", path: "/blog" },
  { name: "compare", path: "/compare/chatgpt-vs-claude" },
];

/** The page is no wider than the screen: nothing makes the whole page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, "the page scrolls sideways").toBeLessThanOrEqual(innerWidth);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${device} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test("home shows the first tool cards without scrolling, and the categories as one row", async ({ page }) => {
      await page.goto("/");
      const firstCard = page.getByRole("main").locator('a[href^="/tool/"]').first();
      const box = await firstCard.boundingBox();
      expect(box, "a tool card link").not.toBeNull();
      expect(box!.y, "the first tool card starts above the fold").toBeLessThan(viewport.height);
      const chips = page.getByRole("navigation", { name: "Filter by category" }).getByRole("link");
      const tops = new Set(
        await chips.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top))),
      );
      expect(tops.size, "category chips on one row").toBe(1);
    });

    for (const { name, path } of PUBLIC_PAGES) {
      test(`${name} page fits the screen`, async ({ page }, testInfo) => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await photograph(page, testInfo, `${name}-${device}`);
      });
    }

    test.describe("the admin area", () => {
      test.use({ storageState: adminStatePath() });
      test("dashboard and tool table fit the screen", async ({ page }, testInfo) => {
        for (const [name, path] of [
          ["admin-dashboard", "/admin"],
          ["admin-tools", "/admin/tools"],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expectNoSidewaysScroll(page);
          await photograph(page, testInfo, `${name}-${device}`);
        }
      });

      test("the account menu opens under its button, inside the screen, on the public and admin pages", async ({
        page,
      }, testInfo) => {
        for (const [name, path] of [
          ["account-menu", "/"],
          ["admin-account-menu", "/admin"],
        ] as const) {
          await page.goto(path);
          const button = page.getByRole("banner").getByRole("button", { name: /^Account menu for / });
          await button.click();
          const menu = page.getByRole("menu");
          await expect(menu).toBeVisible();
          const [buttonBox, menuBox] = [await button.boundingBox(), await menu.boundingBox()];
          expect(menuBox!.y, "the menu starts below the button").toBeGreaterThanOrEqual(
            buttonBox!.y + buttonBox!.height,
          );
          expect(menuBox!.y - (buttonBox!.y + buttonBox!.height), "and close under it").toBeLessThan(16);
          expect(
            Math.abs(menuBox!.x + menuBox!.width - (buttonBox!.x + buttonBox!.width)),
            "right edges aligned",
          ).toBeLessThan(2);
          expect(menuBox!.x, "inside the screen").toBeGreaterThanOrEqual(0);
          await photograph(page, testInfo, `${name}-${device}`);
          await page.keyboard.press("Escape");
          await expect(menu).toBeHidden();
        }
      });
    });
  });
}
