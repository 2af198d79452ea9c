import type { Page, Route } from "@playwright/test";
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
