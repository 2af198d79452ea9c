import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/tool-alternatives";
import { listOverrides } from "~/server/catalog/alternatives.server";
import { tags, tools } from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { formPostRequest, getRequest, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// /admin/tools/{id}/alternatives: pins and exclusions through real requests and sessions.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let reader: { id: string; cookie: string };
let scribe: { id: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  reader = await createSignedInUser(services, "reader@example.com");
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
  const inserted = await insertTools(
    database.db,
    { name: "Scribe", category: "Audio" },
    { name: "Twin", category: "Audio" },
    { name: "Painter", category: "Image" },
  );
  scribe = inserted[0]!;
});

const pagePath = () => `/admin/tools/${scribe.id}/alternatives`;

async function load(cookie: string | null = admin.cookie) {
  const request = getRequest(pagePath(), { cookie: cookie ?? undefined, data: true });
  const context = await contextFor(services, request);
  return settleRoute(async () => loader({ request, params: { id: scribe.id }, context } as never));
}

async function post(
  fields: Record<string, string>,
  { cookie = admin.cookie, origin }: { cookie?: string | null; origin?: string | null } = {},
) {
  const request = formPostRequest(pagePath(), fields, { cookie, origin });
  const context = await contextFor(services, request);
  return settleRoute(async () => action({ request, params: { id: scribe.id }, context } as never));
}

const listed = async () =>
  ((await load()).data as { alternatives: { tool: { name: string }; pinned: boolean }[] }).alternatives.map(
    (entry) => `${entry.tool.name}${entry.pinned ? " (pinned)" : ""}`,
  );

describe("/admin/tools/{id}/alternatives", () => {
  it("pins a tool typed by name, excludes one by id, and restores it", async () => {
    expect(await listed()).toEqual(["Twin"]);

    const pinned = await post({ intent: "pin", alternative: "Painter" });
    expect(pinned).toMatchObject({ status: 302, location: pagePath() });
    const request = new Request(TEST_SITE_URL, { headers: { cookie: cookieHeaderFrom(pinned.headers!) } });
    expect(takeFlash(request).flash).toEqual({ kind: "success", title: "Alternatives updated" });
    expect(await listed()).toEqual(["Painter (pinned)", "Twin"]);

    const twin = (await listOverrides({ db: database.db, toolId: scribe.id })).length;
    expect(twin).toBe(1);
    const [twinRow] = await database.db
      .select()
      .from(tools)
      .where(sql`${tools.name} = 'Twin'`);
    expect(await post({ intent: "exclude", alternative: twinRow!.id })).toMatchObject({ status: 302 });
    expect(await listed()).toEqual(["Painter (pinned)"]);
    const page = (await load()).data as { excluded: { name: string }[] };
    expect(page.excluded.map((entry) => entry.name)).toEqual(["Twin"]);

    expect(await post({ intent: "clear", alternative: twinRow!.id })).toMatchObject({ status: 302 });
    expect(await listed()).toEqual(["Painter (pinned)", "Twin"]);
  });

  it("answers an unknown tool, the tool itself and an unknown action with a message, changing nothing", async () => {
    expect(await post({ intent: "pin", alternative: "Nobody" })).toMatchObject({
      status: 404,
      data: { ok: false, formError: "No tool is named “Nobody”" },
    });
    expect(await post({ intent: "pin", alternative: "scribe" })).toMatchObject({
      status: 400,
      data: { ok: false, formError: "A tool cannot be its own alternative" },
    });
    expect(await post({ intent: "promote", alternative: "Twin" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "pin", alternative: "  " })).toMatchObject({ status: 400 });
    expect(await listOverrides({ db: database.db, toolId: scribe.id })).toEqual([]);
  });

  it("refuses signed-out visitors, non-admins and other origins with 403, writing nothing", async () => {
    for (const cookie of [null, reader.cookie]) expect(await load(cookie)).toMatchObject({ status: 403 });
    for (const cookie of [null, reader.cookie])
      expect(await post({ intent: "pin", alternative: "Painter" }, { cookie })).toMatchObject({ status: 403 });
    for (const origin of [null, "https://evil.example"])
      expect(await post({ intent: "pin", alternative: "Painter" }, { origin })).toMatchObject({ status: 403 });
    expect(await listOverrides({ db: database.db, toolId: scribe.id })).toEqual([]);
  });
});
