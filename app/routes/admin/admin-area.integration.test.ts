import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as articleLoader } from "~/routes/article";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { loader as toolLoader } from "~/routes/tool";
import { ADMIN_REQUIRED_MESSAGE } from "~/server/auth/guards.server";
import { articles, tools } from "~/server/db/schema.server";
import { insertArticles, insertTools } from "../../../tests/setup/fixtures";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { getRequest, routeAnswer } from "../../../tests/setup/route-calls";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// The admin area's door (layout and dashboard) and the edit shortcuts on public pages.

let database: TestDatabase;
let services: TestServices;
let adminCookie: string;
let userCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  adminCookie = (await createSignedInAdmin(services, "admin@example.com")).cookie;
  userCookie = (await createSignedInUser(services, "reader@example.com")).cookie;
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${articles} cascade`);
});

type Loader = (args: never) => Promise<unknown>;

/** Calls a loader with a GET as a browser sends it (a page, or with `data` a ".data" request). */
async function get(loader: Loader, path: string, who: { cookie?: string; data?: boolean } = {}) {
  const request = getRequest(path, who);
  const context = await contextFor(services, request);
  try {
    return { ok: true as const, value: await loader({ request, params: {}, context } as never) };
  } catch (thrown) {
    return { ok: false as const, thrown };
  }
}

async function refusal(outcome: Awaited<ReturnType<typeof get>>) {
  if (outcome.ok) throw new Error("the loader answered instead of refusing");
  const answer = await routeAnswer(outcome.thrown, { thrown: true });
  return answer.location
    ? { status: answer.status, location: answer.location }
    : { status: answer.status, data: answer.data };
}

describe.each([
  ["layout", layoutLoader as Loader, "/admin"],
  ["dashboard", dashboardLoader as Loader, "/admin"],
])("the admin %s", (_name, loader, path) => {
  it("sends a signed-out visitor's page request to /", async () => {
    expect(await refusal(await get(loader, path))).toEqual({ status: 302, location: "/" });
  });

  it("sends a signed-in non-admin's page request to /", async () => {
    expect(await refusal(await get(loader, path, { cookie: userCookie }))).toEqual({ status: 302, location: "/" });
  });

  it("answers a data request from a visitor or a non-admin with 403", async () => {
    for (const cookie of [undefined, userCookie]) {
      expect(await refusal(await get(loader, path, { cookie, data: true }))).toEqual({
        status: 403,
        data: { error: ADMIN_REQUIRED_MESSAGE, code: "forbidden" },
      });
    }
  });

  it("opens for an administrator, page and data alike", async () => {
    expect((await get(loader, path, { cookie: adminCookie })).ok).toBe(true);
    expect((await get(loader, path, { cookie: adminCookie, data: true })).ok).toBe(true);
  });
});

describe("the dashboard's counts", () => {
  it("counts every tool and the published articles, drafts apart", async () => {
    await insertTools(
      database.db,
      { name: "One" },
      { name: "Two", category: "Image" },
      { name: "Three", category: "Video" },
    );
    await insertArticles(
      database.db,
      { title: "Published one", date: "2026-01-01" },
      { title: "Published two", date: "2026-01-02" },
      { title: "A draft", date: "2026-01-03", status: "draft" },
    );
    const outcome = await get(dashboardLoader as Loader, "/admin", { cookie: adminCookie });
    expect(outcome.ok && outcome.value).toMatchObject({ tools: 3, publishedArticles: 2, draftArticles: 1 });
  });

  it("shows zeros on an empty catalogue", async () => {
    const outcome = await get(dashboardLoader as Loader, "/admin", { cookie: adminCookie });
    expect(outcome.ok && outcome.value).toMatchObject({ tools: 0, publishedArticles: 0, draftArticles: 0 });
  });
});

describe("edit shortcuts on public pages", () => {
  it("the tool page offers 'Edit Tool' to administrators only", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill Writer" });
    const page = (cookie?: string) =>
      get(
        ((args: { request: Request; context: unknown }) =>
          toolLoader({ ...args, params: { id: tool!.slug } } as never)) as Loader,
        `/tool/${tool!.slug}`,
        {
          cookie,
        },
      );
    for (const [cookie, canEdit] of [
      [undefined, false],
      [userCookie, false],
      [adminCookie, true],
    ] as const) {
      const outcome = await page(cookie);
      expect(outcome.ok && (outcome.value as { canEdit: boolean }).canEdit).toBe(canEdit);
    }
  });

  it("the article page offers 'Edit Article' to administrators only", async () => {
    const [article] = await insertArticles(database.db, { title: "Prompting well", date: "2026-02-01" });
    const page = (cookie?: string) =>
      get(
        ((args: { request: Request; context: unknown }) =>
          articleLoader({ ...args, params: { id: article!.slug } } as never)) as Loader,
        `/article/${article!.slug}`,
        { cookie },
      );
    for (const [cookie, canEdit] of [
      [undefined, false],
      [userCookie, false],
      [adminCookie, true],
    ] as const) {
      const outcome = await page(cookie);
      expect(outcome.ok && (outcome.value as { canEdit: boolean }).canEdit).toBe(canEdit);
    }
  });
});

describe("draft previews", () => {
  it("a draft's address shows it to administrators, marked as a draft, and answers 404 to everyone else", async () => {
    const [draft] = await insertArticles(database.db, {
      title: "Work in progress",
      date: "2026-03-01",
      status: "draft",
    });
    const page = (cookie?: string) =>
      get(
        ((args: { request: Request; context: unknown }) =>
          articleLoader({ ...args, params: { id: draft!.slug } } as never)) as Loader,
        `/article/${draft!.slug}`,
        { cookie },
      );
    for (const cookie of [undefined, userCookie]) {
      const outcome = await page(cookie);
      expect(outcome.ok).toBe(false);
      expect((await refusal(outcome)).status).toBe(404);
    }
    const preview = await page(adminCookie);
    expect(preview.ok && preview.value).toMatchObject({
      draft: true,
      canEdit: true,
      article: { title: "Work in progress" },
    });
  });

  it("a published article is not marked as a draft, for administrators either", async () => {
    const [article] = await insertArticles(database.db, { title: "Out now", date: "2026-03-02" });
    const outcome = await get(
      ((args: { request: Request; context: unknown }) =>
        articleLoader({ ...args, params: { id: article!.slug } } as never)) as Loader,
      `/article/${article!.slug}`,
      { cookie: adminCookie },
    );
    expect(outcome.ok && outcome.value).toMatchObject({ draft: false });
  });
});
