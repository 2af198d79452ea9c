import { changeFieldLabel } from "./change-log";
import type { Pricing } from "./pricing";
import { toolFormInputFrom, type ToolFormInput } from "./tool-form";
import { isToolFactName, TOOL_FACTS, type ToolFactName } from "./tool-facts";

/**
 * AI refresh proposals as the review page and the server share them: the fields a proposal may
 * change, how a stored value becomes what the tool form would post for it (so an accepted value
 * goes through the form's own schema), how the review form's edits are read, and the diffs shown.
 */

export const PROPOSALS_PATH = "/admin/proposals";

/** The tool's own fields the AI refresh may propose to change (the tool form's names). */
export const AI_PROPOSAL_FIELDS = ["description", "tagline", "features", "pricing", "pricingModel", "pros"] as const;

/** The tool's own fields any proposal may change: a verified maker may also propose a logo (decision 176). */
export const PROPOSAL_FIELDS = [...AI_PROPOSAL_FIELDS, "image"] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

export function isProposalField(value: unknown): value is ProposalField {
  return typeof value === "string" && (PROPOSAL_FIELDS as readonly string[]).includes(value);
}

/** A fact a proposal may change (decision 165): "facts.free_plan", as the change log names it. */
export type FactProposalField = `facts.${ToolFactName}`;
export const FACT_PROPOSAL_FIELDS = TOOL_FACTS.map((fact): FactProposalField => `facts.${fact}`);

export function isFactProposalField(value: unknown): value is FactProposalField {
  return typeof value === "string" && value.startsWith("facts.") && isToolFactName(value.slice("facts.".length));
}

export function factOfProposalField(field: FactProposalField): ToolFactName {
  return field.slice("facts.".length) as ToolFactName;
}

/** Every field a proposal may hold: the same names as REFRESH_FIELDS in the schema (the server checks they agree). */
export type ReviewedField = ProposalField | FactProposalField;
export const REVIEWED_FIELDS: readonly ReviewedField[] = [...PROPOSAL_FIELDS, ...FACT_PROPOSAL_FIELDS];

export function isReviewedField(value: unknown): value is ReviewedField {
  return isProposalField(value) || isFactProposalField(value);
}

export const proposalFieldLabel = (field: ReviewedField) => changeFieldLabel(field);

/** A field's value as the tool form posts it. */
export type ProposalFieldInput<Field extends ProposalField = ProposalField> = ToolFormInput[Field];

export const PROPOSAL_MESSAGES = {
  noneSelected: "Choose a field to accept or reject",
  notPending: "This proposal has already been reviewed",
  notFound: "Proposal not found",
  alreadyDecided: (label: string) => `${label} has already been decided`,
  unknownField: "This proposal does not change that field",
  /**
   * A field whose value on the tool changed after the proposal was made: accepting would overwrite
   * someone's newer edit unless the admin has looked at it and says so.
   */
  stale: (label: string) =>
    `${label} was changed after this proposal was made. Compare with the current value, then tick “Replace the current value” to accept.`,
  /** The tool's own fields (not the proposal's) do not pass the form: fix the tool first. */
  toolInvalid: (label: string, message: string) =>
    `The tool's ${label.toLowerCase()} does not pass the tool form (${message}). Edit the tool first, or accept a proposed ${label.toLowerCase()} with it.`,
  saved: (toolName: string, accepted: number, rejected: number) => {
    const parts = [
      accepted > 0 ? `${accepted} ${accepted === 1 ? "change" : "changes"} saved` : null,
      rejected > 0 ? `${rejected} rejected` : null,
    ].filter(Boolean);
    return `${toolName}: ${parts.join(", ")}`;
  },
  failed: (message: string) => `Failed to review proposal: ${message}`,
} as const;

/** A stored pricing value as the form's pricing fields post it. */
export function pricingInputOf(pricing: Pricing | null | undefined): ToolFormInput["pricing"] {
  if (Array.isArray(pricing) && pricing.length > 0) {
    return {
      shape: "plans",
      plans: pricing.map((plan) => ({
        plan: plan.plan,
        price: plan.price,
        details: plan.details,
        features: (plan.features ?? []).join("\n"),
      })),
    };
  }
  if (pricing && !Array.isArray(pricing) && Object.keys(pricing).length > 0) {
    return { shape: "simple", entries: Object.entries(pricing).map(([plan, price]) => ({ plan, price })) };
  }
  return { shape: "none" };
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");
const listOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** A field's stored value (as a proposal keeps it) as the tool form would post it. */
export function proposalFieldInput<Field extends ProposalField>(
  field: Field,
  value: unknown,
): ProposalFieldInput<Field>;
export function proposalFieldInput(field: ProposalField, value: unknown): ProposalFieldInput {
  switch (field) {
    case "features":
    case "pros":
      return listOf(value);
    case "pricing":
      return pricingInputOf((value ?? null) as Pricing | null);
    default:
      return textOf(value);
  }
}

/**
 * The review form's edit of one field, as the tool form would post it. Lists are one textarea, a
 * row per line (an error's index is the line); the rest use the tool form's own field names.
 */
export function proposalEditFrom(form: FormData, field: ProposalField): ProposalFieldInput {
  if (field === "features" || field === "pros") {
    const text = form.get(field);
    return typeof text === "string" ? text.split(/\r?\n/) : [];
  }
  return toolFormInputFrom(form)[field];
}

/** A stored list as the review form's textarea holds it: a row per line. */
export function listEditText(value: unknown): string {
  return listOf(value).join("\n");
}

// --- Diffs, as the review page draws them ---

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

/** Beyond this many word pairs a description is shown whole, before and after, without marks. */
const MAX_DIFF_CELLS = 250_000;

/**
 * A word-level diff (longest common subsequence), joined into runs: what stayed, what went, what
 * came. Null when the texts are too long to compare cheaply.
 */
export function wordDiff(before: string, after: string): DiffPart[] | null {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  if (a.length * b.length > MAX_DIFF_CELLS) return null;
  // lengths[i][j]: the longest common run of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart["kind"], word: string) => {
    const last = parts.at(-1);
    if (last?.kind === kind) last.text += ` ${word}`;
    else parts.push({ kind, text: word });
  };
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push("same", a[i]!);
      i += 1;
      j += 1;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) {
      push("removed", a[i]!);
      i += 1;
    } else {
      push("added", b[j]!);
      j += 1;
    }
  }
  while (i < a.length) push("removed", a[i++]!);
  while (j < b.length) push("added", b[j++]!);
  return parts;
}

/** A list's rows before and after: kept in the new order, then the ones removed. */
export function listDiff(before: readonly string[], after: readonly string[]): DiffPart[] {
  const key = (row: string) => row.replace(/\s+/g, " ").trim().toLowerCase();
  const was = new Set(before.map(key));
  const now = new Set(after.map(key));
  return [
    ...after.map((row): DiffPart => ({ kind: was.has(key(row)) ? "same" : "added", text: row })),
    ...before.filter((row) => !now.has(key(row))).map((row): DiffPart => ({ kind: "removed", text: row })),
  ];
}

export type PricingDiffRow = { plan: string; before: string | null; after: string | null };

function priceText(plan: { price: string; details?: string }): string {
  return [plan.price, plan.details].filter((part) => part && part.trim() !== "").join(" · ");
}

/** Both pricings as one table: a row per plan name (matched ignoring case), its price before and after. */
export function pricingDiff(before: unknown, after: unknown): PricingDiffRow[] {
  const rows: PricingDiffRow[] = [];
  const byKey = new Map<string, PricingDiffRow>();
  const plansOf = (value: unknown) => {
    if (Array.isArray(value)) return value as { plan: string; price: string; details?: string }[];
    if (value && typeof value === "object")
      return Object.entries(value as Record<string, string>).map(([plan, price]) => ({ plan, price }));
    return [];
  };
  for (const [side, value] of [
    ["before", before],
    ["after", after],
  ] as const) {
    for (const plan of plansOf(value)) {
      const key = plan.plan.trim().toLowerCase();
      let row = byKey.get(key);
      if (!row) {
        row = { plan: plan.plan, before: null, after: null };
        byKey.set(key, row);
        rows.push(row);
      }
      row[side] = priceText(plan);
    }
  }
  return rows;
}
