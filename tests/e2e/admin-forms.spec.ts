import type { Dialog, Locator, Page } from "@playwright/test";
import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

// What the admin forms share beyond their fields: a warning before unsaved edits are thrown away
// (a move inside the app, or the tab closed), a Save/Cancel bar kept in view on long forms that
// never hides the field being typed in, and forms that still post without JavaScript.

test.use({ storageState: adminStatePath() });

const UNSAVED_QUESTION = "You have unsaved changes. Leave this page and discard them?";

/** Every browser dialog the page opens, answered by `answer` (accept unless told otherwise). */
function recordDialogs(page: Page, answer: (dialog: Dialog) => "accept" | "dismiss" = () => "accept") {
  const seen: { type: string; message: string }[] = [];
  page.on("dialog", async (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    await (answer(dialog) === "accept" ? dialog.accept() : dialog.dismiss());
  });
  return seen;
}

async function openNewToolForm(page: Page) {
  await page.goto("/admin/tools/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add New Tool" })).toBeVisible();
}

async function openNewArticleForm(page: Page) {
  await page.goto("/admin/articles/new");
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
}

test.describe("leaving a form with unsaved edits", () => {
  test("Cancel on an untouched tool form leaves without asking", async ({ page }) => {
    const dialogs = recordDialogs(page);
    await openNewToolForm(page);
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/admin/tools");
    expect(dialogs).toEqual([]);
  });

  test("Cancel after an edit asks first: staying keeps the edit, confirming leaves and asks nothing more", async ({
    page,
  }) => {
    let answer: "accept" | "dismiss" = "dismiss";
    const dialogs = recordDialogs(page, () => answer);
    await openNewToolForm(page);
    await page.getByLabel("Name", { exact: true }).fill("Half a tool");

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => dialogs).toEqual([{ type: "confirm", message: UNSAVED_QUESTION }]);
    await expect(page).toHaveURL("/admin/tools/new");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Half a tool");

    answer = "accept";
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL("/admin/tools");
    await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
    expect(dialogs).toHaveLength(2);
  });

  test("the browser's Back button asks too, and an edit typed back to what it was is no edit", async ({ page }) => {
    const dialogs = recordDialogs(page, () => "dismiss");
    await page.goto("/admin/tools");
    await page.getByRole("link", { name: "Add New Tool" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Add New Tool" })).toBeVisible();
    const name = page.getByLabel("Name", { exact: true });
    await name.fill("Typed");

    await page.goBack();
    await expect.poll(() => dialogs).toHaveLength(1);
    await expect(page).toHaveURL("/admin/tools/new");
    await expect(name).toHaveValue("Typed");

    await name.fill("");
    await page.goBack();
    await expect(page).toHaveURL("/admin/tools");
    expect(dialogs).toHaveLength(1);
  });

  test("a refused save keeps the warning; a successful one leaves without asking", async ({ page }) => {
    const dialogs = recordDialogs(page, () => "dismiss");
    await openNewToolForm(page);
    const name = `Unsaved Guard ${Date.now()}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Failed to create tool: Please correct the highlighted fields");

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect.poll(() => dialogs).toHaveLength(1);
    await expect(page).toHaveURL("/admin/tools/new");

    await page.getByLabel("Category", { exact: true }).selectOption("Writing");
    await page.getByLabel("Description", { exact: true }).fill("<p>Checks that saving never asks.</p>");
    await page.getByLabel("Feature 1", { exact: true }).fill("Guards");
    await page.getByLabel("Tagline", { exact: true }).fill("Checks that saving never asks");
    await page.getByLabel("Pricing model", { exact: true }).selectOption("Free");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Tool created successfully");
    await expect(page).toHaveURL("/admin/tools");
    expect(dialogs).toHaveLength(1);

    // Tidy up: deleting posts from the untouched form and asks nothing either.
    await page.getByRole("searchbox", { name: "Search tools by name or category" }).fill(name);
    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
    await page.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this tool?" }).getByRole("button", { name: "Delete tool" }).click();
    await expectToast(page, "Tool deleted successfully");
    expect(dialogs).toHaveLength(1);
  });

  test("the article form asks before Back to Articles, and closing its tab asks the browser's question", async ({
    page,
  }) => {
    const dialogs = recordDialogs(page, (dialog) => (dialog.type() === "beforeunload" ? "accept" : "dismiss"));
    await openNewArticleForm(page);
    await page.getByLabel("Title", { exact: true }).fill("A draft in progress");

    await page.getByRole("link", { name: "Back to Articles" }).click();
    await expect.poll(() => dialogs).toEqual([{ type: "confirm", message: UNSAVED_QUESTION }]);
    await expect(page).toHaveURL("/admin/articles/new");

    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs.map((dialog) => dialog.type)).toEqual(["confirm", "beforeunload"]);
  });

  test("an untouched form closes and reloads without a question", async ({ page }) => {
    const dialogs = recordDialogs(page);
    await openNewArticleForm(page);
    await page.reload();
    await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
    await openNewToolForm(page);
    await page.close({ runBeforeUnload: true });
    expect(dialogs).toEqual([]);
  });
});

/**
 * Where the focused element stands against the bar: "above" when the part of the window above the
 * bar shows it (a tall one, the article's editor, at least its start), "in the bar", or what is wrong.
 */
function focusedPlace(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const bar = document.querySelector("[data-form-actions]")!;
    if (bar.contains(element)) return "in the bar";
    const barTop = bar.getBoundingClientRect().top;
    const { top, bottom, height } = element.getBoundingClientRect();
    const name = element.getAttribute("aria-label") || element.id || element.tagName;
    if (top < 0) return `${name} starts above the window`;
    if (height <= 200 ? bottom > barTop + 0.5 : top > barTop - 40) return `${name} is under the bar`;
    return "above";
  });
}

/** Tabs from `first` to `last`, checking each field reached is shown above the bar. */
async function tabThroughTo(page: Page, first: Locator, last: Locator) {
  await first.focus();
  for (let step = 0; step < 80; step += 1) {
    if (await last.evaluate((element) => element === document.activeElement)) return step;
    await page.keyboard.press("Tab");
    await expect.poll(() => focusedPlace(page)).toMatch(/^(above|in the bar)$/);
  }
  throw new Error("Tab never reached the last field");
}

test.describe("the Save/Cancel bar on a long form", () => {
  test("stays in view at the bottom of the window while the form scrolls", async ({ page }) => {
    await openNewArticleForm(page);
    const save = page.getByRole("button", { name: "Save Article" });
    await expect(save).toBeInViewport();
    await page.getByLabel("URL Slug", { exact: true }).scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    await page.getByLabel("Title", { exact: true }).scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();

    await openNewToolForm(page);
    await expect(page.getByRole("button", { name: "Save", exact: true })).toBeInViewport();
    await expect(page.getByRole("link", { name: "Cancel" })).toBeInViewport();
  });

  test("never hides the field reached with the keyboard", async ({ page }) => {
    await openNewArticleForm(page);
    const steps = await tabThroughTo(
      page,
      page.getByLabel("Title", { exact: true }),
      page.getByLabel("URL Slug", { exact: true }),
    );
    expect(steps).toBeGreaterThan(10);

    await openNewToolForm(page);
    await tabThroughTo(page, page.getByLabel("Name", { exact: true }), page.getByLabel("Con 1", { exact: true }));
  });

  test("moves nothing on the page: no layout shift while it loads and scrolls", async ({ page }) => {
    await openNewArticleForm(page);
    await page.mouse.wheel(0, 2000);
    await expect(page.getByLabel("URL Slug", { exact: true })).toBeInViewport();
    await page.mouse.wheel(0, -2000);
    await expect(page.getByLabel("Title", { exact: true })).toBeInViewport();
    // Each shift with what moved: a failure names the element and its rectangles.
    const shifts = await page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          type Shift = PerformanceEntry & {
            value: number;
            sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          };
          const describe = (entry: Shift) =>
            `${entry.value.toFixed(5)}: ${entry.sources
              .map(({ node, previousRect: a, currentRect: b }) => {
                const element = node instanceof Element ? node : node?.parentElement;
                const name = element ? `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}` : "?";
                return `${name} ${a.x},${a.y} ${a.width}x${a.height} -> ${b.x},${b.y} ${b.width}x${b.height}`;
              })
              .join("; ")}`;
          new PerformanceObserver((list) =>
            resolve(list.getEntries().map((entry) => describe(entry as Shift))),
          ).observe({
            type: "layout-shift",
            buffered: true,
          });
          // No entry at all is no shift: the observer reports buffered entries at once when there are any.
          requestAnimationFrame(() => requestAnimationFrame(() => resolve([])));
        }),
    );
    expect(shifts).toEqual([]);
  });

  for (const colorScheme of ["light", "dark"] as const) {
    test(`over the form's fields has no serious accessibility violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openNewArticleForm(page);
      // Halfway down, so the bar lies over fields as it does while the admin works.
      await page.getByLabel("Excerpt", { exact: true }).scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Chromium logs the refused save's 400 document in the console: that line is the refusal under test.
  test.afterEach(({ browserErrors, baseURL }, testInfo) => {
    const path = testInfo.title.includes("tool") ? "/admin/tools/new" : "/admin/articles/new";
    const line = `console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) (${baseURL}${path}:0)`;
    const index = browserErrors.indexOf(line);
    if (index >= 0) browserErrors.splice(index, 1);
  });

  test("a refused save of the tool form shows the messages and keeps what was typed", async ({ page }) => {
    await page.goto("/admin/tools/new");
    await page.getByLabel("Name", { exact: true }).fill("No script tool");
    await page.getByLabel("SEO Title", { exact: true }).fill("Kept title");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Category is required", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("No script tool");
    await expect(page.getByLabel("SEO Title", { exact: true })).toHaveValue("Kept title");
  });

  test("a refused save of the article form shows the messages and keeps what was typed", async ({ page }) => {
    await page.goto("/admin/articles/new");
    await page.getByLabel("Title", { exact: true }).fill("No script article");
    await page.getByLabel("Read Time", { exact: true }).fill("3 min read");
    await page.getByLabel("Meta Title", { exact: true }).fill("Kept meta");
    await page.getByRole("button", { name: "Save Article" }).click();
    await expect(page.getByText("Author is required", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("No script article");
    await expect(page.getByLabel("Read Time", { exact: true })).toHaveValue("3 min read");
    await expect(page.getByLabel("Meta Title", { exact: true })).toHaveValue("Kept meta");
  });
});
