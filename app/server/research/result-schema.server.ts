import { z } from "zod";
import { PRICING_MODELS } from "~/lib/pricing-model";
import { PLATFORMS, TOOL_FACTS } from "~/lib/tool-facts";
import type { ResearchResult } from "~/lib/research";

/**
 * The answer the model must give (spec section 3, "AI research result"). The descriptions are
 * part of the request: the AI SDK sends this schema to the model as a JSON schema.
 *
 * Validation is the spec's (section 5): productInfo.description, features and pricing and
 * marketResearch.uniqueSellingPoints must be there; the rest falls back to empty, the catalogue
 * facts (tagline, pricing model, starting price, tags) included, so the answer of a model asked
 * before they existed, or one that leaves them out, is still a draft. Keys outside
 * the schema (a "rating", say) are dropped by parsing, so they can never reach the form.
 */

const text = (description: string) => z.string().trim().describe(description);
const optionalText = (description: string) => z.string().trim().default("").describe(description);
const textList = (description: string) => z.array(z.string().trim()).describe(description);

export const researchResultSchema = z.object({
  productInfo: z
    .object({
      name: optionalText("The product's name, written as its makers write it."),
      description: text(
        "A neutral description of 100 to 200 words in plain text (no Markdown, no HTML): what the tool does, " +
          "for whom, and how it works. Paragraphs are separated by a blank line.",
      ).min(1),
      website: optionalText("The official website as an absolute https:// address, or an empty string when unsure."),
      features: textList("4 to 8 key features, each a short phrase.").min(1),
      pricing: z
        .object({
          free: optionalText("The free plan or trial in a few words, or an empty string when there is none."),
          pro: optionalText("The paid individual or team plan with its price, or an empty string."),
          enterprise: optionalText("The enterprise offer (for example 'Custom pricing'), or an empty string."),
        })
        .describe("Prices as published by the vendor; never guessed."),
      tagline: optionalText(
        "One plain sentence of at most 120 characters saying what the tool does, for a directory card " +
          "(for example 'Drafts replies to customer emails from your help-desk history.'). No marketing claims.",
      ),
      pricingModel: optionalText(
        `How the tool charges, exactly one of: ${PRICING_MODELS.join(", ")} ` +
          "(free: everything free; freemium: a free plan beside paid ones; free-trial: paid after a trial; " +
          "paid: no free plan or trial; contact: price only on request). An empty string when unsure.",
      ),
      startingPrice: optionalText(
        "The lowest paid price as published, short (for example '$10/month'), 'Free' when everything is free, " +
          "or an empty string when unknown.",
      ),
      tags: textList(
        "Up to 5 tags for the tool. Use names from <existing_tags> where they fit, written exactly as listed; " +
          "propose a new short name only when none fits.",
      ).default([]),
    })
    .describe("Facts about the product, taken from the search results."),
  marketResearch: z
    .object({
      competitors: textList("Up to 5 competing products, by name.").default([]),
      uniqueSellingPoints: textList("3 to 5 things that set the product apart, each a short phrase."),
      targetAudience: optionalText("Who the product is for, in one sentence."),
    })
    .describe("How the product stands among its alternatives."),
  facts: z
    .array(
      z.object({
        fact: text(`Which fact, one of: ${TOOL_FACTS.join(", ")}.`),
        value: optionalText(
          "For free_plan, api, open_source and self_hostable: yes or no; for trains_on_your_data: yes, no or opt-out " +
            "(opt-out: it trains on your data unless you turn it off). An empty string for the other facts.",
        ),
        items: textList(
          `For platforms: any of ${PLATFORMS.join(", ")}; for certifications: as the page names them ` +
            "(SOC 2 Type 2, ISO 27001, HIPAA, GDPR DPA, ...). Empty for the other facts.",
        ).default([]),
        detail: optionalText(
          "At most 300 characters: the free plan's limits, the API documentation's address, the licence, or for " +
            "data_retention how long data is kept. Empty when the page does not say.",
        ),
        sourceUrl: text(
          "The url of the one search result that states this fact, copied exactly from <search_results>.",
        ),
      }),
    )
    .default([])
    .describe(
      "Facts a search result states outright, each citing that result. Leave out every fact no result states: an unknown fact is never guessed.",
    ),
}) satisfies z.ZodType<ResearchResult, unknown>;
