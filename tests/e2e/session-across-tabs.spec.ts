import {
  accountMenuButton,
  fromClientAddress,
  signInButton,
  signInInDialog,
  signedInAsNewAccount,
  signOut,
  uniqueEmail,
} from "./accounts-support";
import { expect, test } from "./fixtures";

// Spec section 4: "session changes are observed live". Two tabs of one browser share the session
// cookie; the one that did not act follows without a reload or a focus (at once: a message on a
// BroadcastChannel; the time it takes is not asserted here, the machine running the tests is noisy).

// Its sign-ups and sign-ins count against an address of its own, not the whole suite's hourly limit.
// The accounts are made over HTTP (signedInAsNewAccount): signing up is accounts.spec.ts's subject.
test.use({ extraHTTPHeaders: fromClientAddress("203.0.113.21") });

test("a sign-out and a sign-in in one tab show in the other, which nobody touched", async ({
  page,
  context,
  baseURL,
}) => {
  const email = uniqueEmail("two-tabs");
  await signedInAsNewAccount(page, baseURL, email);
  await page.goto("/");
  await expect(accountMenuButton(page, email)).toBeVisible();
  const other = await context.newPage();
  await other.goto("/about");
  await expect(accountMenuButton(other, email)).toBeVisible();

  await page.bringToFront();
  await signOut(page, email);
  await expect(signInButton(other)).toBeVisible();
  await expect(accountMenuButton(other, email)).toHaveCount(0);

  await signInInDialog(page, email);
  await expect(accountMenuButton(page, email)).toBeVisible();
  await expect(accountMenuButton(other, email)).toBeVisible();
  await other.close();
});

test("a tab coming back into view asks the server whose session it holds", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail("focus-check");
  await signedInAsNewAccount(page, baseURL, email);
  await page.goto("/");
  await expect(accountMenuButton(page, email)).toBeVisible();
  // A second browser window with the same cookie but no channel to this one (another browser profile,
  // or the session ended elsewhere): only the check on focus can see the sign-out.
  const elsewhere = await browser.newContext({ storageState: await context.storageState() });
  const away = await elsewhere.newPage();
  await away.goto("/about");
  await signOut(away, email);
  await elsewhere.close();

  await expect(accountMenuButton(page, email)).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(signInButton(page)).toBeVisible();
});
