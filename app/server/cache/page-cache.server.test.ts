import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createPageCache, etagOf, type PageCacheOptions } from "./page-cache.server";

const page = (body: string, tags: string[] = ["site"]) => ({
  status: 200,
  headers: [["content-type", "text/html"]] as [string, string][],
  body: Buffer.from(body),
  etag: etagOf(body),
  tags,
});

const options = (overrides: Partial<PageCacheOptions> = {}): PageCacheOptions => ({
  ttlMs: 60_000,
  staleMs: 3_600_000,
  maxBytes: 1_000_000,
  ...overrides,
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-06-15T12:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createPageCache", () => {
  test("returns what was stored, fresh, with the time it was stored", () => {
    const cache = createPageCache(options());
    cache.set("/", page("home"));

    expect(cache.lookup("/", true)).toMatchObject({
      state: "fresh",
      page: { status: 200, body: Buffer.from("home"), storedAt: Date.now() },
    });
    expect(cache.lookup("/other", true)).toBeUndefined();
  });

  test("after its time to live a page is stale: one GET renders it, the others are served it, until it is stored again", () => {
    const cache = createPageCache(options());
    cache.set("/", page("home"));

    vi.advanceTimersByTime(60_000);
    expect(cache.lookup("/", true)?.state).toBe("fresh");
    vi.advanceTimersByTime(1);
    expect(cache.lookup("/", false)?.state).toBe("stale");
    expect(cache.lookup("/", true)?.state).toBe("revalidate");
    expect(cache.lookup("/", true)?.state).toBe("stale");
    expect(cache.lookup("/", true)?.page.body.toString()).toBe("home");

    cache.set("/", page("home again"));
    expect(cache.lookup("/", true)).toMatchObject({ state: "fresh", page: { body: Buffer.from("home again") } });
  });

  test("a revalidation that failed, or takes longer than its time limit, lets the next request try", () => {
    const cache = createPageCache(options({ revalidateTimeoutMs: 10_000 }));
    cache.set("/", page("home"));
    cache.purge(["site"]);

    expect(cache.lookup("/", true)?.state).toBe("revalidate");
    cache.release("/");
    expect(cache.lookup("/", true)?.state).toBe("revalidate");
    vi.advanceTimersByTime(9_999);
    expect(cache.lookup("/", true)?.state).toBe("stale");
    vi.advanceTimersByTime(1);
    expect(cache.lookup("/", true)?.state).toBe("revalidate");
  });

  test("a stale page is forgotten once it has been stale longer than staleMs", () => {
    const cache = createPageCache(options());
    cache.set("/", page("home"));
    vi.advanceTimersByTime(1_000);
    cache.purge(["site"]);
    vi.advanceTimersByTime(3_600_000);
    expect(cache.lookup("/", false)?.state).toBe("stale");
    vi.advanceTimersByTime(1);
    expect(cache.lookup("/", false)).toBeUndefined();
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  test("a purge marks stale only the pages carrying one of its tags; site marks them all", () => {
    const cache = createPageCache(options());
    cache.set("/tool/a", page("a", ["site", "tool:a"]));
    cache.set("/", page("home", ["site", "list:tools", "tool:a", "tool:b"]));
    cache.set("/article/x", page("x", ["site", "article:x"]));

    cache.purge(["tool:a"]);
    expect(cache.lookup("/tool/a", false)?.state).toBe("stale");
    expect(cache.lookup("/", false)?.state).toBe("stale");
    expect(cache.lookup("/article/x", false)?.state).toBe("fresh");

    cache.purge(["site"]);
    expect(cache.lookup("/article/x", false)?.state).toBe("stale");
  });

  test("a page whose tag was purged while it was rendered is stored stale; one not named, or begun after, fresh", () => {
    const cache = createPageCache(options());
    const before = cache.beginRender();
    cache.purge(["tool:a"]);
    const after = cache.beginRender();
    cache.set("/tool/a", page("a as it was", ["site", "tool:a"]), before);
    cache.set("/tool/b", page("b", ["site", "tool:b"]), before);
    cache.set("/", page("home", ["site", "tool:a"]), after);

    expect(cache.lookup("/tool/a", false)).toMatchObject({
      state: "stale",
      page: { body: Buffer.from("a as it was") },
    });
    expect(cache.lookup("/tool/a", true)?.state).toBe("revalidate");
    expect(cache.lookup("/tool/b", true)?.state).toBe("fresh");
    expect(cache.lookup("/", true)?.state).toBe("fresh");

    // A purge of everything names every page.
    const during = cache.beginRender();
    cache.purge(["site"]);
    cache.set("/article/x", page("x", ["site", "article:x"]), during);
    expect(cache.lookup("/article/x", false)?.state).toBe("stale");
  });

  test("a render older than the purges the cache still remembers is stored stale", () => {
    const cache = createPageCache(options({ revalidateTimeoutMs: 10_000 }));
    const slow = cache.beginRender();
    cache.purge(["tool:a"]);
    vi.advanceTimersByTime(10_001);
    // Forgets tool:a's purge, older than any render still allowed to store.
    cache.purge(["tool:b"]);
    const recent = cache.beginRender();

    cache.set("/tool/a", page("a", ["site", "tool:a"]), slow);
    cache.set("/tool/c", page("c", ["site", "tool:c"]), recent);
    expect(cache.lookup("/tool/a", false)?.state).toBe("stale");
    expect(cache.lookup("/tool/c", false)?.state).toBe("fresh");
  });

  test("stores nothing when the time to live is zero", () => {
    const cache = createPageCache(options({ ttlMs: 0 }));
    expect(cache.set("/", page("home"))).toBeUndefined();

    expect(cache.lookup("/", true)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("counts bodies, headers and gzipped copies, and evicts the least recently used past its byte budget", () => {
    const body = (letter: string) => letter.repeat(10_000);
    const cache = createPageCache(options({ maxBytes: 100_000 }));
    cache.set("/a", page(body("a")));
    cache.set("/b", page(body("b")));
    expect(cache.bytes).toBeGreaterThan(20_000);
    expect(cache.bytes).toBeLessThan(21_000);
    cache.lookup("/a", true);
    for (const letter of "cdefghij") cache.set(`/${letter}`, page(body(letter)));

    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.lookup("/b", true)).toBeUndefined();
    expect(cache.lookup("/a", true)?.page.body.toString()).toBe(body("a"));

    // A gzipped copy counts too: past the budget again, the least recently used (/c now) goes.
    const before = cache.bytes;
    cache.keepGzipped(cache.lookup("/j", true)!.page, Buffer.alloc(10_000));
    expect(cache.bytes).toBeLessThan(before + 10_000);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.lookup("/c", true)).toBeUndefined();
    expect(cache.lookup("/j", true)?.page.gzipped).toHaveLength(10_000);
  });

  test("refuses a page larger than an eighth of its budget", () => {
    const cache = createPageCache(options({ maxBytes: 80_000 }));
    expect(cache.set("/big", page("x".repeat(10_001)))).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("replaces a page stored again under the same key, and forgets a deleted one", () => {
    const cache = createPageCache(options());
    cache.set("/a", page("old"));
    cache.set("/a", page("new"));
    expect(cache.size).toBe(1);
    expect(cache.lookup("/a", true)?.page.body.toString()).toBe("new");

    cache.delete("/a");
    expect(cache.lookup("/a", true)).toBeUndefined();
    expect(cache.bytes).toBe(0);
  });
});

describe("etagOf", () => {
  const nonce = "k3Jx9QvZ0m1b2c3d4e5f6g==";
  const render = (text: string, with_: string) => Buffer.from(text.replaceAll("{nonce}", with_));
  const text = `<p>Café · ${"x".repeat(100)}</p><script nonce="{nonce}">a()</script><script nonce="{nonce}"></script>`;

  test("a page's validator leaves its nonce out: the same as the text without it, whatever the nonce", () => {
    expect(etagOf(render(text, nonce), nonce)).toBe(etagOf(render(text, "")));
    expect(etagOf(render(text, "Zz9+/Yy8Xx7Ww6Vv5Uu4Tt=="), "Zz9+/Yy8Xx7Ww6Vv5Uu4Tt==")).toBe(
      etagOf(render(text, nonce), nonce),
    );
    expect(etagOf(render(`${text}<p>more</p>`, nonce), nonce)).not.toBe(etagOf(render(text, nonce), nonce));
    expect(etagOf(render(text, nonce))).not.toBe(etagOf(render(text, nonce), nonce));
  });
});
