import { describe, expect, test } from "vitest";
import { commentContentSchema, ratingSchema } from "./community";
import { COMMENT_MAX_LENGTH } from "./members";

describe("ratingSchema", () => {
  test.each([
    ["1", 1],
    ["5", 5],
    [" 3 ", 3],
    [4, 4],
  ])("accepts %j as %d", (value, expected) => {
    expect(ratingSchema.parse(value)).toBe(expected);
  });

  test.each(["0", "6", "3.5", "abc", "", "-1", 2.5, Number.NaN, Number.POSITIVE_INFINITY, null, undefined])(
    "refuses %j",
    (value) => {
      const result = ratingSchema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Rating must be a whole number from 1 to 5");
    },
  );
});

describe("commentContentSchema", () => {
  test("trims the text", () => {
    expect(commentContentSchema.parse("  Useful tool.\n")).toBe("Useful tool.");
  });

  test.each(["", "   ", "\n\t "])("refuses blank text %j", (value) => {
    expect(commentContentSchema.safeParse(value).error?.issues[0]?.message).toBe("Comment cannot be empty");
  });

  test("accepts 2,000 characters and refuses 2,001, counted after trimming", () => {
    expect(COMMENT_MAX_LENGTH).toBe(2000);
    expect(commentContentSchema.safeParse("a".repeat(2000)).success).toBe(true);
    expect(commentContentSchema.safeParse(`  ${"a".repeat(2000)}  `).success).toBe(true);
    expect(commentContentSchema.safeParse("a".repeat(2001)).error?.issues[0]?.message).toBe(
      "Comment must be at most 2,000 characters",
    );
  });

  test("keeps markup as typed", () => {
    expect(commentContentSchema.parse("<script>alert(1)</script>")).toBe("<script>alert(1)</script>");
  });

  test("refuses a NUL character, which the database cannot store", () => {
    expect(commentContentSchema.safeParse("a\u0000b").success).toBe(false);
  });

  test("refuses what is not text", () => {
    expect(commentContentSchema.safeParse(undefined).error?.issues[0]?.message).toBe("Comment cannot be empty");
  });
});
