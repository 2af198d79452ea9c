import { pricingToPlans, type Pricing } from "~/lib/pricing";

/** Pricing in either of the spec's shapes: a list of plans or a map of plan name to text. */
export function PricingList({ pricing, layout = "stack" }: { pricing: Pricing | null; layout?: "stack" | "grid" }) {
  const plans = pricingToPlans(pricing);
  if (plans.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-400">No pricing information yet.</p>;
  return (
    // As a grid, plans sit side by side across the page instead of making one tall column.
    <ul className={layout === "grid" ? "grid gap-4 sm:grid-cols-2 lg:grid-cols-3" : "space-y-4"}>
      {plans.map((plan) => (
        <li key={plan.plan} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="font-semibold">{plan.plan}</h3>
            <span className="font-semibold text-indigo-700 dark:text-indigo-300">{plan.price}</span>
          </div>
          {plan.details && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{plan.details}</p>}
          {plan.features && plan.features.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {plan.features.map((feature) => (
                <li key={feature}>{feature}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
