import type { Page } from "@playwright/test";
import {
  accountMenuButton,
  authDialog,
  expectToast,
  fromClientAddress,
  signedInAsNewAccount,
  signOut,
  uniqueEmail,
  usernameOf,
} from "./accounts-support";
import { expect, test } from "./fixtures";
import { demoRatingShown, demoTool } from "./support";
import { GENERATED_NAME_IN_TEXT } from "../setup/public-names";

// Kensho: no other spec opens it, and it is neither on the home page's first grid page nor in a
// category another spec lists, where a vote would change what those specs expect.
const TOOL = demoTool("kensho");
// Its account (made over HTTP: signing up is accounts.spec.ts's subject) counts against an address of its own.
test.use({ extraHTTPHeaders: fromClientAddress("203.0.113.24") });
const TOOL_PATH = `/tool/${TOOL.slug}`;

const star = (page: Page, value: number) =>
  page
    .getByRole("region", { name: "Rate this tool" })
    .getByRole("button", { name: `Rate ${value} ${value === 1 ? "star" : "stars"}`, exact: true });

const stars = (page: Page) => [1, 2, 3, 4, 5].map((value) => star(page, value));

/** The tool's header, where its average and vote count show ('4.0(1 vote)'). */
const toolHeader = (page: Page) => page.getByRole("article").locator("header");

const commentsRegion = (page: Page) => page.getByRole("region", { name: "Comments" });

// The button reads 'Posting...' while it saves.
const postButton = (page: Page) => commentsRegion(page).getByRole("button", { name: /^(Post Comment|Posting\.\.\.)$/ });

/** Stars 1..rating are pressed (filled), the rest are not. */
async function expectMyRating(page: Page, rating: number) {
  for (const [index, button] of stars(page).entries()) {
    await expect(button, `star ${index + 1}`).toHaveAttribute("aria-pressed", String(index < rating));
  }
}

/**
 * Holds the page's POSTs to the tool page (the vote and comment actions) while armed, so the
 * saving state can be seen before the answer arrives.
 */
async function holdToolPosts(page: Page) {
  let gate: Promise<void> | null = null;
  let open = () => {};
  let held = 0;
  await page.route(
    (url) => url.pathname.startsWith(TOOL_PATH),
    async (route) => {
      if (route.request().method() !== "POST" || !gate) return route.continue();
      held += 1;
      await gate;
      await route.continue();
    },
  );
  return {
    arm() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = null;
      open();
    },
    held: () => held,
  };
}

function recordPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test.describe("signed out", () => {
  test("a star asks to sign in, opens the dialog and records nothing", async ({ page }) => {
    await page.goto(TOOL_PATH);
    const posts = recordPosts(page);
    await star(page, 3).click();
    await expectToast(page, "Authentication required", "Please sign in to vote for tools");
    await expect(authDialog(page, "Sign in to your account")).toBeVisible();
    await page.keyboard.press("Escape");
    await expectMyRating(page, 0);
    expect(posts).toEqual([]);
  });

  test("posting a comment asks to sign in, opens the dialog and keeps the text", async ({ page }) => {
    await page.goto(TOOL_PATH);
    const posts = recordPosts(page);
    const box = commentsRegion(page).getByLabel("Add a comment");
    await box.fill("Useful for earnings calls.");
    await postButton(page).click();
    await expectToast(page, "Authentication required", "Please sign in to comment");
    await expect(authDialog(page, "Sign in to your account")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(box).toHaveValue("Useful for earnings calls.");
    expect(posts).toEqual([]);
  });
});

test("a signed-in user votes, changes the vote and comments; visitors see the result", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("voter");
  const hold = await holdToolPosts(page);

  await test.step("before: the demo's votes, no comments (and the anonymous page is now cached)", async () => {
    await page.goto(TOOL_PATH);
    await expect(toolHeader(page)).toContainText(demoRatingShown(TOOL.slug));
    await expect(commentsRegion(page)).toContainText("No comments yet. Be the first to comment!");
  });

  await signedInAsNewAccount(page, baseURL, email);
  await page.goto(TOOL_PATH);
  await expect(accountMenuButton(page, email)).toBeVisible();
  await expectMyRating(page, 0);

  await test.step("a first vote: stars disabled while saving, then filled up to it, with the new average", async () => {
    hold.arm();
    await star(page, 4).click();
    await expect.poll(hold.held, { message: "the vote was sent" }).toBe(1);
    for (const button of stars(page)) await expect(button).toBeDisabled();
    hold.release();

    await expectToast(page, "Vote recorded", "Thank you for your feedback!");
    for (const button of stars(page)) await expect(button).toBeEnabled();
    await expectMyRating(page, 4);
    await expect(toolHeader(page)).toContainText(demoRatingShown(TOOL.slug, 4));
  });

  await test.step("a second vote replaces the first", async () => {
    await star(page, 2).click();
    await expectToast(page, "Vote recorded", "Thank you for your feedback!");
    await expectMyRating(page, 2);
    await expect(toolHeader(page)).toContainText(demoRatingShown(TOOL.slug, 2));

    await page.reload();
    await expectMyRating(page, 2);
    await expect(toolHeader(page)).toContainText(demoRatingShown(TOOL.slug, 2));
  });

  const markup = "Solid for filings. <b>bold</b> & <i>not italic</i>";
  const second = "Second thought: the API docs are thin.";

  await test.step("the comment box: empty or blank text cannot be posted, the counter counts", async () => {
    const comments = commentsRegion(page);
    const box = comments.getByLabel("Add a comment");
    await expect(comments).toContainText("No comments yet. Be the first to comment!");
    await expect(box).toHaveAttribute("maxlength", "2000");
    await expect(comments).toContainText("0/2,000");
    await expect(postButton(page)).toBeDisabled();
    await box.fill("   \n  ");
    await expect(postButton(page)).toBeDisabled();
    await box.fill(markup);
    await expect(comments).toContainText(`${markup.length}/2,000`);
    await expect(postButton(page)).toBeEnabled();
  });

  await test.step("posting: disabled while saving, then cleared, the comment shown as plain text", async () => {
    const comments = commentsRegion(page);
    hold.arm();
    await postButton(page).click();
    await expect.poll(hold.held, { message: "the comment was sent" }).toBe(2);
    await expect(postButton(page)).toBeDisabled();
    hold.release();

    await expectToast(page, "Comment posted", "Your comment has been posted successfully!");
    await expect(comments.getByLabel("Add a comment")).toHaveValue("");
    await expect(comments).toContainText("0/2,000");
    const items = comments.getByRole("listitem");
    await expect(items).toHaveCount(1);
    // A generated name, never the address's local part (decision 147).
    await expect(items.first()).toContainText(GENERATED_NAME_IN_TEXT);
    await expect(items.first()).not.toContainText(usernameOf(email));
    await expect(items.first()).toContainText(/less than a minute ago|just now/);
    // What the user typed, character for character: no markup made of it.
    await expect(items.first().getByText(markup, { exact: true })).toBeVisible();
    await expect(comments.locator("b, i")).toHaveCount(0);
    await expect(comments).not.toContainText("No comments yet");
  });

  await test.step("the newest comment comes first", async () => {
    const comments = commentsRegion(page);
    await comments.getByLabel("Add a comment").fill(second);
    await postButton(page).click();
    await expectToast(page, "Comment posted", "Your comment has been posted successfully!");
    const items = comments.getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(second);
    await expect(items.nth(1)).toContainText(markup);
  });

  await test.step("signed out, the page shows the new average and both comments", async () => {
    await signOut(page, email);
    await page.goto(TOOL_PATH);
    await expect(toolHeader(page)).toContainText(demoRatingShown(TOOL.slug, 2));
    await expectMyRating(page, 0);
    const items = commentsRegion(page).getByRole("listitem");
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(second);
    await expect(items.nth(0)).toContainText(GENERATED_NAME_IN_TEXT);
    await expect(items.nth(0)).not.toContainText(usernameOf(email));
  });
});
