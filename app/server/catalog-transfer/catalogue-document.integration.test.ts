import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { readTool } from "../api/resources.server";
import { setOverride } from "../catalog/alternatives.server";
import { openDatabase, type DatabaseHandle } from "../db/client.server";
import { tags, toolChanges, tools } from "../db/schema.server";
import { seedDemoCatalogue } from "../db/seed.server";
import type { ChangeAuthor } from "../freshness/change-log.server";
import { setToolStatus } from "../freshness/tool-status.server";
import { createLocalStorage } from "../storage/local-storage.server";
import { createTestDatabase, pgliteTemplate, type TestDatabase } from "../../../tests/setup/test-database";
import { exportCatalog, readToolRecords } from "./catalog-records.server";
import { exportCatalogueDocument, importCatalogueDocument } from "./catalogue-document.server";
import { importCatalog } from "./import.server";

// Issue 35, moving a catalogue: a whole catalogue exported from one site (an embedded PGlite with
// the demo, edited tags, a discontinued tool and pinned and hidden alternatives) and imported into
// a fresh empty site gives the same API answers for every tool; importing it again changes nothing.
// The fresh site is this project's engine: PostgreSQL in the "postgres" project.

const author: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Importer" };
const SOURCE_URL = "https://old.example";

let source: DatabaseHandle;
let target: TestDatabase;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "aitlas-catalogue-"));
  // The PGlite project's migrated template when there is one; the PostgreSQL project migrates its own.
  if (process.env.AITLAS_TEST_ENGINE === "postgres") {
    source = await openDatabase({ kind: "pglite" });
    await source.migrate();
  } else {
    source = await openDatabase({
      kind: "pglite",
      template: pgliteTemplate(),
    });
  }
  target = await createTestDatabase();
  await seedDemoCatalogue({
    db: source.db,
    storage: createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" }),
  });
  const idOf = async (slug: string) =>
    (await source.db.select({ id: tools.id }).from(tools).where(eq(tools.slug, slug)))[0]!.id;
  await setOverride({
    db: source.db,
    toolId: await idOf("chatgpt"),
    alternativeId: await idOf("perplexity"),
    kind: "pin",
  });
  await setOverride({
    db: source.db,
    toolId: await idOf("chatgpt"),
    alternativeId: await idOf("grammarly"),
    kind: "exclude",
  });
  await setToolStatus({ db: source.db, id: await idOf("lately"), status: "discontinued", author });
  await source.db
    .update(tags)
    .set({ description: "Tools that turn text into spoken audio." })
    .where(eq(tags.slug, "text-to-speech"));
}, 120_000);

afterAll(async () => {
  await source?.close();
  await target?.dispose();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

/**
 * The API's answer for a tool, less the site's own link checks and the moments of its own writes:
 * the discontinued tool's status and the change log move its updated_at, and discontinued_at is
 * the moment the new site marked it.
 */
async function apiAnswer(db: DatabaseHandle["db"], slug: string) {
  // The rating and vote count are the members' votes, which stay with the site they were cast on.
  const { updated_at, last_updated, link_check, discontinued_at, rating, vote_count, ...answer } = await readTool({
    db,
    siteUrl: SOURCE_URL,
    slug,
  });
  void [updated_at, last_updated, link_check, rating, vote_count];
  // Equally similar alternatives follow the ranking, which the votes move: the same set is the same answer.
  return { ...answer, alternatives: answer.alternatives.toSorted(), discontinued: discontinued_at !== null };
}

describe("a catalogue document", () => {
  // 48 tools with their tags, facts and alternatives, each answered on both sites: slow on a loaded machine.
  test("imported into a fresh empty site gives the same API answer for every tool, tags and alternatives included", async () => {
    const exported = await exportCatalogueDocument({ db: source.db, siteUrl: SOURCE_URL });
    const document = JSON.parse(exported.body) as { tools: { image: string | null }[]; tags: unknown[] };
    expect(document.tools).toHaveLength(48);
    // Logos stored on the old site travel as its addresses.
    expect(document.tools.every((tool) => tool.image?.startsWith(`${SOURCE_URL}/uploads/tool-logos/`))).toBe(true);

    const before = await target.db.select({ count: sql<number>`count(*)::int` }).from(tools);
    const dryRun = await importCatalogueDocument({ db: target.db, text: exported.body, apply: false, author });
    expect(dryRun.applied).toBe(false);
    expect(dryRun.tools.map((row) => row.action)).toEqual(Array(48).fill("create"));
    expect(await target.db.select({ count: sql<number>`count(*)::int` }).from(tools)).toEqual(before);

    const report = await importCatalogueDocument({ db: target.db, text: exported.body, apply: true, author });
    expect(report.applied).toBe(true);
    expect(report.tags.every((tag) => tag.action === "create")).toBe(true);
    expect(report.statuses.filter((row) => row.action === "update").map((row) => row.tool)).toEqual(["lately"]);
    expect(report.alternatives).toEqual([{ tool: "chatgpt", action: "update", problems: [] }]);
    // Every demo tool has facts, each with its source: they travel, and the answers below compare them.
    expect(report.facts).toHaveLength(48);
    expect(report.facts.every((row) => row.action === "update")).toBe(true);
    expect((await apiAnswer(target.db, "ollama")).facts.open_source).toEqual({
      value: "yes",
      detail: "MIT",
      source_url: "https://github.com/ollama/ollama",
      checked_at: "2026-11-27",
    });

    const slugs = (await readToolRecords({ db: source.db })).map((tool) => tool.slug);
    for (const slug of slugs) {
      const [was, is] = await Promise.all([apiAnswer(source.db, slug), apiAnswer(target.db, slug)]);
      expect(is, slug).toEqual(was);
    }
    // The pinned alternative comes first, whatever the votes.
    expect((await readTool({ db: target.db, siteUrl: SOURCE_URL, slug: "chatgpt" })).alternatives[0]).toBe(
      "perplexity",
    );
    expect((await apiAnswer(target.db, "chatgpt")).alternatives).not.toContain("grammarly");
    const [tag] = await target.db.select().from(tags).where(eq(tags.slug, "text-to-speech"));
    expect(tag).toMatchObject({ name: "Text to speech", description: "Tools that turn text into spoken audio." });
    // The kinds travel too (decision 169): they decide the alternatives compared above.
    expect(tag).toMatchObject({ kind: "job" });
    const [generic] = await target.db.select().from(tags).where(eq(tags.slug, "mobile-app"));
    expect(generic).toMatchObject({ kind: "generic" });
    // 96 API answers, each listing alternatives: seconds on a loaded machine.
  }, 120_000);

  test("imported again, it changes nothing: every entry unchanged, no change logged", async () => {
    const exported = await exportCatalogueDocument({ db: source.db, siteUrl: SOURCE_URL });
    const logged = async () =>
      (await target.db.select({ count: sql<number>`count(*)::int` }).from(toolChanges))[0]!.count;
    const changesBefore = await logged();
    const report = await importCatalogueDocument({ db: target.db, text: exported.body, apply: true, author });
    const actions = [
      ...report.tags,
      ...report.tools,
      ...report.statuses,
      ...report.alternatives,
      ...report.facts,
      ...report.articles,
    ].map((outcome) => outcome.action);
    expect(new Set(actions)).toEqual(new Set(["unchanged"]));
    expect(await logged()).toBe(changesBefore);
  });

  test("a file that is not a catalogue document is refused whole, with what is wrong", async () => {
    await expect(
      importCatalogueDocument({
        db: target.db,
        text: '{"format":"aitlas-catalogue","version":2}',
        apply: true,
        author,
      }),
    ).rejects.toThrow(/not an Aitlas catalogue document .*version/);
  });
});

describe("a list of tools naming tags the site lacks", () => {
  test("creates them with the tools, named from their slugs, unless the import is strict", async () => {
    const exported = await exportCatalog({ db: source.db, kind: "tools", format: "json" });
    const oneTool = JSON.stringify([{ ...JSON.parse(exported.body)[0], slug: "moved-tool", tags: ["brand-new-tag"] }]);

    const strict = await importCatalog({
      db: target.db,
      kind: "tools",
      text: oneTool,
      apply: true,
      author,
      strict: true,
    });
    expect(strict.rows[0]).toMatchObject({
      action: "refused",
      problems: [{ field: "tags", message: "Choose tags from the list" }],
    });

    const report = await importCatalog({ db: target.db, kind: "tools", text: oneTool, apply: true, author });
    expect(report.rows[0]).toMatchObject({ action: "create", newTags: ["brand-new-tag"] });
    const [tag] = await target.db.select().from(tags).where(eq(tags.slug, "brand-new-tag"));
    expect(tag).toMatchObject({ name: "Brand new tag" });
    expect((await readToolRecords({ db: target.db, where: eq(tools.slug, "moved-tool") }))[0]?.tags).toEqual([
      "brand-new-tag",
    ]);
  });
});
