import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "~/lib/article-form";
import { createOutboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";
import { createLocalStorage } from "../storage/local-storage.server";
import { startFakeIconWebsites, type FakeIconWebsites } from "../../../tests/fakes/icon-websites";
import { makePng } from "../../../tests/setup/images";
import { articleImageProblems, imageAddressProblem } from "./article-images.server";

// An article's pictures must be pictures (issue 34, decision 183), asked of a loopback site through
// the outbound guard: one client allowed to reach it (as a public site would be reached), and the
// process's default policy, which refuses loopback like any private address.

let site: FakeIconWebsites;
let client: OutboundClient;
let guarded: OutboundClient;
const storage = createLocalStorage({
  rootDir: fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-article-images-")),
  publicPath: "/uploads",
});

beforeAll(async () => {
  site = await startFakeIconWebsites({
    "images.test": {
      "/cover.png": { type: "image/png", body: await makePng(32, 32) },
      "/photo.jpg": { type: "image/jpeg; charset=binary", body: Buffer.from([0xff, 0xd8, 0xff]) },
      "/page": { type: "text/html; charset=utf-8", body: "<p>Not a picture</p>" },
      "/gone.png": { status: 500, type: "image/png", body: "" },
    },
  });
  client = createOutboundClient({ allowPrivate: false, allowAddress: (a) => a === "127.0.0.1", resolve: site.resolve });
  guarded = createOutboundClient({ allowPrivate: false, resolve: site.resolve });
});
afterAll(async () => {
  await Promise.all([client.close(), guarded.close()]);
  await site.close();
});
beforeEach(() => {
  site.requests.length = 0;
});

const check = (address: string, via = client) => imageAddressProblem(address, { storage, client: via });

describe("imageAddressProblem", () => {
  it("takes an address that answers with an image content type", async () => {
    expect(await check(site.url("images.test", "/cover.png"))).toBeNull();
    expect(await check(site.url("images.test", "/photo.jpg"))).toBeNull();
  });

  it("refuses a page, a failed answer and a missing file, each with its sentence", async () => {
    expect(await check(site.url("images.test", "/page"))).toBe(IMAGE_MESSAGES.notAnImage);
    expect(await check(site.url("images.test", "/gone.png"))).toBe(IMAGE_MESSAGES.unreachable);
    expect(await check(site.url("images.test", "/missing.png"))).toBe(IMAGE_MESSAGES.unreachable);
    expect(await check(site.url("unknown.test", "/a.png"))).toBe(IMAGE_MESSAGES.unreachable);
  });

  it("refuses an address on this server's network through the guard, without asking it", async () => {
    expect(await check(site.url("images.test", "/cover.png"), guarded)).toBe(IMAGE_MESSAGES.notPublic);
    expect(site.requests).toEqual([]);
  });

  it("takes an uploaded file of this site without fetching, and refuses any other path", async () => {
    expect(await check("/uploads/article-images/cover.webp")).toBeNull();
    expect(await check("/og/site.png")).toBe(IMAGE_MESSAGES.notPublic);
    expect(site.requests).toEqual([]);
  });
});

describe("articleImageProblems", () => {
  it("asks only for pictures the save adds, and names the field of each refusal", async () => {
    const page = site.url("images.test", "/page");
    const cover = site.url("images.test", "/cover.png");
    const before = { image: page, content: `<p><img src="${page}" /></p>` };
    // The stored cover and picture are not asked again, however they answer now.
    expect(await articleImageProblems(before, before, { storage, client })).toEqual({});
    expect(site.requests).toEqual([]);

    const after = { image: cover, content: `${before.content}<p><img src="${page}?new=1" /></p>` };
    expect(await articleImageProblems(after, before, { storage, client })).toEqual({
      content: IMAGE_MESSAGES.inContent(`${page}?new=1`, IMAGE_MESSAGES.notAnImage),
    });
    expect(await articleImageProblems({ image: page, content: "<p>Text</p>" }, null, { storage, client })).toEqual({
      image: IMAGE_MESSAGES.notAnImage,
    });
  });
});
