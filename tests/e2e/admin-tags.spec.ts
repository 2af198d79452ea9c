import { expectToast } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

// An administrator keeps the tag list: adds a tag, edits it in place, is told when a name is
// taken, and deletes it after confirming.

test.use({ storageState: adminStatePath() });

test("an administrator adds, edits and deletes a tag from the Tags page", async ({ page, browserErrors, baseURL }) => {
  const name = `Whiteboards ${Date.now()}`;
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Tags" }).click();
  await expect(page).toHaveURL("/admin/tags");
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();
  // The demo catalogue's tags, each with how many tools carry it.
  await expect(page.getByRole("row", { name: /^Chatbot .* chatbot \d+ Edit Chatbot/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Added: the slug is made from the name.
  const addForm = page.getByRole("region", { name: "Add a tag" });
  await addForm.getByLabel("Name", { exact: true }).fill(name);
  await addForm.getByLabel("Description", { exact: true }).fill("Draws diagrams together.");
  await addForm.getByRole("button", { name: "Add tag" }).click();
  await expectToast(page, "Tag created successfully");
  const slug = name.toLowerCase().replace(/ /g, "-");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByRole("cell")).toHaveText([`${name}Draws diagrams together.`, slug, "0", /^Edit .*Delete/]);
  await expect(addForm.getByLabel("Name", { exact: true })).toHaveValue("");

  // A second tag of the same name (in another case) is refused beside the field.
  await addForm.getByLabel("Name", { exact: true }).fill(name.toUpperCase());
  await addForm.getByRole("button", { name: "Add tag" }).click();
  await expectToast(page, "Failed to create tag: A tag with this name already exists");
  await expect(addForm.getByLabel("Name", { exact: true })).toBeFocused();
  await expect(addForm.getByText("A tag with this name already exists")).toBeVisible();
  // Only the server knows the names in use: Chromium logs its 400 answer, which is the refusal under test.
  const refusal = `console.error: Failed to load resource: the server responded with a status of 400 (Bad Request) (${baseURL}/admin/tags.data:0)`;
  expect(browserErrors).toContain(refusal);
  browserErrors.splice(browserErrors.indexOf(refusal), 1);
  await addForm.getByLabel("Name", { exact: true }).fill("");

  // Edited in place.
  await row.getByRole("link", { name: `Edit ${name}` }).click();
  const editForm = page.getByRole("region", { name: `Edit “${name}”` });
  await expect(editForm.getByLabel("Name", { exact: true })).toHaveValue(name);
  await editForm.getByLabel("Name", { exact: true }).fill(`${name} and canvases`);
  await editForm.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tag updated successfully");
  await expect(page).toHaveURL("/admin/tags");
  const renamed = page.getByRole("row", { name: new RegExp(`${name} and canvases`) });
  await expect(renamed.getByRole("cell").nth(1)).toHaveText(slug);

  // Deleted after confirming.
  await renamed.getByRole("button", { name: `Delete ${name} and canvases` }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this tag?" });
  await expect(dialog).toContainText("and from every tool that has it");
  await dialog.getByRole("button", { name: "Delete tag" }).click();
  await expectToast(page, "Tag deleted successfully");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
});
