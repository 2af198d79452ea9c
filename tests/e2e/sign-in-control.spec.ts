import { authDialog, signInButton } from "./accounts-support";
import { expect, test } from "./fixtures";

// The header's 'Sign In' opens a dialog once JavaScript runs, so it is announced as a button that
// opens one; without JavaScript it stays a link to the sign-in page (nofollow: it differs per page).

test("with JavaScript 'Sign In' is a button that opens the sign-in dialog", async ({ page }) => {
  await page.goto("/about");
  const header = page.getByRole("banner");
  await expect(signInButton(page)).toHaveAttribute("aria-haspopup", "dialog");
  await expect(header.getByRole("link", { name: "Sign In" })).toHaveCount(0);

  await signInButton(page).click();
  await expect(authDialog(page, "Sign in to your account")).toBeVisible();
  await expect(page).toHaveURL("/about");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Sign In' is a nofollow link to the sign-in page, and on that page it does not nest", async ({ page }) => {
    await page.goto("/about");
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Sign In" })).toHaveCount(0);
    const link = header.getByRole("link", { name: "Sign In", exact: true });
    await expect(link).toHaveAttribute("href", "/sign-in?redirectTo=%2Fabout");
    await expect(link).toHaveAttribute("rel", "nofollow");

    await link.click();
    await expect(page).toHaveURL("/sign-in?redirectTo=%2Fabout");
    await expect(header.getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute(
      "href",
      "/sign-in?redirectTo=%2Fabout",
    );
  });
});
