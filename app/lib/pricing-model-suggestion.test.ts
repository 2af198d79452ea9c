import { describe, expect, it } from "vitest";
import { suggestPricingModel } from "./pricing-model-suggestion";

const plans = (...rows: [string, string][]) => rows.map(([plan, price]) => ({ plan, price }));

describe("suggestPricingModel", () => {
  it.each([
    ["no plans", plans(), null],
    ["only blank rows", plans(["", " "]), null],
    ["every plan free", plans(["Free", ""], ["Community", "$0"]), "free"],
    ["a $0 plan beside a paid one", plans(["Starter", "$0/month"], ["Pro", "$20/month"]), "freemium"],
    ["a Free plan beside a paid one", plans(["Free", "Limited"], ["Pro", "$20"]), "freemium"],
    ["a trial and paid plans", plans(["Pro", "$20/month, 14-day free trial"]), "free-trial"],
    ["only contact sales", plans(["Enterprise", "Contact sales"]), "contact"],
    ["only paid plans", plans(["Pro", "$10/month"], ["Team", "$30/month"]), "paid"],
    ["a paid plan and a custom one", plans(["Pro", "$10/month"], ["Enterprise", "Custom pricing"]), "paid"],
    ["$0.50 is not free", plans(["Per image", "$0.50"]), "paid"],
    ["'freedom' is not free", plans(["Freedom", "$9"]), "paid"],
  ])("suggests for %s", (_label, rows, expected) => {
    expect(suggestPricingModel(rows)).toBe(expected);
  });
});
