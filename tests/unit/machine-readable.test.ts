import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertServerBuilt, cleanUpServers, startServer, type RunningServer } from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";

// What programs and language models read, over real HTTP against the production server with the
// demo catalogue: the Markdown twins, llms.txt, the feeds' links and the public API's HTTP edge
// (served or decided before React Router, so only the whole server shows them).

const SLOW = 120_000;
let server: RunningServer;

beforeAll(async () => {
  assertServerBuilt();
  server = await startServer({ DATA_DIR: preparedDataDir("demo") });
}, SLOW);

afterAll(async () => {
  await server?.stop();
  await cleanUpServers();
});

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: "manual" });

describe("Markdown twins", () => {
  it(
    "a tool's twin has its facts, sections and alternatives, with absolute links",
    async () => {
      const response = await get("/tool/chatgpt.md");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
      const markdown = await response.text();
      expect(markdown.startsWith("# ChatGPT\n\n> ")).toBe(true);
      expect(markdown).toContain(`- Category: [Writing](${server.url}/category/Writing)`);
      expect(markdown).toMatch(/^- Rating: (\d\.\d|N\/A) \(/m);
      expect(markdown).toContain(`- Page: <${server.url}/tool/chatgpt>`);
      for (const heading of ["## About", "## Features", "## Pros", "## Cons", "## Alternatives"])
        expect(markdown).toContain(`\n${heading}\n`);
      expect(markdown).not.toMatch(/<\/?(p|strong|ul|li)>/);
    },
    SLOW,
  );

  it(
    "another spelling moves to the slug's twin; an unknown tool or article is a 404",
    async () => {
      const moved = await get("/tool/ChatGPT.md");
      expect(moved.status).toBe(301);
      expect(moved.headers.get("location")).toBe("/tool/chatgpt.md");
      expect((await get("/tool/no-such-tool.md")).status).toBe(404);
      expect((await get("/article/no-such-article.md")).status).toBe(404);
    },
    SLOW,
  );

  it(
    "an article's twin is its text as Markdown, and each page links its twin",
    async () => {
      const slug = "how-to-choose-an-ai-writing-assistant";
      const markdown = await (await get(`/article/${slug}.md`)).text();
      expect(markdown).toMatch(/^# .+\n\n> .+\n\n- By /);
      expect(markdown).toContain(`- Page: <${server.url}/article/${slug}>`);
      expect(markdown).toMatch(/\n## /);

      for (const path of ["/tool/chatgpt", `/article/${slug}`]) {
        const html = await (await get(path)).text();
        expect(html).toContain(`<link rel="alternate" type="text/markdown" href="${path}.md"/>`);
      }
    },
    SLOW,
  );
});

describe("llms.txt and feeds", () => {
  it(
    "llms.txt says what the site is and links the sections, feeds and twins",
    async () => {
      const response = await get("/llms.txt");
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text.startsWith("# Aitlas\n\n> ")).toBe(true);
      for (const path of ["/tools/rss.xml", "/tools/feed.json", "/blog/rss.xml", "/sitemap.xml", "/category/Writing"])
        expect(text).toContain(`(${server.url}${path})`);
      expect(text).toContain("add `.md` to its address");
    },
    SLOW,
  );

  it(
    "every page names the feeds in its head",
    async () => {
      const html = await (await get("/about")).text();
      for (const href of ["/blog/rss.xml", "/blog/feed.json", "/tools/rss.xml", "/tools/feed.json"])
        expect(html).toContain(`href="${href}"`);
      const feed = (await (await get("/tools/feed.json")).json()) as { items: unknown[] };
      expect(feed.items.length).toBeGreaterThan(0);
    },
    SLOW,
  );
});

describe("the public API's HTTP edge", () => {
  it(
    "answers a cross-origin preflight; a cached answer still counts against the quota and says 304 for its own ETag",
    async () => {
      const preflight = await fetch(`${server.url}/api/v1/tools`, {
        method: "OPTIONS",
        headers: { origin: "https://elsewhere.example", "access-control-request-method": "GET" },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
      expect(preflight.headers.get("access-control-allow-methods")).toContain("GET");

      const path = "/api/v1/tools?limit=2&category=Writing";
      const first = await get(path);
      const second = await get(path);
      expect([first.status, second.status]).toEqual([200, 200]);
      expect([first.headers.get("x-cache"), second.headers.get("x-cache")]).toEqual(["MISS", "HIT"]);
      expect(await second.text()).toBe(await first.text());
      expect(second.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(second.headers.get("access-control-allow-origin")).toBe("*");
      // Each request, hit or not, takes one from the client's quota.
      const remaining = (response: Response) => Number(/;r=(\d+);/.exec(response.headers.get("ratelimit") ?? "")?.[1]);
      expect(remaining(second)).toBe(remaining(first) - 1);
      const etag = second.headers.get("etag")!;
      expect(etag).toBe(first.headers.get("etag"));
      const unchanged = await fetch(`${server.url}${path}`, { headers: { "if-none-match": etag } });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get("x-cache")).toBe("HIT");
      expect(unchanged.headers.get("etag")).toBe(etag);
      expect(remaining(unchanged)).toBe(remaining(second) - 1);
      const other = await fetch(`${server.url}${path}`, { headers: { "if-none-match": 'W/"other"' } });
      expect(other.status).toBe(200);
    },
    SLOW,
  );
});
