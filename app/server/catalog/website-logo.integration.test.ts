import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { WEBSITE_LOGO_MESSAGES } from "~/lib/website-logo";
import { toolChanges, tools } from "~/server/db/schema.server";
import {
  htmlPage,
  startFakeIconWebsites,
  type FakeFile,
  type FakeIconWebsites,
} from "../../../tests/fakes/icon-websites";
import { insertTools } from "../../../tests/setup/fixtures";
import { bitmapIcoImage, makeIco, pngIcoImage, SVG_ICON } from "../../../tests/setup/icon-files";
import { HTML_PAGE, makeJpeg, makePng } from "../../../tests/setup/images";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createOutboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";
import { createLocalStorage } from "../storage/local-storage.server";
import { fetchWebsiteLogo, fillToolLogoFromWebsite, WebsiteLogoUnavailable } from "./website-logo.server";

let database: TestDatabase;
let sites: FakeIconWebsites;
/** The test's loopback sites, and nothing else on a private address, are allowed. */
let client: OutboundClient;
/** The real configuration's policy: private and loopback addresses refused. */
let guarded: OutboundClient;
let uploadsDir: string;

const png = (side: number) => makePng(side, side);
const pngFile = async (side: number) => ({ type: "image/png", body: await png(side) });
const author = { origin: "admin" as const, actorId: null, actorName: "Ada Admin" };

/** The reason a promise of a logo failed, as the admin reads it. */
async function unavailable(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WebsiteLogoUnavailable);
  return (error as WebsiteLogoUnavailable).message;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const apple = await pngFile(180);
  const files: Record<string, Record<string, FakeFile>> = {
    // Every kind of icon: the apple-touch-icon must win.
    "full.test": {
      "/": htmlPage(
        `<link rel="icon" href="/favicon-32.png" sizes="32x32"><link rel="apple-touch-icon" href="/apple.png"><meta property="og:image" content="/share.jpg">`,
      ),
      "/apple.png": apple,
      "/favicon-32.png": await pngFile(32),
      "/share.jpg": { type: "image/jpeg", body: await makeJpeg(1200, 630) },
      "/favicon.ico": { type: "image/x-icon", body: makeIco([pngIcoImage(await png(48), 48)]) },
    },
    // No icon link: the share picture.
    "og.test": {
      "/share.jpg": { type: "image/jpeg", body: await makeJpeg(1200, 630) },
    },
    // Nothing in the page: /favicon.ico, a classic bitmap ICO.
    "ico.test": {
      "/": htmlPage(""),
      "/favicon.ico": { type: "image/vnd.microsoft.icon", body: makeIco([bitmapIcoImage(48, [30, 90, 200])]) },
    },
    "svg.test": {
      "/": htmlPage(`<link rel="icon" type="image/svg+xml" href="/icon.svg"><link rel="icon" href="/favicon.ico">`),
      "/icon.svg": { type: "image/svg+xml", body: SVG_ICON },
    },
    // An "icon" that is an HTML page, one too large, one too small: nothing usable.
    "bad.test": {
      "/": htmlPage(
        `<link rel="apple-touch-icon" href="/fake.png"><link rel="icon" href="/huge.png" sizes="192x192"><link rel="icon" href="/tiny.png" sizes="16x16">`,
      ),
      "/fake.png": { type: "image/png", body: HTML_PAGE },
      "/huge.png": { type: "image/png", body: Buffer.concat([await png(64), Buffer.alloc(6 * 1024 * 1024)]) },
      "/tiny.png": await pngFile(16),
    },
    // Its first icon sits on the cloud metadata address: skipped, the next one taken.
    "sneaky.test": {
      "/": htmlPage(
        `<link rel="apple-touch-icon" href="http://169.254.169.254/latest/icon.png"><link rel="icon" href="/icon.png" sizes="64x64">`,
      ),
      "/icon.png": await pngFile(64),
    },
    // The apple-touch-icon answers too late; the icon after it in time.
    "slow.test": {
      "/": htmlPage(`<link rel="apple-touch-icon" href="/slow.png"><link rel="icon" href="/icon.png" sizes="64x64">`),
      "/slow.png": { ...(await pngFile(180)), delayMs: 1_000 },
      "/icon.png": await pngFile(64),
    },
    "down.test": { "/": { status: 500, type: "text/html", body: "<p>Broken</p>" } },
  };
  sites = await startFakeIconWebsites(files);
  // og.test names its picture by its absolute address, which needs the port.
  files["og.test"]!["/"] = htmlPage(`<meta property="og:image" content="${sites.url("og.test", "/share.jpg")}">`);
  client = createOutboundClient({
    allowPrivate: false,
    allowAddress: (address) => address === "127.0.0.1",
    resolve: sites.resolve,
  });
  guarded = createOutboundClient({ allowPrivate: false, resolve: sites.resolve });
});
afterAll(async () => {
  await Promise.all([client.close(), guarded.close()]);
  await sites.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools} cascade`);
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-logos-"));
  sites.requests.length = 0;
});

const storage = () => createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" });
/** What the stored file is, read back from the uploads directory. */
async function storedImage(url: string) {
  const bytes = fs.readFileSync(path.join(uploadsDir, url.replace(/^\/uploads\//, "")));
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
}

describe("fetchWebsiteLogo", () => {
  test("picks the apple-touch-icon over the icon link, og:image and favicon, re-encoded as WebP", async () => {
    const logo = await fetchWebsiteLogo(sites.url("full.test"), { client });
    expect(logo).toMatchObject({ source: "apple-touch-icon", contentType: "image/webp", extension: "webp" });
    expect(logo.sourceUrl).toBe(sites.url("full.test", "/apple.png"));
    expect(await sharp(logo.body).metadata()).toMatchObject({ format: "webp", width: 180, height: 180 });
    // The best candidate served: nothing else was fetched.
    expect(sites.requests).toEqual(["full.test/", "full.test/apple.png"]);
  });

  test("follows og:image when the page names no icon", async () => {
    const logo = await fetchWebsiteLogo(sites.url("og.test"), { client });
    expect(logo.source).toBe("og:image");
    // Fitted inside 512x512 by the upload's pipeline.
    expect(await sharp(logo.body).metadata()).toMatchObject({ format: "webp", width: 512, height: 269 });
  });

  test("falls back to /favicon.ico, a bitmap ICO, and reads an SVG icon", async () => {
    const ico = await fetchWebsiteLogo(sites.url("ico.test"), { client });
    expect(ico).toMatchObject({ source: "favicon.ico", width: 48, height: 48, contentType: "image/webp" });
    const svg = await fetchWebsiteLogo(sites.url("svg.test"), { client });
    expect(svg).toMatchObject({ source: "icon", width: 512, height: 512, contentType: "image/webp" });
    expect(svg.sourceUrl).toBe(sites.url("svg.test", "/icon.svg"));
  });

  test("rejects a non-image, a file over 5 MB and a tiny icon: no usable logo", async () => {
    expect(await unavailable(fetchWebsiteLogo(sites.url("bad.test"), { client }))).toBe(WEBSITE_LOGO_MESSAGES.notFound);
    // Each candidate was tried, and /favicon.ico (missing) last.
    expect(sites.requests).toEqual([
      "bad.test/",
      "bad.test/fake.png",
      "bad.test/huge.png",
      "bad.test/tiny.png",
      "bad.test/favicon.ico",
    ]);
  });

  test("says a site that fails or does not exist cannot be reached", async () => {
    expect(await unavailable(fetchWebsiteLogo(sites.url("down.test"), { client }))).toBe(
      WEBSITE_LOGO_MESSAGES.unreachable,
    );
    expect(await unavailable(fetchWebsiteLogo(sites.url("nowhere.test"), { client }))).toBe(
      WEBSITE_LOGO_MESSAGES.unreachable,
    );
    expect(await unavailable(fetchWebsiteLogo("not a url", { client }))).toBe(WEBSITE_LOGO_MESSAGES.unreachable);
  });

  test("refuses a private address through the guard, by name or literal, before any request", async () => {
    expect(await unavailable(fetchWebsiteLogo(sites.url("full.test"), { client: guarded }))).toBe(
      WEBSITE_LOGO_MESSAGES.refused,
    );
    expect(await unavailable(fetchWebsiteLogo(`http://127.0.0.1:${sites.port}/`, { client: guarded }))).toBe(
      WEBSITE_LOGO_MESSAGES.refused,
    );
    expect(await unavailable(fetchWebsiteLogo("http://169.254.169.254/latest/", { client: guarded }))).toBe(
      WEBSITE_LOGO_MESSAGES.refused,
    );
    expect(sites.requests).toEqual([]);
  });

  test("gives up on an icon that does not answer in time, and stops trying once the time is spent", async () => {
    const logo = await fetchWebsiteLogo(sites.url("slow.test"), { client, timeoutMs: 200 });
    expect(logo).toMatchObject({ source: "icon", width: 64 });
    sites.requests.length = 0;
    const spent = fetchWebsiteLogo(sites.url("slow.test"), { client, timeoutMs: 200, totalTimeMs: 100 });
    expect(await unavailable(spent)).toBe(WEBSITE_LOGO_MESSAGES.notFound);
    // The slow icon used the time up: the next one was not asked for.
    expect(sites.requests).toEqual(["slow.test/", "slow.test/slow.png"]);
  });

  test("skips an icon on a refused address and takes the next", async () => {
    const logo = await fetchWebsiteLogo(sites.url("sneaky.test"), { client });
    expect(logo).toMatchObject({ source: "icon", width: 64, height: 64 });
    expect(sites.requests).toEqual(["sneaky.test/", "sneaky.test/icon.png"]);
  });
});

describe("fillToolLogoFromWebsite", () => {
  test("stores the re-encoded logo, sets it as the tool's image and logs the change", async () => {
    const [tool] = await insertTools(database.db, { name: "Full", website: sites.url("full.test"), image: null });
    const { url } = await fillToolLogoFromWebsite({
      db: database.db,
      storage: storage(),
      toolId: tool!.id,
      author,
      client,
    });
    expect(url).toMatch(/^\/uploads\/tool-logos\/[0-9a-f-]{36}\.webp$/);
    expect(await storedImage(url)).toEqual({ format: "webp", width: 180, height: 180 });
    const [saved] = await database.db.select().from(tools).where(eq(tools.id, tool!.id));
    expect(saved!.image).toBe(url);
    const changes = await database.db.select().from(toolChanges).where(eq(toolChanges.toolId, tool!.id));
    expect(changes).toMatchObject([{ field: "image", before: null, after: url, actorName: "Ada Admin" }]);
  });

  test("leaves the tool as it was when nothing is usable, or it has no website", async () => {
    const [bad, bare] = await insertTools(
      database.db,
      { name: "Bad", website: sites.url("bad.test"), image: null },
      { name: "Bare", website: null, image: null },
    );
    const fill = (toolId: string) =>
      fillToolLogoFromWebsite({ db: database.db, storage: storage(), toolId, author, client });
    expect(await unavailable(fill(bad!.id))).toBe(WEBSITE_LOGO_MESSAGES.notFound);
    expect(await unavailable(fill(bare!.id))).toBe(WEBSITE_LOGO_MESSAGES.noWebsite);
    const images = await database.db.select({ image: tools.image }).from(tools);
    expect(images).toEqual([{ image: null }, { image: null }]);
    expect(fs.readdirSync(uploadsDir)).toEqual([]);
    expect(await database.db.select().from(toolChanges)).toEqual([]);
  });
});
