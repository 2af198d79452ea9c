import { z } from "zod";
import type { ResearchResult } from "~/lib/research";

/**
 * The answer the model must give (spec section 3, "AI research result"). The descriptions are
 * part of the request: the AI SDK sends this schema to the model as a JSON schema.
 *
 * Validation is the spec's (section 5): productInfo.description, features and pricing and
 * marketResearch.uniqueSellingPoints must be there; the rest falls back to empty. Keys outside
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
    })
    .describe("Facts about the product, taken from the search results."),
  marketResearch: z
    .object({
      competitors: textList("Up to 5 competing products, by name.").default([]),
      uniqueSellingPoints: textList("3 to 5 things that set the product apart, each a short phrase."),
      targetAudience: optionalText("Who the product is for, in one sentence."),
    })
    .describe("How the product stands among its alternatives."),
}) satisfies z.ZodType<ResearchResult, unknown>;
