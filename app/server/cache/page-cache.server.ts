import { createHash } from "node:crypto";
import type { SeenSearch } from "../search/search-log.server";
import { SITE_TAG } from "./page-tags.server";

/** A rendered anonymous response, kept whole so a hit costs no rendering and no query. */
export type CachedPage = {
  /** The search a document page showed, counted again at each hit (decision 162); null for anything else. */
  search?: SeenSearch | null;
  /** The tool whose page this is, counted as viewed at each hit by a person (decision 178); null for anything else. */
  toolView?: string | null;
  /** The key it is stored under. */
  key: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** The validator a hit answers If-None-Match with (also among the headers). */
  etag: string;
  /** What the page shows (its Surrogate-Key tags): a purge of any of them makes it stale. */
  tags: readonly string[];
  /** The body gzipped, made on the first hit that accepts it (see PageCache.keepGzipped). */
  gzipped?: Buffer;
  /** The full header list of a hit, per encoding and freshness, made on its first such hit (http/cached-hits.server.ts). */
  preparedHeaders?: Partial<Record<PreparedHeadersKind, string[]>>;
  storedAt: number;
  /** When a purge made it stale; until then it is stale from storedAt + the time to live. */
  purgedAt?: number;
  /** When a request was let through to render it again (stale-while-revalidate); unset otherwise. */
  revalidatingSince?: number;
  /** What the entry counts against the byte budget: body, gzipped copy, headers. */
  bytes: number;
};

export type PreparedHeadersKind = "identity" | "gzip" | "identityStale" | "gzipStale";

export type PageToStore = Pick<CachedPage, "status" | "headers" | "body" | "etag" | "tags" | "search" | "toolView">;

/**
 * What a lookup found: a fresh page, a stale one to serve while another request renders it, or a
 * stale one this request should render again (the cache has marked it so no other request does).
 */
export type CacheLookup =
  | { state: "fresh"; page: CachedPage }
  | { state: "stale"; page: CachedPage }
  | { state: "revalidate"; page: CachedPage };

/** Taken when a render begins (PageCache.beginRender), given back when it is stored. */
export type RenderMark = number;

export type PageCache = {
  /**
   * The page under key, if any. A stale page is handed to one caller at a time as "revalidate"
   * (when that caller may render it: a GET), to the others as "stale"; a revalidation that took
   * longer than revalidateTimeoutMs lets the next caller try.
   */
  lookup(key: string, mayRevalidate: boolean): CacheLookup | undefined;
  /** Marks the start of a render that may be stored: before it reads anything. */
  beginRender(): RenderMark;
  /**
   * Stores a page (replacing any stale one and its revalidation mark); returns it, or undefined
   * when not kept. Given the render's mark, a page one of whose tags was purged while it was being
   * rendered is stored already stale: it may show what the write changed as it was before.
   */
  set(key: string, page: PageToStore, renderedSince?: RenderMark): CachedPage | undefined;
  /** A revalidation that failed: the stale page stays, and the next request may try again. */
  release(key: string): void;
  /** Drops a page whose address no longer answers a storable 200 (deleted, now a redirect). */
  delete(key: string): void;
  /** Marks every page carrying any of these tags stale; SITE_TAG marks them all. */
  purge(tags: readonly string[]): void;
  /** Keeps a hit's gzipped copy with its page, counted against the byte budget. */
  keepGzipped(page: CachedPage, gzipped: Buffer): void;
  readonly size: number;
  readonly bytes: number;
};

export type PageCacheOptions = {
  /** How long a stored page is fresh; 0 stores nothing. */
  ttlMs: number;
  /** How long a page stays servable once stale (expired or purged). */
  staleMs: number;
  /** The most the entries may count together (bodies, gzipped copies, headers). */
  maxBytes: number;
  /** How long one request may take to render a stale page before another may try. */
  revalidateTimeoutMs?: number;
};

/**
 * A validator for a body: weak, since pages differ only by their CSP nonce between renders. `leaving` is that
 * nonce (ASCII), left out: the bytes between its occurrences are hashed where they lie, the same digest as the
 * UTF-8 of the text without it, without decoding the page, copying it and encoding it again (a third of a
 * megabyte each for a search page).
 */
export function etagOf(body: Buffer | string, leaving?: string): string {
  const hash = createHash("sha1");
  const bytes = typeof body === "string" ? Buffer.from(body) : body;
  let from = 0;
  if (leaving) {
    for (let at = bytes.indexOf(leaving, from, "latin1"); at >= 0; at = bytes.indexOf(leaving, from, "latin1")) {
      hash.update(bytes.subarray(from, at));
      from = at + leaving.length;
    }
  }
  hash.update(bytes.subarray(from));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/**
 * In-process LRU of anonymous pages, counted in bytes (decision 098). A page is fresh for ttlMs
 * or until a purge of one of its tags, then served stale for staleMs while one request at a time
 * renders it again (decision 097). A Map's insertion order gives the least recently used entry.
 */
export function createPageCache({
  ttlMs,
  staleMs,
  maxBytes,
  revalidateTimeoutMs = 10_000,
}: PageCacheOptions): PageCache {
  const pages = new Map<string, CachedPage>();
  /** tag -> keys of the pages carrying it, so a purge touches only what it names. */
  const byTag = new Map<string, Set<string>>();
  let bytes = 0;
  /** Purges so far: a render's mark is this count when it began. */
  let purgeCount = 0;
  /**
   * tag -> its latest purge, oldest first, kept revalidateTimeoutMs: what renders under way may
   * have read too early. A render older than the forgotten ones is taken as purged.
   */
  const recentPurges = new Map<string, { count: number; at: number }>();
  let forgottenCount = 0;

  function rememberPurge(tags: readonly string[], now: number) {
    purgeCount += 1;
    for (const tag of tags) {
      recentPurges.delete(tag);
      recentPurges.set(tag, { count: purgeCount, at: now });
    }
    for (const [tag, purge] of recentPurges) {
      if (purge.at >= now - revalidateTimeoutMs) break;
      recentPurges.delete(tag);
      forgottenCount = purge.count;
    }
  }

  function purgedSince(mark: RenderMark, tags: readonly string[]) {
    if (mark < forgottenCount) return true;
    return [SITE_TAG, ...tags].some((tag) => (recentPurges.get(tag)?.count ?? 0) > mark);
  }

  function remove(key: string) {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
    for (const tag of page.tags) {
      const keys = byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) byTag.delete(tag);
    }
  }

  function evictToBudget() {
    while (bytes > maxBytes) {
      const oldest = pages.keys().next().value;
      if (oldest === undefined) break;
      remove(oldest);
    }
  }

  const markStale = (page: CachedPage, now: number) => {
    if (page.purgedAt === undefined && now < page.storedAt + ttlMs) page.purgedAt = now;
  };

  return {
    lookup(key, mayRevalidate) {
      const page = pages.get(key);
      if (!page) return undefined;
      const now = Date.now();
      const staleAt = page.purgedAt ?? page.storedAt + ttlMs;
      if (now > staleAt + staleMs) {
        remove(key);
        return undefined;
      }
      // Most recently used last.
      pages.delete(key);
      pages.set(key, page);
      if (now <= staleAt && page.purgedAt === undefined) return { state: "fresh", page };
      const revalidating = page.revalidatingSince !== undefined && now - page.revalidatingSince < revalidateTimeoutMs;
      if (revalidating || !mayRevalidate) return { state: "stale", page };
      page.revalidatingSince = now;
      return { state: "revalidate", page };
    },
    beginRender: () => purgeCount,
    set(key, stored, renderedSince) {
      remove(key);
      if (ttlMs <= 0) return undefined;
      let headerBytes = 0;
      for (const [name, value] of stored.headers) headerBytes += name.length + value.length;
      // The prepared header lists of hits (two encodings) hold the headers again.
      const size = stored.body.length + 3 * headerBytes + key.length;
      // One page may take an eighth of the budget at most, so a few huge pages cannot empty the cache.
      if (size > maxBytes / 8) return undefined;
      const now = Date.now();
      const page: CachedPage = { ...stored, key, storedAt: now, bytes: size };
      // Purged while rendering: the next request renders it again, the others meanwhile get this one.
      if (renderedSince !== undefined && purgedSince(renderedSince, page.tags)) page.purgedAt = now;
      pages.set(key, page);
      bytes += size;
      for (const tag of page.tags) {
        let keys = byTag.get(tag);
        if (!keys) byTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      evictToBudget();
      return page;
    },
    release(key) {
      const page = pages.get(key);
      if (page) page.revalidatingSince = undefined;
    },
    delete: remove,
    purge(tags) {
      const now = Date.now();
      rememberPurge(tags, now);
      if (tags.includes(SITE_TAG)) {
        for (const page of pages.values()) markStale(page, now);
        return;
      }
      for (const tag of tags) {
        for (const key of byTag.get(tag) ?? []) markStale(pages.get(key)!, now);
      }
    },
    keepGzipped(page, gzipped) {
      if (page.gzipped) return;
      page.gzipped = gzipped;
      // Only a page still in the cache counts; one evicted meanwhile is garbage once its hit is written.
      if (pages.get(page.key) !== page) return;
      page.bytes += gzipped.length;
      bytes += gzipped.length;
      evictToBudget();
    },
    get size() {
      return pages.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
