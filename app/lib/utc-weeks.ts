// Weeks as the digest and a maker's figures count them: Monday 00:00 UTC to the next Monday.

/** A day in milliseconds, as JavaScript's clock counts UTC days (no leap seconds): every module's one. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the week (Monday 00:00 UTC) that `now` falls in. */
export function weekStart(now: Date): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * DAY_MS);
}
