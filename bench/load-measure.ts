// How bench/run.ts measures one route (issue 20, "Bench"): Aitlas and the plain baseline
// alternated A B A B for several rounds under the same load, each round's requests per second and
// the server's own CPU time per request (from /proc), then medians and ranges and both ratios.
import fs from "node:fs";
import autocannon, { type Result } from "autocannon";

export type LoadSettings = {
  connections: number;
  /** Seconds measured per round and server. */
  duration: number;
  /** Seconds of unmeasured load before each measurement. */
  warmup: number;
  rounds: number;
  /** Request headers every request carries (Accept-Encoding, and a cookie for signed-in rows). */
  headers: Record<string, string>;
};

/** One server under load for one round. */
export type Sample = {
  reqPerSec: number;
  /** The server process's user + system CPU time per request, in microseconds. */
  cpuMicrosPerRequest: number;
  p99: number;
  errors: number;
  /** Responses completed while measured, and during the warm-up before. */
  requests: number;
  warmupRequests: number;
};

export type Spread = { median: number; min: number; max: number };

export type Measured = { reqPerSec: Spread; cpuMicros: Spread; p99: number; errors: number };

/** What two measurements of the same bytes compare as: above 1 would mean cheaper than the plain server. */
export type Comparison = {
  ours: Measured;
  plain: Measured;
  /** Median over rounds of our req/s ÷ plain req/s in the same round. */
  throughputRatio: Spread;
  /** Median over rounds of plain CPU per request ÷ ours in the same round. */
  cpuRatio: Spread;
};

const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU time a process has used so far, in milliseconds (Linux /proc). */
export function cpuTimeMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Peak and current resident memory of a process, in MB (Linux /proc). */
export function residentMemoryMb(pid: number): { peak: number; now: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kilobytes = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { peak: kilobytes("VmHWM") / 1024, now: kilobytes("VmRSS") / 1024 };
}

export async function sample(url: string, pid: number, settings: LoadSettings): Promise<Sample> {
  const load = { url, connections: settings.connections, headers: settings.headers };
  const warmup = settings.warmup > 0 ? await autocannon({ ...load, duration: settings.warmup }) : null;
  const cpuBefore = cpuTimeMs(pid);
  const result: Result = await autocannon({ ...load, duration: settings.duration });
  const cpuMs = cpuTimeMs(pid) - cpuBefore;
  const requests = Math.max(1, result.requests.total);
  return {
    reqPerSec: result.requests.average,
    cpuMicrosPerRequest: (cpuMs * 1000) / requests,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    warmupRequests: warmup?.requests.total ?? 0,
  };
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

export function summarize(samples: Sample[]): Measured {
  return {
    reqPerSec: spread(samples.map((entry) => entry.reqPerSec)),
    cpuMicros: spread(samples.map((entry) => entry.cpuMicrosPerRequest)),
    p99: spread(samples.map((entry) => entry.p99)).median,
    errors: samples.reduce((sum, entry) => sum + entry.errors, 0),
  };
}

/** Rounds paired one to one: each ratio compares two measurements taken seconds apart. */
export function compare(ours: Sample[], plain: Sample[]): Comparison {
  const pairs = ours.map((entry, index) => [entry, plain[index]!] as const);
  return {
    ours: summarize(ours),
    plain: summarize(plain),
    throughputRatio: spread(pairs.map(([a, b]) => a.reqPerSec / b.reqPerSec)),
    cpuRatio: spread(pairs.map(([a, b]) => b.cpuMicrosPerRequest / a.cpuMicrosPerRequest)),
  };
}

/**
 * Aitlas and the plain server alternated round by round (A B A B ...), so a change in the
 * machine's load during the run lands on both. `between` runs after each of our rounds (it lets
 * the server finish what it had accepted before the plain server is measured).
 */
export async function alternate({
  ours,
  plain,
  settings,
  between,
}: {
  /** `onSample` sees each of our rounds as it ends. */
  ours: { url: string; pid: number; headers?: Record<string, string>; onSample?: (sample: Sample) => void };
  plain: { url: string; pid: number };
  settings: LoadSettings;
  between?: () => Promise<void>;
}): Promise<Comparison> {
  const oursSamples: Sample[] = [];
  const plainSamples: Sample[] = [];
  for (let round = 0; round < settings.rounds; round++) {
    const measured = await sample(ours.url, ours.pid, {
      ...settings,
      headers: { ...settings.headers, ...ours.headers },
    });
    ours.onSample?.(measured);
    oursSamples.push(measured);
    await between?.();
    plainSamples.push(await sample(plain.url, plain.pid, settings));
  }
  return compare(oursSamples, plainSamples);
}
