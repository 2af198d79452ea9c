import { describe, expect, test } from "vitest";
import { alternativeReason } from "./alternatives";

const base = {
  pinned: false,
  category: "Audio",
  sameCategory: true,
  pricingModel: null,
  samePricing: false,
  sharedTagNames: [],
};

describe("alternativeReason", () => {
  test("names the shared pricing model, then the shared tags", () => {
    expect(
      alternativeReason({ ...base, pricingModel: "free", samePricing: true, sharedTagNames: ["Transcription", "API"] }),
    ).toBe("Also Free - shares Transcription, API");
  });

  test("names at most three shared tags", () => {
    expect(alternativeReason({ ...base, sharedTagNames: ["A", "B", "C", "D"] })).toBe("shares A, B, C");
  });

  test("falls back to the category, and to the editors' choice for a pin that shares nothing", () => {
    expect(alternativeReason(base)).toBe("Also in Audio");
    expect(alternativeReason({ ...base, sameCategory: false, pinned: true })).toBe("Chosen by the editors");
  });

  test("a different pricing model is not a reason", () => {
    expect(alternativeReason({ ...base, pricingModel: "paid", samePricing: false, sharedTagNames: ["API"] })).toBe(
      "shares API",
    );
  });
});
