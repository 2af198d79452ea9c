import { expect, test } from "vitest";
import { timeAgo } from "./relative-time";

const now = new Date("2025-06-15T12:00:00Z");
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

test.each([
  [0, "less than a minute ago"],
  [59, "less than a minute ago"],
  [60, "1 minute ago"],
  [150, "2 minutes ago"],
  [3600, "1 hour ago"],
  [5 * 3600, "5 hours ago"],
  [24 * 3600, "1 day ago"],
  [3 * 24 * 3600, "3 days ago"],
  [14 * 24 * 3600, "2 weeks ago"],
  [60 * 24 * 3600, "2 months ago"],
  [365 * 24 * 3600, "1 year ago"],
  [3 * 365 * 24 * 3600, "3 years ago"],
])("%i seconds -> %j", (seconds, text) => {
  expect(timeAgo(secondsAgo(seconds), now)).toBe(text);
});

test("accepts an ISO string", () => {
  expect(timeAgo("2025-06-12T12:00:00Z", now)).toBe("3 days ago");
});

test("reads a time in the future (a clock skew) as just now", () => {
  expect(timeAgo(secondsAgo(-300), now)).toBe("less than a minute ago");
});
