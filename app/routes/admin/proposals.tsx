import { AlertTriangle, Check, ExternalLink, X } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/proposals";
import { AdminListEmpty } from "~/components/admin/admin-list";
import { FieldMessages } from "~/components/admin/form-field";
import { PlanRowsTable } from "~/components/admin/plan-rows-table";
import { ProposalDiff } from "~/components/admin/proposal-diff";
import { Pagination } from "~/components/pagination";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { TimeAgo } from "~/components/time-ago";
import { resultFor, postedValues, type ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { formatCount, parsePage } from "~/lib/format";
import { PRICING_MODEL_LABELS, PRICING_MODELS } from "~/lib/pricing-model";
import {
  isProposalField,
  isReviewedField,
  listEditText,
  PROPOSAL_FIELDS,
  PROPOSAL_MESSAGES,
  PROPOSALS_PATH,
  proposalEditFrom,
  proposalFieldInput,
  type ProposalField,
  type ReviewedField,
  type ProposalFieldInput,
} from "~/lib/refresh-proposals";
import { isUuid } from "~/lib/slugify";
import { TOOL_FIELDS, TOOL_FORM_LIMITS } from "~/lib/tool-form";
import { requireAdmin } from "~/server/auth/guards.server";
import { flashCookie } from "~/server/flash.server";
import { decideProposalFields, type FieldDecision } from "~/server/freshness/proposal-decisions.server";
import { getProposal, listPendingProposals } from "~/server/freshness/proposal-review.server";
import { defineAction, InvalidFields, stringField } from "~/server/http/action-pipeline.server";
import { toolWriteTags } from "~/server/cache/write-tags.server";
import { adminPageMeta } from "~/lib/seo";
import { publicName } from "~/lib/account";

// /admin/proposals: what the AI refresh found, waiting for an administrator. Each proposal is one
// form (it works without JavaScript): every field has its diff, its sources, an editable value and
// Accept / Reject buttons; "Accept all" takes every open field with its edits. An accepted field
// is saved as the tool form saves and logged in the public change log with its sources.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const result = await listPendingProposals({ db: context.db, page });
  return {
    ...result,
    proposals: result.proposals.map((proposal) => ({
      ...proposal,
      createdAt: proposal.createdAt.toISOString(),
      reviewedAt: proposal.reviewedAt?.toISOString() ?? null,
      fields: proposal.fields.map((field) => ({ ...field, decidedAt: field.decidedAt?.toISOString() ?? null })),
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "AI proposals");

/** What a refused review gives back: the edits as posted, by field, and the fields to replace anyway. */
type ProposalValues = Partial<Record<ProposalField, ProposalFieldInput>> & { replaceNewer: string[] };

/** The control that carries a field's edit: present only while the field is open. */
const EDIT_CONTROL: Record<ProposalField, string> = {
  description: "description",
  tagline: "tagline",
  features: "features",
  pros: "pros",
  pricing: TOOL_FIELDS.pricingShape,
  pricingModel: "pricingModel",
  image: "image",
};

/** "accept:pricing", "reject:tagline", "accept-all", "reject-all". */
function readIntent(value: FormDataEntryValue | null) {
  const intent = typeof value === "string" ? value : "";
  if (intent === "accept-all" || intent === "reject-all") return { all: intent } as const;
  const [decision, field] = intent.split(":");
  if ((decision === "accept" || decision === "reject") && isReviewedField(field)) return { decision, field } as const;
  return null;
}

/** The edits a form carries: only an open field has its control. */
function postedEdits(form: FormData): ProposalValues {
  const values: ProposalValues = { replaceNewer: form.getAll("replaceNewer").map(String) };
  for (const field of PROPOSAL_FIELDS) {
    if (form.has(EDIT_CONTROL[field])) Object.assign(values, { [field]: proposalEditFrom(form, field) });
  }
  return values;
}

export const action = defineAction({
  guard: "admin",
  // Each proposal is its own form: a refusal is shown on the one posted, with the edits as typed.
  formId: (form) => stringField(form, "proposalId").trim(),
  echo: postedEdits,
  formError: (message) => PROPOSAL_MESSAGES.failed(message),
  // A proposal that is gone answers as opening it would.
  boundary: ["not-found"],
  failure: "something went wrong on our side. Please try again.",
  async run({ request, context, viewer, form, purge }) {
    const proposalId = stringField(form, "proposalId").trim();
    const notFound = () => new AppError("not-found", PROPOSAL_MESSAGES.notFound);
    if (!isUuid(proposalId)) throw notFound();
    const proposal = await getProposal({ db: context.db, id: proposalId });
    if (!proposal) throw notFound();
    if (proposal.status !== "pending") throw new AppError("conflict", PROPOSAL_MESSAGES.notPending);
    const intent = readIntent(form.get("intent"));
    if (!intent) throw new AppError("bad-request", "unknown action");

    const { replaceNewer, ...edits } = postedEdits(form);
    const open = proposal.fields.filter((field) => field.decision === null).map((field) => field.field);
    const chosen: { field: ReviewedField; decision: FieldDecision["decision"] }[] =
      "all" in intent
        ? open.map((field) => ({ field, decision: intent.all === "accept-all" ? "accepted" : "rejected" }))
        : [{ field: intent.field, decision: intent.decision === "accept" ? "accepted" : "rejected" }];
    const decisions: FieldDecision[] = chosen.map(({ field, decision }) =>
      decision === "accepted"
        ? {
            field,
            decision,
            // A fact is accepted as proposed, with its citation; its edits belong on the tool form.
            editedValue: open.includes(field) && isProposalField(field) ? edits[field] : undefined,
            replaceNewer: replaceNewer.includes(field),
          }
        : { field, decision },
    );

    // An accepted category or tag moves the tool: the lists it leaves are purged with those it joins.
    const before = await toolWriteTags({ db: context.db, ids: [proposal.tool.id] });
    const outcome = await decideProposalFields({
      db: context.db,
      proposalId,
      decisions,
      // The public change log names who accepted (an email is never shown there).
      admin: { id: viewer.id, name: publicName(viewer) },
    });
    if (outcome.status === "invalid") throw new InvalidFields(outcome.fieldErrors, { formError: outcome.message });

    if (outcome.accepted.length > 0) {
      purge([...before, ...(await toolWriteTags({ db: context.db, ids: [proposal.tool.id] }))]);
    }
    const page = parsePage(new URL(request.url).searchParams.get("page"));
    return redirect(page > 1 ? `${PROPOSALS_PATH}?page=${page}` : PROPOSALS_PATH, {
      headers: {
        "Set-Cookie": flashCookie({
          kind: "success",
          title: PROPOSAL_MESSAGES.saved(outcome.tool.name, outcome.accepted.length, outcome.rejected.length),
        }),
      },
    });
  },
});

type LoadedProposal = Route.ComponentProps["loaderData"]["proposals"][number];
type LoadedField = LoadedProposal["fields"][number];

export default function AdminProposals({ loaderData, actionData }: Route.ComponentProps) {
  const { proposals, total, page, pageCount } = loaderData;
  // Without JavaScript the message is on the page beside the fields; with it, a toast as well.
  useEffect(() => {
    if (actionData?.formError) toast.error(actionData.formError, { id: "proposal-failure" });
  }, [actionData]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">AI proposals</h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-400">
          What the AI refresh found, and what verified makers proposed for their listings, that differs from the
          catalogue. Nothing changes until you accept a field: it is then saved as an edit in the tool form would be,
          and shown in the public change log with its sources.
        </p>
      </div>
      {total === 0 ? (
        <AdminListEmpty>No proposals waiting for review</AdminListEmpty>
      ) : (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {formatCount(total)} {total === 1 ? "proposal" : "proposals"} waiting, oldest first
          </p>
          {proposals.map((proposal) => (
            <ProposalCard
              key={proposal.id}
              proposal={proposal}
              page={page}
              failure={resultFor(actionData, proposal.id)}
            />
          ))}
          <Pagination page={page} pageCount={pageCount} label="Proposal pages" />
        </>
      )}
    </div>
  );
}

function ProposalCard({
  proposal,
  page,
  failure,
}: {
  proposal: LoadedProposal;
  page: number;
  failure: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("proposalId") === proposal.id;
  const open = proposal.fields.filter((field) => field.decision === null);
  const headingId = `proposal-${proposal.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold">
          <Link
            to={`/admin/tools/${proposal.tool.id}`}
            className="text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {proposal.tool.name}
          </Link>
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {proposal.maker ? (
            <Badge variant="secondary" className="mr-2">
              From the maker{proposal.maker.name ? `: ${proposal.maker.name}` : ""}
            </Badge>
          ) : null}
          Proposed <TimeAgo at={proposal.createdAt} /> · {proposal.fields.length}{" "}
          {proposal.fields.length === 1 ? "field" : "fields"}
          {open.length < proposal.fields.length && ` (${open.length} open)`} ·{" "}
          <Link to={`/tool/${proposal.tool.slug}`} className="hover:underline">
            View page
          </Link>
        </p>
      </div>
      {/* Each proposal's form is its own, so the page's other proposals are never posted with it. */}
      <Form method="post" action={page > 1 ? `${PROPOSALS_PATH}?page=${page}` : PROPOSALS_PATH} className="space-y-4">
        <input type="hidden" name="proposalId" value={proposal.id} />
        {failure && (
          <Alert variant="destructive">
            <p className="text-sm font-medium">{failure.formError}</p>
          </Alert>
        )}
        {proposal.fields.map((field) => (
          <ProposalFieldBlock
            key={`${field.field}:${failure ? "posted" : "loaded"}`}
            proposalId={proposal.id}
            field={field}
            failure={failure}
            busy={busy}
          />
        ))}
        {open.length > 1 && (
          <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
            <Button type="submit" name="intent" value="accept-all" disabled={busy}>
              <Check aria-hidden="true" className="h-4 w-4" />
              Accept all<span className="sr-only"> for {proposal.tool.name}</span>
            </Button>
            <Button type="submit" name="intent" value="reject-all" variant="outline" disabled={busy}>
              <X aria-hidden="true" className="h-4 w-4" />
              Reject all<span className="sr-only"> for {proposal.tool.name}</span>
            </Button>
          </div>
        )}
      </Form>
      {proposal.sources.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">
            {proposal.maker ? "Every page the maker cited" : "Every page the research read"} ({proposal.sources.length})
          </summary>
          <SourceList sources={proposal.sources} />
        </details>
      )}
    </section>
  );
}

function SourceList({ sources }: { sources: LoadedField["sources"] }) {
  return (
    <ul className="mt-2 space-y-2">
      {sources.map((source) => (
        <li key={source.url}>
          <a
            href={source.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {source.title || source.url}
            <ExternalLink aria-hidden="true" className="h-3 w-3" />
          </a>
          <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{hostOf(source.url)}</span>
          {source.snippet && <p className="text-xs text-slate-600 dark:text-slate-400">{source.snippet}</p>}
        </li>
      ))}
    </ul>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function ProposalFieldBlock({
  proposalId,
  field,
  failure,
  busy,
}: {
  proposalId: string;
  field: LoadedField;
  failure: ActionResult | undefined;
  busy: boolean;
}) {
  const id = `${proposalId}-${field.field}`;
  const error = failure?.fieldErrors?.[field.field];
  const toolField = isProposalField(field.field) ? field.field : null;
  const posted = toolField ? postedValues<ProposalValues>(failure)?.[toolField] : undefined;
  const edit = toolField ? (posted ?? proposalFieldInput(toolField, field.proposedValue)) : null;
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <legend className="flex items-center gap-2 px-1 font-semibold">
        {field.label}
        {field.decision === "accepted" && <Badge>Accepted</Badge>}
        {field.decision === "rejected" && <Badge variant="secondary">Rejected</Badge>}
      </legend>
      <ProposalDiff field={field.field} before={field.currentValue} after={field.proposedValue} />

      {field.stale && (
        <div className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle aria-hidden="true" className="h-4 w-4" />
            Changed since this proposal was made. The tool now has:
          </p>
          <ProposalDiff field={field.field} before={field.currentValue} after={field.valueNow} />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              name="replaceNewer"
              value={field.field}
              defaultChecked={postedValues<ProposalValues>(failure)?.replaceNewer?.includes(field.field)}
            />
            Replace the current value
          </label>
        </div>
      )}

      {field.sources.length > 0 && (
        <div className="text-sm">
          <p className="font-medium text-slate-700 dark:text-slate-300">Sources</p>
          <SourceList sources={field.sources} />
        </div>
      )}

      {field.decision === null && (
        <>
          {toolField && edit !== null ? (
            <FieldEditor id={id} field={toolField} value={edit} error={error} />
          ) : (
            error && (
              <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
                {error}
              </p>
            )
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value={`accept:${field.field}`} size="sm" disabled={busy}>
              <Check aria-hidden="true" className="h-4 w-4" />
              Accept<span className="sr-only"> {field.label.toLowerCase()}</span>
            </Button>
            <Button
              type="submit"
              name="intent"
              value={`reject:${field.field}`}
              size="sm"
              variant="outline"
              disabled={busy}
            >
              <X aria-hidden="true" className="h-4 w-4" />
              Reject<span className="sr-only"> {field.label.toLowerCase()}</span>
            </Button>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** The proposed value, editable before accepting; named as the tool form names it. */
function FieldEditor({
  id,
  field,
  value,
  error,
}: {
  id: string;
  field: ProposalField;
  value: ProposalFieldInput;
  error: string | undefined;
}) {
  const label = "Value to save (edit before accepting)";
  const describedBy = error ? `${id}-error` : undefined;
  const control = { id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) };

  if (field === "pricing") {
    const pricing = value as ProposalFieldInput<"pricing">;
    const rows =
      pricing.shape === "simple" ? pricing.entries : pricing.shape === "plans" ? pricing.plans : ([] as const);
    // Two blank rows to add a plan without JavaScript; blank rows are dropped on save.
    const shown = [...rows.map((row) => ({ plan: row.plan, price: row.price })), ...blankPlans(2)];
    return (
      <div className="space-y-2">
        <p id={`${id}-label`} className="text-sm font-medium">
          {label}
        </p>
        <input type="hidden" name={TOOL_FIELDS.pricingShape} value="simple" />
        <PlanRowsTable rows={shown} aria-labelledby={`${id}-label`} aria-describedby={describedBy} />
        <FieldMessages id={id} error={error} />
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {field === "pricingModel" ? (
        <Select {...control} name="pricingModel" defaultValue={String(value)}>
          {PRICING_MODELS.map((model) => (
            <option key={model} value={model}>
              {PRICING_MODEL_LABELS[model]}
            </option>
          ))}
        </Select>
      ) : field === "image" ? (
        <Input {...control} name="image" type="url" defaultValue={String(value)} />
      ) : field === "tagline" ? (
        <Input {...control} name="tagline" maxLength={TOOL_FORM_LIMITS.tagline} defaultValue={String(value)} />
      ) : field === "description" ? (
        <Textarea {...control} name="description" rows={8} className="font-mono" defaultValue={String(value)} />
      ) : (
        <Textarea
          {...control}
          name={field}
          rows={Math.min(12, Math.max(3, (value as string[]).length + 1))}
          defaultValue={listEditText(value)}
        />
      )}
      {(field === "features" || field === "pros") && (
        <p className="text-xs text-slate-600 dark:text-slate-400">One per line.</p>
      )}
      <FieldMessages id={id} error={error} />
    </div>
  );
}

const blankPlans = (count: number) => Array.from({ length: count }, () => ({ plan: "", price: "" }));
