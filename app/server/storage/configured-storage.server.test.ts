import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startFakeS3, type FakeS3 } from "../../../tests/fakes/s3";
import { configuredStorage } from "./configured-storage.server";

let s3: FakeS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startFakeS3({ bucket: "logos", region: "auto" });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-configured-storage-"));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const unset = {
  S3_BUCKET: undefined,
  S3_ENDPOINT: undefined,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: undefined,
  S3_SECRET_ACCESS_KEY: undefined,
  S3_PUBLIC_URL: undefined,
};

describe("configuredStorage", () => {
  it("without S3_BUCKET writes under DATA_DIR/uploads and answers /uploads URLs", async () => {
    const storage = configuredStorage({ ...unset, NODE_ENV: "production", dataDir });
    const stored = await storage.put({ key: "tool-logos/a.webp", body: Buffer.from("a"), contentType: "image/webp" });
    expect(stored.url).toBe("/uploads/tool-logos/a.webp");
    expect(fs.readFileSync(path.join(dataDir, "uploads/tool-logos/a.webp"), "utf8")).toBe("a");
  });

  it("with S3_BUCKET puts files in the bucket; in production their URLs are https", async () => {
    const settings = {
      ...unset,
      dataDir,
      S3_BUCKET: "logos",
      S3_ENDPOINT: s3.origin,
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    };
    const production = await configuredStorage({ ...settings, NODE_ENV: "production" }).put({
      key: "tool-logos/b.webp",
      body: Buffer.from("b"),
      contentType: "image/webp",
    });
    expect(production.url).toBe(`https://127.0.0.1:${s3.port}/logos/tool-logos/b.webp`);
    expect(s3.object("tool-logos/b.webp")?.body.toString()).toBe("b");

    const development = await configuredStorage({
      ...settings,
      NODE_ENV: "development",
      S3_PUBLIC_URL: "http://cdn.localhost/",
    }).put({
      key: "tool-logos/c.webp",
      body: Buffer.from("c"),
      contentType: "image/webp",
    });
    expect(development.url).toBe("http://cdn.localhost/tool-logos/c.webp");
    expect(fs.existsSync(path.join(dataDir, "uploads/tool-logos/b.webp"))).toBe(false);
  });
});

describe("the S3 settings in env.server.ts", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });
  const loadEnv = async () => (await import("../env.server")).env;

  it("are unset by default, with us-east-1 as the region", async () => {
    vi.resetModules();
    const env = await loadEnv();
    expect(env.S3_REGION).toBe("us-east-1");
    expect([env.S3_BUCKET, env.S3_ENDPOINT, env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY, env.S3_PUBLIC_URL]).toEqual(
      [undefined, undefined, undefined, undefined, undefined],
    );
  });

  it("are read when given, an empty value counting as unset", async () => {
    vi.stubEnv("S3_BUCKET", "logos");
    vi.stubEnv("S3_ENDPOINT", "http://127.0.0.1:9000");
    vi.stubEnv("S3_REGION", "auto");
    vi.stubEnv("S3_ACCESS_KEY_ID", "id");
    vi.stubEnv("S3_SECRET_ACCESS_KEY", "secret");
    vi.stubEnv("S3_PUBLIC_URL", "");
    vi.resetModules();
    const env = await loadEnv();
    expect(env).toMatchObject({
      S3_BUCKET: "logos",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "auto",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(env.S3_PUBLIC_URL).toBeUndefined();
  });

  it("refuse half a key pair and an endpoint that is no URL", async () => {
    vi.stubEnv("S3_ACCESS_KEY_ID", "id");
    vi.stubEnv("S3_ENDPOINT", "minio:9000");
    vi.resetModules();
    const error = await loadEnv().then(
      () => null,
      (thrown: Error) => thrown,
    );
    expect(error?.message).toContain("S3_ENDPOINT: must be an http(s) URL");
    expect(error?.message).toContain(
      "S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    );
  });
});
