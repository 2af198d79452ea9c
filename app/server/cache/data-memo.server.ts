import { SITE_TAG } from "./page-tags.server";

/**
 * Answers that many pages read and few writes change (the footer's categories, home's tags and
 * latest articles), kept in memory under the page cache's tags and purged with its pages
 * (decision 112): a render after a vote reads only what the vote changed. A key names one fixed
 * question, so the memo holds a handful of entries whatever the traffic.
 */
export type DataMemo = {
  remember<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T>;
  purge(tags: readonly string[]): void;
};

type Entry = { answer: Promise<unknown>; tags: readonly string[]; storedAt: number };

/** With ttlMs 0 (the page cache off) every call loads. */
export function createDataMemo({ ttlMs, now = Date.now }: { ttlMs: number; now?: () => number }): DataMemo {
  const entries = new Map<string, Entry>();
  return {
    remember<T>(key: string, tags: readonly string[], load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const kept = entries.get(key);
      if (kept && now() < kept.storedAt + ttlMs) return kept.answer as Promise<T>;
      // Kept from the start, so callers meanwhile share one query. A purge deletes the entry
      // even while it loads: the answer then reaches only those already waiting, never a later caller.
      // Promise.resolve runs a query builder (a thenable that queries again on every `then`) once.
      const entry: Entry = { answer: Promise.resolve(load()), tags, storedAt: now() };
      entries.set(key, entry);
      entry.answer.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return entry.answer as Promise<T>;
    },
    purge(tags) {
      if (tags.includes(SITE_TAG)) return entries.clear();
      for (const [key, entry] of entries) if (entry.tags.some((tag) => tags.includes(tag))) entries.delete(key);
    },
  };
}

/** The memo's answer where the HTTP server provides one (context.dataMemo); elsewhere a fresh load. */
export function remembered<T>(
  context: { dataMemo?: DataMemo },
  key: string,
  tags: readonly string[],
  load: () => Promise<T>,
): Promise<T> {
  return context.dataMemo ? context.dataMemo.remember(key, tags, load) : load();
}
