/**
 * `npm run audit:pages`: Lighthouse (mobile, Debian's Chromium) and the W3C Nu HTML checker on the
 * pages issue 18 names, served by the production build with the demo catalogue, and the
 * structured-data testing tool (its Google and social media presets) on the same documents. Figures,
 * not a test: it writes the "Page audits" section of bench/RESULTS.md and prints the same.
 *
 *   --no-build   use the existing build/ (else `npm run build` first)
 *   --runs N     Lighthouse runs per page; the median performance run is reported (default 3)
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type RunnerResult } from "lighthouse";
// CommonJS without named exports that Node can detect: default imports.
import structuredDataTool, {
  type Result as StructuredDataToolResult,
  type Test as StructuredDataTest,
} from "structured-data-testing-tool";
import structuredDataPresets from "structured-data-testing-tool/presets.js";
import { freePort, spawnServer } from "../tests/setup/production-server";

const projectRoot = path.resolve(import.meta.dirname, "..");
const resultsFile = path.join(projectRoot, "bench", "RESULTS.md");
const SECTION = "Page audits";
const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

type Page = { label: string; path: string };
type Audit = {
  page: Page;
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Performance of every run, to show the spread. */
  performanceRuns: number[];
  /** Audits below full marks in the other categories (the performance ones are a matter of degree). */
  failing: string[];
  nuErrors: string[];
  nuWarnings: number;
  structuredData: StructuredDataResult;
};

type StructuredDataResult = { schemas: string[]; passed: number; errors: string[]; warnings: string[] };

const { values: options } = parseArgs({
  options: { "no-build": { type: "boolean", default: false }, runs: { type: "string", default: "3" } },
});
const runs = Math.max(1, Number(options.runs));

async function main() {
  if (!options["no-build"]) run("npm", ["run", "build"]);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-audit-"));
  const port = await freePort();
  const server = spawnServer({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "true" });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitUntilReady(base, server);
    const pages = await pagesToAudit(base);
    const audits: Audit[] = [];
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const results: RunnerResult[] = [];
      for (let index = 0; index < runs; index++) {
        // Each run on a cold browser cache, as a first visit; the server's page cache stays warm.
        const flags: Flags = { port: chrome.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] };
        const result = await lighthouse(url, flags);
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        results.push(result);
      }
      const html = await (await fetch(url)).text();
      const nu = nuCheck(html);
      const structuredData = await structuredDataCheck(html);
      audits.push({ page, ...summarize(results), nuErrors: nu.errors, nuWarnings: nu.warnings, structuredData });
      console.log(`${page.label}: ${CATEGORIES.map((c) => `${c} ${audits.at(-1)!.scores[c]}`).join(", ")}`);
    }
    const section = renderSection(audits);
    console.log(`\n${section}`);
    writeSection(section);
  } finally {
    await chrome.kill();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status})`);
}

async function waitUntilReady(base: string, server: ReturnType<typeof spawnServer>) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exit()) throw new Error(`the server exited: ${server.stderr()}`);
    const ready = await fetch(`${base}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the server did not become ready in 120 s");
}

/** Home, the demo's first tool, article and category (read from the public API), and the blog. */
async function pagesToAudit(base: string): Promise<Page[]> {
  const json = async <T>(pathname: string) => (await (await fetch(`${base}${pathname}`)).json()) as T;
  const tools = await json<{ data: { slug: string; category: string }[] }>("/api/v1/tools?limit=1&sort=top-rated");
  const articles = await json<{ data: { slug: string }[] }>("/api/v1/articles?limit=1");
  const tool = tools.data[0]!;
  return [
    { label: "home", path: "/" },
    { label: "tool", path: `/tool/${tool.slug}` },
    { label: "article", path: `/article/${articles.data[0]!.slug}` },
    { label: "category", path: `/category/${encodeURIComponent(tool.category)}` },
    { label: "blog", path: "/blog" },
  ];
}

function summarize(results: RunnerResult[]) {
  const score = (result: RunnerResult, category: string) =>
    Math.round((result.lhr.categories[category]?.score ?? 0) * 100);
  const performanceRuns = results.map((result) => score(result, "performance"));
  // The median run by performance stands for the page; the other categories do not vary between runs.
  const median = [...results].sort((a, b) => score(a, "performance") - score(b, "performance"))[
    Math.floor(results.length / 2)
  ]!;
  const scores = Object.fromEntries(
    CATEGORIES.map((category) => [category, score(median, category)]),
  ) as Audit["scores"];
  const failing = CATEGORIES.filter((category) => category !== "performance").flatMap((category) =>
    median.lhr.categories[category]!.auditRefs.filter((ref) => ref.weight > 0)
      .map((ref) => median.lhr.audits[ref.id]!)
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => `${category}: ${audit.id}`),
  );
  return { scores, performanceRuns, failing };
}

/** The Nu HTML checker (vnu.jar, the W3C validator's engine) on one document. */
function nuCheck(html: string): { errors: string[]; warnings: number } {
  const file = path.join(os.tmpdir(), `aitlas-nu-${process.pid}.html`);
  fs.writeFileSync(file, html);
  try {
    const jar = path.join(projectRoot, "node_modules", "vnu-jar", "build", "dist", "vnu.jar");
    const result = spawnSync("java", ["-jar", jar, "--format", "json", "--stdout", file], { encoding: "utf8" });
    if (result.error) throw result.error;
    const { messages } = JSON.parse(result.stdout) as {
      messages: { type: string; subType?: string; message: string }[];
    };
    const errors = messages.filter((message) => message.type === "error").map((message) => message.message);
    return { errors, warnings: messages.filter((message) => message.subType === "warning").length };
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The structured-data testing tool on one document: every JSON-LD, microdata and RDFa item against
 * its Google preset (the properties Google's rich results require and recommend) and its social
 * media preset (Open Graph and Twitter card tags). A failed required test is an error; a missing
 * recommended one a warning.
 */
async function structuredDataCheck(html: string): Promise<StructuredDataResult> {
  const result = await structuredDataTool
    .structuredDataTest(Buffer.from(html), {
      presets: [structuredDataPresets.Google, structuredDataPresets.SocialMedia],
    })
    .catch((error: { type?: string; res?: StructuredDataToolResult }) => {
      if (error.type === "VALIDATION_FAILED" && error.res) return error.res;
      throw error;
    });
  const describe = (test: StructuredDataTest) =>
    `${test.schema ? `${test.schema}: ` : ""}${test.description ?? test.test ?? "?"}${test.error?.message ? ` (${test.error.message})` : ""}`;
  return {
    schemas: result.schemas,
    passed: result.passed.length,
    errors: result.failed.map(describe),
    warnings: result.warnings.map(describe),
  };
}

function renderSection(audits: Audit[]): string {
  const rows = audits.map(
    (audit) =>
      `| ${audit.page.label} | \`${audit.page.path}\` | ${audit.scores.performance} (${audit.performanceRuns.join(", ")}) | ${audit.scores.accessibility} | ${audit.scores["best-practices"]} | ${audit.scores.seo} | ${audit.nuErrors.length} | ${audit.nuWarnings} | ${audit.structuredData.schemas.join(", ") || "none"} | ${audit.structuredData.passed} | ${audit.structuredData.errors.length} | ${audit.structuredData.warnings.length} |`,
  );
  const failing = [...new Set(audits.flatMap((audit) => audit.failing.map((id) => `${id} (${audit.page.label})`)))];
  const nuMessages = [...new Set(audits.flatMap((audit) => audit.nuErrors))];
  // Each message once, with the pages that gave it.
  const structuredDataMessages = (kind: "errors" | "warnings") => {
    const pages = new Map<string, string[]>();
    for (const audit of audits)
      for (const message of audit.structuredData[kind])
        pages.set(message, [...(pages.get(message) ?? []), audit.page.label]);
    return [...pages].map(([message, labels]) => `${message} (${labels.join(", ")})`);
  };
  const structuredDataErrors = structuredDataMessages("errors");
  const structuredDataWarnings = structuredDataMessages("warnings");
  return [
    `## ${SECTION}`,
    "",
    `Issue 18's measured goals. Command: \`npm run audit:pages\` (bench/page-audit.ts), ${new Date().toISOString().slice(0, 10)}:`,
    `the production build with the demo catalogue on PGlite, Lighthouse ${lighthouseVersion()} with its default mobile`,
    "emulation and simulated throttling in Debian's Chromium, the median of " +
      `${runs} runs by performance (every run's performance in brackets), each on a cold browser cache; the`,
    "W3C Nu HTML checker (vnu-jar) and the structured-data testing tool (structured-data-testing-tool, its Google and",
    "SocialMedia presets: JSON-LD, microdata, Open Graph and Twitter tags) on the same documents. Goals: 100 for",
    "accessibility, best practices and SEO, at least 95 for performance, 0 Nu errors, 0 structured-data errors.",
    "On this shared 2-core machine the performance figure varies between runs.",
    "",
    "| page | path | performance | accessibility | best practices | SEO | Nu errors | Nu warnings | structured data found | structured-data tests passed | errors | warnings |",
    "| ---- | ---- | ----------: | ------------: | -------------: | --: | --------: | ----------: | ---- | ---: | ---: | ---: |",
    ...rows,
    "",
    failing.length
      ? `Audits below full marks: ${failing.map((id) => `\`${id}\``).join(", ")}.`
      : "Every audit of accessibility, best practices and SEO at full marks.",
    "",
    nuMessages.length ? `Nu errors: ${nuMessages.map((message) => `“${message}”`).join("; ")}.` : "No Nu errors.",
    "",
    structuredDataErrors.length
      ? `Structured-data errors: ${structuredDataErrors.join("; ")}.`
      : "No structured-data errors.",
    "",
    ...(structuredDataWarnings.length ? [`Structured-data warnings: ${structuredDataWarnings.join("; ")}.`, ""] : []),
  ].join("\n");
}

function lighthouseVersion(): string {
  const manifest = path.join(projectRoot, "node_modules", "lighthouse", "package.json");
  return (JSON.parse(fs.readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** Replaces this section of bench/RESULTS.md (or appends it), leaving the other sections as they are. */
function writeSection(section: string) {
  const current = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
  const parts = current.split(/^(?=## )/m);
  const index = parts.findIndex((part) => part.startsWith(`## ${SECTION}\n`));
  if (index === -1) parts.push(`\n${section}`);
  else parts[index] = `${section}\n`;
  fs.writeFileSync(resultsFile, `${parts.join("").trimEnd()}\n`);
  run("npx", ["prettier", "--write", resultsFile]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
