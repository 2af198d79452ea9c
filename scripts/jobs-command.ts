import path from "node:path";
import { CronExpressionParser } from "cron-parser";
import { sql } from "drizzle-orm";
import { JOB_KINDS, JOB_LABELS, formatCounts, formatDuration, isJobKind } from "~/lib/jobs";
import { createPageCache } from "~/server/cache/page-cache.server";
import { connectPagePurges } from "~/server/cache/page-purge.server";
import { createCdnPurger } from "~/server/cache/cdn-purge.server";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { env as processEnv, type Env } from "~/server/env.server";
import { jobDefinitionsFromEnv } from "~/server/jobs/job-definitions.server";
import { serverConfig } from "~/server/http/server-config.server";
import { createMailer } from "~/server/mail/mailer.server";
import { runJobInProcess, type JobDefinitions } from "~/server/jobs/job-queue.server";
import { listRecentJobRuns } from "~/server/jobs/job-runs.server";
import { researchServiceFromEnv } from "~/server/research/research-service.server";
import { backupSettings } from "~/server/backup/backup-record.server";
import { configuredStorage } from "~/server/storage/configured-storage.server";
import type { Database } from "~/server/db/client.server";
import { rowsOf } from "~/server/backup/database-tables.server";
import type { CommandOutcome } from "./command";

const usage = `Usage: npm run jobs -- run KIND    run one job now (KIND: ${JOB_KINDS.join(", ")})
       npm run jobs -- list        the schedules and the recent runs`;

/** `npm run jobs` (scripts/jobs.ts). */
export async function jobs(args: string[], env: Env = processEnv): Promise<CommandOutcome> {
  const [command, kind, ...rest] = args;
  const running = command === "run" && isJobKind(kind) && rest.length === 0;
  const listing = command === "list" && kind === undefined;
  if (!running && !listing) return { code: 2, err: usage };

  let opened: ConfiguredDatabase;
  try {
    opened = await openConfiguredDatabase({ env });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return { code: 1, err: `${error.message}\nTo run a job while the server runs, use "Run now" in /admin/jobs.` };
    }
    throw error;
  }
  const { handle, releaseLock } = opened;
  // This process caches nothing; servers on the same PostgreSQL database hear its purges, and the CDN is told here.
  const cdn = env.CDN_PURGE_URL
    ? createCdnPurger({ url: env.CDN_PURGE_URL, token: env.CDN_PURGE_TOKEN ?? null, style: env.CDN_PURGE_STYLE })
    : null;
  const purges = await connectPagePurges({
    handle,
    cache: createPageCache({ ttlMs: 0, staleMs: 0, maxBytes: 1 }),
    cdn,
  });
  try {
    await handle.migrate();
    const storage = configuredStorage(env);
    const definitions = jobDefinitionsFromEnv({
      env,
      research: researchServiceFromEnv(env),
      purgePages: purges.purgePages,
      backups: { settings: backupSettings(env), storage, databaseKind: handle.kind },
      storage,
      mail: {
        mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.dataDir, "mail") }),
        siteUrl: serverConfig(env).siteUrl ?? serverConfig(env).listenUrl(),
      },
    });
    if (listing) {
      const lines = await scheduleLines(handle.db, definitions);
      const runs = await listRecentJobRuns({ db: handle.db, limit: 10 });
      lines.push("", runs.length ? "Recent runs:" : "No job has run yet.");
      for (const entry of runs) {
        const took = entry.finishedAt ? ` in ${formatDuration(entry.startedAt, entry.finishedAt)}` : "";
        const counts = formatCounts(entry.counts);
        lines.push(
          `  ${entry.startedAt.toISOString()}  ${entry.kind}  ${entry.state}${took}  ${counts}${entry.error ? `  ${entry.error}` : ""}`,
        );
      }
      return { code: 0, out: lines.join("\n") };
    }

    const jobKind = kind as (typeof JOB_KINDS)[number];
    const controller = new AbortController();
    // Ctrl-C stops the run between tools, and it is recorded as such.
    const interrupt = () => controller.abort(new Error("Interrupted from the command line"));
    process.once("SIGINT", interrupt);
    try {
      const done = await runJobInProcess({
        db: handle.db,
        kind: jobKind,
        definition: definitions[jobKind],
        trigger: "cli",
        timeoutSeconds: env.JOB_TIMEOUT_SECONDS,
        controller,
      });
      const counts = formatCounts(done.counts);
      const idle = definitions[jobKind].idleReason?.();
      return {
        code: 0,
        out: `${JOB_LABELS[jobKind]} finished: ${counts || "nothing to do"}${idle ? ` (${idle})` : ""}`,
      };
    } catch (error) {
      return {
        code: 1,
        err: `${JOB_LABELS[jobKind]} failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    } finally {
      process.off("SIGINT", interrupt);
    }
  } finally {
    await purges.stop();
    await cdn?.stop();
    await handle.close();
    releaseLock();
  }
}

/**
 * Each kind's schedule as the database holds it (pg-boss's schedule table, written by every server
 * at start): what actually runs, whatever this shell's settings say. Where this shell's settings
 * differ, the line says so, since the next server started with them would change it (decision 126).
 */
async function scheduleLines(db: Database, definitions: JobDefinitions): Promise<string[]> {
  const stored = await storedSchedules(db);
  if (!stored) return ["No schedule is recorded in the database yet: a server records its schedules when it starts."];
  return JOB_KINDS.map((kind) => {
    const cron = stored.get(kind) ?? null;
    const next = cron
      ? `next ${CronExpressionParser.parse(cron, { tz: "UTC", currentDate: new Date() }).next().toDate().toISOString()}`
      : "not scheduled";
    const local = definitions[kind].cron;
    const differs = local !== cron ? ` - these settings say ${local ?? "off"}` : "";
    const idle = definitions[kind].idleReason?.();
    return `${JOB_LABELS[kind]}: ${cron ?? "off"} (${next})${idle ? ` - ${idle}` : ""}${differs}`;
  });
}

/** pg-boss's schedules by job kind, or null when no server has created pg-boss's tables yet. */
async function storedSchedules(db: Database): Promise<Map<string, string> | null> {
  const [table] = await rowsOf<{ name: string | null }>(db, sql`select to_regclass('pgboss.schedule')::text as name`);
  if (!table?.name) return null;
  const rows = await rowsOf<{ name: string; cron: string }>(db, sql`select name, cron from pgboss.schedule`);
  return new Map(rows.map((row) => [row.name, row.cron]));
}
