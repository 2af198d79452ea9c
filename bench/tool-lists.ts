// npm run bench:lists -- [--tools 100000] [--rounds 200]   (also run at the end of `npm run bench`)
// Times the tool list queries (filters and sorts) on a synthetic catalogue, on PGlite and, when
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
import { insertSyntheticCatalogue } from "../tests/setup/synthetic-tools";
import { createTestDatabase, type TestDatabase } from "../tests/setup/test-database";

const { values } = parseArgs({
  options: { tools: { type: "string", default: "100000" }, rounds: { type: "string", default: "200" } },
});
const toolCount = Number(values.tools);
const rounds = Number(values.rounds);

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

async function time(run: () => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

async function measure(engine: "pglite" | "postgres") {
  process.env.AITLAS_TEST_ENGINE = engine;
  const database: TestDatabase = await createTestDatabase();
  try {
    const filling = performance.now();
    await insertSyntheticCatalogue(database.db, toolCount);
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
    const [tool] = await database.db.select().from(tools).where(eq(tools.slug, "synthetic-5000"));
    const source = { id: tool!.id, category: tool!.category, pricingModel: tool!.pricingModel, tagIds: tool!.tagIds };
    const alternatives = await time(() => listAlternatives({ db: database.db, source }));
    rows.push(
      `| ${engine} | alternatives of one tool (24) | ${alternatives.p50.toFixed(2)} | ${alternatives.p95.toFixed(2)} | ${(alternatives.p95 / baseline.p95).toFixed(1)} |`,
    );
    console.log(rows.at(-1));
    rows.unshift(
      `| ${engine} | baseline: one tool by id | ${baseline.p50.toFixed(2)} | ${baseline.p95.toFixed(2)} | 1.0 |`,
    );
    return rows;
  } finally {
    await database.dispose();
  }
}

const engines: ("pglite" | "postgres")[] = process.env.TEST_DATABASE_URL ? ["postgres", "pglite"] : ["pglite"];
const table: string[] = [];
for (const engine of engines) table.push(...(await measure(engine)));

const report = `# Tool list query benchmark

Written by \`npm run bench\` or, alone, \`npm run bench:lists\` (bench/tool-lists.ts); run either again to replace this file.

- Date: ${new Date().toISOString()}
- Machine: ${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}
- Catalogue: ${toolCount.toLocaleString("en-US")} synthetic tools, 13 categories, 5 pricing models, 40 tags (4 per tool)
- Each figure: ${rounds} calls of \`listTools\` (the page and its count) after 10 warm-up calls, in milliseconds.
  **ratio** = p95 / the baseline's p95, both measured on the same database in the same run.
- Goals: the filtered lists (issue "Help a visitor choose") p95 under 5 ms on PostgreSQL and under 15 ms on PGlite;
  one tool's alternatives (issue "Compare, alternatives, related and saved tools") under 10 ms on PostgreSQL.

| engine | view | p50 ms | p95 ms | p95 ratio to baseline |
| --- | --- | --- | --- | --- |
${table.join("\n")}
`;
fs.writeFileSync(new URL("TOOL-LISTS.md", import.meta.url), report);
console.log("\nWrote bench/TOOL-LISTS.md");
