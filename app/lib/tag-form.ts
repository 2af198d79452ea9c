import { z } from "zod";
import { INVALID_FIELDS_MESSAGE } from "./admin-messages";
import { optionalTextSchema, slugInputSchema } from "./form-fields";
import { slugify } from "./slugify";

/**
 * The admin tag form (/admin/tags): one schema, run by the browser before posting and by the
 * action before saving. A tag is a name, an optional slug (its page is /tag/{slug}), an
 * optional description and its kind: what it says about a tool, which alternatives read (decision 169).
 */

export const TAG_FORM_LIMITS = { name: 60, description: 300 } as const;

export const TAG_FORM_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${TAG_FORM_LIMITS.name} characters`,
  nameTaken: "A tag with this name already exists",
  slugWithoutLetters: "Slug must contain letters or numbers",
  slugTaken: "This slug is already used by another tag",
  descriptionTooLong: `Description must be at most ${TAG_FORM_LIMITS.description} characters`,
} as const;

/** What a tag says about a tool (decision 169); alternatives count jobs and fields, never generic tags. */
export const TAG_KINDS = {
  job: "What the tool does (counts for alternatives)",
  field: "Who it is made for (tools for other fields are no alternative)",
  generic: "How it is sold or reached, such as a platform or plan (never counts)",
} as const;
export type TagKindValue = keyof typeof TAG_KINDS;

export const TAG_FIELDS = ["name", "slug", "description", "kind"] as const;
export type TagField = (typeof TAG_FIELDS)[number];
export type TagFormValues = Record<TagField, string>;

export const tagFormSchema = z.object({
  name: z
    .string()
    .transform((text) => text.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, TAG_FORM_MESSAGES.nameRequired).max(TAG_FORM_LIMITS.name, TAG_FORM_MESSAGES.nameTooLong)),
  /** Blank means "make one from the name" (new) or "keep the current one" (edit). */
  slug: slugInputSchema.transform((value, ctx) => {
    if (value === "") return "";
    const slug = slugify(value);
    if (slug === "") {
      ctx.addIssue({ code: "custom", message: TAG_FORM_MESSAGES.slugWithoutLetters });
      return z.NEVER;
    }
    return slug;
  }),
  description: optionalTextSchema(TAG_FORM_LIMITS.description, TAG_FORM_MESSAGES.descriptionTooLong),
  // A form that does not name a kind (an older client) saves a job, the default.
  kind: z
    .string()
    .optional()
    .transform((value) => value || "job")
    .pipe(z.enum(Object.keys(TAG_KINDS) as [TagKindValue, ...TagKindValue[]], "Choose what the tag says")),
});

export type TagFormData = z.output<typeof tagFormSchema>;

/** Reads a posted tag form (missing fields become blank, files are ignored). */
export function tagFormValuesFrom(form: FormData): TagFormValues {
  const text = (name: TagField) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return { name: text("name"), slug: text("slug"), description: text("description"), kind: text("kind") };
}

/** The toast's "{message}": the one problem, or a pointer to the marked fields. */
export function tagFormProblem(fieldErrors: Record<string, string>): string {
  const messages = Object.values(fieldErrors);
  return messages.length === 1 ? messages[0]! : INVALID_FIELDS_MESSAGE;
}
