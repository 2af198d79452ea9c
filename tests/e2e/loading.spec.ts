import type { Page, Route } from "@playwright/test";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";

/**
 * Holds every route-data request (`*.data`, how React Router fetches a page's loader data on a
 * client navigation) until the test releases it, so the placeholder can be seen deterministically.
 */
async function holdPageData(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname.endsWith(".data"),
    async (route: Route) => {
      held += 1;
      await released;
      await route.continue();
    },
  );
  return { release, heldCount: () => held };
}

test("a tool page shows its placeholder while its data loads", async ({ page }) => {
  await page.goto("/");
  const data = await holdPageData(page);
  await page.getByRole("region", { name: "All AI Tools" }).getByRole("link", { name: "ChatGPT" }).click();

  const skeleton = page.getByTestId("tool-skeleton");
  await expect(skeleton).toBeVisible();
  // The route handler runs asynchronously: the placeholder can show before it has counted the request.
  await expect.poll(() => data.heldCount()).toBeGreaterThan(0);
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveCount(0);

  data.release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("ChatGPT");
  await expect(skeleton).toHaveCount(0);
});

test("an article page shows its placeholder while its data loads", async ({ page }) => {
  await page.goto("/");
  const data = await holdPageData(page);
  await page.getByRole("region", { name: "Latest Articles" }).getByRole("listitem").getByRole("link").first().click();

  const skeleton = page.getByTestId("article-skeleton");
  await expect(skeleton).toBeVisible();
  data.release();
  await expect(page).toHaveURL(/\/article\//);
  await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toBeVisible();
  await expect(skeleton).toHaveCount(0);
});

test("a category page shows three tool placeholders while its data loads", async ({ page }) => {
  await page.goto("/tool/chatgpt");
  const data = await holdPageData(page);
  await page.getByRole("contentinfo").getByRole("link", { name: "Writing" }).click();

  const skeletons = page.getByTestId("tool-skeletons");
  await expect(skeletons).toBeVisible();
  await expect(skeletons.getByRole("listitem", { includeHidden: true })).toHaveCount(3);
  data.release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Writing Tools");
  await expect(skeletons).toHaveCount(0);
});

test("the home page shows six tool and two article placeholders while its data loads", async ({ page }) => {
  await page.goto("/about");
  const data = await holdPageData(page);
  await page.getByRole("banner").getByRole("link", { name: "Tools" }).click();

  await expect(page.getByTestId("tool-skeletons").getByRole("listitem", { includeHidden: true })).toHaveCount(6);
  await expect(page.getByTestId("article-skeletons").getByRole("listitem", { includeHidden: true })).toHaveCount(2);
  data.release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover the Best AI Tools");
  await expect(page.getByTestId("tool-skeletons")).toHaveCount(0);
});

test("the blog shows article placeholders while its data loads", async ({ page }) => {
  await page.goto("/");
  const data = await holdPageData(page);
  await page.getByRole("banner").getByRole("link", { name: "Blog" }).click();

  await expect(page.getByTestId("article-skeletons")).toBeVisible();
  data.release();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  await expect(page.getByTestId("article-skeletons")).toHaveCount(0);
});

test.describe("the admin area", () => {
  test.use({ storageState: adminStatePath() });

  test("entering it shows a spinner while the server checks the role, moving within it keeps the navigation", async ({
    page,
  }) => {
    await page.goto("/");
    const data = await holdPageData(page);
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menuitem", { name: "Admin Dashboard" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Checking access..." })).toBeVisible();
    await expect.poll(() => data.heldCount()).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toHaveCount(0);
    data.release();
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    // The admin area's own chrome: a top bar with View site, and no public header nor footer (decision 104).
    await expect(page.getByRole("banner").getByRole("link", { name: "View site" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await page.unroute((url) => url.pathname.endsWith(".data"));

    const next = await holdPageData(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Tools" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
    next.release();
    await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
  });

  test("a session that ends while the admin area is open is sent home on the next click", async ({
    page,
    browserErrors,
    baseURL,
  }) => {
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    // The cookies go (as when the session expires); the page still shows the admin navigation.
    await page.context().clearCookies();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Articles" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Discover the Best AI Tools" })).toBeVisible();

    // The refused data request (403) is the refusal under test; Chromium reports it in the console
    // (the address may carry React Router's ?_routes= list). The click focuses the window, and the
    // session check on focus (app/lib/session-sync.ts) may reload the dashboard's data first: its
    // refusal sends the tab home the same way, so either admin data request may be the one refused.
    const refused = new RegExp(
      `^console\\.error: Failed to load resource: the server responded with a status of 403 \\(Forbidden\\) \\(${baseURL}/admin(/articles)?\\.data[^)]*\\)$`,
    );
    await expect.poll(() => browserErrors.filter((line) => refused.test(line)).length).toBeGreaterThan(0);
    browserErrors.splice(0, browserErrors.length, ...browserErrors.filter((line) => !refused.test(line)));
  });
});
