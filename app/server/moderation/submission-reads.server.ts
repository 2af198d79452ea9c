import { asc, desc, eq, sql } from "drizzle-orm";
import type { SubmissionDraftState, SubmissionStatus } from "~/lib/members";
import { isUuid } from "~/lib/slugify";
import { type SubmissionDraft } from "~/lib/submissions";
import type { Database } from "../db/client.server";
import { profiles, toolSubmissions, tools, users } from "../db/schema.server";

/** Submissions as the member's page, the inbox and the tool form read them. */

export type MemberSubmission = {
  id: string;
  website: string;
  name: string;
  category: string | null;
  status: SubmissionStatus;
  draftState: SubmissionDraftState;
  decisionReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
  /** The published tool's page, while it exists. */
  toolSlug: string | null;
};

/** A member's submissions, newest first (the user id index). */
export function listSubmissionsForMember({
  db,
  userId,
  limit = 100,
}: {
  db: Database;
  userId: string;
  limit?: number;
}): Promise<MemberSubmission[]> {
  return db
    .select({
      id: toolSubmissions.id,
      website: toolSubmissions.website,
      name: toolSubmissions.name,
      category: toolSubmissions.category,
      status: toolSubmissions.status,
      draftState: toolSubmissions.draftState,
      decisionReason: toolSubmissions.decisionReason,
      decidedAt: toolSubmissions.decidedAt,
      createdAt: toolSubmissions.createdAt,
      toolSlug: tools.slug,
    })
    .from(toolSubmissions)
    .leftJoin(tools, eq(tools.id, toolSubmissions.toolId))
    .where(eq(toolSubmissions.userId, userId))
    .orderBy(desc(toolSubmissions.createdAt), desc(toolSubmissions.id))
    .limit(limit);
}

export type PendingSubmission = {
  id: string;
  website: string;
  domain: string;
  name: string;
  category: string | null;
  note: string | null;
  draftState: SubmissionDraftState;
  draftError: string | null;
  createdAt: Date;
  /** The member's public name (display name, else username), and their address for the admin's eyes only. */
  submitterName: string | null;
  submitterEmail: string;
};

/** The public name the site shows for a member: the chosen display name, else the username. */
const publicName = sql<string | null>`coalesce(${profiles.displayName}, nullif(btrim(${profiles.username}), ''))`;

/** Submissions waiting for a decision, oldest first: the inbox works through them in order. */
export function listPendingSubmissions({
  db,
  limit = 50,
}: {
  db: Database;
  limit?: number;
}): Promise<PendingSubmission[]> {
  return db
    .select({
      id: toolSubmissions.id,
      website: toolSubmissions.website,
      domain: toolSubmissions.domain,
      name: toolSubmissions.name,
      category: toolSubmissions.category,
      note: toolSubmissions.note,
      draftState: toolSubmissions.draftState,
      draftError: toolSubmissions.draftError,
      createdAt: toolSubmissions.createdAt,
      submitterName: publicName,
      submitterEmail: users.email,
    })
    .from(toolSubmissions)
    .innerJoin(users, eq(users.id, toolSubmissions.userId))
    .leftJoin(profiles, eq(profiles.id, toolSubmissions.userId))
    .where(eq(toolSubmissions.status, "pending"))
    .orderBy(asc(toolSubmissions.createdAt), asc(toolSubmissions.id))
    .limit(limit);
}

export type SubmissionForForm = {
  id: string;
  status: SubmissionStatus;
  website: string;
  name: string;
  category: string | null;
  note: string | null;
  draftState: SubmissionDraftState;
  draft: Partial<SubmissionDraft> | null;
  submitterName: string | null;
};

/** One submission with its draft, for the tool form that publishes it; null when the id names none. */
export async function findSubmissionForForm({
  db,
  id,
}: {
  db: Database;
  id: string;
}): Promise<SubmissionForForm | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: toolSubmissions.id,
      status: toolSubmissions.status,
      website: toolSubmissions.website,
      name: toolSubmissions.name,
      category: toolSubmissions.category,
      note: toolSubmissions.note,
      draftState: toolSubmissions.draftState,
      draft: toolSubmissions.draft,
      submitterName: publicName,
    })
    .from(toolSubmissions)
    .leftJoin(profiles, eq(profiles.id, toolSubmissions.userId))
    .where(eq(toolSubmissions.id, id.toLowerCase()))
    .limit(1);
  return row ? { ...row, draft: row.draft as Partial<SubmissionDraft> | null } : null;
}
