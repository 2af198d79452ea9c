import type { Page } from "@playwright/test";
import { expectToast } from "./accounts-support";
import { expect } from "./fixtures";

/**
 * Presses "Run now" for a job on /admin/jobs and waits until the run it queued has finished,
 * reloading the page (it does not refresh itself). Each look at the reloaded page is brief: a
 * check that waited the full expect timeout on a page that cannot change until the next reload
 * made every run cost 10 s however quickly it finished.
 */
export async function runJobNow(
  page: Page,
  job: "Website link check" | "AI refresh proposals" | "Follow digests and instant emails",
): Promise<void> {
  await page.goto("/admin/jobs");
  const runs = page.getByRole("region", { name: "Recent runs" }).getByRole("row", { name: new RegExp(job) });
  const before = await runs.count();
  await page.getByRole("button", { name: `Run now: ${job}` }).click();
  await expectToast(page, `${job} queued: it starts within a few seconds.`);
  await expect(async () => {
    await page.reload();
    await expect(runs).toHaveCount(before + 1, { timeout: 500 });
    await expect(runs.first()).toContainText("succeeded", { timeout: 500 });
  }).toPass({ timeout: 45_000, intervals: [250, 500] });
}
