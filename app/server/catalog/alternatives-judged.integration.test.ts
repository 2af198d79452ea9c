import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { JUDGED_ALTERNATIVES } from "../../../tests/unit/judged-alternatives";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { loggingDatabase } from "../../../tests/setup/statement-log";
import { seedDemoCatalogue } from "../db/seed.server";
import { findToolByIdentifier } from "./tools.server";
import { listAlternatives } from "./alternatives.server";
import { createLocalStorage } from "../storage/local-storage.server";

// Issue 32's judged alternatives against the demo catalogue, through the listing the alternatives
// page, the tool page, the API and MCP share.

let database: TestDatabase;
let uploadsDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "aitlas-alternatives-"));
  await seedDemoCatalogue({
    db: database.db,
    storage: createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" }),
  });
}, 120_000);
afterAll(async () => {
  await database.dispose();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

async function alternativesOf(slug: string): Promise<string[]> {
  const found = await findToolByIdentifier({ db: database.db, identifier: slug });
  const tool = found!.tool;
  const listed = await listAlternatives({
    db: database.db,
    source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
  });
  return listed.map((alternative) => alternative.tool.slug);
}

/**
 * The six tools: their first three are all acceptable alternatives with the obvious ones
 * among them, and nothing judged unrelated appears anywhere in their lists.
 */
const NAMED = ["chatgpt", "midjourney", "cursor", "otter-ai", "elevenlabs", "synthesia"];

describe("the judged alternatives of issue 32", () => {
  test("precision, recall and precision@3 over the 48 demo tools stay at their measured floors; the six named tools start with the obvious ones and show nothing unrelated", async () => {
    let listed = 0;
    let relevantListed = 0;
    let relevant = 0;
    let found = 0;
    let firstThree = 0;
    let firstThreeRelevant = 0;
    const lines: string[] = [];
    const namedFaults: string[] = [];
    const unrelatedShown: string[] = [];
    for (const judged of JUDGED_ALTERNATIVES) {
      const slugs = await alternativesOf(judged.tool);
      const isRelevant = (slug: string) => judged.relevant.includes(slug);
      listed += slugs.length;
      relevantListed += slugs.filter(isRelevant).length;
      relevant += judged.relevant.length;
      found += judged.relevant.filter((slug) => slugs.includes(slug)).length;
      firstThree += slugs.slice(0, 3).length;
      firstThreeRelevant += slugs.slice(0, 3).filter(isRelevant).length;
      unrelatedShown.push(
        ...slugs.filter((slug) => judged.unrelated?.includes(slug)).map((slug) => `${judged.tool}: ${slug}`),
      );
      const wrong = slugs.filter((slug) => !isRelevant(slug));
      const missed = judged.relevant.filter((slug) => !slugs.includes(slug));
      if (wrong.length > 0 || missed.length > 0) {
        lines.push(
          `${judged.tool}: [${slugs.join(", ")}] not relevant: ${wrong.join(", ")}; missed: ${missed.join(", ")}`,
        );
      }
      if (NAMED.includes(judged.tool)) {
        const top = slugs.slice(0, 3);
        const notRelevantOnTop = top.filter((slug) => !isRelevant(slug));
        if (notRelevantOnTop.length > 0)
          namedFaults.push(`${judged.tool}'s first three hold ${notRelevantOnTop.join(", ")}`);
        const absent = (judged.obvious ?? judged.relevant.slice(0, 3)).filter((slug) => !top.includes(slug));
        if (absent.length > 0) namedFaults.push(`${judged.tool}'s first three lack ${absent.join(", ")}`);
        const unrelated = slugs.filter((slug) => judged.unrelated?.includes(slug));
        if (unrelated.length > 0) namedFaults.push(`${judged.tool} lists ${unrelated.join(", ")}`);
      }
    }
    const precision = relevantListed / listed;
    const recall = found / relevant;
    const precisionAt3 = firstThreeRelevant / firstThree;
    console.info(
      `alternatives on ${database.kind}: precision ${precision.toFixed(3)} (${relevantListed}/${listed}), recall ${recall.toFixed(3)} (${found}/${relevant}), precision@3 ${precisionAt3.toFixed(3)}, unrelated shown ${unrelatedShown.length}\n${lines.join("\n")}`,
    );
    // Measured 2026-11-27 (decision 169): before, precision 0.127, recall 0.976, precision@3 0.542 and
    // 143 unrelated tools shown; after the similarity, 0.746, 0.698, 0.779 and 9; after the relative
    // threshold and the demo's main-job tags, 0.856, 0.706, 0.865 and 6. The floors sit just under the
    // figures so a change that makes the lists worse fails here.
    expect(precision, lines.join("\n")).toBeGreaterThanOrEqual(0.83);
    expect(recall, lines.join("\n")).toBeGreaterThanOrEqual(0.69);
    expect(precisionAt3, lines.join("\n")).toBeGreaterThanOrEqual(0.84);
    expect(unrelatedShown.length, unrelatedShown.join("\n")).toBeLessThanOrEqual(6);
    expect(namedFaults, lines.join("\n")).toEqual([]);
  }, 120_000);
});

describe("reading the words' weights", () => {
  test("the vocabulary is read by its primary key or whole, never its trigram index word by word (286 ms a tool page)", async () => {
    const found = await findToolByIdentifier({ db: database.db, identifier: "chatgpt" });
    const tool = found!.tool;
    const { db, client, statements } = loggingDatabase(database);
    await listAlternatives({
      db,
      source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
    });
    const lookups = statements.filter((statement) => statement.text.includes('"search_words"'));
    expect(lookups).toHaveLength(1);
    const raw = client as { query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    const { rows } = await raw.query(`explain ${lookups[0]!.text}`, lookups[0]!.params);
    const plan = rows.map((row) => String(row["QUERY PLAN"])).join("\n");
    expect(plan, plan).not.toContain("search_words_trgm_idx");
  });
});
