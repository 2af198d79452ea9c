import type { AnalyticsHit } from "./analytics";
import type { RecordedSearch, SearchReply, SearchReplyResult } from "./brave-search";
import type { ModelReply, ModelUsage, RecordedModelCall } from "./llm";
import type { OidcIdentity } from "./oidc-provider";

// Helpers for Playwright tests to drive the fakes that tests/fakes/serve.ts runs beside the app:
// they live in another process, so the tests reach them over its small HTTP control API.

export type {
  AnalyticsHit,
  ModelReply,
  ModelUsage,
  OidcIdentity,
  RecordedModelCall,
  RecordedSearch,
  SearchReply,
  SearchReplyResult,
};

/** One message as GET /mail lists it. */
export interface MailSummary {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The http(s) links in the text body, in order. */
  links: string[];
  /** The message's header fields by lower-case name, decoded. */
  headers: Record<string, string>;
  receivedAt: string;
}

function controlUrl(path: string): string {
  const base = process.env.FAKE_CONTROL_URL || "http://127.0.0.1:3228";
  return new URL(path, base).href;
}

async function call(path: string, init?: RequestInit): Promise<Response> {
  const response = await fetch(controlUrl(path), init);
  if (!response.ok)
    throw new Error(`${init?.method ?? "GET"} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** Every message sent to `to` so far, oldest first. */
export async function fetchMail(to: string): Promise<MailSummary[]> {
  const response = await call(`/mail?${new URLSearchParams({ to })}`);
  return (await response.json()) as MailSummary[];
}

/**
 * Polls until at least `count` messages (default 1) have gone to `to`, and returns the newest.
 * Give each test its own address: mail to a shared one would make `count` meaningless.
 */
export async function waitForMail(
  to: string,
  { timeoutMs = 10_000, count = 1 }: { timeoutMs?: number; count?: number } = {},
): Promise<MailSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const messages = await fetchMail(to);
    if (messages.length >= count) return messages.at(-1)!;
    if (Date.now() >= deadline) {
      throw new Error(`expected ${count} message(s) to ${to} within ${timeoutMs} ms, found ${messages.length}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The identity the fake Google signs in next (and after, until changed); null makes it refuse. */
export async function setNextGoogleIdentity(identity: OidcIdentity | null): Promise<void> {
  await call("/oidc/next-identity", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(identity),
  });
}

/** The next Google sign-in only comes back with error=access_denied, as if the user cancelled. */
export async function denyNextGoogleSignIn(): Promise<void> {
  await call("/oidc/deny-next", { method: "POST" });
}

/** Every load of the fake analytics script so far, oldest first. */
export async function analyticsHits(): Promise<AnalyticsHit[]> {
  const response = await call("/analytics/hits");
  return (await response.json()) as AnalyticsHit[];
}

/** The replies the next web searches get, in order; once they run out, results made from the query. */
export async function queueSearchReplies(replies: SearchReply[]): Promise<void> {
  await call("/brave/queue", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(replies),
  });
}

/** Every request the fake Brave Search received, oldest first. */
export async function searchRequests(): Promise<RecordedSearch[]> {
  const response = await call("/brave/requests");
  return (await response.json()) as RecordedSearch[];
}

/**
 * The replies the next model calls get, in order; once they run out, a valid research result for
 * "Fake Research Tool". The AI SDK retries 408, 409, 429 and 5xx answers, and each retry takes
 * the next reply.
 */
export async function queueModelReplies(replies: ModelReply[]): Promise<void> {
  await call("/llm/queue", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(replies),
  });
}

/** Every call the fake model received, oldest first (credentials redacted). */
export async function modelRequests(): Promise<RecordedModelCall[]> {
  const response = await call("/llm/requests");
  return (await response.json()) as RecordedModelCall[];
}

/** Forgets queued replies and recorded requests of both research fakes. */
export async function resetResearchFakes(): Promise<void> {
  await call("/research/reset", { method: "POST" });
}
