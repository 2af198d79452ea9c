import { describe, expect, test } from "vitest";
import { monogramInitials, monogramSvg } from "./monogram.server";

describe("monogramInitials", () => {
  test.each([
    ["Stable Diffusion", "SD"],
    ["ChatGPT", "CH"],
    ["DALL·E 3", "DE"],
    ["notion ai", "NA"],
    ["X", "X"],
    ["  ---Runway  ", "RU"],
    ["élan vital", "ÉV"],
    ["3D Studio", "3S"],
    ["", "?"],
    ["!!!", "?"],
  ])("%j -> %j", (name, initials) => {
    expect(monogramInitials(name)).toBe(initials);
  });
});

describe("monogramSvg", () => {
  test("is one SVG document with the initials and the name as its label", () => {
    const svg = monogramSvg("Stable Diffusion");

    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*role="img" aria-label="Stable Diffusion">/,
    );
    expect(svg).toContain(">SD</text>");
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  test("escapes markup in the name", () => {
    const svg = monogramSvg(`A<b onload="x()">&"C'`);

    expect(svg).toContain(`aria-label="A&#60;b onload=&#34;x()&#34;&#62;&#38;&#34;C&#39;"`);
    expect(svg).not.toContain("<b");
    expect(svg).not.toContain('onload="');
    expect(svg).toContain(">AB</text>");
  });

  test("gives the same name the same colours and another name others", () => {
    expect(monogramSvg("Midjourney")).toBe(monogramSvg("Midjourney"));
    expect(monogramSvg("Midjourney")).not.toBe(monogramSvg("Midjourney 2"));
  });
});
