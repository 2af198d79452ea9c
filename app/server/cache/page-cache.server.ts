/** A rendered anonymous response, kept whole so a hit costs no rendering and no query. */
export type CachedPage = {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The body gzipped, made on the first hit that accepts it. */
  gzipped?: Buffer;
  storedAt: number;
};

export type PageCache = {
  get(key: string): CachedPage | undefined;
  set(key: string, page: Omit<CachedPage, "storedAt">): void;
  /** Drops every page; called after any write that public pages show. */
  invalidate(): void;
  readonly size: number;
};

/**
 * In-process LRU of anonymous pages. Entries expire after ttlMs; a Map's insertion order
 * gives the least recently used entry for eviction.
 */
export function createPageCache({ ttlMs, maxEntries }: { ttlMs: number; maxEntries: number }): PageCache {
  const pages = new Map<string, CachedPage>();
  return {
    get(key) {
      const page = pages.get(key);
      if (!page) return undefined;
      pages.delete(key);
      if (Date.now() - page.storedAt > ttlMs) return undefined;
      pages.set(key, page);
      return page;
    },
    set(key, page) {
      if (ttlMs <= 0) return;
      pages.delete(key);
      pages.set(key, { ...page, storedAt: Date.now() });
      while (pages.size > maxEntries) {
        const oldest = pages.keys().next().value;
        if (oldest === undefined) break;
        pages.delete(oldest);
      }
    },
    invalidate() {
      pages.clear();
    },
    get size() {
      return pages.size;
    },
  };
}
