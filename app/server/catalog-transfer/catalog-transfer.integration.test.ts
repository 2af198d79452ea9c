import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AppError } from "~/lib/app-error";
import { articles, jobRuns, tags, toolChanges, tools } from "../db/schema.server";
import { seedDemoCatalogue } from "../db/seed.server";
import type { ChangeAuthor } from "../freshness/change-log.server";
import { createLocalStorage } from "../storage/local-storage.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { parseCsv } from "./csv.server";
import { exportCatalog, readArticleRecords, readToolRecords } from "./catalog-records.server";
import { importCatalog } from "./import.server";

const author: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Importer" };

let database: TestDatabase;
let uploadsDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "aitlas-transfer-"));
});
afterAll(async () => {
  await database.dispose();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${articles}, ${tags}, ${jobRuns} cascade`);
});

const seedDemo = () =>
  seedDemoCatalogue({ db: database.db, storage: createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" }) });

const dryRun = (kind: "tools" | "articles", text: string, { strict = false } = {}) =>
  importCatalog({ db: database.db, kind, text, apply: false, author, strict });
const apply = (kind: "tools" | "articles", text: string, { strict = false } = {}) =>
  importCatalog({ db: database.db, kind, text, apply: true, author, strict });

/** Everything an import could touch, to show that nothing moved. */
async function snapshot() {
  const [toolRows, articleRows, changes] = await Promise.all([
    database.db.select().from(tools).orderBy(tools.slug),
    database.db.select().from(articles).orderBy(articles.slug),
    database.db.select({ count: sql<number>`count(*)::int` }).from(toolChanges),
  ]);
  return { toolRows, articleRows, changes: changes[0]!.count };
}

async function addTags(...names: string[]) {
  await database.db.insert(tags).values(names.map((name) => ({ name, slug: name.toLowerCase() })));
}

const newTool = (overrides: Record<string, unknown> = {}) => ({
  slug: "quill",
  name: "Quill",
  category: "Writing",
  tagline: "Drafts letters for you.",
  description: "<p>Drafts letters.</p>",
  website: "https://quill.example",
  image: null,
  metaTitle: null,
  pricingModel: "freemium",
  // Derived from the plans on import, whatever the file says (decision 166).
  startingPrice: "Free",
  pricing: [{ plan: "Free", price: "$0", details: "Ten letters" }],
  features: ["Drafts"],
  pros: [],
  cons: [],
  tags: ["writing"],
  ...overrides,
});

describe("export and round trip", () => {
  test("the demo catalogue exported as JSON and as CSV re-imports with no changes, and applying it writes nothing", async () => {
    await seedDemo();
    const before = await snapshot();
    expect(before.toolRows.length).toBeGreaterThan(5);

    for (const kind of ["tools", "articles"] as const) {
      for (const format of ["json", "csv"] as const) {
        const exported = await exportCatalog({ db: database.db, kind, format });
        const report = await dryRun(kind, exported.body);
        const count = kind === "tools" ? before.toolRows.length : before.articleRows.length;
        expect(report.rows.filter((row) => row.action !== "unchanged")).toEqual([]);
        expect(report.counts).toEqual({ create: 0, update: 0, unchanged: count, refused: 0 });
        expect(report).toMatchObject({ format, ignoredColumns: [], applied: false });

        // Applying writes nothing either; once per kind is enough to show it (CSV reads the same rows).
        if (format === "json") {
          const applied = await apply(kind, exported.body);
          expect(applied).toMatchObject({ applied: true, counts: { unchanged: count } });
        }
      }
    }
    // Not even updated_at moved, and the change log has nothing new.
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  test("JSON carries tags and pricing as values; CSV carries them as JSON text and a comma-separated list", async () => {
    await addTags("Writing", "API");
    await apply("tools", JSON.stringify([newTool({ tags: ["writing", "api"] })]));

    const json = await exportCatalog({ db: database.db, kind: "tools", format: "json", now: new Date("2025-03-04") });
    expect(json).toMatchObject({
      contentType: "application/json; charset=utf-8",
      fileName: "catalog-tools-2025-03-04.json",
    });
    expect(JSON.parse(json.body)).toEqual([
      newTool({ tags: ["api", "writing"], pricing: [{ plan: "Free", price: "$0", details: "Ten letters" }] }),
    ]);

    const csv = await exportCatalog({ db: database.db, kind: "tools", format: "csv" });
    expect(csv.contentType).toBe("text/csv; charset=utf-8");
    expect(csv.body.split("\r\n")[0]).toBe(
      "slug,name,category,tagline,description,website,pricingModel,startingPrice,pricing,features,pros,cons,tags,image,metaTitle",
    );
    const [row] = parseCsv(csv.body);
    expect(row).toMatchObject({
      tags: "api, writing",
      pricing: '[{"plan":"Free","price":"$0","details":"Ten letters"}]',
      features: '["Drafts"]',
      pros: "[]",
      image: "",
    });
  });

  test("CSV cells that a spreadsheet would run as a formula start with a quote, and import back as they were", async () => {
    await apply(
      "tools",
      JSON.stringify([
        newTool({
          tags: [],
          tagline: '=HYPERLINK("https://evil.example","Click")',
          metaTitle: "+1 per seat",
          pros: ["-10% for teams", "@mentions"],
        }),
      ]),
    );
    const csv = await exportCatalog({ db: database.db, kind: "tools", format: "csv" });
    expect(csv.body).toContain(`"'=HYPERLINK(""https://evil.example"",""Click"")"`);
    expect(csv.body).toContain(",'+1 per seat\r\n");
    // The JSON text of a list starts with "[", so its items stay as they are inside it.
    expect(csv.body).toContain(`"[""-10% for teams"",""@mentions""]"`);

    const report = await dryRun("tools", csv.body);
    expect(report.counts).toMatchObject({ unchanged: 1, refused: 0 });
    const [tool] = await readToolRecords({ db: database.db });
    expect(tool).toMatchObject({ tagline: '=HYPERLINK("https://evil.example","Click")', metaTitle: "+1 per seat" });
  });
});

describe("dry run and apply", () => {
  async function existingCatalogue() {
    await addTags("Writing");
    await apply("tools", JSON.stringify([newTool(), newTool({ slug: "scribe", name: "Scribe" })]));
  }

  const mixedFile = () =>
    JSON.stringify([
      newTool({ tagline: "Writes letters for you." }),
      newTool({ slug: "scribe", name: "Scribe" }),
      newTool({ slug: "inkwell", name: "Inkwell" }),
      newTool({ slug: "bad-category", name: "Bad", category: "Cooking", features: [] }),
      newTool({ slug: "unknown-tag", name: "Tagged", tags: ["no-such-tag"] }),
      newTool({ slug: "inkwell", name: "Inkwell again" }),
      newTool({ slug: "bad-plan", name: "Plan", pricing: [{ plan: "", price: "$5" }] }),
    ]);

  test("the dry run lists what would be created, updated, left alone or refused and why, and writes nothing", async () => {
    await existingCatalogue();
    const before = await snapshot();

    const report = await dryRun("tools", mixedFile(), { strict: true });
    expect(report.rows).toEqual([
      { row: 1, slug: "quill", action: "update", changed: ["tagline"], problems: [] },
      { row: 2, slug: "scribe", action: "unchanged", changed: [], problems: [] },
      { row: 3, slug: "inkwell", action: "create", changed: [], problems: [] },
      {
        row: 4,
        slug: "bad-category",
        action: "refused",
        changed: [],
        problems: [
          { field: "category", message: "Choose a category from the list" },
          { field: "features", message: "At least one feature is required" },
        ],
      },
      {
        row: 5,
        slug: "unknown-tag",
        action: "refused",
        changed: [],
        problems: [{ field: "tags", message: "Choose tags from the list" }],
      },
      {
        row: 6,
        slug: "inkwell",
        action: "refused",
        changed: [],
        problems: [{ field: "slug", message: "Row 3 has the same slug" }],
      },
      {
        row: 7,
        slug: "bad-plan",
        action: "refused",
        changed: [],
        problems: [{ field: "pricing.plans.0.plan", message: "Plan name is required" }],
      },
    ]);
    expect(report).toMatchObject({
      counts: { create: 1, update: 1, unchanged: 1, refused: 4 },
      applied: false,
    });
    expect(await snapshot()).toEqual(before);
  });

  test("apply refuses the whole file while any row is refused; once the file is clean it writes every row at once", async () => {
    await existingCatalogue();
    const before = await snapshot();

    const refused = await apply("tools", mixedFile(), { strict: true });
    expect(refused).toMatchObject({ applied: false, counts: { refused: 4 } });
    expect(await snapshot()).toEqual(before);

    const clean = JSON.stringify(JSON.parse(mixedFile()).slice(0, 3));
    const report = await apply("tools", clean);
    expect(report).toMatchObject({ applied: true, counts: { create: 1, update: 1, unchanged: 1, refused: 0 } });
    const records = await readToolRecords({ db: database.db });
    expect(records.map((record) => [record.slug, record.tagline, record.tags])).toEqual([
      ["inkwell", "Drafts letters for you.", ["writing"]],
      ["quill", "Writes letters for you.", ["writing"]],
      ["scribe", "Drafts letters for you.", ["writing"]],
    ]);
    // Created and updated through createTool and updateTool: the change log has both, by the importer.
    const [quill] = await database.db.select().from(tools).where(eq(tools.slug, "quill"));
    const changes = await database.db
      .select()
      .from(toolChanges)
      .where(eq(toolChanges.toolId, quill!.id))
      .orderBy(toolChanges.createdAt);
    expect(changes.map((change) => [change.field, change.after, change.actorName])).toEqual([
      ["status", "active", "Importer"],
      ["tagline", "Writes letters for you.", "Importer"],
    ]);
  });

  test("descriptions are sanitized as the form's save does; one that sanitizes to nothing is refused", async () => {
    const report = await apply(
      "tools",
      JSON.stringify([newTool({ tags: [], description: '<p onclick="x()">Safe <script>alert(1)</script>text</p>' })]),
    );
    expect(report.applied).toBe(true);
    const [tool] = await readToolRecords({ db: database.db });
    expect(tool!.description).toBe("<p>Safe text</p>");

    const refused = await dryRun(
      "tools",
      JSON.stringify([newTool({ slug: "empty", tags: [], description: "<script>alert(1)</script>" })]),
    );
    expect(refused.rows[0]).toMatchObject({
      action: "refused",
      problems: [{ field: "description", message: "Description is required" }],
    });
  });
});

describe("the original product's tables (spec section 3)", () => {
  test("a tools CSV with the spec's columns imports as it is: lists as arrays or JSON, pricing as JSON text", async () => {
    const csv = [
      "id,slug,name,description,image,category,rating,pros,cons,features,pricing,meta_title,website,created_at",
      [
        "6f1c3a52-0b8e-4f43-9a4e-0d8d2a7d7a10",
        "chatwise",
        "ChatWise",
        '"<p>ChatWise answers questions about your documents. It cites its sources.</p>"',
        "https://cdn.example/chatwise.png",
        "Productivity",
        "4.50",
        '"{""Cites sources"",Fast}"',
        "{}",
        '"[""Chat with PDFs"",""Summaries""]"',
        '"{""Free"":""$0"",""Pro"":""$20/month""}"',
        "ChatWise - document chat",
        "https://chatwise.example",
        "2024-01-15 10:00:00+00",
      ].join(","),
      [
        "8a7b0c4e-5d1f-4e2a-9b3c-7d6e5f4a3b21",
        "paintbox",
        "Paintbox",
        "<p>Paints.</p>",
        "",
        "Image",
        "",
        "{}",
        '"{""No API""}"',
        '"{""Brushes""}"',
        '"[{""plan"":""Studio"",""price"":""$12"",""details"":""All brushes"",""features"":[""Layers""]}]"',
        "",
        "",
        "2024-02-01 09:00:00+00",
      ].join(","),
    ].join("\n");

    const report = await apply("tools", csv);
    expect(report).toMatchObject({
      applied: true,
      format: "csv",
      counts: { create: 2, refused: 0 },
      ignoredColumns: ["id", "rating", "created_at"],
    });
    const records = await readToolRecords({ db: database.db });
    expect(records).toEqual([
      {
        slug: "chatwise",
        name: "ChatWise",
        category: "Productivity",
        // Decision 085: the description's first sentence, and the model the plans suggest.
        tagline: "ChatWise answers questions about your documents.",
        description: "<p>ChatWise answers questions about your documents. It cites its sources.</p>",
        website: "https://chatwise.example",
        image: "https://cdn.example/chatwise.png",
        metaTitle: "ChatWise - document chat",
        pricingModel: "freemium",
        // The file has no starting price: it is read from the plans, the cheapest paid one beside the free one.
        startingPrice: "$20/month",
        pricing: [
          { plan: "Free", price: "$0", details: "" },
          { plan: "Pro", price: "$20/month", details: "" },
        ],
        features: ["Chat with PDFs", "Summaries"],
        pros: ["Cites sources", "Fast"],
        cons: [],
        tags: [],
      },
      {
        slug: "paintbox",
        name: "Paintbox",
        category: "Image",
        tagline: "Paints.",
        description: "<p>Paints.</p>",
        website: null,
        image: null,
        metaTitle: null,
        pricingModel: "paid",
        startingPrice: "$12",
        pricing: [{ plan: "Studio", price: "$12", details: "All brushes", features: ["Layers"] }],
        features: ["Brushes"],
        pros: [],
        cons: ["No API"],
        tags: [],
      },
    ]);
  });

  test("an articles CSV with the spec's columns imports as it is, keywords as an array, published", async () => {
    const csv = [
      "id,slug,title,image,category,excerpt,content,author,read_time,date,section,created_at,updated_at,meta_title,meta_description,meta_keywords",
      [
        "1b2c3d4e-0000-4000-8000-000000000001",
        "ai-in-2024",
        "AI in 2024",
        "",
        "News",
        "What changed.",
        '"<h2>Intro</h2><p>Much.</p>"',
        "Ada",
        "5 min read",
        "2024-03-01",
        "featured",
        "2024-03-01 08:00:00+00",
        "2024-03-02 08:00:00+00",
        "",
        "",
        '"{ai,""large models""}"',
      ].join(","),
    ].join("\n");

    const report = await apply("articles", csv);
    expect(report).toMatchObject({
      applied: true,
      counts: { create: 1, refused: 0 },
      ignoredColumns: ["id", "section", "created_at", "updated_at"],
    });
    expect(await readArticleRecords({ db: database.db })).toEqual([
      {
        slug: "ai-in-2024",
        title: "AI in 2024",
        category: "News",
        author: "Ada",
        date: "2024-03-01",
        excerpt: "What changed.",
        content: "<h2>Intro</h2><p>Much.</p>",
        image: null,
        readTime: "5 min read",
        status: "published",
        // Spec section 5: a blank meta title falls back to the title, a meta description to the excerpt.
        metaTitle: "AI in 2024",
        metaDescription: "What changed.",
        metaKeywords: ["ai", "large models"],
      },
    ]);

    // The same file again changes nothing; a refused row names the file's own column.
    expect((await dryRun("articles", csv)).counts).toMatchObject({ unchanged: 1 });
    const refused = await dryRun("articles", csv.replace("5 min read", ""));
    expect(refused.rows[0]).toMatchObject({
      action: "refused",
      problems: [{ field: "read_time", message: "Read time is required" }],
    });
  });
});

describe("files that cannot be read", () => {
  test.each([
    ["broken JSON", "[{", /^The JSON file could not be read: /],
    ["a JSON object", '{"tools": []}', /^The JSON file must be a list of objects/],
    ["an empty list", "[]", /^The file has no rows to import\.$/],
    ["an unclosed quote", 'slug,name\n"quill,Quill\n', /^The CSV file could not be read: /],
    ["a row longer than the header", "slug,name\nquill,Quill,extra\n", /^The CSV file could not be read: /],
    ["only a header", "slug,name\n", /^The file has no rows to import\.$/],
  ])("%s is refused as a whole with a clear message", async (_, text, message) => {
    const error = await dryRun("tools", text).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, message: expect.stringMatching(message) as unknown });
  });
});
