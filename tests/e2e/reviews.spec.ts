import type { Page } from "@playwright/test";
import { expectToast, fromClientAddress, signedInAsNewAccount, uniqueEmail } from "./accounts-support";
import { expect, test } from "./fixtures";
import { demoRatingShown, demoTool } from "./support";
import { demoVotes } from "../../app/server/db/demo/reviews.server";

// Issue 33's reviews, end to end: a member votes with a review, another marks it helpful, and the
// "Most helpful" order changes. Descript: no other spec opens it; its one demo review has one mark.
const TOOL = demoTool("descript");
const TOOL_PATH = `/tool/${TOOL.slug}`;
const demoReview = demoVotes.find((vote) => vote.slug === TOOL.slug && vote.review)!.review!;
test.use({ extraHTTPHeaders: fromClientAddress("203.0.113.33") });

const reviewsRegion = (page: Page) => page.getByRole("region", { name: "Ratings and reviews" });
/** The reviews' texts in the order shown (each item's paragraph after its stars and "Used for"). */
const reviewTexts = (page: Page) => reviewsRegion(page).getByRole("listitem").filter({ hasText: "found this helpful" });

test("a member's review, marked helpful by another, moves up the most helpful order", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const mine = "I cut a recorded interview down to twenty minutes by deleting sentences from the transcript.";

  await test.step("the distribution reads as text, the demo review leads", async () => {
    await page.goto(TOOL_PATH);
    const distribution = reviewsRegion(page).getByRole("list", { name: "Rating distribution" });
    for (const stars of [5, 4, 3, 2, 1]) {
      const votes = demoVotes.filter((vote) => vote.slug === TOOL.slug && vote.rating === stars).length;
      await expect(distribution).toContainText(
        `${stars} ${stars === 1 ? "star" : "stars"}: ${votes} ${votes === 1 ? "vote" : "votes"}`,
      );
    }
    await expect(reviewTexts(page)).toHaveCount(1);
    await expect(reviewTexts(page).first()).toContainText(demoReview.text);
  });

  await test.step("a member votes with a review", async () => {
    await signedInAsNewAccount(page, baseURL, uniqueEmail("reviewer"));
    await page.goto(TOOL_PATH);
    const rate = page.getByRole("region", { name: "Rate this tool" });
    await rate.getByText("Add a review (optional)").click();
    await rate.getByLabel("Your review").fill(mine);
    await rate.getByLabel("What did you use it for? (optional)").fill("Editing an interview");
    await rate.getByRole("button", { name: "Rate 4 stars", exact: true }).click();
    await expectToast(page, "Vote recorded", "Thank you for your feedback!");
    await expect(page.getByRole("article").locator("header")).toContainText(demoRatingShown(TOOL.slug, 4));
    // Most helpful: the demo review's mark keeps it first; newest puts the new one first.
    await expect(reviewTexts(page)).toHaveCount(2);
    await expect(reviewTexts(page).nth(0)).toContainText(demoReview.text);
    await expect(reviewTexts(page).nth(1)).toContainText(mine);
    await expect(reviewTexts(page).nth(1)).toContainText("Used for: Editing an interview");
    // One's own review has no Helpful button.
    await expect(
      reviewTexts(page)
        .nth(1)
        .getByRole("button", { name: /^Helpful/ }),
    ).toHaveCount(0);
  });

  await test.step("another member marks it helpful, and it moves up", async () => {
    await page.context().clearCookies();
    await signedInAsNewAccount(page, baseURL, uniqueEmail("reader"));
    await page.goto(TOOL_PATH);
    await reviewTexts(page)
      .nth(1)
      .getByRole("button", { name: /^Helpful/ })
      .click();
    await expectToast(page, "Marked helpful", "Thank you. Your mark helps others find useful reviews.");
    // One mark each: the newer review comes first.
    await expect(reviewTexts(page).nth(0)).toContainText(mine);
    await expect(reviewTexts(page).nth(0)).toContainText("You found this helpful");
    await expect(reviewTexts(page).nth(0)).toContainText("1 person found this helpful");
    await expect(reviewTexts(page).nth(1)).toContainText(demoReview.text);
  });

  await test.step("the orders are links: Newest is its own address", async () => {
    await reviewsRegion(page).getByRole("link", { name: "Newest" }).click();
    await expect(page).toHaveURL(`${TOOL_PATH}?reviews=newest#reviews-heading`);
    await expect(reviewsRegion(page).getByRole("link", { name: "Newest" })).toHaveAttribute("aria-current", "true");
    await expect(reviewTexts(page).nth(0)).toContainText(mine);
  });
});
