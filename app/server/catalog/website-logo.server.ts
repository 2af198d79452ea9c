import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { LOGO_MAX_BYTES } from "~/lib/logo-upload";
import { isUuid } from "~/lib/slugify";
import { WEBSITE_LOGO_MESSAGES } from "~/lib/website-logo";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema.server";
import { recordToolChanges, type ChangeAuthor } from "../freshness/change-log.server";
import { logger } from "../logger.server";
import {
  guardedRequest,
  OutboundAddressRefused,
  outboundClient,
  outboundUserAgent,
  type OutboundClient,
} from "../outbound/guarded-fetch.server";
import { decodedBody } from "../outbound/content-encoding.server";
import type { FileStorage } from "../storage/local-storage.server";
import { prepareLogo, type PreparedLogo } from "../storage/logo-image.server";
import { websiteIconAsUploadable } from "../storage/website-icon-image.server";
import { findIconCandidates, type IconCandidate } from "./website-icons.server";

/**
 * A tool's logo taken from its website (decision 103): the page's head names its icons, the best
 * one that makes a good logo is fetched, checked and re-encoded by the logo upload's own
 * pipeline (prepareLogo), stored like an upload, and set as the tool's image. Every request goes
 * through the outbound guard, so a stored website can never make this server reach its own network.
 */

/** The most of a page read for its icons: the head comes first, and a head this long is rare. */
export const PAGE_MAX_BYTES = 512 * 1024;
/** Each request (the page, each icon): a site that does not answer in this long is not waited for. */
export const REQUEST_TIMEOUT_MS = 10_000;
/** No further candidate is tried after this long: the admin is waiting for an answer. */
export const TOTAL_TIME_MS = 20_000;
/** Candidates tried before giving up: each is a request, and the best ones come first. */
export const MAX_CANDIDATES = 6;
/** A smaller icon would be a blur at the 56 to 128 CSS pixels a logo is shown at: the monogram is better. */
export const MIN_LOGO_SIDE = 32;

/** Why there is no logo, in the admin's words (WEBSITE_LOGO_MESSAGES), with the detail for the log. */
export class WebsiteLogoUnavailable extends Error {
  override readonly name = "WebsiteLogoUnavailable";
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

export type FetchOptions = { client: OutboundClient; timeoutMs: number; signal?: AbortSignal };

/** A fetched file's bytes, or why it was not taken (for the log). */
export type Fetched = { ok: true; bytes: Buffer; url: string; contentType: string } | { ok: false; reason: string };

/**
 * GET `url` through the guard and read at most `maxBytes` of its (decoded) body. `truncate`: a
 * longer body is cut there (a page's head is at its start); otherwise it is refused. The guard's
 * refusal is thrown; every other failure of the site is answered as a reason.
 */
export async function fetchLimited(
  url: string,
  {
    maxBytes,
    truncate,
    accept,
    client,
    timeoutMs,
    signal,
  }: FetchOptions & { maxBytes: number; truncate: boolean; accept: string },
): Promise<Fetched> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, deadline]) : deadline;
  let answer: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    answer = await guardedRequest(url, {
      client,
      signal: combined,
      headers: { accept, "accept-encoding": "gzip, deflate, br", "user-agent": outboundUserAgent() },
    });
  } catch (error) {
    if (error instanceof OutboundAddressRefused) throw error;
    if (signal?.aborted) throw signal.reason;
    return { ok: false, reason: `${url}: ${describeError(error)}` };
  }
  const { status, headers, body } = answer;
  if (status < 200 || status >= 300) {
    drop(body);
    return { ok: false, reason: `${url} answered ${status}` };
  }
  const declared = Number(firstHeader(headers["content-length"]));
  const encoding = firstHeader(headers["content-encoding"])?.toLowerCase().trim();
  if (!truncate && (!encoding || encoding === "identity") && declared > maxBytes) {
    drop(body);
    return { ok: false, reason: `${url} is ${declared} bytes, more than ${maxBytes}` };
  }
  try {
    const read = await readAtMost(body, encoding, maxBytes);
    if (read.over && !truncate) return { ok: false, reason: `${url} is more than ${maxBytes} bytes` };
    return { ok: true, bytes: read.bytes, url: answer.url, contentType: firstHeader(headers["content-type"]) ?? "" };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    return { ok: false, reason: `${url}: ${describeError(error)}` };
  }
}

/** At most `maxBytes` of the decoded body; `over` says there was more (and the rest was not read). */
async function readAtMost(
  body: Readable,
  encoding: string | undefined,
  maxBytes: number,
): Promise<{ bytes: Buffer; over: boolean }> {
  const { source, decoder } = decodedBody(body, encoding);
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > maxBytes) {
        over = true;
        break;
      }
    }
  } finally {
    // A body cut short stops downloading; one read to its end needs nothing.
    if (over) {
      drop(body);
      decoder?.destroy();
    }
  }
  return { bytes: Buffer.concat(chunks).subarray(0, maxBytes), over };
}

/** Stops reading a body; undici reports that as an abort error, which is expected here. */
function drop(body: Readable) {
  body.once("error", () => undefined);
  body.destroy();
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${code} ${error.message}` : error.message;
  }
  return String(error);
}

/** The candidate as a logo ready to store, or why not (for the log). */
async function logoFrom(candidate: IconCandidate, options: FetchOptions): Promise<PreparedLogo | string> {
  let fetched: Fetched;
  try {
    fetched = await fetchLimited(candidate.url, {
      ...options,
      maxBytes: LOGO_MAX_BYTES,
      truncate: false,
      accept: "image/*,*/*;q=0.5",
    });
  } catch (error) {
    // A page may name (or redirect an icon to) an address the guard refuses: that one is skipped.
    if (error instanceof OutboundAddressRefused) return `${candidate.url}: ${error.message}`;
    throw error;
  }
  if (!fetched.ok) return fetched.reason;
  const uploadable = await websiteIconAsUploadable(fetched.bytes);
  if (!uploadable) return `${candidate.url} is not an image that can be read`;
  let logo: PreparedLogo;
  try {
    logo = await prepareLogo(uploadable);
  } catch (error) {
    // The upload's own refusals (not an image, too many pixels): this candidate is no logo.
    if (error instanceof AppError) return `${candidate.url}: ${error.message}`;
    throw error;
  }
  if (Math.min(logo.width, logo.height) < MIN_LOGO_SIDE) {
    return `${candidate.url} is ${logo.width}x${logo.height}, smaller than ${MIN_LOGO_SIDE} px`;
  }
  return logo;
}

export type WebsiteLogo = PreparedLogo & { sourceUrl: string; source: IconCandidate["source"] };

/**
 * The best logo `website` offers, ready to store, or WebsiteLogoUnavailable saying why not: an
 * address the guard refuses, a site that cannot be reached, or no candidate that makes a logo.
 */
export async function fetchWebsiteLogo(
  website: string,
  {
    client = outboundClient(),
    timeoutMs = REQUEST_TIMEOUT_MS,
    totalTimeMs = TOTAL_TIME_MS,
    signal,
  }: { client?: OutboundClient; timeoutMs?: number; totalTimeMs?: number; signal?: AbortSignal } = {},
): Promise<WebsiteLogo> {
  const options: FetchOptions = { client, timeoutMs, signal };
  const startedAt = Date.now();
  let start: URL;
  try {
    start = new URL(website);
  } catch {
    throw new WebsiteLogoUnavailable(WEBSITE_LOGO_MESSAGES.unreachable, `"${website}" is not an address`);
  }
  const tried: string[] = [];
  try {
    const page = await fetchLimited(start.toString(), {
      ...options,
      maxBytes: PAGE_MAX_BYTES,
      truncate: true,
      accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
    });
    const html = page.ok && (page.contentType === "" || /html|xml/i.test(page.contentType)) ? page.bytes : null;
    // A page that fails may still leave its host serving a favicon; if not, the site is down.
    const candidates: IconCandidate[] = page.ok
      ? findIconCandidates(html?.toString("utf8") ?? "", page.url)
      : [{ url: new URL("/favicon.ico", start).toString(), source: "favicon.ico" }];
    if (!page.ok) tried.push(page.reason);
    for (const candidate of candidates.slice(0, MAX_CANDIDATES)) {
      if (Date.now() - startedAt > totalTimeMs) {
        tried.push(`stopped after ${totalTimeMs} ms`);
        break;
      }
      const logo = await logoFrom(candidate, options);
      if (typeof logo !== "string") return { ...logo, sourceUrl: candidate.url, source: candidate.source };
      tried.push(logo);
    }
    throw new WebsiteLogoUnavailable(
      page.ok ? WEBSITE_LOGO_MESSAGES.notFound : WEBSITE_LOGO_MESSAGES.unreachable,
      tried.join("; ") || "no candidates",
    );
  } catch (error) {
    if (error instanceof OutboundAddressRefused) {
      throw new WebsiteLogoUnavailable(WEBSITE_LOGO_MESSAGES.refused, error.message);
    }
    throw error;
  }
}

/** Sets a tool's image, logging the change like a save of the form does. False when the tool is gone. */
async function setToolImage({
  db,
  toolId,
  image,
  author,
}: {
  db: Database;
  toolId: string;
  image: string;
  author: ChangeAuthor;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select({ image: tools.image }).from(tools).where(eq(tools.id, toolId)).for("update");
    if (!previous) return false;
    await tx
      .update(tools)
      .set({ image, updatedAt: sql`now()` })
      .where(eq(tools.id, toolId));
    await recordToolChanges(tx, {
      toolId,
      changes: [{ field: "image", before: previous.image, after: image }],
      author,
    });
    return true;
  });
}

/**
 * Fetches the logo of a tool's saved website, stores it under tool-logos/ like an upload and makes
 * it the tool's image. Throws WebsiteLogoUnavailable (no website, nothing usable found), an
 * AppError "not-found" for a tool that is not there, or the storage's error.
 */
export async function fillToolLogoFromWebsite({
  db,
  storage,
  toolId,
  author,
  client,
  timeoutMs,
  signal,
}: {
  db: Database;
  storage: FileStorage;
  toolId: string;
  author: ChangeAuthor;
  client?: OutboundClient;
  timeoutMs?: number;
  signal?: AbortSignal;
}): Promise<{ url: string; sourceUrl: string }> {
  const notFound = () => new AppError("not-found", "Tool not found");
  if (!isUuid(toolId)) throw notFound();
  const id = toolId.toLowerCase();
  const [tool] = await db.select({ website: tools.website }).from(tools).where(eq(tools.id, id)).limit(1);
  if (!tool) throw notFound();
  if (!tool.website?.trim()) throw new WebsiteLogoUnavailable(WEBSITE_LOGO_MESSAGES.noWebsite, "no website");

  const logo = await fetchWebsiteLogo(tool.website, { client, timeoutMs, signal });
  const key = `tool-logos/${randomUUID()}.${logo.extension}`;
  const stored = await storage.put({ key, body: logo.body, contentType: logo.contentType });
  if (!(await setToolImage({ db, toolId: id, image: stored.url, author }))) throw notFound();
  logger.info(
    { toolId: id, key, source: logo.source, sourceUrl: logo.sourceUrl, width: logo.width, height: logo.height },
    "stored a logo fetched from a tool's website",
  );
  return { url: stored.url, sourceUrl: logo.sourceUrl };
}
