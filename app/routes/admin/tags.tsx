import { Pencil } from "lucide-react";
import { useMemo } from "react";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/tags";
import { AdminListEmpty } from "~/components/admin/admin-list";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { FormField } from "~/components/admin/form-field";
import { useUnsavedEditsWarning } from "~/components/admin/unsaved-edits";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { AppError } from "~/lib/app-error";
import { formatCount } from "~/lib/format";
import { fieldErrorsOf } from "~/lib/form-fields";
import { useFormDraft } from "~/lib/form-draft";
import { isUuid } from "~/lib/slugify";
import {
  TAG_FORM_LIMITS,
  TAG_KINDS,
  tagFormProblem,
  tagFormSchema,
  tagFormValuesFrom,
  type TagFormValues,
} from "~/lib/tag-form";
import { requireAdmin } from "~/server/auth/guards.server";
import { createTag, deleteTag, listTagsWithCounts, updateTag } from "~/server/catalog/tags.server";
import { flashCookie } from "~/server/flash.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { adminIntent, defineIntents, InvalidFields, stringField } from "~/server/http/action-pipeline.server";
import { SITE_TAG } from "~/server/cache/page-tags.server";
import { adminPageMeta } from "~/lib/seo";

// /admin/tags: the tag vocabulary tools are described with. One page: the table, a form to add a
// tag, and (?edit={id}) the form to edit one in its place.

const LIST_URL = "/admin/tags";
const notFound = () => toErrorResponse(new AppError("not-found", "Tag not found"));

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const tags = await listTagsWithCounts({ db: context.db });
  const edit = new URL(request.url).searchParams.get("edit") ?? "";
  // An unknown or stale ?edit= shows the page as usual, with the form to add a tag.
  const editing = tags.find((tag) => tag.id === edit.toLowerCase())?.id ?? null;
  return { tags, editing };
}

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "Tags");

function listRedirect(title: string) {
  return redirect(LIST_URL, { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
}

const OUR_FAULT = "something went wrong on our side. Please try again.";
const FAILED_TO = {
  create: ADMIN_TOASTS.tagCreateFailed,
  update: ADMIN_TOASTS.tagUpdateFailed,
  delete: ADMIN_TOASTS.tagDeleteFailed,
} as const;
const intentOf = (form: FormData) => {
  const intent = form.get("intent");
  return intent === "update" || intent === "delete" ? intent : "create";
};
const tagIdOf = (form: FormData) => stringField(form, "id").trim().toLowerCase();

const saveStep = (intent: "create" | "update") =>
  adminIntent({
    schema: tagFormSchema,
    fields: tagFormValuesFrom,
    invalid: tagFormProblem,
    failure: OUR_FAULT,
    async run({ context, form, input, purge }) {
      const id = tagIdOf(form);
      if (intent === "update" && !isUuid(id)) throw notFound();
      const result =
        intent === "create"
          ? await createTag({ db: context.db, input })
          : await updateTag({ db: context.db, id, input });
      if (result.status === "invalid") throw new InvalidFields(result.fieldErrors);
      // Tags show on cards across the site: rare enough to purge everything (decision 096).
      purge([SITE_TAG]);
      return listRedirect(intent === "create" ? ADMIN_TOASTS.tagCreated : ADMIN_TOASTS.tagUpdated);
    },
  });

export const action = defineIntents({
  guard: "admin",
  // Which form answered: "create", or the id of the tag edited or deleted.
  formId: (form) => (intentOf(form) === "create" ? "create" : tagIdOf(form)),
  echo: (form) => (intentOf(form) === "delete" ? undefined : tagFormValuesFrom(form)),
  formError: (message, form) => FAILED_TO[intentOf(form)](message),
  // A tag deleted meanwhile (or an id that names none) is a 404, like opening it.
  boundary: ["not-found"],
  unknownIntent: "unknown action",
  intents: {
    create: saveStep("create"),
    update: saveStep("update"),
    delete: adminIntent({
      failure: OUR_FAULT,
      async run({ context, form, purge }) {
        const id = tagIdOf(form);
        if (!isUuid(id) || !(await deleteTag({ db: context.db, id }))) throw notFound();
        purge([SITE_TAG]);
        return listRedirect(ADMIN_TOASTS.tagDeleted);
      },
    }),
  },
});

type TagRow = Route.ComponentProps["loaderData"]["tags"][number];

export default function AdminTags({ loaderData, actionData }: Route.ComponentProps) {
  const { tags, editing } = loaderData;
  const location = useLocation();
  const editedTag = tags.find((tag) => tag.id === editing) ?? null;
  const which = editedTag?.id ?? "create";
  const failure = actionData?.form === which ? actionData : undefined;
  const count = `${formatCount(tags.length)} ${tags.length === 1 ? "tag" : "tags"}`;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Tags</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          The list tools are tagged from. Each tag with tools has its page at /tag/{"{slug}"}.
        </p>
      </div>

      {/* One form at a time: a new page (or a save) starts it afresh. */}
      <TagEditor key={`${which}:${location.key}`} tag={editedTag} failure={failure} />

      <section aria-labelledby="tag-list-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-4">
          <h2 id="tag-list-heading" className="text-xl font-semibold">
            All tags
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{count}</p>
        </div>
        {tags.length === 0 ? (
          <AdminListEmpty>No tags yet</AdminListEmpty>
        ) : (
          <Table>
            <caption className="sr-only">Tags, by name</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>Slug</TableHead>
                <TableHead>Tools</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {tags.map((tag) => (
                <TagTableRow key={tag.id} tag={tag} editing={tag.id === editing} />
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}

function TagTableRow({ tag, editing }: { tag: TagRow; editing: boolean }) {
  return (
    <TableRow aria-current={editing ? "true" : undefined} className={editing ? "bg-indigo-50 dark:bg-indigo-950" : ""}>
      <TableCell className="font-medium text-slate-900 dark:text-white">
        {tag.name}
        {tag.description && (
          <p className="mt-0.5 max-w-md truncate text-xs font-normal text-slate-600 dark:text-slate-400">
            {tag.description}
          </p>
        )}
      </TableCell>
      <TableCell className="font-mono text-xs">{tag.slug}</TableCell>
      <TableCell>{formatCount(tag.toolCount)}</TableCell>
      <TableCell>
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`${LIST_URL}?edit=${tag.id}`}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300 dark:hover:bg-indigo-950"
          >
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit<span className="sr-only"> {tag.name}</span>
          </Link>
          <ConfirmDelete what="tag" name={tag.name} id={tag.id} />
        </div>
      </TableCell>
    </TableRow>
  );
}

const valuesOf = (tag: TagRow | null): TagFormValues => ({
  name: tag?.name ?? "",
  slug: tag?.slug ?? "",
  description: tag?.description ?? "",
  kind: tag?.kind ?? "job",
});

function checkTagForm(form: FormData) {
  const parsed = tagFormSchema.safeParse(tagFormValuesFrom(form));
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}

/** The form to add a tag, or (`tag`) to edit one. */
function TagEditor({ tag, failure }: { tag: TagRow | null; failure: ActionResult | undefined }) {
  const creating = tag === null;
  const failedMessage = creating ? ADMIN_TOASTS.tagCreateFailed : ADMIN_TOASTS.tagUpdateFailed;
  const loaded = useMemo(() => valuesOf(tag), [tag]);
  const { values, errors, dirty, formRef, validate, edit } = useFormDraft<TagFormValues>({
    loaded,
    failure,
    fingerprint: (draft) => JSON.stringify(draft),
    check: checkTagForm,
    refusedMessage: (fieldErrors) => failedMessage(tagFormProblem(fieldErrors)),
    toastId: "tag-form-failure",
  });
  useUnsavedEditsWarning(dirty);
  const navigation = useNavigation();
  const intent = creating ? "create" : "update";
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  const update = (field: keyof TagFormValues, value: string) =>
    edit(field, (current) => ({ ...current, [field]: value }));
  const headingId = creating ? "add-tag-heading" : "edit-tag-heading";

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-950"
    >
      <h2 id={headingId} className="mb-4 text-xl font-semibold">
        {creating ? "Add a tag" : `Edit “${tag.name}”`}
      </h2>
      <Form ref={formRef} method="post" noValidate onSubmit={validate} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {!creating && <input type="hidden" name="id" value={tag.id} />}
        <div className="grid gap-4 md:grid-cols-2">
          <FormField id="tag-name" label="Name" error={errors.name}>
            {(control) => (
              <Input
                {...control}
                name="name"
                required
                maxLength={TAG_FORM_LIMITS.name}
                value={values.name}
                onChange={(event) => update("name", event.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="tag-slug"
            label="Slug"
            hint={
              creating
                ? "Leave blank to make it from the name. The tag's page is /tag/{slug}."
                : "Leave blank to keep the current slug. Changing it changes the tag's page address."
            }
            error={errors.slug}
          >
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
        </div>
        <FormField
          id="tag-description"
          label="Description"
          hint={`Optional, at most ${TAG_FORM_LIMITS.description} characters: what the tag means, shown on its page.`}
          error={errors.description}
        >
          {(control) => (
            <Textarea
              {...control}
              name="description"
              rows={2}
              maxLength={TAG_FORM_LIMITS.description}
              value={values.description}
              onChange={(event) => update("description", event.target.value)}
            />
          )}
        </FormField>
        <FormField
          id="tag-kind"
          label="What it says about a tool"
          hint="Alternatives are found by what tools are for: a job counts, a field keeps tools for other fields out, a generic tag never counts."
          error={errors.kind}
        >
          {(control) => (
            <Select
              {...control}
              name="kind"
              value={values.kind}
              onChange={(event) => update("kind", event.target.value)}
            >
              {Object.entries(TAG_KINDS).map(([kind, label]) => (
                <option key={kind} value={kind}>
                  {label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={saving}>
            {saving ? "Saving..." : creating ? "Add tag" : "Save"}
          </Button>
          {!creating && (
            <ButtonLink to={LIST_URL} variant="outline">
              Cancel
            </ButtonLink>
          )}
        </div>
      </Form>
    </section>
  );
}
