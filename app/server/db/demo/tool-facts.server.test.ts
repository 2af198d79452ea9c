import { describe, expect, it } from "vitest";
import { startingPriceOf } from "~/lib/plan-price";
import { isPricingModel } from "~/lib/pricing-model";
import { demoTags, demoToolFacts } from "./tool-facts.server";
import { demoTools } from "./tools.server";

const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const facts = Object.entries(demoToolFacts);
const tagSlugs = new Set(demoTags.map((tag) => tag.slug));

/** The values that occur more than once, each listed once. */
function duplicates(values: string[]): string[] {
  return [...new Set(values.filter((value, index) => values.indexOf(value) !== index))];
}

describe("demoToolFacts", () => {
  it("has facts for every demo tool and for no other slug", () => {
    const toolSlugs = demoTools.map((tool) => tool.slug);
    const missing = toolSlugs.filter((slug) => !(slug in demoToolFacts));
    const unknown = Object.keys(demoToolFacts).filter((slug) => !toolSlugs.includes(slug));

    expect(missing, "demo tools without facts").toEqual([]);
    expect(unknown, "facts for slugs that are not demo tools").toEqual([]);
  });

  it("has short, unique, single-line taglines", () => {
    const invalid = facts
      .filter(([, { tagline }]) => tagline.trim() === "" || tagline.length > 120 || /[\r\n]/.test(tagline))
      .map(([slug, { tagline }]) => `${slug}: ${JSON.stringify(tagline)} (${tagline.length} characters)`);

    expect(invalid, "taglines that are empty, longer than 120 characters or span lines").toEqual([]);
    expect(duplicates(facts.map(([, { tagline }]) => tagline)), "taglines used by more than one tool").toEqual([]);
  });

  it("has a valid pricing model, and plans a starting price is read from unless it is sold on request", () => {
    const invalidModels = facts
      .filter(([, { pricingModel }]) => !isPricingModel(pricingModel))
      .map(([slug, { pricingModel }]) => `${slug}: ${String(pricingModel)}`);
    // The starting price is derived from the plans (decision 166), so the plans must state one.
    const unpriced = demoTools
      .filter((tool) => demoToolFacts[tool.slug]?.pricingModel !== "contact" && startingPriceOf(tool.pricing) === null)
      .map((tool) => tool.slug);

    expect(invalidModels, "unknown pricing models").toEqual([]);
    // Usage-based or unpublished prices: their cards show the pricing model alone.
    expect(unpriced.sort(), "tools whose plans state no price").toEqual([
      "inworld-ai",
      "lately",
      "ollama",
      "tabnine",
      "wysa",
    ]);
  });

  it("gives every tool 3 to 6 distinct tags from demoTags", () => {
    const wrongCount = facts
      .filter(([, { tags }]) => tags.length < 3 || tags.length > 6)
      .map(([slug, { tags }]) => `${slug}: ${tags.length} tags`);
    const repeated = facts
      .filter(([, { tags }]) => duplicates(tags).length > 0)
      .map(([slug, { tags }]) => `${slug}: ${duplicates(tags).join(", ")}`);
    const unknown = facts.flatMap(([slug, { tags }]) =>
      tags.filter((tag) => !tagSlugs.has(tag)).map((tag) => `${slug}: ${tag}`),
    );

    expect(wrongCount, "tools with fewer than 3 or more than 6 tags").toEqual([]);
    expect(repeated, "tools with a repeated tag").toEqual([]);
    expect(unknown, "tags that are not in demoTags").toEqual([]);
  });
});

describe("demoTags", () => {
  it("has 35 to 45 tags with unique names and well-formed slugs", () => {
    expect(demoTags.length).toBeGreaterThanOrEqual(35);
    expect(demoTags.length).toBeLessThanOrEqual(45);
    expect(duplicates(demoTags.map((tag) => tag.slug)), "repeated tag slugs").toEqual([]);
    expect(duplicates(demoTags.map((tag) => tag.name)), "repeated tag names").toEqual([]);
    expect(
      demoTags.filter((tag) => !SLUG_PATTERN.test(tag.slug)).map((tag) => tag.slug),
      "malformed tag slugs",
    ).toEqual([]);
    expect(
      demoTags.filter((tag) => tag.name.trim() === "" || tag.description.trim() === "").map((tag) => tag.slug),
      "tags with an empty name or description",
    ).toEqual([]);
  });

  it("uses every tag for at least 2 tools", () => {
    const uses = new Map(demoTags.map((tag) => [tag.slug, 0]));
    for (const [, { tags }] of facts) for (const tag of tags) uses.set(tag, (uses.get(tag) ?? 0) + 1);
    const rare = [...uses].filter(([, count]) => count < 2).map(([slug, count]) => `${slug}: ${count}`);

    expect(rare, "tags used by fewer than 2 tools").toEqual([]);
  });
});
