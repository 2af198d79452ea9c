import { randomBytes } from "node:crypto";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { waitForMail } from "../fakes/control-client";
import { expect } from "./fixtures";

// Shared steps of the account, vote, comment, admin and Google specs. Every spec talks to one
// server from one client address, and the server rate-limits sign-ups (10 an hour) and sign-ins
// (20 in ten minutes) per address: each test makes as few accounts as its story needs.

export const PASSWORD = "correct-horse-battery";

/**
 * Headers that make a spec's requests come from a client address of its own (the e2e server trusts
 * one proxy hop): its sign-ups and sign-ins count against that address's limits, not the suite's.
 * Use with test.use({ extraHTTPHeaders: fromClientAddress("203.0.113.7") }), one TEST-NET address per spec.
 */
export function fromClientAddress(address: string): Record<string, string> {
  return { "x-forwarded-for": address };
}

/** A fresh address per call. Lower case, as stored. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomBytes(4).toString("hex")}@aitlas.test`;
}

/** The address's local part, which no public page may show (decision 147). */
export function usernameOf(email: string): string {
  return email.slice(0, email.indexOf("@"));
}

/**
 * The header's 'Sign In' control. Without JavaScript it is a link to /sign-in; with it, it opens
 * the dialog. Either role is accepted here: what it does is what the tests check.
 */
export function signInControl(page: Page): Locator {
  const header = page.getByRole("banner");
  return header
    .getByRole("button", { name: "Sign In", exact: true })
    .or(header.getByRole("link", { name: "Sign In", exact: true }));
}

/** The header's 'Sign In' once JavaScript runs: a button that opens the dialog (waiting for it waits for hydration). */
export function signInButton(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: "Sign In", exact: true });
}

export function accountMenuButton(page: Page, email: string): Locator {
  return page.getByRole("banner").getByRole("button", { name: `Account menu for ${email}`, exact: true });
}

export function authDialog(page: Page, title: "Sign in to your account" | "Create an account"): Locator {
  return page.getByRole("dialog", { name: title });
}

/** A sonner toast by its title; its description, when given, must show in the same toast. */
export function toast(page: Page, title: string, description?: string): Locator {
  const byTitle = page.locator("[data-sonner-toast]").filter({
    has: page.locator("[data-title]").getByText(title, { exact: true }),
  });
  return description
    ? byTitle.filter({ has: page.locator("[data-description]").getByText(description, { exact: true }) })
    : byTitle;
}

/**
 * Checks that a toast shows, then closes it, so a later check for the same words can only pass on
 * a new toast (sonner keeps each one for a few seconds).
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const shown = toast(page, title, description);
  await expect(shown).toBeVisible();
  // A DOM click: the stack of toasts moves while it animates, so a pointer click may never find it still.
  await shown.getByRole("button", { name: "Close toast" }).dispatchEvent("click");
  await expect(shown).toHaveCount(0);
}

const STATUS_TEXT = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 409: "Conflict" } as const;

/**
 * A refused form post (a wrong field, an unconfirmed account, a taken address) answers with its
 * 4xx status, and Chromium logs every 4xx response as a console error. The test names the one it
 * provokes, as openMissingPage does for a 404; any other error still fails the test.
 */
export async function expectRefusalLogged(
  browserErrors: string[],
  { url, status }: { url: string; status: keyof typeof STATUS_TEXT },
): Promise<void> {
  const line = `console.error: Failed to load resource: the server responded with a status of ${status} (${STATUS_TEXT[status]}) (${url}:0)`;
  await expect
    .poll(() => browserErrors.includes(line), { message: `Chromium reports the ${status} from ${url}` })
    .toBe(true);
  browserErrors.splice(browserErrors.indexOf(line), 1);
}

/** Opens the dialog from the header, in the mode asked for. */
export async function openAuthDialog(page: Page, mode: "sign-in" | "sign-up"): Promise<Locator> {
  await signInButton(page).click();
  const signIn = authDialog(page, "Sign in to your account");
  await expect(signIn).toBeVisible();
  if (mode === "sign-in") return signIn;
  await signIn.getByRole("link", { name: "Need an account? Sign up" }).click();
  const signUp = authDialog(page, "Create an account");
  await expect(signUp).toBeVisible();
  return signUp;
}

/** Signs up in the dialog on the current page; the dialog closes and asks to check the email. */
export async function signUpInDialog(page: Page, email: string, password = PASSWORD): Promise<void> {
  const dialog = await openAuthDialog(page, "sign-up");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expectToast(page, "Check your email to confirm your account!");
  await expect(dialog).toBeHidden();
}

/** Signs in with the dialog on the current page and checks the header shows the account. */
export async function signInInDialog(page: Page, email: string, password = PASSWORD): Promise<void> {
  const dialog = await openAuthDialog(page, "sign-in");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
  await expectToast(page, "Successfully signed in!");
  await expect(dialog).toBeHidden();
  await expect(accountMenuButton(page, email)).toBeVisible();
}

/** The confirmation link of the newest email to `email` (the `count`th, when more are expected). */
export async function confirmationLink(email: string, { count = 1 }: { count?: number } = {}): Promise<string> {
  const mail = await waitForMail(email, { count });
  const link = mail.links.find((candidate) => new URL(candidate).pathname === "/auth/confirm");
  expect(link, `a confirmation link in the email to ${email}:\n${mail.text}`).toBeTruthy();
  return link!;
}

/**
 * Opens the emailed link and confirms with the account's password (the page asks for it, so a
 * password chosen by whoever signed up with someone else's address stops working): the account is
 * confirmed and signed in, back on the home page.
 */
export async function confirmEmail(
  page: Page,
  email: string,
  { count = 1, password = PASSWORD }: { count?: number; password?: string } = {},
): Promise<void> {
  await page.goto(await confirmationLink(email, { count }));
  await submitConfirmation(page, password);
  await expect(page).toHaveURL("/");
  await expectToast(page, "Successfully signed in!");
  await expect(accountMenuButton(page, email)).toBeVisible();
}

/** Fills and sends the confirmation page's password form. */
export async function submitConfirmation(page: Page, password = PASSWORD): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email");
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
}

/** A confirmed account, signed in on `page` (which ends on the home page). */
export async function signUpAndConfirm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/");
  await signUpInDialog(page, email, password);
  await confirmEmail(page, email);
}

/** Posts the sign-up form the dialog posts: the account waits for its confirmation email. */
export async function signUpOverHttp(
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
  password = PASSWORD,
): Promise<void> {
  const signUp = await request.post("/sign-in", {
    headers: { origin: new URL(baseURL!).origin },
    form: { mode: "sign-up", email, password },
    maxRedirects: 0,
  });
  expect(signUp.status(), `the sign-up of ${email} is accepted`).toBe(302);
}

/**
 * A confirmed account made over HTTP with the forms the dialog and the emailed link post (sign-up,
 * then the confirmation with the password), for tests whose subject comes after the account:
 * accounts.spec.ts walks the dialog and the confirmation page. The sign-up and sign-in limits count
 * it as they count the dialog's. `request` ends signed in as the account: pass `page.request` for
 * the page's browser context (see signedInAsNewAccount), or another context to stay signed out.
 */
export async function createConfirmedAccount(
  request: APIRequestContext,
  baseURL: string | undefined,
  email: string,
  password = PASSWORD,
): Promise<void> {
  await signUpOverHttp(request, baseURL, email, password);
  const headers = { origin: new URL(baseURL!).origin };
  const token = new URL(await confirmationLink(email)).searchParams.get("token")!;
  const confirm = await request.post("/auth/confirm", { headers, form: { token, password }, maxRedirects: 0 });
  expect(confirm.status(), `the confirmation of ${email} is accepted`).toBe(302);
}

/**
 * A confirmed account, signed in on `page`'s browser context (the page itself is not loaded: go to
 * a page next). The "Successfully signed in!" message the confirmation leaves for the next page is
 * dropped, so no toast of a step the test did not take shows up among its own.
 */
export async function signedInAsNewAccount(page: Page, baseURL: string | undefined, email: string): Promise<void> {
  await createConfirmedAccount(page.request, baseURL, email);
  await page.context().clearCookies({ name: "aitlas_flash" });
}

/** Opens the avatar menu and returns it; Escape closes it again. */
export async function openAccountMenu(page: Page, email: string): Promise<Locator> {
  await accountMenuButton(page, email).click();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  return menu;
}

export async function signOut(page: Page, email: string): Promise<void> {
  const menu = await openAccountMenu(page, email);
  await menu.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL("/");
  await expectToast(page, "Successfully signed out!");
  await expect(signInControl(page)).toBeVisible();
  await expect(accountMenuButton(page, email)).toHaveCount(0);
}

/**
 * The one-time admin setup link's token, which the server printed at start. playwright.config.ts
 * captures it from the server's output into the environment every worker inherits.
 */
export function adminSetupToken(): string {
  const token = process.env.AITLAS_E2E_ADMIN_SETUP_TOKEN;
  if (!token) {
    throw new Error("AITLAS_E2E_ADMIN_SETUP_TOKEN is not set: the server did not print an admin setup link at start");
  }
  return token;
}

/** Redeems the setup link (once per server): the account becomes the administrator, signed in. */
export async function createAdminViaSetupLink(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`/setup/admin?token=${encodeURIComponent(adminSetupToken())}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Set up the first administrator");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expect(page).toHaveURL("/");
  await expectToast(page, "Successfully signed in!", "You are the administrator.");
  await expect(accountMenuButton(page, email)).toBeVisible();
}
