import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeS3, type FakeS3 } from "../../../tests/fakes/s3";
import { createS3Storage, s3PublicUrl } from "./s3-storage.server";

// The real AWS client against a loopback S3 that checks its SigV4 signatures.

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3({ bucket: "logos", region: "us-east-1" });
});
afterAll(() => s3.close());

const storageFor = (overrides: { secretAccessKey?: string; forceHttps?: boolean; publicUrl?: string } = {}) =>
  createS3Storage({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.origin,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: overrides.secretAccessKey ?? s3.secretAccessKey,
    forceHttps: overrides.forceHttps,
    publicUrl: overrides.publicUrl,
  });

describe("the S3 storage driver", () => {
  it("stores the bytes path-style under the key with their type and a long cache lifetime", async () => {
    const body = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);
    const stored = await storageFor().put({ key: "tool-logos/abc-123.webp", body, contentType: "image/webp" });

    expect(stored).toEqual({ key: "tool-logos/abc-123.webp", url: `${s3.origin}/logos/tool-logos/abc-123.webp` });
    const object = s3.object("tool-logos/abc-123.webp");
    expect(object?.body.equals(body)).toBe(true);
    expect(object?.contentType).toBe("image/webp");
    expect(object?.cacheControl).toBe("public, max-age=31536000, immutable");
    const put = s3.requests.findLast((request) => request.method === "PUT")!;
    expect(put.path).toBe("/logos/tool-logos/abc-123.webp");
    // No CRC trailer or aws-chunked encoding, which some S3-compatible stores refuse.
    expect(put.headers["content-encoding"]).toBeUndefined();
    expect(Object.keys(put.headers).filter((name) => name.startsWith("x-amz-checksum"))).toEqual([]);

    // The public URL serves the object.
    const response = await fetch(stored.url);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(Buffer.from(await response.arrayBuffer()).equals(body)).toBe(true);
  });

  it("takes text bodies too (the seed's SVG monograms)", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`;
    await storageFor().put({ key: "tool-logos/chatgpt.svg", body: svg, contentType: "image/svg+xml" });
    expect(s3.object("tool-logos/chatgpt.svg")?.body.toString()).toBe(svg);
    expect(s3.object("tool-logos/chatgpt.svg")?.contentType).toBe("image/svg+xml");
  });

  it("in production hands out https URLs", async () => {
    const stored = await storageFor({ forceHttps: true }).put({
      key: "tool-logos/x.webp",
      body: Buffer.from("x"),
      contentType: "image/webp",
    });
    expect(stored.url).toBe(`https://127.0.0.1:${s3.port}/logos/tool-logos/x.webp`);
  });

  it("fails (and stores nothing) when the store refuses the signature", async () => {
    const before = s3.keys().length;
    await expect(
      storageFor({ secretAccessKey: "not-the-secret" }).put({
        key: "tool-logos/y.webp",
        body: Buffer.from("y"),
        contentType: "image/webp",
      }),
    ).rejects.toThrow(/signature/i);
    expect(s3.keys()).toHaveLength(before);
  });

  it("reads a key back from the address it handed out, and from no other", async () => {
    const { url } = await storageFor({ publicUrl: "https://cdn.example/files/" }).put({
      key: "tool-logos/a-b.webp",
      body: "x",
      contentType: "image/webp",
    });

    expect(storageFor({ publicUrl: "https://cdn.example/files/" }).keyOf(url)).toBe("tool-logos/a-b.webp");
    expect(storageFor().keyOf(`${s3.origin}/logos/tool-logos/x.webp`)).toBe("tool-logos/x.webp");
    expect(storageFor().keyOf("https://cdn.example/files/tool-logos/x.webp")).toBeNull();
    expect(storageFor().keyOf("/uploads/tool-logos/x.webp")).toBeNull();
  });

  it("refuses keys that could escape their folder", async () => {
    await expect(storageFor().put({ key: "../secrets", body: "x", contentType: "text/plain" })).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

describe("s3PublicUrl", () => {
  const base = { bucket: "logos", region: "eu-west-3" };

  it("is the AWS virtual-host address without an endpoint", () => {
    expect(s3PublicUrl(base, "tool-logos/a.webp")).toBe("https://logos.s3.eu-west-3.amazonaws.com/tool-logos/a.webp");
  });

  it("is path-style under a custom endpoint, made https in production", () => {
    expect(s3PublicUrl({ ...base, endpoint: "http://minio.internal:9000/" }, "tool-logos/a.webp")).toBe(
      "http://minio.internal:9000/logos/tool-logos/a.webp",
    );
    expect(
      s3PublicUrl({ ...base, endpoint: "http://minio.internal:9000", forceHttps: true }, "tool-logos/a.webp"),
    ).toBe("https://minio.internal:9000/logos/tool-logos/a.webp");
  });

  it("uses S3_PUBLIC_URL (a CDN) when given", () => {
    expect(
      s3PublicUrl(
        { ...base, endpoint: "http://minio:9000", publicUrl: "http://cdn.example.org/media/" },
        "tool-logos/a.webp",
      ),
    ).toBe("http://cdn.example.org/media/tool-logos/a.webp");
    expect(s3PublicUrl({ ...base, publicUrl: "http://cdn.example.org", forceHttps: true }, "tool-logos/a.webp")).toBe(
      "https://cdn.example.org/tool-logos/a.webp",
    );
  });
});
