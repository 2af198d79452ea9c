import { createHash } from "node:crypto";
import path from "node:path";
import { categoryFromAddress } from "~/lib/categories";
import {
  OG_IMAGE_HEIGHT,
  OG_IMAGE_TYPE,
  OG_IMAGE_WIDTH,
  ogCardBasePath,
  ogCardVersion,
  type OgCard,
} from "~/lib/og-image";
import { AppError } from "~/lib/app-error";
import type { SiteBranding } from "~/lib/site";
import { brandAssets, siteBranding, type BrandAsset } from "../branding.server";
import { findTagBySlug } from "../catalog/tags.server";
import { findToolByIdentifier } from "../catalog/tools.server";
import { findArticleByIdentifier } from "../content/articles.server";
import { loadOnce } from "../load-once.server";
import type { Database } from "../db/client.server";
import { toErrorResponse } from "../http/error-response.server";
import { logger } from "../logger.server";
import { LOGO_MAX_PIXELS, loadSharp } from "../storage/logo-image.server";
import type { FileStorage } from "../storage/local-storage.server";
import { cardLayout, type CardPictures } from "./og-card-layout.server";
import { ogFonts } from "./og-fonts.server";

export const OG_CARD_KINDS = ["tool", "article", "category", "tag"] as const;
export type OgCardKind = (typeof OG_CARD_KINDS)[number];

const isCardKind = (value: string): value is OgCardKind => (OG_CARD_KINDS as readonly string[]).includes(value);

/**
 * The card an address names, read from the database, or null (404): an unknown kind or name, a
 * file not ending in .png, an article that is a draft. Only the canonical name counts, since the
 * address is always built from it.
 */
export async function findOgCard({
  db,
  siteName,
  kind,
  file,
}: {
  db: Database;
  siteName: string;
  kind: string;
  file: string;
}): Promise<OgCard | null> {
  if (!isCardKind(kind) || !file.endsWith(".png")) return null;
  const name = file.slice(0, -".png".length);
  if (!name) return null;
  switch (kind) {
    case "tool": {
      const found = await findToolByIdentifier({ db, identifier: name });
      if (!found?.canonical) return null;
      const { slug, tagline, category, rating, voteCount, image } = found.tool;
      return { kind, siteName, tool: { slug, name: found.tool.name, tagline, category, rating, voteCount, image } };
    }
    case "article": {
      // Drafts are never found here: an administrator's preview is no page to share.
      const found = await findArticleByIdentifier({ db, identifier: name, includeDrafts: false });
      if (!found?.canonical) return null;
      const { slug, title, author, date, image } = found.article;
      return { kind, siteName, article: { slug, title, author, date, image } };
    }
    case "category": {
      const category = categoryFromAddress(name);
      return category ? { kind, siteName, category } : null;
    }
    case "tag": {
      const tag = await findTagBySlug({ db, slug: name });
      return tag && tag.slug === name ? { kind, siteName, tag: { slug: tag.slug, name: tag.name } } : null;
    }
  }
}

// --- Pictures: only our own files, decoded with limits, made small PNGs ---

/** Stored files the cards draw; an SVG is skipped for the monogram (its text needs fonts we do not hand it). */
const RASTER_EXTENSIONS = new Set([".png", ".jpg", ".jpeg", ".webp", ".gif", ".avif"]);

async function pngDataUri(bytes: Buffer, width: number, height: number, fit: "cover" | "contain"): Promise<string> {
  const sharp = await loadSharp();
  const png = await sharp(bytes, { limitInputPixels: LOGO_MAX_PIXELS, failOn: "error", autoOrient: true })
    .resize(width, height, { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString("base64")}`;
}

/**
 * A stored image (an uploaded logo or cover) as a PNG data URI, or null: an outside address is
 * never fetched, and a missing or unreadable file leaves the card without it.
 */
async function storedPicture(
  storage: FileStorage,
  url: string | null,
  size: { width: number; height: number },
): Promise<string | null> {
  const key = url ? storage.keyOf(url) : null;
  if (!key || !RASTER_EXTENSIONS.has(path.extname(key).toLowerCase())) return null;
  try {
    const { body } = await storage.get(key);
    return await pngDataUri(body, size.width, size.height, "cover");
  } catch (error) {
    logger.warn({ err: error, key }, "share image: could not read a stored picture; drawing the card without it");
    return null;
  }
}

let siteLogo: Promise<string | null> | undefined;

/** The configured site logo as a PNG, made once; an image sharp cannot read (an .ico) leaves the drawn mark. */
function siteLogoPicture(branding: SiteBranding, assets: readonly BrandAsset[]): Promise<string | null> {
  const asset = branding.logoUrl ? assets.find((candidate) => candidate.path.includes("/logo.")) : undefined;
  if (!asset) return Promise.resolve(null);
  siteLogo ??= pngDataUri(asset.body, 300, 300, "contain").catch((error: unknown) => {
    logger.warn({ err: error, path: asset.path }, "share image: the site logo is not an image sharp reads");
    return null;
  });
  return siteLogo;
}

// --- Rendering and the cache ---

export type RenderedCard = { png: Buffer; etag: string; version: string };

/**
 * Rendered cards by address and version. A card's version follows every field it shows, so an
 * edit makes a new entry and the old one ages out: nothing has to be purged by hand.
 */
const OG_CACHE_MAX_BYTES = 16 * 1024 * 1024;
const rendered = new Map<string, RenderedCard>();
let renderedBytes = 0;
const inFlight = new Map<string, Promise<RenderedCard>>();

function remember(key: string, card: RenderedCard) {
  rendered.set(key, card);
  renderedBytes += card.png.length;
  // Oldest first: a Map iterates in insertion order, and a hit moves its entry to the end.
  for (const [oldKey, old] of rendered) {
    if (renderedBytes <= OG_CACHE_MAX_BYTES) break;
    rendered.delete(oldKey);
    renderedBytes -= old.png.length;
  }
}

// Satori (and its layout engine) loads with the first card, not with the server: most requests never draw one.
const loadSatori = loadOnce(() => import("satori").then((module) => module.default));

/** The card as a 1200x630 PNG: laid out by satori (SVG), drawn by sharp (librsvg). */
export async function renderOgCardPng(card: OgCard, pictures: CardPictures): Promise<Buffer> {
  const satori = await loadSatori();
  const svg = await satori(cardLayout(card, pictures), {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    fonts: ogFonts(),
  });
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

async function renderFresh(
  card: OgCard,
  { storage, branding, brandAssets }: OgRenderServices,
  version: string,
): Promise<RenderedCard> {
  const picture =
    card.kind === "tool"
      ? await storedPicture(storage, card.tool.image, { width: 220, height: 220 })
      : card.kind === "article"
        ? await storedPicture(storage, card.article.image, { width: 440, height: OG_IMAGE_HEIGHT })
        : null;
  const started = performance.now();
  const png = await renderOgCardPng(card, {
    picture,
    siteLogo: await siteLogoPicture(branding, brandAssets),
    siteTagline: branding.tagline,
  });
  logger.debug({ card: ogCardBasePath(card), ms: Math.round(performance.now() - started) }, "share image rendered");
  const etag = `"${createHash("sha256").update(png).digest("base64url").slice(0, 27)}"`;
  return { png, etag, version };
}

export type OgRenderServices = {
  storage: FileStorage;
  branding: SiteBranding;
  brandAssets: readonly BrandAsset[];
};

/** The card's PNG, from the cache or rendered once however many requests ask at the same time. */
export async function renderOgCard(card: OgCard, services: OgRenderServices): Promise<RenderedCard> {
  const version = ogCardVersion(card);
  // The site card shows the tagline, which its version leaves out (meta functions do not know it).
  const key = `${ogCardBasePath(card)}?v=${version}${card.kind === "site" ? `&t=${services.branding.tagline}` : ""}`;
  const cached = rendered.get(key);
  if (cached) {
    rendered.delete(key);
    rendered.set(key, cached);
    return cached;
  }
  const pending = inFlight.get(key);
  if (pending) return pending;
  const render = renderFresh(card, services, version)
    .then((result) => {
      remember(key, result);
      return result;
    })
    .finally(() => inFlight.delete(key));
  inFlight.set(key, render);
  return render;
}

/** Long enough for a share to be seen, short enough that an unversioned address follows an edit. */
const UNVERSIONED_MAX_AGE = 60 * 60;

/**
 * The image as an HTTP answer: image/png with an ETag (304 when it matches). The versioned address
 * the pages link to is immutable (an edit gives a new one); any other spelling of it is kept an hour.
 * The site card's version leaves the tagline out, so its address is never called immutable.
 */
export function ogImageResponse(request: Request, card: OgCard, result: RenderedCard): Response {
  const versioned = new URL(request.url).searchParams.get("v") === result.version && card.kind !== "site";
  const headers = new Headers({
    "Content-Type": OG_IMAGE_TYPE,
    "Cache-Control": versioned ? "public, max-age=31536000, immutable" : `public, max-age=${UNVERSIONED_MAX_AGE}`,
    ETag: result.etag,
    "X-Content-Type-Options": "nosniff",
  });
  const asked = request.headers.get("if-none-match");
  if (asked?.split(",").some((tag) => tag.trim().replace(/^W\//, "") === result.etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(result.png.length));
  return new Response(new Uint8Array(result.png), { status: 200, headers });
}

/**
 * The answer to GET /og/{kind}/{name}.png and /og/site.png (routes/og-image.ts): the card of
 * published content with this site's name, or 404.
 */
export async function answerOgImage({
  request,
  db,
  storage,
  kind,
  file,
  branding = siteBranding,
  assets = brandAssets,
}: {
  request: Request;
  db: Database;
  storage: FileStorage;
  /** Absent for the site's own card. */
  kind?: string;
  file?: string;
  branding?: SiteBranding;
  assets?: readonly BrandAsset[];
}): Promise<Response> {
  const card: OgCard | null =
    kind === undefined
      ? { kind: "site", siteName: branding.name }
      : await findOgCard({ db, siteName: branding.name, kind, file: file ?? "" });
  if (!card) throw toErrorResponse(new AppError("not-found", "There is no such image"));
  const result = await renderOgCard(card, { storage, branding, brandAssets: assets });
  return ogImageResponse(request, card, result);
}
