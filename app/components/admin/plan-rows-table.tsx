import type { ComponentProps } from "react";
import { Input } from "~/components/ui/input";
import { TOOL_FIELDS, TOOL_FORM_LIMITS } from "~/lib/tool-form";

export type PlanRow = { plan: string; price: string; details?: string; features?: string };

/**
 * Plans as rows of inputs named as the tool form names them (one name per column, repeated per
 * row), so the form posts without JavaScript: the proposals review's pricing edit and a maker's
 * proposed plans. `withDetails` adds each plan's details, and keeps its feature list as it is.
 */
export function PlanRowsTable({
  rows,
  withDetails = false,
  ...table
}: { rows: readonly PlanRow[]; withDetails?: boolean } & ComponentProps<"table">) {
  return (
    <table className="w-full text-sm" {...table}>
      <thead>
        <tr>
          <th scope="col" className="pb-1 pr-2 text-left font-medium">
            Plan
          </th>
          <th scope="col" className="pb-1 pr-2 text-left font-medium">
            Price
          </th>
          {withDetails && (
            <th scope="col" className="pb-1 text-left font-medium">
              Details
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <td className="pb-1 pr-2">
              <Input
                name={TOOL_FIELDS.planName}
                aria-label={`Plan ${index + 1} name`}
                defaultValue={row.plan}
                maxLength={TOOL_FORM_LIMITS.planName}
              />
            </td>
            <td className={withDetails ? "pb-1 pr-2" : "pb-1"}>
              <Input
                name={TOOL_FIELDS.planPrice}
                aria-label={`Plan ${index + 1} price`}
                defaultValue={row.price}
                maxLength={TOOL_FORM_LIMITS.planPrice}
              />
            </td>
            {withDetails && (
              <td className="pb-1">
                <Input
                  name={TOOL_FIELDS.planDetails}
                  aria-label={`Plan ${index + 1} details`}
                  defaultValue={row.details ?? ""}
                />
                {/* A plan's feature list is kept as it is; the tool form edits it. */}
                <input type="hidden" name={TOOL_FIELDS.planFeatures} value={row.features ?? ""} />
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
