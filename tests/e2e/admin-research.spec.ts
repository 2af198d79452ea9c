import type { Page } from "@playwright/test";
import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { runJobNow } from "./jobs-support";
import { researchResultFor } from "../fakes/llm";
import {
  modelRequests,
  queueModelReplies,
  queueSearchReplies,
  resetResearchFakes,
  searchRequests,
} from "../fakes/control-client";

// The AI research assistant in the tool form, against the loopback Brave and Anthropic fakes that
// tests/fakes/serve.ts runs (the server's BRAVE_SEARCH_URL and ANTHROPIC_BASE_URL point at them).
// The fakes are shared, so these tests take turns.

test.use({ storageState: adminStatePath() });
test.describe.configure({ mode: "serial" });

test.beforeEach(async () => {
  await resetResearchFakes();
});

const dialogOf = (page: Page) => page.getByRole("dialog");

test("an administrator drafts a new tool with AI, watching each step, and the form is filled but not saved", async ({
  page,
  browserErrors,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const name = `Scribewise ${Date.now()}`;
  const result = researchResultFor(name);
  result.productInfo.website = "https://scribewise.example";
  result.productInfo.pricing = { free: "Free plan with 10 drafts a month", pro: "$12/month", enterprise: "N/A" };
  await queueSearchReplies([
    {
      kind: "results",
      results: [
        { title: "Scribewise pricing", url: "https://scribewise.example/pricing", description: "Plans and prices" },
      ],
    },
    {
      kind: "results",
      results: [{ title: "Scribewise review", url: "https://reviews.example/scribewise", description: "A review" }],
    },
    {
      kind: "results",
      results: [
        {
          title: "Scribewise alternatives",
          url: "https://alternatives.example/scribewise",
          description: "Alternatives",
        },
      ],
    },
  ]);
  // The model takes a moment, so the steps before it can be watched.
  await queueModelReplies([
    { kind: "delay", ms: 2_500, then: { kind: "object", value: result, usage: { input: 4321, output: 987 } } },
  ]);

  await page.goto("/admin/tools/new");
  // The keys the server was started with (playwright.config.ts) reach neither the page nor the stream.
  const keys = ["e2e-brave-key", "e2e-llm-key"];
  for (const key of keys) expect(await page.content()).not.toContain(key);
  await page.getByRole("button", { name: "Create with AI" }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("heading", { name: "Create New Tool with AI" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const submit = dialog.getByRole("button", { name: "Create", exact: true });
  await expect(submit).toBeDisabled();
  await dialog.getByRole("textbox").fill("Scribewise");
  await submit.click();

  await expect(submit).toBeDisabled();
  const progress = dialog.getByRole("progressbar", { name: "Research progress" });
  await expect(progress).toBeVisible();
  await expect(dialog.getByText("Searching the web for “Scribewise AI tool features and pricing”")).toBeVisible();
  await expect(dialog.getByText("Searching the web for “Scribewise alternatives and competitors”")).toBeVisible();
  // All three searches done and the model at work: three of four steps and a half.
  await expect(dialog.getByRole("link", { name: /Scribewise alternatives/ })).toBeVisible();
  await expect(progress).toHaveAttribute("aria-valuenow", /^8[0-9]/);
  expect(await seriousViolations(page)).toEqual([]);

  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expectToast(page, "AI-generated content applied");

  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue("Other");
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(
    new RegExp(`^<p>${name} is an AI assistant`),
  );
  await expect(page.getByLabel("Website", { exact: true })).toHaveValue("https://scribewise.example");
  await expect(page.getByLabel("Logo URL", { exact: true })).toHaveValue("https://scribewise.example");
  // The spec takes a new tool's logo from its website, which is no image (nor, here, a real host):
  // the preview fails to load, as the summary beside the form warns, and shows the placeholder.
  const failedPreview =
    "console.error: Failed to load resource: net::ERR_NAME_NOT_RESOLVED (https://scribewise.example/:0)";
  await expect.poll(() => browserErrors.includes(failedPreview)).toBe(true);
  browserErrors.splice(browserErrors.indexOf(failedPreview), 1);
  await expect(page.getByText(/The Logo URL was set from the website address/)).toBeVisible();
  await expect(page.getByLabel("Feature 1", { exact: true })).toHaveValue(result.productInfo.features[0]!);
  await expect(page.getByLabel("Pro 1", { exact: true })).toHaveValue(result.marketResearch.uniqueSellingPoints[0]!);
  await expect(page.getByLabel("Con 1", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Plan name").nth(0)).toHaveValue("Free");
  await expect(page.getByLabel("Price").nth(1)).toHaveValue("$12/month");
  await expect(page.getByLabel("Plan name")).toHaveCount(2);
  // The catalogue facts: tagline, pricing model and starting price filled in; the suggested tags
  // that are in the list checked, the one that is not only proposed beside the form.
  await expect(page.getByLabel("Tagline", { exact: true })).toHaveValue(result.productInfo.tagline!);
  await expect(page.getByLabel("Pricing model", { exact: true })).toHaveValue("freemium");
  // The starting price is the drafted plans' cheapest paid one, not the research's own text.
  await expect(page.getByTestId("starting-price-preview")).toHaveText("Starting price: $12/month (from the plans)");
  const tags = page.getByRole("group", { name: "Tags" });
  await expect(tags.getByRole("checkbox", { name: "Document analysis" })).toBeChecked();
  await expect(tags.getByRole("checkbox", { name: "Team plans" })).toBeChecked();
  await expect(tags.getByRole("checkbox", { name: "Chatbot" })).not.toBeChecked();
  await expect(page.getByText("Proposed new tags: Knowledge base")).toBeVisible();

  // The sources stay beside the form for checking the facts.
  await expect(page.getByRole("link", { name: /Scribewise review/ })).toBeVisible();

  expect((await searchRequests()).map((request) => request.q)).toEqual([
    "Scribewise AI tool features and pricing",
    "Scribewise reviews and comparison",
    "Scribewise alternatives and competitors",
  ]);
  expect(await modelRequests()).toHaveLength(1);
  // The stream the dialog read, fetched again as the admin: events and the result, no key.
  const events = await (
    await page.request.post("/admin/research", {
      form: { mode: "create", subject: "Scribewise" },
      headers: { Origin: baseURL! },
    })
  ).text();
  expect(events).toContain('"type":"result"');
  for (const key of keys) expect(events).not.toContain(key);
  // Nothing was saved: the form is still the create form, and the tool has no page.
  await expect(page).toHaveURL("/admin/tools/new");
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  expect((await page.request.get(`/tool/${slug}`)).status()).toBe(404);
});

test("an administrator cancels a run, then updates a stored tool: name, category, logo and cons are kept", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto("/admin/tools");
  await page
    .getByRole("link", { name: /^Edit / })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
  const name = await page.getByLabel("Name", { exact: true }).inputValue();
  const category = await page.getByLabel("Category", { exact: true }).inputValue();
  const logo = await page.getByLabel("Logo URL", { exact: true }).inputValue();
  const description = await page.getByLabel("Description", { exact: true }).inputValue();

  // A search that never answers: the admin gives up.
  await queueSearchReplies([{ kind: "hang" }]);
  await page.getByRole("button", { name: "Update with AI" }).click();
  const dialog = dialogOf(page);
  await expect(dialog.getByRole("heading", { name: "Update Tool with AI" })).toBeVisible();
  await expect(dialog.getByRole("textbox")).toHaveValue(name);
  await dialog.getByRole("button", { name: "Update", exact: true }).click();
  await expect(dialog.getByText(`Searching the web for “${name} latest updates”`)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(description);
  expect(await modelRequests()).toHaveLength(0);

  // Again, to the end.
  const refreshed = researchResultFor("A Different Name");
  refreshed.marketResearch.uniqueSellingPoints = ["Fresh selling point"];
  await queueModelReplies([{ kind: "object", value: refreshed }]);
  await page.getByRole("button", { name: "Update with AI" }).click();
  await dialog.getByRole("button", { name: "Update", exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 15_000 });
  await expectToast(page, "AI-generated content applied");

  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await expect(page.getByLabel("Category", { exact: true })).toHaveValue(category);
  await expect(page.getByLabel("Logo URL", { exact: true })).toHaveValue(logo);
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(/^<p>A Different Name is an AI assistant/);
  await expect(page.getByLabel("Pro 1", { exact: true })).toHaveValue("Fresh selling point");
  const year = new Date().getUTCFullYear();
  expect((await searchRequests()).map((request) => request.q).slice(-3)).toEqual([
    `${name} latest updates`,
    `${name} new features ${year}`,
    `${name} pricing changes`,
  ]);
});

test("a malformed model reply shows the spec's inline error and the dialog stays open to retry", async ({ page }) => {
  await queueModelReplies([{ kind: "text", text: "Sorry, I cannot help with that." }]);
  await page.goto("/admin/tools/new");
  await page.getByRole("button", { name: "Create with AI" }).click();
  const dialog = dialogOf(page);
  await dialog.getByRole("textbox").fill("Mystery Tool");
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Invalid response format from AI", { timeout: 15_000 });
  await expect(dialog.getByRole("button", { name: "Create", exact: true })).toBeEnabled();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  expect(await seriousViolations(page)).toEqual([]);
});

test("a scheduled AI refresh proposes a new price with its source; accepted, the tool page and /changes show it", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const pricingPage = {
    title: "Plans and pricing",
    url: "https://pricing-refresh.example/plans",
    description: "Pro now costs $29 per month; the free plan stays.",
  };
  await queueSearchReplies([
    { kind: "results", results: [pricingPage] },
    {
      kind: "results",
      results: [{ title: "A review", url: "https://reviews.example/refresh", description: "A review" }],
    },
    {
      kind: "results",
      results: [{ title: "Alternatives", url: "https://alternatives.example/refresh", description: "" }],
    },
  ]);
  const result = researchResultFor("Refreshed");
  result.productInfo.pricing = { free: "Free plan", pro: "$29/month", enterprise: "Contact sales" };
  await queueModelReplies([{ kind: "object", value: result, usage: { input: 1200, output: 400 } }]);

  // The server runs one tool per refresh (REFRESH_BATCH_SIZE=1), the least recently refreshed.
  await runJobNow(page, "AI refresh proposals");
  expect(await searchRequests()).toHaveLength(3);

  await page.goto("/admin/proposals");
  const proposal = page.getByRole("region").filter({ hasText: pricingPage.title });
  await expect(proposal).toHaveCount(1);
  const toolName = (await proposal.getByRole("heading", { level: 2 }).textContent())!.trim();
  await expect(proposal.getByRole("link", { name: pricingPage.title }).first()).toHaveAttribute(
    "href",
    pricingPage.url,
  );
  await proposal.getByRole("button", { name: "Accept pricing" }).click();
  await expectToast(page, `${toolName}: 1 change saved`);

  // The public page (as an anonymous visitor sees it) shows the new price and where it came from.
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const changes = await (await anonymous.get("/changes")).text();
  expect(changes).toContain(toolName);
  expect(changes).toContain(pricingPage.url);
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`${baseURL}/changes`);
  const entry = visitor.getByRole("listitem").filter({ hasText: toolName }).filter({ hasText: "Pricing" }).first();
  await expect(entry).toContainText("AI proposal accepted by");
  await entry.getByRole("link", { name: toolName }).first().click();
  await expect(visitor.getByText("$29/month").first()).toBeVisible();
  const history = visitor.getByRole("region", { name: "History" });
  await expect(history).toContainText("Pricing");
  // The plans' entry and the starting price derived from them (decision 166) both cite the pricing page.
  const cited = history.getByRole("link", { name: new RegExp(pricingPage.title) });
  await expect(cited).toHaveCount(2);
  for (const link of await cited.all()) await expect(link).toHaveAttribute("href", pricingPage.url);
  await visitor.close();
});
