import { ArrowLeft } from "lucide-react";
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/article-form";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { FormActions } from "~/components/admin/form-actions";
import { FormField } from "~/components/admin/form-field";
import { RichTextEditor } from "~/components/admin/rich-text-editor";
import { useUnsavedEditsWarning } from "~/components/admin/unsaved-edits";
import { Button, ButtonLink } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import type { ActionResult } from "~/lib/action-result";
import { ADMIN_TOASTS, INVALID_FIELDS_MESSAGE } from "~/lib/admin-messages";
import { AppError } from "~/lib/app-error";
import {
  ARTICLE_FIELDS,
  articleFormSchema,
  articleFormValuesFrom,
  articleFormValuesOf,
  emptyArticleFormValues,
  type ArticleField,
  type ArticleFormValues,
} from "~/lib/article-form";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { useFormDraft } from "~/lib/form-draft";
import { fieldErrorsOf } from "~/lib/form-fields";
import { isUuid } from "~/lib/slugify";
import { requireAdmin } from "~/server/auth/guards.server";
import {
  createArticle,
  deleteArticle,
  findArticleById,
  listArticleCategories,
  updateArticle,
} from "~/server/content/article-admin.server";
import { flashCookie } from "~/server/flash.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { adminIntent, defineIntents, InvalidFields } from "~/server/http/action-pipeline.server";
import { ARTICLE_LIST_TAG, articleTag, toolTag } from "~/server/cache/page-tags.server";
import { articleImageProblems } from "~/server/content/article-images.server";
import { sanitizeRichText } from "~/server/content/sanitize-html.server";
import { adminPageMeta } from "~/lib/seo";

const LIST_URL = "/admin/articles";
const articleNotFound = () => toErrorResponse(new AppError("not-found", "Article not found"));
const NEW_ID = "new";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const stored = await listArticleCategories({ db: context.db });
  const categories = [...new Set([...TOOL_CATEGORIES, ...stored])].sort((a, b) => a.localeCompare(b));

  if (params.id === NEW_ID) {
    // The server's day (UTC); the browser moves it to the admin's own day after it loads.
    const today = new Date().toISOString().slice(0, 10);
    return { mode: "create" as const, article: null, values: emptyArticleFormValues(today), categories };
  }
  const article = await findArticleById({ db: context.db, id: params.id });
  if (!article) throw articleNotFound();
  return {
    mode: "edit" as const,
    article: { id: article.id, slug: article.slug, title: article.title, status: article.status },
    // As the page shows it: links to this site as paths that open in the same tab, so the editor keeps them so.
    values: articleFormValuesOf({
      ...article,
      content: sanitizeRichText(article.content, { siteOrigin: context.siteUrl }),
    }),
    categories,
  };
}

function listRedirect(title: string) {
  return redirect(LIST_URL, { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
}

export const action = defineIntents({
  guard: "admin",
  defaultIntent: "save",
  echo: (form) => (form.get("intent") === "delete" ? undefined : articleFormValuesFrom(form)),
  formError: (message, form, { params }) =>
    form.get("intent") === "delete"
      ? message
      : (params.id === NEW_ID ? ADMIN_TOASTS.articleCreateFailed : ADMIN_TOASTS.articleUpdateFailed)(message),
  // An article deleted meanwhile (or an id that names none) is a 404, like opening it.
  boundary: ["not-found"],
  intents: {
    delete: adminIntent({
      async run({ context, params, purge }) {
        const id = params.id ?? "";
        const deleted = isUuid(id) ? await deleteArticle({ db: context.db, id }) : null;
        if (!deleted) throw articleNotFound();
        // The tool pages it was linked from listed it under "Related articles".
        purge([articleTag(id), ARTICLE_LIST_TAG, ...deleted.toolIds.map(toolTag)]);
        return listRedirect(ADMIN_TOASTS.articleDeleted);
      },
    }),
    save: adminIntent({
      schema: articleFormSchema,
      fields: articleFormValuesFrom,
      invalid: () => INVALID_FIELDS_MESSAGE,
      // Not the admin's mistake: logged, and answered so the form keeps everything they typed.
      failure: "The article could not be saved. Please try again.",
      async run({ context, params, input, purge }) {
        const id = params.id ?? "";
        const creating = id === NEW_ID;
        if (!creating && !isUuid(id)) throw articleNotFound();
        const stored = creating ? null : await findArticleById({ db: context.db, id });
        if (!creating && !stored) throw articleNotFound();
        const siteOrigin = context.siteUrl;
        // Pictures must be pictures (decision 183): asked before anything is written.
        const imageProblems = await articleImageProblems(
          { image: input.image, content: sanitizeRichText(input.content, { siteOrigin }) },
          stored,
          { storage: context.storage },
        );
        if (Object.keys(imageProblems).length > 0) {
          throw new InvalidFields(imageProblems, { formError: INVALID_FIELDS_MESSAGE });
        }
        const result = creating
          ? await createArticle({ db: context.db, input, siteOrigin })
          : await updateArticle({ db: context.db, id, input, siteOrigin });
        if (result.status === "invalid") throw new InvalidFields(result.fieldErrors);
        // The tool pages it links to (or linked to) list it under "Related articles" (decision 182).
        purge([articleTag(result.article.id), ARTICLE_LIST_TAG, ...result.toolIds.map(toolTag)]);
        return listRedirect(creating ? ADMIN_TOASTS.articleCreated : ADMIN_TOASTS.articleUpdated);
      },
    }),
  },
});

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const heading = loaderData?.article ? `Edit ${loaderData.article.title}` : "New Article";
  return adminPageMeta(matches, location, heading);
}

export default function ArticleFormPage({ loaderData, actionData }: Route.ComponentProps) {
  // A fresh form per article: moving from one article to another never carries edits across.
  return <ArticleForm key={loaderData.article?.id ?? NEW_ID} loaderData={loaderData} failure={actionData ?? null} />;
}

type LoaderData = Route.ComponentProps["loaderData"];

function localToday(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const articleFormFingerprint = (values: ArticleFormValues) =>
  JSON.stringify(ARTICLE_FIELDS.map((field) => values[field]));

/** The server's schema over a post, run in the browser first so most mistakes never make a round trip. */
function checkArticleForm(form: FormData) {
  const parsed = articleFormSchema.safeParse(articleFormValuesFrom(form));
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}

function ArticleForm({ loaderData, failure }: { loaderData: LoaderData; failure: ActionResult | null }) {
  const { mode, article, categories } = loaderData;
  const creating = mode === "create";
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const failedMessage = creating ? ADMIN_TOASTS.articleCreateFailed : ADMIN_TOASTS.articleUpdateFailed;

  // Spec: the date defaults to today; the admin's today, once the browser can tell. A new article
  // untouched so far is refilled with it like any reload of the record.
  const [localDate, setLocalDate] = useState<string | null>(null);
  useEffect(() => {
    if (creating) setLocalDate(localToday());
  }, [creating]);
  const loaded = useMemo(
    () => (localDate ? { ...loaderData.values, date: localDate } : loaderData.values),
    [loaderData.values, localDate],
  );

  const { values, errors, dirty, formRef, validate, edit } = useFormDraft({
    loaded,
    failure,
    fingerprint: articleFormFingerprint,
    check: checkArticleForm,
    refusedMessage: () => failedMessage(INVALID_FIELDS_MESSAGE),
    toastId: "article-form-failure",
  });
  useUnsavedEditsWarning(dirty);

  const setField = (field: ArticleField, value: string) => edit(field, (current) => ({ ...current, [field]: value }));

  const text = (field: ArticleField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) => setField(field, event.target.value),
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <ButtonLink to={LIST_URL} variant="ghost" className="-ml-3">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Articles
        </ButtonLink>
        {article && <ConfirmDelete what="article" name={article.title} />}
      </div>
      <h1 className="text-3xl font-bold tracking-tight">{creating ? "New Article" : "Edit Article"}</h1>

      <Form
        ref={formRef}
        method="post"
        noValidate
        className="space-y-8"
        onSubmit={validate}
        onKeyDown={keepEnterFromSaving}
      >
        <div className="space-y-6">
          <FormField id="title" label="Title" error={errors.title}>
            {(control) => <Input {...control} {...text("title")} required maxLength={200} />}
          </FormField>

          <div className="grid gap-6 sm:grid-cols-2">
            <FormField id="category" label="Category" error={errors.category}>
              {(control) => (
                <Input
                  {...control}
                  {...text("category")}
                  list="article-categories"
                  required
                  maxLength={50}
                  autoComplete="off"
                />
              )}
            </FormField>
            <datalist id="article-categories">
              {categories.map((category) => (
                <option key={category} value={category} />
              ))}
            </datalist>
            <FormField id="author" label="Author" error={errors.author}>
              {(control) => <Input {...control} {...text("author")} required maxLength={100} />}
            </FormField>
          </div>

          <div className="grid gap-6 sm:grid-cols-3">
            <FormField id="date" label="Date" error={errors.date}>
              {(control) => <Input {...control} {...text("date")} type="date" required />}
            </FormField>
            <FormField id="readTime" label="Read Time" error={errors.readTime}>
              {(control) => (
                <Input {...control} {...text("readTime")} placeholder="e.g. 5 min read" required maxLength={50} />
              )}
            </FormField>
            <FormField
              id="status"
              label="Status"
              hint="Drafts are visible only in the admin area."
              error={errors.status}
            >
              {(control) => (
                <Select {...control} {...text("status")}>
                  <option value="draft">Draft</option>
                  <option value="published">Published</option>
                </Select>
              )}
            </FormField>
          </div>

          <FormField
            id="excerpt"
            label="Excerpt"
            hint="A sentence or two shown on article cards and in search results."
            error={errors.excerpt}
          >
            {(control) => <Textarea {...control} {...text("excerpt")} rows={3} required maxLength={1000} />}
          </FormField>

          <RichTextEditor
            id="content"
            label="Content"
            name="content"
            value={values.content}
            onChange={(html) => setField("content", html)}
            error={errors.content}
          />

          <FormField
            id="image"
            label="Image URL"
            hint="Optional. An uploaded image, or an https:// address that answers with an image."
            error={errors.image}
          >
            {(control) => (
              <Input
                {...control}
                {...text("image")}
                type="url"
                inputMode="url"
                placeholder="https://"
                maxLength={2048}
              />
            )}
          </FormField>
        </div>

        <SeoSettings>
          <FormField id="metaTitle" label="Meta Title" hint="Leave blank to use the title." error={errors.metaTitle}>
            {(control) => <Input {...control} {...text("metaTitle")} maxLength={200} />}
          </FormField>
          <FormField
            id="metaDescription"
            label="Meta Description"
            hint="Leave blank to use the excerpt."
            error={errors.metaDescription}
          >
            {(control) => <Textarea {...control} {...text("metaDescription")} rows={2} maxLength={500} />}
          </FormField>
          <FormField
            id="metaKeywords"
            label="Meta Keywords"
            hint="Separate keywords with commas."
            error={errors.metaKeywords}
          >
            {(control) => (
              <Input {...control} {...text("metaKeywords")} placeholder="e.g. AI writing, chatbots" maxLength={1000} />
            )}
          </FormField>
          <FormField
            id="slug"
            label="URL Slug"
            hint={
              creating
                ? "Leave blank to generate it from the title."
                : `Leave blank to keep the current address (/article/${article?.slug}). Changing it breaks existing links.`
            }
            error={errors.slug}
          >
            {(control) => (
              <Input {...control} {...text("slug")} maxLength={200} autoComplete="off" spellCheck={false} />
            )}
          </FormField>
        </SeoSettings>

        <FormActions className="justify-end">
          <ButtonLink to={LIST_URL} variant="outline">
            Cancel
          </ButtonLink>
          <Button type="submit" name="intent" value="save" disabled={saving}>
            {saving ? "Saving..." : "Save Article"}
          </Button>
        </FormActions>
      </Form>
    </div>
  );
}

/** Inputs where Enter means "submit the form" to a browser; the others (checkboxes, buttons) keep their keys. */
const TEXT_LIKE_INPUT = /^(text|search|url|email|tel|number|date|password)$/;

/**
 * Enter in a one-line field does not save the article (issue 34): a half-written article is not
 * published by a keystroke meant for the next field. Saving is the button's job. A dialog of the
 * editor is in a portal, outside this form's DOM, and keeps its own Enter.
 */
function keepEnterFromSaving(event: KeyboardEvent<HTMLFormElement>) {
  if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !event.currentTarget.contains(target)) return;
  if (TEXT_LIKE_INPUT.test(target.type)) event.preventDefault();
}

function SeoSettings({ children }: { children: ReactNode }) {
  return (
    <section
      aria-labelledby="seo-settings-heading"
      className="space-y-6 rounded-lg border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
    >
      <h2 id="seo-settings-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        SEO Settings
      </h2>
      {children}
    </section>
  );
}
