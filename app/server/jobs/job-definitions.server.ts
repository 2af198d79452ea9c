import type { Env } from "../env.server";
import { runLinkChecks } from "../freshness/link-check.server";
import { runRefresh } from "../freshness/refresh-proposals.server";
import { draftQueuedSubmissions } from "../moderation/submissions.server";
import type { ResearchService } from "../research/research-service.server";
import type { JobDefinitions } from "./job-queue.server";

/**
 * A scheduled link check skips tools checked in the last 20 hours, so a daily schedule checks
 * each tool once a day even when a run by hand came in between; a run by hand checks them all.
 */
const SCHEDULED_CHECK_AGE_MS = 20 * 60 * 60 * 1000;

type JobEnv = Pick<
  Env,
  "LINK_CHECK_CRON" | "REFRESH_CRON" | "LINK_CHECK_CONCURRENCY" | "LINK_CHECK_TIMEOUT_MS" | "REFRESH_BATCH_SIZE"
>;

/** What each kind of job does here, and when, from the configuration. */
export function jobDefinitionsFromEnv({
  env,
  research,
  invalidatePublicPages,
}: {
  env: JobEnv;
  research: ResearchService;
  /** Tool pages show when their website was checked and what changed: a run's results drop them from the cache. */
  invalidatePublicPages: () => Promise<void>;
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
        if (counts.checked > 0) await invalidatePublicPages();
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
  };
}
