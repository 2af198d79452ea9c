import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/tool-form";
import { AiResearchDialog } from "~/components/admin/ai-research-dialog";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { FormField } from "~/components/admin/form-field";
import { ListField, listRowsFrom, type ListRow } from "~/components/admin/list-field";
import { LogoField } from "~/components/admin/logo-field";
import { PricingField, pricingStateFrom, type PricingState } from "~/components/admin/pricing-field";
import { ResearchSummary, type ResearchOutcome } from "~/components/admin/research-summary";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ADMIN_TOASTS, type AdminFormFailure } from "~/lib/admin-messages";
import { isToolCategory, TOOL_CATEGORIES } from "~/lib/categories";
import { fieldErrorsOf } from "~/lib/form-fields";
import type { Pricing } from "~/lib/pricing";
import { RESEARCH_MESSAGES, type ResearchAvailability } from "~/lib/research";
import { applyResearch } from "~/lib/research-apply";
import { SITE_NAME } from "~/lib/site";
import { isUuid } from "~/lib/slugify";
import { TOOL_FIELDS, TOOL_FORM_LIMITS, toolFormInputFrom, toolFormProblem, toolFormSchema, type ToolFormInput } from "~/lib/tool-form";
import { requireAdmin, requireSameOrigin } from "~/server/auth/guards.server";
import { createTool, deleteTool, findToolById, updateTool } from "~/server/catalog/tool-admin.server";
import { flashCookie } from "~/server/flash.server";
import { logger } from "~/server/logger";

const LIST_URL = "/admin/tools";
const NEW_ID = "new";

/** What the form edits: the stored tool minus what belongs to votes (rating, vote_count). */
type EditableTool = {
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
};

const notFound = () => data("Tool not found", { status: 404 });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  // Only whether research can run (and which settings are missing): no secret reaches the page.
  const research = context.research.availability;
  if (params.id === NEW_ID) return { tool: null, research };
  const tool = await findToolById({ db: context.db, id: params.id });
  if (!tool) throw notFound();
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
  };
  return { tool: editable, research };
}

/** A refused save: the toast, the messages beside fields, and what was posted (so a page without JavaScript keeps it). */
type ToolFormFailure = AdminFormFailure & { values?: ToolFormInput };

function listRedirect(title: string): never {
  throw redirect(LIST_URL, { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  requireAdmin(request, context);
  const creating = params.id === NEW_ID;
  if (!creating && !isUuid(params.id)) throw notFound();

  const form = await request.formData();
  const intent = form.get("intent");
  const failure = (status: number, message: string, fieldErrors: Record<string, string> = {}, values?: ToolFormInput) =>
    data<ToolFormFailure>({ ok: false, message, fieldErrors, ...(values ? { values } : {}) }, { status });

  if (intent === "delete") {
    if (creating) return failure(400, ADMIN_TOASTS.toolDeleteFailed("this tool has not been saved yet"));
    let deleted: boolean;
    try {
      deleted = await deleteTool({ db: context.db, id: params.id });
    } catch (error) {
      logger.error({ err: error, toolId: params.id }, "failed to delete a tool");
      return failure(500, ADMIN_TOASTS.toolDeleteFailed("something went wrong on our side. Please try again."));
    }
    if (!deleted) throw notFound();
    await context.invalidatePublicPages();
    listRedirect(ADMIN_TOASTS.toolDeleted);
  }

  const failedMessage = creating ? ADMIN_TOASTS.toolCreateFailed : ADMIN_TOASTS.toolUpdateFailed;
  if (intent !== "save") return failure(400, failedMessage("unknown action"));

  const values = toolFormInputFrom(form);
  const parsed = toolFormSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return failure(400, failedMessage(toolFormProblem(fieldErrors)), fieldErrors, values);
  }

  let result: Awaited<ReturnType<typeof createTool>> | Awaited<ReturnType<typeof updateTool>>;
  try {
    result = creating
      ? await createTool({ db: context.db, input: parsed.data })
      : await updateTool({ db: context.db, id: params.id, input: parsed.data });
  } catch (error) {
    // Not the admin's mistake: logged, and answered in the form so nothing typed is lost.
    logger.error({ err: error, toolId: creating ? null : params.id }, "failed to save a tool");
    return failure(500, failedMessage("something went wrong on our side. Please try again."), {}, values);
  }
  if (result.status === "not-found") throw notFound();
  if (result.status === "invalid") return failure(400, failedMessage(toolFormProblem(result.fieldErrors)), result.fieldErrors, values);

  await context.invalidatePublicPages();
  listRedirect(creating ? ADMIN_TOASTS.toolCreated : ADMIN_TOASTS.toolUpdated);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.tool ? `Edit ${loaderData.tool.name}` : "New Tool"} - Admin | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

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
};

function stateFromTool(tool: EditableTool | null): FormState {
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
  };
}

/** The form as it was posted (a save refused before JavaScript loaded, or without it). */
function stateFromInput(input: ToolFormInput): FormState {
  const pricing = pricingStateFrom(null);
  if (input.pricing.shape === "plans") {
    pricing.shape = "plans";
    pricing.plans = input.pricing.plans.length > 0 ? input.pricing.plans.map((row, key) => ({ key: -1 - key, ...row })) : pricing.plans;
  } else if (input.pricing.shape === "simple") {
    pricing.shape = "simple";
    pricing.simple = input.pricing.entries.length > 0 ? input.pricing.entries.map((row, key) => ({ key: -1 - key, ...row })) : pricing.simple;
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
  };
}

export default function ToolFormPage({ loaderData, actionData }: Route.ComponentProps) {
  // A different tool (or new after edit) is a different form: nothing carries over.
  return <ToolEditor key={loaderData.tool?.id ?? NEW_ID} tool={loaderData.tool} research={loaderData.research} failure={actionData} />;
}

function ToolEditor({
  tool,
  research,
  failure,
}: {
  tool: EditableTool | null;
  research: ResearchAvailability;
  failure: ToolFormFailure | undefined;
}) {
  const creating = tool === null;
  const researchMode = creating ? "create" : "update";
  const [values, setValues] = useState<FormState>(() => (failure?.values ? stateFromInput(failure.values) : stateFromTool(tool)));
  const [errors, setErrors] = useState<Record<string, string>>(() => failure?.fieldErrors ?? {});
  const [focusError, setFocusError] = useState(0);
  const [lastResearch, setLastResearch] = useState<ResearchOutcome | null>(null);
  const dirty = useRef(failure?.values !== undefined);
  const loadedTool = useRef(tool);
  const formRef = useRef<HTMLFormElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const failedMessage = creating ? ADMIN_TOASTS.toolCreateFailed : ADMIN_TOASTS.toolUpdateFailed;

  // Spec section 4: a reload of the record refills the form only when nothing has been edited.
  useEffect(() => {
    if (tool === loadedTool.current) return;
    loadedTool.current = tool;
    if (!dirty.current) setValues(stateFromTool(tool));
  }, [tool]);

  // A refused save: toast, messages beside the fields, focus on the first one.
  useEffect(() => {
    if (!failure || failure.ok) return;
    setErrors(failure.fieldErrors);
    toast.error(failure.message, { id: "tool-form-failure" });
    setFocusError((count) => count + 1);
  }, [failure]);

  useEffect(() => {
    if (focusError === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  function update<Key extends keyof FormState>(key: Key, value: FormState[Key]) {
    dirty.current = true;
    setValues((current) => ({ ...current, [key]: value }));
    // Its old messages go with the edit (state keys are the field names: "features" covers "features.2").
    const prefix: string = key;
    setErrors((current) => {
      const kept = Object.entries(current).filter(([field]) => field !== prefix && !field.startsWith(`${prefix}.`));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }

  // Spec section 7: the draft fills the form's fields by the apply rules; nothing is saved until Save.
  function applyResearchOutcome(outcome: ResearchOutcome) {
    dirty.current = true;
    setValues((current) => {
      const draft = applyResearch({
        mode: researchMode,
        result: outcome.result,
        current: {
          name: current.name,
          category: current.category,
          image: current.image,
          website: current.website,
          cons: current.cons.map((row) => row.value),
        },
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
      };
    });
    setErrors({});
    setLastResearch(outcome);
    toast.success(RESEARCH_MESSAGES.applied);
  }

  // The browser checks with the server's schema first, so most mistakes never make a round trip.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = toolFormSchema.safeParse(toolFormInputFrom(new FormData(event.currentTarget)));
    if (parsed.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const fieldErrors = fieldErrorsOf(parsed.error);
    setErrors(fieldErrors);
    toast.error(failedMessage(toolFormProblem(fieldErrors)), { id: "tool-form-failure" });
    setFocusError((count) => count + 1);
  }

  const slugHint = creating
    ? "Leave blank to generate it from the name. The tool's page is /tool/{slug}."
    : "Leave blank to keep the current slug. Changing it changes the tool's page address.";
  const categoryIsListed = values.category === "" || isToolCategory(values.category);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{creating ? "Add New Tool" : "Edit Tool"}</h1>
        {!creating && <p className="mt-1 text-slate-600 dark:text-slate-400">{tool.name}</p>}
      </div>

      <Form id="tool-form" ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-6">
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
              <Select {...control} name="category" required value={values.category} onChange={(event) => update("category", event.target.value)}>
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

        <LogoField id="image" name="image" value={values.image} onChange={(image) => update("image", image)} error={errors.image} />

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
              <Input {...control} name="slug" autoCapitalize="none" spellCheck={false} value={values.slug} onChange={(event) => update("slug", event.target.value)} />
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
          <ListField name={TOOL_FIELDS.pros} label="Pros" itemLabel="pro" rows={values.pros} onChange={(rows) => update("pros", rows)} errors={errors} />
          <ListField name={TOOL_FIELDS.cons} label="Cons" itemLabel="con" rows={values.cons} onChange={(rows) => update("cons", rows)} errors={errors} />
        </div>

        <PricingField value={values.pricing} onChange={(pricing) => update("pricing", pricing)} errors={errors} />
      </Form>

      {lastResearch && (
        <ResearchSummary
          outcome={lastResearch}
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
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-800">
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
      </div>
    </div>
  );
}
