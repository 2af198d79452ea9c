import { denyNextGoogleSignIn, setNextGoogleIdentity } from "../fakes/control-client";
import {
  accountMenuButton,
  expectRefusalLogged,
  expectToast,
  PASSWORD,
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

test("the owner coming with Google takes over an address someone else registered and never confirmed", async ({
  page,
  baseURL,
  browserErrors,
}) => {
  // Someone registered the address first and never confirmed it; the real owner then comes with
  // Google. The account becomes theirs, and the password chosen at sign-up stops working.
  const email = uniqueEmail("claimed");
  await page.goto("/about");
  await signUpInDialog(page, email);

  await setNextGoogleIdentity({ sub: `google-${email}`, email, email_verified: true, name: "Real Owner" });
  const dialog = await openAuthDialog(page, "sign-in");
  await dialog.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL("/about");
  await expectToast(page, "Successfully signed in!");
  await expect(accountMenuButton(page, email)).toBeVisible();

  await signOut(page, email);
  const squatter = await openAuthDialog(page, "sign-in");
  await squatter.getByLabel("Email").fill(email);
  await squatter.getByLabel("Password").fill(PASSWORD);
  await squatter.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Invalid email or password");
  await expectRefusalLogged(browserErrors, { url: `${baseURL}/sign-in.data`, status: 401 });
  await page.keyboard.press("Escape");
  await expect(squatter).toBeHidden();
  await expect(accountMenuButton(page, email)).toHaveCount(0);
  await expect(signInControl(page)).toBeVisible();
});
