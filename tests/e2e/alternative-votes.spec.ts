import { accountMenuButton, fromClientAddress, signedInAsNewAccount, uniqueEmail } from "./accounts-support";
import { expect, test } from "./fixtures";
import { demoTool } from "./support";

// Murf AI: no other spec opens its alternatives, whose order a vote changes (decision 170).
const TOOL = demoTool("murf-ai");
const ALTERNATIVE = demoTool("elevenlabs");
test.use({ extraHTTPHeaders: fromClientAddress("203.0.113.32") });

test("a member says a listed tool is a good alternative, and the count shows it", async ({ page, baseURL }) => {
  const path = `/tool/${TOOL.slug}/alternatives`;
  const card = () =>
    page
      .getByRole("region", { name: `${TOOL.name} alternatives` })
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { level: 3, name: ALTERNATIVE.name }) });

  await page.goto(path);
  await expect(card().getByText("0 agree")).toBeVisible();
  await expect(card().getByRole("link", { name: /^Sign in to vote/ })).toBeVisible();

  const email = uniqueEmail("alternative-voter");
  await signedInAsNewAccount(page, baseURL, email);
  await page.goto(path);
  await expect(accountMenuButton(page, email)).toBeVisible();
  const good = card().getByRole("button", { name: new RegExp(`^Good alternative: ${ALTERNATIVE.name}`) });
  await expect(good).toHaveAttribute("aria-pressed", "false");
  await good.click();
  await expect(card().getByText("1 agree")).toBeVisible();
  await expect(good).toHaveAttribute("aria-pressed", "true");

  // Pressed again, it is taken back.
  await good.click();
  await expect(card().getByText("0 agree")).toBeVisible();
  await expect(good).toHaveAttribute("aria-pressed", "false");
});
