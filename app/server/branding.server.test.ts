import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_SITE_BRANDING } from "~/lib/site";
import { loadBranding, serveBrandAssets, siteBranding } from "./branding.server";
import { env } from "./env.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-brand-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const unset = { SITE_LOGO_PATH: undefined, SITE_FAVICON_PATH: undefined };

describe("branding defaults", () => {
  it("is Aitlas with the spec's tagline and description when nothing is configured", () => {
    expect(siteBranding).toEqual(DEFAULT_SITE_BRANDING);
    expect(siteBranding.name).toBe("Aitlas");
    expect(siteBranding.tagline).toBe(
      "A free and impartial directory for discovering and comparing the latest AI tools.",
    );
    expect(siteBranding.faviconUrl).toBe("/favicon.svg");
    expect(siteBranding.logoUrl).toBeNull();
  });

  it("names the footer's company and the mail sender after the site unless they are set", () => {
    expect(env.COMPANY_NAME).toBe("Aitlas");
    expect(env.MAIL_FROM).toBe("Aitlas <no-reply@localhost>");
  });
});

describe("loadBranding", () => {
  it("takes the configured name and texts", () => {
    const { branding, assets } = loadBranding({
      ...unset,
      SITE_NAME: "Acme Finder",
      SITE_TAGLINE: "Tools we trust.",
      SITE_DESCRIPTION: "Acme's own list.",
    });
    expect(branding).toEqual({
      name: "Acme Finder",
      tagline: "Tools we trust.",
      description: "Acme's own list.",
      logoUrl: null,
      faviconUrl: "/favicon.svg",
    });
    expect(assets).toEqual([]);
  });

  it("reads a logo and favicon once and gives each a fixed address versioned by its content", () => {
    const logo = path.join(dir, "logo.PNG");
    const favicon = path.join(dir, "icon.ico");
    fs.writeFileSync(logo, "png bytes");
    fs.writeFileSync(favicon, "ico bytes");
    const first = loadBranding({ ...DEFAULT_SETTINGS, SITE_LOGO_PATH: logo, SITE_FAVICON_PATH: favicon });
    expect(first.branding.logoUrl).toMatch(/^\/brand\/logo\.png\?v=[0-9a-f]{12}$/);
    expect(first.branding.faviconUrl).toMatch(/^\/brand\/favicon\.ico\?v=[0-9a-f]{12}$/);
    expect(first.assets.map(({ path: at, contentType }) => [at, contentType])).toEqual([
      ["/brand/logo.png", "image/png"],
      ["/brand/favicon.ico", "image/x-icon"],
    ]);

    fs.writeFileSync(logo, "other png bytes");
    const second = loadBranding({ ...DEFAULT_SETTINGS, SITE_LOGO_PATH: logo });
    expect(second.branding.logoUrl).not.toBe(first.branding.logoUrl);
  });

  it("stops with the setting's name when the file is missing or not an image it serves", () => {
    expect(() => loadBranding({ ...DEFAULT_SETTINGS, SITE_LOGO_PATH: path.join(dir, "missing.svg") })).toThrow(
      /SITE_LOGO_PATH: cannot read ".*missing\.svg" \(ENOENT\)/,
    );
    const page = path.join(dir, "page.html");
    fs.writeFileSync(page, "<script>alert(1)</script>");
    expect(() => loadBranding({ ...DEFAULT_SETTINGS, SITE_FAVICON_PATH: page })).toThrow(
      /SITE_FAVICON_PATH: ".*page\.html" is not an image/,
    );
  });
});

describe("serveBrandAssets", () => {
  it("answers the configured image at its address with its type and nosniff, and passes on anything else", async () => {
    const svg = path.join(dir, "mark.svg");
    fs.writeFileSync(svg, "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const { assets } = loadBranding({ ...DEFAULT_SETTINGS, SITE_LOGO_PATH: svg });
    const app = express();
    app.use(serveBrandAssets(assets));
    app.use((_req, res) => void res.status(404).send("next"));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const image = await fetch(`${origin}/brand/logo.svg?v=anything`);
      expect(image.status).toBe(200);
      expect(image.headers.get("content-type")).toBe("image/svg+xml");
      expect(image.headers.get("x-content-type-options")).toBe("nosniff");
      expect(image.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(await image.text()).toBe("<svg xmlns='http://www.w3.org/2000/svg'/>");

      const other = await fetch(`${origin}/brand/favicon.svg`);
      expect(other.status).toBe(404);
      expect(await other.text()).toBe("next");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

const DEFAULT_SETTINGS = {
  ...unset,
  SITE_NAME: DEFAULT_SITE_BRANDING.name,
  SITE_TAGLINE: DEFAULT_SITE_BRANDING.tagline,
  SITE_DESCRIPTION: DEFAULT_SITE_BRANDING.description,
};
