import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";

// What people look for (issue 31, decision 162): the administrator searches the public site, once
// typed and submitted and once by address, and once for something the catalogue lacks; the
// dashboard, which writes this process's pending counts before it reads, then lists them with their
// counts. "voice cloning" is one of the demo's searches (app/server/db/demo/searches.server.ts), so
// the count is read before and compared after: other specs may search too, never this text.

test.use({ storageState: adminStatePath() });

const listItem = (page: Page, list: "top-searches" | "zero-result-searches", query: string) =>
  page
    .getByTestId(list)
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: query, exact: true }) });

async function countOf(page: Page, list: "top-searches" | "zero-result-searches", query: string) {
  const text = await listItem(page, list, query).locator("span").innerText();
  return Number(text.replace(/\D/g, ""));
}

/** Types a search on home and submits it, waiting for the request the search log counts. */
async function searchOnHome(page: Page, text: string) {
  const box = page.getByRole("main").getByRole("combobox", { name: "Search AI tools" });
  const counted = page.waitForResponse(
    (response) => new URL(response.url()).pathname === "/" && response.request().method() === "GET",
  );
  await box.fill(text);
  await box.press("Enter");
  expect((await counted).status()).toBe(200);
}

test("the dashboard lists the searches made on the site, with counts, and those that found nothing", async ({
  page,
}) => {
  await page.goto("/admin");
  const before = await countOf(page, "top-searches", "voice cloning");

  await page.goto("/");
  const box = page.getByRole("main").getByRole("combobox", { name: "Search AI tools" });
  // Results follow the typing; what was typed on the way is not a search of its own.
  await box.pressSequentially("voice clo");
  await expect(page).toHaveURL("/?q=voice+clo");
  await searchOnHome(page, "voice cloning");
  await expect(page).toHaveURL("/?q=voice+cloning");
  // The same search by address, in other case and spacing, is the same text.
  await page.goto("/?q=Voice%20%20Cloning");
  const nothing = `qzxv${randomBytes(3).toString("hex").replace(/\d/g, "k")}`;
  await searchOnHome(page, nothing);
  await expect(page.getByText("No tools found matching your criteria.")).toBeVisible();

  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Top searches (30 days)" })).toBeVisible();
  await expect(listItem(page, "top-searches", "voice cloning")).toContainText(`${before + 2} searches`);
  await expect(listItem(page, "zero-result-searches", nothing)).toContainText("1 search");
  await expect(page.getByRole("link", { name: "voice clo", exact: true })).toHaveCount(0);
  await expect(listItem(page, "zero-result-searches", "voice cloning")).toHaveCount(0);

  // Each text links to its search.
  await listItem(page, "zero-result-searches", nothing).getByRole("link").click();
  await expect(page).toHaveURL(`/?q=${nothing}`);
  await expect(page.getByText("No tools found matching your criteria.")).toBeVisible();
});
