// npm run bench:lists -- [--tools 100000] [--rounds 200] [--search-rounds 40] [--no-search]
// (also run at the end of `npm run bench`)
// Times the tool list queries (filters and sorts) and the text searches (every kind of text, alone and
// with each filter, in each order) on a synthetic catalogue, on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL, and writes bench/TOOL-LISTS.md. Each figure stands beside
// a baseline measured in the same run on the same database: fetching one tool card by its id.
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import type { ToolFilters } from "~/lib/tool-filters";
import { listAlternatives } from "~/server/catalog/alternatives.server";
import { listTools, type ToolOrder } from "~/server/catalog/tools.server";
import { tools } from "~/server/db/schema.server";
import { insertSearchCatalogue } from "./search-catalogue";
import { createTestDatabase, type TestDatabase } from "../tests/setup/test-database";

const { values } = parseArgs({
  options: {
    tools: { type: "string", default: "100000" },
    rounds: { type: "string", default: "200" },
    "search-rounds": { type: "string", default: "40" },
    "no-search": { type: "boolean", default: false },
  },
});
const toolCount = Number(values.tools);
const rounds = Number(values.rounds);
const searchRounds = Number(values["search-rounds"]);

/** Issue 20, goal 1: every kind of text the site accepts (the catalogue is bench/search-catalogue.ts). */
const searchTexts: { kind: string; text: string }[] = [
  { kind: "1 character", text: "x" },
  { kind: "2 characters", text: "ai" },
  { kind: "common substring", text: "writ" },
  { kind: "very common word", text: "the" },
  { kind: "rare word", text: "holography" },
  { kind: "no match", text: "qwzx" },
  { kind: "phrase", text: "image gen" },
  { kind: "long phrase", text: "summarize long reports" },
];
const searchFilters: { kind: string; filters: Omit<ToolFilters, "sort" | "page" | "query"> }[] = [
  { kind: "alone", filters: { category: null, pricing: [], tags: [] } },
  { kind: "+ category", filters: { category: "Writing", pricing: [], tags: [] } },
  { kind: "+ pricing", filters: { category: null, pricing: ["free", "freemium"], tags: [] } },
  { kind: "+ tag", filters: { category: null, pricing: [], tags: ["tag-7"] } },
  {
    kind: "+ category, pricing, tag",
    filters: { category: "Writing", pricing: ["free", "freemium"], tags: ["tag-7"] },
  },
];
const searchOrders: ToolOrder[] = ["relevance", "top-rated", "most-voted", "newest", "name"];

type View = { name: string; filters: Omit<ToolFilters, "sort" | "page">; order: ToolOrder };
const none = { query: "", category: null, pricing: [], tags: [] };
const views: View[] = [
  { name: "all, newest", filters: none, order: "newest" },
  { name: "all, top rated", filters: none, order: "top-rated" },
  { name: "category, rating (spec)", filters: { ...none, category: "Audio" }, order: "rating" },
  { name: "pricing free|freemium, top rated", filters: { ...none, pricing: ["free", "freemium"] }, order: "top-rated" },
  { name: "tag, top rated", filters: { ...none, tags: ["tag-7"] }, order: "top-rated" },
  { name: "two tags, newest", filters: { ...none, tags: ["tag-3", "tag-21"] }, order: "newest" },
  {
    name: "category + pricing + tag, top rated",
    filters: { ...none, category: "Audio", pricing: ["free", "freemium"], tags: ["tag-7"] },
    order: "top-rated",
  },
  {
    name: "category + pricing + tag, most voted",
    filters: { ...none, category: "Video", pricing: ["paid"], tags: ["tag-12"] },
    order: "most-voted",
  },
  { name: "pricing paid, name", filters: { ...none, pricing: ["paid"] }, order: "name" },
];

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function time(run: () => Promise<unknown>, times = rounds) {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

/** One row per text and filter: p50 / p95 (and the count shown) in each order. */
async function measureSearch(database: TestDatabase, engine: string) {
  const rows: string[] = [];
  for (const { kind, text } of searchTexts) {
    for (const { kind: narrowing, filters } of searchFilters) {
      const cells: string[] = [];
      let shown = "";
      for (const order of searchOrders) {
        const run = () => listTools({ db: database.db, filters: { ...filters, query: text }, order });
        const page = await run();
        shown = `${page.total.toLocaleString("en-US")}${page.totalCapped ? "+" : ""}`;
        const figures = await time(run, searchRounds);
        cells.push(`${figures.p50.toFixed(2)} / ${figures.p95.toFixed(2)}`);
      }
      rows.push(`| ${engine} | ${kind} \`${text}\` | ${narrowing} | ${shown} | ${cells.join(" | ")} |`);
      console.log(rows.at(-1));
    }
  }
  return rows;
}

async function measure(engine: "pglite" | "postgres") {
  process.env.AITLAS_TEST_ENGINE = engine;
  const database: TestDatabase = await createTestDatabase();
  try {
    const filling = performance.now();
    await insertSearchCatalogue(database.db, toolCount);
    console.log(`${engine}: ${toolCount} tools written in ${((performance.now() - filling) / 1000).toFixed(1)} s`);
    const [sample] = await database.db.select({ id: tools.id }).from(tools).limit(1);
    const baseline = await time(() => database.db.select().from(tools).where(eq(tools.id, sample!.id)));
    const rows: string[] = [];
    for (const view of views) {
      const figures = await time(() => listTools({ db: database.db, filters: view.filters, order: view.order }));
      rows.push(
        `| ${engine} | ${view.name} | ${figures.p50.toFixed(2)} | ${figures.p95.toFixed(2)} | ${(figures.p95 / baseline.p95).toFixed(1)} |`,
      );
      console.log(rows.at(-1));
    }
    // Issue "Compare, alternatives": one tool's 24 alternatives, under 10 ms p95 on PostgreSQL.
    const [tool] = await database.db
      .select()
      .from(tools)
      .orderBy(tools.slug)
      .limit(1)
      .offset(Math.floor(toolCount / 2));
    const source = { id: tool!.id, category: tool!.category, tagline: tool!.tagline, tagIds: tool!.tagIds };
    const alternatives = await time(() => listAlternatives({ db: database.db, source }));
    rows.push(
      `| ${engine} | alternatives of one tool (24) | ${alternatives.p50.toFixed(2)} | ${alternatives.p95.toFixed(2)} | ${(alternatives.p95 / baseline.p95).toFixed(1)} |`,
    );
    console.log(rows.at(-1));
    rows.unshift(
      `| ${engine} | baseline: one tool by id | ${baseline.p50.toFixed(2)} | ${baseline.p95.toFixed(2)} | 1.0 |`,
    );
    const search = values["no-search"] ? [] : await measureSearch(database, engine);
    return { rows, search };
  } finally {
    await database.dispose();
  }
}

const engines: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["postgres", "pglite"] : ["pglite"];
const table: string[] = [];
const searchTable: string[] = [];
for (const engine of engines) {
  const { rows, search } = await measure(engine);
  table.push(...rows);
  searchTable.push(...search);
}

const report = `# Tool list query benchmark

Written by \`npm run bench\` or, alone, \`npm run bench:lists\` (bench/tool-lists.ts); run either again to replace this file.

- Date: ${new Date().toISOString()}
- Machine: ${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}
- Catalogue: ${toolCount.toLocaleString("en-US")} synthetic tools (bench/search-catalogue.ts: names and descriptions of \`npm run bench:data\`), 13 categories, 5 pricing models, 40 tags (4 per tool)
- Each figure: ${rounds} calls of \`listTools\` (the page and its count) after 10 warm-up calls, in milliseconds.
  **ratio** = p95 / the baseline's p95, both measured on the same database in the same run.
- Goals: the filtered lists (issue "Help a visitor choose") p95 under 5 ms on PostgreSQL and under 15 ms on PGlite;
  one tool's alternatives (issue "Compare, alternatives, related and saved tools") under 10 ms on PostgreSQL.

| engine | view | p50 ms | p95 ms | p95 ratio to baseline |
| --- | --- | --- | --- | --- |
${table.join("\n")}
${
  searchTable.length === 0
    ? ""
    : `
## Search

Each cell: p50 / p95 in milliseconds of ${searchRounds} calls of \`listTools\` with the text (the page and its count), after 10
warm-up calls. **shown**: the count the page shows ("+" past the cap of 1,000; "similar" when nothing matched and names
that look like the text are offered). Goal (issue 20): p95 under 5 ms on PostgreSQL and under 15 ms on PGlite.

| engine | text | filters | shown | relevance | top rated | most voted | newest | name |
| --- | --- | --- | --- | --- | --- | --- | --- | --- |
${searchTable.join("\n")}
`
}`;
fs.writeFileSync(new URL("TOOL-LISTS.md", import.meta.url), report);
console.log("\nWrote bench/TOOL-LISTS.md");
