import { Star } from "lucide-react";
import type { ReactNode } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/member-profile";
import { MemberAvatar } from "~/components/member-avatar";
import { Pagination } from "~/components/pagination";
import { TimeAgo } from "~/components/time-ago";
import { memberProfilePath, PROFILE_INDEX_MIN_COMMENTS } from "~/lib/account";
import { AppError } from "~/lib/app-error";
import { parsePage } from "~/lib/format";
import { errorPageMeta, seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { toErrorResponse } from "~/server/http/error-response.server";
import { findMemberByDisplayName, listMemberActivity } from "~/server/members/public-profile.server";
import { memberTag, tagPage } from "~/server/cache/page-tags.server";

const MEMBER_NOT_FOUND = "Member not found";

/**
 * A member's public page (decision 074): their visible comments and their ratings, newest first.
 * Only members who chose a display name have one; any letter case finds it and is sent on to the
 * exact spelling, so each member has one address.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const member = await findMemberByDisplayName({ db: context.db, name: params.name });
  if (!member) throw toErrorResponse(new AppError("not-found", MEMBER_NOT_FOUND));
  const url = new URL(request.url);
  if (params.name !== member.displayName) throw redirect(`${memberProfilePath(member.displayName)}${url.search}`, 301);
  const page = parsePage(url.searchParams.get("page"));
  tagPage(context, memberTag(member.id));
  const activity = await listMemberActivity({ db: context.db, userId: member.id, page });
  if (page > activity.pageCount) throw toErrorResponse(new AppError("not-found", "There is no such page"));
  return { member: { displayName: member.displayName, avatarUrl: member.avatarUrl }, page, ...activity };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  if (!loaderData) return errorPageMeta(matches, error, { 404: { title: MEMBER_NOT_FOUND } });
  const { member, commentCount, ratingCount, page } = loaderData;
  return seoMeta({
    siteName,
    title: `${member.displayName} | ${siteName}`,
    description: `${member.displayName} on ${siteName}: ${commentCount} comments and ${ratingCount} ratings of AI tools.`,
    path: `${memberProfilePath(member.displayName)}${page > 1 ? `?page=${page}` : ""}`,
    siteUrl: siteUrlFromMatches(matches),
    // A profile with little in it is thin content, and a new account's page is a spammer's link farm.
    noindex: commentCount < PROFILE_INDEX_MIN_COMMENTS,
  });
}

/** A tool named in the member's activity, linked to its page. */
function ToolLink({ tool }: { tool: { slug: string; name: string } }) {
  return (
    <Link
      to={`/tool/${tool.slug}`}
      className="font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
    >
      {tool.name}
    </Link>
  );
}

export default function MemberProfile({ loaderData }: Route.ComponentProps) {
  const { member, comments, ratings, commentCount, ratingCount, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <header className="flex items-center gap-4">
        <MemberAvatar url={member.avatarUrl} initial={member.displayName} size={72} />
        <div>
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{member.displayName}</h1>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {commentCount} {commentCount === 1 ? "comment" : "comments"} · {ratingCount}{" "}
            {ratingCount === 1 ? "rating" : "ratings"}
          </p>
        </div>
      </header>

      <ActivitySection id="member-comments" title="Comments" empty={comments.length === 0 ? "No comments yet." : null}>
        <ul className="mt-3 space-y-4">
          {comments.map((comment) => (
            <li key={comment.id} className="rounded-md border border-slate-200 p-4 dark:border-slate-800">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                On <ToolLink tool={comment.tool} /> <TimeAgo at={comment.createdAt} />
                {comment.editedAt ? " (edited)" : ""}
              </p>
              <p className="mt-2 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
                {comment.content}
              </p>
            </li>
          ))}
        </ul>
      </ActivitySection>

      <ActivitySection id="member-ratings" title="Ratings" empty={ratings.length === 0 ? "No ratings yet." : null}>
        <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
          {ratings.map((rating) => (
            <li key={rating.tool.slug} className="flex items-center justify-between gap-3 py-2 text-sm">
              <ToolLink tool={rating.tool} />
              <span className="inline-flex items-center gap-1 text-slate-700 dark:text-slate-300">
                <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-500" />
                <span>
                  {rating.rating} <span className="sr-only">out of 5 stars</span>
                </span>
              </span>
            </li>
          ))}
        </ul>
      </ActivitySection>

      <Pagination page={page} pageCount={pageCount} label={`Pages of ${member.displayName}'s activity`} />
    </div>
  );
}

/** One list of the member's activity, or the sentence saying it is empty. */
function ActivitySection({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {empty ? <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">{empty}</p> : children}
    </section>
  );
}
