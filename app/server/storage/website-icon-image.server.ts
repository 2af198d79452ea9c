import { LOGO_MAX_PIXELS, LOGO_OUTPUT_SIDE, loadSharp, sniffLogoFormat } from "./logo-image.server";

/**
 * Websites' icons come as ICO, SVG and GIF as well as the JPEG, PNG and WebP an upload takes
 * (decision 103). Those three are turned into a PNG here, and only that PNG goes on to
 * prepareLogo, the upload's own check and re-encoding; anything else is refused there.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
}

function isIco(bytes: Buffer): boolean {
  return bytes.length >= 6 && bytes.readUInt16LE(0) === 0 && bytes.readUInt16LE(2) === 1 && bytes.readUInt16LE(4) > 0;
}

function isGif(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 6).toString("latin1");
  return head === "GIF87a" || head === "GIF89a";
}

/** An SVG document: an <svg> root, after at most an XML declaration, comments and a doctype. */
function isSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:(?:<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*<svg[\s>]/i.test(head);
}

type IcoEntry = { width: number; height: number; bitCount: number; data: Buffer };

/** The images an ICO file holds, those whose bytes lie inside the file. */
function icoEntries(bytes: Buffer): IcoEntry[] {
  const count = bytes.readUInt16LE(4);
  const entries: IcoEntry[] = [];
  for (let index = 0; index < count; index++) {
    const at = 6 + index * 16;
    if (at + 16 > bytes.length) break;
    const size = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    if (size === 0 || offset + size > bytes.length) continue;
    entries.push({
      // 0 stands for 256.
      width: bytes[at]! || 256,
      height: bytes[at + 1]! || 256,
      bitCount: bytes.readUInt16LE(at + 6),
      data: bytes.subarray(offset, offset + size),
    });
  }
  return entries;
}

/**
 * An ICO image stored as a BMP (a DIB without its file header, twice as tall: the colours, then a
 * 1-bit transparency mask), as RGBA pixels. Handles 1, 4, 8, 24 and 32 bits per pixel,
 * uncompressed; anything else is null.
 */
function decodeIcoBitmap(dib: Buffer): { pixels: Buffer; width: number; height: number } | null {
  if (dib.length < 40) return null;
  const headerSize = dib.readUInt32LE(0);
  const width = dib.readInt32LE(4);
  const height = Math.abs(dib.readInt32LE(8)) / 2;
  const bitCount = dib.readUInt16LE(14);
  const compression = dib.readUInt32LE(16);
  // BI_RGB, or BI_BITFIELDS at 32 bits (the usual BGRA masks).
  if (compression !== 0 && !(compression === 3 && bitCount === 32)) return null;
  if (width < 1 || width > 256 || !Number.isInteger(height) || height < 1 || height > 256) return null;
  if (![1, 4, 8, 24, 32].includes(bitCount)) return null;

  const paletteSize = bitCount <= 8 ? dib.readUInt32LE(32) || 1 << bitCount : 0;
  const paletteAt = headerSize + (compression === 3 && headerSize === 40 ? 12 : 0);
  const colorsAt = paletteAt + paletteSize * 4;
  const colorRow = Math.floor((bitCount * width + 31) / 32) * 4;
  const maskAt = colorsAt + colorRow * height;
  const maskRow = Math.floor((width + 31) / 32) * 4;
  // The mask is optional in practice for 32-bit images, whose alpha says the same.
  if (maskAt > dib.length) return null;
  const hasMask = maskAt + maskRow * height <= dib.length;

  const pixels = Buffer.alloc(width * height * 4);
  let anyAlpha = false;
  for (let y = 0; y < height; y++) {
    // Rows are stored bottom-up.
    const row = colorsAt + (height - 1 - y) * colorRow;
    for (let x = 0; x < width; x++) {
      const out = (y * width + x) * 4;
      let blue: number, green: number, red: number;
      let alpha = 255;
      if (bitCount === 32 || bitCount === 24) {
        const at = row + x * (bitCount / 8);
        [blue, green, red] = [dib[at]!, dib[at + 1]!, dib[at + 2]!];
        if (bitCount === 32) {
          alpha = dib[at + 3]!;
          if (alpha !== 0) anyAlpha = true;
        }
      } else {
        const bit = x * bitCount;
        const byte = dib[row + (bit >> 3)]!;
        const index = (byte >> (8 - bitCount - (bit & 7))) & ((1 << bitCount) - 1);
        const entry = paletteAt + Math.min(index, paletteSize - 1) * 4;
        [blue, green, red] = [dib[entry] ?? 0, dib[entry + 1] ?? 0, dib[entry + 2] ?? 0];
      }
      pixels[out] = red;
      pixels[out + 1] = green;
      pixels[out + 2] = blue;
      pixels[out + 3] = alpha;
    }
  }
  // Without alpha in the colours (all zero, or fewer than 32 bits), the mask says what shows.
  if (!anyAlpha) {
    for (let y = 0; y < height; y++) {
      const row = maskAt + (height - 1 - y) * maskRow;
      for (let x = 0; x < width; x++) {
        const transparent = hasMask && (dib[row + (x >> 3)]! >> (7 - (x & 7))) & 1;
        pixels[(y * width + x) * 4 + 3] = transparent ? 0 : 255;
      }
    }
  }
  return { pixels, width, height };
}

/** The largest image in an ICO file as PNG bytes, or null when none can be read. */
async function icoToPng(bytes: Buffer): Promise<Buffer | null> {
  const entries = icoEntries(bytes).sort((a, b) => b.width * b.height - a.width * a.height || b.bitCount - a.bitCount);
  for (const entry of entries) {
    // Since Windows Vista an entry may be a whole PNG file.
    if (startsWith(entry.data, PNG_SIGNATURE)) return Buffer.from(entry.data);
    const bitmap = decodeIcoBitmap(entry.data);
    if (!bitmap) continue;
    const sharp = await loadSharp();
    return sharp(bitmap.pixels, { raw: { width: bitmap.width, height: bitmap.height, channels: 4 } })
      .png()
      .toBuffer();
  }
  return null;
}

/**
 * An SVG drawn at the size a logo is stored at. librsvg (inside sharp) runs no script and, given
 * bytes rather than a file, loads nothing the document points to. Entity declarations are refused
 * outright: a real icon has none, and they are how a small XML file swells.
 */
async function svgToPng(bytes: Buffer): Promise<Buffer | null> {
  if (/<!ENTITY/i.test(bytes.toString("utf8"))) return null;
  const sharp = await loadSharp();
  const metadata = await sharp(bytes).metadata();
  if (metadata.format !== "svg" || !metadata.width || !metadata.height) return null;
  // The density that draws the longer side at LOGO_OUTPUT_SIDE pixels (72 is SVG's own).
  const density = Math.min(2400, Math.max(1, (72 * LOGO_OUTPUT_SIDE) / Math.max(metadata.width, metadata.height)));
  return sharp(bytes, { density, limitInputPixels: LOGO_OUTPUT_SIDE * LOGO_OUTPUT_SIDE * 4 })
    .png()
    .toBuffer();
}

/** A GIF's first frame as a PNG. */
async function gifFirstFrameToPng(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(bytes, { pages: 1, limitInputPixels: LOGO_MAX_PIXELS }).png().toBuffer();
}

/**
 * A website's icon in a format prepareLogo takes: JPEG, PNG and WebP as they came, ICO, SVG and
 * GIF (its first frame) as a PNG. Null for anything else, or a file that does not decode.
 */
export async function websiteIconAsUploadable(bytes: Buffer): Promise<Buffer | null> {
  if (sniffLogoFormat(bytes)) return bytes;
  try {
    if (isIco(bytes)) return await icoToPng(bytes);
    if (isGif(bytes)) return await gifFirstFrameToPng(bytes);
    if (isSvg(bytes)) return await svgToPng(bytes);
  } catch {
    // Broken files are no logo; the next candidate is tried.
    return null;
  }
  return null;
}
