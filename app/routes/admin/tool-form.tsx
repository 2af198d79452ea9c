import type { Route } from "./+types/tool-form";
import { ToolEditor, type EditableTool, type LogoAnswer } from "~/components/admin/tool-editor";

import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { AppError } from "~/lib/app-error";
import type { TagChoice } from "~/lib/research-apply";
import { SUBMISSION_FIELD, toolPrefillFrom } from "~/lib/submissions";
import { NEW_TOOL_ID, toolFormInputFrom } from "~/lib/tool-form";
import { FETCH_LOGO_INTENT } from "~/lib/website-logo";
import { requireAdmin } from "~/server/auth/guards.server";
import { listTagIdsForTool, listTags } from "~/server/catalog/tags.server";
import { findToolById } from "~/server/catalog/tool-admin.server";
import { readToolFacts } from "~/server/catalog/tool-facts.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { defineIntents } from "~/server/http/action-pipeline.server";
import { findSubmissionForForm } from "~/server/moderation/submission-reads.server";
import { findQueueEntry } from "~/server/research/research-queue-review.server";
import { QUEUE_ENTRY_FIELD, RESEARCH_QUEUE_MESSAGES } from "~/lib/research-queue";
import { deleteToolIntent } from "./tool-form/delete-tool.server";
import { fetchLogoIntent } from "./tool-form/fetch-logo.server";
import { saveToolIntent } from "./tool-form/save-tool.server";
import { revokeMakerIntent } from "./tool-form/revoke-maker.server";
import { ToolMakers } from "~/components/admin/tool-makers";
import { REVOKE_MAKER_INTENT } from "~/lib/makers";
import { listVerifiedMakers } from "~/server/makers/maker-claims.server";
import { toolNotFound } from "./tool-form/shared.server";
import { adminPageMeta } from "~/lib/seo";

// /admin/tools/{id} and /admin/tools/new: the loader and the action; the form is
// components/admin/tool-editor.tsx, each intent of the action a module in ./tool-form/.

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  // Only whether research can run (and which settings are missing): no secret reaches the page.
  const research = context.research.availability;
  const tags: TagChoice[] = await listTags({ db: context.db });
  if (params.id === NEW_TOOL_ID) {
    // Opened from the inbox (decision 079): the submission's draft fills the form; saving publishes it.
    const submissionId = new URL(request.url).searchParams.get(SUBMISSION_FIELD);
    const found = submissionId ? await findSubmissionForForm({ db: context.db, id: submissionId }) : null;
    if (submissionId && !found) throw toErrorResponse(new AppError("not-found", "Submission not found"));
    const submission = found && {
      id: found.id,
      name: found.name,
      website: found.website,
      note: found.note,
      submitterName: found.submitterName,
      draftState: found.draftState,
      pending: found.status === "pending",
    };
    if (!submissionId) {
      // Opened from "Add many tools" (decision 154): the drafted entry fills the form; saving publishes it.
      const entryId = new URL(request.url).searchParams.get(QUEUE_ENTRY_FIELD);
      const entry = entryId ? await findQueueEntry({ db: context.db, id: entryId }) : null;
      if (entryId && (!entry?.draft || entry.state !== "drafted"))
        throw toErrorResponse(new AppError("not-found", RESEARCH_QUEUE_MESSAGES.notFound));
      if (entry?.draft) {
        const { sources: _sources, fieldSources: _fieldSources, metadataOnly, ...draft } = entry.draft;
        const tagIds = new Set(tags.map((tag) => tag.id));
        return {
          tool: null,
          tags,
          research,
          submission: null,
          prefill: { ...draft, tags: draft.tags.filter((id) => tagIds.has(id)) },
          queueEntry: { id: entry.id, website: entry.website, metadataOnly },
          makers: [],
        };
      }
    }
    const prefill = found?.status === "pending" ? toolPrefillFrom(found, new Set(tags.map((tag) => tag.id))) : null;
    return { tool: null, tags, research, submission, prefill, queueEntry: null, makers: [] };
  }
  const tool = await findToolById({ db: context.db, id: params.id });
  if (!tool) throw toolNotFound();
  const editable: EditableTool = {
    id: tool.id,
    slug: tool.slug,
    name: tool.name,
    category: tool.category,
    description: tool.description,
    image: tool.image,
    website: tool.website,
    metaTitle: tool.metaTitle,
    features: tool.features,
    pros: tool.pros,
    cons: tool.cons,
    pricing: tool.pricing,
    tagline: tool.tagline,
    pricingModel: tool.pricingModel,
    startingPrice: tool.startingPrice,
    tags: await listTagIdsForTool({ db: context.db, toolId: tool.id }),
    facts: await readToolFacts({ db: context.db, toolId: tool.id }),
  };
  const makers = (await listVerifiedMakers({ db: context.db, toolId: tool.id })).map((maker) => ({
    ...maker,
    verifiedAt: maker.verifiedAt?.toISOString() ?? null,
  }));
  return { tool: editable, tags, research, submission: null, prefill: null, queueEntry: null, makers };
}

export const action = defineIntents({
  guard: "admin",
  echo: (form) => (form.get("intent") === "save" ? toolFormInputFrom(form) : undefined),
  // The fetch-logo fetcher reads its own answers; a save's and a delete's are the form's.
  formId: (form) => (form.get("intent") === FETCH_LOGO_INTENT ? FETCH_LOGO_INTENT : undefined),
  formError: (message, form, { params }) => {
    const intent = form.get("intent");
    if (intent === FETCH_LOGO_INTENT) return message;
    if (intent === "delete") return ADMIN_TOASTS.toolDeleteFailed(message);
    if (intent === REVOKE_MAKER_INTENT) return message;
    return (params.id === NEW_TOOL_ID ? ADMIN_TOASTS.toolCreateFailed : ADMIN_TOASTS.toolUpdateFailed)(message);
  },
  // A tool (or submission) deleted meanwhile, or an id that names none, is a 404, like opening it.
  boundary: ["not-found"],
  unknownIntent: "unknown action",
  intents: {
    save: saveToolIntent,
    delete: deleteToolIntent,
    [FETCH_LOGO_INTENT]: fetchLogoIntent,
    [REVOKE_MAKER_INTENT]: revokeMakerIntent,
  },
});

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  adminPageMeta(matches, location, loaderData?.tool ? `Edit ${loaderData.tool.name}` : "New Tool");

export default function ToolFormPage({ loaderData, actionData }: Route.ComponentProps) {
  // A post of "Fetch logo from website" without JavaScript answers here, beside a refused save.
  const logoAnswer = actionData?.form === FETCH_LOGO_INTENT ? (actionData as LogoAnswer) : undefined;
  // A different tool (or new after edit) is a different form: nothing carries over.
  return (
    <>
      <ToolEditor
        key={loaderData.tool?.id ?? loaderData.submission?.id ?? loaderData.queueEntry?.id ?? NEW_TOOL_ID}
        tool={loaderData.tool}
        submission={loaderData.submission}
        queueEntry={loaderData.queueEntry}
        prefill={loaderData.prefill}
        tagChoices={loaderData.tags}
        research={loaderData.research}
        failure={logoAnswer ? undefined : actionData}
        postedLogoOutcome={logoAnswer}
      />
      {loaderData.tool && <ToolMakers toolName={loaderData.tool.name} makers={loaderData.makers} />}
    </>
  );
}
