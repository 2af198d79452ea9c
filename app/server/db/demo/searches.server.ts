import type { Database } from "../client.server";
import { searchQueriesDaily } from "../schema.server";
import { DAY_MS } from "~/lib/utc-weeks";

/**
 * Demo search counts (decision 162): what visitors of a young directory might have looked for over
 * the past two weeks, so a newcomer opening the dashboard sees its "Top searches" and "Searches with
 * no results" filled. Invented figures, seeded with the catalogue's first run only; they leave the
 * 30-day window by themselves. The texts with no results name topics the demo catalogue lacks.
 */
export const DEMO_SEARCHES: { query: string; count: number; zero: boolean }[] = [
  { query: "video editing", count: 34, zero: false },
  { query: "code assistant", count: 27, zero: false },
  { query: "voice cloning", count: 19, zero: false },
  { query: "free image generator", count: 15, zero: false },
  { query: "presentation", count: 11, zero: false },
  { query: "genealogy", count: 7, zero: true },
  { query: "knitting", count: 5, zero: true },
  { query: "crossword", count: 3, zero: true },
];

/** Days before today the counts are spread over. */
const DEMO_DAYS = 14;

export async function seedDemoSearches(tx: Database, toolIds: string[], now: number): Promise<void> {
  if (toolIds.length === 0) return;
  const day = DAY_MS;
  const rows = DEMO_SEARCHES.flatMap(({ query, count, zero }) =>
    Array.from({ length: DEMO_DAYS }, (_, index) => {
      const searchCount = Math.floor(count / DEMO_DAYS) + (index < count % DEMO_DAYS ? 1 : 0);
      return {
        day: new Date(now - (index + 1) * day).toISOString().slice(0, 10),
        query,
        searchCount,
        zeroResultCount: zero ? searchCount : 0,
      };
    }).filter((row) => row.searchCount > 0),
  );
  await tx.insert(searchQueriesDaily).values(rows).onConflictDoNothing();
}
