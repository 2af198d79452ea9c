import { describe, expect, test } from "vitest";
import { formatDate, formatRating, formatVoteCount, parsePage } from "./format";

describe("formatRating", () => {
  test("shows one decimal", () => {
    expect(formatRating(4)).toBe("4.0");
    expect(formatRating(4.26)).toBe("4.3");
    expect(formatRating(3.14)).toBe("3.1");
    expect(formatRating(5)).toBe("5.0");
  });

  test("shows N/A for a tool nobody has rated", () => {
    expect(formatRating(null)).toBe("N/A");
    expect(formatRating(undefined)).toBe("N/A");
  });
});

describe("formatVoteCount", () => {
  test("says vote or votes", () => {
    expect(formatVoteCount(0)).toBe("0 votes");
    expect(formatVoteCount(1)).toBe("1 vote");
    expect(formatVoteCount(1234)).toBe("1,234 votes");
  });
});

describe("formatDate", () => {
  test("reads an ISO day as that day, whatever the time zone", () => {
    expect(formatDate("2025-03-07")).toBe("March 7, 2025");
    expect(formatDate("2024-12-31")).toBe("December 31, 2024");
  });

  test("shows a timestamp's day in UTC", () => {
    expect(formatDate("2025-03-07T23:30:00-05:00")).toBe("March 8, 2025");
  });

  test("returns text that is not a date unchanged", () => {
    expect(formatDate("not a date")).toBe("not a date");
  });
});

describe("parsePage", () => {
  test.each([
    ["1", 1],
    ["7", 7],
    ["100000", 100_000],
  ])("reads %j as page %i", (value, page) => {
    expect(parsePage(value)).toBe(page);
  });

  test.each([null, "", "0", "-3", "abc", "100001", "1e9", "NaN"])("reads %j as page 1", (value) => {
    expect(parsePage(value)).toBe(1);
  });
});
