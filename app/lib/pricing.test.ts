import { expect, test } from "vitest";
import { pricingToPlans } from "./pricing";
import { pricingSchema } from "./pricing-schema";

test("passes a list of plans through", () => {
  const plans = [
    { plan: "Free", price: "$0", details: "Limited" },
    { plan: "Pro", price: "$20/month", details: "More", features: ["Exports"] },
  ];
  expect(pricingToPlans(plans)).toEqual(plans);
});

test("turns a map of plan name to text into plans", () => {
  expect(pricingToPlans({ Free: "$0", Team: "$30 per seat" })).toEqual([
    { plan: "Free", price: "$0", details: "" },
    { plan: "Team", price: "$30 per seat", details: "" },
  ]);
});

test("gives no plans for missing pricing", () => {
  expect(pricingToPlans(null)).toEqual([]);
  expect(pricingToPlans(undefined)).toEqual([]);
  expect(pricingToPlans({})).toEqual([]);
});

test("the schema accepts both shapes and refuses anything else", () => {
  expect(pricingSchema.safeParse([{ plan: "Free", price: "$0", details: "" }]).success).toBe(true);
  expect(pricingSchema.safeParse({ Free: "$0" }).success).toBe(true);
  expect(pricingSchema.safeParse([{ plan: " ", price: "$0", details: "" }]).success).toBe(false);
  expect(pricingSchema.safeParse([{ price: "$0" }]).success).toBe(false);
  expect(pricingSchema.safeParse({ Free: 0 }).success).toBe(false);
  expect(pricingSchema.safeParse("free").success).toBe(false);
});
