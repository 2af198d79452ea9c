import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { toolCards } from "./support";

// Issue 32: the fact filters with their counts, the filters' sheet on a phone, and the compare
// page's fact rows. Which tools have which facts is the integration tests' business
// (fact-filters.integration.test.ts); here a browser checks what a visitor sees and does.

const PHONE = { width: 390, height: 844 };

/** The list's own section (home also lists articles as cards). */
const toolList = (page: Page) => page.getByRole("main").locator('section[aria-labelledby$="tools-heading"]');
/** "12 tools", the count line beside the list's heading. */
const countLine = (page: Page) => page.getByRole("main").locator("p[aria-live=polite]");

/** The number a filter choice shows beside its label ("API 12 tools" -> 12). */
async function countBeside(choice: Locator): Promise<number> {
  const name = (await choice.textContent()) ?? "";
  const match = /(\d[\d,]*)\+? tools?$/.exec(name.trim());
  expect(match, `a count beside “${name}”`).not.toBeNull();
  return Number(match![1]!.replace(/,/g, ""));
}

async function expectWholeOnScreen(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, "the element has a box").not.toBeNull();
  expect(box!.y, "its top is on the screen").toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height, "its bottom is on the first screen").toBeLessThanOrEqual(PHONE.height);
  expect(box!.x + box!.width, "and it is no wider than the screen").toBeLessThanOrEqual(PHONE.width);
}

test.describe(`on a ${PHONE.width}x${PHONE.height} phone`, () => {
  test.use({ viewport: PHONE });

  for (const [name, path] of [
    ["home", "/"],
    ["a search", "/?q=writing"],
    ["a category", "/category/Writing"],
  ] as const) {
    test(`${name} shows its first tool card whole on the first screen`, async ({ page }) => {
      await page.goto(path);
      await expectWholeOnScreen(toolCards(toolList(page)).first());
    });
  }

  test("the filters open in a sheet from a button that counts the active ones, without and with the keyboard", async ({
    page,
  }) => {
    await page.goto("/?q=writing");
    const main = page.getByRole("main");
    const sheet = main.locator("details");
    const button = sheet.locator("summary");
    await expect(button).toHaveText("Filters");
    // Closed: the choices are not on the page yet.
    await expect(main.getByRole("group", { name: "Has" })).toBeHidden();

    await button.focus();
    await page.keyboard.press("Enter");
    const has = main.getByRole("group", { name: "Has" });
    await expect(has).toBeVisible();
    await expect(main.getByRole("group", { name: "Platform" })).toBeVisible();
    const api = has.getByRole("link", { name: /^API/ });
    const expected = await countBeside(api);
    await api.click();

    await expect(page).toHaveURL(/[?&]has=api(&|$)/);
    await expect(page).toHaveURL(/[?&]q=writing(&|$)/);
    await expect(button).toHaveText("Filters1 active");
    await expect(main.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /^API/ })).toBeVisible();
    await expect(toolCards(toolList(page))).toHaveCount(Math.min(expected, 24));
    for (const card of await toolCards(toolList(page)).all()) {
      await expect(card.getByText("API", { exact: true })).toBeVisible();
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the sheet opens and its filters are plain links", async ({ page }) => {
      await page.goto("/category/Writing");
      const main = page.getByRole("main");
      await main.locator("summary").click();
      await main.getByRole("group", { name: "Platform" }).getByRole("link", { name: /^Web/ }).click();
      await expect(page).toHaveURL("/category/Writing?platform=web");
      await expect(main.locator("summary")).toHaveText("Filters1 active");
      await expect(
        main.getByRole("list", { name: "Active filters" }).getByRole("link", { name: /^Web/ }),
      ).toBeVisible();
    });
  });

  test("compare keeps a pair in two columns with the names pinned while the table scrolls", async ({ page }) => {
    await page.goto("/compare/chatgpt-vs-claude");
    const table = page.getByRole("table");
    const names = table.getByRole("columnheader");
    await expect(names).toHaveText(["ChatGPT", "Claude"]);
    for (const name of await names.all()) {
      const box = await name.boundingBox();
      expect(box!.x + box!.width, "both columns fit the screen").toBeLessThanOrEqual(PHONE.width);
    }
    const [tableBox, regionBox] = [await table.boundingBox(), await page.getByRole("region").first().boundingBox()];
    expect(tableBox!.x + tableBox!.width, "the table fits its frame").toBeLessThanOrEqual(
      regionBox!.x + regionBox!.width,
    );
    await table.getByRole("rowheader", { name: /^Website/ }).scrollIntoViewIfNeeded();
    const header = await page.getByRole("banner").boundingBox();
    for (const name of await names.all()) {
      const box = await name.boundingBox();
      expect(box!.y, "the names stay under the site's header").toBeGreaterThanOrEqual(header!.y + header!.height - 1);
      expect(box!.y, "in view").toBeLessThan(header!.y + header!.height + 8);
    }
  });
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("has=api and has=open-source narrow the list to the tools with those facts, as counted", async ({ page }) => {
    await page.goto("/");
    const main = page.getByRole("main");
    // The sheet's button is for phones only.
    await expect(main.locator("summary")).toBeHidden();
    const has = main.getByRole("group", { name: "Has" });
    const api = has.getByRole("link", { name: /^API/ });
    const withApi = await countBeside(api);
    await api.click();
    await expect(page).toHaveURL("/?has=api");
    await expect(main.getByRole("heading", { level: 2, name: "AI Tools with an API" })).toBeVisible();
    await expect(countLine(page)).toHaveText(`${withApi} ${withApi === 1 ? "tool" : "tools"}`);
    await expect(toolCards(toolList(page))).toHaveCount(Math.min(withApi, 24));
    for (const card of await toolCards(toolList(page)).all()) {
      await expect(card.getByText("API", { exact: true })).toBeVisible();
    }

    // The counts follow the filter: open source beside an API already chosen.
    const openSource = has.getByRole("link", { name: /^Open source/ });
    const both = await countBeside(openSource);
    expect(both).toBeLessThanOrEqual(withApi);
    await openSource.click();
    await expect(page).toHaveURL("/?has=api&has=open-source");
    await expect(countLine(page)).toHaveText(`${both} ${both === 1 ? "tool" : "tools"}`);
    await expect(toolCards(toolList(page))).toHaveCount(Math.min(both, 24));
    for (const card of await toolCards(toolList(page)).all()) {
      await expect(card.getByText("API", { exact: true })).toBeVisible();
      await expect(card.getByText("Open source", { exact: true })).toBeVisible();
    }
  });

  test("compare shows the facts' rows, each value's source on hover and focus", async ({ page }) => {
    await page.goto("/compare/chatgpt-vs-claude");
    const table = page.getByRole("table");
    const rowHeaders = await table.getByRole("rowheader").allTextContents();
    const labels = rowHeaders.map((text) => text.replace(/Differs$/, ""));
    expect(labels).toEqual(
      expect.arrayContaining([
        "Free plan",
        "API",
        "Open source",
        "Self-hostable",
        "Platforms",
        "Trains on your data",
        "Certifications",
      ]),
    );
    const apiRow = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^API/ }) });
    const cells = apiRow.getByRole("cell");
    await expect(cells).toHaveCount(2);
    for (const cell of await cells.all()) {
      const source = cell.getByRole("link");
      if ((await source.count()) === 0) {
        // No fact recorded: said, never guessed.
        await expect(cell).toHaveText("Unknown");
        continue;
      }
      await expect(cell).toContainText(/Yes|No/);
      const tooltip = cell.getByRole("tooltip");
      await expect(tooltip).toBeHidden();
      await source.focus();
      await expect(tooltip).toBeVisible();
      await expect(tooltip).toHaveText(/^Source: \S+, checked \d{4}-\d{2}-\d{2}$/);
      await source.blur();
      await expect(tooltip).toBeHidden();
      await source.hover();
      await expect(tooltip).toBeVisible();
      await page.mouse.move(0, 0);
    }
  });
});
