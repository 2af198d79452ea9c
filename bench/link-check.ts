// npm run bench:links -- [--tools 10000] [--concurrency 8]   (also run at the end of `npm run bench`)
// The website link check's own cost: runLinkChecks over a synthetic catalogue on in-memory PGlite,
// every tool's website a distinct host name that a loopback server answers at once with a small
// page. Beside it, measured in the same run against the same server and the same 10,000 addresses,
// a bare undici loop with the same concurrency and no database. Writes bench/LINK-CHECK.md.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { parseArgs } from "node:util";
import v8 from "node:v8";
import vm from "node:vm";
import { count, sql } from "drizzle-orm";
import prettier from "prettier";
import { Agent, buildConnector, request } from "undici";
import { checkWebsite, runLinkChecks } from "~/server/freshness/link-check.server";
import { toolLinkChecks, tools } from "~/server/db/schema.server";
import { createOutboundClient, type Resolver } from "~/server/outbound/guarded-fetch.server";
import { insertSyntheticCatalogue } from "../tests/setup/synthetic-tools";
import { createTestDatabase } from "../tests/setup/test-database";

const { values } = parseArgs({
  options: { tools: { type: "string", default: "10000" }, concurrency: { type: "string", default: "8" } },
});
const loadBefore = os.loadavg();
const toolCount = Number(values.tools);
const concurrency = Number(values.concurrency);
if (!Number.isInteger(toolCount) || toolCount < 1 || !Number.isInteger(concurrency) || concurrency < 1) {
  throw new Error("--tools and --concurrency must be whole numbers of at least 1");
}

// --- The websites: one loopback server, any *.bench.test host ---

const PAGE = Buffer.from(
  "<!doctype html><html><head><title>A tool</title></head><body><h1>A tool</h1><p>It answers.</p></body></html>",
);
const server = http.createServer((_request, response) => {
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-length": PAGE.length });
  response.end(PAGE);
});
server.keepAliveTimeout = 5_000;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;
const served = { count: 0 };
server.on("request", () => served.count++);

const resolveBenchHosts: Resolver = async (hostname) => {
  if (!hostname.endsWith(".bench.test")) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  return [{ address: "127.0.0.1", family: 4 }];
};

// --- Memory: sampled while a phase runs ---

// A full collection before each phase, so "heap before" is what is live, not the last phase's garbage.
v8.setFlagsFromString("--expose-gc");
const collectGarbage = vm.runInNewContext("gc") as () => void;

async function measured<T>(run: () => Promise<T>) {
  collectGarbage();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 20);
  const started = performance.now();
  try {
    const result = await run();
    const seconds = (performance.now() - started) / 1000;
    collectGarbage();
    const heapAfter = process.memoryUsage().heapUsed;
    return { result, seconds, rssBefore: before.rss, peakRss, heapBefore: before.heapUsed, peakHeap, heapAfter };
  } finally {
    clearInterval(sampler);
  }
}

const urls = (n: number) =>
  Array.from({ length: n }, (_, index) => `http://synthetic-${index + 1}.bench.test:${port}/`);

/** The baseline: undici's request over the same addresses, same concurrency, same resolution, no checks, no database. */
async function bareLoop(addresses: string[]) {
  const lookup = (hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolveBenchHosts(hostname).then(
      (resolved) => (options.all ? callback(null, resolved) : callback(null, resolved[0]!.address, 4)),
      (error: unknown) => callback(error),
    );
  };
  const dispatcher = new Agent({
    connect: buildConnector({ lookup, timeout: 10_000 } as buildConnector.BuildOptions),
    // As the app's outbound client (guarded-fetch.server.ts): HTTP/1.1 only.
    allowH2: false,
    keepAliveTimeout: 2_000,
    keepAliveMaxTimeout: 5_000,
  });
  let next = 0;
  let ok = 0;
  const worker = async () => {
    while (next < addresses.length) {
      const url = addresses[next++]!;
      // reset: the connection closes once answered, as the checker's do (one request per host).
      const response = await request(url, { dispatcher, reset: true, headers: { "user-agent": "bench" } });
      await response.body.text();
      if (response.statusCode === 200) ok++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await dispatcher.close();
  return ok;
}

// --- The run ---

const database = await createTestDatabase();
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(0);
try {
  await insertSyntheticCatalogue(database.db, toolCount);
  await database.db.execute(
    sql`update ${tools} set website = 'http://' || slug || '.bench.test:' || ${String(port)} || '/'`,
  );
  const addresses = urls(toolCount);

  // Warm-up: the JIT, undici and the loopback server, for both sides.
  await bareLoop(addresses.slice(0, 200));

  const baseline = await measured(() => bareLoop(addresses));
  console.log(
    `baseline: ${baseline.result} answers in ${baseline.seconds.toFixed(2)} s, ${(toolCount / baseline.seconds).toFixed(0)}/s`,
  );

  const client = createOutboundClient({
    allowPrivate: false,
    allowAddress: (address) => address === "127.0.0.1",
    resolve: resolveBenchHosts,
  });
  const servedBefore = served.count;
  const ours = await measured(() =>
    runLinkChecks({
      db: database.db,
      jobRunId: randomUUID(),
      concurrency,
      timeoutMs: 10_000,
      checker: (website, options) => checkWebsite(website, { ...options, client }),
    }),
  );
  await client.close();
  const [stored] = await database.db
    .select({ ok: count() })
    .from(toolLinkChecks)
    .where(sql`${toolLinkChecks.outcome} = 'ok'`);
  console.log(
    `runLinkChecks: ${JSON.stringify(ours.result)} in ${ours.seconds.toFixed(2)} s, ${(toolCount / ours.seconds).toFixed(0)}/s`,
  );
  if (ours.result.checked !== toolCount || stored!.ok !== toolCount || served.count - servedBefore !== toolCount) {
    throw new Error(
      `expected ${toolCount} checks, ok and stored, one request each; got ${JSON.stringify(ours.result)}, ` +
        `${stored!.ok} stored ok, ${served.count - servedBefore} requests`,
    );
  }

  const rate = (phase: { seconds: number }) => toolCount / phase.seconds;
  const row = (
    name: string,
    phase: {
      seconds: number;
      rssBefore: number;
      peakRss: number;
      heapBefore: number;
      peakHeap: number;
      heapAfter: number;
    },
  ) =>
    `| ${name} | ${phase.seconds.toFixed(2)} | ${rate(phase).toFixed(0)} | ${mb(phase.rssBefore)} | ${mb(phase.peakRss)} | ${mb(phase.heapBefore)} | ${mb(phase.peakHeap)} | ${mb(phase.heapAfter)} |`;
  const report = `# Website link check benchmark

Written by \`npm run bench\` or, alone, \`npm run bench:links\` (bench/link-check.ts); run either again to replace this file.

- Date: ${new Date().toISOString()}
- Machine: ${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB RAM, Node ${process.version}
- ${toolCount.toLocaleString("en-US")} synthetic tools on in-memory PGlite, each website a distinct host name
  (\`synthetic-N.bench.test\`, resolved to 127.0.0.1 by the test resolver), answered at once by one loopback
  \`node:http\` server with a 110-byte HTML page. Concurrency ${concurrency}, one request per host.
- **runLinkChecks**: the real thing: due tools read 200 at a time along two index walks, each website fetched
  through the outbound guard (address classified, redirects handled, the page scanned for parking), the results
  upserted in tool_link_checks up to 100 to a statement. All ${toolCount.toLocaleString("en-US")} were checked, found ok and stored.
- **baseline**: undici's \`request\` over the same ${toolCount.toLocaleString("en-US")} addresses with the same concurrency and
  resolver, reading each body, no guard and no database, measured in the same process just before.
- **ratio** = runLinkChecks' tools per second ÷ the baseline's. Memory (MB): RSS and V8 heap sampled every 20 ms
  during each phase; **heap before** and **heap after** follow a full garbage collection, so they are what stays live
  (peak heap includes garbage not yet collected). The database's WebAssembly memory is in RSS, not in the heap.
- Load average (1, 5, 15 min) before the run: ${loadBefore.map((value) => value.toFixed(2)).join(", ")}; on a busy machine compare the ratio, not the rates.

| phase | seconds | tools/s | RSS before | peak RSS | heap before | peak heap | heap after |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${row("baseline: bare undici loop", baseline)}
${row("runLinkChecks", ours)}

**ratio: ${(rate(ours) / rate(baseline)).toFixed(2)}** (runLinkChecks ÷ baseline). Real websites answer in tens or
hundreds of milliseconds, so in production the check's rate is set by the sites and the concurrency, not by this cost.
`;
  // Written as Prettier would, so `npm run lint` passes on a fresh result.
  const file = new URL("LINK-CHECK.md", import.meta.url);
  const style = await prettier.resolveConfig(file);
  fs.writeFileSync(file, await prettier.format(report, { ...style, parser: "markdown" }));
  console.log(`ratio ${(rate(ours) / rate(baseline)).toFixed(2)}\nWrote bench/LINK-CHECK.md`);
} finally {
  await database.dispose();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
