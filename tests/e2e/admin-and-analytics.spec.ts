import type { Page } from "@playwright/test";
import { analyticsHits } from "../fakes/control-client";
import {
  accountMenuButton,
  adminSetupToken,
  openAccountMenu,
  signInControl,
  signUpAndConfirm,
  uniqueEmail,
} from "./accounts-support";
import { adminEmail, adminStatePath } from "./admin-support";
import { FAKE_ANALYTICS_ORIGIN } from "./support";
import { expect, test } from "./fixtures";

// The server runs with ANALYTICS_SCRIPT_URL=<the fake analytics origin>/script.js and
// ANALYTICS_SITE_ID=e2e-site (playwright.config.ts), served by tests/fakes/analytics.ts.
const ANALYTICS_ORIGIN = FAKE_ANALYTICS_ORIGIN;
const SCRIPT_URL = `${ANALYTICS_ORIGIN}/script.js?site_id=e2e-site`;

/** Every request the page makes to the analytics host from now on. */
function watchAnalyticsRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.url().startsWith(`${ANALYTICS_ORIGIN}/`)) urls.push(request.url());
  });
  return urls;
}

async function siteHits(): Promise<number> {
  return (await analyticsHits()).filter((hit) => hit.siteId === "e2e-site").length;
}

/** How many times the fake script ran in this document (it counts itself). */
const scriptRuns = (page: Page) =>
  page.evaluate(() => (window as { __aitlasAnalyticsLoaded?: number }).__aitlasAnalyticsLoaded);

/** A fresh document at `path` carries the script in its HTML, loads it once, and the fake records the site id. */
async function expectTracked(page: Page, path: string) {
  const hitsBefore = await siteHits();
  const requests = watchAnalyticsRequests(page);
  const response = await page.goto(path);
  expect(await response!.text()).toContain(SCRIPT_URL);
  await expect.poll(() => scriptRuns(page), { message: "the tracking script ran" }).toBe(1);
  expect(requests).toEqual([SCRIPT_URL]);
  // Other workers' visitors load the script too, so the count can only be said to have grown.
  await expect.poll(siteHits, { message: "the analytics server recorded the site id" }).toBeGreaterThan(hitsBefore);
}

test.describe("the administrator", () => {
  test.use({ storageState: adminStatePath() });

  test("sees 'Admin Dashboard' and is never tracked; the setup link is spent", async ({ page }) => {
    // admin.setup.ts redeemed the link and saved this session.
    const email = adminEmail();
    await page.goto("/");
    const menu = await openAccountMenu(page, email);
    await expect(menu.getByRole("menuitem")).toHaveText([
      "Admin Dashboard",
      "Saved Tools",
      "My submissions",
      "Account",
      "Sign out",
    ]);
    await expect(menu.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveAttribute("href", "/admin");
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    // The server leaves the script out of an administrator's pages: it is not in the HTML and no
    // request for it leaves the browser. (The fake's own count cannot show this while other workers'
    // visitors load the script at the same time; the browser's requests can.)
    const requests = watchAnalyticsRequests(page);
    // The admin area last but one: its top bar has no public navigation (decision 104), and the
    // About link below is the public header's.
    for (const path of ["/", "/tool/chatgpt", "/admin", "/blog"]) {
      const html = await (await page.goto(path))!.text();
      expect(html, path).not.toContain("site_id=e2e-site");
      expect(html, path).not.toContain(ANALYTICS_ORIGIN);
      await expect(accountMenuButton(page, email)).toBeVisible();
      expect(await scriptRuns(page), path).toBeUndefined();
    }
    await page.getByRole("banner").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await scriptRuns(page)).toBeUndefined();
    expect(requests).toEqual([]);

    // Spent: the link now only says so.
    await page.goto(`/setup/admin?token=${encodeURIComponent(adminSetupToken())}`);
    await expect(page.getByText("This setup link is invalid, expired or already used.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create administrator" })).toHaveCount(0);
  });
});

test("a signed-in user who is not an administrator is tracked, has no 'Admin Dashboard' and is sent away from /admin", async ({
  page,
}) => {
  const email = uniqueEmail("member");
  await signUpAndConfirm(page, email);
  const menu = await openAccountMenu(page, email);
  await expect(menu.getByRole("menuitem")).toHaveText(["Saved Tools", "My submissions", "Account", "Sign out"]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();

  await expectTracked(page, "/about");
  await expect(accountMenuButton(page, email)).toBeVisible();

  // The admin area refuses on the server: pages send the user home, data requests get 403.
  for (const path of ["/admin", "/admin/tools", "/admin/tools/new", "/admin/articles/new"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL("/");
    await expect(accountMenuButton(page, email)).toBeVisible();
  }
  const refused = await page.request.get("/admin/tools.data");
  expect(refused.status()).toBe(403);
  expect(await refused.text()).not.toContain("Quill");
});

test("an anonymous visitor is tracked and has no account menu", async ({ page }) => {
  await expectTracked(page, "/");
  await expect(signInControl(page)).toBeVisible();
  await expect(page.getByRole("button", { name: /^Account menu for / })).toHaveCount(0);
  await expect(page.getByText("Admin Dashboard")).toHaveCount(0);

  // No session, no admin area: the page request goes home, a data request gets 403.
  await page.goto("/admin/articles");
  await expect(page).toHaveURL("/");
  expect((await page.request.get("/admin.data")).status()).toBe(403);
});

test("a tracking script that fails to load is reported in the console only", async ({
  page,
  baseURL,
  browserErrors,
}) => {
  await page.route(`${ANALYTICS_ORIGIN}/**`, (route) => route.abort());
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // Two expected lines: Chromium's own report of the failed request, and the page's message
  // (logged from the inline loader in the page's head, hence the page's address as its place).
  const failedRequest = `console.error: Failed to load resource: net::ERR_FAILED (${SCRIPT_URL}:0)`;
  const pageMessage = new RegExp(`^console\\.error: Failed to load tracking script \\(${baseURL}/blog:\\d+\\)$`);
  await expect
    .poll(() => browserErrors.some((line) => pageMessage.test(line)), { message: "the page logs the failure" })
    .toBe(true);
  await expect
    .poll(() => browserErrors.includes(failedRequest), { message: "Chromium reports the failed request" })
    .toBe(true);
  expect(
    browserErrors.filter((line) => line !== failedRequest && !pageMessage.test(line)),
    "no other error",
  ).toEqual([]);
  browserErrors.length = 0;

  // The visitor sees nothing of it.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});
