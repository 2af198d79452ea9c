import fs from "node:fs";
import { createRequire } from "node:module";
import type { SatoriOptions } from "satori";

/** The family the cards are set in; satori measures and draws every glyph from these files. */
export const OG_FONT_FAMILY = "Inter";

/**
 * Inter (@fontsource/inter, SIL Open Font Licence) as WOFF, which satori reads (it cannot read
 * WOFF2). One file per script and weight; satori falls back from one to the next for a glyph the
 * first lacks, so names in Latin, Cyrillic, Greek and Vietnamese draw without a network fetch.
 */
const SUBSETS = ["latin", "latin-ext", "cyrillic", "cyrillic-ext", "greek", "greek-ext", "vietnamese"] as const;
const WEIGHTS = [400, 700] as const;

const FONT_PACKAGE = "@fontsource/inter";
const require = createRequire(import.meta.url);

function readFonts(): SatoriOptions["fonts"] {
  return WEIGHTS.flatMap((weight) =>
    SUBSETS.map((subset) => ({
      name: OG_FONT_FAMILY,
      weight,
      style: "normal" as const,
      data: fs.readFileSync(require.resolve(`${FONT_PACKAGE}/files/inter-${subset}-${weight}-normal.woff`)),
    })),
  );
}

let fonts: SatoriOptions["fonts"] | undefined;

/** The fonts, read from disk on first use (about 300 KB) and kept for the life of the process. */
export function ogFonts(): SatoriOptions["fonts"] {
  fonts ??= readFonts();
  return fonts;
}
