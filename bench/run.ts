// npm run bench [-- --no-build --no-lists --no-link-check --duration 5 --warmup 1 --rounds 3 --connections 50
//                   --tools 10000 --articles 1000 --out bench/RESULTS.md]
// Builds, fills a temporary PGlite database with the synthetic catalogue, starts the production
// server twice (page cache off, then on) and measures each route with autocannon against a bare
// node:http server that answers the same bytes, the two alternated round by round with the
// server's CPU per request read from /proc (bench/load-measure.ts). Writes the tables, with the
// previous run's ratios beside the new ones, to bench/RESULTS.md. Then times
// the tool list queries at 100,000 tools (bench/tool-lists.ts, bench/TOOL-LISTS.md), on PGlite
// and, when TEST_DATABASE_URL is set, on PostgreSQL; --no-lists skips that part. Last, the website
// link check over 10,000 tools against a loopback site (bench/link-check.ts, bench/LINK-CHECK.md);
// --no-link-check skips it. Then the time other tabs take to follow a sign-out and a sign-in in
// Chromium (bench/session-sync.ts, its own section of RESULTS.md); --no-session-sync skips it. And every kind of
// search text at 100,000 tools, query and uncached page against the category list (bench/search.ts, its own
// section; its catalogues are kept in bench/.data/ between runs); --no-search skips it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, parseEnv } from "node:util";
import { gunzipSync } from "node:zlib";
import { freePort, spawnServer } from "../tests/setup/production-server";
import { JAVASCRIPT_GOAL_KB, javascriptTable } from "./bundle-size";
import { countedViewsText, measureCountedViews } from "./counted-views";
import { demoMemoryText, measureDemoMemory } from "./demo-memory";
import { alternate, residentMemoryMb, type Comparison, type LoadSettings, type Spread } from "./load-measure";
import { measureMixedLoad, signUpWriters, type MixedOutcome } from "./mixed-load";
import type { CapturedResponse } from "./plain-server";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

const usage = `Usage: npm run bench -- [--no-build] [--no-lists] [--no-link-check] [--no-session-sync] [--no-search] [--no-demo-memory] [--no-counted-views] [--duration 5]
                     [--warmup 1] [--rounds 3]
                     [--connections 50] [--writers 20] [--tools 10000] [--articles 1000] [--out bench/RESULTS.md]`;

/** What every measured request says it accepts, as a browser would (issue 20: gzip accepted). */
const ACCEPT_ENCODING = "gzip";
/**
 * And which browser it is: a tool page's view is counted only for a browser that is not a crawler
 * (decision 178), so the measured hits pay for the counting as a visitor's do.
 */
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

// --- Options ---

function parseOptions() {
  try {
    return readOptions();
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : error}\n\n${usage}`);
  }
}

function readOptions() {
  const { values } = parseArgs({
    options: {
      "no-build": { type: "boolean", default: false },
      "no-lists": { type: "boolean", default: false },
      "no-link-check": { type: "boolean", default: false },
      "no-session-sync": { type: "boolean", default: false },
      "no-search": { type: "boolean", default: false },
      "no-demo-memory": { type: "boolean", default: false },
      "no-counted-views": { type: "boolean", default: false },
      duration: { type: "string", default: "5" },
      warmup: { type: "string", default: "1" },
      rounds: { type: "string", default: "3" },
      connections: { type: "string", default: "50" },
      writers: { type: "string", default: "20" },
      out: { type: "string", default: "bench/RESULTS.md" },
      tools: { type: "string", default: "10000" },
      articles: { type: "string", default: "1000" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const positive = (
    name: "duration" | "warmup" | "rounds" | "connections" | "writers" | "tools" | "articles",
    min: number,
  ) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`--${name} must be a whole number of at least ${min}, got "${values[name]}".`);
    return value;
  };
  return {
    build: !values["no-build"],
    lists: !values["no-lists"],
    linkCheck: !values["no-link-check"],
    sessionSync: !values["no-session-sync"],
    search: !values["no-search"],
    demoMemory: !values["no-demo-memory"],
    countedViews: !values["no-counted-views"],
    duration: positive("duration", 1),
    warmup: positive("warmup", 0),
    rounds: positive("rounds", 1),
    connections: positive("connections", 1),
    writers: positive("writers", 0),
    resultsFile: path.resolve(projectRoot, values.out),
    tools: positive("tools", 1),
    articles: positive("articles", 1),
  };
}

type Options = ReturnType<typeof parseOptions>;

/** What scripts/bench-data.ts --manifest writes. */
type DataManifest = {
  counts: { tools: number; articles: number; users: number; votes: number; comments: number };
  sampleTool: { slug: string; name: string };
  sampleArticle: { slug: string; title: string };
  search: { term: string; matchingTools: number; firstPageSlugs: string[] };
};

// --- Child processes: every one is tracked and stopped by its pid ---

type Child = {
  name: string;
  pid: number;
  output: () => string;
  /** The exit code once it has ended, else undefined. */
  exitCode: () => number | null | undefined;
  exited: Promise<unknown>;
};
const children = new Set<Child>();

function track(child: Child): Child {
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

/** The plain baseline server; the Aitlas server is started by the tests' helper (startAitlas). */
function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(command, args, { cwd: projectRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code) => {
      exitCode = code;
      resolve();
    }),
  );
  return track({ name, pid: child.pid!, output: () => output, exitCode: () => exitCode, exited });
}

async function stopChild(child: Child) {
  if (child.exitCode() !== undefined) return;
  process.kill(child.pid, "SIGTERM");
  const stopped = await Promise.race([child.exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) {
    console.warn(`${child.name} (pid ${child.pid}) ignored SIGTERM for 15 s; killing it.`);
    process.kill(child.pid, "SIGKILL");
    await child.exited;
  }
}

async function stopAllChildren() {
  await Promise.all([...children].map(stopChild));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  child: Child,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 90_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (child.exitCode() !== undefined)
      throw new Error(`${child.name} exited (${child.exitCode()}) while ${what}:\n${child.output()}`);
    if (Date.now() > deadline)
      throw new Error(`${child.name}: ${what} took more than ${timeoutMs / 1000} s:\n${child.output()}`);
    await sleep(100);
  }
}

/** Runs a command to completion with inherited output; throws on failure. */
function runToCompletion(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd: projectRoot, env, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${name} failed (exit ${result.status ?? result.signal}).`);
}

// --- HTTP ---

/** `body` is the bytes as sent (gzipped when the server compressed them); `text` is what they say. */
type Fetched = { status: number; headers: http.IncomingHttpHeaders; body: Buffer; text: string };

/** One GET exactly as autocannon sends it: gzip accepted, a cookie only when given. */
function get(url: string, cookie?: string): Promise<Fetched> {
  const headers: Record<string, string> = {
    "accept-encoding": ACCEPT_ENCODING,
    "user-agent": USER_AGENT,
    ...(cookie ? { cookie } : {}),
  };
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks);
          const text = (res.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text });
        });
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The production server, spawned by the tests' helper (only the settings given reach it), at the
 * default log level: one access line per request Express answers, as an operator runs it.
 */
async function startAitlas({
  dataDir,
  pageCacheSeconds,
  settings = {},
}: {
  dataDir: string;
  pageCacheSeconds: number;
  settings?: Record<string, string>;
}) {
  const port = await freePort();
  const spawned = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_FORMAT: "json",
    SEED_DEMO: "false",
    PAGE_CACHE_SECONDS: String(pageCacheSeconds),
    // All load comes from one address: a quota it never reaches, so the API's counting is measured, not its 429.
    API_RATE_LIMIT: "1000000000",
    ...settings,
  });
  const server = track({
    name: `Aitlas server (page cache ${pageCacheSeconds} s)`,
    pid: spawned.pid,
    output: () => `${spawned.logs.map((line) => line.msg).join("\n")}\n${spawned.stderr()}`,
    exitCode: () => spawned.exit()?.code,
    exited: spawned.exited,
  });
  const url = `http://127.0.0.1:${port}`;
  // The first start after the fill vacuums and analyses the whole catalogue: 66 s on a 2-core machine, 106 s with
  // the low-memory flags of decision 208.
  await waitFor(
    "starting",
    server,
    async () => ((await get(`${url}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined),
    300_000,
  );
  return { server, url, logs: () => spawned.logs };
}

// --- Routes and checks ---

type Route = {
  label: string;
  path: string;
  cookie?: string;
  /** Sent instead of the browser's: a crawler's hits are not counted (decision 178). */
  userAgent?: string;
  mustContain: (body: string) => string | undefined;
};

/** A search engine's crawler, which isbot recognises: its views of a tool page are not counted. */
const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** React separates adjacent text nodes with <!-- --> in server HTML; the checks read the text. */
const readable = (html: string) => html.replace(/<!-- -->/g, "");

function routesFor(manifest: DataManifest): Route[] {
  const expectText = (text: string) => (body: string) =>
    readable(body).includes(text) ? undefined : `missing "${text}"`;
  return [
    { label: "home", path: "/", mustContain: expectText(`${manifest.counts.tools.toLocaleString("en-US")} tools`) },
    { label: "tool", path: `/tool/${manifest.sampleTool.slug}`, mustContain: expectText(manifest.sampleTool.name) },
    // The same page and bytes, not counted: beside "tool" in the same run, what counting views costs (issue 33).
    {
      label: "tool, by a crawler (not counted)",
      path: `/tool/${manifest.sampleTool.slug}`,
      userAgent: CRAWLER_USER_AGENT,
      mustContain: expectText(manifest.sampleTool.name),
    },
    { label: "category", path: "/category/Writing", mustContain: expectText("Writing Tools") },
    {
      label: "article",
      path: `/article/${manifest.sampleArticle.slug}`,
      mustContain: expectText(manifest.sampleArticle.title),
    },
    {
      label: "search",
      path: `/?q=${encodeURIComponent(manifest.search.term)}`,
      mustContain: (body) => checkSearchResults(body, manifest.search),
    },
    // The public read API (issue 16): a filtered list as a client pages through it, and one tool.
    {
      label: "API tools, filtered",
      path: "/api/v1/tools?category=Writing&pricing=free&pricing=freemium&sort=top-rated&limit=24",
      mustContain: (body) => {
        const list = JSON.parse(body) as { data: { category: string }[] };
        if (list.data.length !== 24) return `listed ${list.data.length} tools, expected a full page of 24`;
        return list.data.every((tool) => tool.category === "Writing") ? undefined : "listed a tool outside Writing";
      },
    },
    {
      label: "API one tool",
      path: `/api/v1/tools/${manifest.sampleTool.slug}`,
      mustContain: (body) =>
        (JSON.parse(body) as { name?: string }).name === manifest.sampleTool.name
          ? undefined
          : `missing "name": "${manifest.sampleTool.name}"`,
    },
  ];
}

/**
 * The home search over the whole catalogue: the count the generator expects. The default order is
 * relevance, which the generator does not compute; the newest order it does, so the matches
 * themselves are checked through it (checkSearchMatches) before measuring.
 */
function checkSearchResults(body: string, search: DataManifest["search"]): string | undefined {
  const countText = `${search.matchingTools.toLocaleString("en-US")} tools matching “${search.term}”`;
  return readable(body).includes(countText) ? undefined : `missing "${countText}"`;
}

/** `/?q=term&sort=newest`: the first page holds exactly the newest matching tools, in order. */
async function checkSearchMatches(baseUrl: string, search: DataManifest["search"]): Promise<string> {
  const path = `/?q=${encodeURIComponent(search.term)}&sort=newest`;
  const text = readable((await get(`${baseUrl}${path}`)).text);
  const listed = [
    ...new Set([...text.matchAll(/href="\/tool\/([^"?#]+)"/g)].map((match) => decodeURIComponent(match[1]!))),
  ];
  const expected = search.firstPageSlugs;
  const shown = listed.slice(0, expected.length);
  if (shown.join(" ") !== expected.join(" ")) {
    throw new Error(`GET ${path}: first page lists ${shown.join(", ")}; expected ${expected.join(", ")}`);
  }
  return `Search \`${path}\` lists the ${expected.length} newest matching tools in order (the generator's own list).`;
}

/**
 * A signed-in visitor, made the way an operator makes the first one: the one-time setup link the
 * server printed (there is no administrator yet in the benchmark's data) posted as a form.
 */
async function signInAsFirstAdmin(server: Child, baseUrl: string): Promise<string> {
  const token = await waitFor(
    "printing the admin setup link",
    server,
    () => /\/setup\/admin\?token=([\w-]+)/.exec(server.output())?.[1],
  );
  const body = new URLSearchParams({ token, email: "bench-admin@example.com", password: "bench-password" }).toString();
  const cookie = await new Promise<string | undefined>((resolve, reject) => {
    const request = http.request(
      `${baseUrl}/setup/admin`,
      {
        method: "POST",
        agent: false,
        headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
      },
      (res) => {
        res.resume();
        const session = (res.headers["set-cookie"] ?? []).find((line) => line.startsWith("aitlas.session_token="));
        resolve(session?.split(";")[0]);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
  if (!cookie) throw new Error(`The admin setup form did not start a session. Server output:\n${server.output()}`);
  return cookie;
}

// --- Measuring ---

function loadSettings(options: Options): LoadSettings {
  return {
    connections: options.connections,
    duration: options.duration,
    warmup: options.warmup,
    rounds: options.rounds,
    headers: { "accept-encoding": ACCEPT_ENCODING, "user-agent": USER_AGENT },
  };
}

/**
 * autocannon stops sending when its time is up, but the server still works through the requests
 * it had accepted. The next measurement waits until /readyz, whose query queues behind theirs on
 * the single PGlite connection, answers quickly twice in a row.
 */
async function settle(baseUrl: string) {
  const deadline = Date.now() + 30_000;
  let quick = 0;
  while (quick < 2 && Date.now() < deadline) {
    const began = performance.now();
    await get(`${baseUrl}/readyz`);
    quick = performance.now() - began < 20 ? quick + 1 : 0;
    await sleep(50);
  }
}

type Row = { route: Route; bytes: number; comparison: Comparison };

// --- Report ---

const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

const formatSpread = ({ median, min, max }: Spread, digits = 0) =>
  `${formatNumber(median, digits)} (${formatNumber(min, digits)}-${formatNumber(max, digits)})`;

/** The ratios of the run before this one, by table and route label, read from its RESULTS.md. */
type PreviousRatios = Map<string, string>;

function readPreviousRatios(file: string): PreviousRatios {
  const ratios: PreviousRatios = new Map();
  if (!fs.existsSync(file)) return ratios;
  let section = "";
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("## ")) section = line.slice(3).trim();
    const cells = line.split("|").map((cell) => cell.trim());
    // Table rows: | label | ... | ratio | (the old layout) or ... | req/s ratio | CPU ratio | previous |.
    if (cells.length < 4 || !line.startsWith("| ") || cells[1] === "route" || cells[1]?.startsWith("---")) continue;
    const header = TABLE_HEADER.split("|").map((cell) => cell.trim());
    const current = cells.length === header.length;
    const ratio = current
      ? `${cells[header.indexOf("req/s ratio")]} / ${cells[header.indexOf("CPU ratio")]}`
      : cells[cells.length - 2];
    if (ratio) ratios.set(`${section}\n${cells[1]}`, ratio.replace(/ \(.*?\)/g, ""));
  }
  return ratios;
}

const TABLE_HEADER =
  "| route | path | body sent | req/s | plain req/s | req/s ratio | CPU µs/req | plain CPU µs/req | CPU ratio | p99 ms | errors | before |";

function table(rows: Row[], section: string, previous: PreviousRatios): string {
  const lines = [
    TABLE_HEADER,
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(({ route, bytes, comparison }) => {
      const { ours, plain, throughputRatio, cpuRatio } = comparison;
      const before = previous.get(`${section}\n${route.label}`) ?? "-";
      return (
        `| ${route.label} | \`${route.path}\` | ${formatNumber(bytes / 1024, 1)} KB | ${formatSpread(ours.reqPerSec)} | ` +
        `${formatSpread(plain.reqPerSec)} | ${formatSpread(throughputRatio, 2)} | ${formatSpread(ours.cpuMicros)} | ` +
        `${formatSpread(plain.cpuMicros)} | ${formatSpread(cpuRatio, 2)} | ${ours.p99} | ${ours.errors + plain.errors} | ${before} |`
      );
    }),
  ];
  return lines.join("\n");
}

/** The commit measured, and whether the working tree differed from it when the run began. */
function codeVersion(): string {
  const git = (...args: string[]) => spawnSync("git", args, { cwd: projectRoot, encoding: "utf8" });
  const head = git("rev-parse", "--short", "HEAD");
  if (head.status !== 0) return "unknown (not a git checkout)";
  const changes = git("status", "--porcelain", "--", ".", ":(exclude)bench/RESULTS.md").stdout.trim();
  return `${head.stdout.trim()}${changes ? ` with uncommitted changes in ${changes.split("\n").length} files` : " (clean tree)"}`;
}

function machineDescription(): string {
  const cpus = os.cpus();
  return (
    `${cpus[0]?.model.trim() ?? "unknown CPU"}, ${cpus.length} cores, ${formatNumber(os.totalmem() / 1024 ** 3, 1)} GB RAM, ` +
    `${os.type()} ${os.release()}, Node ${process.version}`
  );
}

function writeResults(report: {
  command: string;
  code: string;
  options: Options;
  manifest: DataManifest;
  cacheOff: Row[];
  cacheOn: Row[];
  timings: { build: number | null; data: number; total: number };
  loadBefore: number[];
  loadAfter: number[];
  checks: string[];
  javascript: string;
  memory: { cacheOff: number; cacheOn: number; demo: string };
  previous: PreviousRatios;
  mixed: string;
  countedViews: string;
}) {
  const { options, manifest, timings, previous } = report;
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  const markdown = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts); run it again to replace this file.

## How to read this

- Each route is measured ${options.rounds} times against Aitlas and ${options.rounds} times against the **plain** server,
  alternated (A B A B ...), each time ${options.duration} s after ${options.warmup} s of warm-up, ${options.connections}
  connections on loopback, gzip accepted. Figures are the median with the range over the rounds in brackets.
- **plain**: a bare \`node:http\` server (bench/plain-server.ts) answering the very same bytes (gzipped when Aitlas sent
  them gzipped) with the same content-type, measured beside each figure. It is the ceiling for this machine, client and
  response size.
- **req/s ratio** = our req/s ÷ plain req/s in the same round; the load generator shares the machine and is often what
  limits the plain server, so this ratio flatters the slower side. **CPU µs/req** is the server process's own user +
  system CPU time per answered request, read from /proc; **CPU ratio** = plain CPU per request ÷ ours, the fairer
  figure: 0.5 means a request costs Aitlas twice what it costs the plain server. **before**: the previous run's
  req/s ratio / CPU ratio (or its one ratio, from the layout before 2026-11-25).
- **Page cache off** (\`PAGE_CACHE_SECONDS=0\`): every request runs the loaders' queries, renders React and compresses.
  **Page cache on** (default 300 s): anonymous GETs after the first are answered from the in-process cache before
  Express (decision 080), with a gzipped copy made once. The **API** rows are cached the same way (decision 071),
  each hit still counted against the client's rate limit (in memory, written to the database once a second; the
  run sets \`API_RATE_LIMIT\` high enough never to refuse).
- No cookies except on **tool, signed in** and the **admin** rows: an administrator's session (made through the
  one-time setup link), which the server looks up on every request; signed-in pages are never cached, so those rows
  render in both tables.
- The server logs at its default level (info: one access line per request Express answers; cache hits log at debug).
- The load generator runs on the same machine as the server: on ${os.cpus().length} cores they compete for CPU, so
  compare ratios rather than absolute numbers across machines. Load average is shown below; other work on the
  machine during the run lowers every number.

## Run

- Date: ${new Date().toISOString()}
- Machine: ${machineDescription()}
- Command: \`${report.command}\`
- Code: ${report.code}
- Data: ${formatNumber(manifest.counts.tools)} tools, ${formatNumber(manifest.counts.articles)} articles,
  ${formatNumber(manifest.counts.users)} users, ${formatNumber(manifest.counts.votes)} votes, ${formatNumber(manifest.counts.comments)} comments
  (scripts/bench-data.ts, seed 1), PGlite in a temporary DATA_DIR
- Time: build ${timings.build === null ? "skipped" : `${formatNumber(timings.build / 1000, 1)} s`}, data ${formatNumber(timings.data / 1000, 1)} s,
  whole run ${formatNumber(timings.total / 1000, 1)} s
- Load average (1, 5, 15 min): ${load(report.loadBefore)} before, ${load(report.loadAfter)} after

## Page cache off: real rendering and queries

${table(report.cacheOff, PAGE_CACHE_OFF, previous)}

## Page cache on (300 s)

${table(report.cacheOn, PAGE_CACHE_ON, previous)}

## Counting views on a cached page

${report.countedViews}

## Mixed load: reads while members write

${report.mixed}

## Memory

Peak resident memory of the server process (VmHWM): ${formatNumber(report.memory.cacheOff)} MB with the page cache off,
${formatNumber(report.memory.cacheOn)} MB with it on (PGlite, ${formatNumber(manifest.counts.tools)} tools).

${report.memory.demo}

## JavaScript per page

What a browser downloads for the page, gzipped at level 9 (bench/bundle-size.ts, from the build's manifest:
the client entry, and every route of the page with the chunks it imports); goal ${JAVASCRIPT_GOAL_KB} KB.

${report.javascript}

## Tool list queries

${options.lists ? "Measured after this table at 100,000 tools: see [TOOL-LISTS.md](TOOL-LISTS.md)." : "Skipped in this run (`--no-lists`); [TOOL-LISTS.md](TOOL-LISTS.md) holds the last measurement."}

## Website link checks

${options.linkCheck ? "Measured at the end of the run, over 10,000 tools: see [LINK-CHECK.md](LINK-CHECK.md)." : "Skipped in this run (`--no-link-check`); [LINK-CHECK.md](LINK-CHECK.md) holds the last measurement."}

## Checks made before measuring

${report.checks.map((check) => `- ${check}`).join("\n")}
`;
  fs.writeFileSync(options.resultsFile, markdown + keptSections(options.resultsFile, markdown));
}

const PAGE_CACHE_OFF = "Page cache off: real rendering and queries";
const PAGE_CACHE_ON = "Page cache on (300 s)";

/** Sections of the previous file this run does not write (figures recorded by hand or by other benchmarks). */
function keptSections(file: string, written: string): string {
  if (!fs.existsSync(file)) return "";
  const headings = new Set([...written.matchAll(/^## (.+)$/gm)].map((match) => match[1]!.trim()));
  const sections = fs
    .readFileSync(file, "utf8")
    .split(/^(?=## )/m)
    .slice(1);
  const kept = sections.filter((section) => !headings.has(section.split("\n", 1)[0]!.slice(3).trim()));
  return kept.length ? `\n${kept.join("").trimEnd()}\n` : "";
}

// --- The run ---

async function captureRoutes(server: Child, baseUrl: string, routes: Route[]) {
  const captured = new Map<string, Fetched>();
  for (const route of routes) {
    const response = await get(`${baseUrl}${route.path}`, route.cookie);
    if (response.status !== 200) {
      throw new Error(
        `GET ${route.path} answered ${response.status}, expected 200. Server output:\n${server.output()}`,
      );
    }
    const problem = route.mustContain(response.text);
    if (problem) throw new Error(`GET ${route.path}: ${problem}`);
    captured.set(route.path, response);
  }
  return captured;
}

/**
 * A third server (page cache on, one trusted proxy hop so each member signs up from its own
 * address): members are made, the pages they write to are read by anonymous visitors, and the
 * same reads go to a plain server answering the bytes captured before the writes began.
 */
async function runMixedLoad({ dataDir, workDir, options }: { dataDir: string; workDir: string; options: Options }) {
  const { server, url, logs } = await startAitlas({ dataDir, pageCacheSeconds: 300, settings: { TRUST_PROXY: "1" } });
  try {
    const writers = await signUpWriters({ baseUrl: url, count: options.writers, logLines: logs });
    // The tools written to are the ones the read pages show: home's first page and Writing's.
    const listed = async (query: string) =>
      (JSON.parse((await get(`${url}/api/v1/tools?${query}`)).text) as { data: { slug: string }[] }).data.map(
        (tool) => tool.slug,
      );
    const toolSlugs = [...new Set([...(await listed("limit=12")), ...(await listed("category=Writing&limit=12"))])];
    const readPaths = ["/", "/category/Writing", ...toolSlugs.slice(0, 4).map((slug) => `/tool/${slug}`)];
    const routes: Route[] = readPaths.map((path) => ({ label: path, path, mustContain: () => undefined }));
    const captured = await captureRoutes(server, url, routes);
    const { plain, url: plainUrl } = await startPlainServer(workDir, routes, captured);
    try {
      return await measureMixedLoad({
        ours: { url, pid: server.pid },
        plain: { url: plainUrl, pid: plain.pid },
        readPaths,
        writers,
        toolSlugs,
        connections: options.connections,
        duration: options.duration * 2,
      });
    } finally {
      await stopChild(plain);
    }
  } finally {
    await stopChild(server);
  }
}

function mixedReport({ reads, plainReads, writes }: MixedOutcome, options: Options): string {
  return [
    `${options.connections} connections read the home page, the Writing category and four tool pages in turn for`,
    `${options.duration * 2} s while ${options.writers} signed-in members voted on the tools those pages list (one vote`,
    `every 1.5 s each) and commented once a minute; then the same reads went to the plain server.`,
    "",
    "| reads | req/s | plain req/s | req/s ratio | CPU µs/req | plain CPU µs/req | CPU ratio | read errors | votes | comments | failed writes | write latency ms, median (range) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| anonymous | ${formatNumber(reads.reqPerSec)} | ${formatNumber(plainReads.reqPerSec)} | ` +
      `${formatNumber(reads.reqPerSec / plainReads.reqPerSec, 2)} | ${formatNumber(reads.cpuMicrosPerRequest)} | ` +
      `${formatNumber(plainReads.cpuMicrosPerRequest)} | ${formatNumber(plainReads.cpuMicrosPerRequest / reads.cpuMicrosPerRequest, 2)} | ` +
      `${reads.errors + plainReads.errors} | ${writes.votes} | ${writes.comments} | ${writes.failed} | ${formatSpread(writes.latencyMs)} |`,
  ].join("\n");
}

/** Every route against this server and a plain one answering the bytes it captured, alternated. */
async function measureRoutes({
  label,
  server,
  url,
  routes,
  captured,
  workDir,
  settings,
}: {
  label: string;
  server: Child;
  url: string;
  routes: Route[];
  captured: Map<string, Fetched>;
  workDir: string;
  settings: LoadSettings;
}): Promise<Row[]> {
  const { plain, url: plainUrl } = await startPlainServer(workDir, routes, captured);
  const rows: Row[] = [];
  try {
    for (const route of routes) {
      console.log(`  ${label}  ${route.path}`);
      const comparison = await alternate({
        ours: {
          url: `${url}${route.path}`,
          pid: server.pid,
          headers: {
            ...(route.cookie ? { cookie: route.cookie } : {}),
            ...(route.userAgent ? { "user-agent": route.userAgent } : {}),
          },
        },
        plain: { url: `${plainUrl}${route.path}`, pid: plain.pid },
        settings,
        between: () => settle(url),
      });
      rows.push({ route, bytes: captured.get(route.path)!.body.length, comparison });
    }
  } finally {
    await stopChild(plain);
  }
  return rows;
}

async function startPlainServer(workDir: string, routes: Route[], captured: Map<string, Fetched>) {
  const list: CapturedResponse[] = routes.map((route, index) => {
    const bodyFile = `body-${index}.bin`;
    const response = captured.get(route.path)!;
    fs.writeFileSync(path.join(workDir, bodyFile), response.body);
    return {
      path: route.path,
      contentType: String(response.headers["content-type"]),
      contentEncoding: response.headers["content-encoding"],
      bodyFile,
    };
  });
  const listFile = path.join(workDir, "responses.json");
  fs.writeFileSync(listFile, JSON.stringify(list));
  // In this process (not under tsx's own runner), so that its pid is the server whose CPU is read.
  const plain = startChild(
    "plain server",
    process.execPath,
    ["--import", "tsx", "bench/plain-server.ts", listFile],
    process.env,
  );
  const port = await waitFor("starting", plain, () => /listening (\d+)/.exec(plain.output())?.[1]);
  return { plain, url: `http://127.0.0.1:${port}` };
}

async function main() {
  const options = parseOptions();
  const started = Date.now();
  const loadBefore = os.loadavg();
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const code = codeVersion();

  // The server fills unset variables from ./.env: a DATABASE_URL there would send the benchmark's
  // synthetic rows into that database instead of the temporary one.
  const dotEnv = path.join(projectRoot, ".env");
  if (fs.existsSync(dotEnv) && parseEnv(fs.readFileSync(dotEnv, "utf8")).DATABASE_URL) {
    throw new Error(
      ".env sets DATABASE_URL; the benchmark uses a temporary PGlite database. Move .env aside and run again.",
    );
  }

  let buildMs: number | null = null;
  if (options.build) {
    const buildStarted = Date.now();
    console.log("Building (npm run build)...");
    runToCompletion("npm run build", "npm", ["run", "build", "--silent"]);
    buildMs = Date.now() - buildStarted;
  } else if (!fs.existsSync(path.join(projectRoot, "build/server/index.js"))) {
    throw new Error("build/server/index.js is missing: run without --no-build, or `npm run build` first.");
  }
  // Read from the build itself, before any server runs (issue 20, goal 6).
  const javascript = javascriptTable(path.join(projectRoot, "build"));

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-bench-"));
  workDirs.add(workDir);
  const dataDir = path.join(workDir, "data");
  try {
    console.log(`Filling ${dataDir} with ${options.tools} tools and ${options.articles} articles...`);
    const dataStarted = Date.now();
    const manifestFile = path.join(workDir, "manifest.json");
    const { DATABASE_URL: _ignored, ...environment } = process.env;
    runToCompletion(
      "bench-data",
      process.execPath,
      [
        tsxCli,
        "--tsconfig",
        "tsconfig.json",
        "scripts/bench-data.ts",
        "--tools",
        String(options.tools),
        "--articles",
        String(options.articles),
        "--manifest",
        manifestFile,
      ],
      { ...environment, DATA_DIR: dataDir },
    );
    const dataMs = Date.now() - dataStarted;
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as DataManifest;
    const routes = routesFor(manifest);
    const checks: string[] = [];
    // Three more rows (signed in, admin table, admin search) join once a session exists.
    const routeCount = routes.length + 3;
    const perRoute = (options.warmup + options.duration) * 2 * options.rounds;
    console.log(`Measuring ${routeCount} routes twice: about ${Math.round((perRoute * routeCount * 2) / 60)} minutes.`);
    const settings = loadSettings(options);
    const previous = readPreviousRatios(options.resultsFile);
    const memory = { cacheOff: 0, cacheOn: 0, demo: "Demo site at rest: skipped in this run (`--no-demo-memory`)." };

    // Cache off: ours and the plain baseline alternated route by route, so drift hits both alike.
    const cacheOff: Row[] = [];
    {
      const { server, url } = await startAitlas({ dataDir, pageCacheSeconds: 0 });
      // Signed-in pages are never cached: they measure the session lookup plus a full render.
      const adminCookie = await signInAsFirstAdmin(server, url);
      const adminSees = (text: string) => (body: string) =>
        readable(body).includes(text) ? undefined : `missing "${text}"`;
      routes.push(
        {
          label: "tool, signed in",
          path: `/tool/${manifest.sampleTool.slug}?as=admin`,
          cookie: adminCookie,
          mustContain: adminSees("Account menu for bench-admin@example.com"),
        },
        // The admin's tool table: the role check, one page of 50 by name and the total.
        {
          label: "admin tool table",
          path: "/admin/tools",
          cookie: adminCookie,
          mustContain: adminSees(`Showing 50 of ${manifest.counts.tools.toLocaleString("en-US")} tools`),
        },
        {
          label: "admin tool search",
          path: `/admin/tools?q=${manifest.search.term}`,
          cookie: adminCookie,
          mustContain: adminSees(`matching “${manifest.search.term}”`),
        },
      );
      const captured = await captureRoutes(server, url, routes);
      checks.push(
        `Every route answered 200 with the expected content (cache off and on).`,
        `Search \`/?q=${manifest.search.term}\` over ${formatNumber(manifest.counts.tools)} tools: the page says ` +
          `"${formatNumber(manifest.search.matchingTools)} tools matching “${manifest.search.term}”" (the generator's own count).`,
        await checkSearchMatches(url, manifest.search),
      );
      cacheOff.push(...(await measureRoutes({ label: "cache off", server, url, routes, captured, workDir, settings })));
      memory.cacheOff = residentMemoryMb(server.pid).peak;
      await stopChild(server);
    }

    const cacheOn: Row[] = [];
    {
      const { server, url } = await startAitlas({ dataDir, pageCacheSeconds: 300 });
      const captured = await captureRoutes(server, url, routes);
      const second = await get(`${url}${routes[0]!.path}`);
      if (second.headers["x-cache"] !== "HIT")
        throw new Error(
          `With the page cache on, a repeated GET / was a ${second.headers["x-cache"] ?? "no x-cache header"}.`,
        );
      checks.push("With the page cache on, a repeated anonymous GET answered `x-cache: HIT`.");
      cacheOn.push(...(await measureRoutes({ label: "cache on", server, url, routes, captured, workDir, settings })));
      memory.cacheOn = residentMemoryMb(server.pid).peak;
      await stopChild(server);
    }

    if (options.demoMemory) {
      console.log("  the demo site's resident memory at rest (bench/demo-memory.ts)");
      memory.demo = demoMemoryText(await measureDemoMemory());
    }

    let countedViews = "Skipped in this run (`--no-counted-views`).";
    if (options.countedViews) {
      console.log("  a cached tool page hit by a browser (counted) and by a crawler (bench/counted-views.ts)");
      countedViews = countedViewsText(
        await measureCountedViews({ rounds: Math.max(options.rounds, 10), seconds: options.duration }),
      );
    }

    let mixed = "Skipped in this run (`--writers 0`).";
    if (options.writers > 0) {
      console.log(`  mixed load: ${options.connections} readers while ${options.writers} members vote and comment`);
      const outcome = await runMixedLoad({ dataDir, workDir, options });
      mixed = mixedReport(outcome, options);
      checks.push(`The mixed load's ${options.writers} members were signed up and confirmed through the emailed link.`);
    }

    const totalMs = Date.now() - started;
    const loadAfter = os.loadavg();
    writeResults({
      command,
      code,
      options,
      manifest,
      cacheOff,
      cacheOn,
      timings: { build: buildMs, data: dataMs, total: totalMs },
      loadBefore,
      loadAfter,
      checks,
      javascript,
      memory,
      previous,
      mixed,
      countedViews,
    });
    console.log(
      `\nPage cache off\n${table(cacheOff, PAGE_CACHE_OFF, previous)}\n\nPage cache on\n${table(cacheOn, PAGE_CACHE_ON, previous)}\n`,
    );
    console.log(`Mixed load\n${mixed}\n`);
    console.log(
      `Peak resident memory: ${formatNumber(memory.cacheOff)} MB with the page cache off, ${formatNumber(memory.cacheOn)} MB with it on.`,
    );
    console.log(memory.demo);
    console.log(`JavaScript per page (goal ${JAVASCRIPT_GOAL_KB} KB gzipped)\n${javascript}\n`);
    console.log(
      `Whole run ${formatNumber(totalMs / 1000, 1)} s. Load average before ${loadBefore.map((v) => v.toFixed(2)).join(", ")}, after ${loadAfter.map((v) => v.toFixed(2)).join(", ")}.`,
    );
    console.log(`Wrote ${path.relative(projectRoot, options.resultsFile)}.`);
    if (options.lists) {
      console.log("\nTiming the tool list queries at 100,000 tools (bench/tool-lists.ts)...");
      runToCompletion(
        "tool list queries",
        process.execPath,
        [tsxCli, "--tsconfig", "tsconfig.json", "bench/tool-lists.ts"],
        {
          ...process.env,
          LOG_LEVEL: "warn",
        },
      );
    }
    if (options.linkCheck) {
      console.log("\nChecking 10,000 tools' websites against a loopback site (bench/link-check.ts)...");
      runToCompletion("link check", process.execPath, [tsxCli, "--tsconfig", "tsconfig.json", "bench/link-check.ts"], {
        ...process.env,
        LOG_LEVEL: "warn",
      });
    }
    if (options.sessionSync) {
      console.log("\nTiming how fast other tabs follow a sign-out and a sign-in (bench/session-sync.ts)...");
      runToCompletion(
        "session sync",
        process.execPath,
        [tsxCli, "--tsconfig", "tsconfig.json", "bench/session-sync.ts", "--out", options.resultsFile],
        process.env,
      );
    }
    if (options.search) {
      console.log("\nTiming every kind of search text at 100,000 tools (bench/search.ts)...");
      runToCompletion(
        "search speed",
        process.execPath,
        [tsxCli, "--tsconfig", "tsconfig.json", "bench/search.ts", "--out", options.resultsFile],
        { ...process.env, LOG_LEVEL: "warn" },
      );
    }
  } finally {
    await cleanUp();
  }
}

const workDirs = new Set<string>();

async function cleanUp() {
  await stopAllChildren();
  for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
  workDirs.clear();
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the benchmark's processes.`);
    void cleanUp().finally(() => process.exit(130));
  });
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
