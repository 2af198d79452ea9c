import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { DEFAULT_SITE_BRANDING, type SiteBranding } from "~/lib/site";
import { env, type Env } from "./env.server";

/** An image the operator configured, read once at start and served by the app at `path`. */
export type BrandAsset = { path: string; body: Buffer; contentType: string };

const IMAGE_TYPES: Record<string, string> = {
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
};

/** The address browsers fetch a configured image from; versioned by content so a new file is fetched at once. */
const BRAND_PATH_PREFIX = "/brand/";

function readBrandAsset(setting: string, file: string, name: "logo" | "favicon"): { asset: BrandAsset; url: string } {
  const extension = path.extname(file).toLowerCase();
  const contentType = IMAGE_TYPES[extension];
  if (!contentType) {
    throw new Error(`${setting}: "${file}" is not an image this app serves (${Object.keys(IMAGE_TYPES).join(", ")})`);
  }
  let body: Buffer;
  try {
    body = fs.readFileSync(path.resolve(file));
  } catch (error) {
    throw new Error(`${setting}: cannot read "${file}" (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  const assetPath = `${BRAND_PATH_PREFIX}${name}${extension}`;
  const version = createHash("sha256").update(body).digest("hex").slice(0, 12);
  return { asset: { path: assetPath, body, contentType }, url: `${assetPath}?v=${version}` };
}

type BrandingSettings = Pick<
  Env,
  "SITE_NAME" | "SITE_TAGLINE" | "SITE_DESCRIPTION" | "SITE_LOGO_PATH" | "SITE_FAVICON_PATH"
>;

/**
 * The site's name, texts and images from the configuration. A logo or favicon that cannot be read
 * stops the start with the setting's name, like any other bad setting.
 */
export function loadBranding(settings: BrandingSettings): { branding: SiteBranding; assets: BrandAsset[] } {
  const logo = settings.SITE_LOGO_PATH ? readBrandAsset("SITE_LOGO_PATH", settings.SITE_LOGO_PATH, "logo") : null;
  const favicon = settings.SITE_FAVICON_PATH
    ? readBrandAsset("SITE_FAVICON_PATH", settings.SITE_FAVICON_PATH, "favicon")
    : null;
  const branding: SiteBranding = Object.freeze({
    name: settings.SITE_NAME,
    tagline: settings.SITE_TAGLINE,
    description: settings.SITE_DESCRIPTION,
    logoUrl: logo?.url ?? null,
    faviconUrl: favicon?.url ?? DEFAULT_SITE_BRANDING.faviconUrl,
  });
  return { branding, assets: [logo, favicon].flatMap((image) => (image ? [image.asset] : [])) };
}

const loaded = loadBranding(env);

/** This server's branding: what every page, feed, email and API document calls the site. */
export const siteBranding: SiteBranding = loaded.branding;

/** The configured logo and favicon, for the HTTP server to answer at their fixed addresses. */
export const brandAssets: readonly BrandAsset[] = loaded.assets;

/**
 * Answers GET of the configured images at their fixed addresses; anything else passes on. nosniff,
 * and an SVG opened on its own runs no script, as with uploads.
 */
export function serveBrandAssets(assets: readonly BrandAsset[] = brandAssets): RequestHandler {
  const byPath = new Map(assets.map((asset) => [asset.path, asset]));
  return (req, res, next) => {
    const asset = req.method === "GET" || req.method === "HEAD" ? byPath.get(req.path) : undefined;
    if (!asset) return next();
    res.setHeader("Content-Type", asset.contentType);
    res.setHeader("Cache-Control", "public, max-age=86400");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'");
    res.end(asset.body);
  };
}
