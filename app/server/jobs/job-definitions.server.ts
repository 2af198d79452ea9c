import { sql } from "drizzle-orm";
import { backupIntoDir, type BackupSettings } from "../backup/backup-record.server";
import type { DatabaseHandle } from "../db/client.server";
import type { Env } from "../env.server";
import { runLinkChecks } from "../freshness/link-check.server";
import { runRefresh } from "../freshness/refresh-job.server";
import { draftQueuedSubmissions } from "../moderation/submission-drafts.server";
import { draftQueuedWebsites } from "../research/research-queue-job.server";
import type { ResearchService } from "../research/research-service.server";
import type { FileStorage } from "../storage/local-storage.server";
import type { JobDefinitions } from "./job-queue.server";
import { runDigests } from "../follows/digest-job.server";
import type { Mailer } from "../mail/mailer.server";
import type { PurgePages } from "../cache/page-purge.server";
import { SITE_TAG, TOOL_LIST_TAG, toolTag } from "../cache/page-tags.server";
import { countMaturedVotes } from "../community/vote-trust.server";
import { utcDay } from "../search/search-log.server";
import { pruneToolCounts } from "../traffic/tool-counters.server";
import { refreshTrendingScores, TRENDING_CRON } from "../traffic/trending.server";

/**
 * A scheduled link check skips tools checked in the last 20 hours, so a daily schedule checks
 * each tool once a day even when a run by hand came in between; a run by hand checks them all.
 */
const SCHEDULED_CHECK_AGE_MS = 20 * 60 * 60 * 1000;

/**
 * Votes wait to count until their account is a day old and confirmed (decision 174); the job looks
 * every quarter of an hour, each run touching only the tools whose waiting votes now count.
 */
const COUNT_VOTES_CRON = "*/15 * * * *";

/** The embedded database's vacuum: hourly, at a minute no other job uses (decision 197). */
export const DATABASE_UPKEEP_CRON = "43 * * * *";

/** Beyond this many re-scored tools a run purges the lists once rather than each tool's pages. */
const MANY_TOOLS = 100;

type JobEnv = Pick<
  Env,
  "LINK_CHECK_CRON" | "REFRESH_CRON" | "LINK_CHECK_CONCURRENCY" | "LINK_CHECK_TIMEOUT_MS" | "REFRESH_BATCH_SIZE"
> &
  Partial<Pick<Env, "DIGEST_CRON">>;

/** What each kind of job does here, and when, from the configuration. */
export function jobDefinitionsFromEnv({
  env,
  research,
  purgePages,
  backups,
  storage,
  mail,
  databaseKind,
}: {
  env: JobEnv;
  research: ResearchService;
  /** Tool pages show when their website was checked and what changed: a run's results purge them from the cache. */
  purgePages: PurgePages;
  /** Where backups go and what they read; without it (tests of other jobs) a backup run does nothing. */
  backups?: {
    settings: BackupSettings;
    storage: FileStorage;
    databaseKind: DatabaseHandle["kind"];
    /** BACKUP_PASSPHRASE: archives are encrypted with it (decision 150). */
    passphrase?: string;
  };
  /** Where the research queue stores the logos it finds; without it (tests of other jobs) a run does nothing. */
  storage?: FileStorage;
  /** The mailer and the site's address the follow emails link to; without it (tests of other jobs) a digest run does nothing. */
  mail?: { mailer: Mailer; siteUrl: string };
  /** The database the jobs run on: only the embedded one needs the upkeep job (tests of other jobs leave it out). */
  databaseKind?: DatabaseHandle["kind"];
}): JobDefinitions {
  return {
    "link-check": {
      cron: env.LINK_CHECK_CRON,
      handler: async ({ db, jobRunId, trigger, signal }) => {
        const counts = await runLinkChecks({
          db,
          jobRunId,
          signal,
          concurrency: env.LINK_CHECK_CONCURRENCY,
          timeoutMs: env.LINK_CHECK_TIMEOUT_MS,
          dueBefore: trigger === "schedule" ? new Date(Date.now() - SCHEDULED_CHECK_AGE_MS) : new Date(),
        });
        // A run checks most of the catalogue at once: everything is purged, and served stale while
        // each page is rendered again by its next visitor (decision 096).
        if (counts.checked > 0) await purgePages([SITE_TAG]);
        return counts;
      },
    },
    refresh: {
      cron: env.REFRESH_CRON,
      idleReason: () =>
        research.availability.configured ? null : "The research assistant is not configured: runs do nothing.",
      handler: async ({ db, jobRunId, signal }) => {
        const { counts } = await runRefresh({ db, research, jobRunId, limit: env.REFRESH_BATCH_SIZE, signal });
        return counts;
      },
    },
    // Queued by /submit for each new submission; a run drafts every submission still waiting.
    "submission-draft": {
      cron: null,
      idleReason: () =>
        research.availability.configured
          ? null
          : "The research assistant is not configured: submissions are not drafted.",
      handler: ({ db, signal }) => draftQueuedSubmissions({ db, research, signal }),
    },
    // Queued by "Add many tools" (decision 154); a run drafts every website still waiting, one at a
    // time at the research assistant's pace, or from each site's own page when it is not configured.
    "research-queue": {
      cron: null,
      idleReason: () => (storage ? null : "File storage is not set up in this process."),
      handler: async ({ db, signal }): Promise<Record<string, number>> => {
        if (!storage) return {};
        return draftQueuedWebsites({ db, research, storage, signal });
      },
    },
    "count-votes": {
      cron: COUNT_VOTES_CRON,
      handler: async ({ db }) => {
        const { toolIds } = await countMaturedVotes({ db });
        // Their places in "Top rated" moved.
        if (toolIds.length > MANY_TOOLS) await purgePages([TOOL_LIST_TAG]);
        else if (toolIds.length > 0) await purgePages(toolIds.map(toolTag));
        return { tools: toolIds.length };
      },
    },
    // Every score, hourly: a new day ages them all, and saves and votes move them (decision 179). The
    // pages keep their order until their cache time passes; a purge would render every list again.
    trending: {
      cron: TRENDING_CRON,
      handler: async ({ db }) => {
        const today = utcDay(new Date());
        const scored = await refreshTrendingScores({ db, today });
        return { scored, deleted: await pruneToolCounts({ db, today }) };
      },
    },
    // PGlite has no autovacuum (decision 197): without a vacuum, rows that updates and deletes leave behind are
    // never reclaimed, and index-only scans read every row's page to learn it is visible.
    "database-upkeep": {
      cron: databaseKind === "pglite" ? DATABASE_UPKEEP_CRON : null,
      idleReason: () =>
        databaseKind === "pglite" ? null : "Only the embedded database needs it: PostgreSQL's autovacuum does this.",
      handler: async ({ db }) => {
        if (databaseKind !== "pglite") return {};
        await db.execute(sql`vacuum (analyze)`);
        return {};
      },
    },
    // An archive in BACKUP_DIR, the oldest beyond BACKUP_KEEP deleted (decision 081).
    backup: {
      cron: backups?.settings.cron ?? null,
      idleReason: () => (backups ? null : "Backups are not set up in this process."),
      handler: async ({ db, trigger }): Promise<Record<string, number>> => {
        if (!backups) return {};
        const { summary, deleted } = await backupIntoDir({
          handle: { db, kind: backups.databaseKind },
          storage: backups.storage,
          settings: backups.settings,
          passphrase: backups.passphrase,
          trigger: trigger === "schedule" ? "schedule" : trigger === "manual" ? "manual" : "cli",
        });
        return { tables: summary.tables, rows: summary.rows, files: summary.files, bytes: summary.bytes, deleted };
      },
    },
    // What changed in what members follow: instant emails every run, weekly digests once a week (decision 181).
    digest: {
      cron: env.DIGEST_CRON ?? null,
      idleReason: () => (mail ? null : "Mail is not set up in this process."),
      handler: async ({ db, jobRunId, trigger, signal }): Promise<Record<string, number>> => {
        if (!mail) return {};
        return runDigests({ db, mailer: mail.mailer, siteUrl: mail.siteUrl, jobRunId, trigger, signal });
      },
    },
  };
}
