import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertServerBuilt,
  cleanUpServers,
  startServer,
  temporaryDir,
  type RunningServer,
} from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";
import { runOnDatabaseServer } from "../setup/database-server";
import { rawGet, type RawResponse } from "../setup/raw-http";
import { demoRatingOf } from "~/server/db/demo/reviews.server";
import { formatRating, formatVoteCount } from "~/lib/format";

// The page cache that survives writes (issue 20, goals 2 and 4; decisions 096-098), through the
// built production server over real HTTP: a vote posted to one process shows on the pages that
// carry the tool in every process at the next request, while the pages that do not stay cached;
// a purged page is rendered by one request while the others are served the stale copy; a vote
// landing during a render is not lost; pages and feeds answer ETags and 304s; anonymous pages say
// how a CDN may keep them, personal ones do not.
//
// Two processes on one PostgreSQL database when TEST_DATABASE_URL is set; one process on PGlite always.

const SLOW = 120_000;
/** One origin for every process, as behind a load balancer: the same content is the same bytes and ETag everywhere. */
const PUBLIC_URL = "http://aitlas.test";
const PASSWORD = "correct horse";

beforeAll(() => assertServerBuilt());
afterAll(() => cleanUpServers());

/** A ("the writer") takes the votes; B is another process on the same database, or A itself on PGlite. */
type Site = {
  engine: "postgres" | "pglite";
  a: RunningServer;
  b: RunningServer;
  cookie: string;
  dispose(): Promise<void>;
};

async function pollUntil<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Redeems the setup link the server printed: the first administrator's session cookie (an administrator may vote). */
async function signInFirstAdmin(server: RunningServer): Promise<string> {
  const link = await pollUntil("the printed setup link", async () => {
    for (const line of server.logs) {
      const found = line.msg?.match(/https?:\/\/\S+\/setup\/admin\?token=\S+/)?.[0];
      if (found) return found;
    }
    return undefined;
  });
  const token = new URL(link).searchParams.get("token")!;
  const created = await postForm(server, "/setup/admin", { token, email: "admin@example.com", password: PASSWORD });
  expect(created.status).toBe(302);
  const session = created.headers.getSetCookie().find((cookie) => cookie.startsWith("aitlas.session_token="));
  if (!session) throw new Error("the administrator's setup answered no session cookie");
  return session.split(";")[0]!;
}

/** A plain form post, with the site's Origin as a browser sends it for a same-site form. */
function postForm(server: RunningServer, path: string, fields: Record<string, string>, cookie?: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: PUBLIC_URL,
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

async function startOnPostgres(serverUrl: string): Promise<Site> {
  const name = `aitlas_page_cache_${randomBytes(6).toString("hex")}`;
  await runOnDatabaseServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const settings = { DATABASE_URL: url.toString(), PUBLIC_URL, SEED_DEMO: "true" };
  // The first migrates and seeds; the second finds the catalogue there.
  const a = await startServer({ DATA_DIR: temporaryDir(), ...settings });
  const b = await startServer({ DATA_DIR: temporaryDir(), ...settings });
  return {
    engine: "postgres",
    a,
    b,
    cookie: await signInFirstAdmin(a),
    async dispose() {
      await Promise.all([a.stop(), b.stop()]);
      await runOnDatabaseServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function startOnPglite(): Promise<Site> {
  const server = await startServer({ DATA_DIR: preparedDataDir("demo"), PUBLIC_URL, SEED_DEMO: "true" });
  return {
    engine: "pglite",
    a: server,
    b: server,
    cookie: await signInFirstAdmin(server),
    dispose: async () => void (await server.stop()),
  };
}

const variants = [
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          label: "two processes on one PostgreSQL database",
          start: () => startOnPostgres(process.env.TEST_DATABASE_URL!),
        },
      ]
    : []),
  { label: "one process on PGlite", start: startOnPglite },
];

/** GETs the page until this process answers it from its cache. */
async function warm(server: RunningServer, path: string): Promise<RawResponse> {
  return pollUntil(`${path} cached`, async () => {
    const answer = await rawGet(server.url, path);
    expect(answer.status, path).toBe(200);
    return answer.headers["x-cache"] === "HIT" ? answer : undefined;
  });
}

/**
 * The rating and vote count a page shows first after `marker` (RatingSummary: demoShown("claude", 4)):
 * on a tool page its own, after its heading; on a list, that of the card linking to the tool.
 */
function ratingShown(html: string, marker: string): string {
  const at = html.indexOf(marker);
  if (at === -1) throw new Error(`the page has no ${marker}`);
  const summary = /<span class="font-semibold">([^<]*)<\/span><span class="[^"]*">\(<!-- -->([^<]*)<!-- -->\)/g;
  summary.lastIndex = at;
  const found = summary.exec(html);
  if (!found) throw new Error(`no rating after ${marker}`);
  return `${found[1]} (${found[2]})`;
}

const ownRating = (html: string) => ratingShown(html, "<h1");
const cardRating = (html: string, slug: string) => ratingShown(html, `href="/tool/${slug}"`);
/** What a demo tool shows after seeding, or after the test's own votes too. */
const demoShown = (slug: string, ...extra: number[]) => {
  const { rating, voteCount } = demoRatingOf(slug, ...extra);
  return `${formatRating(rating)} (${formatVoteCount(voteCount)})`;
};

const tagsOf = (answer: RawResponse) => String(answer.headers["surrogate-key"] ?? "").split(" ");

describe.each(variants)("the page cache, $label", ({ start }) => {
  let site: Site;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    site = await start();
    ({ a, b } = site);
  }, SLOW);
  afterAll(() => site?.dispose());

  /** The tool's id, from its edit link on the page an administrator sees. */
  async function toolId(slug: string): Promise<string> {
    const page = await fetch(`${a.url}/tool/${slug}`, { headers: { cookie: site.cookie } });
    const id = /href="\/admin\/tools\/([0-9a-f-]{36})"/.exec(await page.text())?.[1];
    if (!id) throw new Error(`no edit link on /tool/${slug}`);
    return id;
  }

  /** The administrator's vote, posted to process A as the page's form posts it without JavaScript. */
  async function vote(slug: string, rating: number) {
    const answer = await postForm(a, `/tool/${slug}`, { intent: "vote", rating: String(rating) }, site.cookie);
    expect(answer.status).toBe(200);
    await answer.arrayBuffer();
  }

  /** Both processes' caches hold the page (the same one twice on PGlite). */
  async function warmEverywhere(paths: string[]) {
    for (const server of new Set([a, b])) for (const path of paths) await warm(server, path);
  }

  it(
    "a vote through one process shows on the tool page, its category page, home and the API in every process at the next request; pages without the tool stay cached",
    async () => {
      const [claudeId, article] = await Promise.all([
        toolId("claude"),
        rawGet(b.url, "/blog").then((blog) => /href="(\/article\/[^"]+)"/.exec(blog.body)![1]!),
      ]);
      const carrying = ["/tool/claude", "/category/Writing", "/", "/api/v1/tools/claude"];
      const unrelated = ["/tool/suno", "/category/Audio", article, "/blog"];
      await warmEverywhere([...carrying, ...unrelated]);

      const before = await Promise.all(carrying.slice(0, 3).map((path) => rawGet(b.url, path)));
      expect(before.map((page) => page.headers["x-cache"])).toEqual(["HIT", "HIT", "HIT"]);
      expect(ownRating(before[0]!.body)).toBe(demoShown("claude"));
      expect(cardRating(before[1]!.body, "claude")).toBe(demoShown("claude"));
      expect(cardRating(before[2]!.body, "claude")).toBe(demoShown("claude"));
      // Purge by tag: the unrelated pages must not name the voted tool.
      for (const path of unrelated) expect(tagsOf(await rawGet(b.url, path)), path).not.toContain(`tool:${claudeId}`);

      await vote("claude", 4);

      const toolPage = await rawGet(b.url, "/tool/claude");
      expect(toolPage.headers["x-cache"]).toBe("MISS");
      expect(ownRating(toolPage.body)).toBe(demoShown("claude", 4));
      const category = await rawGet(b.url, "/category/Writing");
      expect(category.headers["x-cache"]).toBe("MISS");
      expect(cardRating(category.body, "claude")).toBe(demoShown("claude", 4));
      const home = await rawGet(b.url, "/");
      expect(home.headers["x-cache"]).toBe("MISS");
      expect(cardRating(home.body, "claude")).toBe(demoShown("claude", 4));
      const api = await rawGet(b.url, "/api/v1/tools/claude");
      expect(api.headers["x-cache"]).toBe("MISS");
      expect(JSON.parse(api.body)).toMatchObject({
        rating: demoRatingOf("claude", 4).rating,
        vote_count: demoRatingOf("claude", 4).voteCount,
      });
      // The writer too, of course.
      expect(ownRating((await rawGet(a.url, "/tool/claude")).body)).toBe(demoShown("claude", 4));

      for (const server of new Set([a, b])) {
        for (const path of unrelated) expect((await rawGet(server.url, path)).headers["x-cache"], path).toBe("HIT");
      }
    },
    SLOW,
  );

  it(
    "a purged page is rendered by one request while the concurrent ones get the stale copy; then it is a hit with the new content",
    async () => {
      const path = "/tool/midjourney";
      await warmEverywhere([path]);
      expect(ownRating((await rawGet(b.url, path)).body)).toBe(demoShown("midjourney"));

      await vote("midjourney", 2);

      // A HEAD never renders: it is answered the stale copy, and leaves the render to a GET.
      const head = await fetch(`${b.url}${path}`, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("x-cache")).toBe("STALE");

      const answers = await Promise.all(Array.from({ length: 20 }, () => rawGet(b.url, path)));
      const count = (state: string) => answers.filter((answer) => answer.headers["x-cache"] === state).length;
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      expect(count("MISS")).toBe(1);
      // PGlite answers inside the server's own thread: its render waits on no socket, so the
      // concurrent requests are read after it and find the new page (HIT). On PostgreSQL the
      // render waits on the database while the others are served the stale copy.
      expect(count("STALE")).toBeGreaterThanOrEqual(site.engine === "postgres" ? 1 : 0);
      expect(count("MISS") + count("STALE") + count("HIT")).toBe(20);
      for (const answer of answers) {
        const stale = answer.headers["x-cache"] === "STALE";
        expect(ownRating(answer.body)).toBe(stale ? demoShown("midjourney") : demoShown("midjourney", 2));
      }

      const after = await rawGet(b.url, path);
      expect(after.headers["x-cache"]).toBe("HIT");
      expect(ownRating(after.body)).toBe(demoShown("midjourney", 2));
    },
    SLOW,
  );

  it(
    "a page answers an ETag, 304 to it, and 200 with a new one once a write changed it; the same page has the same ETag in every process",
    async () => {
      const path = "/tool/runway";
      await warmEverywhere([path]);
      const cached = await rawGet(b.url, path);
      const etag = cached.headers.etag!;
      expect(etag).toMatch(/^W\/".+"$/);
      expect((await rawGet(a.url, path)).headers.etag).toBe(etag);

      const notModified = await rawGet(b.url, path, { "if-none-match": etag });
      expect(notModified.status).toBe(304);
      expect(notModified.body).toBe("");
      expect(notModified.headers["x-cache"]).toBe("HIT");
      expect(notModified.headers["content-security-policy"]).toBeUndefined();

      await vote("runway", 5);

      const changed = await rawGet(b.url, path, { "if-none-match": etag });
      expect(changed.status).toBe(200);
      expect(changed.headers["x-cache"]).toBe("MISS");
      expect(changed.headers.etag).not.toBe(etag);
      expect(ownRating(changed.body)).toBe(demoShown("runway", 5));
      // The writer renders the new page again on its next request, to the same bytes: a 304 from
      // the render itself (on PGlite that page is the one B just stored: a hit).
      const rendered = await rawGet(a.url, path, { "if-none-match": changed.headers.etag! });
      expect(rendered.status).toBe(304);
      expect(rendered.body).toBe("");
      expect(rendered.headers["x-cache"]).toBe(a === b ? "HIT" : "MISS");
    },
    SLOW,
  );

  it(
    "a vote that lands while another process renders the tool's page is not lost: the next request shows it",
    async () => {
      const taken = new Set(["claude", "midjourney", "runway", "suno"]);
      const sitemap = (await rawGet(b.url, "/sitemap-tools.xml")).body;
      const slugs = [...sitemap.matchAll(/\/tool\/([a-z0-9-]+)<\/loc>/g)].map((match) => match[1]!);
      const fresh = slugs.filter((slug) => !taken.has(slug)).slice(0, 40);
      expect(fresh).toHaveLength(40);
      for (const [attempt, slug] of fresh.entries()) {
        // Each page is rendered (a miss on B) while its vote is on the way, started a little later
        // each time: for some the vote commits after the render read the tool and its purge
        // arrives before the render is stored (decision 097). That render's page is from before
        // the vote, so it must not be kept as fresh.
        const delayMs = attempt * 0.75;
        await Promise.all([
          vote(slug, 5),
          new Promise((resolve) => setTimeout(resolve, delayMs)).then(() => rawGet(b.url, `/tool/${slug}`)),
        ]);
        const next = await rawGet(b.url, `/tool/${slug}`);
        expect(ownRating(next.body), `${slug}, rendered ${delayMs} ms after the vote was posted`).toBe(
          demoShown(slug, 5),
        );
      }
    },
    SLOW,
  );

  it(
    "a tag renamed through one process shows in home's tags in every process at the next request (the shared answers go with the pages)",
    async () => {
      const browseByTag = (html: string) => html.slice(html.indexOf('id="tags-heading"'));
      await warmEverywhere(["/"]);
      const slug = /href="\/tag\/([a-z0-9-]+)"/.exec(browseByTag((await rawGet(b.url, "/")).body))?.[1];
      if (!slug) throw new Error("home lists no tag");
      const admin = await (await fetch(`${a.url}/admin/tags`, { headers: { cookie: site.cookie } })).text();
      const tagId = new RegExp(`>${slug}</td>[\\s\\S]*?\\?edit=([0-9a-f-]{36})`).exec(admin)?.[1];
      if (!tagId) throw new Error(`no edit link for the tag ${slug} on /admin/tags`);

      const renamed = await postForm(
        a,
        "/admin/tags",
        {
          intent: "update",
          id: tagId,
          name: "Renamed In One Process",
          slug: "renamed-in-one-process",
          description: "",
        },
        site.cookie,
      );
      expect(renamed.status).toBeLessThan(400);

      for (const server of new Set([b, a])) {
        const home = await rawGet(server.url, "/");
        expect(home.headers["x-cache"]).toBe("MISS");
        expect(browseByTag(home.body)).toContain('href="/tag/renamed-in-one-process"');
        expect(browseByTag(home.body)).toContain("Renamed In One Process");
        expect(browseByTag(home.body)).not.toContain(`href="/tag/${slug}"`);
      }
    },
    SLOW,
  );

  it("feeds and the sitemap answer an ETag, and 304 to it", async () => {
    for (const server of new Set([a, b])) {
      for (const path of [
        "/tools/rss.xml",
        "/tools/feed.json",
        "/blog/rss.xml",
        "/changes/rss.xml",
        "/sitemap.xml",
        "/sitemap-tools.xml",
      ]) {
        const first = await rawGet(server.url, path);
        expect(first.status, path).toBe(200);
        expect(first.headers.etag, path).toMatch(/^W\/".+"$/);
        const notModified = await rawGet(server.url, path, { "if-none-match": first.headers.etag! });
        expect(notModified.status, path).toBe(304);
        expect(notModified.body, path).toBe("");
      }
    }
  });

  it("an anonymous page tells a CDN how long to keep it and what it shows; a personal page is private and never cached", async () => {
    const claudeId = await toolId("claude");
    const anonymous = await warm(b, "/tool/claude");
    expect(anonymous.headers["cache-control"]).toMatch(/^public\b/);
    expect(anonymous.headers["cache-control"]).toMatch(/\bs-maxage=\d+/);
    expect(anonymous.headers["cache-control"]).toMatch(/\bstale-while-revalidate=\d+/);
    expect(tagsOf(anonymous)).toEqual(expect.arrayContaining(["site", `tool:${claudeId}`]));
    expect(String(anonymous.headers["cache-tag"]).split(",")).toEqual(tagsOf(anonymous));
    expect(tagsOf(await warm(b, "/category/Writing"))).toEqual(
      expect.arrayContaining(["category:writing", "list:tools", `tool:${claudeId}`]),
    );

    const signedIn = await rawGet(b.url, "/tool/claude", { cookie: site.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["cache-control"]).toMatch(/\bprivate\b/);
    expect(signedIn.headers["cache-control"]).toMatch(/\bno-(?:store|cache)\b/);
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    expect(signedIn.body).toContain(`href="/admin/tools/${claudeId}"`);
    // The administrator's page went nowhere near the cache: visitors still get theirs.
    const visitor = await rawGet(b.url, "/tool/claude");
    expect(visitor.headers["x-cache"]).toBe("HIT");
    expect(visitor.body).not.toContain("/admin/tools/");

    // A page rendered for a chosen theme differs from everyone else's: a CDN keying by address must not keep it.
    const themed = await rawGet(b.url, "/tool/claude", { cookie: "theme=dark" });
    expect(themed.status).toBe(200);
    expect(themed.headers["cache-control"]).toMatch(/\bprivate\b/);
  });
});
