import { verifyFilePath, verifyMetaName, MAKER_MESSAGES } from "~/lib/makers";
import { fetchLimited } from "../catalog/website-logo.server";
import { OutboundAddressRefused, outboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";

/**
 * Reads a tool's website for a maker's token (decision 176), only through the outbound guard: the
 * file /.well-known/{site}-verify.txt first, then the home page's <meta name="{site}-verify">. The
 * site is the one the listing names, never an address the member types.
 */

/** The token file is a line; the home page's head comes first, and this much holds it. */
const FILE_MAX_BYTES = 4 * 1024;
const PAGE_MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 10_000;

export type TokenSearch = { found: true; method: "file" | "meta" } | { found: false; reason: string };

export async function findTokenOnWebsite({
  website,
  token,
  slug,
  client = outboundClient(),
}: {
  website: string;
  token: string;
  slug: string;
  client?: OutboundClient;
}): Promise<TokenSearch> {
  let home: URL;
  try {
    home = new URL(website);
  } catch {
    return { found: false, reason: MAKER_MESSAGES.unreachable("the listing's website is not a valid address") };
  }
  const file = new URL(verifyFilePath(slug), home.origin);
  const problems: string[] = [];
  try {
    const fileAnswer = await fetchLimited(file.toString(), {
      client,
      timeoutMs: TIMEOUT_MS,
      maxBytes: FILE_MAX_BYTES,
      truncate: true,
      accept: "text/plain,*/*;q=0.5",
    });
    if (fileAnswer.ok && fileAnswer.bytes.toString("utf8").split(/\s+/).includes(token)) {
      return { found: true, method: "file" };
    }
    if (!fileAnswer.ok) problems.push(fileAnswer.reason);

    const page = await fetchLimited(home.toString(), {
      client,
      timeoutMs: TIMEOUT_MS,
      maxBytes: PAGE_MAX_BYTES,
      truncate: true,
      accept: "text/html,*/*;q=0.5",
    });
    if (page.ok && metaContents(page.bytes.toString("utf8"), verifyMetaName(slug)).includes(token)) {
      return { found: true, method: "meta" };
    }
    if (!page.ok) problems.push(page.reason);
  } catch (error) {
    if (error instanceof OutboundAddressRefused) {
      return { found: false, reason: MAKER_MESSAGES.unreachable("its address is not a public one") };
    }
    throw error;
  }
  // Both answered without the token, or neither answered: say which.
  return {
    found: false,
    reason:
      problems.length === 2
        ? MAKER_MESSAGES.unreachable(problems[1]!)
        : MAKER_MESSAGES.notFound(verifyFilePath(slug), verifyMetaName(slug)),
  };
}

/** The content of every <meta name="{name}" content="..."> in a page, whatever the attributes' order or quotes. */
export function metaContents(html: string, name: string): string[] {
  const contents: string[] = [];
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attributes = new Map<string, string>();
    for (const match of tag.matchAll(/([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
      attributes.set(match[1]!.toLowerCase(), (match[2] ?? match[3] ?? match[4] ?? "").trim());
    }
    if (attributes.get("name")?.toLowerCase() === name && attributes.has("content")) {
      contents.push(attributes.get("content")!);
    }
  }
  return contents;
}
