import { sql } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ErrorBoundary as CategoryError, loader as categoryLoader, meta as categoryMeta } from "~/routes/category";
import { ErrorBoundary as ToolError, loader as toolLoader, meta as toolMeta } from "~/routes/tool";
import { logger } from "~/server/logger.server";
import { insertTools } from "../../tests/setup/fixtures";
import { settleRoute, type RouteAnswer } from "../../tests/setup/route-calls";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// Issue 38, lines 3, 7 and 8: with the tools table unreadable (a failure of the database that is not
// an outage: the table renamed away, as a bad migration or a revoked grant leaves it), the tool page
// answers 503 with the spec's 'Error' alert and 'Failed to fetch tool details', titled 'Error', and
// the category page keeps its shell with no message (spec section 8). A missing tool stays a 404.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await insertTools(database.db, { name: "ChatGPT", category: "Writing" });
});
afterAll(() => database.dispose());

let logged: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await database.db.execute(sql`alter table tools rename to tools_unreadable`);
  logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
});
afterEach(async () => {
  logged.mockRestore();
  await database.db.execute(sql`alter table tools_unreadable rename to tools`);
});

const context = () => ({ db: database.db, siteUrl: "http://localhost", viewer: null });
const call = (loader: (args: never) => unknown, path: string, params: Record<string, string>) =>
  settleRoute(() => loader({ request: new Request(`http://localhost${path}`), params, context: context() } as never));

const matches = [{ id: "root", data: { siteUrl: "http://localhost", site: { name: "Aitlas" } } }];
const titleOf = (tags: unknown) => (tags as { title?: string }[]).find((tag) => tag.title)?.title;
const errorOf = (answer: RouteAnswer) => new ErrorResponse(answer.status, "", answer.data);

function renderBoundary(Boundary: ComponentType, path: string, error: unknown) {
  const Stub = createRoutesStub([{ id: "page", path, Component: () => null, ErrorBoundary: Boundary }]);
  const html = renderToString(
    createElement(Stub, {
      initialEntries: [path.replace(":id", "chatgpt").replace(":category", "Writing")],
      hydrationData: { errors: { page: error } },
    }),
  );
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the tool page when the database fails", () => {
  test("answers 503 'Failed to fetch tool details', logged with the address, titled and shown as 'Error'", async () => {
    const answer = await call(toolLoader, "/tool/chatgpt", { id: "chatgpt" });

    expect(answer.status).toBe(503);
    expect(answer.data).toEqual({ error: "Failed to fetch tool details", code: "unavailable" });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ route: "tool", identifier: "chatgpt", err: expect.any(Error) }),
      "page read failed",
    );
    const error = errorOf(answer);
    const head = toolMeta({ loaderData: undefined, matches, error } as never);
    expect(titleOf(head)).toBe("Error | Aitlas");
    // The head of an error page (decision 145): its words, out of the index, no canonical link.
    expect(head).toContainEqual({ name: "description", content: "Failed to fetch tool details" });
    expect(head).toContainEqual({ name: "robots", content: "noindex" });
    expect(head).not.toContainEqual(expect.objectContaining({ rel: "canonical" }));
    const text = renderBoundary(ToolError as ComponentType, "/tool/:id", error);
    expect(text).toContain("Error");
    expect(text).toContain("Failed to fetch tool details");
    expect(text).not.toContain("Tool not found");
  });

  test("a tool that is not there is still 404 'Tool not found', titled so", async () => {
    await database.db.execute(sql`alter table tools_unreadable rename to tools`);
    try {
      const answer = await call(toolLoader, "/tool/no-such-tool", { id: "no-such-tool" });
      expect(answer.status).toBe(404);
      expect(titleOf(toolMeta({ loaderData: undefined, matches, error: errorOf(answer) } as never))).toBe(
        "Tool not found | Aitlas",
      );
      expect(logged).not.toHaveBeenCalled();
    } finally {
      await database.db.execute(sql`alter table tools rename to tools_unreadable`);
    }
  });
});

describe("the category page when the database fails", () => {
  test("answers 503, logs the failure and keeps the category's shell with no message", async () => {
    const answer = await call(categoryLoader, "/category/Writing", { category: "Writing" });

    expect(answer.status).toBe(503);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ route: "category", category: "Writing", err: expect.any(Error) }),
      "page read failed",
    );
    const error = errorOf(answer);
    expect(
      titleOf(categoryMeta({ loaderData: undefined, matches, params: { category: "Writing" }, error } as never)),
    ).toBe("Writing AI Tools - Directory | Aitlas");
    const text = renderBoundary(CategoryError as ComponentType, "/category/:category", error);
    expect(text).toContain("Back to Homepage");
    expect(text).toContain("Writing Tools");
    expect(text).not.toMatch(/Error|Failed|went wrong|No tools found|unavailable/i);
  });
});
