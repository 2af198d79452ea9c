import { and, count, eq, isNull, notInArray, sql } from "drizzle-orm";
import { INVALID_FIELDS_MESSAGE } from "~/lib/admin-messages";
import { changeFieldLabel } from "~/lib/change-log";
import { AppError } from "~/lib/app-error";
import {
  factOfProposalField,
  isFactProposalField,
  isProposalField,
  PROPOSAL_MESSAGES,
  pricingInputOf,
  proposalFieldInput,
  proposalFieldLabel,
  type ProposalField,
  type ProposalFieldInput,
  type ReviewedField,
} from "~/lib/refresh-proposals";
import type { ToolFact } from "~/lib/tool-facts";
import { factSchema } from "~/lib/tool-facts-schema";
import { readToolFacts, writeToolFacts } from "../catalog/tool-facts.server";
import { toolFormSchema, type ToolFormInput } from "~/lib/tool-form";
import { isUuid } from "~/lib/slugify";
import { listTagIdsForTool } from "../catalog/tags.server";
import { updateTool } from "../catalog/tool-admin.server";
import type { Database } from "../db/client.server";
import { refreshProposalFields, refreshProposals, toolChanges, tools, type FactSource } from "../db/schema.server";
import { canonical } from "./proposal-values.server";

/**
 * An administrator's decisions on a refresh proposal (see refresh-job.server.ts). A field whose
 * value on the tool changed after the proposal was made (someone edited the tool) is not accepted
 * unless the administrator ticks "Replace the current value" for it: the page shows the newer
 * value beside the proposal, and accepting blindly would undo that edit.
 */

type ToolRow = typeof tools.$inferSelect;

export type FieldDecision = {
  field: ReviewedField;
  decision: "accepted" | "rejected";
  /** The administrator's edit, as the tool form posts that field; absent: the proposed value. */
  editedValue?: ProposalFieldInput;
  /** Accept even though the tool's value changed since the proposal (see the module's comment). */
  replaceNewer?: boolean;
};

export type DecisionOutcome =
  | {
      status: "decided";
      tool: { id: string; name: string; slug: string };
      accepted: ReviewedField[];
      rejected: ReviewedField[];
      /** Every field of the proposal now has a decision. */
      reviewed: boolean;
    }
  /** Nothing was saved: `fieldErrors` by proposal field, `message` for the whole. */
  | { status: "invalid"; message: string; fieldErrors: Partial<Record<ReviewedField, string>> };

/** The tool's stored values as its form would post them: the base an accepted field is put into. */
export function toolFormInputOf(tool: ToolRow, tagIds: string[]): ToolFormInput {
  return {
    name: tool.name,
    category: tool.category,
    description: tool.description,
    image: tool.image ?? "",
    website: tool.website ?? "",
    // Blank keeps the tool's address.
    slug: "",
    metaTitle: tool.metaTitle ?? "",
    features: tool.features,
    pros: tool.pros,
    cons: tool.cons,
    pricing: pricingInputOf(tool.pricing),
    tagline: tool.tagline ?? "",
    pricingModel: tool.pricingModel ?? "",
    tags: tagIds,
  };
}

/** "Line 3: ..." for a list row, "Plan 2: ..." for a pricing row: the review form's lists are one box. */
function messageAt(path: readonly PropertyKey[], message: string): string {
  const [field, second, third] = path;
  if ((field === "features" || field === "pros") && typeof second === "number") return `Line ${second + 1}: ${message}`;
  if (field === "pricing" && typeof third === "number") return `Plan ${third + 1}: ${message}`;
  return message;
}

/**
 * Records an administrator's decisions on some fields of a pending proposal. Accepted fields are
 * saved as the tool form saves: the tool's current values with those fields replaced, checked by
 * the form's schema, written by updateTool (which logs each change; here with the field's own
 * sources). All or nothing: a refused field leaves the tool and every decision as they were.
 */
export async function decideProposalFields({
  db,
  proposalId,
  decisions,
  admin,
}: {
  db: Database;
  proposalId: string;
  decisions: readonly FieldDecision[];
  admin: { id: string; name: string };
}): Promise<DecisionOutcome> {
  if (!isUuid(proposalId)) throw new AppError("not-found", PROPOSAL_MESSAGES.notFound);
  if (decisions.length === 0) return { status: "invalid", message: PROPOSAL_MESSAGES.noneSelected, fieldErrors: {} };

  return db.transaction(async (tx): Promise<DecisionOutcome> => {
    // Locked: two administrators deciding at once take turns, and the second sees the first's decisions.
    const [proposal] = await tx
      .select()
      .from(refreshProposals)
      .where(eq(refreshProposals.id, proposalId.toLowerCase()))
      .for("update");
    if (!proposal) throw new AppError("not-found", PROPOSAL_MESSAGES.notFound);
    if (proposal.status !== "pending") throw new AppError("conflict", PROPOSAL_MESSAGES.notPending);
    const [tool] = await tx.select().from(tools).where(eq(tools.id, proposal.toolId)).for("update");
    if (!tool) throw new AppError("not-found", PROPOSAL_MESSAGES.notFound);
    const fields = await tx
      .select()
      .from(refreshProposalFields)
      .where(eq(refreshProposalFields.proposalId, proposal.id));

    const fieldErrors: Partial<Record<ReviewedField, string>> = {};
    const byField = new Map(fields.map((row) => [row.field as ReviewedField, row]));
    const decided = new Set<ReviewedField>();
    const factsBefore = await readToolFacts({ db: tx, toolId: tool.id });
    // The field's value on the tool now: its column, or for a fact its row (null: unknown).
    const valueNow = (field: ReviewedField): unknown =>
      isFactProposalField(field) ? (factsBefore[factOfProposalField(field)] ?? null) : (tool[field] ?? null);
    for (const decision of decisions) {
      const row = byField.get(decision.field);
      if (!row || decided.has(decision.field)) fieldErrors[decision.field] = PROPOSAL_MESSAGES.unknownField;
      else if (row.decision !== null)
        fieldErrors[decision.field] = PROPOSAL_MESSAGES.alreadyDecided(proposalFieldLabel(decision.field));
      else if (
        decision.decision === "accepted" &&
        !decision.replaceNewer &&
        canonical(valueNow(decision.field)) !== canonical(row.currentValue ?? null)
      )
        fieldErrors[decision.field] = PROPOSAL_MESSAGES.stale(proposalFieldLabel(decision.field));
      decided.add(decision.field);
    }
    if (Object.keys(fieldErrors).length > 0) return refused(fieldErrors);

    const acceptedAll = decisions.filter((decision) => decision.decision === "accepted");
    // The tool's own fields go through the tool form; facts are written below with their citations.
    const accepted = acceptedAll.filter((decision): decision is FieldDecision & { field: ProposalField } =>
      isProposalField(decision.field),
    );
    let saved: ToolRow = tool;
    if (accepted.length > 0) {
      const input = toolFormInputOf(tool, await listTagIdsForTool({ db: tx, toolId: tool.id }));
      const edits: Partial<ToolFormInput> = {};
      for (const decision of accepted) {
        Object.assign(edits, {
          [decision.field]:
            decision.editedValue ?? proposalFieldInput(decision.field, byField.get(decision.field)!.proposedValue),
        });
      }
      const parsed = toolFormSchema.safeParse({ ...input, ...edits });
      if (!parsed.success) {
        let other: string | null = null;
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (isProposalField(field) && field in edits) fieldErrors[field] ??= messageAt(issue.path, issue.message);
          else other ??= PROPOSAL_MESSAGES.toolInvalid(changeFieldLabel(String(field)), issue.message);
        }
        return refused(fieldErrors, other);
      }
      const sourcesOf = (field: ReviewedField) => byField.get(field)!.sources;
      const allSources = uniqueByUrl(accepted.flatMap((decision) => sourcesOf(decision.field)));
      const result = await updateTool({
        db: tx,
        id: tool.id,
        input: parsed.data,
        author: { origin: "proposal", actorId: admin.id, actorName: admin.name, sources: allSources },
      });
      if (result.status === "invalid") {
        for (const [key, message] of Object.entries(result.fieldErrors)) {
          const field = key.split(".")[0];
          if (isProposalField(field)) fieldErrors[field] ??= message;
        }
        return refused(fieldErrors, Object.values(result.fieldErrors)[0]);
      }
      saved = result.tool;
      // updateTool gives every change of one save the same sources; each field keeps its own. The
      // rows it wrote are this transaction's (created now(), by this save). A field the proposal did
      // not touch that the save tidied anyway (an old description sanitized again) cites nothing.
      const savedNow = and(
        eq(toolChanges.toolId, tool.id),
        eq(toolChanges.origin, "proposal"),
        sql`${toolChanges.createdAt} = now()`,
      );
      await tx
        .update(toolChanges)
        .set({ sources: [] })
        .where(
          and(
            savedNow,
            notInArray(
              toolChanges.field,
              accepted.map((decision) => decision.field),
            ),
          ),
        );
      for (const decision of accepted) {
        await tx
          .update(toolChanges)
          .set({ sources: sourcesOf(decision.field) })
          .where(and(savedNow, eq(toolChanges.field, decision.field)));
      }
      // The starting price follows the plans (decision 166): its change cites the plans' pages.
      if (accepted.some((decision) => decision.field === "pricing")) {
        await tx
          .update(toolChanges)
          .set({ sources: sourcesOf("pricing") })
          .where(and(savedNow, eq(toolChanges.field, "startingPrice")));
      }
    }

    // Accepted facts, each logged with the pages its proposal cited (decision 165).
    const factsSaved = new Map<ReviewedField, ToolFact>();
    let factsChanged = false;
    for (const decision of acceptedAll.filter((item) => isFactProposalField(item.field))) {
      const field = decision.field as Extract<ReviewedField, `facts.${string}`>;
      const name = factOfProposalField(field);
      const row = byField.get(field)!;
      const parsed = factSchema(name).safeParse(row.proposedValue);
      if (!parsed.success) return refused({ [field]: parsed.error.issues[0]?.message ?? INVALID_FIELDS_MESSAGE });
      const changes = await writeToolFacts({
        db: tx,
        toolId: tool.id,
        facts: { [name]: parsed.data },
        author: { origin: "proposal", actorId: admin.id, actorName: admin.name, sources: row.sources },
      });
      factsChanged ||= changes.length > 0;
      factsSaved.set(field, parsed.data);
    }
    if (factsChanged) {
      const [moved] = await tx
        .update(tools)
        .set({ updatedAt: sql`now()` })
        .where(eq(tools.id, tool.id))
        .returning();
      if (moved) saved = moved;
    }

    for (const decision of decisions) {
      await tx
        .update(refreshProposalFields)
        .set({
          decision: decision.decision,
          // What the tool now holds for the field: the proposal, or the administrator's edit, as saved.
          acceptedValue:
            decision.decision === "accepted"
              ? isFactProposalField(decision.field)
                ? (factsSaved.get(decision.field) ?? null)
                : (saved[decision.field] ?? null)
              : null,
          decidedBy: admin.id,
          decidedAt: sql`now()`,
        })
        .where(
          and(
            eq(refreshProposalFields.proposalId, proposal.id),
            eq(refreshProposalFields.field, decision.field),
            isNull(refreshProposalFields.decision),
          ),
        );
    }
    const [open] = await tx
      .select({ total: count() })
      .from(refreshProposalFields)
      .where(and(eq(refreshProposalFields.proposalId, proposal.id), isNull(refreshProposalFields.decision)));
    const reviewed = (open?.total ?? 0) === 0;
    if (reviewed) {
      await tx
        .update(refreshProposals)
        .set({ status: "reviewed", reviewedAt: sql`now()` })
        .where(eq(refreshProposals.id, proposal.id));
    }
    return {
      status: "decided",
      tool: { id: saved.id, name: saved.name, slug: saved.slug },
      accepted: acceptedAll.map((decision) => decision.field),
      rejected: decisions.filter((decision) => decision.decision === "rejected").map((decision) => decision.field),
      reviewed,
    };
  });
}

function refused(fieldErrors: Partial<Record<ReviewedField, string>>, other?: string | null): DecisionOutcome {
  const messages = Object.values(fieldErrors);
  const message = other ?? (messages.length === 1 ? messages[0]! : INVALID_FIELDS_MESSAGE);
  return { status: "invalid", message, fieldErrors };
}

function uniqueByUrl(sources: readonly FactSource[]): FactSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => !seen.has(source.url) && Boolean(seen.add(source.url)));
}
