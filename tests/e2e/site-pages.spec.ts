import { expect, test } from "./fixtures";
import { articlesNewestFirst, expectSiteChrome } from "./support";

test("the blog lists every article, newest first", async ({ page }) => {
  await page.goto("/blog");
  await expect(page).toHaveTitle("Blog | Aitlas");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blog");
  const links = page.getByRole("main").getByRole("listitem").getByRole("link");
  await expect(links).toHaveText(articlesNewestFirst.map((article) => article.title));
  for (const [index, article] of articlesNewestFirst.entries()) {
    await expect(links.nth(index)).toHaveAttribute("href", `/article/${article.slug}`);
  }
  await expectSiteChrome(page);
});

for (const { path, heading, title } of [
  { path: "/about", heading: "About Aitlas", title: "About Aitlas" },
  { path: "/privacy", heading: "Privacy Policy", title: "Privacy Policy | Aitlas" },
  { path: "/terms", heading: "Terms of Service", title: "Terms of Service | Aitlas" },
]) {
  test(`${path} renders its heading with the site header and footer`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expectSiteChrome(page);
  });
}

test("the header navigation and the footer links lead to their pages", async ({ page }) => {
  await page.goto("/");
  const mainNav = page.getByRole("banner").getByRole("navigation", { name: "Main" });
  await mainNav.getByRole("link", { name: "Blog" }).click();
  await expect(page).toHaveURL("/blog");
  await expect(mainNav.getByRole("link", { name: "Blog" })).toHaveAttribute("aria-current", "page");
  await mainNav.getByRole("link", { name: "About" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Aitlas");

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
  await footer.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of Service");
  await footer.getByRole("link", { name: "Social Media" }).click();
  await expect(page).toHaveURL("/category/Social%20Media");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Social Media Tools");
  await page.getByRole("banner").getByRole("link", { name: "Aitlas" }).click();
  await expect(page).toHaveURL("/");
});

test("the source code link opens outside the site in a new tab", async ({ page }) => {
  await page.goto("/about");
  const source = page.getByRole("contentinfo").getByRole("link", { name: "Source code" });
  await expect(source).toHaveAttribute("target", "_blank");
  await expect(source).toHaveAttribute("rel", /noopener/);
});

test("an unknown address shows the not-found page with status 404", async ({ page, openMissingPage }) => {
  await openMissingPage(page, "/no/such/page");
  await expect(page).toHaveTitle("Page not found | Aitlas");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  // The same not-found state as an unknown tool's or article's: a heading and a line.
  await expect(page.getByRole("main")).toContainText("The page you are looking for does not exist or has moved.");
  await expectSiteChrome(page);
  // Besides Go Back, ways on: the main sections and a search of the directory (decision 104).
  const explore = page.getByRole("main").getByRole("navigation", { name: "Explore the site" });
  await expect(explore.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(explore.getByRole("link", { name: "Writing" })).toHaveAttribute("href", "/category/Writing");
  await page.getByRole("main").getByRole("searchbox", { name: "Search AI tools" }).fill("chat");
  await page.getByRole("main").getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL("/?q=chat");
  await expect(page.getByRole("heading", { level: 1, name: "Discover the Best AI Tools" })).toBeVisible();

  await openMissingPage(page, "/no/such/page");
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/");
});

test("an unknown category answers 404", async ({ page, openMissingPage }) => {
  await openMissingPage(page, "/category/Nonexistent");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});
