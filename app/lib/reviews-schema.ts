import { z } from "zod";
import { REVIEW_MAX_LENGTH, USED_FOR_MAX_LENGTH } from "./reviews";

// The review form's rules, apart from reviews.ts so the pages that show reviews load no zod (decision 186).

const storable = (text: string) => !text.includes("\u0000");

/** An optional text field: trimmed, blank is "not given". */
function optionalText(max: number, tooLong: string, label: string) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .refine(storable, { error: `${label} contains a character that cannot be stored` })
    .optional()
    .transform((text) => (text ? text : null));
}

/**
 * The review fields of the vote form. Both blank: the vote is a plain star vote and leaves any
 * review it had as it was (deleting one is its own button). "Used for" needs a review beside it.
 */
export const reviewFieldsSchema = z
  .object({
    review: optionalText(REVIEW_MAX_LENGTH, "Review must be at most 2,000 characters", "Review"),
    usedFor: optionalText(
      USED_FOR_MAX_LENGTH,
      `"Used for" must be at most ${USED_FOR_MAX_LENGTH} characters`,
      "Used for",
    ),
  })
  .refine((fields) => fields.review !== null || fields.usedFor === null, {
    error: "Write a review to say what you used the tool for",
  });
export type ReviewFields = z.output<typeof reviewFieldsSchema>;
