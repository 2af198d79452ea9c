// Whether counting page views costs a cached tool page anything (issue 33, decision 178): one
// server, one cached tool page, the same bytes, loaded in alternating rounds by a browser's
// User-Agent (each hit counted as a view) and by a crawler's (the same path through the cache,
// not counted). Every round pairs the two, seconds apart, so the machine's drift lands on both.
// Against the plain server the cached page's ratio is (counted ÷ plain) and (crawler ÷ plain); the
// plain server being the same for both, their quotient is counted ÷ crawler, measured here directly.
// After the rounds the server stops, which writes its counts, and the views stored for the tool are
// checked against the counted requests. `npm run bench` writes the figures into RESULTS.md; alone:
// `npx tsx --tsconfig tsconfig.json bench/counted-views.ts [rounds] [seconds]` (after `npm run build`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { startServer } from "../tests/setup/production-server";
import { alternate, type Comparison, type LoadSettings } from "./load-measure";

/** The demo tool measured: the demo's maker listing, whose figures the maker reads. */
const TOOL_SLUG = "chatgpt";

export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const CRAWLER_USER_AGENT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

export type CountedViews = {
  comparison: Comparison;
  rounds: number;
  seconds: number;
  connections: number;
  /** Requests the browser rounds completed, and the views the server stored for the tool by the end. */
  countedRequests: number;
  viewsStored: number;
  /** Views stored before the rounds (the demo's own figures and the warm-up by a browser). */
  viewsBefore: number;
};

async function viewsOf(dataDir: string): Promise<number> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, "pglite"), extensions: { pg_trgm } });
  try {
    const { rows } = await db.query<{ views: number }>(
      `select coalesce(sum(c.views), 0)::int as views from tool_daily_counts c join tools t on t.id = c.tool_id
       where t.slug = $1`,
      [TOOL_SLUG],
    );
    return rows[0]!.views;
  } finally {
    await db.close();
  }
}

export async function measureCountedViews({ rounds = 10, seconds = 3, connections = 50 } = {}): Promise<CountedViews> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-counted-views-"));
  // A page cache that outlasts the run: every measured hit is the stored page, none a render.
  const settings = {
    DATA_DIR: path.join(workDir, "data"),
    SEED_DEMO: "true",
    LOG_FORMAT: "json",
    PAGE_CACHE_SECONDS: "3600",
  };
  try {
    // First start migrates and seeds; the measured server starts on that data, as a second `npm start`.
    const first = await startServer(settings, 600_000);
    await first.stop();
    const viewsBefore = await viewsOf(settings.DATA_DIR);
    const server = await startServer(settings, 600_000);
    const url = `${server.url}/tool/${TOOL_SLUG}`;
    const load: LoadSettings = {
      connections,
      duration: seconds,
      warmup: 1,
      rounds,
      // The baseline's headers: a crawler's hits go through the cache the same way, uncounted.
      headers: { "accept-encoding": "gzip", "user-agent": CRAWLER_USER_AGENT },
    };
    let countedRequests = 0;
    try {
      // The page rendered once into the cache, by a crawler: from here every hit is the cache's.
      const first = await fetch(url, { headers: load.headers });
      if (first.status !== 200) throw new Error(`GET ${url} answered ${first.status}.`);
      await first.arrayBuffer();
      const cached = await fetch(url, { headers: load.headers });
      await cached.arrayBuffer();
      if (cached.headers.get("x-cache") !== "HIT")
        throw new Error(`A repeated GET of the tool page was not a cache hit (${cached.headers.get("x-cache")}).`);
      const comparison = await alternate({
        ours: {
          url,
          pid: server.pid,
          headers: { "user-agent": BROWSER_USER_AGENT },
          onSample: (sample) => (countedRequests += sample.requests + sample.warmupRequests),
        },
        plain: { url, pid: server.pid },
        settings: load,
      });
      // Stopping writes what the process counted since its last 30-second flush.
      await server.stop();
      const viewsStored = (await viewsOf(settings.DATA_DIR)) - viewsBefore;
      return { comparison, rounds, seconds, connections, countedRequests, viewsStored, viewsBefore };
    } finally {
      if (!server.exit()) await server.stop();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

const two = (value: number) => value.toFixed(2);

/** The result as RESULTS.md's paragraph and table. */
export function countedViewsText(result: CountedViews): string {
  const { comparison, rounds, seconds, connections, countedRequests, viewsStored } = result;
  const spread = (s: { median: number; min: number; max: number }, format = two) =>
    `${format(s.median)} (${format(s.min)}-${format(s.max)})`;
  const whole = (value: number) => Math.round(value).toLocaleString("en-US");
  // Requests still in flight when a run ended (a warm-up and a measured run per round) were answered,
  // and counted, after autocannon stopped listening.
  const countsHold = viewsStored >= countedRequests && viewsStored <= countedRequests + connections * rounds * 2;
  return [
    `The cached page of /tool/${TOOL_SLUG}, ${rounds} rounds of ${seconds} s each way (1 s warm-up), median (range):`,
    "",
    "| hits by | req/s | CPU µs/req |",
    "|---|---:|---:|",
    `| a browser (each hit counted as a view) | ${spread(comparison.ours.reqPerSec, whole)} | ${spread(comparison.ours.cpuMicros, whole)} |`,
    `| a crawler (not counted) | ${spread(comparison.plain.reqPerSec, whole)} | ${spread(comparison.plain.cpuMicros, whole)} |`,
    "",
    `Counted ÷ not counted, round by round: req/s ${spread(comparison.throughputRatio)}, CPU per request ` +
      `(not counted ÷ counted) ${spread(comparison.cpuRatio)}. Views stored for the tool: ${whole(viewsStored)} for ` +
      `${whole(countedRequests)} counted requests completed (${countsHold ? "every one counted" : "MISMATCH"}).`,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [rounds, seconds] = process.argv.slice(2).map(Number);
  const result = await measureCountedViews({ rounds: rounds || 10, seconds: seconds || 3 });
  console.log(countedViewsText(result));
}
