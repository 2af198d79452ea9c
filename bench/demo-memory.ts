// The demo site's resident memory at rest on PGlite (issue 36): the production build started on an
// empty DATA_DIR (it migrates and seeds the demo catalogue), then restarted on that directory as an
// operator's second `npm start` would be, a few public pages read twice each, and the server left
// alone until its resident size settles. `npm run bench` writes the figure into RESULTS.md; alone:
// `npx tsx bench/demo-memory.ts` (after `npm run build`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startServer } from "../tests/setup/production-server";
import { residentMemoryMb } from "./load-measure";

export const DEMO_MEMORY_GOAL_MB = 250;

/** The pages read before resting: the browsing pages of the demo catalogue, a search and the change log. */
const DEMO_PAGES = ["/", "/category/Writing", "/blog", "/tool/chatgpt", "/tool/claude", "/compare", "/?q=writer"];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type DemoMemory = { afterStartMb: number; atRestMb: number; peakMb: number; restSeconds: number };

/** Resident size (VmRSS) once it has stopped falling: sampled every second until two samples 5 s apart differ by < 2 MB. */
async function settledRss(pid: number, maxSeconds: number): Promise<number> {
  let last = residentMemoryMb(pid).now;
  for (let waited = 0; waited < maxSeconds; waited += 5) {
    await sleep(5000);
    const now = residentMemoryMb(pid).now;
    if (Math.abs(now - last) < 2) return now;
    last = now;
  }
  return last;
}

/** `nodeOptions` (NODE_OPTIONS) lets a run measure another heap shape, as the decision's "before" did. */
export async function measureDemoMemory(restSeconds = 60, nodeOptions = ""): Promise<DemoMemory> {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-demo-memory-"));
  const settings = {
    DATA_DIR: path.join(workDir, "data"),
    SEED_DEMO: "true",
    LOG_FORMAT: "json",
    ...(nodeOptions ? { NODE_OPTIONS: nodeOptions } : {}),
  };
  try {
    // First start: migrations and the demo seed, which a resting server has long finished.
    const first = await startServer(settings, 600_000);
    await first.stop();
    const server = await startServer(settings, 600_000);
    try {
      const afterStartMb = await settledRss(server.pid, 30);
      for (let round = 0; round < 2; round++)
        for (const page of DEMO_PAGES) {
          const response = await fetch(`${server.url}${page}`);
          if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}.`);
          await response.arrayBuffer();
        }
      // Native memory freed after a burst returns to the system over tens of seconds: 30 s first, then settle.
      await sleep(30_000);
      const atRestMb = await settledRss(server.pid, restSeconds);
      return { afterStartMb, atRestMb, peakMb: residentMemoryMb(server.pid).peak, restSeconds };
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

export function demoMemoryText(memory: DemoMemory): string {
  const verdict = memory.atRestMb <= DEMO_MEMORY_GOAL_MB ? "met" : "missed";
  return (
    `Demo site on PGlite (SEED_DEMO, second start): ${Math.round(memory.afterStartMb)} MB resident after start, ` +
    `${Math.round(memory.atRestMb)} MB at rest after ${DEMO_PAGES.length} pages read twice ` +
    `(goal ${DEMO_MEMORY_GOAL_MB} MB: ${verdict}; peak ${Math.round(memory.peakMb)} MB).`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // npx tsx bench/demo-memory.ts [NODE_OPTIONS for the server, e.g. "--max-semi-space-size=32"]
  const memory = await measureDemoMemory(60, process.argv[2] ?? "");
  console.log(
    `${demoMemoryText(memory)} Load average ${os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(", ")}.`,
  );
}
