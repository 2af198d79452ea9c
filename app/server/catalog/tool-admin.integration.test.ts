import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { toolFormSchema, type ToolFormData, type ToolFormInput } from "~/lib/tool-form";
import { recordVote } from "~/server/community/votes.server";
import { comments, tags, toolCategoryCounts, toolChanges, tools, toolTags, toolVotes } from "~/server/db/schema.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { deleteTag, listTagsForTool } from "./tags.server";
import { recomputeStartingPrices } from "./starting-prices.server";
import { createTool, deleteTool, findToolById, listToolsForAdmin, updateTool } from "./tool-admin.server";
import { listRecentChanges, type ChangeAuthor } from "../freshness/change-log.server";

const admin: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Ada" };

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags}, users cascade`);
});

/** A valid form as the browser posts it, changed by `overrides`, run through the real schema. */
function form(overrides: Partial<ToolFormInput> = {}): ToolFormData {
  const input: ToolFormInput = {
    name: "Quill Writer",
    category: "Writing",
    description: "<p>Drafts letters.</p>",
    image: "",
    website: "",
    slug: "",
    metaTitle: "",
    features: ["Drafts"],
    pros: [],
    cons: [],
    pricing: { shape: "none" },
    tagline: "Drafts letters for you.",
    pricingModel: "freemium",
    tags: [],
    ...overrides,
  };
  return toolFormSchema.parse(input);
}

async function created(overrides: Partial<ToolFormInput> = {}) {
  const result = await createTool({ db: database.db, input: form(overrides) });
  if (result.status !== "created") throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.tool;
}

async function categoryCounts() {
  const rows = await database.db.select().from(toolCategoryCounts).orderBy(asc(toolCategoryCounts.category));
  return Object.fromEntries(rows.map((row) => [row.category, row.toolCount]));
}

async function insertTags(...names: string[]) {
  return database.db
    .insert(tags)
    .values(names.map((name) => ({ name, slug: name.toLowerCase().replace(/\s+/g, "-") })))
    .returning();
}

const names = (page: { tools: { name: string }[] }) => page.tools.map((tool) => tool.name);

describe("listToolsForAdmin", () => {
  test("orders by name, case-insensitively, and counts the whole catalogue", async () => {
    await insertTools(
      database.db,
      { name: "zeta" },
      { name: "Alpha" },
      { name: "beta" },
      { name: "Gamma", category: "Image" },
    );
    const page = await listToolsForAdmin({ db: database.db });
    expect(names(page)).toEqual(["Alpha", "beta", "Gamma", "zeta"]);
    expect(page).toMatchObject({ total: 4, page: 1, pageCount: 1 });
    expect(Object.keys(page.tools[0]!).sort()).toEqual([
      "category",
      "consecutiveFailures",
      "discontinuedAt",
      "failingSince",
      "id",
      "linkOutcome",
      "metaTitle",
      "name",
      "pricingModel",
      "rating",
      "slug",
      "tagline",
    ]);
  });

  test("filters by a case-insensitive substring of the name or the category", async () => {
    await insertTools(
      database.db,
      { name: "Quill Writer", category: "Writing" },
      { name: "Palette", category: "Image" },
      { name: "Pixel Quill", category: "Image" },
      { name: "Echo", category: "Audio", description: "<p>Quill in the description only.</p>" },
    );
    expect(names(await listToolsForAdmin({ db: database.db, query: "qUILL" }))).toEqual([
      "Pixel Quill",
      "Quill Writer",
    ]);
    const images = await listToolsForAdmin({ db: database.db, query: "imag" });
    expect(names(images)).toEqual(["Palette", "Pixel Quill"]);
    expect(images.total).toBe(2);
    expect(await listToolsForAdmin({ db: database.db, query: "nothing like it" })).toMatchObject({
      tools: [],
      total: 0,
      pageCount: 1,
    });
  });

  test("matches LIKE wildcards literally", async () => {
    await insertTools(
      database.db,
      { name: "100% Human" },
      { name: "1000 Words" },
      { name: "snake_case" },
      { name: "snakeXcase" },
    );
    expect(names(await listToolsForAdmin({ db: database.db, query: "0%" }))).toEqual(["100% Human"]);
    expect(names(await listToolsForAdmin({ db: database.db, query: "e_c" }))).toEqual(["snake_case"]);
  });

  test("pages through the list with the total on every page, even past the end", async () => {
    await insertTools(database.db, ...Array.from({ length: 7 }, (_, index) => ({ name: `Tool ${index}` })));
    const second = await listToolsForAdmin({ db: database.db, page: 2, pageSize: 3 });
    expect(names(second)).toEqual(["Tool 3", "Tool 4", "Tool 5"]);
    expect(second).toMatchObject({ total: 7, page: 2, pageCount: 3, pageSize: 3 });
    const filtered = await listToolsForAdmin({ db: database.db, query: "tool", page: 3, pageSize: 3 });
    expect(names(filtered)).toEqual(["Tool 6"]);
    expect(filtered.total).toBe(7);
    expect(await listToolsForAdmin({ db: database.db, page: 9, pageSize: 3 })).toMatchObject({ tools: [], total: 7 });
  });
});

describe("listToolsForAdmin with missing facts", () => {
  test("lists only tools without a tagline (or a blank one) or a pricing model, with search and paging", async () => {
    await insertTools(
      database.db,
      { name: "Done", tagline: "Does it.", pricingModel: "free" },
      { name: "No tagline", pricingModel: "paid" },
      { name: "Blank tagline", tagline: "   ", pricingModel: "paid" },
      { name: "No pricing model", tagline: "Does it." },
      { name: "Neither", category: "Image" },
    );
    const missing = await listToolsForAdmin({ db: database.db, missing: true });
    expect(names(missing)).toEqual(["Blank tagline", "Neither", "No pricing model", "No tagline"]);
    expect(missing.total).toBe(4);
    expect(names(await listToolsForAdmin({ db: database.db, missing: true, query: "image" }))).toEqual(["Neither"]);
    expect(names(await listToolsForAdmin({ db: database.db, missing: true, query: "done" }))).toEqual([]);
    const second = await listToolsForAdmin({ db: database.db, missing: true, page: 2, pageSize: 3 });
    expect(names(second)).toEqual(["No tagline"]);
    expect(second).toMatchObject({ total: 4, pageCount: 2 });
    expect((await listToolsForAdmin({ db: database.db })).total).toBe(5);
  });
});

describe("findToolById", () => {
  test("finds by id and answers null for an unknown or malformed id", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    expect((await findToolById({ db: database.db, id: tool!.id }))?.name).toBe("Quill");
    expect((await findToolById({ db: database.db, id: tool!.id.toUpperCase() }))?.name).toBe("Quill");
    expect(await findToolById({ db: database.db, id: "00000000-0000-4000-8000-000000000000" })).toBeNull();
    expect(await findToolById({ db: database.db, id: "quill" })).toBeNull();
    expect(await findToolById({ db: database.db, id: "' or 1=1 --" })).toBeNull();
  });
});

describe("createTool", () => {
  test("stores every field of the form", async () => {
    const tool = await created({
      name: "Quill Writer",
      category: "Productivity",
      description: "<p>Drafts <strong>letters</strong>.</p>",
      image: "https://cdn.example.com/quill.png",
      website: "https://quill.example.com",
      metaTitle: "Quill Writer: AI letters",
      features: ["Drafts", "", "Edits"],
      pros: ["Fast"],
      cons: ["Pricey", ""],
    });
    const stored = await findToolById({ db: database.db, id: tool.id });
    expect(stored).toMatchObject({
      slug: "quill-writer",
      name: "Quill Writer",
      category: "Productivity",
      description: "<p>Drafts <strong>letters</strong>.</p>",
      image: "https://cdn.example.com/quill.png",
      website: "https://quill.example.com",
      metaTitle: "Quill Writer: AI letters",
      features: ["Drafts", "Edits"],
      pros: ["Fast"],
      cons: ["Pricey"],
      pricing: null,
      rating: null,
      voteCount: 0,
    });
  });

  test("stores both pricing shapes as plans in the order they were entered", async () => {
    const plans = await created({
      name: "Plans Tool",
      pricing: {
        shape: "plans",
        plans: [
          { plan: "Free", price: "$0", details: "Limited", features: "" },
          { plan: "", price: "", details: "", features: "" },
          { plan: "Pro", price: "$20/month", details: "Everything", features: "Priority\n\n  Exports  " },
        ],
      },
    });
    expect((await findToolById({ db: database.db, id: plans.id }))?.pricing).toEqual([
      { plan: "Free", price: "$0", details: "Limited" },
      { plan: "Pro", price: "$20/month", details: "Everything", features: ["Priority", "Exports"] },
    ]);

    // Names whose JSONB key order (shorter first) is not the order typed: a map would lose it.
    const simple = await created({
      name: "Simple Tool",
      pricing: {
        shape: "simple",
        entries: [
          { plan: "Basic", price: "$10" },
          { plan: "Standard", price: "$30" },
          { plan: "Pro", price: "$60" },
          { plan: "Mega", price: "$120" },
        ],
      },
    });
    expect((await findToolById({ db: database.db, id: simple.id }))?.pricing).toEqual([
      { plan: "Basic", price: "$10", details: "" },
      { plan: "Standard", price: "$30", details: "" },
      { plan: "Pro", price: "$60", details: "" },
      { plan: "Mega", price: "$120", details: "" },
    ]);

    const blankRows = await created({
      name: "Blank Pricing",
      pricing: { shape: "plans", plans: [{ plan: "", price: "", details: "", features: "" }] },
    });
    expect(blankRows.pricing).toBeNull();
  });

  test("makes the slug from the name, with -2, -3 when it is taken", async () => {
    expect((await created({ name: "Quill Writer" })).slug).toBe("quill-writer");
    expect((await created({ name: "quill  WRITER!" })).slug).toBe("quill-writer-2");
    expect((await created({ name: "Quill Writer" })).slug).toBe("quill-writer-3");
    expect((await created({ name: "Crème Brûlée" })).slug).toBe("creme-brulee");
    expect((await created({ name: "!!!" })).slug).toBe("tool");
    expect((await created({ name: "???" })).slug).toBe("tool-2");
  });

  test("skips suffixes already in use and ignores look-alike slugs", async () => {
    await insertTools(
      database.db,
      { name: "Echo", slug: "echo" },
      { name: "Echo 3", slug: "echo-3" },
      { name: "Echo Pro", slug: "echo-pro" },
    );
    expect((await created({ name: "Echo" })).slug).toBe("echo-2");
    expect((await created({ name: "Echo" })).slug).toBe("echo-4");
  });

  test("gives tools saved at the same moment under one name different slugs", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, () => createTool({ db: database.db, input: form({ name: "Rush" }) })),
    );
    expect(results.every((result) => result.status === "created")).toBe(true);
    const slugs = (await database.db.select({ slug: tools.slug }).from(tools)).map((row) => row.slug).sort();
    expect(slugs).toEqual(["rush", "rush-2", "rush-3", "rush-4", "rush-5", "rush-6"]);
  });

  test("normalises a typed slug and refuses one already used", async () => {
    expect((await created({ name: "First", slug: "  My Great_Tool " })).slug).toBe("my-great-tool");
    expect(await createTool({ db: database.db, input: form({ name: "Second", slug: "MY GREAT TOOL" }) })).toEqual({
      status: "invalid",
      fieldErrors: { slug: "This slug is already used by another tool" },
    });
    expect(await database.db.select().from(tools)).toHaveLength(1);
  });

  test("answers a race for one typed slug with the slug message, not an error", async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        createTool({ db: database.db, input: form({ name: `Racer ${index}`, slug: "finish-line" }) }),
      ),
    );
    expect(results.filter((result) => result.status === "created")).toHaveLength(1);
    for (const result of results.filter((result) => result.status !== "created")) {
      expect(result).toEqual({ status: "invalid", fieldErrors: { slug: "This slug is already used by another tool" } });
    }
  });

  test.each([
    ["<script>", '<p>Hi</p><script>alert("x")</script>', ["<script", "alert"]],
    ["onerror", '<p>Logo <img src="https://x.example/a.png" onerror="alert(1)"></p>', ["onerror"]],
    ["a javascript: link", '<p><a href="javascript:alert(1)">click</a></p>', ["javascript:"]],
    ["an entity-encoded javascript: link", '<p><a href="jav&#x61;script:alert(1)">click</a></p>', ["script:", "alert"]],
    ["<svg onload>", '<p>Shape</p><svg onload="alert(1)"><circle r="1"/></svg>', ["<svg", "onload", "<circle"]],
    ["<iframe>", '<p>Video</p><iframe src="https://evil.example"></iframe>', ["<iframe", "evil.example"]],
    [
      "style",
      '<p style="background:url(javascript:alert(1))">Styled</p><style>body{display:none}</style>',
      ["style=", "<style", "display:none", "javascript"],
    ],
    [
      "a data: URL",
      '<p><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a><img src="data:image/svg+xml,<svg onload=alert(1)>"></p>',
      ["data:", "onload"],
    ],
    ["an unclosed tag trick", "<p>Text</p><img src=x onerror=alert(1)//", ["onerror"]],
  ])("sanitizes %s out of the description before storing it", async (_label, description, forbidden) => {
    const tool = await created({ description: `<p>Kept text.</p>${description}` });
    const [stored] = await database.db
      .select({ description: tools.description })
      .from(tools)
      .where(eq(tools.id, tool.id));
    expect(stored!.description).toContain("<p>Kept text.</p>");
    for (const text of forbidden) expect(stored!.description.toLowerCase()).not.toContain(text.toLowerCase());
  });

  test("keeps safe links and marks external ones noopener", async () => {
    const tool = await created({ description: '<p>See <a href="https://quill.example.com">the site</a>.</p>' });
    expect(tool.description).toContain('href="https://quill.example.com"');
    expect(tool.description).toContain('rel="noopener noreferrer nofollow"');
  });

  test("refuses a description that is nothing once sanitized", async () => {
    expect(
      await createTool({ db: database.db, input: form({ description: "<script>alert('only this')</script>" }) }),
    ).toEqual({
      status: "invalid",
      fieldErrors: { description: "Description is required" },
    });
    expect(await database.db.select().from(tools)).toHaveLength(0);
  });

  test("stores a name with markup as the text typed", async () => {
    const tool = await created({ name: '<img src=x onerror=alert(1)> Quill & "Co"' });
    expect(tool.name).toBe('<img src=x onerror=alert(1)> Quill & "Co"');
    expect(tool.slug).toBe("img-src-x-onerror-alert-1-quill-co");
  });
});

describe("the catalogue facts and tags", () => {
  const tagsOf = async (toolId: string) => (await listTagsForTool({ db: database.db, toolId })).map((tag) => tag.slug);

  test("createTool stores the tagline, pricing model, the starting price of its plans and the tags posted by id or slug", async () => {
    const [api, chat] = await insertTags("API", "Chatbot");
    const tool = await created({
      tagline: "Answers questions.",
      pricingModel: "free-trial",
      pricing: {
        shape: "plans",
        plans: [
          { plan: "Team", price: "$25 per user/month", details: "", features: "" },
          { plan: "Pro", price: "$10/month", details: "", features: "" },
        ],
      },
      tags: [api!.id, "chatbot"],
    });
    expect(tool).toMatchObject({
      tagline: "Answers questions.",
      pricingModel: "free-trial",
      startingPrice: "$10/month",
    });
    expect(await tagsOf(tool.id)).toEqual(["api", "chatbot"]);
    expect(chat).toBeDefined();
  });

  test("editing a plan's price moves the card's starting price with it: they cannot disagree", async () => {
    const plans = (team: string) => ({
      shape: "plans" as const,
      plans: [
        { plan: "Free", price: "Free", details: "", features: "" },
        { plan: "Creator", price: team, details: "", features: "" },
        { plan: "Business", price: "Custom", details: "", features: "" },
      ],
    });
    const tool = await created({ name: "Jasperish", pricing: plans("$49/seat/month") });
    expect(tool.startingPrice).toBe("$49/seat/month");
    const updated = await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({ name: "Jasperish", pricing: plans("About $39") }),
    });
    expect(updated).toMatchObject({ status: "updated", tool: { startingPrice: "$39" } });
    const cleared = await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({ name: "Jasperish" }),
    });
    expect(cleared).toMatchObject({ status: "updated", tool: { startingPrice: null } });
  });

  test("updateTool replaces the tool's tags with the form's, and an empty list clears them", async () => {
    const [, , research] = await insertTags("API", "Chatbot", "Research");
    const tool = await created({ tags: ["api", "chatbot"] });
    const other = await created({ name: "Other", tags: ["api"] });
    const updated = await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({ tags: [research!.id, "api"], pricingModel: "paid" }),
    });
    expect(updated).toMatchObject({ status: "updated", tool: { pricingModel: "paid", startingPrice: null } });
    expect(await tagsOf(tool.id)).toEqual(["api", "research"]);
    expect(await updateTool({ db: database.db, author: admin, id: tool.id, input: form({ tags: [] }) })).toMatchObject({
      status: "updated",
    });
    expect(await tagsOf(tool.id)).toEqual([]);
    // Another tool's tags are its own.
    expect(await tagsOf(other.id)).toEqual(["api"]);
  });

  test("refuses a tag that is not in the list, writing nothing (the tool, its fields and its tags stay)", async () => {
    await insertTags("API");
    expect(await createTool({ db: database.db, input: form({ tags: ["api", "made-up"] }) })).toEqual({
      status: "invalid",
      fieldErrors: { tags: "Choose tags from the list" },
    });
    expect(await database.db.select().from(tools)).toEqual([]);

    const tool = await created({ tags: ["api"] });
    expect(
      await updateTool({
        db: database.db,
        author: admin,
        id: tool.id,
        input: form({ name: "Renamed", tags: ["00000000-0000-4000-8000-000000000000"] }),
      }),
    ).toEqual({ status: "invalid", fieldErrors: { tags: "Choose tags from the list" } });
    expect((await findToolById({ db: database.db, id: tool.id }))!.name).toBe("Quill Writer");
    expect(await tagsOf(tool.id)).toEqual(["api"]);
  });

  test("a deleted tag leaves every tool that had it", async () => {
    const [api, chat] = await insertTags("API", "Chatbot");
    const one = await created({ name: "One", tags: ["api", "chatbot"] });
    const two = await created({ name: "Two", tags: ["api"] });
    expect(await deleteTag({ db: database.db, id: api!.id })).toBe(true);
    expect(await tagsOf(one.id)).toEqual(["chatbot"]);
    expect(await tagsOf(two.id)).toEqual([]);
    expect(await database.db.select().from(toolTags)).toEqual([{ toolId: one.id, tagId: chat!.id }]);
  });

  test("deleting a tool removes its tag links, not the tags", async () => {
    await insertTags("API");
    const tool = await created({ tags: ["api"] });
    expect(await deleteTool({ db: database.db, id: tool.id })).toBe(true);
    expect(await database.db.select().from(toolTags)).toEqual([]);
    expect(await database.db.select().from(tags)).toHaveLength(1);
  });
});

describe("updateTool", () => {
  test("saves every field, keeps the slug when it is left blank and sets updated_at", async () => {
    const tool = await created({ name: "Quill", category: "Writing" });
    const result = await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({
        name: "Quill Two",
        category: "Image",
        description: "<p>New.</p>",
        website: "https://quill.example.com",
        features: ["Paints"],
        pros: ["Cheap"],
        cons: ["Slow"],
        metaTitle: "Quill Two",
        pricing: { shape: "simple", entries: [{ plan: "Free", price: "$0" }] },
      }),
    });
    expect(result.status).toBe("updated");
    const stored = await findToolById({ db: database.db, id: tool.id });
    expect(stored).toMatchObject({
      slug: "quill",
      name: "Quill Two",
      category: "Image",
      description: "<p>New.</p>",
      website: "https://quill.example.com",
      features: ["Paints"],
      pros: ["Cheap"],
      cons: ["Slow"],
      metaTitle: "Quill Two",
      pricing: [{ plan: "Free", price: "$0", details: "" }],
    });
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(tool.updatedAt.getTime());
    expect(stored!.createdAt).toEqual(tool.createdAt);
  });

  test("clears optional fields and pricing", async () => {
    const tool = await created({
      image: "https://cdn.example.com/q.png",
      website: "https://q.example.com",
      metaTitle: "Meta",
      pros: ["Fast"],
      pricing: { shape: "simple", entries: [{ plan: "Free", price: "$0" }] },
    });
    await updateTool({ db: database.db, author: admin, id: tool.id, input: form() });
    expect(await findToolById({ db: database.db, id: tool.id })).toMatchObject({
      image: null,
      website: null,
      metaTitle: null,
      pros: [],
      pricing: null,
    });
  });

  test("changes the slug to a typed one, accepts its own, refuses another tool's", async () => {
    const [tool, other] = await Promise.all([created({ name: "Quill" }), created({ name: "Echo" })]);
    expect(
      await updateTool({ db: database.db, author: admin, id: tool.id, input: form({ name: "Quill", slug: "quill" }) }),
    ).toMatchObject({ status: "updated" });
    expect(
      await updateTool({
        db: database.db,
        author: admin,
        id: tool.id,
        input: form({ name: "Quill", slug: "Quill Pen" }),
      }),
    ).toMatchObject({
      status: "updated",
      tool: { slug: "quill-pen" },
    });
    expect(
      await updateTool({
        db: database.db,
        author: admin,
        id: tool.id,
        input: form({ name: "Quill", slug: other.slug }),
      }),
    ).toEqual({
      status: "invalid",
      fieldErrors: { slug: "This slug is already used by another tool" },
    });
    expect((await findToolById({ db: database.db, id: tool.id }))?.slug).toBe("quill-pen");
  });

  test("never touches the rating and vote count kept by votes", async () => {
    const tool = await created();
    const [voter] = await insertUsers(database.db, { email: "voter@example.com" });
    await recordVote({ db: database.db, userId: voter!.id, toolId: tool.id, rating: 4 });
    await updateTool({ db: database.db, author: admin, id: tool.id, input: form({ name: "Renamed" }) });
    expect(await findToolById({ db: database.db, id: tool.id })).toMatchObject({
      name: "Renamed",
      rating: 4,
      voteCount: 1,
    });
  });

  test("sanitizes the description on update too", async () => {
    const tool = await created();
    await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({ description: '<p onclick="x()">Safe</p><script>x()</script>' }),
    });
    expect((await findToolById({ db: database.db, id: tool.id }))?.description).toBe("<p>Safe</p>");
  });

  test("refuses an unknown or malformed id with a not-found AppError", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "quill"]) {
      await expect(updateTool({ db: database.db, author: admin, id, input: form() })).rejects.toMatchObject({
        code: "not-found",
        message: "Tool not found",
      });
    }
    expect(await database.db.select().from(tools)).toHaveLength(0);
  });
});

describe("createTool and the change log", () => {
  test("a tool added by someone is listed in the public change log as Not listed -> Active; one added without an author is not", async () => {
    const author: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Ada" };
    const added = await createTool({ db: database.db, input: form({ name: "Quill Added" }), author });
    expect(added.status).toBe("created");
    await createTool({ db: database.db, input: form({ name: "Quill Quiet" }) });

    const { changes } = await listRecentChanges({ db: database.db });
    expect(
      changes.map((change) => [change.toolName, change.fieldLabel, change.before, change.after, change.author]),
    ).toEqual([
      ["Quill Added", "Status", { kind: "text", text: "Not listed" }, { kind: "text", text: "Active" }, "Ada"],
    ]);
  });
});

describe("updateTool and the change log", () => {
  const logged = () =>
    database.db
      .select({
        field: toolChanges.field,
        before: toolChanges.before,
        after: toolChanges.after,
        origin: toolChanges.origin,
        actorName: toolChanges.actorName,
      })
      .from(toolChanges)
      .orderBy(asc(toolChanges.field));

  test("records each changed field with its values before and after, and moves updated_at", async () => {
    await insertTags("API", "Chatbot");
    const tool = await created({
      tags: ["api"],
      pricing: { shape: "simple", entries: [{ plan: "Free", price: "$0" }] },
    });
    await database.db
      .update(tools)
      .set({ updatedAt: new Date("2025-01-01T00:00:00Z") })
      .where(eq(tools.id, tool.id));
    const result = await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({
        name: "Quill Pro",
        tags: ["chatbot", "api"],
        description: "<p>Drafts <em>letters</em>.</p>",
        pricing: { shape: "simple", entries: [{ plan: "Free", price: "$5" }] },
      }),
    });
    expect(result.status).toBe("updated");
    expect(await logged()).toEqual([
      {
        field: "description",
        before: "<p>Drafts letters.</p>",
        after: "<p>Drafts <em>letters</em>.</p>",
        origin: "admin",
        actorName: "Ada",
      },
      { field: "name", before: "Quill Writer", after: "Quill Pro", origin: "admin", actorName: "Ada" },
      {
        field: "pricing",
        before: [{ plan: "Free", price: "$0", details: "" }],
        after: [{ plan: "Free", price: "$5", details: "" }],
        origin: "admin",
        actorName: "Ada",
      },
      // The starting price follows the plans, and its change is logged beside theirs (decision 166).
      { field: "startingPrice", before: "Free", after: "$5", origin: "admin", actorName: "Ada" },
      { field: "tags", before: ["API"], after: ["API", "Chatbot"], origin: "admin", actorName: "Ada" },
    ]);
    const stored = await findToolById({ db: database.db, id: tool.id });
    expect(stored!.updatedAt.getTime()).toBeGreaterThan(Date.parse("2025-01-01T00:00:00Z"));
  });

  test("a save that changes nothing records nothing and keeps updated_at", async () => {
    await insertTags("API", "Chatbot");
    const tool = await created({
      tags: ["api", "chatbot"],
      pricing: { shape: "simple", entries: [{ plan: "Free", price: "$0" }] },
    });
    const lastChange = new Date("2025-01-01T00:00:00Z");
    await database.db.update(tools).set({ updatedAt: lastChange }).where(eq(tools.id, tool.id));
    // The same tags in another order, the same pricing: no change.
    const result = await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({ tags: ["chatbot", "api"], pricing: { shape: "simple", entries: [{ plan: "Free", price: "$0" }] } }),
    });
    expect(result).toMatchObject({ status: "updated", tool: { updatedAt: lastChange } });
    expect(await logged()).toEqual([]);
    expect((await findToolById({ db: database.db, id: tool.id }))!.updatedAt).toEqual(lastChange);
  });

  test("a refused save records nothing", async () => {
    const tool = await created();
    await updateTool({
      db: database.db,
      author: admin,
      id: tool.id,
      input: form({ name: "Renamed", tags: ["00000000-0000-4000-8000-000000000000"] }),
    });
    expect(await logged()).toEqual([]);
  });

  test("records an accepted proposal's origin and sources", async () => {
    const tool = await created();
    const sources = [{ url: "https://quill.example.com/pricing", title: "Pricing", snippet: "Now $5" }];
    await updateTool({
      db: database.db,
      author: { origin: "proposal", actorId: null, actorName: "Ada", sources },
      id: tool.id,
      input: form({ tagline: "Writes letters for you." }),
    });
    const [row] = await database.db.select().from(toolChanges);
    expect(row).toMatchObject({ field: "tagline", origin: "proposal", sources, after: "Writes letters for you." });
  });
});

describe("deleteTool", () => {
  test("removes the tool with its votes and comments, and nothing else", async () => {
    const [tool, kept] = await Promise.all([created({ name: "Gone" }), created({ name: "Kept" })]);
    const [user] = await insertUsers(database.db, { email: "voter@example.com" });
    await recordVote({ db: database.db, userId: user!.id, toolId: tool.id, rating: 5 });
    await recordVote({ db: database.db, userId: user!.id, toolId: kept.id, rating: 2 });
    await database.db.insert(comments).values([
      { toolId: tool.id, userId: user!.id, content: "Bye" },
      { toolId: kept.id, userId: user!.id, content: "Stay" },
    ]);

    expect(await deleteTool({ db: database.db, id: tool.id })).toBe(true);

    expect(await findToolById({ db: database.db, id: tool.id })).toBeNull();
    expect((await database.db.select().from(toolVotes)).map((vote) => vote.toolId)).toEqual([kept.id]);
    expect((await database.db.select().from(comments)).map((comment) => comment.content)).toEqual(["Stay"]);
  });

  test("answers false for an unknown or malformed id", async () => {
    expect(await deleteTool({ db: database.db, id: "00000000-0000-4000-8000-000000000000" })).toBe(false);
    expect(await deleteTool({ db: database.db, id: "nope" })).toBe(false);
  });
});

describe("the per-category counts", () => {
  test("follow creates, category changes and deletes", async () => {
    const quill = await created({ name: "Quill", category: "Writing" });
    const echo = await created({ name: "Echo", category: "Writing" });
    expect(await categoryCounts()).toEqual({ Writing: 2 });

    await updateTool({ db: database.db, author: admin, id: echo.id, input: form({ name: "Echo", category: "Audio" }) });
    expect(await categoryCounts()).toEqual({ Audio: 1, Writing: 1 });

    await updateTool({
      db: database.db,
      author: admin,
      id: echo.id,
      input: form({ name: "Echo renamed", category: "Audio" }),
    });
    expect(await categoryCounts()).toEqual({ Audio: 1, Writing: 1 });

    await deleteTool({ db: database.db, id: quill.id });
    expect(await categoryCounts()).toEqual({ Audio: 1 });
    expect((await listToolsForAdmin({ db: database.db })).total).toBe(1);

    await deleteTool({ db: database.db, id: echo.id });
    expect(await categoryCounts()).toEqual({});
    expect((await listToolsForAdmin({ db: database.db })).total).toBe(0);
  });
});

describe("recomputeStartingPrices (decision 166)", () => {
  test("sets a typed price that disagrees with the plans to theirs, and leaves the rest and updated_at alone", async () => {
    const [jasper, agreed, unpriced] = await insertTools(
      database.db,
      {
        name: "Jasper",
        startingPrice: "$49/seat/month",
        pricing: [
          { plan: "Creator", price: "About $39/seat/month billed annually", details: "" },
          { plan: "Business", price: "Custom", details: "" },
        ],
      },
      { name: "Agreed", startingPrice: "$20/month", pricing: [{ plan: "Plus", price: "$20/month", details: "" }] },
      { name: "Unpriced", startingPrice: "Pay as you go", pricing: null },
    );

    expect(await recomputeStartingPrices({ db: database.db })).toBe(2);
    const rows = await database.db
      .select({ id: tools.id, startingPrice: tools.startingPrice, updatedAt: tools.updatedAt })
      .from(tools)
      .orderBy(asc(tools.createdAt));
    expect(rows).toEqual([
      { id: jasper!.id, startingPrice: "$39/seat/month", updatedAt: jasper!.updatedAt },
      { id: agreed!.id, startingPrice: "$20/month", updatedAt: agreed!.updatedAt },
      { id: unpriced!.id, startingPrice: null, updatedAt: unpriced!.updatedAt },
    ]);
    // A second start finds nothing to mend.
    expect(await recomputeStartingPrices({ db: database.db })).toBe(0);
  });
});
