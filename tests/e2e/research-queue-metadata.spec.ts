import type { ServerResponse } from "node:http";
import { listenOnLoopback, type LoopbackServer } from "../fakes/http";
import { cleanUpServers, startServer, temporaryDir, type RunningServer } from "../setup/production-server";
import { expectToast, PASSWORD, uniqueEmail } from "./accounts-support";
import { expect, test } from "./fixtures";

// "Add many tools" without the research assistant (issue 35, decision 154): a server of its own,
// started without BRAVE_API_KEY or a model, drafts each website from its own page only: the name
// from og:site_name or the title, the tagline and description from the meta description. The
// websites are loopback pages served by this spec (OUTBOUND_ALLOW_PRIVATE lets the server read them).
// A metadata-only draft lacks a category and features, so it is published through the tool form.

const SITES: Record<string, { head: string; name: string; description: string }> = {
  "/lumen": {
    head: '<title>Lumen Notes – AI meeting notes</title><meta name="description" content="Lumen Notes turns meeting recordings into summaries and action items.">',
    name: "Lumen Notes",
    description: "Lumen Notes turns meeting recordings into summaries and action items.",
  },
  "/brushwork": {
    head: '<title>Paint with prompts</title><meta property="og:site_name" content="Brushwork"><meta property="og:description" content="Brushwork paints book covers from a sentence.">',
    name: "Brushwork",
    description: "Brushwork paints book covers from a sentence.",
  },
  "/tallyho": {
    head: '<title>Tallyho | Spreadsheets that explain themselves</title><meta name="description" content="Tallyho writes formulas and explains every cell in plain words.">',
    name: "Tallyho",
    description: "Tallyho writes formulas and explains every cell in plain words.",
  },
};

let sites: LoopbackServer;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  sites = await listenOnLoopback({
    handler(_request, response: ServerResponse, url) {
      const site = SITES[url.pathname];
      response.writeHead(site ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
      response.end(site ? `<!doctype html><html><head>${site.head}</head><body><p>Welcome.</p></body></html>` : "");
    },
  });
  server = await startServer(
    {
      DATA_DIR: temporaryDir(),
      SEED_DEMO: "false",
      // Empty means unset: no research assistant, whatever the shell holds.
      BRAVE_API_KEY: "",
      ANTHROPIC_API_KEY: "",
      AI_API_KEY: "",
      AI_BASE_URL: "",
      AI_MODEL: "",
      OUTBOUND_ALLOW_PRIVATE: "true",
      LINK_CHECK_CRON: "off",
      REFRESH_CRON: "off",
    },
    100_000,
  );
});

test.afterAll(async () => {
  await cleanUpServers();
  await sites?.close();
});

test("without the research assistant, pasted websites become drafts from their own pages, and one is published", async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  // The first administrator, through the setup link this server printed.
  await expect
    .poll(() => server.logs.find((line) => String(line.link ?? "").includes("/setup/admin?token=")))
    .toBeTruthy();
  const setupLink = String(server.logs.find((line) => String(line.link ?? "").includes("/setup/admin?token="))!.link);
  await page.goto(setupLink);
  await page.getByLabel("Email").fill(uniqueEmail("metadata-admin"));
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create administrator" }).click();
  await expectToast(page, "Successfully signed in!", "You are the administrator.");

  await page.goto(`${server.url}/admin/research-queue`);
  await expect(page.getByRole("heading", { level: 1, name: "Add many tools" })).toBeVisible();
  const notice = page.getByRole("alert").filter({ hasText: "The research assistant is not configured" });
  await expect(notice).toContainText(
    "Drafts come from each site's own page only (title, description, logo): complete them in the tool form before publishing. Set BRAVE_API_KEY and a model for full drafts.",
  );
  const websites = Object.keys(SITES).map((path) => `${sites.origin}${path}`);
  await page.getByLabel("Websites", { exact: true }).fill(websites.join("\n"));
  await page.getByRole("button", { name: "Check websites" }).click();
  const plan = page.getByRole("list", { name: "What it will do" });
  await expect(plan).toContainText("3 websites (0 repeats removed)");
  await expect(plan).toContainText("3 to research: 0 web searches and 0 model calls");
  await page.getByRole("button", { name: "Start" }).click();

  // The job runs at once (Start queued it); the page shows its progress when reloaded.
  const progress = page.getByLabel("Progress");
  await expect(async () => {
    await page.reload();
    await expect(progress).toHaveText("3 of 3 done, 0 failed", { timeout: 500 });
  }).toPass({ timeout: 60_000, intervals: [500, 1_000] });

  const drafts = page.getByRole("region", { name: "Drafts" });
  await expect(drafts.getByRole("listitem")).toHaveCount(3);
  for (const { name, description } of Object.values(SITES)) {
    const draft = drafts.getByRole("listitem", { name, exact: true });
    await expect(draft).toContainText(description);
    await expect(draft).toContainText(
      "Drafted from the site's own page only: the research assistant is not configured (set BRAVE_API_KEY and a model).",
    );
  }

  // Published through the form, which the draft fills: the admin adds what only research would find.
  await drafts.getByRole("link", { name: "Edit Lumen Notes" }).click();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Lumen Notes");
  await expect(page.getByLabel("Description", { exact: true })).toHaveValue(`<p>${SITES["/lumen"]!.description}</p>`);
  await expect(page.getByText(`Drafted from ${websites[0]} by Add many tools`)).toBeVisible();
  await page.getByLabel("Category", { exact: true }).selectOption("Productivity");
  await page.getByLabel("Feature 1", { exact: true }).fill("Action items from every meeting");
  await page.getByLabel("Pricing model", { exact: true }).selectOption("free");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tool created successfully");

  await page.goto(`${server.url}/admin/research-queue`);
  await expect(drafts.getByRole("listitem")).toHaveCount(2);
  await expect(drafts.getByRole("listitem", { name: "Lumen Notes", exact: true })).toHaveCount(0);
  const anonymous = await playwright.request.newContext({ storageState: { cookies: [], origins: [] } });
  const published = await anonymous.get(`${server.url}/tool/lumen-notes`);
  expect(published.status()).toBe(200);
  const html = await published.text();
  expect(html).toContain("Lumen Notes");
  expect(html).toContain(SITES["/lumen"]!.description);
  await anonymous.dispose();
});
