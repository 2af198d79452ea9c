// npm run bench:queue -- [--websites 30] [--pause 200]
// The research queue's throughput (issue 35, decision 154) against the pace it is configured to
// keep. A batch of websites is queued and drafted by the research-queue job's own code on PGlite:
// each home page read through the outbound guard, its logo fetched, re-encoded and stored, three
// searches and one model call, the draft and its duplicate check written. Everything outside answers
// at once on loopback (sites, Brave Search and model fakes), so what is left is the configured
// pause after each search plus the app's own work:
//   pace     websites x 3 searches x pause: the least time the configured pace allows
//   ratio    measured time / pace (1.00 = the queue adds nothing to the pace)
// Writes the "Research queue" section of bench/RESULTS.md.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase } from "~/server/db/client.server";
import { researchQueueEntries } from "~/server/db/schema.server";
import { createOutboundClient } from "~/server/outbound/guarded-fetch.server";
import { enqueueBatch, planBatch } from "~/server/research/research-queue-input.server";
import { draftQueuedWebsites } from "~/server/research/research-queue-job.server";
import { createResearchService } from "~/server/research/research-service.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { startFakeBraveSearch } from "../tests/fakes/brave-search";
import { htmlPage, startFakeIconWebsites, type FakeFile } from "../tests/fakes/icon-websites";
import { researchResultFor, startFakeLlm } from "../tests/fakes/llm";

const SECTION = "Research queue";
const API_KEY = "bench-key-0123456789";
const projectRoot = path.join(import.meta.dirname, "..");
const resultsFile = path.join(projectRoot, "bench", "RESULTS.md");

const { values } = parseArgs({
  options: { websites: { type: "string", default: "30" }, pause: { type: "string", default: "200" } },
});
const websiteCount = Number(values.websites);
const pauseMs = Number(values.pause);
if (!Number.isInteger(websiteCount) || websiteCount < 1 || !Number.isInteger(pauseMs) || pauseMs < 1) {
  throw new Error("--websites and --pause must be whole numbers of at least 1");
}

async function main() {
  const icon: FakeFile = {
    type: "image/png",
    body: await sharp({ create: { width: 180, height: 180, channels: 3, background: "#2856c8" } })
      .png()
      .toBuffer(),
  };
  const hosts = Array.from({ length: websiteCount }, (_, index) => `benchtool${index + 1}.test`);
  const files = Object.fromEntries(
    hosts.map((host, index) => [
      host,
      {
        "/": htmlPage(
          `<meta property="og:site_name" content="Benchtool ${index + 1}"><meta name="description" content="Benchtool ${index + 1} writes release notes."><link rel="apple-touch-icon" href="/apple.png">`,
        ),
        "/apple.png": icon,
      },
    ]),
  );
  const [sites, brave, llm] = await Promise.all([
    startFakeIconWebsites(files),
    startFakeBraveSearch({ apiKey: API_KEY }),
    startFakeLlm({ apiKey: API_KEY }),
  ]);
  const client = createOutboundClient({
    allowPrivate: false,
    allowAddress: (address) => address === "127.0.0.1",
    resolve: sites.resolve,
  });
  const research = createResearchService({
    search: { apiKey: API_KEY, baseUrl: brave.origin, pauseMs },
    model: { provider: "anthropic", apiKey: API_KEY, baseUrl: llm.anthropicBaseUrl, model: "claude-sonnet-5-5" },
    modelMaxRetries: 0,
  });
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-bench-queue-"));
  const storage = createLocalStorage({ rootDir: uploads, publicPath: "/uploads" });
  const handle = await openDatabase({ kind: "pglite" });
  await handle.migrate();
  const { db } = handle;

  try {
    for (const [index] of hosts.entries())
      llm.queue({ kind: "object", value: researchResultFor(`Benchtool ${index + 1}`) });
    const { planned } = await planBatch({
      db,
      text: hosts.map((host) => sites.url(host)).join("\n"),
      assistant: true,
      pauseMs,
    });
    await enqueueBatch({ db, planned, requestedBy: null });

    const started = process.hrtime.bigint();
    const counts = await draftQueuedWebsites({ db, research, storage, client });
    const measuredMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (counts.drafted !== websiteCount)
      throw new Error(`expected ${websiteCount} drafts, got ${JSON.stringify(counts)}`);
    const [left] = await db
      .select({ waiting: sql<number>`count(*)::int` })
      .from(researchQueueEntries)
      .where(sql`${researchQueueEntries.state} = 'waiting'`);
    if (left!.waiting !== 0) throw new Error(`${left!.waiting} websites still waiting`);

    const paceMs = websiteCount * 3 * pauseMs;
    const ratio = measuredMs / paceMs;
    const perWebsite = (ms: number) => (ms / websiteCount).toFixed(0);
    const cpu = os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "unknown CPU";
    const section = `## ${SECTION}

Written by \`npm run bench:queue\` (bench/research-queue.ts); run it again to replace this section.

"Add many tools" (decision 154): ${websiteCount} websites queued and drafted by the research-queue job's own code on
PGlite, against loopback sites, Brave Search and model fakes that answer at once. Each website: its home page
through the outbound guard, its logo fetched, re-encoded and stored, three searches with the configured pause
after each (RESEARCH_SEARCH_PAUSE_MS = ${pauseMs} ms here, 1,100 by default) and one model call, then the draft
and its duplicate check written. **pace** is the least time that pause allows (websites x 3 x pause); the
**ratio** is measured / pace, so the rest (the app's own work and four loopback round trips) is ratio - 1 of it.

| | total | per website |
|---|---|---|
| pace: ${websiteCount} x 3 x ${pauseMs} ms | ${(paceMs / 1000).toFixed(1)} s | ${perWebsite(paceMs)} ms |
| measured | ${(measuredMs / 1000).toFixed(1)} s | ${perWebsite(measuredMs)} ms |
| **ratio to the configured pace** | **${ratio.toFixed(2)}** | |

At the default pause (1.1 s) the same work per website is a smaller share still: a batch of 500 takes about
${Math.round((500 * 3 * 1100 + 500 * (measuredMs / websiteCount - 3 * pauseMs)) / 60_000)} minutes plus the search and model latency, which dwarf it.

- Date: ${new Date().toISOString().slice(0, 10)}
- Machine: ${cpu}, ${os.cpus().length} cores, Node ${process.version}
`;
    writeSection(section);
    process.stdout.write(section);
  } finally {
    await client.close();
    await handle.close();
    await Promise.all([sites.close(), brave.stop(), llm.stop()]);
    fs.rmSync(uploads, { recursive: true, force: true });
  }
}

/** Replaces this section of bench/RESULTS.md (or appends it), leaving the other sections as they are. */
function writeSection(section: string) {
  const current = fs.readFileSync(resultsFile, "utf8");
  const parts = current.split(/^(?=## )/m);
  const index = parts.findIndex((part) => part.startsWith(`## ${SECTION}\n`));
  if (index === -1) parts.push(`\n${section}`);
  else parts[index] = `${section}\n`;
  fs.writeFileSync(resultsFile, `${parts.join("").trimEnd()}\n`);
  execFileSync("npx", ["prettier", "--write", resultsFile], { cwd: projectRoot, stdio: "ignore" });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
