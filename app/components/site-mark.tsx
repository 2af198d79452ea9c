import { Sparkles } from "lucide-react";
import { cn } from "~/lib/cn";
import type { SiteBranding } from "~/lib/site";

/** The operator's logo when one is configured, else the built-in mark; decorative, since the name follows it. */
export function SiteMark({ site, className }: { site: SiteBranding; className: string }) {
  if (site.logoUrl) return <img src={site.logoUrl} alt="" className={cn(className, "w-auto object-contain")} />;
  return <Sparkles aria-hidden="true" className={cn(className, "text-indigo-600 dark:text-indigo-400")} />;
}
