import { sql } from "drizzle-orm";
import { createRequestHandler } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { loader as rootLoader } from "~/root";
import { logger } from "~/server/logger.server";
import { insertTools } from "../../tests/setup/fixtures";
import { loadProductionBuild } from "../../tests/setup/production-build";
import { settleRoute } from "../../tests/setup/route-calls";
import { contextFor, createTestServices, TEST_SITE_URL } from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// Spec section 8: "Category and footer fetch errors are logged and rethrown; no message is shown for
// them." The footer's categories come from the root loader, which every page runs: with their
// table unreadable (renamed away, as a bad migration or a revoked grant leaves it; the tool pages
// read the tools table itself), the failure is logged and the page is whole, its footer without
// categories and without a message (decision 145). The whole page is rendered by the production
// build (npm test builds before Vitest runs).

let database: TestDatabase;
let render: (url: string) => Promise<Response>;
beforeAll(async () => {
  const handle = createRequestHandler(await loadProductionBuild(), "production");
  database = await createTestDatabase();
  await insertTools(database.db, { name: "ChatGPT", category: "Writing" });
  const services = createTestServices({ db: database.db });
  render = async (url) => {
    const request = new Request(new URL(url, TEST_SITE_URL));
    return handle(request, await contextFor(services, request));
  };
});
afterAll(() => database?.dispose());

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await database.db.execute(sql`alter table tool_category_counts rename to tool_category_counts_unreadable`);
  logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
});
afterEach(async () => {
  logged.mockRestore();
  await database.db.execute(sql`alter table tool_category_counts_unreadable rename to tool_category_counts`);
});

/** The page's text, tags dropped. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/<!-- -->/g, "")
    .replace(/\s+/g, " ");

describe("a page whose footer categories cannot be read", () => {
  test("the root loader logs the failure with the footer named, and answers without categories", async () => {
    const request = new Request(`${TEST_SITE_URL}/tool/chatgpt`);
    const services = createTestServices({ db: database.db });
    const answer = await settleRoute(async () =>
      rootLoader({ request, params: {}, context: await contextFor(services, request) } as never),
    );

    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ categories: [], viewer: null });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ route: "footer", err: expect.any(Error) }),
      "page read failed",
    );
  });

  test("is whole: its own content, the footer's other links, no category and no message", async () => {
    const response = await render("/tool/chatgpt");
    const html = await response.text();

    expect(response.status).toBe(200);
    const footerHtml = html.slice(html.lastIndexOf("<footer"), html.lastIndexOf("</footer>"));
    const footer = textOf(footerHtml);
    expect(footer).toContain("Categories");
    expect(footer).toContain("About");
    expect(footer).toContain("Privacy");
    expect(footerHtml).not.toContain("/category/");
    expect(textOf(html)).toContain("ChatGPT");
    expect(textOf(html)).not.toMatch(/Error|Failed|went wrong|unavailable/i);
  });
});
