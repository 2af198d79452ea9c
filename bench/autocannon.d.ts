// autocannon ships no types; this declares only what bench/run.ts uses.
declare module "autocannon" {
  type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** Requests each connection sends in turn, instead of GET url. */
    requests?: { method?: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string }[];
    /** Requests sent before sampling begins, with their own connections and duration. */
    warmup?: { connections?: number; duration?: number };
  };

  type Histogram = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p99: number;
  };

  type Result = {
    url: string;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Milliseconds. */
    latency: Histogram;
    /** Requests per second, sampled each second. */
    requests: Histogram & { sent: number };
    /** Bytes per second. */
    throughput: Histogram;
  };

  function autocannon(
    options: Options,
  ): Promise<Result> & { on(event: string, listener: (...args: unknown[]) => void): void };
  export default autocannon;
  export type { Options, Result };
}
