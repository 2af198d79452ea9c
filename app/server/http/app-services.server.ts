import path from "node:path";
import { createAuth } from "../auth/auth.server";
import { resetMailsSettled } from "../auth/password-reset.server";
import { backupSettings } from "../backup/backup-record.server";
import { createCdnPurger } from "../cache/cdn-purge.server";
import { createDataMemo } from "../cache/data-memo.server";
import { createPageCache } from "../cache/page-cache.server";
import { connectPagePurges } from "../cache/page-purge.server";
import { refreshRankingPriorIfDrifted } from "../catalog/ranking.server";
import type { AppServices } from "../context.server";
import { controlSocketPath, listenOnControlSocket } from "../control/control-socket.server";
import { operatorCommands } from "../control/operator-commands.server";
import type { DatabaseHandle } from "../db/client.server";
import { openConfiguredDatabase } from "../db/configured-database.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "../db/seed.server";
import { vacuumAppTables } from "../db/vacuum.server";
import { env } from "../env.server";
import { setFlashSecret } from "../flash.server";
import { jobDefinitionsFromEnv } from "../jobs/job-definitions.server";
import { createJobQueue } from "../jobs/job-queue.server";
import { logger } from "../logger.server";
import { createMailer } from "../mail/mailer.server";
import { researchServiceFromEnv } from "../research/research-service.server";
import { createBatchedRateLimiter } from "../security/batched-rate-limit.server";
import { recomputeStartingPrices } from "../catalog/starting-prices.server";
import { createSearchLog } from "../search/search-log.server";
import { createToolCounters } from "../traffic/tool-counters.server";
import { getOrCreateInstanceSecret } from "../security/instance-secrets.server";
import { RATE_LIMITS } from "../security/rate-limit-rules.server";
import { configuredStorage } from "../storage/configured-storage.server";
import type { FileStorage } from "../storage/local-storage.server";
import { STALE_SECONDS, type ServerConfig } from "./server-config.server";
import { warnIfUploadsNotShared } from "./shared-uploads.server";

export type StartedServices = Awaited<ReturnType<typeof startServices>>;

/**
 * The database (migrated, seeded when asked), the page cache and its purges, mail, sign-in,
 * research, the job queue and the control socket: what the HTTP pipeline and every loader use.
 */
export async function startServices(config: ServerConfig) {
  const { handle, releaseLock } = await openConfiguredDatabase({ serving: true });
  await handle.migrate();

  const storage = configuredStorage();
  if (env.SEED_DEMO && (await isCatalogueEmpty({ db: handle.db }))) {
    const report = await seedDemoCatalogue({ db: handle.db, storage });
    logger.info(report, "seeded the demo catalogue");
  }
  await refreshRankingPriorIfDrifted({ db: handle.db });
  const repriced = await recomputeStartingPrices({ db: handle.db });
  if (repriced > 0) logger.info({ tools: repriced }, "starting prices derived from the plans");

  if (handle.kind === "pglite") {
    // PGlite has no autovacuum daemon: without statistics the planner guesses row counts and may scan, and
    // without the visibility map an index-only scan reads every row's page (decision 197). Only the pages
    // changed since the last vacuum are read again; the "database-upkeep" job vacuums the whole database hourly.
    await vacuumAppTables(handle.db);
  }

  const cache = createPageCache({
    ttlMs: config.pageTtlMs,
    staleMs: STALE_SECONDS * 1000,
    maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
  });
  const cdn = env.CDN_PURGE_URL
    ? createCdnPurger({ url: env.CDN_PURGE_URL, token: env.CDN_PURGE_TOKEN ?? null, style: env.CDN_PURGE_STYLE })
    : null;
  // Off with the page cache: pages that are always rendered afresh read everything afresh too.
  const dataMemo = createDataMemo({ ttlMs: config.pageTtlMs });
  const pagePurges = await connectPagePurges({ handle, cache, memo: dataMemo, cdn });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.dataDir, "mail"),
  });
  // Without PUBLIC_URL, links in emails point at the address the server listens on.
  const mailSiteUrl = config.siteUrl ?? config.listenUrl();
  const authSecret = env.AUTH_SECRET ?? (await getOrCreateInstanceSecret({ db: handle.db, name: "auth" }));
  // Messages across a redirect are signed with it too: any process reads the others' (decision 127).
  setFlashSecret(authSecret);
  const auth = createAuth({
    db: handle.db,
    mailer,
    siteUrl: mailSiteUrl,
    secret: authSecret,
    google: config.google,
  });
  const research = researchServiceFromEnv(env);
  const backups = backupSettings(env);
  // Every process takes jobs; the queue in the database runs each one once (decision 067).
  const jobs = createJobQueue({
    connection: handle.jobQueueConnection,
    db: handle.db,
    definitions: jobDefinitionsFromEnv({
      env,
      research,
      purgePages: pagePurges.purgePages,
      backups: { settings: backups, storage, databaseKind: handle.kind, passphrase: env.BACKUP_PASSPHRASE },
      databaseKind: handle.kind,
      storage,
      mail: { mailer, siteUrl: mailSiteUrl },
    }),
    timeoutSeconds: env.JOB_TIMEOUT_SECONDS,
  });
  await jobs.start();
  const apiRateLimiter =
    config.apiRateLimit > 0
      ? createBatchedRateLimiter({ db: handle.db, rule: { ...RATE_LIMITS.api, limit: config.apiRateLimit } })
      : null;
  const searchLog = createSearchLog({ db: handle.db });
  const toolCounters = createToolCounters({ db: handle.db });
  const services: AppServices = {
    db: handle.db,
    siteUrl: config.siteUrl,
    auth,
    googleSignIn: config.google !== undefined,
    storage,
    research,
    jobs,
    apiRateLimiter,
    searchLog,
    toolCounters,
    mailer,
    backups,
    purgePages: pagePurges.purgePages,
  };
  if (handle.kind === "postgres" && !env.S3_BUCKET)
    await warnIfUploadsNotShared({ db: handle.db, dataDir: env.dataDir });
  // PGlite admits one process: `npm run backup` and `npm run admin` reach it through this server (decision 083).
  const control = handle.kind === "pglite" ? await startControlSocket({ handle, storage }) : null;

  return {
    handle,
    services,
    cache,
    dataMemo,
    /** A running job finishes, or is handed back to the queue, while requests finish. */
    stopJobs: () =>
      jobs.stop(env.SHUTDOWN_TIMEOUT_MS).catch((error: unknown) => logger.warn({ err: error }, "job queue stop")),
    /** After the last request: what still writes to the database, then the database. */
    async close() {
      // Reset mails run after their answer; they need the database (decision 072).
      await resetMailsSettled();
      await apiRateLimiter?.stop();
      await searchLog.stop();
      await toolCounters.stop();
      await pagePurges.stop();
      await cdn?.stop();
      await control?.close();
      await handle.close();
      releaseLock();
    },
  };
}

/** The control socket, or null with a warning when it cannot listen (the site still serves). */
async function startControlSocket({ handle, storage }: { handle: DatabaseHandle; storage: FileStorage }) {
  const socketPath = controlSocketPath(env.dataDir);
  try {
    return await listenOnControlSocket({
      socketPath,
      handler: operatorCommands({ handle, storage, dataDir: env.dataDir, passphrase: env.BACKUP_PASSPHRASE }),
    });
  } catch (error) {
    logger.warn(
      { err: error, socketPath },
      "could not open the control socket: `npm run backup` and `npm run admin` cannot reach this server",
    );
    return null;
  }
}
