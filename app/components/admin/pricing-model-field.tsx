import { Sparkles } from "lucide-react";
import { FormField } from "~/components/admin/form-field";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { PRICING_MODEL_LABELS, PRICING_MODELS, type PricingModel } from "~/lib/pricing-model";

/**
 * How the tool charges, chosen by the admin. The plans in the form suggest one (`suggestion`):
 * a button offers it, and the choice stays the admin's.
 */
export function PricingModelField({
  value,
  suggestion,
  onChange,
  error,
}: {
  value: string;
  suggestion: PricingModel | null;
  onChange: (value: string) => void;
  error?: string;
}) {
  const offer = suggestion !== null && suggestion !== value;
  return (
    <FormField
      id="pricingModel"
      label="Pricing model"
      hint="How the tool charges; visitors filter by it."
      error={error}
    >
      {(control) => (
        <div className="space-y-2">
          <Select
            {...control}
            name="pricingModel"
            required
            value={value}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">Choose…</option>
            {PRICING_MODELS.map((model) => (
              <option key={model} value={model}>
                {PRICING_MODEL_LABELS[model]}
              </option>
            ))}
          </Select>
          {offer && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                onChange(suggestion);
                // The button goes once its suggestion is chosen: focus stays on the field it set.
                document.getElementById(control.id)?.focus();
              }}
            >
              <Sparkles aria-hidden="true" className="h-4 w-4" />
              Suggested: {PRICING_MODEL_LABELS[suggestion]}
              <span className="sr-only"> (from the pricing plans; sets the pricing model)</span>
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}
