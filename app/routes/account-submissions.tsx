import { Link, redirect } from "react-router";
import type { Route } from "./+types/account-submissions";
import { ButtonLink } from "~/components/ui/button";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/cn";
import { signInHref } from "~/lib/sign-in-link";
import { SUBMISSION_STATUS_LABELS, SUBMIT_PATH } from "~/lib/submissions";
import { listSubmissionsForMember } from "~/server/moderation/submission-reads.server";
import { personalPageMeta } from "~/lib/seo";

// /account/submissions: the signed-in member's suggestions and where each stands (decision 078).

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "My submissions",
    description: "The tools you suggested and where each one stands.",
    path: "/account/submissions",
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context;
  const url = new URL(request.url);
  if (!viewer) throw redirect(signInHref({ pathname: url.pathname, search: url.search }));
  const submissions = await listSubmissionsForMember({ db: context.db, userId: viewer.id });
  return {
    submissions: submissions.map((submission) => ({
      ...submission,
      createdAt: submission.createdAt.toISOString(),
      decidedAt: submission.decidedAt?.toISOString() ?? null,
    })),
  };
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

const STATUS_STYLES = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  approved: "bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  rejected: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
} as const;

export default function AccountSubmissions({ loaderData }: Route.ComponentProps) {
  const { submissions } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">My submissions</h1>
        <ButtonLink to={SUBMIT_PATH} variant="outline">
          Suggest a tool
        </ButtonLink>
      </div>
      {submissions.length === 0 ? (
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          You have not suggested a tool yet.{" "}
          <Link to={SUBMIT_PATH} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Suggest one
          </Link>
          .
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 dark:divide-slate-800">
          {submissions.map((submission) => (
            <li key={submission.id} className="space-y-1 py-4">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="font-semibold text-slate-900 dark:text-white">{submission.name}</h2>
                <Badge className={cn(STATUS_STYLES[submission.status])}>
                  {SUBMISSION_STATUS_LABELS[submission.status]}
                </Badge>
              </div>
              <p className="break-all text-sm text-slate-600 dark:text-slate-400">{submission.website}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                Suggested on {dateFormat.format(new Date(submission.createdAt))}
                {submission.decidedAt ? `, decided on ${dateFormat.format(new Date(submission.decidedAt))}` : ""}
              </p>
              {submission.status === "approved" && submission.toolSlug && (
                <p className="text-sm">
                  <Link
                    to={`/tool/${encodeURIComponent(submission.toolSlug)}`}
                    className="font-medium text-indigo-700 underline dark:text-indigo-300"
                  >
                    See {submission.name} in the directory
                  </Link>
                </p>
              )}
              {submission.status === "rejected" && submission.decisionReason && (
                <p className="whitespace-pre-line text-sm text-slate-800 dark:text-slate-200">
                  <span className="font-medium">Reason: </span>
                  {submission.decisionReason}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
