import { denyNextGoogleSignIn, setNextGoogleIdentity } from "../fakes/control-client";
import {
  accountMenuButton,
  expectToast,
  openAuthDialog,
  signInControl,
  signOut,
  signUpInDialog,
  uniqueEmail,
} from "./accounts-support";
import { expect, test } from "./fixtures";

// "Continue with Google" against the loopback OpenID provider of tests/fakes/oidc-provider.ts
// (GOOGLE_ISSUER_URL in playwright.config.ts). It has no login page: it answers at once for the
// identity chosen through its control API, which is one setting for the whole run, so these
// tests take turns, and no other spec signs in with Google.
test.describe.configure({ mode: "serial" });

test("Continue with Google signs a new user in, back on the page they were on, and again after signing out", async ({
  page,
  baseURL,
}) => {
  const email = uniqueEmail("google");
  // A picture the app itself serves, so the avatar loads without reaching the internet.
  const picture = `${baseURL}/favicon.svg`;
  await setNextGoogleIdentity({ sub: `google-${email}`, email, email_verified: true, name: "Ada Lovelace", picture });

  await page.goto("/blog");
  const dialog = await openAuthDialog(page, "sign-in");
  await expect(dialog.getByText("Or continue with", { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL("/blog");
  await expectToast(page, "Successfully signed in!");
  // The avatar is the picture Google gave.
  await expect(accountMenuButton(page, email).locator("img")).toHaveAttribute("src", picture);

  // The same Google identity comes back to the same account.
  await signOut(page, email);
  const again = await openAuthDialog(page, "sign-in");
  await again.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL("/");
  await expectToast(page, "Successfully signed in!");
  await expect(accountMenuButton(page, email)).toBeVisible();
});

test("a cancelled Google sign-in returns to the page with 'Failed to sign in with Google'", async ({ page }) => {
  await denyNextGoogleSignIn();
  await page.goto("/about");
  const dialog = await openAuthDialog(page, "sign-in");
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL("/about");
  await expectToast(page, "Failed to sign in with Google");
  await expect(signInControl(page)).toBeVisible();
});

test("a Google identity is not joined to an account whose address was never confirmed", async ({ page }) => {
  // Someone registered the address first and never confirmed it; the real owner then comes with
  // Google. Joining the two would hand the owner's Google login to whoever signed up.
  const email = uniqueEmail("claimed");
  await page.goto("/about");
  await signUpInDialog(page, email);

  await setNextGoogleIdentity({ sub: `google-${email}`, email, email_verified: true, name: "Real Owner" });
  const dialog = await openAuthDialog(page, "sign-in");
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL("/about");
  await expectToast(page, "Failed to sign in with Google");
  await expect(signInControl(page)).toBeVisible();
  await expect(accountMenuButton(page, email)).toHaveCount(0);
});
