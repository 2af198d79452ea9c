import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as llmsTxtLoader } from "~/routes/llms-txt";
import { tags } from "~/server/db/schema.server";
import { insertArticles, insertTools, tagTools } from "../../../tests/setup/fixtures";
import { blockOutline, liveNonWebLinks, readMarkdown } from "../../../tests/setup/markdown-reading";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { serveMarkdownTwins } from "./markdown-twins.server";

// The Markdown twins and llms.txt of rows that hold hostile text, written straight into the
// database as an older row or an import could hold it: the text stays text, the only links are
// http(s) and the document has the outline the same page with plain text has (decision 151).

const BREAKOUT = "https://x.com/x>[evil](javascript:alert('web'))<x";
const CATEGORY = "Writing](javascript:alert('category'))";
const SITE = "https://aitlas.example";

let database: TestDatabase;
let server: Server;
let base: string;

/** Two tools of one outline, every field filled: one with plain text, one with hostile text. */
const toolRow = (hostile: boolean) =>
  hostile
    ? {
        name: "# Evil [click](javascript:alert('name')) <img src=x onerror=alert(1)>",
        slug: "evil",
        tagline: "- a list?\n\n# a heading <b>bold</b> [x](javascript:alert('tagline'))",
        website: BREAKOUT,
        startingPrice: "$5](javascript:alert('price'))",
        description: [
          "<p>&lt;script&gt;alert(1)&lt;/script&gt;<br>- not a list<br># not a heading</p>",
          `<p><a href="${BREAKOUT.replace(/'/g, "&#39;")}">docs</a> and <a href="javascript:alert(1)">js</a></p>`,
        ].join(""),
        features: ["1. [a](javascript:alert('feature'))", "<script>alert(1)</script>"],
        pros: ["> a quote"],
        cons: ["~~~"],
        pricing: [{ plan: "[Pro](javascript:x)", price: "$5 <b>", details: "`code` (data:text/html,x)" }],
      }
    : {
        name: "Plain",
        slug: "plain",
        tagline: "Drafts letters.",
        website: "https://plain.example.com",
        startingPrice: "$5",
        description: '<p>Plain words<br>more words<br>last words</p><p><a href="https://x.com">docs</a> and js</p>',
        features: ["Drafts", "Edits"],
        pros: ["Fast"],
        cons: ["Slow"],
        pricing: [{ plan: "Pro", price: "$5", details: "Billed monthly" }],
      };

beforeAll(async () => {
  database = await createTestDatabase();
  await insertTools(
    database.db,
    { ...toolRow(false), category: CATEGORY, pricingModel: "paid" },
    { ...toolRow(true), category: CATEGORY, pricingModel: "paid" },
    { name: "Unlinked", category: "Other", website: "javascript:alert('web')" },
  );
  const tagSlug = "x)[y](javascript:z)";
  await tagTools(database.db, { Plain: [tagSlug], [toolRow(true).name]: [tagSlug] });
  await database.db.update(tags).set({ name: "AI](javascript:alert('tag'))" }).where(eq(tags.slug, tagSlug));
  await insertArticles(
    database.db,
    { title: "Plain article", date: "2025-05-01", content: "<p>Some words</p><h2>More</h2><p>Other words</p>" },
    {
      title: "# Evil [article](javascript:alert('title'))",
      slug: "evil-article",
      date: "2025-05-02",
      excerpt: "> quoted <script>alert(1)</script>",
      author: "- Mallory [me](javascript:alert('author'))",
      category: "Guides](javascript:alert('category'))",
      content: `<p><a href="data:text/html,x">data</a> &lt;b&gt;</p><h2>More [x](javascript:y)</h2><p><a href="${BREAKOUT.replace(/'/g, "&#39;")}">z</a></p>`,
    },
  );

  const app = express();
  app.use((_req, res, next) => {
    // What the host policy sets before the twins in the pipeline.
    res.locals.origin = SITE;
    next();
  });
  app.use(serveMarkdownTwins(database.db));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await database?.dispose();
});

async function twin(path: string): Promise<string> {
  const response = await fetch(`${base}${path}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
  return response.text();
}

/** No link a reader would follow that is not http(s), and no raw HTML. */
function expectNoLiveLinks(markdown: string) {
  expect(liveNonWebLinks(markdown)).toEqual([]);
  expect(readMarkdown(markdown).html).toEqual([]);
}

describe("Markdown twins of rows that hold hostile text", () => {
  it("a tool's twin keeps every value in its place and links only http(s) addresses", async () => {
    const [plain, hostile] = await Promise.all([twin("/tool/plain.md"), twin("/tool/evil.md")]);
    expectNoLiveLinks(plain);
    expectNoLiveLinks(hostile);
    expect(blockOutline(hostile)).toEqual(blockOutline(plain));
    expect(hostile.match(/^## .*$/gm)).toEqual(plain.match(/^## .*$/gm));

    // The website is one autolink to the address as stored, percent-encoded where it would end it.
    expect(hostile).toContain("- Website: <https://x.com/x%3E%5Bevil%5D%28javascript:alert%28%27web%27%29%29%3Cx>\n");
    expect(readMarkdown(hostile).autolinks).toEqual([
      "https://x.com/x%3E%5Bevil%5D%28javascript:alert%28%27web%27%29%29%3Cx",
      `${SITE}/tool/evil`,
    ]);
    // The category, tag and alternative links have the escaped names as text and one address each.
    expect(hostile).toContain(
      `- Category: [Writing\\](javascript:alert('category'))](${SITE}/category/Writing%5D%28javascript%3Aalert%28%27category%27%29%29)`,
    );
    expect(hostile).toContain(`- Tags: [AI\\](javascript:alert('tag'))](${SITE}/tag/x%29%5By%5D%28javascript%3Az%29)`);
    expect(plain).toContain(
      `- [\\# Evil \\[click\\](javascript:alert('name')) \\<img src=x onerror=alert(1)\\>](${SITE}/tool/evil): `,
    );
    expect(hostile.split("\n")[0]).toBe(
      "# \\# Evil \\[click\\](javascript:alert('name')) \\<img src=x onerror=alert(1)\\>",
    );
  });

  it("a website that is not an http(s) address is plain text in the twin", async () => {
    const markdown = await twin("/tool/unlinked.md");
    expect(markdown).toContain("- Website: javascript:alert('web')\n");
    expect(readMarkdown(markdown).autolinks).toEqual([`${SITE}/tool/unlinked`]);
    expectNoLiveLinks(markdown);
  });

  it("an article's twin keeps every value in its place and links only http(s) addresses", async () => {
    const [plain, hostile] = await Promise.all([twin("/article/plain-article.md"), twin("/article/evil-article.md")]);
    expectNoLiveLinks(plain);
    expectNoLiveLinks(hostile);
    expect(blockOutline(hostile)).toEqual(blockOutline(plain));
    expect(hostile).toContain("- By \\- Mallory \\[me\\](javascript:alert('author')), 2025-05-02\n");
    expect(hostile).toContain("data \\<b>");
    expect(readMarkdown(hostile).destinations).toEqual([
      "https://x.com/x%3E%5Bevil%5D%28javascript:alert%28%27web%27%29%29%3Cx",
    ]);
  });
});

describe("llms.txt of rows that hold hostile text", () => {
  it("names each category in use as link text, linked to its page", async () => {
    const request = new Request(`${SITE}/llms.txt`);
    const response = (await llmsTxtLoader({
      request,
      params: {},
      context: { db: database.db, siteUrl: SITE, pageTags: new Set<string>() },
    } as never)) as Response;
    const text = await response.text();
    expectNoLiveLinks(text);
    expect(text).toContain(
      `- [Writing\\](javascript:alert('category')) tools](${SITE}/category/Writing%5D%28javascript%3Aalert%28%27category%27%29%29)\n`,
    );
    const items = text.split("\n").filter((line) => line.startsWith("- "));
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) expect(item).toMatch(/^- \[(?:[^\]\\]|\\.)+\]\(https?:\/\/[^()\s]+\)(?:: \S.*)?$/);
  });
});
