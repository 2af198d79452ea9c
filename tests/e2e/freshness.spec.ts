import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";
import { runJobNow } from "./jobs-support";
import { createToolWithWebsite, slugOf } from "./tool-form-support";
import { FAKE_WEBSITES_ORIGIN } from "./support";

// A catalogue that stays true (issue 14): a link check finds a dead website, the administrator
// sees it flagged and marks the tool discontinued, and the public page, the lists and the change
// log say so. The tool's website is the loopback fake's /gone/... (404); the server runs with
// OUTBOUND_ALLOW_PRIVATE=true and no schedules, so the checks run when "Run now" is pressed.

test.use({ storageState: adminStatePath() });

test("a dead website is flagged after three failed checks; marked discontinued, its page says so and the lists leave it out", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const name = `Gonefile ${Date.now()}`;
  const slug = slugOf(name);
  await createToolWithWebsite(page, name, `${FAKE_WEBSITES_ORIGIN}/gone/${slug}`);

  // The schedule's page: both jobs, their cron expressions, and Run now for each.
  await page.goto("/admin/jobs");
  await expect(page.getByRole("heading", { level: 1, name: "Jobs" })).toBeVisible();
  const schedules = page.getByRole("region", { name: "Schedules" });
  await expect(schedules.getByRole("row", { name: /Website link check/ })).toContainText("Off");
  await expect(schedules.getByRole("button", { name: "Run now: AI refresh proposals" })).toBeVisible();

  for (let run = 1; run <= 3; run += 1) {
    await runJobNow(page, "Website link check");
    if (run < 3) {
      // Failing, not yet flagged: the public page already says the website does not answer.
      const text = await (await anonymous.get(`/tool/${slug}`)).text();
      expect(text).toContain("Website unreachable since");
    }
  }

  // Three failures in a row: counted on the dashboard and listed with what went wrong.
  await page.goto("/admin");
  await expect(page.getByTestId("flagged-count")).not.toHaveText("0");
  await page.getByRole("link", { name: /whose website keeps failing/ }).click();
  await expect(page).toHaveURL("/admin/tools?flagged=1");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Client error");
  await expect(row).toContainText("3 failed checks in a row");

  await row.getByRole("button", { name: `Mark discontinued ${name}` }).click();
  await expectToast(page, `${name} marked discontinued`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);

  // The public page stays, with the banner and its last known facts; lists and search leave it out.
  const toolPage = await page.context().newPage();
  await toolPage.goto(`/tool/${slug}`);
  await expect(toolPage.getByRole("note").filter({ hasText: "Discontinued" })).toContainText(
    `${name} was marked discontinued on`,
  );
  await expect(toolPage.getByText("Website unreachable since")).toBeVisible();
  await expect(toolPage.getByText("Drafts meeting notes from a transcript.")).toBeVisible();

  const searched = await (await anonymous.get(`/?q=${encodeURIComponent(name)}`)).text();
  expect(searched).not.toContain(`href="/tool/${slug}"`);
  const graveyard = await (await anonymous.get(`/?q=${encodeURIComponent(name)}&status=discontinued`)).text();
  expect(graveyard).toContain(`href="/tool/${slug}"`);

  // The change log says what changed, publicly. Specs running beside this one write entries too (an
  // accepted research draft logs each of its fields), so the entry may be past the first page.
  const pageWithEntry = async () => {
    for (let number = 1; number <= 10; number += 1) {
      // Signed in, as toolPage is: never a cached page from before the change.
      const html = await (await toolPage.request.get(`/changes?page=${number}`)).text();
      if (html.includes(`href="/tool/${slug}"`)) return number;
    }
    return null;
  };
  const number = await pageWithEntry();
  expect(number, "the discontinued tool's entry is on one of the first ten pages of /changes").not.toBeNull();
  await toolPage.goto(`/changes?page=${number}`);
  await expect(toolPage.getByRole("link", { name }).first()).toBeVisible();
});
