import { z } from "zod";
import { MAKER_NOTE_MAX } from "./makers";
import { isFactSourceUrl } from "./tool-facts";

// The claim and proposal forms' rules, apart from makers.ts so the tool page loads no zod (decision 186).

/** "Ask an administrator": an optional note saying how the member makes the tool. */
export const claimRequestSchema = z.object({
  note: z.string().trim().max(MAKER_NOTE_MAX, `At most ${MAKER_NOTE_MAX} characters`),
});

/** A cited page: the address a maker gives for their proposal. */
export const makerSourceSchema = z
  .string()
  .trim()
  .min(1, "Give the page that shows this (your pricing or product page)")
  .max(2000)
  .refine(isFactSourceUrl, "Enter a web address starting with https://");
