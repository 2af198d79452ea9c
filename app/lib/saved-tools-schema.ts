import { z } from "zod";

/**
 * The fields a toggle or a Remove button posts to /saved, parsed by its action. Apart from
 * saved-tools.ts, which every page loads, so that zod stays out of the browser (decision 094).
 */
export const saveFormSchema = z.object({
  intent: z.enum(["save", "unsave"], { error: "Unknown action" }),
  toolId: z.uuid({ error: "Tool not found" }),
});
