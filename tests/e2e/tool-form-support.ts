import type { Page } from "@playwright/test";
import { expectToast } from "./accounts-support";

/** The slug the server makes of a name. */
export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** Adds a tool through the admin form with `website` and the other required fields filled; ends on the tool list. */
export async function createToolWithWebsite(page: Page, name: string, website: string) {
  await page.goto("/admin/tools/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Category", { exact: true }).selectOption("Productivity");
  await page.getByLabel("Tagline", { exact: true }).fill("Keeps meeting notes for a team that has moved on");
  await page.getByLabel("Description", { exact: true }).fill("<p>Drafts meeting notes from a transcript.</p>");
  await page.getByLabel("Website", { exact: true }).fill(website);
  await page.getByLabel("Feature 1", { exact: true }).fill("Summaries in one click");
  await page.getByLabel("Pricing model", { exact: true }).selectOption("free");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tool created successfully");
}
