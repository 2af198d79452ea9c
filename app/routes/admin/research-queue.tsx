import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/research-queue";
import { AdminListEmpty } from "~/components/admin/admin-list";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { publicName } from "~/lib/account";
import { AppError } from "~/lib/app-error";
import {
  FAILURE_LABELS,
  progressText,
  QUEUE_ENTRY_FIELD,
  RESEARCH_QUEUE_CSV_MAX_BYTES,
  RESEARCH_QUEUE_MAX_WEBSITES,
  RESEARCH_QUEUE_MESSAGES,
  RESEARCH_QUEUE_PATH,
  researchQueueEntrySchema,
  researchQueueInputSchema,
  researchQueueSelectionSchema,
  roughDuration,
  type DuplicateOf,
  type ResearchQueueEstimate,
} from "~/lib/research-queue";
import { adminPageMeta } from "~/lib/seo";
import { requireAdmin } from "~/server/auth/guards.server";
import { toolWriteTags } from "~/server/cache/write-tags.server";
import { env } from "~/server/env.server";
import { flashCookie } from "~/server/flash.server";
import { adminIntent, defineIntents, limitedForm, ok, stringField } from "~/server/http/action-pipeline.server";
import { enqueueBatch, planBatch } from "~/server/research/research-queue-input.server";
import {
  acceptQueueEntries,
  acceptQueueEntry,
  readQueue,
  rejectQueueEntry,
} from "~/server/research/research-queue-review.server";

// /admin/research-queue, "Add many tools" (issue 35, decision 154): paste websites (a line each, or
// an awesome-list in Markdown) or upload a CSV, see what it will do and cost, start it; a background
// job drafts each website, and the drafts wait here to be accepted (published), edited in the tool
// form, or rejected, one by one or a selection at once. Plain forms: it all works without JavaScript.

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { entries, progress } = await readQueue({ db: context.db });
  return {
    assistant: context.research.availability.configured,
    pauseMs: env.RESEARCH_SEARCH_PAUSE_MS,
    progress,
    entries: entries.map((entry) => ({
      id: entry.id,
      website: entry.website,
      state: entry.state,
      failure: entry.failure,
      failureDetail: entry.failureDetail,
      duplicateOf: entry.duplicateOf,
      name: entry.draft?.name ?? entry.givenName ?? null,
      tagline: entry.draft?.tagline ?? null,
      image: entry.draft?.image || null,
      metadataOnly: entry.draft?.metadataOnly ?? false,
      sources: entry.draft?.sources.length ?? 0,
    })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "Add many tools");

/** The pasted text and the uploaded CSV's text; the CSV goes into the text of the preview's Start form. */
async function inputOf(form: FormData) {
  const file = form.get("csv");
  let csv: string | null = null;
  if (file instanceof File && file.size > 0) {
    if (file.size > RESEARCH_QUEUE_CSV_MAX_BYTES)
      throw new AppError("payload-too-large", RESEARCH_QUEUE_MESSAGES.csvTooLarge);
    csv = await file.text();
  }
  return { csv };
}

/** What a preview hands back: the estimate, and the websites as the Start form posts them. */
type Preview = { estimate: ResearchQueueEstimate; websites: string };

const authorOf = (viewer: { id: string; displayName: string | null; username: string | null }) => ({
  actorId: viewer.id,
  actorName: publicName(viewer),
});

const back = (title: string, kind: "success" | "error" = "success") =>
  redirect(RESEARCH_QUEUE_PATH, { headers: { "Set-Cookie": flashCookie({ kind, title }) } });

export const action = defineIntents({
  guard: "admin",
  read: limitedForm({
    maxBytes: RESEARCH_QUEUE_CSV_MAX_BYTES * 2 + 512 * 1024,
    tooLargeMessage: RESEARCH_QUEUE_MESSAGES.csvTooLarge,
  }),
  formId: (form) => {
    const intent = stringField(form, "intent");
    return intent === "preview" || intent === "start" ? "input" : intent;
  },
  echo: (form) => (form.has("websites") ? { websites: stringField(form, "websites") } : undefined),
  boundary: [],
  unknownIntent: "unknown action",
  intents: {
    preview: adminIntent({
      schema: researchQueueInputSchema,
      fields: ["websites"],
      async run({ context, form, input }) {
        const { csv } = await inputOf(form);
        const { planned, estimate } = await planBatch({
          db: context.db,
          text: input.websites,
          csv,
          assistant: context.research.availability.configured,
          pauseMs: env.RESEARCH_SEARCH_PAUSE_MS,
        });
        // The list as Start posts it again: a Markdown link keeps the name the input gave.
        const websites = planned
          .map((entry) =>
            entry.givenName ? `- [${entry.givenName.replace(/[[\]]/g, "")}](${entry.website})` : entry.website,
          )
          .join("\n");
        return ok<Preview>({ estimate, websites });
      },
    }),
    start: adminIntent({
      schema: researchQueueInputSchema,
      fields: ["websites"],
      async run({ context, viewer, form, input }) {
        const { csv } = await inputOf(form);
        const { planned } = await planBatch({
          db: context.db,
          text: input.websites,
          csv,
          assistant: context.research.availability.configured,
          pauseMs: env.RESEARCH_SEARCH_PAUSE_MS,
        });
        const queued = await enqueueBatch({ db: context.db, planned, requestedBy: viewer.id });
        if (queued.waiting > 0) await context.jobs.runNow("research-queue", viewer.id);
        const held = queued.duplicates > 0 ? ` ${queued.duplicates} held back as likely duplicates.` : "";
        return back(`${queued.waiting} ${queued.waiting === 1 ? "website" : "websites"} queued.${held}`);
      },
    }),
    accept: adminIntent({
      schema: researchQueueEntrySchema,
      fields: ["entryId"],
      async run({ context, viewer, input, purge }) {
        const outcome = await acceptQueueEntry({ db: context.db, id: input.entryId, author: authorOf(viewer) });
        if (outcome.status === "refused") throw new AppError("conflict", outcome.message);
        purge(await toolWriteTags({ db: context.db, ids: [outcome.toolId] }));
        return back(`${outcome.name} is published.`);
      },
    }),
    reject: adminIntent({
      schema: researchQueueEntrySchema,
      fields: ["entryId"],
      async run({ context, input }) {
        if (!(await rejectQueueEntry({ db: context.db, id: input.entryId })))
          throw new AppError("conflict", RESEARCH_QUEUE_MESSAGES.notDrafted);
        return back("Rejected.");
      },
    }),
    "accept-selected": adminIntent({
      schema: researchQueueSelectionSchema,
      fields: (form) => ({ entryIds: form.getAll("entryIds").map(String) }),
      async run({ context, viewer, input, purge }) {
        const outcome = await acceptQueueEntries({ db: context.db, ids: input.entryIds, author: authorOf(viewer) });
        const ids = outcome.accepted.map((tool) => tool.toolId);
        if (ids.length > 0) purge(await toolWriteTags({ db: context.db, ids }));
        const parts = [`${ids.length} ${ids.length === 1 ? "tool" : "tools"} published.`];
        if (outcome.heldBack > 0) parts.push(`${outcome.heldBack} likely duplicates held back.`);
        if (outcome.refused.length > 0) parts.push(`${outcome.refused.length} need editing: ${outcome.refused[0]}`);
        return back(parts.join(" "), ids.length > 0 ? "success" : "error");
      },
    }),
  },
});

function duplicateText(duplicate: DuplicateOf): string {
  const why = duplicate.reason === "domain" ? "same site as" : "similar name to";
  return duplicate.kind === "tool"
    ? `Likely duplicate: ${why} ${duplicate.name}`
    : `Likely duplicate: ${why} ${duplicate.website}`;
}

type LoadedEntry = Route.ComponentProps["loaderData"]["entries"][number];

export default function ResearchQueuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { assistant, pauseMs, progress, entries } = loaderData;
  const preview =
    actionData?.ok && actionData.data && "estimate" in actionData.data ? (actionData.data as Preview) : null;
  const inputFailure = actionData && !actionData.ok && actionData.form === "input" ? actionData : null;
  const otherFailure = actionData && !actionData.ok && actionData.form !== "input" ? actionData : null;
  const drafts = entries.filter((entry) => entry.state === "drafted");
  const failed = entries.filter((entry) => entry.state === "failed");
  const duplicates = entries.filter(
    (entry) => entry.state === "duplicate" || (entry.state === "drafted" && entry.duplicateOf),
  );
  const waiting = entries.filter((entry) => entry.state === "waiting");
  const typed = typeof inputFailure?.values?.websites === "string" ? inputFailure.values.websites : "";

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Add many tools</h1>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-400">
          Paste up to {RESEARCH_QUEUE_MAX_WEBSITES} websites, one a line, or an awesome-list in Markdown (
          <code>- [Name](https://…) - description</code>), or upload a CSV file with a website column. Each website is
          read in the background: its own page and logo, and with the research assistant a drafted entry with the pages
          each field came from. Nothing is published until you accept a draft here.
        </p>
        {!assistant && (
          <Alert className="mt-4">
            <AlertTitle>The research assistant is not configured</AlertTitle>
            <AlertDescription>
              Drafts come from each site&apos;s own page only (title, description, logo): complete them in the tool form
              before publishing. Set BRAVE_API_KEY and a model for full drafts.
            </AlertDescription>
          </Alert>
        )}
      </div>

      {preview ? (
        <section aria-labelledby="plan-heading" className="space-y-4 rounded-xl border p-6">
          <h2 id="plan-heading" className="text-xl font-semibold">
            Before starting
          </h2>
          <ul className="list-inside list-disc space-y-1" aria-label="What it will do">
            <li>
              {preview.estimate.websites} {preview.estimate.websites === 1 ? "website" : "websites"} (
              {preview.estimate.repeats} repeats removed
              {preview.estimate.invalid > 0 ? `, ${preview.estimate.invalid} lines that are no website left out` : ""})
            </li>
            <li>{preview.estimate.duplicates} held back as likely duplicates of listed or queued tools</li>
            <li>
              {preview.estimate.researched} to research: {preview.estimate.searches} web searches and{" "}
              {preview.estimate.modelCalls} model calls
            </li>
            <li>
              {roughDuration(preview.estimate.seconds)} at the configured pace ({pauseMs} ms after each search, one
              website at a time), plus the search and model latency
            </li>
          </ul>
          <Form method="post" className="flex gap-3">
            <input type="hidden" name="websites" value={preview.websites} />
            <Button
              type="submit"
              name="intent"
              value="start"
              disabled={preview.estimate.researched === 0 && preview.estimate.duplicates === 0}
            >
              Start
            </Button>
            <Link to={RESEARCH_QUEUE_PATH} className="self-center text-sm underline">
              Cancel
            </Link>
          </Form>
        </section>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-4" aria-label="Websites to add">
          <div className="space-y-2">
            <Label htmlFor="websites">Websites</Label>
            <Textarea
              id="websites"
              name="websites"
              rows={8}
              defaultValue={typed}
              placeholder={"https://example-ai.com\n- [Acme Writer](https://acme.example) - Drafts blog posts"}
              aria-invalid={inputFailure ? true : undefined}
              aria-describedby={inputFailure ? "websites-error" : undefined}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="csv">Or a CSV file with a website column</Label>
            <input id="csv" name="csv" type="file" accept=".csv,text/csv" className="block text-sm" />
          </div>
          {inputFailure?.formError && (
            <p id="websites-error" role="alert" className="text-sm text-red-700 dark:text-red-400">
              {inputFailure.formError}
            </p>
          )}
          <Button type="submit" name="intent" value="preview">
            Check websites
          </Button>
        </Form>
      )}

      <section aria-labelledby="review-heading" className="space-y-4">
        <h2 id="review-heading" className="text-xl font-semibold">
          Review
        </h2>
        {progress && <p aria-label="Progress">{progressText(progress)}</p>}
        {otherFailure?.formError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {otherFailure.formError}
          </p>
        )}
        {entries.length === 0 ? (
          <AdminListEmpty>
            Nothing to review yet. Paste a list of websites above: each becomes a draft waiting here for you to accept,
            edit or reject.
          </AdminListEmpty>
        ) : (
          <>
            <Form method="post" id="selection">
              <EntryTable title="Drafts" entries={drafts.filter((entry) => !entry.duplicateOf)} selectable />
              {drafts.some((entry) => !entry.duplicateOf) && (
                <Button type="submit" name="intent" value="accept-selected" className="mt-3">
                  Accept selected
                </Button>
              )}
            </Form>
            <EntryTable title="Likely duplicates" entries={duplicates} />
            <EntryTable title="Failed" entries={failed} />
            <EntryTable title="Waiting" entries={waiting} />
            {entries.map((entry) => (
              <Form key={entry.id} method="post" id={`entry-${entry.id}`} hidden>
                <input type="hidden" name="entryId" value={entry.id} />
              </Form>
            ))}
          </>
        )}
      </section>
    </div>
  );
}

function EntryTable({
  title,
  entries,
  selectable = false,
}: {
  title: string;
  entries: LoadedEntry[];
  selectable?: boolean;
}) {
  if (entries.length === 0) return null;
  return (
    <section aria-label={title} className="space-y-2">
      <h3 className="font-semibold">
        {title} ({entries.length})
      </h3>
      <ul className="divide-y rounded-xl border">
        {entries.map((entry) => (
          <li key={entry.id} aria-label={entry.name ?? entry.website} className="flex flex-wrap items-center gap-3 p-3">
            {selectable && (
              <input
                type="checkbox"
                name="entryIds"
                value={entry.id}
                defaultChecked
                aria-label={`Select ${entry.name ?? entry.website}`}
              />
            )}
            {entry.image ? (
              <img src={entry.image} alt={`${entry.name ?? "Tool"} logo`} width={32} height={32} className="rounded" />
            ) : null}
            <div className="min-w-0 flex-1">
              <p className="font-medium">{entry.name ?? entry.website}</p>
              <p className="truncate text-sm text-slate-600 dark:text-slate-400">
                <a href={entry.website} rel="noreferrer nofollow" target="_blank">
                  {entry.website}
                </a>
                {entry.tagline ? ` · ${entry.tagline}` : ""}
              </p>
              {entry.metadataOnly && <p className="text-sm">{RESEARCH_QUEUE_MESSAGES.metadataOnly}</p>}
              {entry.state === "drafted" && entry.sources > 0 && (
                <p className="text-xs text-slate-500">{entry.sources} sources</p>
              )}
              {entry.duplicateOf && <Badge variant="outline">{duplicateText(entry.duplicateOf)}</Badge>}
              {entry.failure && (
                <p className="text-sm text-red-700 dark:text-red-400">
                  {FAILURE_LABELS[entry.failure]}
                  {entry.failureDetail ? `: ${entry.failureDetail}` : ""}
                </p>
              )}
            </div>
            {entry.state === "drafted" && (
              <>
                <Link
                  to={`/admin/tools/new?${QUEUE_ENTRY_FIELD}=${entry.id}`}
                  className="text-sm underline"
                  aria-label={`Edit ${entry.name ?? entry.website}`}
                >
                  Edit
                </Link>
                <DecisionButton entry={entry} intent="accept" />
              </>
            )}
            {entry.state !== "waiting" && <DecisionButton entry={entry} intent="reject" />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Accept or Reject: posts the entry's own form (outside the selection form: forms cannot nest). */
function DecisionButton({ entry, intent }: { entry: LoadedEntry; intent: "accept" | "reject" }) {
  const label = intent === "accept" ? "Accept" : "Reject";
  return (
    <Button
      type="submit"
      size="sm"
      variant={intent === "accept" ? "default" : "outline"}
      form={`entry-${entry.id}`}
      name="intent"
      value={intent}
      aria-label={`${label} ${entry.name ?? entry.website}`}
    >
      {label}
    </Button>
  );
}
