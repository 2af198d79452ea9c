import { confirmationLink, signUpOverHttp, uniqueEmail } from "./accounts-support";
import { adminStatePath } from "./admin-support";
import { rulesFor, seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

const pages: { name: string; path: string; missing?: boolean }[] = [
  { name: "home", path: "/" },
  { name: "tool", path: "/tool/chatgpt" },
  { name: "article", path: "/article/how-to-choose-an-ai-writing-assistant" },
  { name: "category", path: "/category/Social%20Media" },
  { name: "tag, filtered", path: "/tag/transcription?pricing=free&pricing=freemium" },
  { name: "home, filtered", path: "/?pricing=paid&tag=api&sort=name" },
  { name: "comparison of two tools", path: "/compare/chatgpt-vs-midjourney" },
  { name: "comparison of four tools", path: "/compare?tools=chatgpt,claude,midjourney,runway" },
  { name: "compare start", path: "/compare" },
  { name: "alternatives", path: "/tool/claude/alternatives" },
  { name: "developers", path: "/developers" },
  { name: "comparison with an unknown tool", path: "/compare?tools=chatgpt,no-such-tool", missing: true },
  { name: "blog", path: "/blog" },
  { name: "about", path: "/about" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "sign in", path: "/sign-in" },
  { name: "confirmation with a spent link", path: "/auth/confirm?token=spent" },
  { name: "forgot password", path: "/forgot-password" },
  { name: "tool suggestion, signed out", path: "/submit" },
  { name: "password reset with a spent link", path: "/reset-password?token=spent" },
  { name: "not found", path: "/no/such/page", missing: true },
  { name: "tool not found", path: "/tool/does-not-exist", missing: true },
];

// Each page is one step of a test per colour scheme rather than a test of its own (decision 133):
// one browser context and fixture set-up for all of them. Soft assertions name every failing page.
// The light pass runs every axe rule; the dark pass, over the same pages and states, only the rules
// whose result can depend on colour (COLOUR_RULES in axe.ts): the dark scheme changes nothing else.
for (const colorScheme of ["light", "dark"] as const) {
  test.describe(`${colorScheme} color scheme`, () => {
    test("no public page has serious accessibility violations", async ({ page, openMissingPage }) => {
      test.setTimeout(30_000 + pages.length * 10_000);
      await page.emulateMedia({ colorScheme });
      for (const { name, path, missing } of pages) {
        await test.step(`the ${name} page`, async () => {
          if (missing) await openMissingPage(page, path);
          else await page.goto(path);
          await expect(page.getByRole("main"), name).toBeVisible();
          expect
            .soft(await seriousViolations(page, { rules: rulesFor(colorScheme) }), `the ${name} page (${path})`)
            .toEqual([]);
        });
      }
    });

    test("the confirmation page's password form has no serious accessibility violations", async ({
      page,
      request,
      baseURL,
    }) => {
      await page.emulateMedia({ colorScheme });
      const email = uniqueEmail(`a11y-confirm-${colorScheme}`);
      // Signed up over HTTP, from a request context of its own (the page gets no "check your email"
      // message): the dialog is accounts.spec.ts's subject, and has an accessibility check below.
      await signUpOverHttp(request, baseURL, email);
      await page.goto(await confirmationLink(email));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your email");
      await expect(page.getByLabel("Password")).toBeVisible();
      expect(await seriousViolations(page, { rules: rulesFor(colorScheme) })).toEqual([]);
    });

    test("the open sign-in dialog has no serious accessibility violations", async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto("/tool/chatgpt");
      await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("dialog", { name: "Sign in to your account" })).toBeVisible();
      expect(await seriousViolations(page, { rules: rulesFor(colorScheme) })).toEqual([]);
    });
  });
}

// The admin area, as its administrator sees it (the session admin.setup.ts saved).
const adminPages: { name: string; path: string; ready: { role: "heading" | "toolbar"; name: string } }[] = [
  { name: "dashboard", path: "/admin", ready: { role: "heading", name: "Admin Dashboard" } },
  { name: "tool table", path: "/admin/tools", ready: { role: "heading", name: "Tools" } },
  { name: "new tool form", path: "/admin/tools/new", ready: { role: "heading", name: "Add New Tool" } },
  { name: "article table", path: "/admin/articles", ready: { role: "heading", name: "Articles" } },
  { name: "new article form", path: "/admin/articles/new", ready: { role: "toolbar", name: "Formatting" } },
  { name: "moderation inbox", path: "/admin/inbox", ready: { role: "heading", name: "Inbox" } },
  // A member's own pages, seen by the administrator (who is a member too).
  { name: "account page", path: "/account", ready: { role: "heading", name: "Your account" } },
  { name: "tool suggestion form", path: "/submit", ready: { role: "heading", name: "Suggest a tool" } },
  { name: "member's submissions", path: "/account/submissions", ready: { role: "heading", name: "My submissions" } },
];

test.describe("the admin area", () => {
  test.use({ storageState: adminStatePath() });
  for (const colorScheme of ["light", "dark"] as const) {
    test(`no admin page has serious accessibility violations (${colorScheme})`, async ({ page }) => {
      test.setTimeout(30_000 + adminPages.length * 10_000);
      await page.emulateMedia({ colorScheme });
      for (const { name, path, ready } of adminPages) {
        await test.step(`the admin ${name}`, async () => {
          await page.goto(path);
          await expect(page.getByRole(ready.role, { name: ready.name })).toBeVisible();
          expect
            .soft(await seriousViolations(page, { rules: rulesFor(colorScheme) }), `the admin ${name} (${path})`)
            .toEqual([]);
        });
      }
    });
  }

  test("the tool form's failed save and the delete dialog have no serious accessibility violations", async ({
    page,
  }) => {
    await page.goto("/admin/tools");
    await page
      .getByRole("link", { name: /^Edit / })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Tool" })).toBeVisible();
    await page.getByLabel("Name", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Name is required", { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The failed save's toast fades out after a few seconds; checked mid-fade its text would fail
    // contrast, so the dialog is checked once the toast has gone.
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("dialog", { name: "Delete this tool?" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("keyboard", () => {
  for (const { path, firstInMain } of [
    // With JavaScript the search box is a combobox: it suggests while typing (decision 160).
    { path: "/", firstInMain: { role: "combobox", name: "Search AI tools" } },
    { path: "/tool/chatgpt", firstInMain: { role: "link", name: "Back" } },
  ] as const) {
    test(`on ${path} the first Tab reaches 'Skip to content', which moves the focus to the main content`, async ({
      page,
    }) => {
      await page.goto(path);
      await page.keyboard.press("Tab");
      const skipLink = page.getByRole("link", { name: "Skip to content" });
      await expect(skipLink).toBeFocused();
      await expect(skipLink).toBeInViewport();

      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(`${path}#main`);
      await expect(page.getByRole("main")).toBeFocused();
      // Following the link moves the keyboard position to <main>: the next Tab lands on the
      // first control inside it instead of walking through the header again.
      await page.keyboard.press("Tab");
      await expect(
        page.getByRole("main").getByRole(firstInMain.role, { name: firstInMain.name, exact: true }),
      ).toBeFocused();
    });
  }
});
