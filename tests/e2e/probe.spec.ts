import { test, expect } from "./fixtures";
test("probe 404", async ({ page, openMissingPage }) => {
  await openMissingPage(page, "/tool/does-not-exist");
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL("/");
});
test.describe("nojs", () => {
  test.use({ javaScriptEnabled: false });
  test("probe 404 nojs", async ({ page, openMissingPage }) => {
    await openMissingPage(page, "/tool/does-not-exist");
  });
});
test("probe client 404", async ({ page }) => {
  const urls: string[] = [];
  page.on("request", (r) => urls.push(r.url()));
  await page.goto("/category/Writing");
  await page.getByRole("link", { name: "Back to Homepage" }).click();
  await expect(page).toHaveURL("/");
  await page.getByRole("link", { name: "About" }).first().click();
  await expect(page).toHaveURL("/about");
  console.log(urls.filter(u => !u.includes("/assets/")));
  console.log(await page.evaluate(() => Object.keys(window).filter(k => k.startsWith("__react"))));
});
