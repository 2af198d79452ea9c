// npm run bench [-- --no-build --no-lists --no-link-check --duration 10 --warmup 2 --connections 10 --tools 10000 --articles 1000]
// Builds, fills a temporary PGlite database with the synthetic catalogue, starts the production
// server twice (page cache off, then on) and measures five routes with autocannon against a bare
// node:http server that answers the same bytes. Writes the table to bench/RESULTS.md. Then times
// the tool list queries at 100,000 tools (bench/tool-lists.ts, bench/TOOL-LISTS.md), on PGlite
// and, when TEST_DATABASE_URL is set, on PostgreSQL; --no-lists skips that part. Last, the website
// link check over 10,000 tools against a loopback site (bench/link-check.ts, bench/LINK-CHECK.md);
// --no-link-check skips it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs, parseEnv } from "node:util";
import autocannon, { type Result } from "autocannon";
import { freePort, spawnServer } from "../tests/setup/production-server";
import type { CapturedResponse } from "./plain-server";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const resultsFile = path.join(projectRoot, "bench", "RESULTS.md");
const tsxCli = createRequire(import.meta.url).resolve("tsx/cli");

const usage = `Usage: npm run bench -- [--no-build] [--no-lists] [--no-link-check] [--duration 10] [--warmup 2] [--connections 10]
                     [--tools 10000] [--articles 1000]`;

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
      duration: { type: "string", default: "10" },
      warmup: { type: "string", default: "2" },
      connections: { type: "string", default: "10" },
      tools: { type: "string", default: "10000" },
      articles: { type: "string", default: "1000" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const positive = (name: "duration" | "warmup" | "connections" | "tools" | "articles", min: number) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min)
      throw new Error(`--${name} must be a whole number of at least ${min}, got "${values[name]}".`);
    return value;
  };
  return {
    build: !values["no-build"],
    lists: !values["no-lists"],
    linkCheck: !values["no-link-check"],
    duration: positive("duration", 1),
    warmup: positive("warmup", 0),
    connections: positive("connections", 1),
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

type Fetched = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** One GET exactly as autocannon sends it: no Accept-Encoding (so no compression), a cookie only when given. */
function get(url: string, cookie?: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false, headers: cookie ? { cookie } : {} }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The production server, spawned by the tests' helper (only the settings given reach it). It logs at
 * warn: a line per request would cost the server time, so readiness is read from /readyz instead of
 * the "serving" log line that the helper's startServer waits for.
 */
async function startAitlas({ dataDir, pageCacheSeconds }: { dataDir: string; pageCacheSeconds: number }) {
  const port = await freePort();
  const spawned = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    PAGE_CACHE_SECONDS: String(pageCacheSeconds),
    // All load comes from one address: a quota it never reaches, so the API's counting is measured, not its 429.
    API_RATE_LIMIT: "1000000000",
  });
  const server = track({
    name: `Aitlas server (page cache ${pageCacheSeconds} s)`,
    pid: spawned.pid,
    output: () => `${spawned.logs.map((line) => line.msg).join("\n")}\n${spawned.stderr()}`,
    exitCode: () => spawned.exit()?.code,
    exited: spawned.exited,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor("starting", server, async () =>
    (await get(`${url}/readyz`).catch(() => undefined))?.status === 200 ? true : undefined,
  );
  return { server, url };
}

// --- Routes and checks ---

type Route = { label: string; path: string; cookie?: string; mustContain: (body: string) => string | undefined };

/** React separates adjacent text nodes with <!-- --> in server HTML; the checks read the text. */
const readable = (html: string) => html.replace(/<!-- -->/g, "");

function routesFor(manifest: DataManifest): Route[] {
  const expectText = (text: string) => (body: string) =>
    readable(body).includes(text) ? undefined : `missing "${text}"`;
  return [
    { label: "home", path: "/", mustContain: expectText(`${manifest.counts.tools.toLocaleString("en-US")} tools`) },
    { label: "tool", path: `/tool/${manifest.sampleTool.slug}`, mustContain: expectText(manifest.sampleTool.name) },
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
  const text = readable((await get(`${baseUrl}${path}`)).body.toString("utf8"));
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

type Measurement = { reqPerSec: number; p50: number; p99: number; errors: number };

async function measure(url: string, options: Options, cookie?: string): Promise<Measurement> {
  const result: Result = await autocannon({
    url,
    ...(cookie ? { headers: { cookie } } : {}),
    connections: options.connections,
    duration: options.duration,
    ...(options.warmup > 0 ? { warmup: { connections: options.connections, duration: options.warmup } } : {}),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
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

type Row = { route: Route; bytes: number; ours: Measurement; plain: Measurement };

// --- Report ---

const formatNumber = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(rows: Row[]): string {
  const lines = [
    "| route | path | body | req/s | p50 ms | p99 ms | plain req/s | plain p99 ms | ratio |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(({ route, bytes, ours, plain }) => {
      const errors = ours.errors + plain.errors > 0 ? ` (${ours.errors + plain.errors} errors)` : "";
      return (
        `| ${route.label} | \`${route.path}\` | ${formatNumber(bytes / 1024, 1)} KB | ${formatNumber(ours.reqPerSec)}${errors} | ` +
        `${ours.p50} | ${ours.p99} | ${formatNumber(plain.reqPerSec)} | ${plain.p99} | ${formatNumber(ours.reqPerSec / plain.reqPerSec, 3)} |`
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
}) {
  const { options, manifest, timings } = report;
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  const markdown = `# Benchmark results

Written by \`npm run bench\` (bench/run.ts); run it again to replace this file.

## How to read this

- **req/s**: mean requests per second over the measured ${options.duration} s, ${options.connections} connections on
  loopback, after ${options.warmup} s of warm-up. **p50 / p99 ms**: latency percentiles (autocannon counts whole
  milliseconds, so a fast server shows 0 or 1).
- **plain**: a bare \`node:http\` server (bench/plain-server.ts) answering the very same bytes with the same content-type,
  measured in the same run. It is the ceiling for this machine, client and response size.
- **ratio** = our req/s ÷ plain req/s. 1.0 would mean Aitlas costs nothing beyond writing the bytes.
- **Page cache off** (\`PAGE_CACHE_SECONDS=0\`): every request runs the loaders' queries and renders React.
  **Page cache on** (default 300 s): anonymous GETs after the first are answered from the in-process cache, so
  this measures the cache lookup and the write, answered before Express (decision 080). The **API** rows are cached the same way (decision 071),
  each hit still counted against the client's rate limit (in memory, written to the database once a second; the
  run sets \`API_RATE_LIMIT\` high enough never to refuse). The plain baseline is measured once per route and
  used for both tables.
- Requests carry no \`Accept-Encoding\`, so neither server compresses, and no cookies except on
  **tool, signed in** and the **admin** rows: an administrator's session (made through the one-time setup link), which the server
  looks up on every request; signed-in pages are never cached, so those rows render in both tables. Browsers ask for gzip or
  brotli, which the \`compression\` middleware then spends CPU on.
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

${table(report.cacheOff)}

## Page cache on (300 s)

${table(report.cacheOn)}

## Tool list queries

${options.lists ? "Measured after this table at 100,000 tools: see [TOOL-LISTS.md](TOOL-LISTS.md)." : "Skipped in this run (`--no-lists`); [TOOL-LISTS.md](TOOL-LISTS.md) holds the last measurement."}

## Website link checks

${options.linkCheck ? "Measured at the end of the run, over 10,000 tools: see [LINK-CHECK.md](LINK-CHECK.md)." : "Skipped in this run (`--no-link-check`); [LINK-CHECK.md](LINK-CHECK.md) holds the last measurement."}

## Checks made before measuring

${report.checks.map((check) => `- ${check}`).join("\n")}
`;
  fs.writeFileSync(resultsFile, markdown);
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
    const problem = route.mustContain(response.body.toString("utf8"));
    if (problem) throw new Error(`GET ${route.path}: ${problem}`);
    captured.set(route.path, response);
  }
  return captured;
}

async function startPlainServer(workDir: string, routes: Route[], captured: Map<string, Fetched>) {
  const list: CapturedResponse[] = routes.map((route, index) => {
    const bodyFile = `body-${index}.bin`;
    fs.writeFileSync(path.join(workDir, bodyFile), captured.get(route.path)!.body);
    return { path: route.path, contentType: String(captured.get(route.path)!.headers["content-type"]), bodyFile };
  });
  const listFile = path.join(workDir, "responses.json");
  fs.writeFileSync(listFile, JSON.stringify(list));
  const plain = startChild("plain server", process.execPath, [tsxCli, "bench/plain-server.ts", listFile], process.env);
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
    const perRoute = (options.warmup + options.duration) * routeCount;
    console.log(`Measuring ${routeCount} routes: about ${Math.round((perRoute * 3) / 60)} minutes.`);

    // Cache off: measure ours and the plain baseline route by route, so drift hits both alike.
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
      const { plain, url: plainUrl } = await startPlainServer(workDir, routes, captured);
      for (const route of routes) {
        console.log(`  cache off  ${route.path}`);
        const ours = await measure(`${url}${route.path}`, options, route.cookie);
        await settle(url);
        const baseline = await measure(`${plainUrl}${route.path}`, options);
        cacheOff.push({ route, bytes: captured.get(route.path)!.body.length, ours, plain: baseline });
      }
      await stopChild(plain);
      await stopChild(server);
    }

    const cacheOn: Row[] = [];
    {
      const { server, url } = await startAitlas({ dataDir, pageCacheSeconds: 300 });
      await captureRoutes(server, url, routes);
      const second = await get(`${url}${routes[0]!.path}`);
      if (second.headers["x-cache"] !== "HIT")
        throw new Error(
          `With the page cache on, a repeated GET / was a ${second.headers["x-cache"] ?? "no x-cache header"}.`,
        );
      checks.push("With the page cache on, a repeated anonymous GET answered `x-cache: HIT`.");
      for (const [index, route] of routes.entries()) {
        console.log(`  cache on   ${route.path}`);
        const ours = await measure(`${url}${route.path}`, options, route.cookie);
        await settle(url);
        cacheOn.push({ ...cacheOff[index]!, ours });
      }
      await stopChild(server);
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
    });
    console.log(`\nPage cache off\n${table(cacheOff)}\n\nPage cache on\n${table(cacheOn)}\n`);
    console.log(
      `Whole run ${formatNumber(totalMs / 1000, 1)} s. Load average before ${loadBefore.map((v) => v.toFixed(2)).join(", ")}, after ${loadAfter.map((v) => v.toFixed(2)).join(", ")}.`,
    );
    console.log(`Wrote ${path.relative(projectRoot, resultsFile)}.`);
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
