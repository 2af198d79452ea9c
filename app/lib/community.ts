import { z } from "zod";
import { COMMENT_MAX_LENGTH } from "./members";

const RATING_MESSAGE = "Rating must be a whole number from 1 to 5";

/**
 * A star vote. Forms send text ("1".."5"), so it is coerced; an empty field coerces to 0 and is
 * refused like any other value outside 1..5.
 */
export const ratingSchema = z.coerce
  .number({ error: RATING_MESSAGE })
  .int({ error: RATING_MESSAGE })
  .min(1, { error: RATING_MESSAGE })
  .max(5, { error: RATING_MESSAGE });

/** A comment's text, trimmed; stored as plain text and never rendered as HTML. */
export const commentContentSchema = z
  .string({ error: "Comment cannot be empty" })
  .trim()
  .min(1, { error: "Comment cannot be empty" })
  .max(COMMENT_MAX_LENGTH, { error: "Comment must be at most 2,000 characters" })
  // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail on insert.
  .refine((content) => !content.includes("\u0000"), { error: "Comment contains a character that cannot be stored" });
