import type { Page } from "@playwright/test";
import axe from "axe-core";

export type SeriousViolation = { rule: string; impact: string; help: string; targets: string[] };

/**
 * The axe rules whose result can depend on colours. The site's dark scheme changes colours only
 * (its `dark:` variants set text, background, border and divide colours, never display, visibility
 * or opacity), so a page checked with every rule in the light scheme needs only these in the dark:
 * contrast, links told apart from text by colour, and the table rules whose "is this a data table?"
 * guess looks at whether rows differ in background colour (axe 4.13, `isDataTable`).
 * color-contrast-enhanced (AAA) is off by default, as in the light pass, and so not listed.
 */
export const COLOUR_RULES = [
  "color-contrast",
  "link-in-text-block",
  "td-has-header",
  "th-has-data-cells",
  "table-fake-caption",
] as const;

/**
 * The page's serious and critical axe violations, each with the first few elements it names; with
 * `rules`, only those rules run (the dark scheme's pass runs COLOUR_RULES).
 *
 * Axe runs in the page itself, as `@axe-core/playwright`'s legacy mode does: its default runs each
 * frame apart and then opens a blank page to merge the results, which doubles the time of every
 * check and serves only cross-origin frames, which no page of the site has. Only violations are
 * collected, not the passing nodes (decision 135). The axe-core script is evaluated once per
 * document, not twice per check as AxeBuilder's legacy mode did, and only the serious violations
 * come back (decision 139).
 *
 * Axe starts once the page's finite animations and transitions have ended: a check made while
 * colours are still changing (a colour scheme just switched, a dialog fading in, a toast sliding in)
 * would measure a moment between two states. It looks again after each wait, two frames later, since
 * a transition may begin only after its element is drawn. Looping animations (a spinner) are not
 * waited for.
 */
export async function seriousViolations(
  page: Page,
  { rules }: { rules?: readonly string[] } = {},
): Promise<SeriousViolation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const options: axe.RunOptions = {
    resultTypes: ["violations"],
    ...(rules && { runOnly: { type: "rule", values: [...rules] } }),
  };
  return page.evaluate(async (runOptions) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    // A transition can start a frame or two after the element it moves appears (a toast is drawn,
    // then marked mounted, then slides in), so look again after each wait until nothing is moving.
    for (let round = 0; round < 10; round += 1) {
      await nextFrame();
      await nextFrame();
      const settling = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        // A transition cancelled on the way rejects its promise: it has ended too.
        .map((animation) => animation.finished.catch(() => undefined));
      if (settling.length === 0) break;
      await Promise.all(settling);
    }
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, runOptions);
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        rule: violation.id,
        impact: violation.impact!,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
      }));
  }, options);
}

/** The rules a colour scheme's pass runs: every rule in the light scheme, the colour rules in the dark. */
export function rulesFor(colorScheme: "light" | "dark"): readonly string[] | undefined {
  return colorScheme === "dark" ? COLOUR_RULES : undefined;
}
