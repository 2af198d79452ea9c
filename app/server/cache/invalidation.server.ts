import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.server";
import { logger } from "../logger.server";
import type { PageCache } from "./page-cache.server";

const CHANNEL = "aitlas_public_pages";

/**
 * Keeps every process's anonymous page cache honest after a write: the writer clears its own
 * cache at once and sends a NOTIFY that every process (itself included) answers by clearing.
 */
export async function connectPageInvalidation({ handle, cache }: { handle: DatabaseHandle; cache: PageCache }) {
  const unsubscribe = await handle.listen(CHANNEL, () => cache.invalidate());
  return {
    async invalidatePublicPages() {
      cache.invalidate();
      try {
        await handle.db.execute(sql`select pg_notify(${CHANNEL}, '')`);
      } catch (error) {
        // The write itself succeeded; other processes' caches expire on their own TTL.
        logger.warn({ err: error }, "could not notify other processes to drop cached pages");
      }
    },
    stop: unsubscribe,
  };
}
