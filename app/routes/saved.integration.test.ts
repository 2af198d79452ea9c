import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SAVED_TOASTS } from "~/lib/saved-tools";
import { loader as rootLoader } from "~/root";
import { loader as homeLoader } from "~/routes/home";
import SavedPage, { action, headers, loader } from "~/routes/saved";
import { loader as toolLoader } from "~/routes/tool";
import { DATA_REQUEST_HEADER } from "~/server/auth/guards.server";
import { savedTools, tools } from "~/server/db/schema.server";
import { readFlashValue } from "~/server/flash.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { insertTools } from "../../tests/setup/fixtures";
import { getRequest, routeAnswer, type RouteAnswer } from "../../tests/setup/route-calls";
import { loggingDatabase } from "../../tests/setup/statement-log";
import {
  contextFor,
  createSignedInUser,
  createTestServices,
  formPost,
  type TestServices,
} from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// /saved and its action as the browser reaches them: real requests, real sessions, a fresh database.

let database: TestDatabase;
let services: TestServices;
let quill: { id: string; slug: string };
let echo: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, rate_limits cascade`);
  const inserted = await insertTools(
    database.db,
    { name: "Quill Writer", rating: 3, voteCount: 3 },
    { name: "Echo Voice", rating: 4.8, voteCount: 30 },
    { name: "Beacon Search", rating: 4, voteCount: 8 },
  );
  quill = inserted[0]!;
  echo = inserted[1]!;
});

let userCounter = 0;
const newUser = () => createSignedInUser(services, `saver${++userCounter}@example.com`);

type PostOptions = { cookie?: string; origin?: string | null; fetcher?: boolean };

/** The action's answer, returned or thrown, read the way React Router reads it. */
async function post(fields: Record<string, string>, { fetcher = true, ...options }: PostOptions = {}) {
  const request = formPost("/saved", fields, options);
  if (fetcher) request.headers.set(DATA_REQUEST_HEADER, "1");
  const context = await contextFor(services, request);
  try {
    return await routeAnswer(await action({ request, params: {}, context } as never));
  } catch (thrown) {
    return routeAnswer(thrown, { thrown: true });
  }
}

async function load(path: string, cookie?: string): Promise<RouteAnswer> {
  const request = getRequest(path, { cookie });
  const context = await contextFor(services, request);
  try {
    return await routeAnswer(await loader({ request, params: {}, context } as never));
  } catch (thrown) {
    return routeAnswer(thrown, { thrown: true });
  }
}

const savedRows = () => database.db.select().from(savedTools);
const flashOf = (answer: RouteAnswer) => answer.headers?.get("set-cookie") ?? "";
const decodedFlash = (answer: RouteAnswer) => {
  const value = /aitlas_flash=([A-Za-z0-9_.-]+)/.exec(flashOf(answer))?.[1];
  return value ? readFlashValue(value) : null;
};

describe("the save action", () => {
  it("saves and removes in place for a fetcher, idempotently, invalidating cached pages only on a change", async () => {
    const user = await newUser();
    const before = services.invalidations();
    const save = { intent: "save", toolId: quill.id, redirectTo: `/tool/${quill.slug}` };
    expect(await post(save, { cookie: user.cookie })).toMatchObject({
      status: 200,
      data: { ok: true, data: { saved: true } },
    });
    expect(await post(save, { cookie: user.cookie })).toMatchObject({
      status: 200,
      data: { ok: true, data: { saved: true } },
    });
    expect(await savedRows()).toEqual([expect.objectContaining({ userId: user.id, toolId: quill.id })]);
    expect(services.invalidations()).toBe(before + 1);

    const unsave = { ...save, intent: "unsave" };
    expect(await post(unsave, { cookie: user.cookie })).toMatchObject({ data: { ok: true, data: { saved: false } } });
    expect(await post(unsave, { cookie: user.cookie })).toMatchObject({ data: { ok: true } });
    expect(await savedRows()).toEqual([]);
    expect(services.invalidations()).toBe(before + 2);
  });

  it("without JavaScript, goes back to the page (never elsewhere) with the toast's words", async () => {
    const user = await newUser();
    const saved = await post(
      { intent: "save", toolId: quill.id, redirectTo: `/tool/${quill.slug}?save=${quill.slug}` },
      { cookie: user.cookie, fetcher: false },
    );
    expect(saved).toMatchObject({ status: 302, location: `/tool/${quill.slug}` });
    expect(decodedFlash(saved)).toMatchObject({ kind: "success", ...SAVED_TOASTS.saved });

    const removed = await post(
      { intent: "unsave", toolId: quill.id, redirectTo: "https://evil.example/" },
      { cookie: user.cookie, fetcher: false },
    );
    expect(removed).toMatchObject({ status: 302, location: "/saved" });
    expect(decodedFlash(removed)).toMatchObject({ kind: "success", ...SAVED_TOASTS.removed });
  });

  it("signed out: a fetcher is told to sign in (401); a page post goes to sign in and back; nothing written", async () => {
    expect(await post({ intent: "save", toolId: quill.id })).toMatchObject({
      status: 401,
      data: { ok: false, form: "save", code: "unauthorized", formError: SAVED_TOASTS.signIn.description },
    });
    expect(
      await post({ intent: "save", toolId: quill.id, redirectTo: `/tool/${quill.slug}` }, { fetcher: false }),
    ).toMatchObject({ status: 302, location: `/sign-in?redirectTo=${encodeURIComponent(`/tool/${quill.slug}`)}` });
    expect(await savedRows()).toEqual([]);
  });

  it("refuses a post from another site (403) and writes nothing", async () => {
    const user = await newUser();
    for (const origin of ["https://evil.example", null]) {
      expect(await post({ intent: "save", toolId: quill.id }, { cookie: user.cookie, origin })).toMatchObject({
        status: 403,
        data: { code: "cross-site" },
      });
    }
    expect(await savedRows()).toEqual([]);
  });

  it("an unknown tool is a 404 and an unknown intent a 400, answered to the page", async () => {
    const user = await newUser();
    expect(
      await post({ intent: "save", toolId: "00000000-0000-4000-8000-000000000000" }, { cookie: user.cookie }),
    ).toMatchObject({
      status: 404,
      data: { ok: false, form: "save", code: "not-found", formError: "Tool not found" },
    });
    expect(await post({ intent: "save", toolId: "nope" }, { cookie: user.cookie })).toMatchObject({ status: 404 });
    expect(await post({ intent: "hoard", toolId: quill.id }, { cookie: user.cookie })).toMatchObject({
      status: 400,
      data: { ok: false, code: "bad-request", formError: "Unknown action" },
    });
    const page = await post(
      { intent: "save", toolId: "nope", redirectTo: "/" },
      { cookie: user.cookie, fetcher: false },
    );
    expect(page).toMatchObject({ status: 302, location: "/" });
    expect(decodedFlash(page)).toMatchObject({
      kind: "error",
      title: "Error",
      description: SAVED_TOASTS.saveFailed.description,
    });
    expect(await savedRows()).toEqual([]);
  });

  it("is rate-limited per user like votes, with the wait", async () => {
    const user = await newUser();
    const other = await newUser();
    expect(RATE_LIMITS.save).toMatchObject({ limit: RATE_LIMITS.vote.limit, windowMs: RATE_LIMITS.vote.windowMs });
    for (let attempt = 0; attempt < RATE_LIMITS.save.limit; attempt += 1) {
      const intent = attempt % 2 === 0 ? "save" : "unsave";
      expect(await post({ intent, toolId: quill.id }, { cookie: user.cookie })).toMatchObject({ status: 200 });
    }
    const refused = await post({ intent: "save", toolId: echo.id }, { cookie: user.cookie });
    expect(refused).toMatchObject({ status: 429, data: { ok: false, form: "save", code: "rate-limited" } });
    expect(refused.headers?.get("retry-after")).toMatch(/^\d+$/);
    expect((await savedRows()).filter((row) => row.toolId === echo.id)).toEqual([]);
    expect(await post({ intent: "save", toolId: echo.id }, { cookie: other.cookie })).toMatchObject({ status: 200 });
  });
});

describe("the /saved page", () => {
  it("sends a visitor to sign in and back", async () => {
    expect(await load("/saved?sort=name")).toMatchObject({
      status: 302,
      location: `/sign-in?redirectTo=${encodeURIComponent("/saved?sort=name")}`,
    });
  });

  it("lists only the viewer's tools in each order, in one statement, privately", async () => {
    const user = await newUser();
    const other = await newUser();
    const [, , beacon] = await database.db.select().from(tools).orderBy(tools.createdAt);
    const at = (minutes: number) => new Date(Date.UTC(2025, 5, 1, 12, minutes));
    await database.db.insert(savedTools).values([
      { userId: user.id, toolId: echo.id, createdAt: at(1) },
      { userId: user.id, toolId: quill.id, createdAt: at(2) },
      { userId: user.id, toolId: beacon!.id, createdAt: at(3) },
      { userId: other.id, toolId: quill.id },
    ]);
    const names = async (path: string) => {
      const answer = await load(path, user.cookie);
      return (answer.data as { tools: { name: string }[] }).tools.map((tool) => tool.name);
    };
    expect(await names("/saved")).toEqual(["Beacon Search", "Quill Writer", "Echo Voice"]);
    expect(await names("/saved?sort=name")).toEqual(["Beacon Search", "Echo Voice", "Quill Writer"]);
    expect(await names("/saved?sort=top-rated")).toEqual(["Echo Voice", "Beacon Search", "Quill Writer"]);
    expect(await names("/saved?sort=bogus")).toEqual(await names("/saved"));

    const request = getRequest("/saved?sort=top-rated", { cookie: user.cookie });
    const { db, statements } = loggingDatabase(database);
    const context = { ...(await contextFor(services, request)), db };
    await loader({ request, params: {}, context } as never);
    // The saved tools in one statement; beside it, what the member follows and how often they are mailed (decision 180).
    const texts = statements.map((statement) => statement.text);
    expect(texts).toHaveLength(3);
    expect(texts.filter((text) => text.includes('"saved_tools"'))).toHaveLength(1);

    const sent = new Headers(headers({ actionHeaders: new Headers() } as never));
    expect(sent.get("cache-control")).toBe("private, no-store");
    expect(sent.get("x-robots-tag")).toBe("noindex");
  });

  it("renders the heading, sort links, Remove buttons and the 'Compare these' form over the chosen tools", async () => {
    const user = await newUser();
    await database.db.insert(savedTools).values([
      { userId: user.id, toolId: quill.id },
      { userId: user.id, toolId: echo.id },
    ]);
    const answer = await load("/saved?sort=name", user.cookie);
    const Stub = createRoutesStub([{ id: "page", path: "/saved", Component: SavedPage as never }]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/saved?sort=name"],
        hydrationData: { loaderData: { page: answer.data } },
      }),
    );
    expect(html).toContain("<h1");
    expect(html).toContain("Saved Tools");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Name<\/a>/);
    expect(html).toContain('aria-label="Remove Echo Voice"');
    expect(html).toMatch(/<form[^>]*id="compare-saved-tools"[^>]*action="\/compare"/);
    expect(html.match(/name="tools"/g)).toHaveLength(2);
    expect(html).toContain(`value="${echo.slug}"`);
    expect(html).toContain("Compare these");
  });

  it("shows an empty list's way back to the catalogue", async () => {
    const user = await newUser();
    const answer = await load("/saved", user.cookie);
    expect(answer.data).toMatchObject({ tools: [], total: 0 });
  });
});

describe("saves on other pages", () => {
  async function loadTool(cookie?: string) {
    const request = getRequest(`/tool/${quill.slug}`, { cookie });
    return (await toolLoader({
      request,
      params: { id: quill.slug },
      context: await contextFor(services, request),
    } as never)) as { saves: { count: number; saved: boolean } };
  }

  it("the tool page counts the people who saved it and tells the viewer their own state", async () => {
    const [a, b] = [await newUser(), await newUser()];
    expect((await loadTool()).saves).toEqual({ count: 0, saved: false });
    await post({ intent: "save", toolId: quill.id }, { cookie: a.cookie });
    await post({ intent: "save", toolId: quill.id }, { cookie: b.cookie });
    expect((await loadTool()).saves).toEqual({ count: 2, saved: false });
    expect((await loadTool(a.cookie)).saves).toEqual({ count: 2, saved: true });
  });

  it("a list's cards learn the viewer's saved tools in one more statement; a visitor's page has none", async () => {
    const user = await newUser();
    await post({ intent: "save", toolId: echo.id }, { cookie: user.cookie });
    const loadHome = async (cookie?: string) => {
      const request = getRequest("/", { cookie });
      const { db, statements } = loggingDatabase(database);
      const context = { ...(await contextFor(services, request)), db };
      const data = (await homeLoader({ request, params: {}, context } as never)) as { savedIds: string[] | null };
      return { savedIds: data.savedIds, count: statements.length };
    };
    const visitor = await loadHome();
    const signedIn = await loadHome(user.cookie);
    expect(visitor.savedIds).toBeNull();
    expect(signedIn.savedIds).toEqual([echo.id]);
    expect(signedIn.count).toBe(visitor.count + 1);
  });

  it("the root names a save to finish after sign-in for a signed-in viewer only", async () => {
    const user = await newUser();
    const pendingOf = async (path: string, cookie?: string) => {
      const request = getRequest(path, { cookie });
      const answer = await routeAnswer(
        await rootLoader({ request, params: {}, context: await contextFor(services, request) } as never),
      );
      return (answer.data as { pendingSave: unknown }).pendingSave;
    };
    expect(await pendingOf(`/tool/${quill.slug}?save=${quill.slug}`)).toBeNull();
    expect(await pendingOf(`/?save=${quill.slug}`, user.cookie)).toEqual({
      id: quill.id,
      slug: quill.slug,
      name: "Quill Writer",
    });
    expect(await pendingOf("/?save=no-such-tool", user.cookie)).toBeNull();
    expect(await pendingOf("/", user.cookie)).toBeNull();
    // Naming it writes nothing: the page posts the save.
    expect(await database.db.select().from(savedTools).where(eq(savedTools.userId, user.id))).toEqual([]);
  });
});
