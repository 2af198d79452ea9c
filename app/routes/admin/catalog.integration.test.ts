import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import AdminCatalog, { action as catalogAction } from "~/routes/admin/catalog";
import { loader as exportLoader } from "~/routes/admin/catalog-export";
import { IMPORT_MAX_BYTES, IMPORT_SIZE_MESSAGE } from "~/lib/catalog-transfer";
import { readToolRecords } from "~/server/catalog-transfer/catalog-records.server";
import { tags, tools } from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { getRequest, settleRoute, type RouteAnswer } from "../../../tests/setup/route-calls";
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

// /admin/catalog and /admin/catalog/export as a browser reaches them: real requests (multipart
// uploads, as the page's forms post them without JavaScript), real sessions, a real database.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  member = await createSignedInUser(services, "member@example.com");
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
});

const TOOL = {
  slug: "quill",
  name: "Quill",
  category: "Writing",
  tagline: "Drafts letters for you.",
  description: "<p>Drafts letters.\nTwo lines.</p>",
  pricingModel: "free",
  features: ["Drafts"],
};
const csvOf = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(",")).join("\n");
const TOOLS_CSV = csvOf([
  ["slug", "name", "category", "tagline", "description", "pricing_model", "features"],
  ["quill", "Quill", "Writing", "Drafts letters for you.", "<p>Drafts letters.\nTwo lines.</p>", "free", '["Drafts"]'],
]);

type Upload = { name: string; text: string | Uint8Array; type?: string };

async function post(
  fields: Record<string, string>,
  {
    file,
    cookie = admin.cookie,
    origin = TEST_SITE_URL,
  }: { file?: Upload; cookie?: string | null; origin?: string | null } = {},
): Promise<RouteAnswer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      "file",
      new Blob([typeof file.text === "string" ? file.text : new Uint8Array(file.text)], {
        type: file.type ?? "text/csv",
      }),
      file.name,
    );
  const headers = new Headers();
  if (origin) headers.set("origin", origin);
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${TEST_SITE_URL}/admin/catalog`, { method: "POST", headers, body: form });
  const context = await contextFor(services, request);
  return settleRoute(async () => catalogAction({ request, params: {}, context } as never));
}

type Checked = {
  content: string;
  fileName: string;
  report: { counts: Record<string, number>; rows: { action: string; problems: unknown[] }[]; applied: boolean };
};

async function exportAs(search: string, cookie: string | null = admin.cookie) {
  const request = getRequest(`/admin/catalog/export${search}`, cookie ? { cookie } : {});
  const context = await contextFor(services, request);
  try {
    return (await exportLoader({ request, params: {}, context } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("export downloads", () => {
  it("gives an administrator the tools as JSON and as CSV, as attachments never cached", async () => {
    await post({ intent: "apply", kind: "tools" }, { file: { name: "tools.json", text: JSON.stringify([TOOL]) } });

    const json = await exportAs("?type=tools&format=json");
    expect(json.status).toBe(200);
    expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(json.headers.get("content-disposition")).toMatch(
      /^attachment; filename="catalog-tools-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(json.headers.get("cache-control")).toBe("private, no-store");
    expect(JSON.parse(await json.text())).toMatchObject([{ slug: "quill", tagline: "Drafts letters for you." }]);

    const csv = await exportAs("?type=articles&format=csv");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n")[0]).toMatch(/^slug,title,category,author,date,/);

    const whole = await exportAs("?type=catalogue&format=json");
    expect(whole.headers.get("content-disposition")).toMatch(
      /^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(await whole.json()).toMatchObject({
      format: "aitlas-catalogue",
      version: 1,
      tools: [{ slug: "quill", status: "active" }],
    });
  });

  it("sends a member or a visitor away, and answers 400 to an unknown type or format", async () => {
    expect((await exportAs("?type=tools&format=json", member.cookie)).headers.get("location")).toBe("/");
    expect((await exportAs("?type=tools&format=json", null)).headers.get("location")).toBe("/");
    const bad = await exportAs("?type=users&format=json");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: "Choose type=tools or articles and format=json or csv, or type=catalogue and format=json.",
    });
    expect((await exportAs("?type=catalogue&format=csv")).status).toBe(400);
  });
});

describe("import", () => {
  it("checks an uploaded file without writing, then applies the same text posted back from the page", async () => {
    const invalidated = services.invalidations();
    const checked = await post({ intent: "dry-run", kind: "tools" }, { file: { name: "tools.csv", text: TOOLS_CSV } });
    expect(checked.status).toBe(200);
    expect(checked.data).toMatchObject({
      ok: true,
      data: {
        fileName: "tools.csv",
        report: { counts: { create: 1, update: 0, unchanged: 0, refused: 0 }, applied: false },
      },
    });
    const report = (checked.data as { data: Checked }).data;
    expect(await readToolRecords({ db: database.db })).toEqual([]);
    expect(services.invalidations()).toBe(invalidated);

    // What the page's Apply form posts: the text as base64 (line breaks survive the browser).
    const applied = await post({
      intent: "apply",
      kind: "tools",
      format: "csv",
      fileName: "tools.csv",
      content: report.content,
    });
    expect(applied).toMatchObject({ status: 302, location: "/admin/catalog" });
    const flash = takeFlash(new Request(TEST_SITE_URL, { headers: { cookie: cookieHeaderFrom(applied.headers!) } }));
    expect(flash.flash).toEqual({ kind: "success", title: "Import applied: 1 created, 0 updated, 0 unchanged" });
    expect(await readToolRecords({ db: database.db })).toMatchObject([
      { slug: "quill", description: "<p>Drafts letters.\nTwo lines.</p>", pricingModel: "free" },
    ]);
    expect(services.invalidations()).toBe(invalidated + 1);

    // Again: every row unchanged, nothing to apply, no cache dropped.
    const again = await post({ intent: "apply", kind: "tools" }, { file: { name: "tools.csv", text: TOOLS_CSV } });
    expect(again).toMatchObject({ status: 302 });
    expect(services.invalidations()).toBe(invalidated + 1);
  });

  it("refuses an apply with a refused row as a whole: 400, the rows to fix, nothing written", async () => {
    const file = { name: "tools.json", text: JSON.stringify([TOOL, { ...TOOL, slug: "x", category: "Cooking" }]) };
    const outcome = await post({ intent: "apply", kind: "tools" }, { file });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      ok: false,
      code: "bad-request",
      data: {
        report: {
          applied: false,
          counts: { create: 1, refused: 1 },
          rows: [{ action: "create" }, { action: "refused", problems: [{ field: "category" }] }],
        },
      },
    });
    expect(await readToolRecords({ db: database.db })).toEqual([]);
  });

  it.each([
    ["broken JSON", { name: "tools.json", text: "[{" }, /^The JSON file could not be read: /],
    [
      "a CSV with an unclosed quote",
      { name: "tools.csv", text: 'slug,name\n"quill,Quill' },
      /^The CSV file could not be read: /,
    ],
    [
      "a file that is not UTF-8",
      { name: "tools.csv", text: new Uint8Array([0xff, 0xfe, 0x00, 0xd8]) },
      /^The file must be UTF-8 text/,
    ],
    ["an empty file", { name: "tools.csv", text: "" }, /^Choose a JSON or CSV file to import\.$/],
  ])("answers %s with 400 and a message, never a 500", async (_, file, message) => {
    const outcome = await post({ intent: "dry-run", kind: "tools" }, { file });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ ok: false, formError: expect.stringMatching(message) as unknown });
  });

  it("refuses a file over 5 MB with 413 before reading it", async () => {
    const outcome = await post(
      { intent: "dry-run", kind: "tools" },
      { file: { name: "tools.csv", text: `slug\n${"a".repeat(IMPORT_MAX_BYTES)}` } },
    );
    expect(outcome).toMatchObject({
      status: 413,
      data: { ok: false, code: "payload-too-large", formError: IMPORT_SIZE_MESSAGE },
    });
  });

  it("answers a member 403, a post from another site 403, and an unknown kind 400, writing nothing", async () => {
    const file = { name: "tools.csv", text: TOOLS_CSV };
    expect((await post({ intent: "apply", kind: "tools" }, { file, cookie: member.cookie })).status).toBe(403);
    expect((await post({ intent: "apply", kind: "tools" }, { file, cookie: null })).status).toBe(403);
    expect((await post({ intent: "apply", kind: "tools" }, { file, origin: "https://evil.example" })).status).toBe(403);
    expect(await post({ intent: "apply", kind: "users" }, { file })).toMatchObject({
      status: 400,
      data: { ok: false, formError: "Choose what to import: tools or articles." },
    });
    expect(await readToolRecords({ db: database.db })).toEqual([]);
  });
});

describe("the page without JavaScript", () => {
  it("shows the outcome table and an Apply form that posts the checked text back", async () => {
    const answer = (await post({ intent: "dry-run", kind: "tools" }, { file: { name: "tools.csv", text: TOOLS_CSV } }))
      .data as { ok: true; data: Checked };
    const checked = answer.data;
    const Stub = createRoutesStub([
      { id: "page", path: "/admin/catalog", Component: AdminCatalog as never, loader: () => null },
    ]);
    const html = renderToString(
      createElement(Stub, {
        initialEntries: ["/admin/catalog"],
        hydrationData: { loaderData: { page: null }, actionData: { page: answer } },
      }),
    );
    expect(html).toContain('href="/admin/catalog/export?type=tools&amp;format=csv"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain(`name="content" value="${checked.content}"`);
    expect(html).toContain("1 to create, 0 to update, 0 unchanged, 0 refused");
    expect(html).toMatch(/<td[^>]*>quill<\/td><td[^>]*>Create<\/td>/);
  });
});
