// What the research assistant itself costs on top of the outside calls it makes.
//
//   npm run bench:research   (writes bench/RESEARCH.md)
//
// A research run is three web searches and one model call; the searches' 1.1 s pauses and the
// vendors' latency dwarf everything else in production. This measures the rest: building the
// queries and the prompt, the AI SDK's request and its schema check, the event stream. Both sides
// talk to the same loopback fakes (tests/fakes/), which answer at once:
//   baseline  the same three GETs and one POST (the prompt the app sends, the same reply) with fetch
//   ours      createResearchService(...).run(...) with the pause set to 0
// ratio = ours ms per run / baseline ms per run, measured alternately in the same process.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createResearchService } from "~/server/research/research-service.server";
import { startFakeBraveSearch } from "../tests/fakes/brave-search";
import { researchResultFor, startFakeLlm } from "../tests/fakes/llm";

const RUNS = 200;
const ROUNDS = 5;
const API_KEY = "bench-key-0123456789";

async function main() {
  const [brave, llm] = await Promise.all([
    startFakeBraveSearch({ apiKey: API_KEY }),
    startFakeLlm({ apiKey: API_KEY }),
  ]);
  const service = createResearchService({
    search: { apiKey: API_KEY, baseUrl: brave.origin, pauseMs: 0 },
    model: { provider: "anthropic", apiKey: API_KEY, baseUrl: llm.anthropicBaseUrl, model: "claude-sonnet-5-5" },
    modelMaxRetries: 0,
  });
  const task = { mode: "create" as const, subject: "Acme Writer" };
  const reply = { kind: "object" as const, value: researchResultFor("Acme Writer") };

  // One run of ours records the exact request body the model gets; the baseline posts the same.
  llm.queue(reply);
  await service.run({ task, emit: () => undefined });
  const modelBody = JSON.stringify(llm.requests().at(-1)!.body);
  const queries = brave.requests().map((request) => request.q!);

  async function baselineRun() {
    for (const q of queries) {
      const url = new URL("/res/v1/web/search", brave.origin);
      url.searchParams.set("q", q);
      url.searchParams.set("count", "10");
      await (await fetch(url, { headers: { Accept: "application/json", "X-Subscription-Token": API_KEY } })).json();
    }
    llm.queue(reply);
    const response = await fetch(`${llm.anthropicBaseUrl}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": API_KEY, "anthropic-version": "2023-06-01" },
      body: modelBody,
    });
    await response.json();
  }
  async function oursRun() {
    llm.queue(reply);
    let events = 0;
    await service.run({ task, emit: () => void events++ });
    if (events !== 9) throw new Error(`expected 9 progress events, got ${events}`);
  }

  async function timePerRun(run: () => Promise<void>) {
    const started = process.hrtime.bigint();
    for (let index = 0; index < RUNS; index++) await run();
    return Number(process.hrtime.bigint() - started) / 1e6 / RUNS;
  }

  // Warm-up: JIT, keep-alive connections.
  await timePerRun(baselineRun);
  await timePerRun(oursRun);
  const baseline: number[] = [];
  const ours: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    baseline.push(await timePerRun(baselineRun));
    ours.push(await timePerRun(oursRun));
    brave.reset();
    llm.reset();
  }
  await Promise.all([brave.stop(), llm.stop()]);

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const baselineMs = median(baseline);
  const oursMs = median(ours);
  const cpu = os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "unknown CPU";
  const report = `# Research assistant overhead

Written by \`npm run bench:research\` (bench/research.ts); run it again to replace this file.

A research run against loopback fakes that answer at once, pauses set to 0, so what remains is
the app's own work per run (queries, prompt, AI SDK request and schema check, progress events)
plus four HTTP round trips. The baseline makes the same four requests with bare \`fetch\` (same
query strings, the same model request body, the same reply). Median of ${ROUNDS} rounds of ${RUNS} runs each,
alternating.

| | ms per run |
|---|---|
| baseline: 3 searches + 1 model call with fetch | ${baselineMs.toFixed(2)} |
| Aitlas: \`research.run\` (searches, prompt, AI SDK, zod) | ${oursMs.toFixed(2)} |
| **ratio** | **${(oursMs / baselineMs).toFixed(2)}** |

In production a run also waits 3 x 1.1 s between searches (spec section 9) plus the search and
model latency (seconds), so the app's share of a run's time is the difference above, well under 1%.

- Date: ${new Date().toISOString()}
- Machine: ${cpu}, ${os.cpus().length} cores, Node ${process.version}
- Rounds (ms per run), baseline: ${baseline.map((value) => value.toFixed(2)).join(", ")}; ours: ${ours.map((value) => value.toFixed(2)).join(", ")}
`;
  fs.writeFileSync(path.join(import.meta.dirname, "RESEARCH.md"), report);
  process.stdout.write(report);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
