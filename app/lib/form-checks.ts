import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, DISPLAY_NAME_PATTERN } from "./members";

/**
 * The checks a form makes in the browser before it posts, without zod (decision 094): public pages
 * do not download a validation library for the sign-in dialog. The action still parses with the
 * zod schema (auth-schemas.ts, account-schemas.ts), built from the same limits, pattern and
 * messages; form-checks.test.ts holds both to the same answers.
 */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

/** zod's own email pattern (4.x `z.email()`), named so the schema and the browser test the same. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Spec section 5: the texts are the product's own. */
export const FIELD_MESSAGES = {
  invalidEmail: "Invalid email address",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  displayNameTooShort: `A display name has at least ${DISPLAY_NAME_MIN} characters.`,
  displayNameTooLong: `A display name has at most ${DISPLAY_NAME_MAX} characters.`,
  displayNameCharacters: `A display name uses only letters, digits, "-", "_" and ".".`,
} as const;

/** The address as it is stored: trimmed, lower case. */
export const normalizeEmail = (value: string) => value.trim().toLowerCase();

export function emailProblem(value: string): string | undefined {
  return EMAIL_PATTERN.test(normalizeEmail(value)) ? undefined : FIELD_MESSAGES.invalidEmail;
}

export function passwordProblem(value: string): string | undefined {
  if (value.length < PASSWORD_MIN_LENGTH) return FIELD_MESSAGES.passwordTooShort;
  if (value.length > PASSWORD_MAX_LENGTH) return FIELD_MESSAGES.passwordTooLong;
  return undefined;
}

/** A display name, trimmed; at sign-up an empty field means "choose later" and passes. */
export function displayNameProblem(value: string, { optional = false } = {}): string | undefined {
  const name = value.trim();
  if (optional && name === "") return undefined;
  if (name.length < DISPLAY_NAME_MIN) return FIELD_MESSAGES.displayNameTooShort;
  if (name.length > DISPLAY_NAME_MAX) return FIELD_MESSAGES.displayNameTooLong;
  return DISPLAY_NAME_PATTERN.test(name) ? undefined : FIELD_MESSAGES.displayNameCharacters;
}

type Fields = Record<string, FormDataEntryValue | null | undefined>;
const text = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value : "");

/** The problems per field, the first per field as the schemas report them; empty when none. */
function problemsOf(checks: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(checks).filter((entry): entry is [string, string] => !!entry[1]));
}

/** Sign-in: credentialsSchema's rules. */
export function credentialsProblems(fields: Fields): Record<string, string> {
  return problemsOf({ email: emailProblem(text(fields.email)), password: passwordProblem(text(fields.password)) });
}

/** Sign-up: signUpSchema's rules (credentials and the optional display name). */
export function signUpProblems(fields: Fields): Record<string, string> {
  return {
    ...credentialsProblems(fields),
    ...problemsOf({ displayName: displayNameProblem(text(fields.displayName), { optional: true }) }),
  };
}
