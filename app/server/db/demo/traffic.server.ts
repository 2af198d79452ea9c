import type { Database } from "../client.server";
import { toolDailyCounts } from "../schema.server";
import { utcDay } from "../../search/search-log.server";
import { DAY_MS } from "~/lib/utc-weeks";

/**
 * Demo page views and website clicks (decisions 178, 179): twelve weeks of daily figures for each
 * demo tool (the maker's view shows twelve, decision 177), so a new install's "Trending" sort, "Trending this week" and a maker's figures show
 * something at once. Invented, not measured: derived from each tool's slug (a steady popularity, a
 * rise or a fall over the weeks, quieter weekends, a click for every 8 to 14 views), the same on
 * every install, and seeded with the catalogue's first run only.
 */

/** Days of figures before today; today starts at zero, as on a real site. */
export const DEMO_TRAFFIC_DAYS = 84;

export type DemoDay = { slug: string; daysAgo: number; views: number; clicks: number };

/** FNV-1a: a fixed number per slug, so every install seeds the same figures. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return hash;
}

/** Each demo tool's days, newest first; `weekdayOf` tells a day's weekday (0 Sunday) from its distance to today. */
export function demoDailyCounts(slugs: readonly string[], weekdayOf: (daysAgo: number) => number): DemoDay[] {
  return slugs.flatMap((slug) => {
    const hash = hashOf(slug);
    const base = 8 + (hash % 90);
    // -0.5 (falling by half over the twelve weeks) to +1.5 (rising two and a half times).
    const trend = ((hash >>> 8) % 21) / 10 - 0.5;
    const clickEvery = 8 + ((hash >>> 16) % 7);
    return Array.from({ length: DEMO_TRAFFIC_DAYS }, (_, index) => {
      const daysAgo = index + 1;
      const progress = 1 - daysAgo / DEMO_TRAFFIC_DAYS;
      const weekday = weekdayOf(daysAgo);
      const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
      const wobble = 0.85 + (((hash >>> (daysAgo % 24)) & 7) / 7) * 0.3;
      const views = Math.round(base * (1 + trend * progress) * weekend * wobble);
      return { slug, daysAgo, views, clicks: Math.floor(views / clickEvery) };
    });
  });
}

export async function seedDemoTraffic(tx: Database, tools: { id: string; slug: string }[], now: number) {
  if (tools.length === 0) return;
  const day = DAY_MS;
  const ids = new Map(tools.map((tool) => [tool.slug, tool.id]));
  const rows = demoDailyCounts(
    tools.map((tool) => tool.slug),
    (daysAgo) => new Date(now - daysAgo * day).getUTCDay(),
  ).map(({ slug, daysAgo, views, clicks }) => ({
    toolId: ids.get(slug)!,
    day: utcDay(new Date(now - daysAgo * day)),
    views,
    clicks,
  }));
  await tx.insert(toolDailyCounts).values(rows).onConflictDoNothing();
}
