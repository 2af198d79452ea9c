import { descriptionText } from "~/lib/tool-form";
import { factDrafts } from "~/lib/tool-fact-drafts";
import { listTagsForTool } from "../catalog/tags.server";
import { readToolFacts } from "../catalog/tool-facts.server";
import type { Database } from "../db/client.server";
import type { tools } from "../db/schema.server";
import type { ResearchTask } from "./research-flow.server";

type StoredTool = Pick<
  typeof tools.$inferSelect,
  "id" | "name" | "website" | "description" | "features" | "pricing" | "tagline" | "pricingModel" | "startingPrice"
>;

/**
 * The spec's update flow for a stored tool: what it says now (its description as text, its tags
 * by name), so the model is asked what changed. The admin's "Update with AI" and the scheduled
 * refresh ask the same question.
 */
export async function updateTaskFor({
  db,
  tool,
  subject = tool.name,
  tagNames,
}: {
  db: Database;
  tool: StoredTool;
  subject?: string;
  tagNames: string[];
}): Promise<ResearchTask> {
  const [toolTags, facts] = await Promise.all([
    listTagsForTool({ db, toolId: tool.id }),
    readToolFacts({ db, toolId: tool.id }),
  ]);
  return {
    mode: "update",
    subject,
    current: {
      name: tool.name,
      website: tool.website,
      description: descriptionText(tool.description),
      features: tool.features,
      pricing: tool.pricing,
      tagline: tool.tagline,
      pricingModel: tool.pricingModel,
      startingPrice: tool.startingPrice,
      tags: toolTags.map((tag) => tag.name),
      // With their sources, so the model confirms or corrects them rather than starting over.
      facts: factDrafts(facts),
    },
    tagNames,
  };
}
