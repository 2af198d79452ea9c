import { CronExpressionParser } from "cron-parser";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { PgBoss, fromPglite, type Job } from "pg-boss";
import type { Database, JobQueueConnection } from "../db/client.server";
import { jobRuns } from "../db/schema.server";
import { JOB_KINDS, type JobKind } from "~/lib/jobs";
import { logger } from "../logger.server";
import { beginJobRun, finishJobRun, type JobTrigger } from "./job-runs.server";

/**
 * Background jobs on pg-boss (decision 067): a queue per kind in the database itself, so jobs
 * survive restarts, run once across any number of processes (SKIP LOCKED), retry with backoff,
 * time out, and run on cron schedules. Each run is recorded in job_runs for the admin.
 */

/** What a job's handler gets: the database, its run's id (the key of its idempotence) and a signal. */
export type JobContext = {
  db: Database;
  jobRunId: string;
  trigger: JobTrigger;
  attempts: number;
  signal: AbortSignal;
};

/** Does the work and returns what it counted ({ checked: 120, failing: 3 }). */
export type JobHandler = (context: JobContext) => Promise<Record<string, number>>;

export type JobDefinition = {
  handler: JobHandler;
  /** A cron expression (UTC), or null when its schedule is off. */
  cron: string | null;
  /** Why the job would do nothing here (the research assistant is not configured), or null. */
  idleReason?: () => string | null;
};

export type JobDefinitions = Record<JobKind, JobDefinition>;

export type JobSchedule = { kind: JobKind; cron: string | null; nextRunAt: Date | null; idleReason: string | null };

export type RunNowResult = "queued" | "already-queued";

export type JobQueue = {
  /** Creates pg-boss's tables (first start), the queues and schedules, and starts taking jobs. */
  start(): Promise<void>;
  /** Queues a run of this kind now; a run already waiting is not queued twice. */
  runNow(kind: JobKind, requestedBy: string | null): Promise<RunNowResult>;
  /** Each kind's schedule and when it next runs. */
  schedules(now?: Date): JobSchedule[];
  /** How many jobs of each kind wait and run right now. */
  queueSizes(): Promise<Record<JobKind, { waiting: number }>>;
  /**
   * Stops taking jobs; a running one finishes, or near the deadline is told to stop and handed back
   * to the queue (retried by the next process), so nothing is lost when the process ends.
   */
  stop(timeoutMs: number): Promise<void>;
};

type JobData = { trigger?: JobTrigger; requestedBy?: string | null };

/** A run stopped by shutdown or its time limit: failed for this attempt, so the queue retries it. */
export class JobInterrupted extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "JobInterrupted";
  }
}

export type JobQueueOptions = {
  connection: JobQueueConnection;
  db: Database;
  definitions: JobDefinitions;
  /** How long one run may take before it is stopped and retried. */
  timeoutSeconds: number;
  /** False: queue and schedule only (a process that must not do the work). */
  work?: boolean;
  pollingIntervalSeconds?: number;
  /** How often expired jobs (of a process that died) are noticed and retried. */
  maintenanceIntervalSeconds?: number;
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How often schedules are looked at (pg-boss's default 30 s; tests make it shorter). */
  cronIntervalSeconds?: number;
};

const SCHEMA = "pgboss";

/**
 * The oldest schema version of pg-boss's own that pg-boss 12 migrates from (pg-boss 11.0's).
 * pg-boss 10 left version 24 and nothing migrates it; see dropUnmigratableQueue.
 */
const OLDEST_MIGRATABLE_SCHEMA_VERSION = 25;
/** pg_advisory_xact_lock's key while a process looks at, and perhaps drops, an old queue schema. */
const QUEUE_UPGRADE_LOCK_KEY = 7_067_012;
const DAY_SECONDS = 24 * 60 * 60;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const {
    connection,
    db,
    definitions,
    timeoutSeconds,
    work = true,
    pollingIntervalSeconds = 2,
    maintenanceIntervalSeconds = 60,
    retryLimit = 3,
    retryDelaySeconds = 30,
    cronIntervalSeconds = 30,
  } = options;
  const boss = new PgBoss({
    ...("pglite" in connection
      ? { db: fromPglite(connection.pglite), backend: "pglite" as const }
      : { ...connection, max: 2 }),
    schema: SCHEMA,
    supervise: true,
    schedule: true,
    // pg-boss 12 notices expired jobs in its supervise pass (when the queue's monitor is due); its
    // own maintenanceIntervalSeconds now only paces the deletion of old jobs (default daily).
    superviseIntervalSeconds: maintenanceIntervalSeconds,
    monitorIntervalSeconds: maintenanceIntervalSeconds,
    cronMonitorIntervalSeconds: cronIntervalSeconds,
    cronWorkerIntervalSeconds: Math.min(cronIntervalSeconds, 5),
    // pg-boss's registry of live instances: nothing here reads it, and it would write a row every 30 s.
    registerInstance: false,
  });
  boss.on("error", (error: unknown) => logger.warn({ err: error }, "job queue error"));

  /** Runs in progress in this process, to be told to stop at shutdown. */
  const running = new Set<AbortController>();
  let started: Promise<void> | undefined;

  async function runJob(kind: JobKind, job: Job<JobData>) {
    const controller = new AbortController();
    running.add(controller);
    try {
      await runJobInProcess({
        db,
        kind,
        definition: definitions[kind],
        trigger: job.data?.trigger ?? "schedule",
        queueJobId: job.id,
        requestedBy: job.data?.requestedBy ?? null,
        timeoutSeconds,
        controller,
      });
    } finally {
      running.delete(controller);
    }
  }

  async function startOnce() {
    await dropUnmigratableQueue(db);
    await boss.start();
    for (const kind of JOB_KINDS) {
      // stately: at most one waiting and one running per kind, so "Run now" twice queues one run.
      await boss.createQueue(kind, {
        policy: "stately",
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: timeoutSeconds,
        // Finished jobs are the queue's business; job_runs keeps the history the admin reads.
        deleteAfterSeconds: 7 * DAY_SECONDS,
      });
      const { cron } = definitions[kind];
      if (cron) await boss.schedule(kind, cron, { trigger: "schedule" } satisfies JobData, { tz: "UTC" });
      else await boss.unschedule(kind);
      if (work) {
        await boss.work<JobData>(kind, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
          if (job) await runJob(kind, job);
        });
      }
    }
  }

  return {
    start: () => (started ??= startOnce()),
    async runNow(kind, requestedBy) {
      await (started ??= startOnce());
      const id = await boss.send(kind, { trigger: "manual", requestedBy } satisfies JobData);
      return id ? "queued" : "already-queued";
    },
    schedules(now = new Date()) {
      return JOB_KINDS.map((kind) => {
        const { cron, idleReason } = definitions[kind];
        return {
          kind,
          cron,
          nextRunAt: cron ? CronExpressionParser.parse(cron, { tz: "UTC", currentDate: now }).next().toDate() : null,
          idleReason: idleReason?.() ?? null,
        };
      });
    },
    async queueSizes() {
      await (started ??= startOnce());
      const sizes = await Promise.all(
        // Counted now (jobs created or waiting to retry), not pg-boss's cached queue counts.
        JOB_KINDS.map(async (kind) => [kind, { waiting: (await boss.findJobs(kind, { queued: true })).length }]),
      );
      return Object.fromEntries(sizes) as Record<JobKind, { waiting: number }>;
    },
    async stop(timeoutMs) {
      if (!started) return;
      await started.catch(() => {});
      // Near the deadline a run still going is told to stop; its handler ends at the next tool and
      // the job goes back to the queue. pg-boss fails whatever is still active when it gives up.
      const handBack = setTimeout(
        () => {
          for (const controller of running) controller.abort(new JobInterrupted("Stopped by shutdown; retried later"));
        },
        Math.max(0, timeoutMs - 1500),
      );
      try {
        await boss.stop({ graceful: true, close: true, timeout: Math.max(1000, timeoutMs - 500) });
      } finally {
        clearTimeout(handBack);
      }
    },
  };
}

/**
 * pg-boss 11 changed its schema without a migration from pg-boss 10's, and pg-boss 12 migrates only
 * from 11's: a database whose `pgboss` schema is older is given a new one. Nothing of value is lost
 * (decision 115): the schema holds the queue's work, not the site's data (backups leave it out), the
 * schedules are written again at every start, and a run that was waiting is queued again by its
 * next schedule or by "Run now". A run the old queue had in hand is closed as failed in job_runs, since
 * nothing would ever finish it. The advisory lock makes processes starting together look one at a time.
 */
export async function dropUnmigratableQueue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_UPGRADE_LOCK_KEY})`);
    const { rows } = (await tx.execute(
      sql`select to_regclass(${`${SCHEMA}.version`}) is not null as "exists"`,
    )) as unknown as { rows: Array<{ exists: boolean }> };
    if (!rows[0]?.exists) return false;
    const versions = (await tx.execute(sql`select version from ${sql.identifier(SCHEMA)}.version`)) as unknown as {
      rows: Array<{ version: number }>;
    };
    const version = Number(versions.rows[0]?.version);
    if (!(version < OLDEST_MIGRATABLE_SCHEMA_VERSION)) return false;
    await tx.execute(sql`drop schema ${sql.identifier(SCHEMA)} cascade`);
    await tx
      .update(jobRuns)
      .set({
        state: "failed",
        finishedAt: sql`now()`,
        error: "The job queue was replaced while this run was in it; run it again",
      })
      .where(and(eq(jobRuns.state, "running"), isNotNull(jobRuns.queueJobId)));
    logger.warn({ schema: SCHEMA, version }, "replaced the job queue's schema of pg-boss 10 with a new one");
    return true;
  });
}

/**
 * Runs one job here and now, recorded in job_runs: the queue's workers call it for each job, and
 * `npm run jobs -- run KIND` calls it directly. A failure is recorded, then thrown.
 */
export async function runJobInProcess({
  db,
  kind,
  definition,
  trigger,
  queueJobId = null,
  requestedBy = null,
  timeoutSeconds,
  controller = new AbortController(),
}: {
  db: Database;
  kind: JobKind;
  definition: JobDefinition;
  trigger: JobTrigger;
  queueJobId?: string | null;
  requestedBy?: string | null;
  timeoutSeconds: number;
  controller?: AbortController;
}): Promise<{ jobRunId: string; counts: Record<string, number> }> {
  const run = await beginJobRun({ db, kind, trigger, queueJobId, requestedBy });
  // Stopped a little before the queue's own limit, so the run records how it ended.
  const timer = setTimeout(
    () => controller.abort(new JobInterrupted(`Stopped after the ${timeoutSeconds} s time limit; retried later`)),
    Math.max(500, timeoutSeconds * 1000 - 1000),
  );
  try {
    const counts = await definition.handler({
      db,
      jobRunId: run.id,
      trigger,
      attempts: run.attempts,
      signal: controller.signal,
    });
    if (controller.signal.aborted) throw controller.signal.reason;
    await finishJobRun({ db, id: run.id, counts });
    logger.info({ kind, jobRunId: run.id, counts }, "job finished");
    return { jobRunId: run.id, counts };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishJobRun({ db, id: run.id, counts: {}, error: message }).catch((recordError: unknown) =>
      logger.warn({ err: recordError }, "could not record a failed job run"),
    );
    logger.warn({ kind, jobRunId: run.id, err: error }, "job failed");
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
