import type { Metadata } from "sharp";
import { AppError } from "~/lib/app-error";
import { LOGO_DIMENSIONS_MESSAGE, LOGO_TYPE_MESSAGE } from "~/lib/logo-upload";
import { loadOnce } from "../load-once.server";

/**
 * sharp (libvips), loaded on the first image it is given rather than at start-up (decision 113):
 * about 20 MB of a resting server that resizes nothing (decision 201).
 */
export const loadSharp = loadOnce(() => import("sharp").then((module) => module.default));

export type LogoFormat = "jpeg" | "png" | "webp";

/**
 * The image format the bytes start with, or null. Only the content counts: a file's name and the
 * type its sender declares are the sender's claims, and an HTML page called logo.png is no image.
 */
export function sniffLogoFormat(bytes: Uint8Array): LogoFormat | null {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
  if (startsWith([0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  // "RIFF", four bytes of length, "WEBP".
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** Decoding stops short of these: a small file can declare a picture that fills gigabytes. */
export const LOGO_MAX_SIDE = 10_000;
export const LOGO_MAX_PIXELS = 40_000_000;

/** Stored logos fit inside this square; they are shown at 56 to 128 CSS pixels. */
export const LOGO_OUTPUT_SIDE = 512;

/**
 * A file that is not an acceptable logo, with the user's message word for word: not a JPEG, PNG or
 * WebP at all (415); one that says it is but does not decode (400, the same message); or too large
 * a picture (400).
 */
const notAnImage = () => new AppError("unsupported-media-type", LOGO_TYPE_MESSAGE);
const unreadable = () => new AppError("bad-request", LOGO_TYPE_MESSAGE);
const tooManyPixels = () => new AppError("bad-request", LOGO_DIMENSIONS_MESSAGE);

export type PreparedLogo = { body: Buffer; contentType: string; extension: string; width: number; height: number };

/**
 * An uploaded logo made safe to serve: its format checked by content, its size checked from the
 * header before any pixel is decoded, then decoded and re-encoded as WebP at most 512x512. The
 * new file carries none of the original's metadata (EXIF, GPS, XMP, comments) nor any bytes
 * smuggled after the image data.
 */
export async function prepareLogo(bytes: Buffer): Promise<PreparedLogo> {
  const format = sniffLogoFormat(bytes);
  if (!format) throw notAnImage();
  const sharp = await loadSharp();

  // failOn "error": a truncated or corrupt file is refused rather than half decoded.
  const options = { limitInputPixels: LOGO_MAX_PIXELS, failOn: "error", autoOrient: true } as const;
  let metadata: Metadata;
  try {
    // Reading the header decodes no pixels; without the limit here, an oversized image gets its
    // own message below instead of sharp's error.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  // libvips identifies the format by its own rules; a file that reads as two things is refused.
  if (metadata.format !== format) throw unreadable();
  const { width, height } = metadata;
  if (!width || !height) throw unreadable();
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE || width * height > LOGO_MAX_PIXELS) {
    throw tooManyPixels();
  }

  try {
    const { data, info } = await sharp(bytes, options)
      .resize(LOGO_OUTPUT_SIDE, LOGO_OUTPUT_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85, effort: 4 })
      .toBuffer({ resolveWithObject: true });
    return { body: data, contentType: "image/webp", extension: "webp", width: info.width, height: info.height };
  } catch {
    // A valid header over pixel data the decoder rejects is the sender's problem, not a crash.
    throw unreadable();
  }
}
