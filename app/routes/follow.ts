import { redirect } from "react-router";
import { AppError } from "~/lib/app-error";
import { FOLLOW_NOT_FOUND, FOLLOW_TOASTS, followFailureToast, type FollowState } from "~/lib/follows";
import { followFormSchema, frequencyFormSchema } from "~/lib/follows-schema";
import { SAVED_PATH } from "~/lib/saved-tools";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { signInHref } from "~/lib/sign-in-link";
import { DATA_REQUEST_HEADER } from "~/server/auth/guards.server";
import { flashCookie } from "~/server/flash.server";
import { followTarget, setFollowFrequency, unfollowTarget } from "~/server/follows/follows.server";
import { defineIntents, intent as intentStep, ok } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

/** Where a post without JavaScript goes back to: the page it came from. */
const backFrom = (form: FormData | null) => safeRedirectPath(form?.get("redirectTo") ?? null, SAVED_PATH);

/** A fetcher gets the new state; a post without JavaScript goes back with a flash message. */
function answer(request: Request, form: FormData, state: FollowState, done: { title: string; description: string }) {
  if (request.headers.has(DATA_REQUEST_HEADER)) return ok<FollowState>(state);
  return redirect(backFrom(form), { headers: { "Set-Cookie": flashCookie({ kind: "success", ...done }) } });
}

function followStep(following: boolean) {
  return intentStep({
    schema: followFormSchema,
    fields: ["kind", "target"],
    // A toast says it: the buttons have no fields to show errors beside.
    invalid: () => FOLLOW_NOT_FOUND,
    failure: FOLLOW_TOASTS.failed.description,
    rateLimit: ({ viewer }) => (viewer ? { rule: RATE_LIMITS.save, subject: viewer.id } : null),
    async run({ request, context, viewer, form, input }) {
      if (!viewer) throw new AppError("unauthorized", FOLLOW_TOASTS.signIn.description);
      const target = { db: context.db, userId: viewer.id, kind: input.kind, target: input.target };
      // Who follows what is shown to nobody else: no public page changes, nothing to purge.
      if (following) await followTarget(target);
      else await unfollowTarget(target);
      return answer(request, form, { following }, following ? FOLLOW_TOASTS.followed : FOLLOW_TOASTS.unfollowed);
    },
  });
}

/**
 * Follows and unfollows a tool, a category or a tag, from its page's button or the "Following"
 * list of /saved, and sets how often the member is mailed (decision 180). Like the save toggles
 * (decision 062), a fetcher gets an ActionResult and a post without JavaScript a redirect with a
 * flash message; a visitor is sent to sign in.
 */
export const action = defineIntents({
  intents: {
    follow: followStep(true),
    unfollow: followStep(false),
    frequency: intentStep({
      schema: frequencyFormSchema,
      fields: ["frequency"],
      invalid: (fieldErrors) => Object.values(fieldErrors)[0] ?? FOLLOW_TOASTS.failed.description,
      failure: FOLLOW_TOASTS.failed.description,
      rateLimit: ({ viewer }) => (viewer ? { rule: RATE_LIMITS.save, subject: viewer.id } : null),
      async run({ request, context, viewer, form, input }) {
        if (!viewer) throw new AppError("unauthorized", FOLLOW_TOASTS.signIn.description);
        await setFollowFrequency({ db: context.db, userId: viewer.id, frequency: input.frequency });
        return answer(request, form, { following: true }, FOLLOW_TOASTS.frequency);
      },
    }),
  },
  formId: (form) => String(form.get("intent") ?? "follow"),
  documentFailure: ({ result, headers, form }) => {
    const back = backFrom(form);
    if (result.code === "unauthorized") return redirect(signInHref({ pathname: back, search: "" }));
    const { title, description } = followFailureToast(result);
    return redirect(back, {
      headers: { "Set-Cookie": flashCookie({ kind: "error", title, description }), ...headers },
    });
  },
});

/** Nothing to see here: the forms post to it from other pages. */
export function loader() {
  return redirect(SAVED_PATH);
}
