import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.server";
import { logger } from "../logger.server";
import type { CdnPurger } from "./cdn-purge.server";
import type { DataMemo } from "./data-memo.server";
import type { PageCache } from "./page-cache.server";
import { SITE_TAG } from "./page-tags.server";

const CHANNEL = "aitlas_public_pages";

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; tags are ASCII, so characters are bytes. */
const MAX_PAYLOAD = 7900;

/** Purges pages by tag: here, in every other process, and at the CDN when one is configured. */
export type PurgePages = (tags: readonly string[]) => Promise<void>;

/**
 * Keeps every process's page cache honest after a write (decision 096): the writer marks the
 * pages carrying the written tags stale at once and sends them in NOTIFYs (space-separated, split
 * under PostgreSQL's payload limit) that every process, itself included, answers the same way.
 * An empty payload (from an older process) purges everything. The data memo's answers go with
 * the pages, by the same tags.
 */
export async function connectPagePurges({
  handle,
  cache,
  memo = null,
  cdn = null,
}: {
  handle: DatabaseHandle;
  cache: PageCache;
  memo?: DataMemo | null;
  cdn?: CdnPurger | null;
}) {
  const purgeHere = (tags: readonly string[]) => {
    cache.purge(tags);
    memo?.purge(tags);
  };
  const unsubscribe = await handle.listen(CHANNEL, (payload) => {
    const tags = payload ? payload.split(" ").filter(Boolean) : [];
    purgeHere(tags.length > 0 ? tags : [SITE_TAG]);
  });
  const purgePages: PurgePages = async (tags) => {
    if (tags.length === 0) return;
    purgeHere(tags);
    cdn?.purge(tags);
    try {
      for (const payload of notifyPayloads(tags))
        await handle.db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
    } catch (error) {
      // The write itself succeeded; other processes' pages turn stale on their own TTL.
      logger.warn({ err: error }, "could not notify other processes to purge cached pages");
    }
  };
  return { purgePages, stop: unsubscribe };
}

/** The tags as space-separated payloads, each under PostgreSQL's limit; a purge of everything is one short payload. */
export function notifyPayloads(tags: readonly string[]): string[] {
  if (tags.includes(SITE_TAG)) return [SITE_TAG];
  const payloads: string[] = [];
  let current = "";
  for (const tag of new Set(tags)) {
    if (current && current.length + 1 + tag.length > MAX_PAYLOAD) {
      payloads.push(current);
      current = "";
    }
    current = current ? `${current} ${tag}` : tag;
  }
  if (current) payloads.push(current);
  return payloads;
}
