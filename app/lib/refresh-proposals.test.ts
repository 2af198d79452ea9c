import { describe, expect, it } from "vitest";
import {
  listDiff,
  listEditText,
  pricingDiff,
  pricingInputOf,
  proposalEditFrom,
  proposalFieldInput,
  wordDiff,
} from "./refresh-proposals";
import { toolFormSchema } from "./tool-form";

describe("wordDiff", () => {
  it("marks the words that went and came, in runs", () => {
    expect(wordDiff("Pro costs $10 per month", "Pro now costs $12 per month")).toEqual([
      { kind: "same", text: "Pro" },
      { kind: "added", text: "now" },
      { kind: "same", text: "costs" },
      { kind: "removed", text: "$10" },
      { kind: "added", text: "$12" },
      { kind: "same", text: "per month" },
    ]);
  });

  it("reads runs of spaces as one and handles an empty side", () => {
    expect(wordDiff("  a   b ", "a b")).toEqual([{ kind: "same", text: "a b" }]);
    expect(wordDiff("", "new words")).toEqual([{ kind: "added", text: "new words" }]);
    expect(wordDiff("old words", "")).toEqual([{ kind: "removed", text: "old words" }]);
  });

  it("gives up on texts too long to compare cheaply", () => {
    const long = Array.from({ length: 600 }, (_, index) => `w${index}`).join(" ");
    expect(wordDiff(long, `${long} more`)).toBeNull();
  });
});

describe("listDiff", () => {
  it("keeps the new order, marks added rows, and lists removed ones last (ignoring case and spacing)", () => {
    expect(listDiff(["Chat", "Export to PDF", "Teams"], ["teams", "Voice  notes", "Chat"])).toEqual([
      { kind: "same", text: "teams" },
      { kind: "added", text: "Voice  notes" },
      { kind: "same", text: "Chat" },
      { kind: "removed", text: "Export to PDF" },
    ]);
  });
});

describe("pricingDiff", () => {
  it("puts both pricings in one table by plan name, whatever their shape", () => {
    expect(
      pricingDiff(
        [
          { plan: "Free", price: "$0", details: "" },
          { plan: "Team", price: "$20", details: "per seat" },
        ],
        {
          free: "$0",
          Pro: "$12/month",
        },
      ),
    ).toEqual([
      { plan: "Free", before: "$0", after: "$0" },
      { plan: "Team", before: "$20 · per seat", after: null },
      { plan: "Pro", before: null, after: "$12/month" },
    ]);
    expect(pricingDiff(null, { Pro: "$5" })).toEqual([{ plan: "Pro", before: null, after: "$5" }]);
  });
});

describe("a field's value as the tool form posts it", () => {
  it("turns stored values into form input the form's schema reads back to the same value", () => {
    const pricing = { Free: "Free", Pro: "$12/month" };
    expect(proposalFieldInput("pricing", pricing)).toEqual({
      shape: "simple",
      entries: [
        { plan: "Free", price: "Free" },
        { plan: "Pro", price: "$12/month" },
      ],
    });
    expect(toolFormSchema.shape.pricing.parse(proposalFieldInput("pricing", pricing))).toEqual(pricing);
    const plans = [{ plan: "Team", price: "$20", details: "per seat", features: ["SSO", "Audit log"] }];
    expect(toolFormSchema.shape.pricing.parse(pricingInputOf(plans))).toEqual(plans);
    expect(proposalFieldInput("pricing", null)).toEqual({ shape: "none" });
    expect(proposalFieldInput("features", ["A", "B"])).toEqual(["A", "B"]);
    expect(proposalFieldInput("tagline", null)).toBe("");
    expect(listEditText(["A", "B"])).toBe("A\nB");
  });

  it("reads the review form's edits: lists a line each, the rest by the tool form's names", () => {
    const form = new FormData();
    form.set("features", "One\r\nTwo\n\nThree");
    form.set("tagline", "A line");
    form.set("pricingModel", "paid");
    form.set("pricingShape", "simple");
    form.append("pricing.plan", "Pro");
    form.append("pricing.price", "$9");
    form.append("pricing.plan", "");
    form.append("pricing.price", "");
    expect(proposalEditFrom(form, "features")).toEqual(["One", "Two", "", "Three"]);
    expect(proposalEditFrom(form, "pros")).toEqual([]);
    expect(proposalEditFrom(form, "tagline")).toBe("A line");
    expect(proposalEditFrom(form, "pricingModel")).toBe("paid");
    expect(proposalEditFrom(form, "pricing")).toEqual({
      shape: "simple",
      entries: [
        { plan: "Pro", price: "$9" },
        { plan: "", price: "" },
      ],
    });
  });
});
