import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { makeGif, makePng, HTML_PAGE } from "../../../tests/setup/images";
import { bitmapIcoImage, makeIco, pngIcoImage, SVG_ICON } from "../../../tests/setup/icon-files";
import { websiteIconAsUploadable } from "./website-icon-image.server";

const sizeOf = async (bytes: Buffer) => {
  const { format, width, height } = await sharp(bytes).metadata();
  return { format, width, height };
};

describe("websiteIconAsUploadable", () => {
  test("passes a PNG through unchanged", async () => {
    const png = await makePng(40, 40);
    expect(await websiteIconAsUploadable(png)).toBe(png);
  });

  test("takes the largest image of an ICO, whether a PNG inside or a bitmap", async () => {
    const ico = makeIco([
      bitmapIcoImage(16, [200, 0, 0]),
      pngIcoImage(await makePng(64, 64), 64),
      bitmapIcoImage(32, [0, 200, 0]),
    ]);
    expect(await sizeOf((await websiteIconAsUploadable(ico))!)).toEqual({ format: "png", width: 64, height: 64 });

    const bitmapOnly = makeIco([bitmapIcoImage(16, [200, 0, 0]), bitmapIcoImage(48, [10, 20, 30])]);
    const png = (await websiteIconAsUploadable(bitmapOnly))!;
    expect(await sizeOf(png)).toEqual({ format: "png", width: 48, height: 48 });
    const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    // Top-left: the colour, opaque; top-right: transparent.
    expect([...data.subarray(0, 4)]).toEqual([10, 20, 30, 255]);
    expect(data[(48 - 1) * 4 + 3]).toBe(0);
  });

  test("draws an SVG at the stored logo size, and reads a GIF's first frame", async () => {
    expect(await sizeOf((await websiteIconAsUploadable(SVG_ICON))!)).toEqual({
      format: "png",
      width: 512,
      height: 512,
    });
    expect(await sizeOf((await websiteIconAsUploadable(await makeGif(40, 40)))!)).toMatchObject({
      format: "png",
      width: 40,
    });
  });

  test("refuses what is no image, a broken ICO and an SVG declaring entities", async () => {
    expect(await websiteIconAsUploadable(HTML_PAGE)).toBeNull();
    expect(
      await websiteIconAsUploadable(
        Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0, 255, 255, 0, 0, 22, 0, 0, 0]),
      ),
    ).toBeNull();
    const entities = Buffer.from(
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&a;</text></svg>`,
    );
    expect(await websiteIconAsUploadable(entities)).toBeNull();
  });
});
