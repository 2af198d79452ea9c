import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import * as articleRoute from "~/routes/article";
import * as categoryRoute from "~/routes/category";
import * as homeRoute from "~/routes/home";
import { loader as ogLoader } from "~/routes/og-image";
import * as tagRoute from "~/routes/tag";
import * as toolRoute from "~/routes/tool";
import { DEFAULT_SITE_BRANDING } from "~/lib/site";
import { articles, tags, tools } from "~/server/db/schema.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { insertArticles, insertTools, tagTools } from "../../tests/setup/fixtures";
import { makeWebp } from "../../tests/setup/images";
import { getRequest, settleRoute } from "../../tests/setup/route-calls";
import { TEST_SITE_URL } from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

let database: TestDatabase;
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-og-uploads-"));
const storage = createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${articles}, ${tags} cascade`);
});

const context = () => ({ db: database.db, storage, siteUrl: TEST_SITE_URL, viewer: null });

/** The share image route's loader called with a GET of address, as React Router calls it. */
function callImageLoader(address: string, headers: Record<string, string> = {}) {
  const url = new URL(address, TEST_SITE_URL);
  // The route table's two entries: og/site.png, and og/:kind/:file.
  const match = /^\/og\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  const params = match ? { kind: match[1], file: decodeURIComponent(match[2]!) } : {};
  return ogLoader({ request: new Request(url, { headers }), params, context: context() } as never);
}

/** The answer as React Router reads it: a 404 is thrown. */
const getImage = (address: string, headers: Record<string, string> = {}) =>
  settleRoute(() => callImageLoader(address, headers));

async function getPng(address: string) {
  const response = (await callImageLoader(address)) as Response;
  return { response, png: Buffer.from(await response.arrayBuffer()) };
}

/** The size a PNG declares in its IHDR chunk, after checking the signature. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

async function expectCard(address: string) {
  const { response, png } = await getPng(address);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("image/png");
  expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);
  expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+/);
  expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  // A real picture sharp decodes, not only a header.
  expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
  return { response, png };
}

async function seedCatalogue() {
  const { url: logoUrl } = await storage.put({
    key: "tool-logos/og-test.webp",
    body: await makeWebp(300, 300),
    contentType: "image/webp",
  });
  const { url: coverUrl } = await storage.put({
    key: "article-images/og-cover.webp",
    body: await makeWebp(800, 450),
    contentType: "image/webp",
  });
  await insertTools(
    database.db,
    {
      name: "ChatGPT",
      slug: "chatgpt",
      tagline: "Answers questions in plain language.",
      image: logoUrl,
      rating: 4.3,
      voteCount: 12,
    },
    // The seeded monogram logos are SVG: the card draws its own monogram tile instead.
    { name: "Stable Diffusion", slug: "stable-diffusion", category: "Image", image: "/uploads/tool-logos/sd.svg" },
  );
  await tagTools(database.db, { ChatGPT: ["open-source"] });
  await insertArticles(
    database.db,
    { title: "Best writing tools", slug: "best-writing-tools", date: "2025-03-05", image: coverUrl },
    { title: "Unfinished draft", slug: "unfinished-draft", date: "2025-03-06", status: "draft" },
  );
}

describe("share images", () => {
  test("each kind is a 1200x630 PNG", async () => {
    await seedCatalogue();
    for (const address of [
      "/og/tool/chatgpt.png",
      "/og/tool/stable-diffusion.png",
      "/og/article/best-writing-tools.png",
      "/og/category/social-media.png",
      "/og/tag/open-source.png",
      "/og/site.png",
    ]) {
      await expectCard(address);
    }
  });

  test("unknown names, drafts, other kinds and other file types are 404", async () => {
    await seedCatalogue();
    for (const address of [
      "/og/tool/no-such-tool.png",
      "/og/article/unfinished-draft.png",
      "/og/article/no-such-article.png",
      "/og/category/no-such-category.png",
      "/og/tag/no-such-tag.png",
      "/og/user/someone.png",
      "/og/tool/chatgpt.svg",
      "/og/tool/.png",
    ]) {
      const answer = await getImage(address);
      expect(answer.status, address).toBe(404);
    }
  });

  test("a changed name gives a new version and a new image; an unchanged tool the same one", async () => {
    await seedCatalogue();
    const before = await expectCard("/og/tool/chatgpt.png");
    const again = await expectCard("/og/tool/chatgpt.png");
    expect(again.png.equals(before.png)).toBe(true);
    expect(again.response.headers.get("etag")).toBe(before.response.headers.get("etag"));

    const [row] = await database.db.select({ image: tools.image }).from(tools).where(eq(tools.slug, "chatgpt"));
    expect(row?.image).toBe("/uploads/tool-logos/og-test.webp");
    await database.db.update(tools).set({ name: "ChatGPT Plus" }).where(eq(tools.slug, "chatgpt"));
    const after = await expectCard("/og/tool/chatgpt.png");
    expect(after.png.equals(before.png)).toBe(false);
    expect(after.response.headers.get("etag")).not.toBe(before.response.headers.get("etag"));
  });

  test("the uploaded logo is drawn: without it the card differs", async () => {
    await seedCatalogue();
    const withLogo = await expectCard("/og/tool/chatgpt.png");
    await database.db.update(tools).set({ image: null }).where(eq(tools.slug, "chatgpt"));
    const withoutLogo = await expectCard("/og/tool/chatgpt.png");
    expect(withLogo.png.equals(withoutLogo.png)).toBe(false);
  });

  test("answers 304 to its own ETag", async () => {
    await seedCatalogue();
    const { response } = await expectCard("/og/category/writing.png");
    const etag = response.headers.get("etag")!;
    const answer = await getImage("/og/category/writing.png", { "if-none-match": etag });
    expect(answer.status).toBe(304);
  });
});

describe("pages name their share image", () => {
  type Descriptor = Record<string, string>;
  const matches = [{ id: "root", data: { siteUrl: TEST_SITE_URL, site: DEFAULT_SITE_BRANDING } }];
  const content = (tags: Descriptor[], key: string) =>
    tags.find((tag) => tag.property === key || tag.name === key)?.content ?? null;

  /** A page's meta tags, from its loader's data for a GET of address, as React Router calls both. */
  async function pageMeta(
    route: { loader: (args: never) => unknown; meta: (args: never) => unknown },
    address: string,
    params: Record<string, string>,
  ): Promise<Descriptor[]> {
    const loaderData = await route.loader({ request: getRequest(address), params, context: context() } as never);
    return route.meta({ loaderData, matches } as never) as Descriptor[];
  }

  test("tool, article, category, tag and home pages carry an absolute PNG with size, type and alt text", async () => {
    await seedCatalogue();
    const pages: [string, Descriptor[]][] = [
      ["/og/tool/chatgpt.png", await pageMeta(toolRoute, "/tool/chatgpt", { id: "chatgpt" })],
      [
        "/og/article/best-writing-tools.png",
        await pageMeta(articleRoute, "/article/best-writing-tools", { id: "best-writing-tools" }),
      ],
      ["/og/category/writing.png", await pageMeta(categoryRoute, "/category/Writing", { category: "Writing" })],
      ["/og/tag/open-source.png", await pageMeta(tagRoute, "/tag/open-source", { slug: "open-source" })],
      ["/og/site.png", homeRoute.meta({ loaderData: undefined, matches } as never) as Descriptor[]],
    ];
    for (const [imagePath, tags] of pages) {
      const image = content(tags, "og:image")!;
      expect(image, imagePath).toMatch(
        new RegExp(`^${TEST_SITE_URL}${imagePath.replace(/\./g, "\\.")}\\?v=[0-9a-z]+$`),
      );
      expect(content(tags, "twitter:image")).toBe(image);
      expect(content(tags, "og:image:width")).toBe("1200");
      expect(content(tags, "og:image:height")).toBe("630");
      expect(content(tags, "og:image:type")).toBe("image/png");
      expect(content(tags, "og:image:alt")).toMatch(/\S.*\.$/);
      expect(content(tags, "twitter:image:alt")).toBe(content(tags, "og:image:alt"));
      expect(content(tags, "twitter:card")).toBe("summary_large_image");
      // Never an SVG in any image tag, whatever the tool's logo is.
      for (const tag of tags)
        if (/image/.test(tag.property ?? tag.name ?? "")) expect(tag.content).not.toMatch(/\.svg/i);

      // The address the page names is the card's current version: kept a year by every cache.
      const { response } = await expectCard(image);
      if (imagePath !== "/og/site.png") {
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      }
    }
  });

  test("a tool page's image address follows an edit of the tool", async () => {
    await seedCatalogue();
    const imageOf = async () => content(await pageMeta(toolRoute, "/tool/chatgpt", { id: "chatgpt" }), "og:image");
    const before = await imageOf();
    await database.db.update(tools).set({ tagline: "Now with pictures." }).where(eq(tools.slug, "chatgpt"));
    const after = await imageOf();
    expect(after).not.toBe(before);
    // The old address still answers, with the current card, but only for an hour.
    const { response } = await expectCard(before!);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});
