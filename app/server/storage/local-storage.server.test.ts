import fs from "node:fs";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, serveLocalUploads } from "./local-storage.server";

let rootDir: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  rootDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-local-storage-"));
  const app = express();
  app.use("/uploads", serveLocalUploads(rootDir));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(rootDir, { recursive: true, force: true });
});

describe("the local storage driver", () => {
  it("writes the file under its key and answers its public path", async () => {
    const storage = createLocalStorage({ rootDir, publicPath: "/uploads" });
    const stored = await storage.put({
      key: "tool-logos/abc.webp",
      body: Buffer.from("RIFF....WEBP"),
      contentType: "image/webp",
    });

    expect(stored).toEqual({ key: "tool-logos/abc.webp", url: "/uploads/tool-logos/abc.webp" });
    expect(fs.readFileSync(path.join(rootDir, "tool-logos/abc.webp"), "latin1")).toBe("RIFF....WEBP");
    // Nothing half-written is left beside it.
    expect(fs.readdirSync(path.join(rootDir, "tool-logos"))).toEqual(["abc.webp"]);
  });

  it.each([
    "../outside.png",
    "/etc/passwd",
    "tool-logos/../../x.png",
    "tool-logos//x.png",
    "",
    ".hidden.png",
    "a b.png",
  ])("refuses the key %j", async (key) => {
    const storage = createLocalStorage({ rootDir, publicPath: "/uploads" });
    await expect(storage.put({ key, body: "x", contentType: "image/png" })).rejects.toThrow(/Invalid storage key/);
  });

  it("reads a key back from the address it handed out, and from no other", async () => {
    const storage = createLocalStorage({ rootDir, publicPath: "/uploads" });
    const { url } = await storage.put({ key: "tool-logos/abc.webp", body: "x", contentType: "image/webp" });

    expect(storage.keyOf(url)).toBe("tool-logos/abc.webp");
    expect(storage.keyOf("https://elsewhere.example/uploads/tool-logos/abc.webp")).toBeNull();
    expect(storage.keyOf("/uploads/../secrets.png")).toBeNull();
    expect(storage.keyOf("/uploads/%E0%A4%A.png")).toBeNull();
  });
});

describe("serving local uploads", () => {
  beforeAll(() => {
    fs.mkdirSync(path.join(rootDir, "tool-logos"), { recursive: true });
    fs.writeFileSync(path.join(rootDir, "tool-logos/served.webp"), "webp bytes");
    fs.writeFileSync(path.join(rootDir, "tool-logos/chatgpt.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    fs.writeFileSync(path.join(rootDir, "tool-logos/page.html"), "<script>alert(1)</script>");
    fs.writeFileSync(path.join(rootDir, "tool-logos/notes.txt"), "text");
  });

  it("serves an image with its own type and nosniff", async () => {
    const response = await fetch(`${origin}/uploads/tool-logos/served.webp`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/webp");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toBe("webp bytes");
  });

  it("serves the seed's SVG monograms as SVG under a policy that keeps script inert", async () => {
    const response = await fetch(`${origin}/uploads/tool-logos/chatgpt.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
  });

  it.each(["tool-logos/page.html", "tool-logos/notes.txt", "tool-logos", "tool-logos/", "tool-logos/missing.png"])(
    "answers 404 for /uploads/%s",
    async (file) => {
      const response = await fetch(`${origin}/uploads/${file}`);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    },
  );

  it("never serves a file outside the folder", async () => {
    const secret = path.join(path.dirname(rootDir), `${path.basename(rootDir)}-secret.png`);
    fs.writeFileSync(secret, "secret");
    try {
      // fetch would resolve the dots itself; a raw request sends them as they are.
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get(`${origin}/uploads/..%2f${path.basename(secret)}`, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on("error", reject);
      });
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    } finally {
      fs.rmSync(secret);
    }
  });

  it("only reads", async () => {
    const response = await fetch(`${origin}/uploads/tool-logos/served.webp`, { method: "POST", body: "x" });
    expect(response.status).toBe(405);
  });
});
