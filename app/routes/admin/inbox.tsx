import { Form, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/inbox";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Textarea } from "~/components/ui/textarea";
import { TimeAgo } from "~/components/time-ago";
import { resultFor, type ActionResult } from "~/lib/action-result";
import { formatCount } from "~/lib/format";
import {
  COMMENT_REPORT_REASON_LABELS,
  DECISION_REASON_MAX,
  LISTING_REPORT_REASON_LABELS,
  type ModerationAction,
} from "~/lib/members";
import { DRAFT_STATE_LABELS, INBOX_PATH, rejectionReasonSchema, SUBMISSION_FIELD } from "~/lib/submissions";
import { requireAdmin } from "~/server/auth/guards.server";
import { flashCookie } from "~/server/flash.server";
import { adminIntent, defineIntents, stringField } from "~/server/http/action-pipeline.server";
import {
  deleteCommentAsModerator,
  dismissCommentReports,
  hideComment,
  moderatorFrom,
} from "~/server/moderation/comment-moderation.server";
import {
  countInbox,
  listReportedComments,
  listReportedListings,
  listReportedReviews,
  resolveListingReports,
} from "~/server/moderation/inbox.server";
import { dismissReviewReports, hideReview } from "~/server/moderation/review-moderation.server";
import { memberTag, toolTag } from "~/server/cache/page-tags.server";
import { listModerationActions } from "~/server/moderation/moderation-log.server";
import { discountBurstVotes, dismissVoteBurst, listOpenVoteBursts } from "~/server/moderation/vote-bursts.server";
import { listPendingSubmissions } from "~/server/moderation/submission-reads.server";
import { rejectSubmission } from "~/server/moderation/submission-decisions.server";
import { commentToolTags } from "~/server/cache/write-tags.server";
import { adminPageMeta } from "~/lib/seo";
import { MakerClaims } from "~/components/admin/maker-claims";
import { MAKER_MESSAGES } from "~/lib/makers";
import { decideClaim, listPendingClaims } from "~/server/makers/maker-claims.server";

// /admin/inbox: everything waiting for a moderator (decision 079): pending submissions, reported
// comments and reported listings, each with its actions, and the log of recent decisions. Every
// action is a plain form post, so the page works without JavaScript.

const iso = (date: Date) => date.toISOString();

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const { db } = context;
  const [counts, submissions, comments, listings, reviews, bursts, decisions, claims] = await Promise.all([
    countInbox({ db }),
    listPendingSubmissions({ db }),
    listReportedComments({ db }),
    listReportedListings({ db }),
    listReportedReviews({ db }),
    listOpenVoteBursts({ db }),
    listModerationActions({ db, limit: 30 }),
    listPendingClaims({ db }),
  ]);
  return {
    counts,
    bursts: bursts.map((burst) => ({
      ...burst,
      createdAt: iso(burst.createdAt),
      votes: burst.votes.map((vote) => ({
        ...vote,
        createdAt: iso(vote.createdAt),
        accountCreatedAt: iso(vote.accountCreatedAt),
      })),
    })),
    submissions: submissions.map((submission) => ({ ...submission, createdAt: iso(submission.createdAt) })),
    comments: comments.map((comment) => ({
      ...comment,
      createdAt: iso(comment.createdAt),
      reports: comment.reports.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
    })),
    listings: listings.map((listing) => ({
      ...listing,
      reports: listing.reports.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
    })),
    reviews: reviews.map((review) => ({
      ...review,
      reports: review.reports.map((report) => ({ ...report, createdAt: iso(report.createdAt) })),
    })),
    decisions: decisions.map((decision) => ({ ...decision, createdAt: iso(decision.createdAt) })),
    claims: claims.map((claim) => ({ ...claim, createdAt: iso(claim.createdAt) })),
  };
}

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "Inbox");

function backToInbox(title: string) {
  return redirect(INBOX_PATH, { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
}

/** Which item's button answered: the intent and the item's id, as `Refusal` looks for it. */
const refusalKey = (intent: string, id: string) => `${intent}:${id}`;
const subjectOf = (form: FormData) => stringField(form, "id");

export const action = defineIntents({
  guard: "admin",
  formId: (form) => refusalKey(stringField(form, "intent"), subjectOf(form)),
  intents: {
    reject: adminIntent({
      schema: z.object({ reason: rejectionReasonSchema }),
      fields: ["reason"],
      invalid: (fieldErrors) => fieldErrors.reason!,
      async run({ request, context, viewer, form, input }) {
        const rejected = await rejectSubmission({
          db: context.db,
          mailer: context.mailer,
          siteUrl: context.siteUrl ?? new URL(request.url).origin,
          submissionId: subjectOf(form),
          reason: input.reason,
          moderator: moderatorFrom(viewer),
        });
        return backToInbox(
          `${rejected.name} was rejected. ${rejected.mailed ? "The member was emailed the reason." : "The email to the member could not be sent."}`,
        );
      },
    }),
    hide: adminIntent({
      async run({ context, viewer, form, purge }) {
        const commentId = subjectOf(form);
        const tags = await commentToolTags({ db: context.db, commentId });
        await hideComment({ db: context.db, commentId, moderator: moderatorFrom(viewer) });
        // Visitors saw the comment on the tool's page.
        purge(tags);
        return backToInbox("The comment is hidden and its reports are closed.");
      },
    }),
    delete: adminIntent({
      async run({ context, viewer, form, purge }) {
        const commentId = subjectOf(form);
        const tags = await commentToolTags({ db: context.db, commentId });
        await deleteCommentAsModerator({ db: context.db, commentId, moderator: moderatorFrom(viewer) });
        purge(tags);
        return backToInbox("The comment was deleted.");
      },
    }),
    dismiss: adminIntent({
      async run({ context, viewer, form }) {
        await dismissCommentReports({ db: context.db, commentId: subjectOf(form), moderator: moderatorFrom(viewer) });
        return backToInbox("The reports were dismissed; the comment stays.");
      },
    }),
    "hide-review": adminIntent({
      async run({ context, viewer, form, purge }) {
        const { toolId } = await hideReview({
          db: context.db,
          voteId: subjectOf(form),
          moderator: moderatorFrom(viewer),
        });
        // Visitors saw the review on the tool's page.
        purge([toolTag(toolId)]);
        return backToInbox("The review is hidden and its reports are closed. The star vote still counts.");
      },
    }),
    "dismiss-review": adminIntent({
      async run({ context, viewer, form }) {
        await dismissReviewReports({ db: context.db, voteId: subjectOf(form), moderator: moderatorFrom(viewer) });
        return backToInbox("The reports were dismissed; the review stays.");
      },
    }),
    resolve: adminIntent({
      async run({ context, viewer, form }) {
        const { toolName, resolved } = await resolveListingReports({
          db: context.db,
          toolId: subjectOf(form),
          moderator: moderatorFrom(viewer),
        });
        return backToInbox(`${resolved === 1 ? "The report" : `${resolved} reports`} on ${toolName} resolved.`);
      },
    }),
    // A burst of new accounts' votes (decision 175): discounted, or left to count once they mature.
    "discount-votes": adminIntent({
      async run({ context, viewer, form, purge }) {
        const { toolId, toolName, discounted } = await discountBurstVotes({
          db: context.db,
          burstId: subjectOf(form),
          moderator: moderatorFrom(viewer),
        });
        // The tool's place in "Top rated" moved.
        purge([toolTag(toolId)]);
        return backToInbox(`${discounted} ${discounted === 1 ? "vote" : "votes"} on ${toolName} discounted.`);
      },
    }),
    "count-votes": adminIntent({
      async run({ context, viewer, form, purge }) {
        const { toolId, toolName } = await dismissVoteBurst({
          db: context.db,
          burstId: subjectOf(form),
          moderator: moderatorFrom(viewer),
        });
        purge([toolTag(toolId)]);
        return backToInbox(`The votes on ${toolName} will count once their accounts qualify.`);
      },
    }),
    // A maker's claim (decision 176): approved, the listing and the maker's comments carry the badge.
    ...Object.fromEntries(
      (["approve-claim", "reject-claim"] as const).map((name) => [
        name,
        adminIntent({
          async run({ context, viewer, form, purge }) {
            const approve = name === "approve-claim";
            const claim = await decideClaim({ db: context.db, claimId: subjectOf(form), approve, adminId: viewer.id });
            if (approve) purge([toolTag(claim.toolId), memberTag(claim.userId)]);
            return backToInbox(
              approve
                ? MAKER_MESSAGES.approved(claim.toolName, claim.memberName)
                : MAKER_MESSAGES.rejected(claim.toolName),
            );
          },
        }),
      ]),
    ),
  },
});

const ACTION_TEXT: Record<ModerationAction, string> = {
  "comment-hidden": "hid a comment",
  "comment-restored": "restored a comment",
  "comment-deleted": "deleted a comment",
  "comment-reports-dismissed": "dismissed the reports on a comment",
  "listing-reports-resolved": "resolved the reports on a listing",
  "submission-approved": "published a submission",
  "submission-rejected": "rejected a submission",
  "review-hidden": "hid a review",
  "review-restored": "restored a review",
  "maker-revoked": "revoked a maker",
  "review-reports-dismissed": "dismissed the reports on a review",
  "votes-discounted": "discounted votes",
  "vote-burst-dismissed": "let a burst of votes count",
};

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function When({ at }: { at: string }) {
  return <TimeAgo at={at} title={`${dateTime.format(new Date(at))} UTC`} />;
}

function Refusal({ failure, intent, id }: { failure: ActionResult | undefined; intent: string; id: string }) {
  const answer = resultFor(failure, refusalKey(intent, id));
  if (!answer?.formError) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {answer.formError}
    </p>
  );
}

/** One post button with the item's id: the inbox's actions are plain forms. */
function ActionButton({
  intent,
  id,
  label,
  variant = "outline",
}: {
  intent:
    | "reject"
    | "hide"
    | "delete"
    | "dismiss"
    | "resolve"
    | "hide-review"
    | "dismiss-review"
    | "discount-votes"
    | "count-votes";
  id: string;
  label: string;
  variant?: "outline" | "secondary";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={intent} size="sm" variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

function SectionHeading({ id, title, count }: { id: string; title: string; count: number }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-xl font-semibold">
      {title}
      <Badge variant="secondary">{formatCount(count)}</Badge>
    </h2>
  );
}

const muted = "text-sm text-slate-600 dark:text-slate-400";
const linkClass = "font-medium text-indigo-700 hover:underline dark:text-indigo-300";

export default function AdminInbox({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, submissions, comments, listings, reviews, bursts, decisions, claims } = loaderData;
  const waiting = counts.total;
  return (
    <div className="space-y-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Inbox</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          {waiting === 0
            ? "Nothing is waiting for a decision."
            : `${formatCount(waiting)} ${waiting === 1 ? "item waits" : "items wait"} for a decision.`}
        </p>
      </div>

      <section aria-labelledby="attention-heading" className="space-y-4">
        <SectionHeading id="attention-heading" title="Needs attention" count={counts.voteBursts} />
        {bursts.length === 0 ? (
          <p className={muted}>No burst of votes from new accounts.</p>
        ) : (
          bursts.map((burst) => <VoteBurstCard key={burst.id} burst={burst} failure={actionData} />)
        )}
      </section>

      <section aria-labelledby="submissions-heading" className="space-y-4">
        <SectionHeading id="submissions-heading" title="Submitted tools" count={counts.submissions} />
        {submissions.length === 0 ? (
          <p className={muted}>No submission waits for review.</p>
        ) : (
          submissions.map((submission) => (
            <Card key={submission.id}>
              <CardHeader>
                <CardTitle className="text-lg">{submission.name}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm">
                <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
                  <dt className="font-medium">Website</dt>
                  <dd className="break-all">
                    <a href={submission.website} rel="nofollow noopener noreferrer ugc" className={linkClass}>
                      {submission.website}
                    </a>
                  </dd>
                  <dt className="font-medium">Category</dt>
                  <dd>{submission.category ?? "Not sure"}</dd>
                  <dt className="font-medium">Suggested by</dt>
                  <dd>
                    {submission.submitterName ? `${submission.submitterName} · ` : ""}
                    <a href={`mailto:${submission.submitterEmail}`} className={linkClass}>
                      {submission.submitterEmail}
                    </a>{" "}
                    · <When at={submission.createdAt} />
                  </dd>
                  <dt className="font-medium">AI draft</dt>
                  <dd>
                    {DRAFT_STATE_LABELS[submission.draftState]}
                    {submission.draftError ? `: ${submission.draftError}` : ""}
                  </dd>
                  {submission.note && (
                    <>
                      <dt className="font-medium">Note</dt>
                      <dd className="whitespace-pre-line">{submission.note}</dd>
                    </>
                  )}
                </dl>
                <div className="flex flex-wrap items-start gap-3">
                  <ButtonLink to={`/admin/tools/new?${SUBMISSION_FIELD}=${submission.id}`} size="sm">
                    Open in the tool form
                  </ButtonLink>
                </div>
                <Form method="post" className="space-y-2">
                  <input type="hidden" name="id" value={submission.id} />
                  <label htmlFor={`reason-${submission.id}`} className="block font-medium">
                    Reason for rejecting (emailed to the member)
                  </label>
                  <Textarea
                    id={`reason-${submission.id}`}
                    name="reason"
                    rows={2}
                    required
                    maxLength={DECISION_REASON_MAX}
                  />
                  <Refusal failure={actionData} intent="reject" id={submission.id} />
                  <Button type="submit" name="intent" value="reject" size="sm" variant="outline">
                    Reject
                  </Button>
                </Form>
              </CardContent>
            </Card>
          ))
        )}
      </section>

      <section aria-labelledby="comments-heading" className="space-y-4">
        <SectionHeading id="comments-heading" title="Reported comments" count={counts.reportedComments} />
        {comments.length === 0 ? (
          <p className={muted}>No comment is reported.</p>
        ) : (
          comments.map((comment) => (
            <Card key={comment.id}>
              <CardContent className="space-y-3 pt-6 text-sm">
                <blockquote className="whitespace-pre-line border-l-4 border-slate-300 pl-3 dark:border-slate-700">
                  {comment.content}
                </blockquote>
                <p className={muted}>
                  By {comment.authorName ?? "a deleted account"} on{" "}
                  <Link to={`/tool/${encodeURIComponent(comment.tool.slug)}`} className={linkClass}>
                    {comment.tool.name}
                  </Link>{" "}
                  · <When at={comment.createdAt} />
                  {comment.hidden ? " · hidden" : ""}
                </p>
                <p>
                  <span className="font-medium">
                    {comment.reportCount} {comment.reportCount === 1 ? "report" : "reports"}:
                  </span>{" "}
                  {comment.reasons
                    .map(({ reason, count }) => `${COMMENT_REPORT_REASON_LABELS[reason]} (${count})`)
                    .join(", ")}
                </p>
                <ReportNotes reports={comment.reports} labels={COMMENT_REPORT_REASON_LABELS} />
                <div className="flex flex-wrap gap-2">
                  {!comment.hidden && <ActionButton intent="hide" id={comment.id} label="Hide comment" />}
                  <ActionButton intent="delete" id={comment.id} label="Delete comment" variant="secondary" />
                  <ActionButton intent="dismiss" id={comment.id} label="Dismiss reports" />
                </div>
                {(["hide", "delete", "dismiss"] as const).map((intent) => (
                  <Refusal key={intent} failure={actionData} intent={intent} id={comment.id} />
                ))}
              </CardContent>
            </Card>
          ))
        )}
      </section>

      <section aria-labelledby="reviews-heading" className="space-y-4">
        <SectionHeading id="reviews-heading" title="Reported reviews" count={counts.reportedReviews} />
        {reviews.length === 0 ? (
          <p className={muted}>No review is reported.</p>
        ) : (
          reviews.map((review) => (
            <Card key={review.id}>
              <CardContent className="space-y-3 pt-6 text-sm">
                <blockquote className="whitespace-pre-line border-l-4 border-slate-300 pl-3 dark:border-slate-700">
                  {review.review}
                </blockquote>
                <p className={muted}>
                  {review.rating} of 5 stars by {review.authorName ?? "Anonymous"} on{" "}
                  <Link to={`/tool/${encodeURIComponent(review.tool.slug)}`} className={linkClass}>
                    {review.tool.name}
                  </Link>
                  {review.hidden ? " · hidden" : ""}
                </p>
                <p>
                  <span className="font-medium">
                    {review.reportCount} {review.reportCount === 1 ? "report" : "reports"}:
                  </span>{" "}
                  {review.reasons
                    .map(({ reason, count }) => `${COMMENT_REPORT_REASON_LABELS[reason]} (${count})`)
                    .join(", ")}
                </p>
                <ReportNotes reports={review.reports} labels={COMMENT_REPORT_REASON_LABELS} />
                <div className="flex flex-wrap gap-2">
                  {!review.hidden && <ActionButton intent="hide-review" id={review.id} label="Hide review" />}
                  <ActionButton intent="dismiss-review" id={review.id} label="Dismiss reports" />
                </div>
                {(["hide-review", "dismiss-review"] as const).map((intent) => (
                  <Refusal key={intent} failure={actionData} intent={intent} id={review.id} />
                ))}
              </CardContent>
            </Card>
          ))
        )}
      </section>

      <section aria-labelledby="listings-heading" className="space-y-4">
        <SectionHeading id="listings-heading" title="Reported listings" count={counts.reportedListings} />
        {listings.length === 0 ? (
          <p className={muted}>No listing is reported.</p>
        ) : (
          listings.map((listing) => (
            <Card key={listing.tool.id}>
              <CardHeader>
                <CardTitle className="text-lg">
                  <Link to={`/tool/${encodeURIComponent(listing.tool.slug)}`} className={linkClass}>
                    {listing.tool.name}
                  </Link>
                </CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm">
                <p>
                  <span className="font-medium">
                    {listing.reportCount} {listing.reportCount === 1 ? "report" : "reports"}:
                  </span>{" "}
                  {listing.reasons
                    .map(({ reason, count }) => `${LISTING_REPORT_REASON_LABELS[reason]} (${count})`)
                    .join(", ")}
                </p>
                <ReportNotes reports={listing.reports} labels={LISTING_REPORT_REASON_LABELS} />
                <div className="flex flex-wrap gap-2">
                  <ButtonLink to={`/admin/tools/${listing.tool.id}`} size="sm" variant="outline">
                    Edit the tool
                  </ButtonLink>
                  <ActionButton intent="resolve" id={listing.tool.id} label="Mark resolved" />
                </div>
                <Refusal failure={actionData} intent="resolve" id={listing.tool.id} />
              </CardContent>
            </Card>
          ))
        )}
      </section>

      <MakerClaims
        claims={claims}
        refusal={(id) =>
          resultFor(actionData, refusalKey("approve-claim", id))?.formError ??
          resultFor(actionData, refusalKey("reject-claim", id))?.formError ??
          null
        }
      />

      <section aria-labelledby="decisions-heading" className="space-y-3">
        <h2 id="decisions-heading" className="text-xl font-semibold">
          Recent decisions
        </h2>
        {decisions.length === 0 ? (
          <p className={muted}>No decision yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {decisions.map((decision) => (
              <li key={decision.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span>
                  <span className="font-medium">{decision.actorName}</span> {ACTION_TEXT[decision.action]}:{" "}
                  {decision.summary}
                  {decision.reason ? <span className={muted}> (reason: {decision.reason})</span> : null}
                </span>
                <span className={`shrink-0 ${muted}`}>
                  <When at={decision.createdAt} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The reports that came with a note, each with its reason and reporter. */
function ReportNotes<Reason extends string>({
  reports,
  labels,
}: {
  reports: { reason: Reason; note: string | null; reporterName: string | null; createdAt: string }[];
  labels: Record<Reason, string>;
}) {
  const withNotes = reports.filter((report) => report.note);
  if (withNotes.length === 0) return null;
  return (
    <ul className="space-y-1">
      {withNotes.map((report, index) => (
        <li key={index} className="whitespace-pre-line">
          <span className="font-medium">{labels[report.reason]}</span>
          {report.reporterName ? ` from ${report.reporterName}` : ""}: {report.note}
        </li>
      ))}
    </ul>
  );
}

type VoteBurstItem = Route.ComponentProps["loaderData"]["bursts"][number];

/** A burst of votes from new accounts: each vote with its voter (public name, and email for admins). */
function VoteBurstCard({ burst, failure }: { burst: VoteBurstItem; failure: ActionResult | undefined }) {
  const n = burst.votes.length;
  return (
    <Card role="article" aria-label={`Votes on ${burst.tool.name}`}>
      <CardHeader>
        <CardTitle className="text-lg">
          {n} {n === 1 ? "vote" : "votes"} from new accounts on{" "}
          <Link to={`/tool/${encodeURIComponent(burst.tool.slug)}`} className={linkClass}>
            {burst.tool.name}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className={muted}>
          Raised <When at={burst.createdAt} />. These votes are out of the ranking until you decide.
        </p>
        <ul className="max-h-72 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
          {burst.votes.map((vote) => (
            <li key={vote.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-1">
              <span>
                <span className="font-medium">{vote.voterName ?? "a member"}</span> ({vote.email}) · {vote.rating}{" "}
                {vote.rating === 1 ? "star" : "stars"}
              </span>
              <span className={muted}>
                account made <When at={vote.accountCreatedAt} />
                {vote.emailConfirmed ? "" : ", email not confirmed"} · voted <When at={vote.createdAt} />
              </span>
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap gap-2">
          <ActionButton intent="discount-votes" id={burst.id} label="Discount votes" variant="secondary" />
          <ActionButton intent="count-votes" id={burst.id} label="Let them count" />
        </div>
        {(["discount-votes", "count-votes"] as const).map((intent) => (
          <Refusal key={intent} failure={failure} intent={intent} id={burst.id} />
        ))}
      </CardContent>
    </Card>
  );
}
