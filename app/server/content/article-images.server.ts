import type { Readable } from "node:stream";
import { IMAGE_MESSAGES } from "~/lib/article-form";
import { logger } from "../logger.server";
import {
  guardedRequest,
  OutboundAddressRefused,
  outboundClient,
  type OutboundClient,
} from "../outbound/guarded-fetch.server";
import type { FileStorage } from "../storage/local-storage.server";

/**
 * An article's pictures must be pictures (issue 34, decision 183): its cover image address and the
 * images in its content are each an uploaded file of this site or an address that answers with
 * an image content type, asked through the outbound guard (so no address on this server's own
 * network is ever fetched). Only the headers are read; the body is dropped.
 */

/** A site that does not answer in this long is not waited for: the administrator is saving. */
export const IMAGE_CHECK_TIMEOUT_MS = 8_000;
/** New content images checked in one save; more than this many new pictures at once is refused. */
export const MAX_CHECKED_IMAGES = 10;

export type ImageCheckOptions = { storage: FileStorage; client?: OutboundClient; timeoutMs?: number };

/** Null when `address` is an image, else the sentence the field shows. */
export async function imageAddressProblem(
  address: string,
  { storage, client = outboundClient(), timeoutMs = IMAGE_CHECK_TIMEOUT_MS }: ImageCheckOptions,
): Promise<string | null> {
  if (storage.keyOf(address) !== null) return null;
  if (!/^https?:\/\//i.test(address)) return IMAGE_MESSAGES.notPublic;
  let answer: Awaited<ReturnType<typeof guardedRequest>>;
  try {
    answer = await guardedRequest(address, {
      client,
      signal: AbortSignal.timeout(timeoutMs),
      headers: { accept: "image/*" },
    });
  } catch (error) {
    if (error instanceof OutboundAddressRefused) return IMAGE_MESSAGES.notPublic;
    logger.info({ err: error, address }, "an article's image address could not be reached");
    return IMAGE_MESSAGES.unreachable;
  }
  drop(answer.body);
  if (answer.status < 200 || answer.status >= 300) return IMAGE_MESSAGES.unreachable;
  const type = [answer.headers["content-type"]].flat()[0]?.split(";")[0]?.trim().toLowerCase() ?? "";
  return type.startsWith("image/") ? null : IMAGE_MESSAGES.notAnImage;
}

/** The `src` of every image in sanitized HTML, once each. */
export function imageSources(html: string): string[] {
  const sources = new Set<string>();
  for (const match of html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*"([^"]*)"/gi)) {
    sources.add(match[1]!.replace(/&amp;/g, "&"));
  }
  return [...sources];
}

/**
 * The fields whose pictures are not pictures, keyed like the form's inputs: `image` (checked when
 * it differs from `before.image`) and `content` (its images that `before.content` did not have).
 * What was stored already is not asked again, so a site that is down for a while never blocks
 * fixing a typo in an old article.
 */
export async function articleImageProblems(
  after: { image: string | null; content: string },
  before: { image: string | null; content: string } | null,
  options: ImageCheckOptions,
): Promise<Record<string, string>> {
  const stored = new Set(before ? imageSources(before.content) : []);
  const added = imageSources(after.content).filter((source) => !stored.has(source));
  const [cover, ...pictures] = await Promise.all([
    after.image && after.image !== before?.image ? imageAddressProblem(after.image, options) : null,
    ...added.slice(0, MAX_CHECKED_IMAGES).map((source) => imageAddressProblem(source, options)),
  ]);
  const problems: Record<string, string> = {};
  if (cover) problems.image = cover;
  if (added.length > MAX_CHECKED_IMAGES) problems.content = IMAGE_MESSAGES.tooManyNew(MAX_CHECKED_IMAGES);
  else {
    const index = pictures.findIndex((problem) => problem !== null);
    if (index >= 0) problems.content = IMAGE_MESSAGES.inContent(added[index]!, pictures[index]!);
  }
  return problems;
}

/** Stops reading a body; undici reports that as an abort error, which is expected here. */
function drop(body: Readable) {
  body.once("error", () => undefined);
  body.destroy();
}
