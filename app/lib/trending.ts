/**
 * "Trending" (issue 34, decision 179): what visitors and members turned to in the last 7 days. Each
 * day of a tool earns points (a page view 1, a "Visit website" click 5, a save or a vote 10), and a
 * day's points count half as much two days later. The database computes the same sum
 * (traffic/trending.server.ts); /about explains it in these words, and tests check one against the other.
 */

/** Days counted, today included. */
export const TRENDING_DAYS = 7;
/** Days after which a day's points count half. */
export const TRENDING_HALF_LIFE_DAYS = 2;

export const TRENDING_POINTS = { view: 1, click: 5, save: 10, vote: 10 } as const;

/** One day of one tool's activity; `age` is days before today (0 is today). */
export type DayActivity = { age: number; views?: number; clicks?: number; saves?: number; votes?: number };

/** A tool's trending score from its days; days outside the window count nothing. */
export function trendingScore(days: DayActivity[]): number {
  let score = 0;
  for (const { age, views = 0, clicks = 0, saves = 0, votes = 0 } of days) {
    if (age < 0 || age >= TRENDING_DAYS) continue;
    const points =
      views * TRENDING_POINTS.view +
      clicks * TRENDING_POINTS.click +
      saves * TRENDING_POINTS.save +
      votes * TRENDING_POINTS.vote;
    score += points * 0.5 ** (age / TRENDING_HALF_LIFE_DAYS);
  }
  return score;
}
