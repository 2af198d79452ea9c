import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LOGO_DIMENSIONS_MESSAGE, LOGO_TYPE_MESSAGE } from "~/lib/logo-upload";
import {
  HTML_PAGE,
  makeGif,
  makeJpeg,
  makeJpegWithExif,
  makePng,
  makePngClaiming,
  makePngWithExif,
  makeSidewaysJpeg,
  makeWebp,
  SVG_IMAGE,
} from "../../../tests/setup/images";
import { AppError } from "~/lib/app-error";
import { prepareLogo, sniffLogoFormat } from "./logo-image.server";

/** Why prepareLogo refused the bytes: not an image at all (415), one that does not decode, or too many pixels. */
async function refusal(bytes: Buffer) {
  const error = await prepareLogo(bytes).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, message } = error as AppError;
  const reason =
    code === "unsupported-media-type" ? "type" : message === LOGO_DIMENSIONS_MESSAGE ? "dimensions" : "unreadable";
  return { reason, code, message };
}

describe("sniffLogoFormat", () => {
  it("knows JPEG, PNG and WebP by their first bytes", async () => {
    expect(sniffLogoFormat(await makeJpeg())).toBe("jpeg");
    expect(sniffLogoFormat(await makePng())).toBe("png");
    expect(sniffLogoFormat(await makeWebp())).toBe("webp");
  });

  it("knows nothing else, whatever the file is called", async () => {
    expect(sniffLogoFormat(HTML_PAGE)).toBeNull();
    expect(sniffLogoFormat(SVG_IMAGE)).toBeNull();
    expect(sniffLogoFormat(await makeGif())).toBeNull();
    expect(sniffLogoFormat(Buffer.from("RIFF\0\0\0\0WAVEfmt "))).toBeNull();
    expect(sniffLogoFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffLogoFormat(Buffer.alloc(0))).toBeNull();
  });
});

describe("prepareLogo", () => {
  it.each([
    ["JPEG", makeJpeg],
    ["PNG", makePng],
    ["WebP", makeWebp],
  ])("re-encodes a %s as WebP", async (_name, make) => {
    const logo = await prepareLogo(await make(80, 60));
    expect(logo).toMatchObject({ contentType: "image/webp", extension: "webp", width: 80, height: 60 });
    const metadata = await sharp(logo.body).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 80, height: 60 });
  });

  it("shrinks a large logo to fit inside 512x512, keeping its shape", async () => {
    const logo = await prepareLogo(await makePng(1200, 600));
    expect([logo.width, logo.height]).toEqual([512, 256]);
    expect(await sharp(logo.body).metadata()).toMatchObject({ width: 512, height: 256 });
  });

  it.each([
    ["JPEG", makeJpegWithExif],
    ["PNG", makePngWithExif],
  ])("strips the metadata of a %s", async (_name, make) => {
    const original = await make();
    expect((await sharp(original).metadata()).exif?.toString("latin1")).toContain("Private Person");

    const logo = await prepareLogo(original);
    const metadata = await sharp(logo.body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(logo.body.toString("latin1")).not.toContain("Private Person");
  });

  it("turns a sideways photo upright before dropping its orientation tag", async () => {
    const logo = await prepareLogo(await makeSidewaysJpeg(40, 20));
    expect([logo.width, logo.height]).toEqual([20, 40]);
    expect((await sharp(logo.body).metadata()).orientation).toBeUndefined();
  });

  it("drops whatever was appended after the image data", async () => {
    const polyglot = Buffer.concat([await makePng(), HTML_PAGE]);
    const logo = await prepareLogo(polyglot);
    expect(logo.body.toString("latin1")).not.toContain("<script>");
  });

  it.each([
    ["an HTML page", HTML_PAGE],
    ["an SVG image", SVG_IMAGE],
    ["an empty file", Buffer.alloc(0)],
  ])("refuses %s as not an image", async (_name, bytes) => {
    const error = await refusal(bytes);
    expect(error.reason).toBe("type");
    expect(error.message).toBe(LOGO_TYPE_MESSAGE);
  });

  it("refuses a GIF, an image of a type not accepted", async () => {
    expect((await refusal(await makeGif())).reason).toBe("type");
  });

  it("refuses a file with an image's first bytes that does not decode, with the same message", async () => {
    const png = await makePng(64, 64);
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    const pngHeaderOverHtml = Buffer.concat([png.subarray(0, 8), HTML_PAGE]);
    const jpegSignatureOnPng = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    for (const bytes of [truncated, pngHeaderOverHtml, jpegSignatureOnPng]) {
      const error = await refusal(bytes);
      expect(error.reason).toBe("unreadable");
      expect(error.message).toBe(LOGO_TYPE_MESSAGE);
    }
  });

  it("refuses a tiny file whose header declares 30000x30000 pixels, without decoding it", async () => {
    const bomb = await makePngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 30_000, height: 30_000 });

    const error = await refusal(bomb);
    expect(error.reason).toBe("dimensions");
    expect(error.message).toBe(LOGO_DIMENSIONS_MESSAGE);
  });

  it("refuses a side longer than 10,000 pixels, and more than 40 megapixels in all", async () => {
    expect((await refusal(await makePng(10_001, 4))).reason).toBe("dimensions");
    expect((await refusal(await makePngClaiming(4, 10_001))).reason).toBe("dimensions");
    expect((await refusal(await makePngClaiming(8_000, 8_000))).reason).toBe("dimensions");
    // At the limits themselves the header passes (and here the fake pixel data is what fails).
    expect((await refusal(await makePngClaiming(10_000, 4_000))).reason).toBe("unreadable");
  });
});
