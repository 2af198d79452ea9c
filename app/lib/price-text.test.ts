import { describe, expect, test } from "vitest";
import { readPrice } from "./price-text";

describe("readPrice", () => {
  test.each([
    ["$20/month", 20, "USD"],
    ["€9", 9, "EUR"],
    ["9 €/month", 9, "EUR"],
    ["£25/user/month", 25, "GBP"],
    ["USD 1,200 per year", 1200, "USD"],
    ["12.50 EUR", 12.5, "EUR"],
    ["A$15/month", 15, "AUD"],
    ["About $25-30/user/month", 25, "USD"],
    ["From about $69/month billed annually", 69, "USD"],
    ["$0", 0, "USD"],
    ["$0.00/month", 0, "USD"],
  ])("%s is %d %s", (text, amount, currency) => {
    expect(readPrice(text)).toEqual({ amount, currency });
  });

  test("a number that opens the text is a price without a currency", () => {
    expect(readPrice("20/month")).toEqual({ amount: 20, currency: null });
    expect(readPrice("0")).toEqual({ amount: 0, currency: null });
    expect(readPrice("15 per month")).toEqual({ amount: 15, currency: null });
  });

  test("free is 0 without a currency; a trial is no price", () => {
    expect(readPrice("Free")).toEqual({ amount: 0, currency: null });
    expect(readPrice("Free for up to 3 projects")).toEqual({ amount: 0, currency: null });
    expect(readPrice("Free trial")).toBeNull();
    expect(readPrice("Free trials available for some tools")).toBeNull();
  });

  test("a plan called Free costs nothing when its text states no amount", () => {
    expect(readPrice("Limited messages", "Free")).toEqual({ amount: 0, currency: null });
    expect(readPrice("Limited messages", "Pro")).toBeNull();
    expect(readPrice("14 days", "Free trial")).toBeNull();
  });

  test("texts that state no price give none", () => {
    for (const text of [
      "Contact sales",
      "Varies by region",
      "Pay as you go",
      "Up to 5 users",
      "",
      "Per-user pricing",
    ]) {
      expect(readPrice(text), text).toBeNull();
    }
  });
});
