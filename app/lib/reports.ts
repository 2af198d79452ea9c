import { z } from "zod";
import { COMMENT_REPORT_REASONS, LISTING_REPORT_REASONS, REPORT_NOTE_MAX } from "./members";

/**
 * A report's optional note, trimmed; blank becomes null. The database holds the same bound
 * (comment_reports_note_check, listing_reports_note_check).
 */
const reportNoteSchema = z
  .string({ error: "The note must be text" })
  .trim()
  .max(REPORT_NOTE_MAX, { error: `The note must be at most ${REPORT_NOTE_MAX} characters` })
  // PostgreSQL text cannot hold a NUL character: refuse it here rather than fail on insert.
  .refine((note) => !note.includes("\u0000"), { error: "The note contains a character that cannot be stored" })
  .optional()
  .transform((note) => (note ? note : null));

const CHOOSE_REASON = "Choose a reason for your report";

/** A member's report of a comment: why, and optionally a few words. */
export const commentReportSchema = z.object({
  reason: z.enum(COMMENT_REPORT_REASONS, { error: CHOOSE_REASON }),
  note: reportNoteSchema,
});

/** A member's report of a problem with a tool's listing. */
export const listingReportSchema = z.object({
  reason: z.enum(LISTING_REPORT_REASONS, { error: CHOOSE_REASON }),
  note: reportNoteSchema,
});
