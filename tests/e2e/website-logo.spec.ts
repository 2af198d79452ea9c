import type { Page } from "@playwright/test";
import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";
import { createToolWithWebsite, slugOf } from "./tool-form-support";
import { FAKE_WEBSITES_ORIGIN } from "./support";

// "Fetch logo from website" (decision 103): a tool whose website names an apple-touch-icon gets it
// as its logo, re-encoded and shown on the public page; a website with nothing usable says so and
// keeps the monogram. The websites are the loopback fake's /with-icons/... and a plain page; the
// server runs with OUTBOUND_ALLOW_PRIVATE=true so that it may reach them.

test.use({ storageState: adminStatePath() });

/** Adds a tool with this website and opens its form, the page's scripts running. */
async function createToolAndEdit(page: Page, name: string, website: string) {
  await createToolWithWebsite(page, name, website);
  await page.goto(`/admin/tools?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
  // The button posts through a fetcher once the page runs; before that it would post the page itself.
  await page.waitForFunction(() => "__reactRouterDataRouter" in window);
}

test("an administrator fetches a tool's logo from its website; a website without one says so", async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(90_000);
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const name = `Iconfile ${Date.now()}`;
  const slug = slugOf(name);
  await createToolAndEdit(page, name, `${FAKE_WEBSITES_ORIGIN}/with-icons/${slug}`);
  const logoUrl = page.getByLabel("Logo URL", { exact: true });
  await expect(logoUrl).toHaveValue("");

  await page.getByRole("button", { name: "Fetch logo from website" }).click();
  await expectToast(page, "Logo fetched from the website");
  await expect(logoUrl).toHaveValue(/^\/uploads\/tool-logos\/[0-9a-f-]{36}\.webp$/);
  const stored = await logoUrl.inputValue();
  await expect(page.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", stored);
  // Saved at once: the public page shows it without a Save.
  expect(await (await anonymous.get(`/tool/${slug}`)).text()).toContain(stored);
  // Saving the form afterwards keeps it.
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tool updated successfully");
  expect(await (await anonymous.get(`/tool/${slug}`)).text()).toContain(stored);

  const plain = `Plainfile ${Date.now()}`;
  await createToolAndEdit(page, plain, `${FAKE_WEBSITES_ORIGIN}/no-icons/${slugOf(plain)}`);
  await page.getByRole("button", { name: "Fetch logo from website" }).click();
  await expectToast(page, "No usable logo found on the website");
  await expect(page.getByLabel("Logo URL", { exact: true })).toHaveValue("");
  // The refusal is a 422 answer, which Chromium logs: that line is the outcome under test.
  const refusal = browserErrors.find((line) => line.includes("status of 422"));
  expect(refusal).toBeDefined();
  browserErrors.splice(browserErrors.indexOf(refusal!), 1);
});
