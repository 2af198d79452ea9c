import { Form, Link, data, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/submit";
import { FormRefusal, LabelledInput } from "~/components/account-form-fields";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { postedValues, type ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { SUBMISSION_NAME_MAX, SUBMISSION_NOTE_MAX, SUBMISSION_URL_MAX } from "~/lib/members";
import { signInHref } from "~/lib/sign-in-link";
import { useSiteBranding } from "~/lib/site";
import {
  HONEYPOT_FIELD,
  MY_SUBMISSIONS_PATH,
  SUBMISSION_MESSAGES,
  submissionInputFrom,
  type SubmissionInput,
} from "~/lib/submissions";
import { flashCookie } from "~/server/flash.server";
import { defineAction, InvalidFields } from "~/server/http/action-pipeline.server";
import { logger } from "~/server/logger.server";
import { isConfirmedMember, submitTool } from "~/server/moderation/submit-tool.server";
import { personalPageMeta } from "~/lib/seo";

// /submit: a signed-in, confirmed member suggests a tool (decision 078). The page works without
// JavaScript; every check is the server's.

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Suggest a tool",
    description: "Suggest an AI tool for the directory; an editor reviews every suggestion before it is listed.",
    path: "/submit",
  });
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  const personal = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
  return retryAfter ? { ...personal, "Retry-After": retryAfter } : personal;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { viewer } = context;
  if (!viewer) return { signedIn: false, confirmed: false };
  return { signedIn: true, confirmed: await isConfirmedMember({ db: context.db, userId: viewer.id }) };
}

export const action = defineAction({
  echo: submissionInputFrom,
  async run({ context, viewer, form }) {
    if (!viewer) throw new AppError("unauthorized", SUBMISSION_MESSAGES.signedOut);
    const honeypot = form.get(HONEYPOT_FIELD);
    const values = submissionInputFrom(form);
    const result = await submitTool({
      db: context.db,
      userId: viewer.id,
      input: values,
      honeypotFilled: typeof honeypot === "string" && honeypot !== "",
      drafting: context.research.availability.configured,
    });
    if (result.status === "invalid") throw new InvalidFields(result.fieldErrors);
    if (result.status === "duplicate") {
      // Refused with where the duplicate is listed, when it is.
      return data<ActionResult<{ duplicateHref: string | null }>>(
        { ok: false, code: "conflict", formError: result.message, values, data: { duplicateHref: result.href } },
        { status: 409 },
      );
    }
    if (result.submissionId && result.draftState === "queued") {
      // The submission is stored either way; one that waits unsent is drafted by the next run.
      await context.jobs.runNow("submission-draft", viewer.id).catch((error: unknown) => {
        logger.warn({ err: error, submissionId: result.submissionId }, "could not queue a submission's draft");
      });
    }
    return redirect(MY_SUBMISSIONS_PATH, {
      headers: { "Set-Cookie": flashCookie({ kind: "success", title: SUBMISSION_MESSAGES.received }) },
    });
  },
});

export default function Submit({ loaderData, actionData }: Route.ComponentProps) {
  const { name: siteName } = useSiteBranding();
  const location = useLocation();
  const busy = useNavigation().state === "submitting";
  const values = postedValues<SubmissionInput>(actionData);
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-xl px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Suggest a tool</h1>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Know an AI tool that belongs in {siteName}? Tell us its website: an administrator reviews every suggestion
        before it is listed, and we email you the decision.
      </p>

      {!loaderData.signedIn ? (
        <Alert className="mt-6">
          <AlertDescription>
            {SUBMISSION_MESSAGES.signedOut}{" "}
            <Link
              to={signInHref(location)}
              rel="nofollow"
              className="font-medium text-indigo-700 underline dark:text-indigo-300"
            >
              Sign in or create an account
            </Link>
          </AlertDescription>
        </Alert>
      ) : !loaderData.confirmed ? (
        <Alert className="mt-6">
          <AlertDescription>{SUBMISSION_MESSAGES.unconfirmed}</AlertDescription>
        </Alert>
      ) : (
        <Form method="post" className="mt-6 space-y-5" noValidate>
          <LabelledInput
            id="submit-website"
            label="Website"
            name="website"
            type="url"
            inputMode="url"
            placeholder="https://example.com"
            maxLength={SUBMISSION_URL_MAX}
            defaultValue={values?.website}
            error={errors.website}
          />
          <LabelledInput
            id="submit-name"
            label="Name"
            name="name"
            maxLength={SUBMISSION_NAME_MAX}
            defaultValue={values?.name}
            error={errors.name}
          />
          <div className="space-y-1.5">
            <label htmlFor="submit-category" className="block text-sm font-medium">
              Category
            </label>
            <Select
              id="submit-category"
              name="category"
              defaultValue={values?.category ?? ""}
              aria-invalid={errors.category ? true : undefined}
              aria-describedby={errors.category ? "submit-category-error" : undefined}
            >
              <option value="">Not sure</option>
              {TOOL_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </Select>
            {errors.category && (
              <p id="submit-category-error" className="text-sm text-red-700 dark:text-red-400">
                {errors.category}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <label htmlFor="submit-note" className="block text-sm font-medium">
              Note <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
            </label>
            <Textarea
              id="submit-note"
              name="note"
              rows={4}
              maxLength={SUBMISSION_NOTE_MAX}
              defaultValue={values?.note}
              aria-describedby={errors.note ? "submit-note-error submit-note-hint" : "submit-note-hint"}
              aria-invalid={errors.note ? true : undefined}
            />
            <p id="submit-note-hint" className="text-sm text-slate-600 dark:text-slate-400">
              Anything the reviewer should know: what it does, why it is worth listing.
            </p>
            {errors.note && (
              <p id="submit-note-error" className="text-sm text-red-700 dark:text-red-400">
                {errors.note}
              </p>
            )}
          </div>
          {/* The honeypot: out of sight, out of the tab order and hidden from assistive technology. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={HONEYPOT_FIELD}>Leave this field empty</label>
            <input id={HONEYPOT_FIELD} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
          </div>
          <FormRefusal message={actionData?.formError} />
          {actionData?.data?.duplicateHref && (
            <p className="text-sm">
              <Link
                to={actionData.data.duplicateHref}
                className="font-medium text-indigo-700 underline dark:text-indigo-300"
              >
                See the listed tool
              </Link>
            </p>
          )}
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : "Send suggestion"}
          </Button>
        </Form>
      )}
    </div>
  );
}
