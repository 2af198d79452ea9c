import { crc32 } from "node:zlib";
import sharp from "sharp";

// Real image files for upload tests, made with sharp, plus a few files that only look like images.

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } });

export const makePng = (width = 64, height = 64) => canvas(width, height).png().toBuffer();
export const makeJpeg = (width = 64, height = 64) => canvas(width, height).jpeg().toBuffer();
export const makeWebp = (width = 64, height = 64) => canvas(width, height).webp().toBuffer();
export const makeGif = (width = 16, height = 16) => canvas(width, height).gif().toBuffer();

/** EXIF that must not survive an upload: who took it and where. */
export const PRIVATE_EXIF = {
  IFD0: { Copyright: "Private Person", Artist: "Private Person", ImageDescription: "taken at home" },
};

export const makeJpegWithExif = (width = 64, height = 64) =>
  canvas(width, height).withExif(PRIVATE_EXIF).jpeg().toBuffer();
export const makePngWithExif = (width = 64, height = 64) =>
  canvas(width, height).withExif(PRIVATE_EXIF).png().toBuffer();

/** A photo stored sideways with an EXIF orientation of 6 (rotate 90° clockwise to view). */
export const makeSidewaysJpeg = (width: number, height: number) =>
  canvas(width, height).withMetadata({ orientation: 6 }).jpeg().toBuffer();

/**
 * A small PNG whose header claims width x height: what a decompression bomb looks like to a
 * reader of the header, without the cost of making one. The IHDR checksum is made right.
 */
export async function makePngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await makePng(1, 1));
  // Signature (8), IHDR length (4), "IHDR" (4), then width and height.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  // The CRC covers the chunk type and data: bytes 12 to 29.
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

export const HTML_PAGE = Buffer.from(
  `<!doctype html><html><head><title>logo</title></head><body><script>alert(document.cookie)</script></body></html>`,
);

export const SVG_IMAGE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>`,
);
