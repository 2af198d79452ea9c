import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { toast } from "~/lib/toast";
import { Button, buttonClasses } from "~/components/ui/button";
import { SAVED_PATH, SAVED_TOASTS, saveFailureToast, withoutSaveAfterSignIn, type SavedState } from "~/lib/saved-tools";

export type PendingSaveTool = { id: string; slug: string; name: string };

/**
 * Finishes a save asked for while signed out (decision 062): the return address after sign-in
 * carries `?save={slug}`, and the root loader names the tool for a signed-in viewer. The write
 * is a POST, never the GET that brought the person back: with JavaScript this form submits itself
 * once, then the address drops the parameter; without it, the person confirms with one click.
 */
export function PendingSave({ tool }: { tool: PendingSaveTool }) {
  const fetcher = useFetcher<ActionResult<SavedState>>();
  const location = useLocation();
  const navigate = useNavigate();
  const back = withoutSaveAfterSignIn(`${location.pathname}${location.search}`);
  const submitted = useRef<string | null>(null);

  useEffect(() => {
    if (submitted.current === tool.id) return;
    submitted.current = tool.id;
    void fetcher.submit({ intent: "save", toolId: tool.id, redirectTo: back }, { method: "post", action: SAVED_PATH });
  }, [tool.id, back, fetcher]);

  const seen = useRef<ActionResult<SavedState> | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || seen.current === result) return;
    seen.current = result;
    if (result.ok) toast.success(SAVED_TOASTS.saved.title, { description: SAVED_TOASTS.saved.description });
    else {
      const { title, description } = saveFailureToast(result);
      toast.error(title, { description });
    }
    void navigate(back, { replace: true, preventScrollReset: true });
  });

  return (
    <section
      aria-label="Finish saving"
      className="border-b border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-slate-900 dark:border-indigo-900 dark:bg-indigo-950 dark:text-slate-100"
    >
      <form method="post" action={SAVED_PATH} className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="toolId" value={tool.id} />
        <input type="hidden" name="redirectTo" value={back} />
        <p className="flex-1">
          {fetcher.state === "idle" ? `Save ${tool.name} to your saved tools?` : `Saving ${tool.name}...`}
        </p>
        <Button type="submit" size="sm" disabled={fetcher.state !== "idle"}>
          Save {tool.name}
        </Button>
        <Link to={back} className={buttonClasses({ variant: "ghost", size: "sm" })}>
          Not now
        </Link>
      </form>
    </section>
  );
}
