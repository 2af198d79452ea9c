import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export type SeriousViolation = { rule: string; impact: string; help: string; targets: string[] };

/**
 * The page's serious and critical axe violations, each with the first few elements it names.
 *
 * Axe runs in the page itself (legacy mode): the default runs each frame apart and then opens a
 * blank page to merge the results, which doubles the time of every check and serves only
 * cross-origin frames, which no page of the site has. Only violations are collected, not the
 * passing nodes (decision 135).
 */
export async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact!,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")).slice(0, 5),
    }));
}
