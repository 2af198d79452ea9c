import type { Page } from "@playwright/test";
import { expectToast, fromClientAddress, signedInAsNewAccount, uniqueEmail } from "./accounts-support";
import { expect, test } from "./fixtures";
import { demoTool } from "./support";

// Spec sections 7 and 8: a vote or comment that fails keeps the tool page as it is and shows the
// spec's toast; a refusal may add its own sentence after the spec's text, never replace it.
// Ada Health: no other spec opens it, so the comments posted here change nothing another expects.
const TOOL = demoTool("ada-health");
// Its account (made over HTTP: signing up is accounts.spec.ts's subject) counts against an address of its own.
test.use({ extraHTTPHeaders: fromClientAddress("203.0.113.23") });
const TOOL_PATH = `/tool/${TOOL.slug}`;

const VOTE_FAILED = "Failed to record your vote. Please try again.";
const COMMENT_FAILED = "Failed to post your comment. Please try again.";

const rateRegion = (page: Page) => page.getByRole("region", { name: "Rate this tool" });
const star = (page: Page, value: number) =>
  rateRegion(page).getByRole("button", { name: `Rate ${value} ${value === 1 ? "star" : "stars"}`, exact: true });
const commentsRegion = (page: Page) => page.getByRole("region", { name: "Comments" });
const commentBox = (page: Page) => commentsRegion(page).getByLabel("Add a comment");

/** The tool page is still the tool page: its heading, no error state. */
async function expectToolPageKept(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: TOOL.name })).toBeVisible();
  await expect(page.getByText("Failed to load tool details")).toHaveCount(0);
  await expect(page).toHaveURL(TOOL_PATH);
}

/** Chromium logs a failed request as a console error: the one this test provokes is expected, once. */
async function expectBrowserLogged(browserErrors: string[], fragment: string) {
  await expect
    .poll(() => browserErrors.findIndex((line) => line.includes(fragment)), {
      message: `a console line with ${fragment}`,
    })
    .toBeGreaterThanOrEqual(0);
  browserErrors.splice(
    browserErrors.findIndex((line) => line.includes(fragment)),
    1,
  );
}

/** The vote and comment requests fail in the browser's network, as when the connection drops. */
async function dropToolPosts(page: Page) {
  const matches = (url: URL) => url.pathname.startsWith(TOOL_PATH);
  await page.route(matches, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
  return () => page.unroute(matches);
}

test("a vote or comment that fails keeps the tool page and shows the spec's toast", async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signedInAsNewAccount(page, baseURL, uniqueEmail("failing"));
  await page.goto(TOOL_PATH);

  await test.step("a vote lost to the network", async () => {
    const restore = await dropToolPosts(page);
    await star(page, 4).click();
    await expectToast(page, "Error", VOTE_FAILED);
    await expectBrowserLogged(browserErrors, "net::ERR_FAILED");
    await expectToolPageKept(page);
    // Nothing was recorded: the stars are empty and ready for another try.
    for (const value of [1, 2, 3, 4, 5]) {
      await expect(star(page, value)).toHaveAttribute("aria-pressed", "false");
      await expect(star(page, value)).toBeEnabled();
    }
    await restore();
  });

  await test.step("a comment lost to the network keeps its text", async () => {
    const restore = await dropToolPosts(page);
    await commentBox(page).fill("Lost in transit.");
    await commentsRegion(page).getByRole("button", { name: "Post Comment" }).click();
    await expectToast(page, "Error", COMMENT_FAILED);
    await expectBrowserLogged(browserErrors, "net::ERR_FAILED");
    await expectToolPageKept(page);
    await expect(commentBox(page)).toHaveValue("Lost in transit.");
    await restore();
  });

  await test.step("a comment refused by the rate limit: the spec's text, then the wait", async () => {
    // Use up the allowance (10 comments in 10 minutes) with plain form posts from this session.
    for (let index = 0; index < 10; index += 1) {
      const response = await page.request.post(TOOL_PATH, {
        headers: { origin: new URL(baseURL!).origin },
        form: { intent: "comment", content: `Note ${index}` },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(200);
    }
    await page.reload();
    await commentBox(page).fill("One too many.");
    await commentsRegion(page).getByRole("button", { name: "Post Comment" }).click();
    await expectToast(page, "Error", `${COMMENT_FAILED} Too many attempts. Please try again in 10 minutes.`);
    await expectBrowserLogged(browserErrors, "status of 429");
    await expectToolPageKept(page);
    await expect(commentBox(page)).toHaveValue("One too many.");
    await expect(commentsRegion(page).getByRole("listitem")).toHaveCount(10);
  });
});
