import { z } from "zod";
import { isLinkableUrl, URL_MESSAGE } from "./web-address";

// The plain address checks are zod-free in web-address.ts, for the browser's pages (decision 186).
export { isLinkableUrl, URL_MESSAGE, WEBSITE_MESSAGES, websiteProblem } from "./web-address";

/** A required URL (spec: 'Must be a valid URL'). */
export const urlSchema = z.string().trim().max(2048, URL_MESSAGE).refine(isLinkableUrl, URL_MESSAGE);

/** A URL or nothing: a blank field becomes null. */
export const optionalUrlSchema = z
  .string()
  .trim()
  .max(2048, URL_MESSAGE)
  .refine((value) => value === "" || isLinkableUrl(value), URL_MESSAGE)
  .transform((value) => (value === "" ? null : value));

/** A text field whose blank value means "not set". */
export const optionalTextSchema = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .transform((value) => (value === "" ? null : value));

/** A slug typed by an admin: normalised by the shared slug rule later; blank means "generate". */
export const slugInputSchema = z.string().trim().max(200, "Slug must be at most 200 characters");

/**
 * The first message per field of a failed parse, keyed by the dotted path ("features.2") so a
 * form can show it beside the exact row.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}
