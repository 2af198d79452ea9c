import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import AdminTags, { action as tagsAction, loader as tagsLoader } from "~/routes/admin/tags";
import { listTags, listTagsForTool } from "~/server/catalog/tags.server";
import { tags, tools, toolTags } from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { formPostRequest, getRequest, type RouteAnswer, settleRoute } from "../../../tests/setup/route-calls";
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

// /admin/tags as a browser reaches it: real requests, real sessions.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let reader: { id: string; cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  reader = await createSignedInUser(services, "reader@example.com");
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
});

async function load(path = "/admin/tags", who: { cookie?: string; data?: boolean } = { cookie: admin.cookie }) {
  const request = getRequest(path, who);
  const context = await contextFor(services, request);
  return settleRoute(async () => tagsLoader({ request, params: {}, context } as never));
}

async function post(
  fields: Record<string, string>,
  { cookie = admin.cookie, origin }: { cookie?: string | null; origin?: string | null } = {},
) {
  const request = formPostRequest("/admin/tags", fields, { cookie, origin });
  const context = await contextFor(services, request);
  return settleRoute(async () => tagsAction({ request, params: {}, context } as never));
}

function expectSuccess(outcome: RouteAnswer, title: string) {
  expect(outcome).toMatchObject({ status: 302, location: "/admin/tags" });
  const request = new Request(TEST_SITE_URL, { headers: { cookie: cookieHeaderFrom(outcome.headers!) } });
  expect(takeFlash(request).flash).toEqual({ kind: "success", title });
}

function render(path: string, loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([
    { id: "page", path: "/admin/tags", Component: AdminTags as never, loader: () => loaderData },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) },
    }),
  );
}

const visibleText = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
const allTags = () => listTags({ db: database.db });

describe("the tag table", () => {
  it("lists tags by name with slug, tool count, Edit and Delete, and the form to add one", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    const [api, chat] = await database.db
      .insert(tags)
      .values([
        { name: "chatbot", slug: "chatbot" },
        { name: "API", slug: "api", description: "Has an API." },
      ])
      .returning()
      .then((rows) => [rows[1]!, rows[0]!]);
    await database.db.insert(toolTags).values([
      { toolId: quill!.id, tagId: api!.id },
      { toolId: echo!.id, tagId: api!.id },
      { toolId: quill!.id, tagId: chat!.id },
    ]);

    const outcome = await load();
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({
      editing: null,
      tags: [
        { name: "API", slug: "api", toolCount: 2, description: "Has an API." },
        { name: "chatbot", slug: "chatbot", toolCount: 1 },
      ],
    });
    const html = render("/admin/tags", outcome.data);
    const text = visibleText(html);
    expect(text).toMatch(/Name\s+Slug\s+Tools\s+Actions/);
    expect(text).toMatch(/API\s+Has an API\.\s+api\s+2\s+Edit API\s+Delete API/);
    expect(text).toMatch(/chatbot\s+chatbot\s+1\s+Edit chatbot\s+Delete chatbot/);
    expect(html).toContain(`href="/admin/tags?edit=${api!.id}"`);
    expect(text).toContain("Add a tag");
    for (const [id, label] of [
      ["tag-name", "Name"],
      ["tag-slug", "Slug"],
      ["tag-description", "Description"],
      ["tag-kind", "What it says about a tool"],
    ]) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>${label}</label>`));
    }
    expect(html).toMatch(/<input type="hidden" name="intent" value="create"/);
  });

  it("opens a tag's edit form with ?edit={id}, filled in, instead of the add form", async () => {
    const [api] = await database.db
      .insert(tags)
      .values({ name: "API", slug: "api", description: "Has an API." })
      .returning();
    const outcome = await load(`/admin/tags?edit=${api!.id}`);
    expect(outcome.data).toMatchObject({ editing: api!.id });
    const html = render(`/admin/tags?edit=${api!.id}`, outcome.data);
    const text = visibleText(html);
    expect(text).toContain("Edit “API”");
    expect(text).not.toContain("Add a tag");
    expect(html).toMatch(/<input type="hidden" name="intent" value="update"/);
    expect(html).toContain(`<input type="hidden" name="id" value="${api!.id}"/>`);
    expect(html).toContain('value="API"');
    expect(html).toContain(">Has an API.</textarea>");
    // An unknown id shows the page as usual.
    expect(await load("/admin/tags?edit=nope")).toMatchObject({ status: 200, data: { editing: null } });
  });

  it("says when there are no tags", async () => {
    const outcome = await load();
    expect(visibleText(render("/admin/tags", outcome.data))).toContain("No tags yet");
  });

  it("sends signed-out visitors and non-admins home, and refuses their data requests", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      expect(await load("/admin/tags", { cookie })).toMatchObject({ status: 302, location: "/" });
      expect(await load("/admin/tags", { cookie, data: true })).toMatchObject({ status: 403 });
    }
  });
});

describe("adding a tag", () => {
  it("saves it with a slug made from the name, says 'Tag created successfully' and refreshes public pages", async () => {
    const before = services.invalidations();
    expectSuccess(
      await post({
        intent: "create",
        name: " Open  source ",
        slug: "",
        description: "Code you can read.",
        kind: "generic",
      }),
      "Tag created successfully",
    );
    expect(services.invalidations()).toBe(before + 1);
    expect(await database.db.select().from(tags)).toMatchObject([
      { name: "Open source", slug: "open-source", description: "Code you can read.", kind: "generic" },
    ]);
    expectSuccess(await post({ intent: "create", name: "Open-source!", slug: "" }), "Tag created successfully");
    expect((await allTags()).map((tag) => tag.slug).sort()).toEqual(["open-source", "open-source-2"]);
  });

  it.each<[string, Record<string, string>, Record<string, string>]>([
    ["a blank name", { name: "  " }, { name: "Name is required" }],
    ["an unknown kind", { name: "Kinded", kind: "colour" }, { kind: "Choose what the tag says" }],
    ["a long name", { name: "x".repeat(61) }, { name: "Name must be at most 60 characters" }],
    ["a slug of symbols", { name: "API", slug: "%%%" }, { slug: "Slug must contain letters or numbers" }],
    [
      "a long description",
      { name: "API", description: "x".repeat(301) },
      { description: "Description must be at most 300 characters" },
    ],
    ["a name already used", { name: "chatbot" }, { name: "A tag with this name already exists" }],
    ["a slug already used", { name: "Bots", slug: "Chatbot" }, { slug: "This slug is already used by another tag" }],
  ])("refuses %s with the message beside the field, writing nothing", async (_label, fields, fieldErrors) => {
    await database.db.insert(tags).values({ name: "Chatbot", slug: "chatbot" });
    const before = services.invalidations();
    const outcome = await post({ intent: "create", slug: "", description: "", ...fields });
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        ok: false,
        form: "create",
        formError: `Failed to create tag: ${Object.values(fieldErrors)[0]}`,
        fieldErrors,
      },
    });
    expect(await allTags()).toHaveLength(1);
    expect(services.invalidations()).toBe(before);
  });

  it("after a refused save without JavaScript, shows what was typed with the message", async () => {
    const refused = await post({ intent: "create", name: "", slug: "kept-slug", description: "Kept text" });
    const html = render("/admin/tags", (await load()).data, refused.data);
    expect(html).toContain('value="kept-slug"');
    expect(html).toContain(">Kept text</textarea>");
    expect(visibleText(html)).toContain("Name is required");
    expect(html).toMatch(
      /<input[^>]*aria-invalid="true"[^>]*name="name"|<input[^>]*name="name"[^>]*aria-invalid="true"/,
    );
  });
});

describe("editing a tag", () => {
  it("saves it, keeps the slug when blank, says 'Tag updated successfully'", async () => {
    const [api] = await database.db.insert(tags).values({ name: "API", slug: "api" }).returning();
    const before = services.invalidations();
    expectSuccess(
      await post({ intent: "update", id: api!.id, name: "Public API", slug: "", description: "Open to all." }),
      "Tag updated successfully",
    );
    expect(services.invalidations()).toBe(before + 1);
    expect(await allTags()).toEqual([{ id: api!.id, name: "Public API", slug: "api" }]);
    expectSuccess(
      await post({ intent: "update", id: api!.id, name: "Public API", slug: "Public API", description: "" }),
      "Tag updated successfully",
    );
    expect((await allTags())[0]!.slug).toBe("public-api");
  });

  it("refuses another tag's name, and answers 404 for an unknown or malformed id", async () => {
    const [api] = await database.db
      .insert(tags)
      .values([
        { name: "API", slug: "api" },
        { name: "Chatbot", slug: "chatbot" },
      ])
      .returning();
    expect(await post({ intent: "update", id: api!.id, name: "CHATBOT", slug: "", description: "" })).toMatchObject({
      status: 400,
      data: { ok: false, form: api!.id, formError: "Failed to update tag: A tag with this name already exists" },
    });
    for (const id of ["00000000-0000-4000-8000-000000000000", "api", ""]) {
      expect(await post({ intent: "update", id, name: "X", slug: "", description: "" })).toMatchObject({
        status: 404,
        data: { error: "Tag not found" },
      });
    }
  });
});

describe("deleting a tag", () => {
  it("removes it from the list and from every tool, says 'Tag deleted successfully'", async () => {
    const [quill] = await insertTools(database.db, { name: "Quill" });
    const [api, chat] = await database.db
      .insert(tags)
      .values([
        { name: "API", slug: "api" },
        { name: "Chatbot", slug: "chatbot" },
      ])
      .returning();
    await database.db.insert(toolTags).values([
      { toolId: quill!.id, tagId: api!.id },
      { toolId: quill!.id, tagId: chat!.id },
    ]);
    const before = services.invalidations();
    expectSuccess(await post({ intent: "delete", id: api!.id }), "Tag deleted successfully");
    expect(services.invalidations()).toBe(before + 1);
    expect((await allTags()).map((tag) => tag.name)).toEqual(["Chatbot"]);
    expect(await listTagsForTool({ db: database.db, toolId: quill!.id })).toEqual([
      { slug: "chatbot", name: "Chatbot" },
    ]);
    expect(await post({ intent: "delete", id: api!.id })).toMatchObject({ status: 404 });
  });

  it("names the tag in each row's Delete button", async () => {
    await database.db.insert(tags).values({ name: "API", slug: "api" });
    const html = render("/admin/tags", (await load()).data);
    expect(html).toMatch(/<button[^>]*>.*Delete<span class="sr-only"> API<\/span><\/button>/);
  });
});

describe("who may write", () => {
  it("refuses signed-out visitors, non-admins and other origins with 403, writing nothing", async () => {
    const [api] = await database.db.insert(tags).values({ name: "API", slug: "api" }).returning();
    const attempts: Record<string, string>[] = [
      { intent: "create", name: "Intruder", slug: "", description: "" },
      { intent: "update", id: api!.id, name: "Defaced", slug: "", description: "" },
      { intent: "delete", id: api!.id },
    ];
    for (const fields of attempts) {
      for (const cookie of [null, reader.cookie]) expect(await post(fields, { cookie })).toMatchObject({ status: 403 });
      for (const origin of ["https://evil.example", null])
        expect(await post(fields, { origin })).toMatchObject({ status: 403 });
    }
    expect(await allTags()).toEqual([{ id: api!.id, name: "API", slug: "api" }]);
  });

  it("answers an unknown intent or a body that is not a form with a refusal, never a 500", async () => {
    expect(await post({ intent: "publish", name: "X" })).toMatchObject({ status: 400, data: { ok: false } });
    const request = new Request(new URL("/admin/tags", TEST_SITE_URL), {
      method: "POST",
      headers: { "content-type": "application/json", origin: new URL(TEST_SITE_URL).origin, cookie: admin.cookie },
      body: JSON.stringify({ intent: "create", name: "X" }),
    });
    const context = await contextFor(services, request);
    expect(await settleRoute(async () => tagsAction({ request, params: {}, context } as never))).toMatchObject({
      status: 415,
    });
    expect(await allTags()).toEqual([]);
  });
});
