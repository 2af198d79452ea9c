import { test as base, expect, type Browser, type ConsoleMessage, type Page } from "@playwright/test";

export { expect };

type Fixtures = {
  /** Console errors and uncaught exceptions of every page in the test's browser context. */
  browserErrors: string[];
  /**
   * Opens a path that must answer 404. Chromium logs every 4xx document as a console error
   * ("Failed to load resource ... 404"); that one line, for exactly this address, is the status
   * under test and so is expected. Any other error on the page still fails the test.
   */
  openMissingPage: (page: Page, path: string) => Promise<void>;
};

function describeConsoleMessage(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.${message.type()}: ${message.text()}${url ? ` (${url}:${lineNumber})` : ""}`;
}

const NOT_FOUND_LOG = "console.error: Failed to load resource: the server responded with a status of 404 (Not Found)";

/**
 * Makes `page.goto` return once React has hydrated the page it opened (app/root.tsx marks
 * <html data-hydrated>): a click that lands while the router starts can be lost on a busy machine.
 * A document without the app's scripts (a feed, a plain error page) returns at once.
 */
function gotoWaitsForHydration(page: Page) {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const hasApp = await page.evaluate(() => "__reactRouterContext" in window).catch(() => false);
    if (hasApp) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    return response;
  };
}

/**
 * Every test fails when any page logs a console error, throws or violates the Content-Security-Policy:
 * a silent error in the browser is a bug even when the page looks right. Nothing is filtered; a test that provokes a 404 on
 * purpose names the address through openMissingPage.
 */
export const test = base.extend<Fixtures, { browser: Browser }>({
  // Every context, the test's own and those a test opens itself, gets pages whose goto waits.
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        if (options?.javaScriptEnabled !== false) context.on("page", gotoWaitsForHydration);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],

  browserErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      context.on("console", (message) => {
        if (message.type() === "error") errors.push(describeConsoleMessage(message));
      });
      context.on("weberror", (webError) =>
        errors.push(`uncaught: ${webError.error().stack ?? webError.error().message}`),
      );
      // Chromium logs most Content-Security-Policy violations as console errors, but not all (a
      // report-only policy's are warnings): every violation event the page sees is reported too.
      await context.exposeBinding("__aitlasReportCspViolation", (_source, violation: string) =>
        errors.push(`Content-Security-Policy violation: ${violation}`),
      );
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __aitlasReportCspViolation(violation: string): void })
            .__aitlasReportCspViolation;
          void report(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} on ${event.documentURI}`);
        });
      });
      await use(errors);
      expect(errors, "the browser logged errors").toEqual([]);
    },
    { auto: true },
  ],

  openMissingPage: async ({ browserErrors, baseURL }, use) => {
    await use(async (page, path) => {
      const url = new URL(path, baseURL).toString();
      const response = await page.goto(path);
      expect(response?.status(), `${path} should answer 404`).toBe(404);
      const logLine = `${NOT_FOUND_LOG} (${url}:0)`;
      await expect
        .poll(() => browserErrors.includes(logLine), { message: "Chromium reports the 404 in the console" })
        .toBe(true);
      browserErrors.splice(browserErrors.indexOf(logLine), 1);
    });
  },
});
