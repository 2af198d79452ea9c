// Websites' icon files made byte by byte, for the logo-from-website tests: ICO files (a PNG inside,
// or a classic 32-bit bitmap with its mask) and an SVG.

type IcoImage = { width: number; height: number; bitCount: number; data: Buffer };

/** An ICO file holding `images`, in that order. */
export function makeIco(images: IcoImage[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const directory = Buffer.alloc(16 * images.length);
  let offset = 6 + directory.length;
  images.forEach((image, index) => {
    const at = index * 16;
    directory[at] = image.width >= 256 ? 0 : image.width;
    directory[at + 1] = image.height >= 256 ? 0 : image.height;
    directory.writeUInt16LE(1, at + 4);
    directory.writeUInt16LE(image.bitCount, at + 6);
    directory.writeUInt32LE(image.data.length, at + 8);
    directory.writeUInt32LE(offset, at + 12);
    offset += image.data.length;
  });
  return Buffer.concat([header, directory, ...images.map((image) => image.data)]);
}

/** An ICO entry that is a whole PNG file. */
export const pngIcoImage = (png: Buffer, side: number): IcoImage => ({
  width: side,
  height: side,
  bitCount: 32,
  data: png,
});

/**
 * A 32-bit bitmap ICO entry of one colour, its left half opaque and its right half transparent
 * (by alpha), with an all-zero mask after it, as Windows writes them.
 */
export function bitmapIcoImage(side: number, [red, green, blue]: [number, number, number]): IcoImage {
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(side, 4);
  info.writeInt32LE(side * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  const colours = Buffer.alloc(side * side * 4);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const at = (y * side + x) * 4;
      colours[at] = blue;
      colours[at + 1] = green;
      colours[at + 2] = red;
      colours[at + 3] = x < side / 2 ? 255 : 0;
    }
  }
  const mask = Buffer.alloc(Math.floor((side + 31) / 32) * 4 * side);
  return { width: side, height: side, bitCount: 32, data: Buffer.concat([info, colours, mask]) };
}

/** A square SVG icon, 24 user units wide, with a script that must never run. */
export const SVG_ICON = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"><script>alert(1)</script><rect width="24" height="24" fill="#2a5bd7"/></svg>`,
);
