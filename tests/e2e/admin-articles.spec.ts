import type { APIRequestContext, Page } from "@playwright/test";
import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";

// An administrator runs the blog from the browser; an anonymous client (no cookies, so it is served
// from the page cache like any visitor) checks what the public sees after each save.

test.use({ storageState: adminStatePath() });

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function publicView(anonymous: APIRequestContext, slug: string, title: string) {
  const [article, blog, sitemap, feed] = await Promise.all(
    [`/article/${slug}`, "/blog", "/sitemap-articles.xml", "/blog/rss.xml"].map((path) => anonymous.get(path)),
  );
  expect(await blog!.text(), "served to an anonymous visitor").not.toContain("Account menu for");
  return {
    articleStatus: article!.status(),
    inBlog: (await blog!.text()).includes(title),
    inSitemap: (await sitemap!.text()).includes(`/article/${slug}<`),
    inFeed: (await feed!.text()).includes(`/article/${slug}<`),
  };
}

async function openArticleForm(page: Page, title: string) {
  await page.goto("/admin/articles");
  await page.getByRole("searchbox", { name: "Search articles" }).fill(title);
  await expect(page).toHaveURL(/\?q=/);
  await page.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Article" })).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
}

test("an administrator writes an article with formatted content, sees it published, hides it as a draft, and deletes it", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // An explicitly empty state: the file's admin storage state must not reach this client.
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const title = `Field Notes ${Date.now()}`;
  const slug = slugOf(title);
  // Fill the page cache with the lists as they are now: the save must still show on the next request.
  // The tool page the article will link lists it as soon as it is published (issue 34).
  const toolPage = async () => (await anonymous.get("/tool/grammarly")).text();
  expect(await toolPage()).not.toContain(title);
  expect(await publicView(anonymous, slug, title)).toEqual({
    articleStatus: 404,
    inBlog: false,
    inSitemap: false,
    inFeed: false,
  });

  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("link", { name: "Add New Article" }).click();
  await expect(page).toHaveURL("/admin/articles/new");
  await expect(page.getByRole("heading", { level: 1, name: "New Article" })).toBeVisible();
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByLabel("Read Time", { exact: true })).toHaveAttribute("placeholder", "e.g. 5 min read");

  await page.getByLabel("Title", { exact: true }).fill(title);
  // Enter in a one-line field does not save a half-written article (issue 34).
  await page.getByLabel("Title", { exact: true }).press("Enter");
  await expect(page.getByText("Category is required")).toHaveCount(0);
  await page.getByLabel("Category", { exact: true }).fill("Guides");
  await page.getByLabel("Author", { exact: true }).fill("E2E Writer");
  await page.getByLabel("Read Time", { exact: true }).fill("4 min read");
  await page.getByLabel("Excerpt", { exact: true }).fill("What a careful reader learns from the field.");

  // Formatting through the toolbar, as an editor would.
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await expect(toolbar).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Content" });
  await editor.click();
  await page.keyboard.type("An opening paragraph.");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("What we found");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type("Strong words");
  await toolbar.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.type(" and plain ones.");
  await page.keyboard.press("Enter");
  await toolbar.getByRole("button", { name: "Bullet list" }).click();
  await page.keyboard.type("First finding");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Second finding");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  // A tool of the catalogue, picked by name from the keyboard, links its page.
  await page.keyboard.type("Compare with ");
  await toolbar.getByRole("button", { name: "Link a tool" }).click();
  const picker = page.getByRole("dialog", { name: "Link a tool" });
  await picker.getByRole("combobox", { name: "Tool name" }).fill("gram");
  await expect(picker.getByRole("option", { name: /^Grammarly/ })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");
  await expect(picker).toBeHidden();
  const toolLink = editor.getByRole("link", { name: "Grammarly" });
  await expect(toolLink).toHaveAttribute("href", "/tool/grammarly");
  await expect(toolLink).not.toHaveAttribute("target");

  // The link button opens a dialog that says what is wrong, and Enter there applies the link, not the form.
  await page.keyboard.type("or read ");
  await toolbar.getByRole("button", { name: "Link", exact: true }).click();
  const linkDialog = page.getByRole("dialog", { name: "Add link" });
  const address = linkDialog.getByRole("textbox", { name: "Link address" });
  await address.fill("javascript:alert(1)");
  await linkDialog.getByRole("button", { name: "Apply" }).click();
  await expect(address).toHaveAccessibleDescription("Links must start with https://, http://, mailto: or /");
  await address.fill("/blog");
  await address.press("Enter");
  await expect(linkDialog).toBeHidden();
  await expect(editor.getByRole("link", { name: "/blog" })).toHaveAttribute("href", "/blog");
  await expect(page).toHaveURL("/admin/articles/new");

  // A new article is a draft until it is published.
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("draft");
  await page.getByLabel("Status", { exact: true }).selectOption("published");

  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page).toHaveURL("/admin/articles");
  await expectToast(page, "Article created successfully");

  expect(await publicView(anonymous, slug, title)).toEqual({
    articleStatus: 200,
    inBlog: true,
    inSitemap: true,
    inFeed: true,
  });
  await page.goto(`/article/${slug}`);
  const body = page.getByRole("main");
  await expect(body.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(body.getByRole("heading", { level: 2, name: "What we found" })).toBeVisible();
  await expect(body.locator("strong", { hasText: "Strong words" })).toBeVisible();
  await expect(body.getByRole("list").filter({ hasText: "First finding" }).getByRole("listitem")).toHaveText([
    "First finding",
    "Second finding",
  ]);
  await expect(
    page.getByRole("complementary", { name: "Tools in this article" }).getByRole("link", { name: "Grammarly" }),
  ).toHaveAttribute("href", "/tool/grammarly");
  expect(await toolPage()).toContain(title);

  // The public page's shortcut leads back to the form; saved as a draft, the article leaves the site.
  await page.getByRole("link", { name: "Edit Article" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Article" })).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue(title);
  await page.getByLabel("Status", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Save Article" }).click();
  await expect(page).toHaveURL("/admin/articles");
  await expectToast(page, "Article updated successfully");
  await page.getByRole("searchbox", { name: "Search articles" }).fill(title);
  const draftRow = page.getByRole("row", { name: new RegExp(title) });
  await expect(draftRow).toContainText("Draft");
  expect(await publicView(anonymous, slug, title)).toEqual({
    articleStatus: 404,
    inBlog: false,
    inSitemap: false,
    inFeed: false,
  });
  // The administrator previews the draft at its future address, in a new tab.
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    draftRow.getByRole("link", { name: `Preview ${title} (opens in a new tab)` }).click(),
  ]);
  await expect(preview).toHaveURL(`/article/${slug}`);
  await expect(
    preview.getByRole("alert").filter({ hasText: "Only administrators can see this article." }),
  ).toBeVisible();
  await expect(preview.getByRole("heading", { level: 1 })).toHaveText(title);
  await preview.close();

  // Published again, then deleted after confirming.
  await openArticleForm(page, title);
  await page.getByLabel("Status", { exact: true }).selectOption("published");
  await page.getByRole("button", { name: "Save Article" }).click();
  await expectToast(page, "Article updated successfully");
  expect((await publicView(anonymous, slug, title)).articleStatus).toBe(200);

  await openArticleForm(page, title);
  await page.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this article?" });
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Delete article" }).click();
  await expect(page).toHaveURL("/admin/articles");
  await expectToast(page, "Article deleted successfully");
  expect(await publicView(anonymous, slug, title)).toEqual({
    articleStatus: 404,
    inBlog: false,
    inSitemap: false,
    inFeed: false,
  });
  expect(await toolPage()).not.toContain(title);
  await anonymous.dispose();
});

test("the article form names every missing field and keeps what was typed", async ({ page }) => {
  await page.goto("/admin/articles/new");
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill("Half written");
  await page.getByLabel("Image URL", { exact: true }).fill("not a url");
  await page.getByRole("button", { name: "Save Article" }).click();

  await expectToast(page, "Failed to create article: Please correct the highlighted fields");
  for (const message of [
    "Category is required",
    "Author is required",
    "Excerpt is required",
    "Content is required",
    "Read time is required",
    "Must be a valid URL",
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(page.getByText("Title is required")).toHaveCount(0);
  await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Half written");
  await expect(page).toHaveURL("/admin/articles/new");
});
