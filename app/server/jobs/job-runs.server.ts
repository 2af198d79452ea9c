import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import type { JobKind } from "~/lib/jobs";
import { jobRuns, users } from "../db/schema.server";

export type JobTrigger = (typeof jobRuns.$inferSelect)["trigger"];

export type JobRunRow = {
  id: string;
  kind: JobKind;
  trigger: JobTrigger;
  requestedBy: string | null;
  state: "running" | "succeeded" | "failed";
  attempts: number;
  counts: Record<string, number>;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

/**
 * Opens the record of a run. A queue job that comes back (a retry after a crash, a timeout or a
 * shutdown) reopens the row it started, one attempt more, so the run's handler can skip the work
 * that attempt already did.
 */
export async function beginJobRun({
  db,
  kind,
  trigger,
  queueJobId = null,
  requestedBy = null,
}: {
  db: Database;
  kind: JobKind;
  trigger: JobTrigger;
  queueJobId?: string | null;
  requestedBy?: string | null;
}): Promise<{ id: string; attempts: number }> {
  const [run] = await db
    .insert(jobRuns)
    .values({ kind, trigger, queueJobId, requestedBy })
    .onConflictDoUpdate({
      target: jobRuns.queueJobId,
      set: { attempts: sql`${jobRuns.attempts} + 1`, state: "running", error: null, finishedAt: null },
    })
    .returning({ id: jobRuns.id, attempts: jobRuns.attempts });
  return run!;
}

export async function finishJobRun({
  db,
  id,
  counts,
  error = null,
}: {
  db: Database;
  id: string;
  counts: Record<string, number>;
  error?: string | null;
}): Promise<void> {
  await db
    .update(jobRuns)
    .set({ state: error === null ? "succeeded" : "failed", counts, error, finishedAt: sql`now()` })
    .where(eq(jobRuns.id, id));
}

/** The newest runs first, with the name of whoever asked for a run by hand. */
export async function listRecentJobRuns({ db, limit = 30 }: { db: Database; limit?: number }) {
  return db
    .select({
      id: jobRuns.id,
      kind: jobRuns.kind,
      trigger: jobRuns.trigger,
      state: jobRuns.state,
      attempts: jobRuns.attempts,
      counts: jobRuns.counts,
      error: jobRuns.error,
      startedAt: jobRuns.startedAt,
      finishedAt: jobRuns.finishedAt,
      requestedBy: users.name,
      requestedByEmail: users.email,
    })
    .from(jobRuns)
    .leftJoin(users, eq(users.id, jobRuns.requestedBy))
    .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
    .limit(limit);
}

export type RecentJobRun = Awaited<ReturnType<typeof listRecentJobRuns>>[number];
