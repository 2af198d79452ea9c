import { Monitor, Moon, Sun } from "lucide-react";
import { useFetcher, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import type { Theme } from "~/lib/theme";

const next: Record<Theme, Theme> = { system: "light", light: "dark", dark: "system" };
const labels: Record<Theme, string> = { system: "System theme", light: "Light theme", dark: "Dark theme" };

/** Cycles system -> light -> dark; a plain form post, so it works without JavaScript too. */
export function ThemeToggle({ theme }: { theme: Theme }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const current = (typeof pending === "string" ? pending : theme) as Theme;
  const Icon = current === "dark" ? Moon : current === "light" ? Sun : Monitor;
  return (
    <fetcher.Form method="post" action="/theme">
      <input type="hidden" name="theme" value={next[current]} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className={buttonClasses({ variant: "ghost", size: "icon" })}
        aria-label={`${labels[current]} (switch to ${labels[next[current]].toLowerCase()})`}
        title={labels[current]}
      >
        <Icon aria-hidden="true" className="h-5 w-5" />
      </button>
    </fetcher.Form>
  );
}
