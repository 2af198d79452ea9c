import { eq } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { MAKER_MESSAGES } from "~/lib/makers";
import { makerSourceSchema } from "~/lib/makers-schema";
import { PROPOSAL_FIELDS, type ReviewedField } from "~/lib/refresh-proposals";
import { sameFact, TOOL_FACTS, type ToolFacts } from "~/lib/tool-facts";
import { factsFormSchema, type FactsFormInput } from "~/lib/tool-facts-form";
import { descriptionText, toolFormInputFrom, toolFormSchema, type ToolFormInput } from "~/lib/tool-form";
import { InvalidFields } from "../http/action-pipeline.server";
import { listTagIdsForTool } from "../catalog/tags.server";
import { readToolFacts } from "../catalog/tool-facts.server";
import type { Database } from "../db/client.server";
import { refreshProposalFields, refreshProposals, tools, type FactSource } from "../db/schema.server";
import { toolFormInputOf } from "../freshness/proposal-decisions.server";
import { canonical } from "../freshness/proposal-values.server";
import { isVerifiedMaker } from "./verified-makers.server";
import { escapeHtml } from "../seo/xml.server";

/**
 * A verified maker's proposed edits to their listing (decision 176): the fields that differ from
 * the listing become one pending proposal in the administrators' review (/admin/proposals), marked
 * as the maker's and citing the page the maker named (a fact cites its own page). Nothing changes
 * on the listing until an administrator accepts, exactly as for the AI refresh's proposals.
 */

/** What the maker's form posts: the tool form's own fields (the description as plain text), facts, and a source. */
export type MakerEdits = {
  tagline: string;
  descriptionText: string;
  features: string[];
  pros: string[];
  pricingModel: string;
  pricing: ToolFormInput["pricing"];
  image: string;
  facts: FactsFormInput | undefined;
  sourceUrl: string;
};

const lines = (value: FormDataEntryValue | null) =>
  typeof value === "string"
    ? value
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

export function makerEditsFrom(form: FormData): MakerEdits {
  const tool = toolFormInputFrom(form);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    tagline: tool.tagline,
    descriptionText: text("description"),
    features: lines(form.get("features")),
    pros: lines(form.get("pros")),
    pricingModel: tool.pricingModel,
    pricing: tool.pricing,
    image: tool.image ?? "",
    facts: tool.facts,
    sourceUrl: text("sourceUrl"),
  };
}

const sameText = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/** The maker's plain text as the description's HTML: a paragraph per blank-line-separated block. */
function paragraphs(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}

export async function proposeMakerEdits({
  db,
  toolId,
  makerId,
  edits,
}: {
  db: Database;
  toolId: string;
  makerId: string;
  edits: MakerEdits;
}): Promise<{ proposalId: string; fields: ReviewedField[] }> {
  if (!(await isVerifiedMaker({ db, toolId, userId: makerId }))) {
    throw new AppError("forbidden", MAKER_MESSAGES.notMaker);
  }
  const source = makerSourceSchema.safeParse(edits.sourceUrl);
  if (!source.success) throw new InvalidFields({ sourceUrl: source.error.issues[0]!.message });

  const [tool] = await db.select().from(tools).where(eq(tools.id, toolId));
  if (!tool) throw new AppError("not-found", "Tool not found");
  const base = toolFormInputOf(tool, await listTagIdsForTool({ db, toolId }));
  const edited: ToolFormInput = {
    ...base,
    tagline: edits.tagline,
    // Unchanged words keep the listing's own markup.
    description: sameText(edits.descriptionText, descriptionText(tool.description))
      ? base.description
      : paragraphs(edits.descriptionText),
    features: edits.features,
    pros: edits.pros,
    pricingModel: edits.pricingModel,
    pricing: edits.pricing,
    image: edits.image,
  };
  const parsed = toolFormSchema.safeParse(edited);
  const parsedFacts = edits.facts ? factsFormSchema.safeParse(edits.facts) : null;
  const fieldErrors: Record<string, string> = {};
  for (const issue of [...(parsed.error?.issues ?? []), ...(parsedFacts?.error?.issues ?? [])]) {
    const key = parsedFacts?.error?.issues.includes(issue) ? ["facts", ...issue.path].join(".") : issue.path.join(".");
    fieldErrors[key] ??= issue.message;
  }
  if (!parsed.success || (parsedFacts && !parsedFacts.success)) throw new InvalidFields(fieldErrors);

  // What the form would save with no edit: a field differs only when the maker changed it.
  const unchanged = toolFormSchema.safeParse(base);
  const cited: FactSource = { url: source.data, title: "Cited by the maker", snippet: "" };
  const fields: { field: ReviewedField; currentValue: unknown; proposedValue: unknown; sources: FactSource[] }[] = [];
  for (const field of PROPOSAL_FIELDS) {
    const proposed = parsed.data[field] ?? null;
    const before = unchanged.success ? (unchanged.data[field] ?? null) : (tool[field] ?? null);
    if (canonical(proposed) === canonical(before)) continue;
    fields.push({ field, currentValue: tool[field] ?? null, proposedValue: proposed, sources: [cited] });
  }
  const factsNow: ToolFacts = await readToolFacts({ db, toolId });
  const factsProposed: ToolFacts = parsedFacts?.success ? parsedFacts.data : {};
  for (const name of TOOL_FACTS) {
    const proposed = factsProposed[name];
    if (!proposed || sameFact(proposed, factsNow[name])) continue;
    fields.push({
      field: `facts.${name}`,
      currentValue: factsNow[name] ?? null,
      proposedValue: proposed,
      sources: [{ url: proposed.sourceUrl, title: "Cited by the maker", snippet: "" }],
    });
  }
  if (fields.length === 0) throw new AppError("bad-request", MAKER_MESSAGES.nothingChanged);

  return db.transaction(async (tx) => {
    const [proposal] = await tx
      .insert(refreshProposals)
      .values({ toolId, status: "pending", makerId, sources: [cited] })
      .returning({ id: refreshProposals.id });
    await tx.insert(refreshProposalFields).values(fields.map((field) => ({ proposalId: proposal!.id, ...field })));
    return { proposalId: proposal!.id, fields: fields.map((field) => field.field) };
  });
}
