import { z } from "zod";

/** Spec section 5: the texts are the product's own. */
export const emailSchema = z.string().trim().toLowerCase().pipe(z.email("Invalid email address"));
export const passwordSchema = z
  .string()
  .min(6, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters");

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

export const AUTH_MODES = ["sign-in", "sign-up"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** What the sign-in action answers: read by the page and by the dialog's form. */
export type AuthActionData = {
  mode: AuthMode;
  /** Kept so a page re-rendered after a refusal (no JavaScript) still returns there on success. */
  redirectTo: string;
  /** True when the dialog asked for an answer in place of a redirect and everything worked. */
  ok?: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
};

/** The first message per field, for showing beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}
