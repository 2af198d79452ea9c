import { fetchMail, waitForMail } from "../fakes/control-client";
import { expectToast, fromClientAddress, signedInAsNewAccount, uniqueEmail } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { expect, test } from "./fixtures";
import { runJobNow } from "./jobs-support";
import { demoTool } from "./support";
import { slugOf } from "./tool-form-support";

// Issue 34's "done when": a member follows a category; the admin publishes a tool in it and changes
// another's price; the digest job sends one email, read from the SMTP fake, listing both with links;
// its unsubscribe link stops the next digest without signing in. Publishing and repricing change
// public pages, so this spec runs with the specs that change public content (playwright.config.ts).
// AlphaSense: no other spec opens it. The job runs through /admin/jobs' "Run now": the server holds
// the embedded database, so `npm run jobs -- run digest` would be refused beside it.
const CLIENT = fromClientAddress("203.0.113.34");
test.use({ extraHTTPHeaders: CLIENT });

const REPRICED = demoTool("alphasense");
const DIGEST_JOB = "Follow digests and instant emails";

test("a member follows a category, gets one digest of a new tool and a price change, and unsubscribes from it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("follower");
  const published = `Ledgerly ${Date.now().toString(36)}`;
  await signedInAsNewAccount(page, baseURL, email);

  await test.step("the member follows Finance from its page", async () => {
    await page.goto("/category/Finance");
    const follow = page.getByRole("button", { name: "Follow Finance" });
    await expect(follow).toHaveAttribute("aria-pressed", "false");
    await follow.click();
    await expectToast(page, "Following", "You will hear about what changes here");
    await expect(follow).toHaveAttribute("aria-pressed", "true");
    await page.goto("/saved");
    const following = page.getByRole("region", { name: "Following" });
    await expect(following.getByRole("link", { name: "Finance" })).toHaveAttribute("href", "/category/Finance");
    await expect(following.getByRole("radio", { name: "Weekly digest" })).toBeChecked();
  });

  const admin = await browser.newContext({ storageState: adminStatePath(), extraHTTPHeaders: CLIENT });
  const adminPage = await admin.newPage();
  await test.step("the admin publishes a tool in Finance and changes another's price", async () => {
    await adminPage.goto("/admin/tools/new");
    await adminPage.getByLabel("Name", { exact: true }).fill(published);
    await adminPage.getByLabel("Category", { exact: true }).selectOption("Finance");
    await adminPage.getByLabel("Tagline", { exact: true }).fill("Books kept by reading your receipts");
    await adminPage.getByLabel("Description", { exact: true }).fill("<p>Reads receipts into a ledger.</p>");
    await adminPage.getByLabel("Website", { exact: true }).fill("https://ledgerly.example");
    await adminPage.getByLabel("Feature 1", { exact: true }).fill("Receipts to entries");
    await adminPage.getByLabel("Pricing model", { exact: true }).selectOption("free");
    await adminPage.getByRole("button", { name: "Save" }).click();
    await expectToast(adminPage, "Tool created successfully");

    await adminPage.goto("/admin/tools");
    await adminPage.getByRole("searchbox", { name: "Search tools by name or category" }).fill(REPRICED.name);
    await adminPage.getByRole("link", { name: `Edit ${REPRICED.name}` }).click();
    const plan = adminPage.getByRole("group", { name: "Pricing" }).getByRole("group", { name: "Plan 2" });
    await plan.getByLabel("Price").fill("$99/month");
    await adminPage.getByRole("button", { name: "Save" }).click();
    await expectToast(adminPage, "Tool updated successfully");
  });

  let unsubscribe = "";
  await test.step("one run of the digest job sends one email listing both, with links", async () => {
    await runJobNow(adminPage, DIGEST_JOB);
    const mail = await waitForMail(email);
    expect(await fetchMail(email)).toHaveLength(2); // the confirmation, then the digest
    expect(mail.subject).toBe("Your weekly Aitlas digest: 2 updates");
    const origin = new URL(baseURL!).origin;
    expect(mail.text).toContain(`- ${published} (Finance)`);
    expect(mail.links).toContain(`${origin}/tool/${slugOf(published)}`);
    expect(mail.text).toMatch(new RegExp(`- ${REPRICED.name}\\n  Starting price: .* → \\$99/month`));
    expect(mail.links).toContain(`${origin}/tool/${REPRICED.slug}`);
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${origin}/unsubscribe/one-click\\?token=[^>]+>$`));
    unsubscribe = mail.links.find((link) => new URL(link).pathname === "/unsubscribe") ?? "";
    expect(unsubscribe, mail.text).not.toBe("");
  });

  await test.step("its unsubscribe link works signed out, and the next digest is not sent", async () => {
    const stranger = await browser.newContext({ extraHTTPHeaders: CLIENT });
    const signedOut = await stranger.newPage();
    await signedOut.goto(unsubscribe);
    await signedOut.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(signedOut.getByRole("status")).toContainText("You are unsubscribed");
    await stranger.close();

    await adminPage.goto(`/admin/tools`);
    await adminPage.getByRole("searchbox", { name: "Search tools by name or category" }).fill(REPRICED.name);
    await adminPage.getByRole("link", { name: `Edit ${REPRICED.name}` }).click();
    const plan = adminPage.getByRole("group", { name: "Pricing" }).getByRole("group", { name: "Plan 2" });
    await plan.getByLabel("Price").fill("$129/month");
    await adminPage.getByRole("button", { name: "Save" }).click();
    await expectToast(adminPage, "Tool updated successfully");
    await runJobNow(adminPage, DIGEST_JOB);
    expect(await fetchMail(email)).toHaveLength(2);
  });
  await admin.close();
});
