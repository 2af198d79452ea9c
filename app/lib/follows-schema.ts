import { z } from "zod";
import { isToolCategory } from "./categories";
import { FOLLOW_NOT_FOUND } from "./follows";

// The /follow forms' rules, apart from follows.ts so the pages with a Follow button load no zod (decision 186).

/** The forms of /follow: follow or unfollow one target, or choose how often to be mailed. */
export const followFormSchema = z
  .object({
    kind: z.enum(["tool", "category", "tag"], { error: FOLLOW_NOT_FOUND }),
    target: z.string().trim().min(1, FOLLOW_NOT_FOUND).max(200, FOLLOW_NOT_FOUND),
  })
  .refine((value) => value.kind !== "category" || isToolCategory(value.target), {
    message: FOLLOW_NOT_FOUND,
    path: ["target"],
  });

export const frequencyFormSchema = z.object({
  frequency: z.enum(["weekly", "instant", "off"], { error: "Choose how often to hear from us." }),
});
