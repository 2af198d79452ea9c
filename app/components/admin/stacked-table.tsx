import type { ComponentProps } from "react";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { cn } from "~/lib/cn";

/*
 * An admin table that is a table from the `sm` breakpoint up and a stack of cards below it (decision
 * 104): one set of elements, restyled, so nothing is rendered twice. A table whose display is changed
 * loses its table semantics in some browsers (Safari, older Chromium), so every part names its role
 * explicitly; on a phone the column headers stay for screen readers and each cell shows its column's
 * name before its value.
 */

export function StackedTable({ className, ...props }: ComponentProps<"table">) {
  return (
    <Table
      role="table"
      wrapperClassName="max-sm:overflow-visible max-sm:rounded-none max-sm:border-0"
      className={cn("max-sm:block", className)}
      {...props}
    />
  );
}

export function StackedHeader({ className, ...props }: ComponentProps<"thead">) {
  return <TableHeader role="rowgroup" className={cn("max-sm:sr-only", className)} {...props} />;
}

export function StackedBody({ className, ...props }: ComponentProps<"tbody">) {
  return (
    <TableBody
      role="rowgroup"
      className={cn("max-sm:block max-sm:space-y-3 max-sm:divide-y-0", className)}
      {...props}
    />
  );
}

export function StackedRow({ className, ...props }: ComponentProps<"tr">) {
  return (
    <TableRow
      role="row"
      className={cn(
        "max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-slate-200 max-sm:p-3 max-sm:dark:border-slate-800",
        className,
      )}
      {...props}
    />
  );
}

export function StackedHead(props: ComponentProps<"th">) {
  return <TableHead role="columnheader" {...props} />;
}

/**
 * A cell; with `label`, a phone shows the column's name before the value. The row's first cell
 * (its name or title) goes without one and reads as the card's title.
 */
export function StackedCell({ label, className, ...props }: ComponentProps<"td"> & { label?: string }) {
  return (
    <TableCell
      role="cell"
      data-label={label}
      className={cn(
        "max-sm:px-0 max-sm:py-1",
        label
          ? "max-sm:flex max-sm:items-baseline max-sm:gap-3 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)] max-sm:dark:before:text-slate-400"
          : "max-sm:block",
        className,
      )}
      {...props}
    />
  );
}
