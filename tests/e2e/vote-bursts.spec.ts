import type { APIRequestContext } from "@playwright/test";
import { createConfirmedAccount, fromClientAddress, uniqueEmail } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";
import { demoTool } from "./support";

// Trust in the numbers (decision 175): a burst of votes from fresh accounts on one tool raises one
// "Needs attention" item in the admin inbox, and the administrator discounts them in one action.
// AI Dungeon: no other spec reads its rating.
const TOOL = demoTool("ai-dungeon");
const VOTERS = 30;

test.use({ storageState: adminStatePath() });

/** A fresh, confirmed account made through the real sign-up and confirmation forms, then its vote. */
async function voteAsFreshAccount(
  newContext: (headers: Record<string, string>) => Promise<APIRequestContext>,
  baseURL: string | undefined,
  index: number,
): Promise<void> {
  // Sign-ups are limited per client address (10 an hour): each voter comes from one of its own.
  const request = await newContext(fromClientAddress(`198.51.100.${index + 1}`));
  try {
    await createConfirmedAccount(request, baseURL, uniqueEmail(`burst-voter-${index}`));
    const vote = await request.post(`/tool/${TOOL.slug}`, {
      headers: { origin: new URL(baseURL!).origin },
      form: { intent: "vote", rating: "5" },
      maxRedirects: 0,
    });
    expect(vote.status(), `the vote of voter ${index} is accepted`).toBeLessThan(400);
  } finally {
    await request.dispose();
  }
}

test("30 votes from fresh accounts raise one inbox item, which the administrator discounts", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const newContext = (headers: Record<string, string>) =>
    playwright.request.newContext({ baseURL, extraHTTPHeaders: headers, storageState: { cookies: [], origins: [] } });

  await test.step("30 fresh accounts vote on one tool", async () => {
    // A few at a time: the server hashes two passwords per account.
    for (let start = 0; start < VOTERS; start += 5) {
      await Promise.all(
        Array.from({ length: 5 }, (_, offset) => voteAsFreshAccount(newContext, baseURL, start + offset)),
      );
    }
  });

  const attention = page.getByRole("region", { name: /^Needs attention/ });
  const item = attention.getByRole("article", { name: `Votes on ${TOOL.name}` });

  await test.step("the inbox shows one item listing the votes", async () => {
    await page.goto("/admin/inbox");
    await expect(attention.getByRole("article")).toHaveCount(1);
    await expect(
      item.getByRole("heading", { name: `${VOTERS} votes from new accounts on ${TOOL.name}` }),
    ).toBeVisible();
    await expect(item.getByRole("listitem")).toHaveCount(VOTERS);
  });

  await test.step("the administrator discounts them, and the log says so", async () => {
    await item.getByRole("button", { name: "Discount votes" }).click();
    await expect(page.getByText(`${VOTERS} votes on ${TOOL.name} discounted.`)).toBeVisible();
    await expect(attention.getByText("No burst of votes from new accounts.")).toBeVisible();
    await expect(
      page
        .getByRole("region", { name: "Recent decisions" })
        .getByText(`discounted votes: ${TOOL.name}: ${VOTERS} votes from new accounts discounted`),
    ).toBeVisible();
  });
});
