import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { isPricingModel, PRICING_MODEL_LABELS } from "~/lib/pricing-model";
import {
  factOfProposalField,
  isFactProposalField,
  listDiff,
  pricingDiff,
  wordDiff,
  type DiffPart,
  type ReviewedField,
} from "~/lib/refresh-proposals";
import { factSummary, UNKNOWN_FACT_TEXT, type ToolFact } from "~/lib/tool-facts";
import { descriptionText } from "~/lib/tool-form";

/**
 * One field of an AI refresh proposal, before and after, the way a reviewer reads it fastest:
 * text side by side with the changed words marked, lists as rows added and removed, pricing as a
 * small table of plans. Marks are <del>/<ins>, so the change is read out, not only coloured.
 */

const removedClass = "rounded bg-red-100 px-0.5 text-red-900 line-through dark:bg-red-950 dark:text-red-200";
const addedClass =
  "rounded bg-emerald-100 px-0.5 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-200";

const asText = (field: ReviewedField, value: unknown): string => {
  // A fact reads as its answer and the page it cites, so a new source alone shows as a change.
  if (isFactProposalField(field)) {
    if (!value || typeof value !== "object") return UNKNOWN_FACT_TEXT;
    const fact = value as ToolFact;
    return `${factSummary(factOfProposalField(field), fact)} — source: ${fact.sourceUrl}`;
  }
  if (typeof value !== "string") return "";
  if (field === "description") return descriptionText(value);
  if (field === "pricingModel") return isPricingModel(value) ? PRICING_MODEL_LABELS[value] : value;
  return value;
};

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

function Empty() {
  return <span className="italic text-slate-500 dark:text-slate-400">(none)</span>;
}

/** One side of a text diff: the words this side has that the other lacks are marked. */
function TextSide({ parts, side }: { parts: DiffPart[]; side: "before" | "after" }) {
  const shown = parts.filter((part) => part.kind === "same" || part.kind === (side === "before" ? "removed" : "added"));
  if (shown.length === 0) return <Empty />;
  return (
    <>
      {shown.map((part, index) => {
        const space = index > 0 ? " " : "";
        if (part.kind === "same") return <span key={index}>{`${space}${part.text}`}</span>;
        const Mark = part.kind === "removed" ? "del" : "ins";
        return (
          <span key={index}>
            {space}
            <Mark className={part.kind === "removed" ? removedClass : addedClass}>{part.text}</Mark>
          </span>
        );
      })}
    </>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{title}</p>
      <div className="break-words text-sm leading-relaxed">{children}</div>
    </div>
  );
}

function TextDiff({ before, after }: { before: string; after: string }) {
  const parts = wordDiff(before, after);
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <Column title="Before">
        {parts ? <TextSide parts={parts} side="before" /> : before === "" ? <Empty /> : before}
      </Column>
      <Column title="After">
        {parts ? <TextSide parts={parts} side="after" /> : after === "" ? <Empty /> : after}
      </Column>
    </div>
  );
}

function ListDiff({ before, after }: { before: string[]; after: string[] }) {
  const rows = listDiff(before, after);
  if (rows.length === 0) return <Empty />;
  return (
    <ul className="space-y-1 text-sm">
      {rows.map((row, index) => (
        <li key={index} className="flex gap-2">
          <span aria-hidden="true" className="w-4 shrink-0 text-center font-mono">
            {row.kind === "added" ? "+" : row.kind === "removed" ? "−" : ""}
          </span>
          {row.kind === "same" ? (
            <span>{row.text}</span>
          ) : row.kind === "added" ? (
            <ins className={addedClass}>
              <span className="sr-only">Added: </span>
              {row.text}
            </ins>
          ) : (
            <del className={removedClass}>
              <span className="sr-only">Removed: </span>
              {row.text}
            </del>
          )}
        </li>
      ))}
    </ul>
  );
}

function PricingDiff({ before, after }: { before: unknown; after: unknown }) {
  const rows = pricingDiff(before, after);
  if (rows.length === 0) return <Empty />;
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="border-b border-slate-200 dark:border-slate-800">
          <th scope="col" className="py-1 pr-3 font-semibold">
            Plan
          </th>
          <th scope="col" className="py-1 pr-3 font-semibold">
            Before
          </th>
          <th scope="col" className="py-1 font-semibold">
            After
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const changed = row.before !== row.after;
          return (
            <tr key={row.plan} className="border-b border-slate-100 last:border-0 dark:border-slate-900">
              <th scope="row" className="py-1 pr-3 font-medium">
                {row.plan}
              </th>
              <td className="py-1 pr-3">
                {row.before === null ? (
                  <Empty />
                ) : changed ? (
                  <del className={removedClass}>{row.before}</del>
                ) : (
                  row.before
                )}
              </td>
              <td className="py-1">
                {row.after === null ? <Empty /> : changed ? <ins className={addedClass}>{row.after}</ins> : row.after}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function ProposalDiff({
  field,
  before,
  after,
  className,
}: {
  field: ReviewedField;
  before: unknown;
  after: unknown;
  className?: string;
}) {
  let body: ReactNode;
  if (field === "features" || field === "pros") body = <ListDiff before={asList(before)} after={asList(after)} />;
  else if (field === "pricing") body = <PricingDiff before={before} after={after} />;
  else body = <TextDiff before={asText(field, before)} after={asText(field, after)} />;
  return <div className={cn("space-y-2", className)}>{body}</div>;
}
