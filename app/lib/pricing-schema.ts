import { z } from "zod";
import type { Pricing, PricingPlan } from "./pricing";

export const pricingPlanSchema = z.object({
  plan: z.string().trim().min(1),
  price: z.string().trim(),
  details: z.string().trim(),
  features: z.array(z.string().trim().min(1)).optional(),
}) satisfies z.ZodType<PricingPlan>;

/** Validates either pricing shape (kept apart from pricing.ts so pages don't ship zod). */
export const pricingSchema = z.union([
  z.array(pricingPlanSchema),
  z.record(z.string().trim().min(1), z.string()),
]) satisfies z.ZodType<Pricing>;
