import { describe, expect, test } from "vitest";
import { demoTools } from "~/server/db/demo/tools.server";
import { formatPlanPrice, parsePlanPrice, startingPriceOf } from "./plan-price";
import { pricingToPlans } from "./pricing";

const plan = (price: string) => ({ plan: "Plan", price, details: "" });

describe("parsePlanPrice", () => {
  test.each([
    ["$20/month", { amount: 20, currency: "$", period: "month", unit: null }],
    ["$0", { amount: 0, currency: "$", period: null, unit: null }],
    ["Free", { amount: 0, currency: null, period: null, unit: null }],
    ["€15 per user/month", { amount: 15, currency: "€", period: "month", unit: "user" }],
    ["About $39", { amount: 39, currency: "$", period: null, unit: null }],
    ["About $25-30/user/month", { amount: 25, currency: "$", period: "month", unit: "user" }],
    ["About $8/seat/month billed annually", { amount: 8, currency: "$", period: "month", unit: "seat" }],
    ["About $5/channel/month billed annually", { amount: 5, currency: "$", period: "month", unit: "channel" }],
    ["About $39/seat/month or custom", { amount: 39, currency: "$", period: "month", unit: "seat" }],
    ["From about $69/month billed annually", { amount: 69, currency: "$", period: "month", unit: null }],
    ["£9.99 a month", { amount: 9.99, currency: "£", period: "month", unit: null }],
    ["USD 1,200 per year", { amount: 1200, currency: "$", period: "year", unit: null }],
    ["20 EUR / Monat", { amount: 20, currency: "€", period: null, unit: null }],
    ["CHF 30/mo", { amount: 30, currency: "CHF", period: "month", unit: null }],
    ["$49 one-time", { amount: 49, currency: "$", period: "one-time", unit: null }],
    ["$5/week", { amount: 5, currency: "$", period: "week", unit: null }],
    ["$2 per day", { amount: 2, currency: "$", period: "day", unit: null }],
    ["US$10/mo per editor", { amount: 10, currency: "$", period: "month", unit: "editor" }],
  ])("%s", (text, expected) => {
    expect(parsePlanPrice(text)).toEqual(expected);
  });

  test.each(["Custom", "Contact sales", "Varies by plan", "Varies by region", "Pay as you go", "", "Per-user pricing"])(
    "%j states no price",
    (text) => {
      expect(parsePlanPrice(text)).toBeNull();
    },
  );

  test("reads or refuses every price text in the demo catalogue, never guessing a number that is not there", () => {
    const texts = new Set(demoTools.flatMap((tool) => pricingToPlans(tool.pricing).map((row) => row.price)));
    expect(texts.size).toBeGreaterThan(20);
    for (const text of texts) {
      const price = parsePlanPrice(text);
      const hasNumber = /\d/.test(text) || /^free$/i.test(text.trim());
      expect(price !== null, text).toBe(hasNumber);
      if (price && price.amount > 0) expect(text, text).toContain(String(price.amount));
    }
  });
});

describe("formatPlanPrice", () => {
  test("writes the canonical short form", () => {
    expect(formatPlanPrice({ amount: 15, currency: "€", period: "month", unit: "user" })).toBe("€15/user/month");
    expect(formatPlanPrice({ amount: 9.5, currency: "£", period: null, unit: null })).toBe("£9.50");
    expect(formatPlanPrice({ amount: 30, currency: "CHF", period: "year", unit: null })).toBe("CHF 30/year");
    expect(formatPlanPrice({ amount: 49, currency: "$", period: "one-time", unit: null })).toBe("$49 one-time");
    expect(formatPlanPrice({ amount: 0, currency: "$", period: "month", unit: null })).toBe("Free");
  });
});

describe("startingPriceOf", () => {
  test("is the cheapest paid plan, beside a free one (the card reads “Freemium · $20/month”)", () => {
    expect(startingPriceOf([plan("Free"), plan("$200/month"), plan("$20/month"), plan("Custom")])).toBe("$20/month");
  });

  test("compares plans by what they cost a month", () => {
    expect(startingPriceOf([plan("$10/month"), plan("$36/year")])).toBe("$36/year");
    expect(startingPriceOf([plan("$5/week"), plan("$15/month")])).toBe("$15/month");
  });

  test("is Free only when every plan that states a price is free, and null when none does", () => {
    expect(startingPriceOf([plan("$0"), plan("Contact sales")])).toBe("Free");
    expect(startingPriceOf([plan("Custom"), plan("Contact sales")])).toBeNull();
    expect(startingPriceOf([])).toBeNull();
    expect(startingPriceOf(null)).toBeNull();
  });

  test("reads the map shape too", () => {
    expect(startingPriceOf({ Basic: "€15 per user/month", Pro: "€30 per user/month" })).toBe("€15/user/month");
  });
});
