import type { ComponentProps } from "react";
import { cn } from "~/lib/cn";

const variants = {
  default: "border-transparent bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200",
  secondary: "border-transparent bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  outline: "border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-300",
} as const;

export function Badge({
  variant = "default",
  className,
  ...props
}: ComponentProps<"span"> & { variant?: keyof typeof variants }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
