import fs from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/logo-upload";
import { LOGO_DIMENSIONS_MESSAGE, LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from "~/lib/logo-upload";
import type { AppServices } from "~/server/context.server";
import { sendFetchResponse, toFetchRequest } from "~/server/http/fetch-adapter.server";
import { lingerAfterEarlyAnswers } from "~/server/http/lingering-close.server";
import type { FileStorage } from "~/server/storage/local-storage.server";
import { createS3Storage } from "~/server/storage/s3-storage.server";
import { startFakeS3, type FakeS3 } from "../../../tests/fakes/s3";
import {
  HTML_PAGE,
  makeGif,
  makeJpegWithExif,
  makePng,
  makePngClaiming,
  makePngWithExif,
  makeWebp,
  SVG_IMAGE,
} from "../../../tests/setup/images";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// POST /admin/uploads/logo as the tool form's Logo field sends it: the file's raw bytes as the
// body, real sessions, real images made with sharp, files written to a temporary folder.

let database: TestDatabase;
let services: TestServices;
let admin: { cookie: string };
let member: { cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  member = await createSignedInUser(services, "member@example.com");
});
afterAll(() => database.dispose());

beforeEach(() => {
  fs.rmSync(services.uploadsDir, { recursive: true, force: true });
  fs.mkdirSync(services.uploadsDir, { recursive: true });
});

/** Every file under the uploads folder, relative to it. */
function storedFiles(): string[] {
  return (fs.readdirSync(services.uploadsDir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(services.uploadsDir, name)).isFile())
    .sort();
}

type UploadOptions = {
  cookie?: string | null;
  origin?: string | null;
  contentType?: string;
  headers?: Record<string, string>;
  using?: AppServices;
};

async function upload(
  body: BodyInit | Uint8Array,
  { cookie = admin.cookie, origin = TEST_SITE_URL, contentType, headers = {}, using = services }: UploadOptions = {},
) {
  const requestHeaders = new Headers(headers);
  if (origin) requestHeaders.set("origin", origin);
  if (cookie) requestHeaders.set("cookie", cookie);
  if (contentType) requestHeaders.set("content-type", contentType);
  const request = new Request(`${TEST_SITE_URL}/admin/uploads/logo`, {
    method: "POST",
    headers: requestHeaders,
    body: body as BodyInit,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const context = await contextFor(using, request);
  // A resource route's thrown Response (the guards' refusals) goes out as it is, as React Router sends it.
  const response = (await (action({ request, params: {}, context } as never) as Promise<unknown>).catch(
    (thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    },
  )) as Response;
  expect(response).toBeInstanceOf(Response);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return {
    status: response.status,
    body: (await response.json()) as { ok?: boolean; data?: { url: string }; formError?: string; error?: string },
  };
}

const STORED_URL = /^\/uploads\/tool-logos\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.webp$/;

describe("an administrator's upload", () => {
  it.each([
    ["PNG", makePng, "image/png"],
    ["WebP", makeWebp, "image/webp"],
    ["JPEG declared as image/jpg", makeJpegWithExif, "image/jpg"],
  ])("stores a %s re-encoded as WebP under a new name and answers its URL", async (_name, make, contentType) => {
    const { status, body } = await upload(await make(300, 200), { contentType });

    expect(status).toBe(200);
    expect(body.data?.url).toMatch(STORED_URL);
    expect(storedFiles()).toEqual([body.data!.url.replace("/uploads/", "")]);
    const stored = fs.readFileSync(path.join(services.uploadsDir, body.data!.url.replace("/uploads/", "")));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "webp", width: 300, height: 200 });
  });

  it("judges by content, not by the declared type", async () => {
    const { status, body } = await upload(await makePng(), { contentType: "application/octet-stream" });
    expect(status).toBe(200);
    expect(body.data?.url).toMatch(STORED_URL);
  });

  it.each([
    ["JPEG", makeJpegWithExif],
    ["PNG", makePngWithExif],
  ])("strips a %s's EXIF metadata", async (_name, make) => {
    const original = await make();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const { body } = await upload(original, { contentType: "image/jpeg" });
    const stored = fs.readFileSync(path.join(services.uploadsDir, body.data!.url.replace("/uploads/", "")));
    const metadata = await sharp(stored).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.toString("latin1")).not.toContain("Private Person");
  });

  it("shrinks a large logo to fit inside 512x512", async () => {
    const { body } = await upload(await makePng(2000, 1000), { contentType: "image/png" });
    const stored = fs.readFileSync(path.join(services.uploadsDir, body.data!.url.replace("/uploads/", "")));
    expect(await sharp(stored).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it("gives every upload its own name, even of the same file", async () => {
    const png = await makePng();
    const first = await upload(png, { contentType: "image/png" });
    const second = await upload(png, { contentType: "image/png" });
    expect(first.body.data?.url).not.toBe(second.body.data?.url);
    expect(storedFiles()).toHaveLength(2);
  });

  it("accepts a file of exactly 5 MB", async () => {
    const png = await makePng();
    const exactly = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES - png.length)]);
    expect(exactly.length).toBe(5 * 1024 * 1024);

    const { status, body } = await upload(exactly, { contentType: "image/png" });
    expect(status).toBe(200);
    expect(body.data?.url).toMatch(STORED_URL);
  });
});

describe("files that are refused, with nothing stored", () => {
  it("an HTML page named logo.png and declared as image/png: 415", async () => {
    const file = new File([HTML_PAGE], "logo.png", { type: "image/png" });
    expect(await upload(file, { contentType: file.type })).toEqual({
      status: 415,
      body: { ok: false, formError: LOGO_TYPE_MESSAGE, code: "unsupported-media-type" },
    });
    expect(storedFiles()).toEqual([]);
  });

  it.each([
    ["an SVG", SVG_IMAGE, "image/svg+xml"],
    ["an SVG declared as image/png", SVG_IMAGE, "image/png"],
    ["a GIF", null, "image/gif"],
    ["an empty body", Buffer.alloc(0), "image/png"],
  ])("%s: 415", async (_name, bytes, contentType) => {
    const body = bytes ?? (await makeGif());
    expect(await upload(body, { contentType })).toEqual({
      status: 415,
      body: { ok: false, formError: LOGO_TYPE_MESSAGE, code: "unsupported-media-type" },
    });
    expect(storedFiles()).toEqual([]);
  });

  it("a PNG cut off halfway: 400 with the same message, never a 500", async () => {
    const png = await makePng(200, 200);
    expect(await upload(png.subarray(0, png.length >> 1), { contentType: "image/png" })).toEqual({
      status: 400,
      body: { ok: false, formError: LOGO_TYPE_MESSAGE, code: "bad-request" },
    });
    expect(storedFiles()).toEqual([]);
  });

  it("a tiny PNG declaring 30000x30000 pixels: 400, not decoded", async () => {
    const bomb = await makePngClaiming(30_000, 30_000);
    expect(await upload(bomb, { contentType: "image/png" })).toEqual({
      status: 400,
      body: { ok: false, formError: LOGO_DIMENSIONS_MESSAGE, code: "bad-request" },
    });
    expect(storedFiles()).toEqual([]);
  });

  it("5 MB and 1 byte: 413", async () => {
    const png = await makePng();
    const oversized = Buffer.concat([png, Buffer.alloc(LOGO_MAX_BYTES + 1 - png.length)]);
    const { status, body } = await upload(oversized, { contentType: "image/png" });
    expect({ status, body }).toEqual({
      status: 413,
      body: { ok: false, formError: LOGO_SIZE_MESSAGE, code: "payload-too-large" },
    });
    expect(storedFiles()).toEqual([]);
  });

  /** A body streamed in 64 KB chunks that records how much of it was pulled. */
  function countingStream(total: number) {
    const counter = { pulled: 0 };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (counter.pulled >= total) return controller.close();
          const size = Math.min(65_536, total - counter.pulled);
          counter.pulled += size;
          controller.enqueue(new Uint8Array(size));
        },
      },
      { highWaterMark: 0 },
    );
    return { stream, counter };
  }

  it("a Content-Length over 5 MB: 413 before a byte of the body is read", async () => {
    const { stream, counter } = countingStream(50 * 1024 * 1024);
    const result = await upload(stream, {
      contentType: "image/png",
      headers: { "content-length": String(50 * 1024 * 1024) },
    });
    expect(result).toEqual({
      status: 413,
      body: { ok: false, formError: LOGO_SIZE_MESSAGE, code: "payload-too-large" },
    });
    expect(counter.pulled).toBe(0);
  });

  it("a chunked 50 MB body without Content-Length: 413 once 5 MB have passed, the rest never read", async () => {
    const { stream, counter } = countingStream(50 * 1024 * 1024);
    const result = await upload(stream, { contentType: "image/png" });
    expect(result).toEqual({
      status: 413,
      body: { ok: false, formError: LOGO_SIZE_MESSAGE, code: "payload-too-large" },
    });
    expect(counter.pulled).toBeGreaterThan(LOGO_MAX_BYTES);
    expect(counter.pulled).toBeLessThan(LOGO_MAX_BYTES + 256 * 1024);
    expect(storedFiles()).toEqual([]);
  });
});

describe("who may upload", () => {
  it("a signed-in member who is not an administrator: 403, nothing stored", async () => {
    expect(await upload(await makePng(), { cookie: member.cookie, contentType: "image/png" })).toEqual({
      status: 403,
      body: { error: "Administrator access required", code: "forbidden" },
    });
    expect(storedFiles()).toEqual([]);
  });

  it("a visitor who is not signed in: 403, nothing stored", async () => {
    expect((await upload(await makePng(), { cookie: null, contentType: "image/png" })).status).toBe(403);
    expect(storedFiles()).toEqual([]);
  });

  it("an administrator's browser made to post from another site: 403, nothing stored", async () => {
    const crossSite = await upload(await makePng(), { origin: "https://evil.example", contentType: "image/png" });
    expect(crossSite).toEqual({
      status: 403,
      body: { error: "This request did not come from this site.", code: "cross-site" },
    });
    expect((await upload(await makePng(), { origin: null, contentType: "image/png" })).status).toBe(403);
    expect(storedFiles()).toEqual([]);
  });
});

describe("storage", () => {
  it("a storage failure: 502 'Failed to upload logo', logged rather than shown", async () => {
    const broken: FileStorage = {
      ...services.storage,
      put: async () => {
        throw new Error("disk full");
      },
    };
    const result = await upload(await makePng(), { contentType: "image/png", using: { ...services, storage: broken } });
    expect(result).toEqual({
      status: 502,
      body: { ok: false, formError: "Failed to upload logo", code: "bad-gateway" },
    });
  });

  describe("on S3-compatible storage", () => {
    let s3: FakeS3;
    beforeAll(async () => {
      s3 = await startFakeS3({ bucket: "logos" });
    });
    afterAll(() => s3.close());

    it("puts the logo in the bucket under tool-logos/ and answers its https URL", async () => {
      const storage = createS3Storage({
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.origin,
        accessKeyId: s3.accessKeyId,
        secretAccessKey: s3.secretAccessKey,
        forceHttps: true,
      });
      const { status, body } = await upload(await makeJpegWithExif(), {
        contentType: "image/jpeg",
        using: { ...services, storage },
      });

      expect(status).toBe(200);
      const [key] = s3.keys();
      expect(key).toMatch(/^tool-logos\/[0-9a-f-]{36}\.webp$/);
      expect(body.data?.url).toBe(`https://127.0.0.1:${s3.port}/logos/${key}`);
      const object = s3.object(key!)!;
      expect(object.contentType).toBe("image/webp");
      expect((await sharp(object.body).metadata()).exif).toBeUndefined();
      expect(storedFiles()).toEqual([]);
    });
  });
});

describe("over HTTP, through the server's request adapter", () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    const app = express();
    app.post("/admin/uploads/logo", async (req, res, next) => {
      try {
        const request = toFetchRequest(req, res);
        const response = (await action({
          request,
          params: {},
          context: await contextFor(services, request),
        } as never)) as Response;
        await sendFetchResponse(res, response);
      } catch (error) {
        next(error);
      }
    });
    server = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
      lingerAfterEarlyAnswers(listening);
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (body: BodyInit) =>
    fetch(`${origin}/admin/uploads/logo`, {
      method: "POST",
      headers: { origin, cookie: admin.cookie, "content-type": "image/png" },
      body,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);

  it("an image arrives whole and is stored", async () => {
    const response = await post(await makePng());
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { url: string } }).data.url).toMatch(STORED_URL);
  });

  it("a 60 MB upload gets its 413 and message rather than a reset connection", async () => {
    const response = await post(new Uint8Array(60 * 1024 * 1024));
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.json()).toEqual({ ok: false, formError: LOGO_SIZE_MESSAGE, code: "payload-too-large" });
  });

  it("a chunked 60 MB upload is answered 413 long before the sender is done", async () => {
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 60 * 1024 * 1024) return controller.close();
        sent += 65_536;
        controller.enqueue(new Uint8Array(65_536));
      },
    });
    const response = await post(stream);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ ok: false, formError: LOGO_SIZE_MESSAGE, code: "payload-too-large" });
    // What the sender had pushed into socket buffers by then, far short of the whole body.
    expect(sent).toBeLessThan(20 * 1024 * 1024);
    expect(storedFiles()).toEqual([]);
  });
});

describe("other methods", () => {
  it("a GET is told to POST (405 with Allow), not an error", async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({
      error: "Method not allowed: upload a logo with POST",
      code: "method-not-allowed",
    });
  });
});
