import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { Route } from "./+types/saved";
import { FollowButton } from "~/components/follow-button";
import { RatingSummary } from "~/components/rating-summary";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ToolLogo } from "~/components/tool-logo";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { cn } from "~/lib/cn";
import { MAX_COMPARED_TOOLS, MIN_COMPARED_TOOLS } from "~/lib/compare";
import { FOLLOW_PATH, FREQUENCY_CHOICES, type FrequencyChoice } from "~/lib/follows";
import { safeRedirectPath } from "~/lib/safe-redirect";
import {
  COMPARE_CHOICE_HINT,
  parseSavedSort,
  SAVED_PATH,
  SAVED_SORTS,
  SAVED_TOASTS,
  saveFailureToast,
  withoutSaveAfterSignIn,
  type SavedState,
  type SaveIntent,
} from "~/lib/saved-tools";
import { saveFormSchema } from "~/lib/saved-tools-schema";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { signInHref } from "~/lib/sign-in-link";
import { siteNameFromMatches } from "~/lib/site";
import { DATA_REQUEST_HEADER } from "~/server/auth/guards.server";
import { listSavedTools, saveTool, unsaveTool } from "~/server/community/saved-tools.server";
import { findFollowFrequency, listFollows, type FollowedItem } from "~/server/follows/follows.server";
import { flashCookie } from "~/server/flash.server";
import { defineIntents, intent as intentStep, ok } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { toolTag } from "~/server/cache/page-tags.server";

/** One person's list: never stored by a cache on the way, never indexed. */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { ...PRIVATE_HEADERS, "Retry-After": retryAfter } : PRIVATE_HEADERS;
}

/** The signed-in user's saved tools in the order asked for; a visitor is sent to sign in and back. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const viewer = context.viewer;
  if (!viewer) throw redirect(signInHref({ pathname: url.pathname, search: url.search }));
  const sort = parseSavedSort(url.searchParams.get("sort"));
  const [{ tools, total }, following, frequency] = await Promise.all([
    listSavedTools({ db: context.db, userId: viewer.id, sort }),
    listFollows({ db: context.db, userId: viewer.id }),
    findFollowFrequency({ db: context.db, userId: viewer.id }),
  ]);
  return { sort, tools, total, following, frequency };
}

/** Where a post without JavaScript goes back to: the page it came from, without a pending save. */
const backFrom = (form: FormData | null) =>
  withoutSaveAfterSignIn(safeRedirectPath(form?.get("redirectTo") ?? null, SAVED_PATH));

/** One step of the toggle: save or remove, signed in, rate-limited per user like votes. */
function saveStep(intent: SaveIntent) {
  return intentStep({
    failure: (intent === "save" ? SAVED_TOASTS.saveFailed : SAVED_TOASTS.removeFailed).description,
    rateLimit: ({ viewer }) => (viewer ? { rule: RATE_LIMITS.save, subject: viewer.id } : null),
    async run({ request, context, viewer, form, purge }) {
      if (!viewer) throw new AppError("unauthorized", SAVED_TOASTS.signIn.description);
      const parsed = saveFormSchema.safeParse({ intent, toolId: form.get("toolId") });
      if (!parsed.success) throw new AppError("not-found", parsed.error.issues[0]!.message);
      const { toolId } = parsed.data;
      const changed =
        intent === "save"
          ? (await saveTool({ db: context.db, userId: viewer.id, toolId })).added
          : (await unsaveTool({ db: context.db, userId: viewer.id, toolId })).removed;
      // The tool page's "Saved by N people" is public and cached.
      if (changed) purge([toolTag(toolId)]);
      if (request.headers.has(DATA_REQUEST_HEADER)) return ok<SavedState>({ saved: intent === "save" });
      const done = intent === "save" ? SAVED_TOASTS.saved : SAVED_TOASTS.removed;
      return redirect(backFrom(form), { headers: { "Set-Cookie": flashCookie({ kind: "success", ...done }) } });
    },
  });
}

/**
 * Saves or removes a tool, from a toggle anywhere or a Remove button here. A fetcher (a ".data"
 * request) is answered with an ActionResult, failures included, so its page stays; a post without
 * JavaScript is sent back to the page it came from with a flash message (an error one on failure),
 * and a visitor to sign in.
 */
export const action = defineIntents({
  intents: { save: saveStep("save"), unsave: saveStep("unsave") },
  // Which of the two failed: the toast says "save" or "remove".
  formId: (form) => (form.get("intent") === "unsave" ? "unsave" : "save"),
  documentFailure: ({ result, headers, form }) => {
    const back = backFrom(form);
    if (result.code === "unauthorized") return redirect(signInHref({ pathname: back, search: "" }));
    const { title, description } = saveFailureToast(result);
    return redirect(back, {
      headers: { "Set-Cookie": flashCookie({ kind: "error", title, description }), ...headers },
    });
  },
});

/** In the browser, the request itself can fail (the network): answered like the server's own failures. */
export async function clientAction({
  request,
  serverAction,
}: Route.ClientActionArgs): Promise<ActionResult<SavedState>> {
  const intent: SaveIntent = (await request.clone().formData()).get("intent") === "unsave" ? "unsave" : "save";
  try {
    return (await serverAction()) as ActionResult<SavedState>;
  } catch {
    const failed = intent === "save" ? SAVED_TOASTS.saveFailed : SAVED_TOASTS.removeFailed;
    return { ok: false, form: intent, code: "internal", formError: failed.description };
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  return seoMeta({
    siteName,
    title: `Saved Tools | ${siteName}`,
    description: "The AI tools you saved, to compare and come back to.",
    path: SAVED_PATH,
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
}

const COMPARE_FORM_ID = "compare-saved-tools";

export default function SavedTools({ loaderData }: Route.ComponentProps) {
  const { sort, tools, total, following, frequency } = loaderData;
  const heading = useRef<HTMLHeadingElement>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // Without JavaScript the button is always enabled and the compare page explains a wrong count.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const present = new Set(tools.map((tool) => tool.slug));
  const chosenCount = [...chosen].filter((slug) => present.has(slug)).length;
  const canCompare = chosenCount >= MIN_COMPARED_TOOLS && chosenCount <= MAX_COMPARED_TOOLS;

  const toggleChosen = (slug: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(slug);
      else next.delete(slug);
      return next;
    });

  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <h1
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-slate-900 focus:outline-none dark:text-white"
      >
        Saved Tools
      </h1>

      {total === 0 ? (
        <div className="space-y-4 rounded-xl border border-dashed border-slate-300 p-8 text-center dark:border-slate-700">
          <p className="text-slate-700 dark:text-slate-300">You have not saved any tools yet.</p>
          <ButtonLink to="/" variant="outline">
            Browse AI tools
          </ButtonLink>
        </div>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-4">
            <nav aria-label="Sort saved tools" className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-slate-600 dark:text-slate-400">Sort by</span>
              {SAVED_SORTS.map((option) => (
                <Link
                  key={option.value}
                  to={option.value === "recent" ? SAVED_PATH : `${SAVED_PATH}?sort=${option.value}`}
                  aria-current={option.value === sort ? "page" : undefined}
                  className={cn(
                    "rounded-full border px-3 py-1",
                    option.value === sort
                      ? "border-indigo-600 bg-indigo-600 text-white dark:border-indigo-400 dark:bg-indigo-400 dark:text-slate-950"
                      : "border-slate-300 text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-200 dark:hover:bg-slate-800",
                  )}
                >
                  {option.label}
                </Link>
              ))}
            </nav>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {total === 1 ? "1 tool" : `${total} tools`}
              {total > tools.length ? ` (showing ${tools.length})` : ""}
            </p>
          </div>

          <Form
            id={COMPARE_FORM_ID}
            method="get"
            action="/compare"
            className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
          >
            <Button type="submit" disabled={hydrated && !canCompare} aria-describedby="compare-hint">
              Compare these
            </Button>
            <p id="compare-hint" aria-live="polite" className="text-sm text-slate-600 dark:text-slate-400">
              {COMPARE_CHOICE_HINT}
              {hydrated ? ` (${chosenCount} chosen)` : ""}
            </p>
          </Form>

          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
            {tools.map((tool) => (
              <li key={tool.id} className="flex flex-wrap items-center gap-4 p-4">
                <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <input
                    type="checkbox"
                    name="tools"
                    value={tool.slug}
                    form={COMPARE_FORM_ID}
                    onChange={(event) => toggleChosen(tool.slug, event.currentTarget.checked)}
                    className="h-5 w-5 accent-indigo-600"
                  />
                  <span>
                    Compare<span className="sr-only"> {tool.name}</span>
                  </span>
                </label>
                <ToolLogo name={tool.name} image={tool.image} size={48} />
                <div className="min-w-0 flex-1 space-y-1">
                  <Link
                    to={`/tool/${tool.slug}`}
                    className="text-lg font-semibold text-slate-900 hover:underline dark:text-slate-50"
                  >
                    {tool.name}
                  </Link>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge variant="secondary">{tool.category}</Badge>
                    <RatingSummary rating={tool.rating} voteCount={tool.voteCount} />
                  </div>
                  {tool.tagline && <p className="text-sm text-slate-700 dark:text-slate-300">{tool.tagline}</p>}
                </div>
                <RemoveButton tool={tool} sort={sort} onRemoved={() => heading.current?.focus()} />
              </li>
            ))}
          </ul>
        </>
      )}

      <FollowingSection following={following} frequency={frequency} />
    </div>
  );
}

/**
 * What the member follows, each with Unfollow, and how often they hear about it (decision 180):
 * plain forms posting to /follow, so both work without JavaScript.
 */
function FollowingSection({ following, frequency }: { following: FollowedItem[]; frequency: FrequencyChoice }) {
  return (
    <section aria-labelledby="following-heading" className="space-y-4 pt-6">
      <h2 id="following-heading" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Following
      </h2>
      {following.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">
          You do not follow anything yet. Follow a tool, a category or a tag from its page to hear what changes.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {following.map((item) => (
            <li key={`${item.kind}:${item.id}`} className="flex flex-wrap items-center gap-4 p-4">
              <div className="min-w-0 flex-1">
                <Link to={item.href} className="font-semibold text-slate-900 hover:underline dark:text-slate-50">
                  {item.name}
                </Link>{" "}
                <Badge variant="secondary">{FOLLOW_KIND_LABELS[item.kind]}</Badge>
              </div>
              <FollowButton target={item} following={true} label="Unfollow" />
            </li>
          ))}
        </ul>
      )}
      <Form
        method="post"
        action={FOLLOW_PATH}
        className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-800"
      >
        <input type="hidden" name="intent" value="frequency" />
        <input type="hidden" name="redirectTo" value={SAVED_PATH} />
        <fieldset className="space-y-2">
          <legend className="font-semibold text-slate-900 dark:text-slate-50">Email me about what I follow</legend>
          {FREQUENCY_CHOICES.map((choice) => (
            <label key={choice.value} className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <input
                type="radio"
                name="frequency"
                value={choice.value}
                defaultChecked={choice.value === frequency}
                className="h-4 w-4 accent-indigo-600"
              />
              {choice.label}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="outline" size="sm">
          Save email preference
        </Button>
      </Form>
    </section>
  );
}

const FOLLOW_KIND_LABELS = { tool: "Tool", category: "Category", tag: "Tag" } as const;

/** Removes one tool from the list; focus then goes to the page's heading, as the row is gone. */
function RemoveButton({
  tool,
  sort,
  onRemoved,
}: {
  tool: { id: string; name: string };
  sort: string;
  onRemoved: () => void;
}) {
  const fetcher = useFetcher<ActionResult<SavedState>>();
  const seen = useRef<ActionResult<SavedState> | undefined>(undefined);
  useEffect(() => {
    // Not waiting for "idle": once the list reloads this row, and this fetcher, are gone.
    const result = fetcher.data;
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.ok) {
      toast.success(SAVED_TOASTS.removed.title, { description: SAVED_TOASTS.removed.description });
      onRemoved();
    } else {
      const { title, description } = saveFailureToast(result);
      toast.error(title, { description });
    }
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={SAVED_PATH}>
      <input type="hidden" name="intent" value="unsave" />
      <input type="hidden" name="toolId" value={tool.id} />
      <input type="hidden" name="redirectTo" value={sort === "recent" ? SAVED_PATH : `${SAVED_PATH}?sort=${sort}`} />
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={`Remove ${tool.name}`}>
        {busy ? "Removing..." : "Remove"}
      </Button>
    </fetcher.Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} texts={{ server: { message: "Failed to load your saved tools" } }} />;
}
