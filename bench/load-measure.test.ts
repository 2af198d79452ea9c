import { spawn } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { alternate, compare, cpuTimeMs, residentMemoryMb, spread } from "./load-measure";

// The benchmark's arithmetic, and one real alternation against two loopback servers in child
// processes, so the CPU read from /proc is theirs and not the test's.

const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGTERM");
});

/** A node:http server in its own process that spends `spinMs` of CPU on every request. */
async function startServer(spinMs: number) {
  const source = `
    const http = require("node:http");
    const server = http.createServer((req, res) => {
      const until = performance.now() + ${spinMs};
      while (performance.now() < until);
      res.end("ok");
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["-e", source], { stdio: ["ignore", "pipe", "inherit"] });
  children.push(child);
  const [chunk] = (await once(child.stdout!, "data")) as [Buffer];
  return { url: `http://127.0.0.1:${chunk.toString().trim()}/`, pid: child.pid! };
}

describe("load measurement", () => {
  it("takes the median and range, and pairs rounds for the ratios", () => {
    expect(spread([5, 1, 3])).toEqual({ median: 3, min: 1, max: 5 });
    expect(spread([4, 1, 3, 2])).toEqual({ median: 2.5, min: 1, max: 4 });
    const round = (reqPerSec: number, cpuMicrosPerRequest: number) => ({
      reqPerSec,
      cpuMicrosPerRequest,
      p99: 1,
      errors: 0,
      requests: reqPerSec,
      warmupRequests: 0,
    });
    const comparison = compare([round(50, 40), round(60, 30)], [round(100, 10), round(100, 10)]);
    expect(comparison.throughputRatio).toEqual({ median: 0.55, min: 0.5, max: 0.6 });
    expect(comparison.cpuRatio.min).toBeCloseTo(0.25);
    expect(comparison.cpuRatio.max).toBeCloseTo(1 / 3);
  });

  it("reads a process's CPU time and memory from /proc", () => {
    const before = cpuTimeMs(process.pid);
    const until = performance.now() + 50;
    while (performance.now() < until);
    expect(cpuTimeMs(process.pid)).toBeGreaterThan(before);
    const memory = residentMemoryMb(process.pid);
    expect(memory.now).toBeGreaterThan(10);
    expect(memory.peak).toBeGreaterThanOrEqual(memory.now);
  });

  it("measures a server that burns CPU per request as costlier than one that does not", async () => {
    const slow = await startServer(0.5);
    const fast = await startServer(0);
    const settings = { connections: 4, duration: 1, warmup: 0, rounds: 2, headers: {} };
    const completed: number[] = [];
    const comparison = await alternate({
      ours: { ...slow, onSample: (sample) => completed.push(sample.requests) },
      plain: fast,
      settings,
    });
    expect(comparison.ours.errors + comparison.plain.errors).toBe(0);
    // Each of our rounds is reported as it ends, with the responses it completed.
    expect(completed).toHaveLength(2);
    expect(completed.every((requests) => requests > 0)).toBe(true);
    // Half a millisecond of CPU per request on the slow side: at least 500 µs against far less.
    expect(comparison.ours.cpuMicros.median).toBeGreaterThan(450);
    expect(comparison.plain.cpuMicros.median).toBeLessThan(comparison.ours.cpuMicros.median / 2);
    expect(comparison.cpuRatio.median).toBeLessThan(0.5);
    expect(comparison.throughputRatio.median).toBeLessThan(1);
  });
});
