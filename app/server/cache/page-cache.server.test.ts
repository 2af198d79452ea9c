import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createPageCache } from "./page-cache.server";

const page = (body: string) => ({
  status: 200,
  headers: [["content-type", "text/html"]] as [string, string][],
  body: Buffer.from(body),
});

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2025-06-15T12:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createPageCache", () => {
  test("returns what was stored, with the time it was stored", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set("/", page("home"));

    expect(cache.get("/")).toMatchObject({ status: 200, body: Buffer.from("home"), storedAt: Date.now() });
    expect(cache.get("/other")).toBeUndefined();
  });

  test("expires an entry after its time to live, and forgets it", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set("/", page("home"));

    vi.advanceTimersByTime(60_000);
    expect(cache.get("/")?.body.toString()).toBe("home");

    vi.advanceTimersByTime(1);
    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("stores nothing when the time to live is zero", () => {
    const cache = createPageCache({ ttlMs: 0, maxEntries: 10 });
    cache.set("/", page("home"));

    expect(cache.get("/")).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  test("evicts the least recently used entry when full", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set("/a", page("a"));
    cache.set("/b", page("b"));
    cache.get("/a");
    cache.set("/c", page("c"));

    expect(cache.size).toBe(2);
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")?.body.toString()).toBe("a");
    expect(cache.get("/c")?.body.toString()).toBe("c");
  });

  test("replaces an entry stored again under the same key and renews its time", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 2 });
    cache.set("/a", page("old"));
    vi.advanceTimersByTime(50_000);
    cache.set("/a", page("new"));
    vi.advanceTimersByTime(50_000);

    expect(cache.size).toBe(1);
    expect(cache.get("/a")?.body.toString()).toBe("new");
  });

  test("invalidate drops every page", () => {
    const cache = createPageCache({ ttlMs: 60_000, maxEntries: 10 });
    cache.set("/a", page("a"));
    cache.set("/b", page("b"));

    cache.invalidate();

    expect(cache.size).toBe(0);
    expect(cache.get("/a")).toBeUndefined();
  });
});
