import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

/** Pass `htmlFor` (or nest the control): lint checks every <Label> use as it checks <label>. */
export function Label({ className, htmlFor, ...props }: ComponentProps<"label">) {
  return (
    <label
      htmlFor={htmlFor}
      className={cn("text-sm font-medium text-slate-900 dark:text-slate-100", className)}
      {...props}
    />
  );
}
