import { desc } from "drizzle-orm";
import type { ModerationAction } from "~/lib/members";
import type { Database } from "../db/client.server";
import { moderationActions } from "../db/schema.server";

/** Who made a moderation decision: the administrator's id and the name the log shows. */
export type Moderator = { id: string; name: string };

export type ModerationLogEntry = {
  id: string;
  action: ModerationAction;
  subjectId: string;
  summary: string;
  reason: string | null;
  actorName: string;
  createdAt: Date;
};

/** The log line's summary of a text: its first words, on one line. */
export function summarize(text: string, max = 80): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** Records one decision; call it inside the transaction that carries the decision out. */
export async function recordModerationAction({
  db,
  action,
  subjectId,
  summary,
  reason = null,
  moderator,
}: {
  db: Database;
  action: ModerationAction;
  subjectId: string;
  summary: string;
  reason?: string | null;
  moderator: Moderator;
}): Promise<void> {
  await db.insert(moderationActions).values({
    action,
    subjectId,
    summary: summarize(summary, 200),
    reason,
    actorId: moderator.id,
    actorName: moderator.name,
  });
}

/** The newest decisions first, for the inbox's log. */
export function listModerationActions({
  db,
  limit = 50,
}: {
  db: Database;
  limit?: number;
}): Promise<ModerationLogEntry[]> {
  return db
    .select({
      id: moderationActions.id,
      action: moderationActions.action,
      subjectId: moderationActions.subjectId,
      summary: moderationActions.summary,
      reason: moderationActions.reason,
      actorName: moderationActions.actorName,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit);
}
