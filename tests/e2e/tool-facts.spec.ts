import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";
import { createToolWithWebsite, slugOf } from "./tool-form-support";

// Facts with their sources (issue 32): an administrator states one on the tool form, the form
// refuses it without the page it came from, and the public page, its Markdown twin and the API
// show it with its source and checked date, the others as unknown.

test.use({ storageState: adminStatePath() });

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
