import type { Browser, BrowserContext, Page } from "@playwright/test";
import {
  accountMenuButton,
  authDialog,
  createConfirmedAccount,
  expectToast,
  fromClientAddress,
  openAccountMenu,
  PASSWORD,
  uniqueEmail,
} from "./accounts-support";
import { rulesFor, seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { demoTool, toolCards } from "./support";

// Saving changes the public "Saved by N people" line of a tool page, so this spec runs with the
// specs that change public content (playwright.config.ts). Wysa, Abridge and Cleo: no other spec
// asserts anything of their tool pages. The server rate-limits sign-ups per address: one account,
// made over HTTP (signing up is accounts.spec.ts's subject), from a client address of its own.
const CLIENT = fromClientAddress("203.0.113.22");
test.use({ extraHTTPHeaders: CLIENT });

const WYSA = demoTool("wysa");
const ABRIDGE = demoTool("abridge");
const CLEO = demoTool("cleo");

/** The tool page's toggle: a button "Save"/"Saved" (aria-pressed) when signed in, a link "Save" when not. */
const pageToggle = (page: Page) =>
  page
    .getByRole("article")
    .locator("header")
    .getByRole("button", { name: /^Saved?$/ })
    .or(page.getByRole("article").locator("header").getByRole("link", { name: "Save", exact: true }));

const savedBy = (page: Page) =>
  page
    .getByRole("article")
    .locator("header")
    .getByText(/^(Saved by|Not saved by)/);

/** A second browser context without JavaScript, signed in as `from`'s user when given. */
async function noScriptContext(browser: Browser, from?: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({
    extraHTTPHeaders: CLIENT,
    javaScriptEnabled: false,
    storageState: from ? await from.storageState() : undefined,
  });
}

const savedRows = (page: Page) => page.getByRole("main").getByRole("list").last().getByRole("listitem");
const savedNames = (page: Page) => savedRows(page).getByRole("link");

test("a signed-out save finishes after sign-in; saving works with and without JavaScript; /saved sorts, removes and compares", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("saver");
  // Made and signed in on a request context of its own: the page starts signed out.
  await createConfirmedAccount(request, baseURL, email);

  await test.step("signed out, Save opens the sign-in dialog; signing in finishes the save", async () => {
    await page.goto(`/tool/${WYSA.slug}`);
    await expect(savedBy(page)).toHaveText("Not saved by anyone yet");
    await pageToggle(page).click();
    await expectToast(page, "Authentication required", "Please sign in to save tools");
    const dialog = authDialog(page, "Sign in to your account");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(accountMenuButton(page, email)).toBeVisible();
    await expectToast(page, "Saved", "Added to your saved tools");
    await expect(page).toHaveURL(`/tool/${WYSA.slug}`);
    await expect(pageToggle(page)).toHaveText("Saved");
    await expect(pageToggle(page)).toHaveAttribute("aria-pressed", "true");
    await expect(savedBy(page)).toHaveText("Saved by 1 person");
  });

  await test.step("with JavaScript the toggle removes and saves in place", async () => {
    await pageToggle(page).click();
    await expectToast(page, "Removed", "Removed from your saved tools");
    await expect(pageToggle(page)).toHaveAttribute("aria-pressed", "false");
    await expect(pageToggle(page)).toHaveText("Save");
    await expect(savedBy(page)).toHaveText("Not saved by anyone yet");
    await pageToggle(page).click();
    await expectToast(page, "Saved", "Added to your saved tools");
    await expect(pageToggle(page)).toHaveAttribute("aria-pressed", "true");
    await expect(savedBy(page)).toHaveText("Saved by 1 person");
  });

  await test.step("without JavaScript, signed out: sign in, then confirm the save", async () => {
    const context = await noScriptContext(browser);
    const plain = await context.newPage();
    await plain.goto(`/tool/${ABRIDGE.slug}`);
    await pageToggle(plain).click();
    await expect(plain).toHaveURL(/\/sign-in\?redirectTo=/);
    await plain.getByLabel("Email").fill(email);
    await plain.getByLabel("Password").fill(PASSWORD);
    await plain.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(plain).toHaveURL(`/tool/${ABRIDGE.slug}?save=${ABRIDGE.slug}`);
    const finish = plain.getByRole("region", { name: "Finish saving" });
    await expect(finish).toContainText(`Save ${ABRIDGE.name} to your saved tools?`);
    await finish.getByRole("button", { name: `Save ${ABRIDGE.name}` }).click();
    await expect(plain).toHaveURL(`/tool/${ABRIDGE.slug}`);
    await expect(plain.getByRole("status")).toHaveText("Saved Added to your saved tools");
    await expect(pageToggle(plain)).toHaveAttribute("aria-pressed", "true");
    await expect(savedBy(plain)).toHaveText("Saved by 1 person");

    await test.step("and the toggle posts and comes back with the new state", async () => {
      await pageToggle(plain).click();
      await expect(plain).toHaveURL(`/tool/${ABRIDGE.slug}`);
      await expect(pageToggle(plain)).toHaveAttribute("aria-pressed", "false");
      await expect(savedBy(plain)).toHaveText("Not saved by anyone yet");
      await pageToggle(plain).click();
      await expect(pageToggle(plain)).toHaveAttribute("aria-pressed", "true");
    });
    await context.close();
  });

  await test.step("a card's toggle saves in place, beside the card's link", async () => {
    await page.goto(`/category/${CLEO.category}`);
    const card = toolCards(page).filter({ hasText: CLEO.name });
    const toggle = card.getByRole("button", { name: `Save ${CLEO.name}`, exact: true });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expectToast(page, "Saved", "Added to your saved tools");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step("/saved from the account menu: sorted lists", async () => {
    const menu = await openAccountMenu(page, email);
    await menu.getByRole("menuitem", { name: "Saved Tools" }).click();
    await expect(page).toHaveURL("/saved");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saved Tools");
    await expect(savedNames(page)).toHaveText([CLEO.name, ABRIDGE.name, WYSA.name]);
    const sorts = page.getByRole("navigation", { name: "Sort saved tools" });
    await expect(sorts.getByRole("link", { name: "Recently saved" })).toHaveAttribute("aria-current", "page");
    await sorts.getByRole("link", { name: "Name" }).click();
    await expect(page).toHaveURL("/saved?sort=name");
    await expect(savedNames(page)).toHaveText([ABRIDGE.name, CLEO.name, WYSA.name]);
    await sorts.getByRole("link", { name: "Top rated" }).click();
    await expect(page).toHaveURL("/saved?sort=top-rated");
    await expect(sorts.getByRole("link", { name: "Top rated" })).toHaveAttribute("aria-current", "page");
    await expect(savedNames(page)).toHaveCount(3);
  });

  await test.step("no serious accessibility violations, light and dark", async () => {
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect(await seriousViolations(page, { rules: rulesFor(colorScheme) })).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: "light" });
  });

  await test.step("Remove takes a tool off the list", async () => {
    await page.getByRole("button", { name: `Remove ${CLEO.name}` }).click();
    await expectToast(page, "Removed", "Removed from your saved tools");
    await expect(savedNames(page)).toHaveCount(2);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  });

  await test.step("'Compare these' needs 2 to 4 tools and opens the comparison", async () => {
    const compare = page.getByRole("button", { name: "Compare these" });
    await expect(compare).toBeDisabled();
    await page.getByRole("checkbox", { name: `Compare ${WYSA.name}` }).check();
    await expect(compare).toBeDisabled();
    await page.getByRole("checkbox", { name: `Compare ${ABRIDGE.name}` }).check();
    await expect(compare).toBeEnabled();
    await compare.click();
    await expect(page).toHaveURL(`/compare/${ABRIDGE.slug}-vs-${WYSA.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(ABRIDGE.name);
  });
});

test("/saved sends a visitor to sign in and back", async ({ page }) => {
  await page.goto("/saved");
  await expect(page).toHaveURL(`/sign-in?redirectTo=${encodeURIComponent("/saved")}`);
});
