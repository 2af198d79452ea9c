import { z } from "zod";
import { ACCOUNT_MESSAGES } from "./account";
import { credentialsSchema, emailSchema, passwordSchema } from "./auth-schemas";
import { FIELD_MESSAGES, PASSWORD_MAX_LENGTH } from "./form-checks";
import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN, DISPLAY_NAME_PATTERN } from "./members";

/** The account forms' schemas (account.ts has the addresses and texts); the server parses with them. */

export const displayNameSchema = z
  .string()
  .trim()
  .min(DISPLAY_NAME_MIN, FIELD_MESSAGES.displayNameTooShort)
  .max(DISPLAY_NAME_MAX, FIELD_MESSAGES.displayNameTooLong)
  .regex(DISPLAY_NAME_PATTERN, FIELD_MESSAGES.displayNameCharacters);

/** The display-name form. */
export const displayNameFormSchema = z.object({ displayName: displayNameSchema });

/** The avatar form: a file was chosen (its size and type are the server's to check). */
export const avatarFormSchema = z.object({
  avatar: z
    .instanceof(File, { message: ACCOUNT_MESSAGES.avatarMissing })
    .refine((file) => file.size > 0, ACCOUNT_MESSAGES.avatarMissing),
});

/** At sign-up the name is optional: an empty field means "choose later". */
export const optionalDisplayNameSchema = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  displayNameSchema.optional(),
);

/** The sign-up form: the spec's email and password, and the optional display name. */
export const signUpSchema = credentialsSchema.extend({ displayName: optionalDisplayNameSchema });

/** An account whose sign-in is Google only has no password to confirm with: the field may be empty then. */
const confirmingPasswordSchema = z.string().max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong);

export const changeEmailSchema = z.object({ newEmail: emailSchema, password: confirmingPasswordSchema });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, "Enter your current password.")
    .max(PASSWORD_MAX_LENGTH, FIELD_MESSAGES.passwordTooLong),
  newPassword: passwordSchema,
});

export const deleteAccountSchema = z.object({
  password: confirmingPasswordSchema,
  // A checkbox: present ("on") when ticked, absent otherwise.
  deleteComments: z.preprocess((value) => value === "on" || value === "true", z.boolean()),
});

export const sessionIdSchema = z.uuid(ACCOUNT_MESSAGES.sessionNotFound);
