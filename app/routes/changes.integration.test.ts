import { eq, sql } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import ChangesPage, { loader as changesLoader, meta as changesMeta } from "~/routes/changes";
import { loader as changesFeedLoader } from "~/routes/changes-rss";
import ToolPage, { loader as toolLoader } from "~/routes/tool";
import { toolChanges, toolLinkChecks, tools, users } from "~/server/db/schema.server";
import { createTool } from "~/server/catalog/tool-admin.server";
import { recordToolChanges, type ChangeAuthor } from "~/server/freshness/change-log.server";
import { setToolStatus } from "~/server/freshness/tool-status.server";
import { insertTools, toolForm } from "../../tests/setup/fixtures";
import { childrenNamed, parseXml, textOf } from "../../tests/setup/strict-xml";
import { loggingDatabase } from "../../tests/setup/statement-log";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users} cascade`);
});

function callLoader<Loader extends (args: never) => unknown>(
  loader: Loader,
  path: string,
  params: Record<string, string> = {},
): ReturnType<Loader> {
  const args = {
    request: new Request(`http://localhost${path}`),
    params,
    context: { db: database.db, siteUrl: null, viewer: null },
  };
  return loader(args as never) as ReturnType<Loader>;
}

/** Renders a route component with the data its loader gave, as the server would. */
function render(Component: ComponentType<never>, path: string, pattern: string, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: pattern, Component: Component as ComponentType }]);
  return renderToString(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }),
  ).replaceAll("<!-- -->", "");
}

const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .replace(/ ([.,])/g, "$1");

const ada: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Ada" };

async function change(toolId: string, field: string, before: unknown, after: unknown, author = ada) {
  await recordToolChanges(database.db, { toolId, changes: [{ field, before, after }], author });
}

describe("the tool page's freshness", () => {
  test("shows the last update, the history with its sources, and no check for a tool never checked", async () => {
    const [tool] = await insertTools(database.db, {
      name: "Quill",
      website: "https://quill.example.com",
      updatedAt: new Date("2025-06-01T12:00:00Z"),
    });
    const sources = [{ url: "https://quill.example.com/pricing", title: "Quill pricing", snippet: "Pro $20" }];
    await change(tool!.id, "tagline", "Old words.", "<b>New</b> words.");
    await change(tool!.id, "pricingModel", "free", "paid", {
      origin: "proposal",
      actorId: null,
      actorName: "ada@example.com",
      sources,
    });

    const data = await callLoader(toolLoader, "/tool/quill", { id: "quill" });
    expect(data.tool.updatedAt).toEqual(new Date("2025-06-01T12:00:00Z"));
    expect(data.tool.discontinuedAt).toBeNull();
    expect(data.linkCheck).toBeNull();
    expect(data.history.map((entry) => entry.field).sort()).toEqual(["pricingModel", "tagline"]);
    const pricing = data.history.find((entry) => entry.field === "pricingModel")!;
    expect(pricing).toMatchObject({
      fieldLabel: "Pricing model",
      before: { kind: "text", text: "Free" },
      after: { kind: "text", text: "Paid" },
      // An email is never shown to the public.
      author: "AI proposal accepted by an administrator",
      sources,
    });
  });

  test("reads the latest website check: ok, then failing since its first failure", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill", website: "https://quill.example.com" });
    await database.db.insert(toolLinkChecks).values({
      toolId: tool!.id,
      checkedAt: new Date("2025-06-02T00:00:00Z"),
      outcome: "ok",
      httpStatus: 200,
      lastOkAt: new Date("2025-06-02T00:00:00Z"),
    });
    expect((await callLoader(toolLoader, "/tool/quill", { id: "quill" })).linkCheck).toEqual({
      checkedAt: new Date("2025-06-02T00:00:00Z"),
      status: "ok",
      failingSince: null,
    });

    await database.db
      .update(toolLinkChecks)
      .set({
        checkedAt: new Date("2025-06-05T00:00:00Z"),
        outcome: "dns_failure",
        consecutiveFailures: 2,
        failingSince: new Date("2025-06-04T00:00:00Z"),
      })
      .where(eq(toolLinkChecks.toolId, tool!.id));
    expect((await callLoader(toolLoader, "/tool/quill", { id: "quill" })).linkCheck).toEqual({
      checkedAt: new Date("2025-06-05T00:00:00Z"),
      status: "failing",
      failingSince: new Date("2025-06-04T00:00:00Z"),
    });
  });

  test("a discontinued tool keeps its page and facts, with the date it was marked", async () => {
    await insertTools(database.db, {
      name: "Gone",
      pros: ["Was fast"],
      discontinuedAt: new Date("2025-07-01T00:00:00Z"),
    });
    const data = await callLoader(toolLoader, "/tool/gone", { id: "gone" });
    expect(data.tool).toMatchObject({
      name: "Gone",
      pros: ["Was fast"],
      discontinuedAt: new Date("2025-07-01T00:00:00Z"),
    });
  });
});

describe("the tool page's reads", () => {
  test("one statement for the history and one for the website check, however long the history", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill", website: "https://quill.example.com" });
    const statementsFor = async () => {
      const { db, statements } = loggingDatabase(database);
      await toolLoader({
        request: new Request("http://localhost/tool/quill"),
        params: { id: "quill" },
        context: { db, siteUrl: null, viewer: null },
      } as never);
      return statements.map((statement) => statement.text);
    };
    await change(tool!.id, "name", "Quil", "Quill");
    const withOne = await statementsFor();
    for (let index = 0; index < 9; index += 1) await change(tool!.id, `field${index}`, "a", "b");
    const withTen = await statementsFor();
    expect(withTen).toHaveLength(withOne.length);
    expect(withTen.filter((text) => text.includes('"tool_changes"'))).toHaveLength(1);
    expect(withTen.filter((text) => text.includes('"tool_link_checks"'))).toHaveLength(1);
  });
});

describe("the tool page as rendered", () => {
  test("shows Last updated, the website check and its failure, the Discontinued banner and History", async () => {
    const [tool] = await insertTools(database.db, {
      name: "Quill",
      website: "https://quill.example.com",
      updatedAt: new Date("2025-06-01T12:00:00Z"),
      discontinuedAt: new Date("2025-07-01T00:00:00Z"),
    });
    await database.db.insert(toolLinkChecks).values({
      toolId: tool!.id,
      checkedAt: new Date(Date.now() - 3 * 3_600_000),
      outcome: "timeout",
      consecutiveFailures: 3,
      failingSince: new Date("2025-06-20T00:00:00Z"),
    });
    await change(tool!.id, "website", "https://old.example.com", "https://quill.example.com", {
      origin: "proposal",
      actorId: null,
      actorName: "Ada",
      sources: [
        { url: "https://news.example.com/quill", title: "Quill moves", snippet: "" },
        { url: "javascript:alert(1)", title: "Not a page", snippet: "" },
      ],
    });

    const html = render(
      ToolPage as never,
      "/tool/quill",
      "/tool/:id",
      await callLoader(toolLoader, "/tool/quill", { id: "quill" }),
    );
    const text = visibleText(html);
    expect(text).toContain(
      "Discontinued Quill was marked discontinued on July 1, 2025. This page keeps its last known details.",
    );
    expect(html).toMatch(/<div role="note"[^>]*>/);
    expect(text).toContain("Last updated June 1, 2025");
    expect(text).toContain("Website checked 3 hours ago");
    expect(text).toContain("Website unreachable since June 20, 2025");
    expect(text).toContain("History");
    expect(text).toContain("Website changed by AI proposal accepted by Ada on");
    expect(html).toContain(
      '<a href="https://news.example.com/quill" rel="nofollow noopener noreferrer" target="_blank"',
    );
    expect(html).not.toContain("javascript:");
  });

  test("a working tool shows neither banner nor failure, and an empty history says so", async () => {
    await insertTools(database.db, { name: "Quill", website: "https://quill.example.com" });
    const html = render(
      ToolPage as never,
      "/tool/quill",
      "/tool/:id",
      await callLoader(toolLoader, "/tool/quill", { id: "quill" }),
    );
    const text = visibleText(html);
    expect(text).not.toContain("Discontinued");
    expect(text).not.toContain("Website checked");
    expect(text).not.toContain("unreachable");
    expect(text).toContain("No changes recorded since this page was added.");
  });
});

describe("/changes", () => {
  test("lists the catalogue's changes newest first, a page at a time, with the feed in its head", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    await change(quill!.id, "name", "Quil", "Quill");
    await change(echo!.id, "features", ["A"], ["A", "B"]);
    await database.db.execute(
      sql`update ${toolChanges} set created_at = created_at - interval '1 day' where field = 'name'`,
    );

    const first = await callLoader(changesLoader, "/changes");
    expect(first).toMatchObject({ page: 1, hasNext: false });
    expect(first.changes.map((entry) => [entry.toolName, entry.fieldLabel])).toEqual([
      ["Echo", "Features"],
      ["Quill", "Name"],
    ]);
    expect(first.changes[0]).toMatchObject({
      toolSlug: "echo",
      before: { kind: "list", items: ["A"] },
      after: { kind: "list", items: ["A", "B"] },
      author: "Ada",
    });

    const text = visibleText(render(ChangesPage as never, "/changes", "/changes", first));
    expect(text).toContain("Echo Features changed by Ada on");
    expect(text).toContain("Quill Name changed by Ada on");
    expect(text).not.toContain("Older changes");

    const head = changesMeta({
      loaderData: first,
      matches: [{ id: "root", data: { siteUrl: "http://localhost" } }],
    } as never);
    expect(head).toContainEqual(
      expect.objectContaining({
        tagName: "link",
        rel: "alternate",
        type: "application/rss+xml",
        href: "/changes/rss.xml",
      }),
    );
  });

  test("tells of tools added, discontinued and listed again, on the page, in its feed and in a tool's History", async () => {
    const created = await createTool({ db: database.db, input: toolForm({ name: "Quill" }), author: ada });
    if (created.status !== "created") throw new Error("Quill was not created");
    const [echo] = await insertTools(database.db, { name: "Echo" });
    const grace: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Grace" };
    await setToolStatus({ db: database.db, id: echo!.id, status: "discontinued", author: grace });
    await setToolStatus({ db: database.db, id: echo!.id, status: "active", author: ada });
    // One transaction's now() each, in order: spread them so newest first is the order written.
    await database.db.execute(
      sql`update ${toolChanges} set created_at = created_at - interval '1 hour' where after = '"discontinued"'::jsonb`,
    );
    await database.db.execute(
      sql`update ${toolChanges} set created_at = created_at - interval '2 hours' where before is null or before = 'null'::jsonb`,
    );

    const first = await callLoader(changesLoader, "/changes");
    expect(first.changes.map((entry) => [entry.toolName, entry.event])).toEqual([
      ["Echo", "restored"],
      ["Echo", "discontinued"],
      ["Quill", "added"],
    ]);
    const text = visibleText(render(ChangesPage as never, "/changes", "/changes", first));
    expect(text).toContain("Echo Listed again by Ada on");
    expect(text).toContain("Echo Marked discontinued by Grace on");
    expect(text).toContain("Quill Added to the directory by Ada on");
    // An event is no field going from one value to another.
    expect(text).not.toContain("Status");
    expect(text).not.toContain("Not listed");

    const feed = await callLoader(changesFeedLoader, "/changes/rss.xml");
    const channel = childrenNamed(parseXml(await feed.text()), "channel")[0]!;
    expect(textOf(channel, "description")).toContain("tools added, discontinued or listed again");
    const items = childrenNamed(channel, "item");
    expect(items.map((item) => [textOf(item, "title"), textOf(item, "description"), textOf(item, "category")])).toEqual(
      [
        ["Echo: Listed again", "Echo is listed again (by Ada)", "Listed again"],
        ["Echo: Marked discontinued", "Echo was marked discontinued (by Grace)", "Marked discontinued"],
        ["Quill: Added to the directory", "Quill was added to the directory (by Ada)", "Added to the directory"],
      ],
    );
    expect(textOf(items[1]!, "link")).toBe("http://localhost/tool/echo");
    expect(textOf(items[1]!, "content:encoded")).toBe(
      "<p>Echo was marked discontinued by Grace.</p><p>Its page stays with its last known details; lists and search leave it out.</p>",
    );

    const history = visibleText(
      render(ToolPage as never, "/tool/echo", "/tool/:id", await callLoader(toolLoader, "/tool/echo", { id: "echo" })),
    );
    expect(history).toContain("Listed again by Ada on");
    expect(history).toContain("Marked discontinued by Grace on");
  });

  test("shows an empty log on page 1 and answers 404 past the end", async () => {
    expect(await callLoader(changesLoader, "/changes")).toEqual({ changes: [], page: 1, hasNext: false });
    const thrown = await callLoader(changesLoader, "/changes?page=2").catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
