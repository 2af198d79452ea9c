import { z } from "zod";
import { EMAIL_PATTERN, FIELD_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./form-checks";

/** The server's side of the sign-in forms; the browser checks the same rules with form-checks.ts. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: FIELD_MESSAGES.invalidEmail }));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, FIELD_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

export const AUTH_MODES = ["sign-in", "sign-up"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];
