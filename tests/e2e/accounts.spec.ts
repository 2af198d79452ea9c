import type { Page } from "@playwright/test";
import { fetchMail, waitForMail } from "../fakes/control-client";
import {
  PASSWORD,
  accountMenuButton,
  authDialog,
  confirmationLink,
  confirmEmail,
  expectRefusalLogged,
  expectToast,
  openAccountMenu,
  openAuthDialog,
  signInButton,
  signInControl,
  signInInDialog,
  signOut,
  signUpInDialog,
  submitConfirmation,
  uniqueEmail,
} from "./accounts-support";
import { expect, test } from "./fixtures";

/** The POST requests a page sends, to tell a check made in the browser from one made by the server. */
function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("an account from sign-up to sign-out: confirmation email, sign-in, a lasting session", async ({
  page,
  context,
  baseURL,
  browserErrors,
}) => {
  // One long story on purpose: each step needs the state the one before left, and every sign-up
  // and sign-in counts against the per-address limits all specs share.
  test.setTimeout(60_000);
  const email = uniqueEmail("reader");

  await test.step("the dialog checks the fields in the browser before anything is sent", async () => {
    await page.goto("/blog");
    const signIn = await openAuthDialog(page, "sign-in");
    await expect(signIn.getByRole("button", { name: "Continue with Google" })).toBeVisible();
    await expect(signIn.getByText("Or continue with", { exact: true })).toBeVisible();
    await expect(signIn.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();

    await signIn.getByRole("link", { name: "Need an account? Sign up" }).click();
    const signUp = authDialog(page, "Create an account");
    await expect(signUp.getByRole("link", { name: "Already have an account? Sign in" })).toBeVisible();

    const posts = recordPosts(page);
    await signUp.getByLabel("Email").fill("not-an-email");
    await signUp.getByLabel("Password").fill("12345");
    await signUp.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(signUp.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(signUp.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();
    await expect(signUp.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(signUp.getByLabel("Password")).toHaveAttribute("aria-invalid", "true");
    expect(posts, "invalid fields are refused before any request").toEqual([]);
    await page.keyboard.press("Escape");
    await expect(signUp).toBeHidden();
  });

  await test.step("signing up closes the dialog and mails a confirmation link over SMTP", async () => {
    await signUpInDialog(page, email);
    await expect(page).toHaveURL("/blog");
    await expect(signInControl(page)).toBeVisible();

    const link = new URL(await confirmationLink(email));
    const sent = await fetchMail(email);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      from: "Aitlas <no-reply@aitlas.test>",
      to: [email],
      subject: "Confirm your Aitlas account",
    });
    expect(link.origin).toBe(baseURL);
    expect(link.pathname).toBe("/auth/confirm");
    expect(link.searchParams.get("token")).toBeTruthy();
  });

  await test.step("signing in before confirming is refused with a reminder, and a fresh link is sent", async () => {
    const dialog = await openAuthDialog(page, "sign-in");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
    await expectToast(page, "Please check your email to confirm your account before signing in");
    await expectRefusalLogged(browserErrors, { url: `${baseURL}/sign-in.data`, status: 403 });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(accountMenuButton(page, email)).toHaveCount(0);
    await expect(signInControl(page)).toBeVisible();
  });

  await test.step("the link in the email confirms the account and signs the user in", async () => {
    // The second email (sent on the refused sign-in) carries the newest link.
    await confirmEmail(page, email, { count: 2 });
    // No avatar picture for a password account: the email's first letter stands in.
    await expect(accountMenuButton(page, email)).toHaveText("R");
  });

  await test.step("the session survives a reload and a new page of the same browser", async () => {
    await page.reload();
    await expect(accountMenuButton(page, email)).toBeVisible();
    const second = await context.newPage();
    await second.goto("/about");
    await expect(accountMenuButton(second, email)).toBeVisible();
    await second.close();
  });

  await test.step("signing out from the avatar menu returns home, signed out", async () => {
    await page.goto("/tool/claude");
    const menu = await openAccountMenu(page, email);
    await expect(menu.getByRole("menuitem")).toHaveText(["Saved Tools", "My submissions", "Account", "Sign out"]);
    // The menu pattern's keyboard: focus starts on the first item, arrows wrap, Escape returns to the button.
    await expect(menu.getByRole("menuitem", { name: "Saved Tools" })).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Sign out" })).toBeFocused();
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "My submissions" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(accountMenuButton(page, email)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(menu.getByRole("menuitem", { name: "Saved Tools" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu).toBeHidden();
    await accountMenuButton(page, email).focus();
    await page.keyboard.press("ArrowUp");
    await expect(menu.getByRole("menuitem", { name: "Sign out" }), "ArrowUp opens on the last item").toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await signOut(page, email);
    // The session is gone on the server, not only from this page.
    const second = await context.newPage();
    await second.goto("/about");
    await expect(signInControl(second)).toBeVisible();
    await expect(accountMenuButton(second, email)).toHaveCount(0);
    await second.close();
  });

  await test.step("the same address cannot sign up twice, whatever its case", async () => {
    const dialog = await openAuthDialog(page, "sign-up");
    await dialog.getByLabel("Email").fill(email.toUpperCase());
    await dialog.getByLabel("Password").fill("another-password");
    await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expectToast(page, "An account with this email already exists");
    await expectRefusalLogged(browserErrors, { url: `${baseURL}/sign-in.data`, status: 409 });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // No second confirmation email went out.
    expect(await fetchMail(email)).toHaveLength(2);
  });

  await test.step("signing in again through the dialog", async () => {
    await signInInDialog(page, email);
    await expect(page).toHaveURL("/");
  });

  // One account for the whole story: every sign-up counts against the client address's hourly limit.
  await test.step("a forgotten password: 'Forgot password?' in the dialog, a mailed link, a new password", async () => {
    await signOut(page, email);

    const dialog = await openAuthDialog(page, "sign-in");
    await dialog.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account uses that address");

    // After the two confirmation emails above.
    const mail = await waitForMail(email, { count: 3 });
    const link = mail.links.find((candidate) => new URL(candidate).pathname === "/reset-password");
    expect(link, `a reset link in the email to ${email}:\n${mail.text}`).toBeTruthy();
    await page.goto(link!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose a new password");
    await page.getByLabel("New password").fill("a-brand-new-password");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL("/sign-in");
    await expectToast(page, "Your password is changed. Sign in with your new password.");

    const form = page.getByRole("main");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password").fill("a-brand-new-password");
    await form.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(accountMenuButton(page, email)).toBeVisible();

    // The link worked once.
    await page.goto(link!);
    await expect(page.getByText("This reset link is no longer valid")).toBeVisible();
  });
});

test("the dialog works from the keyboard: Enter opens it, focus stays inside, Escape closes it", async ({ page }) => {
  await page.goto("/about");
  const control = signInButton(page);
  await control.focus();
  await page.keyboard.press("Enter");
  const dialog = authDialog(page, "Sign in to your account");
  await expect(dialog).toBeVisible();

  const focusIsInDialog = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusIsInDialog, { message: "the dialog takes the focus" }).toBe(true);
  // More presses than the dialog has controls, both ways: the focus wraps around inside.
  for (const key of [...Array<string>(10).fill("Tab"), ...Array<string>(10).fill("Shift+Tab")]) {
    await page.keyboard.press(key);
    expect(await focusIsInDialog(), `focus after ${key}`).toBe(true);
  }

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(control, "the focus returns to the control that opened the dialog").toBeFocused();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Sign In' leads to a page whose forms sign up and sign in", async ({ page, baseURL, browserErrors }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail("nojs");

    await page.goto("/about");
    await expect(signInControl(page)).toHaveAttribute("href", "/sign-in?redirectTo=%2Fabout");
    await signInControl(page).click();
    await expect(page).toHaveURL("/sign-in?redirectTo=%2Fabout");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in to your account");
    await expect(page.getByRole("button", { name: "Continue with Google" })).toBeVisible();

    await page.getByRole("link", { name: "Need an account? Sign up" }).click();
    await expect(page).toHaveURL("/sign-in?mode=sign-up&redirectTo=%2Fabout");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");

    // Without JavaScript only the server checks the fields; it answers with the same messages.
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("Invalid email address", { exact: true })).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
    await expectRefusalLogged(browserErrors, { url: `${baseURL}/sign-in`, status: 400 });

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page).toHaveURL("/about");
    await expect(signInControl(page)).toBeVisible();

    await page.goto(await confirmationLink(email));
    await submitConfirmation(page);
    await expect(page).toHaveURL("/");
    await expect(accountMenuButton(page, email)).toBeVisible();

    // The avatar menu is the browser's popover, so it opens and signs out without JavaScript too.
    const menu = await openAccountMenu(page, email);
    await expect(menu.getByRole("menuitem")).toHaveText(["Saved Tools", "My submissions", "Account", "Sign out"]);
    await menu.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/");
    await expect(accountMenuButton(page, email)).toHaveCount(0);

    // And back in through the sign-in page's form.
    await page.goto("/about");
    await signInControl(page).click();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL("/about");
    await expect(accountMenuButton(page, email)).toBeVisible();
  });
});
