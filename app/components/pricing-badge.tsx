import { Badge } from "~/components/ui/badge";
import { PRICING_MODEL_LABELS, type PricingModel } from "~/lib/pricing-model";

/**
 * How a tool charges, in the words a visitor filters by, with its starting price when that says
 * more than the label ("Freemium · $20/month", but "Free", not "Free · Free").
 */
export function PricingBadge({ model, startingPrice }: { model: PricingModel; startingPrice: string | null }) {
  const label = PRICING_MODEL_LABELS[model];
  const price = startingPrice?.trim();
  const text = price && price.toLowerCase() !== label.toLowerCase() ? `${label} · ${price}` : label;
  return (
    <Badge
      variant="outline"
      className="border-emerald-300 text-emerald-800 dark:border-emerald-700 dark:text-emerald-300"
    >
      <span className="sr-only">Pricing: </span>
      {text}
    </Badge>
  );
}
