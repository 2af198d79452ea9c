import { useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { toast } from "sonner";
import { AiResearchDialog } from "~/components/admin/ai-research-dialog";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { FactsField } from "~/components/admin/facts-field";
import { FormActions } from "~/components/admin/form-actions";
import { FormField } from "~/components/admin/form-field";
import { ListField, listRowsFrom, type ListRow } from "~/components/admin/list-field";
import { LogoField } from "~/components/admin/logo-field";
import { PricingField, pricingStateFrom, type PricingState } from "~/components/admin/pricing-field";
import { PricingModelField } from "~/components/admin/pricing-model-field";
import { ResearchSummary } from "~/components/admin/research-summary";
import { TagsField } from "~/components/admin/tags-field";
import { useUnsavedEditsWarning } from "~/components/admin/unsaved-edits";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { isToolCategory, TOOL_CATEGORIES } from "~/lib/categories";
import { useFormDraft } from "~/lib/form-draft";
import { fieldErrorsOf } from "~/lib/form-fields";
import { startingPriceOf } from "~/lib/plan-price";
import type { Pricing, PricingPlan } from "~/lib/pricing";
import { isPricingModel, type PricingModel } from "~/lib/pricing-model";
import { suggestPricingModel } from "~/lib/pricing-model-suggestion";
import { RESEARCH_MESSAGES, type ResearchAvailability, type ResearchOutcome } from "~/lib/research";
import { applyResearch, tagsFrom, type TagChoice } from "~/lib/research-apply";
import { QUEUE_ENTRY_FIELD, RESEARCH_QUEUE_MESSAGES, RESEARCH_QUEUE_PATH } from "~/lib/research-queue";
import { INBOX_PATH, SUBMISSION_FIELD, type ToolPrefill } from "~/lib/submissions";
import {
  TOOL_FIELDS,
  TOOL_FORM_LIMITS,
  toolFormInputFrom,
  toolFormProblem,
  toolFormSchema,
  type ToolFormInput,
} from "~/lib/tool-form";
import { FETCH_LOGO_INTENT, WEBSITE_LOGO_MESSAGES } from "~/lib/website-logo";
import { TOOL_FACTS, type ToolFacts } from "~/lib/tool-facts";
import { applyDraftedFacts, factFormInput, type FactsFormInput } from "~/lib/tool-facts-form";

const LIST_URL = "/admin/tools";

/** What "Fetch logo from website" answers: the stored logo's address, or why there is none. */
export type LogoAnswer = ActionResult<{ url: string; message: string }>;
const FETCH_LOGO_FORM_ID = "fetch-logo-form";

/**
 * The tool form (spec section 4): every field of a tool, the AI research that fills them, the logo
 * fetched from the website, and Save and Delete. Its route (routes/admin/tool-form.tsx) loads the
 * tool and runs the intents.
 */

/** What the form edits: the stored tool minus what belongs to votes (rating, vote_count). */
export type EditableTool = {
  id: string;
  slug: string;
  name: string;
  category: string;
  description: string;
  image: string | null;
  website: string | null;
  metaTitle: string | null;
  features: string[];
  pros: string[];
  cons: string[];
  pricing: Pricing | null;
  tagline: string | null;
  pricingModel: PricingModel | null;
  startingPrice: string | null;
  /** Ids of the tool's tags. */
  tags: string[];
  /** Its known facts (a new tool has none). */
  facts?: ToolFacts;
};

type FormState = {
  name: string;
  category: string;
  description: string;
  image: string;
  website: string;
  slug: string;
  metaTitle: string;
  features: ListRow[];
  pros: ListRow[];
  cons: ListRow[];
  pricing: PricingState;
  tagline: string;
  pricingModel: string;
  tags: string[];
  facts: FactsFormInput;
};

function factsState(facts: ToolFacts | undefined): FactsFormInput {
  return Object.fromEntries(TOOL_FACTS.map((name) => [name, factFormInput(facts?.[name])])) as FactsFormInput;
}

function stateFromTool(tool: EditableTool | null, prefill: ToolPrefill | null = null): FormState {
  if (!tool && prefill) {
    return {
      ...prefill,
      slug: "",
      metaTitle: "",
      features: listRowsFrom(prefill.features),
      pros: listRowsFrom(prefill.pros),
      cons: listRowsFrom(prefill.cons),
      pricing: pricingStateFrom(prefill.pricing),
      facts: applyDraftedFacts(factsState(undefined), prefill.facts),
    };
  }
  return {
    name: tool?.name ?? "",
    category: tool?.category ?? "",
    description: tool?.description ?? "",
    image: tool?.image ?? "",
    website: tool?.website ?? "",
    slug: tool?.slug ?? "",
    metaTitle: tool?.metaTitle ?? "",
    features: listRowsFrom(tool?.features ?? []),
    pros: listRowsFrom(tool?.pros ?? []),
    cons: listRowsFrom(tool?.cons ?? []),
    pricing: pricingStateFrom(tool?.pricing),
    tagline: tool?.tagline ?? "",
    pricingModel: tool?.pricingModel ?? "",
    tags: tool?.tags ?? [],
    facts: factsState(tool?.facts),
  };
}

/** The form as it was posted (a save refused before JavaScript loaded, or without it). */
function stateFromInput(input: ToolFormInput): FormState {
  const pricing = pricingStateFrom(null);
  if (input.pricing.shape === "plans") {
    pricing.shape = "plans";
    pricing.plans =
      input.pricing.plans.length > 0
        ? input.pricing.plans.map((row, key) => ({ key: -1 - key, ...row }))
        : pricing.plans;
  } else if (input.pricing.shape === "simple") {
    pricing.shape = "simple";
    pricing.simple =
      input.pricing.entries.length > 0
        ? input.pricing.entries.map((row, key) => ({ key: -1 - key, ...row }))
        : pricing.simple;
  }
  return {
    name: input.name,
    category: input.category,
    description: input.description,
    image: input.image,
    website: input.website,
    slug: input.slug,
    metaTitle: input.metaTitle,
    features: listRowsFrom(input.features),
    pros: listRowsFrom(input.pros),
    cons: listRowsFrom(input.cons),
    pricing,
    tagline: input.tagline,
    pricingModel: input.pricingModel,
    tags: input.tags,
    facts: input.facts ?? factsState(undefined),
  };
}

/** What the form would post, without the rows' React keys: two states with the same fingerprint post the same. */
function toolFormFingerprint(state: FormState): string {
  const { pricing } = state;
  const input: ToolFormInput = {
    name: state.name,
    category: state.category,
    description: state.description,
    image: state.image,
    website: state.website,
    slug: state.slug,
    metaTitle: state.metaTitle,
    features: state.features.map((row) => row.value),
    pros: state.pros.map((row) => row.value),
    cons: state.cons.map((row) => row.value),
    pricing:
      pricing.shape === "plans"
        ? { shape: "plans", plans: pricing.plans.map(({ key: _key, ...row }) => row) }
        : pricing.shape === "simple"
          ? { shape: "simple", entries: pricing.simple.map(({ key: _key, ...row }) => row) }
          : { shape: "none" },
    tagline: state.tagline,
    pricingModel: state.pricingModel,
    // Checkboxes post in the list's order, whatever order they were checked in.
    tags: [...state.tags].sort(),
    facts: Object.fromEntries(
      TOOL_FACTS.map((name) => {
        const fact = state.facts[name];
        return [
          name,
          {
            ...fact,
            items: [...fact.items]
              .map((item) => item.trim())
              .filter(Boolean)
              .sort(),
          },
        ];
      }),
    ) as FactsFormInput,
  };
  return JSON.stringify(input);
}

/** The server's schema over a post, run in the browser first so most mistakes never make a round trip. */
function checkToolForm(form: FormData) {
  const parsed = toolFormSchema.safeParse(toolFormInputFrom(form));
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}

/** The suggestion the form's plans give for the pricing model (none while pricing is "No pricing"). */
/** The plans being edited, as the save will read them for the starting price. */
function plansOfState(pricing: PricingState): PricingPlan[] {
  if (pricing.shape === "plans") return pricing.plans.map((row) => ({ plan: row.plan, price: row.price, details: "" }));
  if (pricing.shape === "simple")
    return pricing.simple.map((row) => ({ plan: row.plan, price: row.price, details: "" }));
  return [];
}

/**
 * The starting price the save will store, read from the plans as they are edited: it is not typed,
 * so a card cannot disagree with the plans (decision 166). Server-rendered too, from the saved plans.
 */
function StartingPricePreview({ pricing }: { pricing: PricingState }) {
  const price = startingPriceOf(plansOfState(pricing));
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium">Starting price</p>
      <p className="text-sm text-muted-foreground" data-testid="starting-price-preview">
        {price ? `Starting price: ${price} (from the plans)` : "Starting price: none (no plan states a price)"}
      </p>
    </div>
  );
}

function pricingSuggestion(pricing: PricingState): PricingModel | null {
  if (pricing.shape === "plans") return suggestPricingModel(pricing.plans);
  if (pricing.shape === "simple") return suggestPricingModel(pricing.simple);
  return null;
}

export type SubmissionSummary = {
  id: string;
  name: string;
  website: string;
  note: string | null;
  submitterName: string | null;
  pending: boolean;
};

export type QueueEntrySummary = { id: string; website: string; metadataOnly: boolean };

export function ToolEditor({
  tool,
  submission,
  prefill,
  tagChoices,
  research,
  failure,
  postedLogoOutcome,
  queueEntry = null,
}: {
  tool: EditableTool | null;
  submission: SubmissionSummary | null;
  /** Opened from "Add many tools" (decision 154): the draft that filled the form, published by saving it. */
  queueEntry?: QueueEntrySummary | null;
  prefill: ToolPrefill | null;
  tagChoices: TagChoice[];
  research: ResearchAvailability;
  /** The action's answer to a refused save or delete (a page posted without JavaScript keeps what was typed). */
  failure: ActionResult<unknown> | undefined;
  /** The answer to "Fetch logo from website" posted without JavaScript. */
  postedLogoOutcome: LogoAnswer | undefined;
}) {
  const creating = tool === null;
  const researchMode = creating ? "create" : "update";
  const failedMessage = creating ? ADMIN_TOASTS.toolCreateFailed : ADMIN_TOASTS.toolUpdateFailed;
  // Spec section 4: a reload of the record refills the form only when nothing has been edited.
  const loaded = useMemo(() => stateFromTool(tool, prefill), [tool, prefill]);
  // A refused save keeps what was posted, read back into the form's rows.
  const posted = useMemo(
    () => failure && { ...failure, values: failure.values && stateFromInput(failure.values as ToolFormInput) },
    [failure],
  );
  const { values, errors, dirty, formRef, validate, edit, fill } = useFormDraft({
    loaded,
    failure: posted,
    fingerprint: toolFormFingerprint,
    check: checkToolForm,
    refusedMessage: (fieldErrors) => failedMessage(toolFormProblem(fieldErrors)),
    toastId: "tool-form-failure",
  });
  useUnsavedEditsWarning(dirty);
  const [lastResearch, setLastResearch] = useState<{ outcome: ResearchOutcome; proposedTags: string[] } | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";

  const logoFetcher = useFetcher<LogoAnswer>();
  const fetchingLogo = logoFetcher.state !== "idle";
  const logoOutcome = logoFetcher.data ?? postedLogoOutcome;
  const handledLogoOutcome = useRef<LogoAnswer | null>(null);
  // Once the pages have been read again: the stored logo goes into the field too, so a later Save
  // keeps it even when other fields have unsaved edits.
  useEffect(() => {
    const outcome = logoFetcher.data;
    if (logoFetcher.state !== "idle" || !outcome || handledLogoOutcome.current === outcome) return;
    handledLogoOutcome.current = outcome;
    if (outcome.ok && outcome.data) {
      const { url, message } = outcome.data;
      edit("image", (current) => ({ ...current, image: url }));
      toast.success(message);
    } else if (outcome.formError) {
      toast.error(outcome.formError);
    }
    // `edit` is new each render; the ref makes each outcome count once.
  }, [logoFetcher.state, logoFetcher.data, edit]);

  // State keys are the field names, so an edit clears its own messages ("features" covers "features.2").
  function update<Key extends keyof FormState>(key: Key, value: FormState[Key]) {
    edit(key, (current) => ({ ...current, [key]: value }));
  }

  // Spec section 7: the draft fills the form's fields by the apply rules; nothing is saved until Save.
  function applyResearchOutcome(outcome: ResearchOutcome) {
    fill((current) => {
      const draft = applyResearch({
        mode: researchMode,
        result: outcome.result,
        current: {
          name: current.name,
          category: current.category,
          image: current.image,
          website: current.website,
          cons: current.cons.map((row) => row.value),
          tagline: current.tagline,
          pricingModel: isPricingModel(current.pricingModel) ? current.pricingModel : "",
          // Not typed any more: the saved price follows the plans (decision 166).
          startingPrice: "",
          tags: current.tags,
        },
        tagChoices,
      });
      return {
        ...current,
        name: draft.name,
        category: draft.category,
        description: draft.description,
        image: draft.image,
        website: draft.website,
        features: listRowsFrom(draft.features),
        pros: listRowsFrom(draft.pros),
        cons: listRowsFrom(draft.cons),
        pricing: draft.pricing !== null ? pricingStateFrom(draft.pricing) : current.pricing,
        tagline: draft.tagline,
        pricingModel: draft.pricingModel,
        tags: draft.tags,
        // Each drafted fact cites the page it came from; the admin checks it before saving.
        facts: applyDraftedFacts(current.facts, outcome.result.facts),
      };
    });
    // Suggested tags not in the list are shown beside the form for the admin to create, if wanted.
    setLastResearch({ outcome, proposedTags: tagsFrom(outcome.result.productInfo.tags, tagChoices).proposed });
    toast.success(RESEARCH_MESSAGES.applied);
  }

  const slugHint = creating
    ? "Leave blank to generate it from the name. The tool's page is /tool/{slug}."
    : "Leave blank to keep the current slug. Changing it changes the tool's page address.";
  const categoryIsListed = values.category === "" || isToolCategory(values.category);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{creating ? "Add New Tool" : "Edit Tool"}</h1>
        {!creating && (
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            {tool.name} ·{" "}
            <Link
              to={`/admin/tools/${tool.id}/alternatives`}
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              Manage alternatives
            </Link>
          </p>
        )}
      </div>

      {submission && <SubmissionNotice submission={submission} />}
      {queueEntry && (
        <Alert>
          <AlertDescription>
            Drafted from {queueEntry.website} by Add many tools: saving publishes the tool and takes the draft off the{" "}
            <Link to={RESEARCH_QUEUE_PATH} className="underline">
              review list
            </Link>
            .{queueEntry.metadataOnly ? ` ${RESEARCH_QUEUE_MESSAGES.metadataOnly}` : ""}
          </AlertDescription>
        </Alert>
      )}

      <Form id="tool-form" ref={formRef} method="post" noValidate onSubmit={validate} className="space-y-6">
        {submission?.pending && <input type="hidden" name={SUBMISSION_FIELD} value={submission.id} />}
        {queueEntry && <input type="hidden" name={QUEUE_ENTRY_FIELD} value={queueEntry.id} />}
        <div className="grid gap-6 md:grid-cols-2">
          <FormField id="name" label="Name" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                name="name"
                required
                maxLength={TOOL_FORM_LIMITS.name}
                value={values.name}
                onChange={(event) => update("name", event.target.value)}
              />
            )}
          </FormField>
          <FormField id="category" label="Category" error={errors.category}>
            {(control) => (
              <Select
                {...control}
                name="category"
                required
                value={values.category}
                onChange={(event) => update("category", event.target.value)}
              >
                <option value="">Select a category</option>
                {TOOL_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {category}
                  </option>
                ))}
                {!categoryIsListed && <option value={values.category}>{values.category} (not in the list)</option>}
              </Select>
            )}
          </FormField>
        </div>

        <FormField id="tagline" label="Tagline" hint="One sentence: what the tool does" error={errors.tagline}>
          {(control) => (
            <Input
              {...control}
              name="tagline"
              required
              maxLength={TOOL_FORM_LIMITS.tagline}
              value={values.tagline}
              onChange={(event) => update("tagline", event.target.value.replace(/[\r\n]+/g, " "))}
            />
          )}
        </FormField>

        <FormField
          id="description"
          label="Description"
          hint="HTML is allowed: paragraphs, headings, lists, links and emphasis. Scripts, styles and event handlers are removed when saved."
          error={errors.description}
        >
          {(control) => (
            <Textarea
              {...control}
              name="description"
              required
              rows={10}
              className="font-mono"
              value={values.description}
              onChange={(event) => update("description", event.target.value)}
            />
          )}
        </FormField>

        <LogoField
          id="image"
          name="image"
          value={values.image}
          onChange={(image) => update("image", image)}
          error={errors.image}
        />
        {!creating && (
          <div className="flex flex-wrap items-center gap-3">
            {/* Submits the small form below the tool form: a form cannot hold another. */}
            <Button
              type="submit"
              form={FETCH_LOGO_FORM_ID}
              variant="outline"
              disabled={fetchingLogo || !tool.website}
              aria-describedby="fetch-logo-status"
            >
              {fetchingLogo ? WEBSITE_LOGO_MESSAGES.fetching : WEBSITE_LOGO_MESSAGES.button}
            </Button>
            {/* Not a live region: the outcome is announced by its toast, or read on the page a post without JavaScript returns. */}
            <p id="fetch-logo-status" className="text-sm text-slate-600 dark:text-slate-400">
              {!tool.website
                ? WEBSITE_LOGO_MESSAGES.noWebsite
                : ((logoOutcome?.ok ? logoOutcome.data?.message : logoOutcome?.formError) ??
                  "Takes the best icon the saved website names and saves it as the logo.")}
            </p>
          </div>
        )}

        <div className="grid gap-6 md:grid-cols-2">
          <FormField id="website" label="Website" error={errors.website}>
            {(control) => (
              <Input
                {...control}
                type="url"
                name="website"
                placeholder="https://example.com"
                value={values.website}
                onChange={(event) => update("website", event.target.value)}
              />
            )}
          </FormField>
          <FormField id="slug" label="Slug" hint={slugHint} error={errors.slug}>
            {(control) => (
              <Input
                {...control}
                name="slug"
                autoCapitalize="none"
                spellCheck={false}
                value={values.slug}
                onChange={(event) => update("slug", event.target.value)}
              />
            )}
          </FormField>
          <FormField id="metaTitle" label="SEO Title" hint="Leave blank to use the name." error={errors.metaTitle}>
            {(control) => (
              <Input
                {...control}
                name="metaTitle"
                maxLength={TOOL_FORM_LIMITS.metaTitle}
                value={values.metaTitle}
                onChange={(event) => update("metaTitle", event.target.value)}
              />
            )}
          </FormField>
        </div>

        <ListField
          name={TOOL_FIELDS.features}
          label="Features"
          itemLabel="feature"
          hint="At least one feature is required."
          rows={values.features}
          onChange={(rows) => update("features", rows)}
          errors={errors}
        />
        <div className="grid gap-6 md:grid-cols-2">
          <ListField
            name={TOOL_FIELDS.pros}
            label="Pros"
            itemLabel="pro"
            rows={values.pros}
            onChange={(rows) => update("pros", rows)}
            errors={errors}
          />
          <ListField
            name={TOOL_FIELDS.cons}
            label="Cons"
            itemLabel="con"
            rows={values.cons}
            onChange={(rows) => update("cons", rows)}
            errors={errors}
          />
        </div>

        <PricingField value={values.pricing} onChange={(pricing) => update("pricing", pricing)} errors={errors} />

        <div className="grid gap-6 md:grid-cols-2">
          <PricingModelField
            value={values.pricingModel}
            suggestion={pricingSuggestion(values.pricing)}
            onChange={(pricingModel) => update("pricingModel", pricingModel)}
            error={errors.pricingModel}
          />
          <StartingPricePreview pricing={values.pricing} />
        </div>

        <TagsField
          choices={tagChoices}
          value={values.tags}
          onChange={(tags) => update("tags", tags)}
          error={errors.tags}
        />

        <FactsField value={values.facts} onChange={(facts) => update("facts", facts)} errors={errors} />
      </Form>
      {!creating && (
        <logoFetcher.Form id={FETCH_LOGO_FORM_ID} method="post" hidden>
          <input type="hidden" name="intent" value={FETCH_LOGO_INTENT} />
        </logoFetcher.Form>
      )}

      {lastResearch && (
        <ResearchSummary
          outcome={lastResearch.outcome}
          proposedTags={lastResearch.proposedTags}
          mode={researchMode}
          onDismiss={() => {
            setLastResearch(null);
            // The dismiss button goes with the panel: focus moves on to the next step rather than to the page's start.
            saveButton.current?.focus();
          }}
        />
      )}

      {/* The buttons sit outside the <form> (Save joins it through form="tool-form") so a dialog's own
          form here, Delete's or the AI assistant's, can never submit the tool form. */}
      <FormActions>
        <Button ref={saveButton} type="submit" form="tool-form" name="intent" value="save" disabled={saving}>
          {saving ? "Saving..." : "Save"}
        </Button>
        <ButtonLink to={LIST_URL} variant="outline">
          Cancel
        </ButtonLink>
        {/* Its dialog fills the form in; the admin reviews the draft and saves it like any edit. */}
        <AiResearchDialog
          mode={researchMode}
          toolId={tool?.id ?? null}
          defaultSubject={creating ? values.name : tool.name}
          availability={research}
          onApply={applyResearchOutcome}
        />
        {!creating && (
          <div className="ml-auto">
            <ConfirmDelete what="tool" name={tool.name} />
          </div>
        )}
      </FormActions>
    </div>
  );
}

/** Above a form opened from the inbox: whose suggestion it is, and what saving does. */
function SubmissionNotice({ submission }: { submission: SubmissionSummary }) {
  return (
    <div
      role="note"
      className="space-y-1 rounded-md border border-indigo-200 bg-indigo-50 p-4 text-sm dark:border-indigo-900 dark:bg-indigo-950"
    >
      {submission.pending ? (
        <p>
          <span className="font-medium">Suggested by {submission.submitterName ?? "a member"}:</span> {submission.name}{" "}
          ({submission.website}). Saving publishes the tool, approves the submission and emails the member. To turn it
          down, reject it in the{" "}
          <Link to={INBOX_PATH} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            inbox
          </Link>
          .
        </p>
      ) : (
        <p>
          The submission of {submission.name} has already been decided: saving this form creates a tool and leaves the
          submission as it is.
        </p>
      )}
      {submission.note && <p className="whitespace-pre-line">Note from the member: {submission.note}</p>}
    </div>
  );
}
