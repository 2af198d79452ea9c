import { logger } from "../logger.server";

/**
 * Purges a CDN in front by tag (decision 098): the tags of the writes of a second are collected
 * and sent in one request (or a few: CDNs take at most 30 tags per call) to the operator's
 * CDN_PURGE_URL. The address is the operator's, not a user's, so a plain fetch with a timeout is
 * right. A failure is logged and never fails the write: the CDN's own s-maxage bounds staleness.
 */

export type CdnPurgeStyle = "cloudflare" | "fastly";

export type CdnPurger = {
  /** Adds tags to the next batch. */
  purge(tags: readonly string[]): void;
  /** Sends what is waiting now (at shutdown, and in tests). */
  flush(): Promise<void>;
  stop(): Promise<void>;
};

export type CdnPurgeOptions = {
  url: string;
  token: string | null;
  /**
   * cloudflare: POST {"tags": [...]} with Authorization: Bearer (Cloudflare's purge_cache).
   * fastly: POST with the tags in a Surrogate-Key header and the token in Fastly-Key (Fastly's purge by key).
   */
  style: CdnPurgeStyle;
  batchMs?: number;
  timeoutMs?: number;
};

/** Cloudflare accepts at most 30 tags in one purge call (Fastly 256): batches are split at 30. */
const TAGS_PER_CALL = 30;

export function createCdnPurger({ url, token, style, batchMs = 1000, timeoutMs = 5000 }: CdnPurgeOptions): CdnPurger {
  let waiting = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let sending: Promise<void> = Promise.resolve();

  async function send(tags: string[]) {
    const headers: Record<string, string> = {};
    let body: string | undefined;
    if (style === "fastly") {
      headers["surrogate-key"] = tags.join(" ");
      if (token) headers["fastly-key"] = token;
    } else {
      headers["content-type"] = "application/json";
      if (token) headers.authorization = `Bearer ${token}`;
      body = JSON.stringify({ tags });
    }
    try {
      const response = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
      // Read to the end so the connection is reused.
      const text = await response.text();
      if (!response.ok) logger.warn({ status: response.status, body: text.slice(0, 500), tags }, "CDN purge refused");
    } catch (error) {
      logger.warn({ err: error, tags }, "CDN purge failed");
    }
  }

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    const tags = [...waiting];
    waiting = new Set();
    sending = sending.then(async () => {
      for (let start = 0; start < tags.length; start += TAGS_PER_CALL) {
        await send(tags.slice(start, start + TAGS_PER_CALL));
      }
    });
    return sending;
  }

  return {
    purge(tags) {
      for (const tag of tags) waiting.add(tag);
      if (!timer && waiting.size > 0) timer = setTimeout(() => void flush(), batchMs).unref();
    },
    flush,
    stop: flush,
  };
}
