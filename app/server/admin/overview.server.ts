import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { changeFieldLabel, toolEvent, type ToolEvent } from "~/lib/change-log";
import { FLAG_AFTER_FAILURES, LINK_OUTCOME_LABELS } from "~/lib/link-health";
import type { Database } from "../db/client.server";
import {
  articles,
  researchRuns,
  toolCategoryCounts,
  toolChanges,
  toolLinkChecks,
  tools,
  users,
} from "../db/schema.server";

import { MISSING_LOGO, MISSING_TAGLINE } from "../catalog/tool-admin.server";

export { countInbox, type InboxCounts } from "../moderation/inbox.server";
export { countPendingProposals } from "../freshness/proposal-review.server";

export type CatalogueCounts = { tools: number; publishedArticles: number; draftArticles: number };

/** The dashboard's figures; the tool total comes from the trigger-kept per-category counts. */
export async function countCatalogue({ db }: { db: Database }): Promise<CatalogueCounts> {
  const [[toolTotals], [articleTotals]] = await Promise.all([
    db.select({ tools: sql<number>`coalesce(sum(${toolCategoryCounts.toolCount}), 0)::int` }).from(toolCategoryCounts),
    db
      .select({
        published: sql<number>`(count(*) filter (where ${articles.status} = 'published'))::int`,
        drafts: sql<number>`(count(*) filter (where ${articles.status} = 'draft'))::int`,
      })
      .from(articles),
  ]);
  return {
    tools: toolTotals?.tools ?? 0,
    publishedArticles: articleTotals?.published ?? 0,
    draftArticles: articleTotals?.drafts ?? 0,
  };
}

/** What the catalogue still lacks, each a view of the admin tool table where it is filled in. */
export type ToolGaps = { missingTagline: number; missingLogo: number };

/**
 * Tools without a tagline and tools without a logo (absent or blank), counted in one pass over the
 * tools table: a few thousand rows at most, with no index worth keeping for a dashboard figure.
 */
export async function countToolGaps({ db }: { db: Database }): Promise<ToolGaps> {
  const [row] = await db
    .select({
      missingTagline: sql<number>`(count(*) filter (where ${MISSING_TAGLINE}))::int`,
      missingLogo: sql<number>`(count(*) filter (where ${MISSING_LOGO}))::int`,
    })
    .from(tools);
  return { missingTagline: row?.missingTagline ?? 0, missingLogo: row?.missingLogo ?? 0 };
}

/** Tools whose website failed FLAG_AFTER_FAILURES checks in a row and are still listed: the admin should look. */
export async function countFlaggedForReview({ db }: { db: Database }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(toolLinkChecks)
    .innerJoin(tools, eq(tools.id, toolLinkChecks.toolId))
    .where(and(gte(toolLinkChecks.consecutiveFailures, FLAG_AFTER_FAILURES), isNull(tools.discontinuedAt)));
  return row?.count ?? 0;
}

/** A change as the dashboard says it after who made it; a change of status as its event (decision 185). */
function activityVerb(change: { field: string; before: unknown; after: unknown; toolName: string }): string {
  const event = toolEvent(change.field, change.before, change.after);
  if (event) return ACTIVITY_EVENT_TEXT[event](change.toolName);
  return `changed ${changeFieldLabel(change.field)} of ${change.toolName}`;
}

const ACTIVITY_EVENT_TEXT: Record<ToolEvent, (toolName: string) => string> = {
  added: (toolName) => `added ${toolName}`,
  discontinued: (toolName) => `marked ${toolName} discontinued`,
  restored: (toolName) => `listed ${toolName} again`,
};

/** One line of the dashboard's Recent Activity: what happened, when, and where to look. */
export type ActivityItem = {
  id: string;
  kind: "change" | "research" | "link-failure" | "sign-up";
  at: Date;
  text: string;
  href: string;
};

export const RECENT_ACTIVITY_LIMIT = 20;

const RESEARCH_STATUS_TEXT = {
  running: "started",
  succeeded: "finished",
  failed: "failed",
  cancelled: "was cancelled",
} as const;

/**
 * The admin's feed, newest first: tool changes, research runs, websites that started failing and
 * sign-ups. Each source is read newest first up to the limit (four short index walks), then merged.
 */
export async function listRecentActivity({
  db,
  limit = RECENT_ACTIVITY_LIMIT,
}: {
  db: Database;
  limit?: number;
}): Promise<ActivityItem[]> {
  const failureAt = sql<Date>`coalesce(${toolLinkChecks.failingSince}, ${toolLinkChecks.checkedAt})`.mapWith(
    toolLinkChecks.checkedAt,
  );
  const [changes, runs, failures, signUps] = await Promise.all([
    db
      .select({
        id: toolChanges.id,
        at: toolChanges.createdAt,
        field: toolChanges.field,
        before: toolChanges.before,
        after: toolChanges.after,
        origin: toolChanges.origin,
        actorName: toolChanges.actorName,
        toolName: tools.name,
        toolSlug: tools.slug,
      })
      .from(toolChanges)
      .innerJoin(tools, eq(tools.id, toolChanges.toolId))
      .orderBy(desc(toolChanges.createdAt), desc(toolChanges.id))
      .limit(limit),
    db
      .select({
        id: researchRuns.id,
        at: researchRuns.startedAt,
        mode: researchRuns.mode,
        subject: researchRuns.subject,
        status: researchRuns.status,
        toolId: researchRuns.toolId,
        who: users.email,
        whoName: users.name,
      })
      .from(researchRuns)
      .leftJoin(users, eq(users.id, researchRuns.userId))
      .orderBy(desc(researchRuns.startedAt))
      .limit(limit),
    db
      .select({
        toolId: toolLinkChecks.toolId,
        at: failureAt,
        outcome: toolLinkChecks.outcome,
        failures: toolLinkChecks.consecutiveFailures,
        toolName: tools.name,
      })
      .from(toolLinkChecks)
      .innerJoin(tools, eq(tools.id, toolLinkChecks.toolId))
      .where(gte(toolLinkChecks.consecutiveFailures, 1))
      .orderBy(desc(failureAt))
      .limit(limit),
    db
      .select({ id: users.id, at: users.createdAt, email: users.email, name: users.name })
      .from(users)
      .orderBy(desc(users.createdAt))
      .limit(limit),
  ]);

  const items: ActivityItem[] = [
    ...changes.map((change) => ({
      id: `change-${change.id}`,
      kind: "change" as const,
      at: change.at,
      text: `${change.actorName}${change.origin === "proposal" ? " (AI proposal)" : ""} ${activityVerb(change)}`,
      href: `/tool/${encodeURIComponent(change.toolSlug)}`,
    })),
    ...runs.map((run) => ({
      id: `research-${run.id}`,
      kind: "research" as const,
      at: run.at,
      text: `AI research on ${run.subject} ${RESEARCH_STATUS_TEXT[run.status]}${
        run.who ? ` (${run.whoName || run.who})` : " (scheduled refresh)"
      }`,
      href: run.toolId ? `/admin/tools/${run.toolId}` : "/admin/tools",
    })),
    ...failures.map((failure) => ({
      id: `link-${failure.toolId}`,
      kind: "link-failure" as const,
      at: failure.at,
      text: `Website of ${failure.toolName} failing: ${LINK_OUTCOME_LABELS[failure.outcome] ?? failure.outcome} (${
        failure.failures
      } ${failure.failures === 1 ? "check" : "checks"} in a row)`,
      href: `/admin/tools/${failure.toolId}`,
    })),
    ...signUps.map((user) => ({
      id: `user-${user.id}`,
      kind: "sign-up" as const,
      at: user.at,
      text: `${user.name ? `${user.name} (${user.email})` : user.email} signed up`,
      href: `mailto:${user.email}`,
    })),
  ];
  // Ties (one transaction's rows) keep a stable order: by id.
  items.sort((a, b) => b.at.getTime() - a.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return items.slice(0, limit);
}
