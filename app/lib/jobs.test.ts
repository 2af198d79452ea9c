import { describe, expect, test } from "vitest";
import { formatCounts, formatDuration, isJobKind } from "./jobs";

describe("formatDuration", () => {
  const start = new Date("2026-11-24T10:00:00Z");
  const after = (ms: number) => new Date(start.getTime() + ms);
  test.each([
    [850, "850 ms"],
    [12_400, "12 s"],
    [60_000, "1 min"],
    [185_000, "3 min 5 s"],
    [2 * 3600_000 + 4 * 60_000, "2 h 4 min"],
    [3600_000, "1 h"],
    [-5, "0 ms"],
  ])("%i ms reads %s", (ms, text) => {
    expect(formatDuration(start, after(ms))).toBe(text);
  });
});

test("isJobKind accepts the kinds only", () => {
  expect(isJobKind("link-check")).toBe(true);
  expect(isJobKind("refresh")).toBe(true);
  expect(isJobKind("drop-tables")).toBe(false);
  expect(isJobKind(null)).toBe(false);
});

test("formatCounts reads in a fixed order whatever order the keys come in", () => {
  expect(formatCounts({ ok: 1200, flagged: 0, checked: 1203, failing: 3 })).toBe(
    "1,203 checked, 1,200 ok, 3 failing, 0 flagged",
  );
  expect(formatCounts({ zeta: 1, failed: 2, checked: 3 })).toBe("3 checked, 2 failed, 1 zeta");
  expect(formatCounts({})).toBe("");
});
