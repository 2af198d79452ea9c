import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";

// An administrator runs the catalogue from the browser: a tool with an uploaded logo is created,
// found, edited and deleted, while an anonymous client (served from the page cache like any
// visitor) checks the public site after each save.

test.use({ storageState: adminStatePath() });

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** A real 400x300 PNG with a gradient, as a designer would export a logo. */
async function logoPng(): Promise<Buffer> {
  const width = 400;
  const height = 300;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i += 1) {
    pixels[i * 3] = (i % width) % 256;
    pixels[i * 3 + 1] = Math.floor(i / width) % 256;
    pixels[i * 3 + 2] = 180;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

async function publicText(anonymous: APIRequestContext, path: string) {
  const response = await anonymous.get(path);
  const text = await response.text();
  expect(text, "served to an anonymous visitor").not.toContain("Account menu for");
  return { status: response.status(), text };
}

test("an administrator creates a tool with an uploaded logo, sees it on the public site, edits and deletes it", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // An explicitly empty state: the file's admin storage state must not reach this client.
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const name = `Quillmate ${Date.now()}`;
  const slug = slugOf(name);
  const searchPath = `/?q=${encodeURIComponent(name)}`;
  // Cached as they are now; the save must still show on the next request.
  const toolLink = `href="/tool/${slug}"`;
  expect((await publicText(anonymous, searchPath)).text).not.toContain(toolLink);
  expect((await publicText(anonymous, `/tool/${slug}`)).status).toBe(404);

  await page.goto("/admin/tools");
  await expect(page.getByRole("heading", { level: 1, name: "Tools" })).toBeVisible();
  await expect(page.getByText(/^Showing \d+ of \d+ tools/)).toBeVisible();
  await page.getByRole("link", { name: "Add New Tool" }).click();
  await expect(page).toHaveURL("/admin/tools/new");
  await expect(page.getByRole("heading", { level: 1, name: "Add New Tool" })).toBeVisible();

  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption("Productivity");
  await page.getByLabel("Tagline", { exact: true }).fill("Turns meeting transcripts into notes and action items");
  await page
    .getByLabel("Description", { exact: true })
    .fill("<p>Drafts <strong>meeting notes</strong> from a transcript.</p>");
  await page.getByLabel("Website", { exact: true }).fill("https://quillmate.example");

  // The logo: uploaded, re-encoded on the server, previewed and its address put in the URL field.
  await page
    .getByLabel("Upload logo")
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng() });
  await expectToast(page, "Logo uploaded successfully");
  const logoUrl = page.getByLabel("Logo URL", { exact: true });
  await expect(logoUrl).toHaveValue(/^\/uploads\/tool-logos\/[0-9a-f-]{36}\.webp$/);
  const uploaded = await logoUrl.inputValue();
  await expect(page.getByRole("img", { name: "Logo preview" })).toHaveAttribute("src", uploaded);

  await page.getByLabel("Feature 1", { exact: true }).fill("Summaries in one click");
  await page.getByRole("button", { name: "Add feature" }).click();
  await page.getByLabel("Feature 2", { exact: true }).fill("Action items with owners");
  await page.getByLabel("Pro 1", { exact: true }).fill("Fast");
  await page.getByLabel("Con 1", { exact: true }).fill("English only");

  const pricing = page.getByRole("group", { name: "Pricing" });
  await pricing.getByRole("radio", { name: "Plans" }).check();
  const firstPlan = pricing.getByRole("group", { name: "Plan 1" });
  await firstPlan.getByLabel("Plan name").fill("Free");
  // The starting price is not typed: it is read from the plans as they are edited (decision 166).
  const startingPrice = page.getByTestId("starting-price-preview");
  await expect(startingPrice).toHaveText("Starting price: none (no plan states a price)");
  await firstPlan.getByLabel("Price").fill("$0");
  await expect(startingPrice).toHaveText("Starting price: Free (from the plans)");
  await firstPlan.getByLabel("Details").fill("Five meetings a month");

  // The plans suggest a pricing model; the admin takes the suggestion, and focus stays on the field.
  const pricingModel = page.getByLabel("Pricing model", { exact: true });
  await expect(pricingModel).toHaveValue("");
  await page.getByRole("button", { name: /^Suggested: Free\b/ }).click();
  await expect(pricingModel).toHaveValue("free");
  await expect(pricingModel).toBeFocused();

  // Tags: the filter narrows the list; a checked tag hidden by the filter stays checked.
  const tags = page.getByRole("group", { name: "Tags" });
  await tags.getByRole("checkbox", { name: "Summarization" }).check();
  await tags.getByRole("searchbox", { name: "Filter tags" }).fill("meet");
  await expect(tags.getByRole("checkbox", { name: "Chatbot" })).toBeHidden();
  await tags.getByRole("checkbox", { name: "Meeting notes" }).press("Space");
  await expect(tags.getByRole("checkbox", { name: "Meeting notes" })).toBeChecked();
  await expect(tags.getByText("2 of at most 10 chosen")).toBeVisible();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/admin/tools");
  await expectToast(page, "Tool created successfully");

  // Found in the table; View opens the public page in a new tab.
  await page.getByRole("searchbox", { name: "Search tools by name or category" }).fill(name);
  await expect(page.getByText(/^Showing 1 of 1 tool/)).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell")).toHaveText([name, "Productivity", "N/A", name, /^Edit .*View .*/]);
  const [tab] = await Promise.all([
    page.waitForEvent("popup"),
    row.getByRole("link", { name: `View ${name} (opens in a new tab)` }).click(),
  ]);
  await expect(tab).toHaveURL(`/tool/${slug}`);
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText(name);
  const logo = tab.getByRole("main").locator(`img[src="${uploaded}"]`).first();
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(tab.getByText("Five meetings a month")).toBeVisible();
  await tab.close();

  const served = await anonymous.get(uploaded);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await publicText(anonymous, searchPath)).text).toContain(toolLink);
  const created = await publicText(anonymous, `/tool/${slug}`);
  expect(created.status).toBe(200);
  expect(created.text).toContain("<strong>meeting notes</strong>");

  // Edit from the public page's shortcut: a list row removed, the description changed.
  await page.goto(`/tool/${slug}`);
  await page.getByRole("link", { name: "Edit Tool" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue(
    "Turns meeting transcripts into notes and action items",
  );
  await expect(page.getByLabel("Pricing model", { exact: true })).toHaveValue("free");
  await expect(page.getByTestId("starting-price-preview")).toHaveText("Starting price: Free (from the plans)");
  const editTags = page.getByRole("group", { name: "Tags" });
  await expect(editTags.getByRole("checkbox", { name: "Meeting notes" })).toBeChecked();
  await expect(editTags.getByRole("checkbox", { name: "Summarization" })).toBeChecked();
  await editTags.getByRole("checkbox", { name: "Summarization" }).uncheck();
  await page.getByRole("button", { name: "Remove feature 2" }).click();
  await expect(page.getByLabel("Feature 2", { exact: true })).toHaveCount(0);
  // The last row stays: its Remove does nothing.
  await expect(page.getByRole("button", { name: "Remove feature 1" })).toHaveAttribute("aria-disabled", "true");
  // Playwright waits for an aria-disabled control to become enabled; a user can click it anyway.
  await page.getByRole("button", { name: "Remove feature 1" }).click({ force: true });
  await expect(page.getByLabel("Feature 1", { exact: true })).toHaveValue("Summaries in one click");
  await page.getByLabel("Description", { exact: true }).fill("<p>Now writes follow-up emails too.</p>");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL("/admin/tools");
  await expectToast(page, "Tool updated successfully");
  await page.getByRole("searchbox", { name: "Search tools by name or category" }).fill(name);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await expect(
    page.getByRole("group", { name: "Tags" }).getByRole("checkbox", { name: "Summarization" }),
  ).not.toBeChecked();
  await expect(
    page.getByRole("group", { name: "Tags" }).getByRole("checkbox", { name: "Meeting notes" }),
  ).toBeChecked();
  await page.goto("/admin/tools");
  const edited = await publicText(anonymous, `/tool/${slug}`);
  expect(edited.text).toContain("Now writes follow-up emails too.");
  // The removed feature is gone from the facts; the page's History keeps it as the value before.
  const [facts, history] = edited.text.split('id="history-heading"');
  expect(facts).not.toContain("Action items with owners");
  expect(history).toContain("Action items with owners");

  // Deleted after confirming: gone from the public site.
  await page.getByRole("searchbox", { name: "Search tools by name or category" }).fill(name);
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this tool?" });
  await dialog.getByRole("button", { name: "Delete tool" }).click();
  await expect(page).toHaveURL("/admin/tools");
  await expectToast(page, "Tool deleted successfully");
  expect((await publicText(anonymous, `/tool/${slug}`)).status).toBe(404);
  expect((await publicText(anonymous, searchPath)).text).not.toContain(toolLink);
  await anonymous.dispose();
});

test("the tool form names every missing field", async ({ page }) => {
  await page.goto("/admin/tools/new");
  await page.getByLabel("Logo URL", { exact: true }).fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save" }).click();

  await expectToast(page, "Failed to create tool: Please correct the highlighted fields");
  for (const message of [
    "Name is required",
    "Category is required",
    "Description is required",
    "At least one feature is required",
    "Must be a valid URL",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL("/admin/tools/new");
});

test("a file that is not an image is refused whatever its name says", async ({ page, browserErrors, baseURL }) => {
  await page.goto("/admin/tools/new");
  await page.getByLabel("Upload logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await expectToast(page, "Failed to upload logo", "File must be an image (JPEG, PNG, or WebP)");
  await expect(page.getByLabel("Logo URL", { exact: true })).toHaveValue("");

  // Chromium reports the refused upload (415) in the console: that line is the refusal under test.
  const line = `console.error: Failed to load resource: the server responded with a status of 415 (Unsupported Media Type) (${baseURL}/admin/uploads/logo:0)`;
  await expect.poll(() => browserErrors.includes(line)).toBe(true);
  browserErrors.splice(browserErrors.indexOf(line), 1);
});

test("a reload of the record refreshes an untouched form and never overwrites unsaved edits", async ({
  page,
  context,
}) => {
  await page.goto("/admin/tools?q=Claude");
  const editUrl = await page.getByRole("link", { name: "Edit Claude" }).getAttribute("href");
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto(editUrl!);
    await expect(tab.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
  }
  const seoTitle = (tab: Page) => tab.getByLabel("SEO Title", { exact: true });
  const website = (tab: Page) => tab.getByLabel("Website", { exact: true });
  const originalTitle = await seoTitle(page).inputValue();
  const originalWebsite = await website(page).inputValue();
  const changedTitle = `${originalTitle} (saved elsewhere)`;

  /** Toggling the theme posts a form, after which React Router reloads every loader of the page. */
  async function reloadLoaders(tab: Page) {
    const reloaded = tab.waitForResponse(
      (response) => response.url().includes(".data") && response.request().method() === "GET",
    );
    await tab.getByRole("banner").getByRole("button", { name: /theme/ }).click();
    await reloaded;
  }

  // This tab has unsaved edits while the other saves a new SEO title: the reload keeps them all.
  await website(page).fill("https://claude.example/unsaved");
  await seoTitle(other).fill(changedTitle);
  await other.getByRole("button", { name: "Save" }).click();
  await expectToast(other, "Tool updated successfully");
  await reloadLoaders(page);
  await expect(website(page)).toHaveValue("https://claude.example/unsaved");
  await expect(seoTitle(page)).toHaveValue(originalTitle);

  // An untouched form takes the reloaded record: the other tab, reopened, sees this tab's save.
  await other.goto(editUrl!);
  await expect(seoTitle(other)).toHaveValue(changedTitle);
  await website(page).fill(originalWebsite);
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tool updated successfully");
  await reloadLoaders(other);
  await expect(seoTitle(other)).toHaveValue(originalTitle);
  await other.close();
});

test("a link followed right after typing in the search is not undone by the search", async ({ page }) => {
  await page.goto("/admin/tools");
  const edit = page.getByRole("link", { name: /^Edit / }).nth(3);
  const toolName = (await edit.textContent())!.replace(/^Edit/, "").trim();
  // Typed, then clicked before the search's pause for typing ran out.
  await page.getByRole("searchbox", { name: "Search tools by name or category" }).fill(toolName.slice(0, 4));
  await page.getByRole("link", { name: `Edit ${toolName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
  // Longer than the search's own delay: nothing pulls the admin back to the list.
  await page.waitForTimeout(600);
  await expect(page).toHaveURL(/\/admin\/tools\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(toolName);
});

test("the tool table lists the tools missing a tagline or pricing model, and the form asks for both", async ({
  page,
}) => {
  await page.goto("/admin/tools");
  await page.getByRole("link", { name: "Missing tagline or pricing model" }).click();
  await expect(page).toHaveURL("/admin/tools?missing=1");
  await expect(page.getByRole("link", { name: "Missing tagline or pricing model" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText(/^Showing \d+ of \d+ tools? missing a tagline or pricing model/)).toBeVisible();

  // A new tool without them is refused in the browser, with the messages beside the fields.
  await page.goto("/admin/tools/new");
  await page.getByLabel("Name", { exact: true }).fill("Half described");
  await page.getByLabel("Tagline", { exact: true }).fill("x".repeat(130));
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue("x".repeat(120));
  await page.getByLabel("Tagline", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Failed to create tool: Please correct the highlighted fields");
  await expect(page.getByText("Tagline is required")).toBeVisible();
  await expect(page.getByText("Pricing model is required")).toBeVisible();
  await expect(page).toHaveURL("/admin/tools/new");
});
