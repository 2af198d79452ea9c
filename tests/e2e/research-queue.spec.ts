import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { slugOf } from "./tool-form-support";
import { FAKE_WEBSITES_ORIGIN } from "./support";
import { researchResultFor } from "../fakes/llm";
import { modelRequests, queueModelReplies, resetResearchFakes, searchRequests } from "../fakes/control-client";

// "Add many tools" (issue 35): twenty websites pasted, two of them sites of demo tools and one that
// does not answer, drafted by the research-queue job against the loopback websites, Brave Search and
// model fakes (tests/fakes/serve.ts), then ten drafts accepted at once and published with their logos
// and sources. The server's searches are paced at RESEARCH_SEARCH_PAUSE_MS (playwright.config.ts).

test.use({ storageState: adminStatePath() });

test("twenty websites give seventeen drafts, two held-back duplicates and one failure; ten accepted at once are published", async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  test.setTimeout(120_000);
  await resetResearchFakes();
  const stamp = Date.now();
  const names = Array.from({ length: 17 }, (_, index) => `Bulkdraft ${stamp} ${String.fromCharCode(65 + index)}`);
  // One model answer a drafted website, in the order the queue takes them (the failure asks nothing).
  await queueModelReplies(names.map((name) => ({ kind: "object", value: researchResultFor(name) })));
  const live = names.map((_, index) => `${FAKE_WEBSITES_ORIGIN}/with-icons/bulk-${stamp}-${index}`);
  const lines = [
    ...live.slice(0, 8),
    // Demo tools' sites: ChatGPT's, and Midjourney's under another host of the same domain.
    "https://chatgpt.com/",
    "https://midjourney.com/app",
    // Nothing listens there: the connection is refused.
    "http://127.0.0.1:1/",
    ...live.slice(8),
  ];
  expect(lines).toHaveLength(20);

  await page.goto("/admin/research-queue");
  await expect(page.getByRole("heading", { level: 1, name: "Add many tools" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByLabel("Websites", { exact: true }).fill(lines.join("\n"));
  await page.getByRole("button", { name: "Check websites" }).click();

  // What it will do and cost, before anything is fetched.
  const plan = page.getByRole("list", { name: "What it will do" });
  await expect(plan).toContainText("20 websites (0 repeats removed)");
  await expect(plan).toContainText("2 held back as likely duplicates");
  await expect(plan).toContainText("18 to research: 54 web searches and 18 model calls");
  await expect(plan).toContainText("at the configured pace");
  expect(await searchRequests()).toHaveLength(0);
  await page.getByRole("button", { name: "Start" }).click();
  await expectToast(page, "18 websites queued. 2 held back as likely duplicates.");

  // The job runs at once (Start queued it); the page shows its progress when reloaded.
  const progress = page.getByLabel("Progress");
  await expect(async () => {
    await page.reload();
    await expect(progress).toHaveText("18 of 18 done, 1 failed", { timeout: 500 });
  }).toPass({ timeout: 60_000, intervals: [500, 1_000] });
  expect(await modelRequests()).toHaveLength(17);
  expect(await searchRequests()).toHaveLength(51);

  const drafts = page.getByRole("region", { name: "Drafts" });
  await expect(drafts.getByRole("listitem")).toHaveCount(17);
  const duplicates = page.getByRole("region", { name: "Likely duplicates" });
  await expect(duplicates.getByRole("listitem")).toHaveCount(2);
  await expect(duplicates).toContainText("Likely duplicate: same site as ChatGPT");
  await expect(duplicates).toContainText("Likely duplicate: same site as Midjourney");
  const failed = page.getByRole("region", { name: "Failed" });
  await expect(failed.getByRole("listitem")).toHaveCount(1);
  await expect(failed).toContainText("Unreachable: http://127.0.0.1:1/");
  // Each draft has the logo found on its site.
  await expect(drafts.getByRole("img", { name: `${names[0]} logo` })).toHaveAttribute(
    "src",
    /^\/uploads\/tool-logos\/.+\.webp$/,
  );
  expect(await seriousViolations(page)).toEqual([]);

  // Ten at once: the last seven are unchecked.
  for (const name of names.slice(10)) await drafts.getByRole("checkbox", { name: `Select ${name}` }).uncheck();
  await page.getByRole("button", { name: "Accept selected" }).click();
  await expectToast(page, "10 tools published.");
  await expect(drafts.getByRole("listitem")).toHaveCount(7);

  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  for (const name of [names[0]!, names[9]!]) {
    const html = await (await anonymous.get(`/tool/${slugOf(name)}`)).text();
    expect(html).toContain(name);
    expect(html).toMatch(/src="\/uploads\/tool-logos\/[^"]+\.webp"/);
    // The change log names the pages each field came from.
    expect(html).toContain("Sources:");
  }
  expect((await anonymous.get(`/tool/${slugOf(names[10]!)}`)).status()).toBe(404);
  await anonymous.dispose();
  expect(browserErrors).toEqual([]);
});
