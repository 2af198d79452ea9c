import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";
import { runJobNow } from "./jobs-support";
import { createToolWithWebsite, slugOf } from "./tool-form-support";
import { researchResultFor } from "../fakes/llm";
import { queueModelReplies, queueSearchReplies, resetResearchFakes } from "../fakes/control-client";

// Facts with their sources (issue 32): an administrator states one on the tool form, the form
// refuses it without the page it came from, and the public page, its Markdown twin and the API
// show it with its source and checked date, the others as unknown.

test.use({ storageState: adminStatePath() });
// The research fakes are shared with admin-research.spec.ts: these tests take turns.
test.describe.configure({ mode: "serial" });

test("an administrator states a fact with its source; the tool page, the .md twin and the API show it", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const name = `Factful ${Date.now()}`;
  const slug = slugOf(name);
  await createToolWithWebsite(page, name, "https://factful.example");

  await page.goto(`/tool/${slug}`);
  const facts = page.getByTestId("tool-facts");
  await expect(facts.locator('[data-fact="api"]')).toContainText("Unknown");
  await page.getByRole("link", { name: "Edit Tool" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();

  // A known fact needs its source: refused in the browser, with the message beside the field.
  const form = page.getByRole("group", { name: "Facts" });
  await form.getByLabel("API", { exact: true }).selectOption("yes");
  await form.getByLabel("API: docs link", { exact: true }).fill("https://factful.example/docs");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("Source URL is required when the fact is known")).toBeVisible();
  // The checked date became today when the fact was edited.
  await expect(form.getByLabel("API: checked", { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);

  await form.getByLabel("API: source URL", { exact: true }).fill("https://factful.example/developers");
  await form.getByLabel("API: checked", { exact: true }).fill("2026-11-20");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tool updated successfully");

  await page.goto(`/tool/${slug}`);
  const api = page.getByTestId("tool-facts").locator('[data-fact="api"]');
  await expect(api).toContainText("Yes — https://factful.example/docs");
  await expect(api.getByRole("link", { name: "Source for API" })).toHaveAttribute(
    "href",
    "https://factful.example/developers",
  );
  await expect(api).toContainText("Checked 20 Nov 2026");
  await expect(page.getByTestId("tool-facts").locator('[data-fact="free_plan"]')).toContainText("Unknown");
  // The change log names the fact, with the page it came from.
  const history = page.getByRole("region", { name: "History" });
  await expect(history.getByText("API", { exact: true })).toBeVisible();

  const twin = await (await anonymous.get(`/tool/${slug}.md`)).text();
  expect(twin).toContain(
    "- API: Yes (https://factful.example/docs) ([source](https://factful.example/developers), checked 2026-11-20)",
  );
  expect(twin).toContain("- Free plan: Unknown");
  const answer = (await (await anonymous.get(`/api/v1/tools/${slug}`)).json()) as {
    facts: Record<string, unknown>;
  };
  expect(answer.facts.api).toEqual({
    value: "yes",
    detail: "https://factful.example/docs",
    source_url: "https://factful.example/developers",
    checked_at: "2026-11-20",
  });
  expect(answer.facts.free_plan).toBeNull();
});

test("a scheduled AI refresh proposes a fact with the page it cites; accepted, the tool page shows it with that source", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await resetResearchFakes();
  const stamp = Date.now();
  const plansPage = {
    title: `Plans compared ${stamp}`,
    url: `https://facts-refresh.example/plans-${stamp}`,
    description: "A free plan with 20 projects; paid plans add teams.",
  };
  await queueSearchReplies([
    { kind: "results", results: [plansPage] },
    { kind: "results", results: [{ title: "News", url: "https://news.example/facts-refresh", description: "" }] },
    { kind: "results", results: [] },
  ]);
  const detail = `20 projects (${stamp})`;
  await queueModelReplies([
    {
      kind: "object",
      value: {
        ...researchResultFor("Refreshed"),
        facts: [{ fact: "free_plan", value: "yes", items: [], detail, sourceUrl: plansPage.url }],
      },
    },
  ]);

  // The server refreshes one tool per run (REFRESH_BATCH_SIZE=1), the least recently refreshed.
  await runJobNow(page, "AI refresh proposals");
  await page.goto("/admin/proposals");
  const proposal = page.getByRole("region").filter({ hasText: plansPage.title });
  await expect(proposal).toHaveCount(1);
  const toolName = (await proposal.getByRole("heading", { level: 2 }).textContent())!.trim();
  const toolPath = (await proposal.getByRole("link", { name: "View page" }).getAttribute("href"))!;
  await expect(proposal).toContainText(`Yes (${detail}) — source: ${plansPage.url}`);
  await proposal.getByRole("button", { name: "Accept free plan" }).click();
  await expectToast(page, `${toolName}: 1 change saved`);

  await page.goto(toolPath);
  const freePlan = page.getByTestId("tool-facts").locator('[data-fact="free_plan"]');
  await expect(freePlan).toContainText(`Yes — ${detail}`);
  await expect(freePlan.getByRole("link", { name: "Source for Free plan" })).toHaveAttribute("href", plansPage.url);
  const history = page.getByRole("region", { name: "History" });
  const entry = history.getByRole("listitem").filter({ hasText: "Free plan" }).first();
  await expect(entry).toContainText("AI proposal accepted by");
  await expect(entry.getByRole("link", { name: new RegExp(plansPage.title) })).toHaveAttribute("href", plansPage.url);
});
