// The mixed scenario of npm run bench (issue 20, goal 2): anonymous visitors read pages while
// signed-in members vote and comment on the tools those pages show. What it measures is whether
// the page cache survives the writes: the readers' requests per second against the plain server
// answering the same bytes, and the writers' own successes and failures.
import http from "node:http";
import autocannon from "autocannon";
import { cpuTimeMs, spread, type Spread } from "./load-measure";

export type Writer = { email: string; cookie: string };

export type MixedOutcome = {
  reads: { reqPerSec: number; cpuMicrosPerRequest: number; errors: number };
  plainReads: { reqPerSec: number; cpuMicrosPerRequest: number; errors: number };
  writes: { votes: number; comments: number; failed: number; latencyMs: Spread };
};

const PASSWORD = "bench-writer-password";

/** A form post with the page's origin, as a browser without JavaScript sends it; resolves status and cookies. */
function post(url: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  const origin = new URL(url).origin;
  const encoded = new URLSearchParams(body).toString();
  return new Promise<{ status: number; cookies: string[] }>((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: "POST",
        agent: false,
        headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cookies: res.headers["set-cookie"] ?? [] }));
      },
    );
    request.on("error", reject);
    request.end(encoded);
  });
}

/**
 * Members made the way people make them: the sign-up form (each from its own address, through the
 * server's one trusted proxy hop, so the per-address sign-up limit is not what is measured),
 * then the emailed confirmation link, read from the local outbox's log line, and the password.
 */
export async function signUpWriters({
  baseUrl,
  count,
  logLines,
}: {
  baseUrl: string;
  count: number;
  logLines: () => { msg?: string }[];
}): Promise<Writer[]> {
  const writers: Writer[] = [];
  for (let index = 0; index < count; index++) {
    const email = `bench-writer-${index}@example.com`;
    const clientAddress = `198.51.100.${index + 1}`;
    const signUp = await post(
      `${baseUrl}/sign-in`,
      { mode: "sign-up", email, password: PASSWORD },
      { "x-forwarded-for": clientAddress },
    );
    if (signUp.status >= 400) throw new Error(`Signing up ${email} on /sign-in answered ${signUp.status}.`);
    const link = await waitForLink(logLines, email);
    const token = new URL(link).searchParams.get("token") ?? "";
    const confirmed = await post(
      `${baseUrl}/auth/confirm`,
      { token, password: PASSWORD },
      {
        "x-forwarded-for": clientAddress,
      },
    );
    const session = confirmed.cookies.find((cookie) => cookie.startsWith("aitlas.session_token="));
    if (!session) throw new Error(`Confirming ${email} answered ${confirmed.status} without a session.`);
    writers.push({ email, cookie: session.split(";")[0]! });
  }
  return writers;
}

async function waitForLink(logLines: () => { msg?: string }[], email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const line of logLines()) {
      const link = line.msg?.includes(email)
        ? /https?:\/\/\S+\/auth\/confirm\?token=\S+/.exec(line.msg)?.[0]
        : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const recent = logLines()
    .slice(-5)
    .map((line) => line.msg)
    .join("\n");
  throw new Error(`No confirmation link for ${email} in the server's log. Its last lines:\n${recent}`);
}

/**
 * Each writer, until `stop`: a vote (1-5 stars) on one of `toolSlugs` every `voteEveryMs`, and a
 * comment once a minute, which is what the comment rate limit allows (10 in 10 minutes).
 */
async function write({
  baseUrl,
  writer,
  toolSlugs,
  voteEveryMs,
  stopAt,
  tally,
}: {
  baseUrl: string;
  writer: Writer;
  toolSlugs: string[];
  voteEveryMs: number;
  stopAt: number;
  tally: { votes: number; comments: number; failed: number; latencies: number[] };
}) {
  let nextComment = Date.now();
  let turn = 0;
  while (Date.now() < stopAt) {
    const slug = toolSlugs[(turn * 7 + writer.email.length) % toolSlugs.length]!;
    const commenting = Date.now() >= nextComment;
    const began = performance.now();
    const { status } = await post(
      `${baseUrl}/tool/${encodeURIComponent(slug)}`,
      commenting
        ? { intent: "comment", content: `Benchmark comment ${turn} from ${writer.email}.` }
        : { intent: "vote", rating: String((turn % 5) + 1) },
      { cookie: writer.cookie },
    );
    tally.latencies.push(performance.now() - began);
    // A form post without JavaScript is answered with a redirect back to the page, or the page itself.
    if (status >= 400) tally.failed += 1;
    else if (commenting) tally.comments += 1;
    else tally.votes += 1;
    if (commenting) nextComment = Date.now() + 61_000;
    turn += 1;
    await new Promise((resolve) => setTimeout(resolve, voteEveryMs));
  }
}

async function read(url: string, paths: string[], pid: number, connections: number, duration: number) {
  const before = cpuTimeMs(pid);
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { "accept-encoding": "gzip" },
    requests: paths.map((path) => ({ method: "GET" as const, path })),
  });
  const requests = Math.max(1, result.requests.total);
  return {
    reqPerSec: result.requests.average,
    cpuMicrosPerRequest: ((cpuTimeMs(pid) - before) * 1000) / requests,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * Readers on `readPaths` against Aitlas while the writers write, then the same readers against
 * the plain server (no writers: it has nothing to invalidate).
 */
export async function measureMixedLoad({
  ours,
  plain,
  readPaths,
  writers,
  toolSlugs,
  connections,
  duration,
  voteEveryMs = 1_500,
}: {
  ours: { url: string; pid: number };
  plain: { url: string; pid: number };
  readPaths: string[];
  writers: Writer[];
  toolSlugs: string[];
  connections: number;
  duration: number;
  voteEveryMs?: number;
}): Promise<MixedOutcome> {
  const tally = { votes: 0, comments: 0, failed: 0, latencies: [] as number[] };
  const stopAt = Date.now() + duration * 1000;
  const writing = Promise.all(
    writers.map((writer) => write({ baseUrl: ours.url, writer, toolSlugs, voteEveryMs, stopAt, tally })),
  );
  const reads = await read(ours.url, readPaths, ours.pid, connections, duration);
  await writing;
  const plainReads = await read(plain.url, readPaths, plain.pid, connections, duration);
  return {
    reads,
    plainReads,
    writes: {
      votes: tally.votes,
      comments: tally.comments,
      failed: tally.failed,
      latencyMs: spread(tally.latencies.length ? tally.latencies : [0]),
    },
  };
}
