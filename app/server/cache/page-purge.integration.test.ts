import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { startFakeCdn } from "../../../tests/fakes/cdn";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createCdnPurger } from "./cdn-purge.server";
import { createDataMemo } from "./data-memo.server";
import { createPageCache, etagOf } from "./page-cache.server";
import { connectPagePurges, notifyPayloads } from "./page-purge.server";
import { toolTag } from "./page-tags.server";

let database: TestDatabase;
/** The "other process": on PostgreSQL its own connections to the same database, on PGlite the same instance. */
let otherHandle: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  if (database.engine === "postgres") {
    const result = (await database.db.execute(sql`select current_database() as name`)) as { rows: { name: string }[] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${result.rows[0]!.name}`;
    otherHandle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
  } else otherHandle = database;
});

afterAll(async () => {
  if (otherHandle !== database) await otherHandle?.close();
  await database?.dispose();
});

const stored = (tags: string[]) => ({
  status: 200,
  headers: [["content-type", "text/html"]] as [string, string][],
  body: Buffer.from(tags.join()),
  etag: etagOf(tags.join()),
  tags: ["site", ...tags],
});

async function eventually(check: () => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("not within time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function twoProcesses() {
  const options = { ttlMs: 60_000, staleMs: 60_000, maxBytes: 10_000_000 };
  const caches = [createPageCache(options), createPageCache(options)] as const;
  for (const cache of caches) {
    cache.set("/tool/x", stored(["tool:x"]));
    cache.set("/", stored(["list:tools", "tool:x", "tool:y"]));
    cache.set("/tool/y", stored(["tool:y"]));
    cache.set("/article/a", stored(["article:a"]));
  }
  return caches;
}

describe("purging pages by tag across processes", () => {
  it("a purge in one process makes the pages carrying its tags stale in every process, and leaves the others fresh", async () => {
    const [mine, theirs] = twoProcesses();
    const writer = await connectPagePurges({ handle: database, cache: mine });
    const listener = await connectPagePurges({ handle: otherHandle, cache: theirs });
    try {
      await writer.purgePages([toolTag("x")]);
      // The writer's own pages at once, before any notification comes back.
      expect(mine.lookup("/tool/x", false)?.state).toBe("stale");
      await eventually(() => theirs.lookup("/tool/x", false)?.state === "stale");
      for (const cache of [mine, theirs]) {
        expect(cache.lookup("/", false)?.state).toBe("stale");
        expect(cache.lookup("/tool/y", false)?.state).toBe("fresh");
        expect(cache.lookup("/article/a", false)?.state).toBe("fresh");
      }

      await writer.purgePages(["site"]);
      await eventually(() => theirs.lookup("/article/a", false)?.state === "stale");
      expect(mine.lookup("/tool/y", false)?.state).toBe("stale");
    } finally {
      await writer.stop();
      await listener.stop();
    }
  });

  it("a purge in one process drops the shared answers carrying its tags in every process, and keeps the others", async () => {
    const [mine, theirs] = twoProcesses();
    const memos = [createDataMemo({ ttlMs: 60_000 }), createDataMemo({ ttlMs: 60_000 })] as const;
    const writer = await connectPagePurges({ handle: database, cache: mine, memo: memos[0] });
    const listener = await connectPagePurges({ handle: otherHandle, cache: theirs, memo: memos[1] });
    let loads = 0;
    const load = async () => `loaded ${++loads}`;
    const ask = (index: 0 | 1, key: string, tags: string[]) => memos[index].remember(key, tags, load);
    try {
      for (const index of [0, 1] as const) {
        await ask(index, "tags", ["list:tools"]);
        await ask(index, "articles", ["list:articles"]);
      }
      expect(loads).toBe(4);

      // A vote names the tool and its voter, not the lists.
      await writer.purgePages([toolTag("x"), "member:m"]);
      await eventually(() => theirs.lookup("/tool/x", false)?.state === "stale");
      expect(await ask(1, "tags", ["list:tools"])).toBe("loaded 3");

      // A page only this purge makes stale tells when its NOTIFY has reached the other process.
      theirs.set("/lists-only", stored(["list:tools"]));
      await writer.purgePages(["list:tools"]);
      expect(await ask(0, "tags", ["list:tools"])).toBe("loaded 5");
      await eventually(() => theirs.lookup("/lists-only", false)?.state === "stale");
      expect(await ask(1, "tags", ["list:tools"])).toBe("loaded 6");
      expect(await ask(1, "articles", ["list:articles"])).toBe("loaded 4");
    } finally {
      await writer.stop();
      await listener.stop();
    }
  });

  it("splits a purge too long for one NOTIFY, and every part arrives", async () => {
    const tags = Array.from({ length: 400 }, (_, index) =>
      toolTag(`00000000-0000-4000-8000-${String(index).padStart(12, "0")}`),
    );
    const payloads = notifyPayloads(tags);
    expect(payloads.length).toBeGreaterThan(1);
    expect(payloads.every((payload) => payload.length < 8000)).toBe(true);
    expect(payloads.join(" ").split(" ")).toEqual(tags);
    expect(notifyPayloads(["tool:x", "site"])).toEqual(["site"]);

    const [, theirs] = twoProcesses();
    theirs.set("/first", stored([tags[0]!]));
    theirs.set("/last", stored([tags.at(-1)!]));
    const writer = await connectPagePurges({
      handle: database,
      cache: createPageCache({ ttlMs: 0, staleMs: 0, maxBytes: 1 }),
    });
    const listener = await connectPagePurges({ handle: otherHandle, cache: theirs });
    try {
      await writer.purgePages(tags);
      await eventually(() => theirs.lookup("/last", false)?.state === "stale");
      expect(theirs.lookup("/first", false)?.state).toBe("stale");
      expect(theirs.lookup("/tool/x", false)?.state).toBe("fresh");
    } finally {
      await writer.stop();
      await listener.stop();
    }
  });
});

describe("purging a CDN by tag", () => {
  it("sends each second's tags once, Cloudflare style: a JSON body and a bearer token, 30 tags a call", async () => {
    const cdn = await startFakeCdn();
    const purger = createCdnPurger({
      url: `${cdn.origin}/zones/z/purge_cache`,
      token: "secret",
      style: "cloudflare",
      batchMs: 50,
    });
    const purges = await connectPagePurges({
      handle: database,
      cache: createPageCache({ ttlMs: 0, staleMs: 0, maxBytes: 1 }),
      cdn: purger,
    });
    try {
      await purges.purgePages(["tool:x", "list:tools"]);
      await purges.purgePages(["tool:x", "article:a"]);
      await eventually(() => cdn.purges.length > 0);
      expect(cdn.purges).toHaveLength(1);
      expect(cdn.purges[0]!.path).toBe("/zones/z/purge_cache");
      expect(cdn.purges[0]!.headers.authorization).toBe("Bearer secret");
      expect(JSON.parse(cdn.purges[0]!.body)).toEqual({ tags: ["tool:x", "list:tools", "article:a"] });

      const many = Array.from({ length: 31 }, (_, index) => `tool:${index}`);
      await purges.purgePages(many);
      await purger.flush();
      expect(cdn.purges.slice(1).map((purge) => JSON.parse(purge.body).tags)).toEqual([
        many.slice(0, 30),
        many.slice(30),
      ]);
    } finally {
      await purges.stop();
      await purger.stop();
      await cdn.close();
    }
  });

  it("Fastly style: the tags in a Surrogate-Key header and the token in Fastly-Key; a refusal never fails the write", async () => {
    const cdn = await startFakeCdn();
    const purger = createCdnPurger({
      url: `${cdn.origin}/service/s/purge`,
      token: "key",
      style: "fastly",
      batchMs: 10,
    });
    try {
      purger.purge(["tool:x", "site"]);
      await purger.flush();
      expect(cdn.purges[0]!.headers["surrogate-key"]).toBe("tool:x site");
      expect(cdn.purges[0]!.headers["fastly-key"]).toBe("key");

      cdn.failWith(500);
      purger.purge(["tool:y"]);
      await expect(purger.flush()).resolves.toBeUndefined();
      expect(cdn.purges).toHaveLength(2);
    } finally {
      await purger.stop();
      await cdn.close();
    }
  });
});
