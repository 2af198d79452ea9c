import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type express from "express";
import { announceAdminSetup } from "../auth/admin-setup.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { pruneRateLimits } from "../security/rate-limit.server";
import type { StartedServices } from "./app-services.server";
import { logWhenFinished } from "./access-log.server";
import { lingerAfterEarlyAnswers } from "./lingering-close.server";
import type { ServingState } from "./http-pipeline.server";
import { drainThenClose } from "./shutdown.server";
import { DAY_MS } from "~/lib/utc-weeks";

/** Opens the port: cache hits are answered before Express, everything else goes to `app`. */
export async function listen({
  app,
  answerFromCache,
}: {
  app: express.Express;
  answerFromCache: (req: IncomingMessage, res: ServerResponse) => boolean;
}): Promise<Server> {
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer((req, res) => {
      if (answerFromCache(req, res)) return;
      // Hits write their own access line.
      logWhenFinished(req, res);
      void app(req, res);
    });
    lingerAfterEarlyAnswers(listening);
    listening.on("error", reject).listen(env.PORT, env.HOST, () => resolve(listening));
  });
  // Node's default of 5 s is shorter than a load balancer's idle timeout: the balancer would send a
  // request on a connection this server is closing at that moment, and its client would get a 502.
  server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_MS;
  return server;
}

/** The port the server listens on (the configured one, or the one the system chose for 0). */
export function listeningPort(server: Server): number {
  const address = server.address();
  return typeof address === "object" && address ? address.port : env.PORT;
}

/** Hourly upkeep while serving: counters of finished rate-limit windows are dead weight. */
export function startUpkeep(started: StartedServices) {
  const timer = setInterval(
    () => {
      pruneRateLimits({ db: started.handle.db, olderThanMs: DAY_MS }).catch((error: unknown) =>
        logger.warn({ err: error }, "could not prune rate-limit counters"),
      );
    },
    60 * 60 * 1000,
  ).unref();
  return { stop: () => clearInterval(timer) };
}

/** After start: the first administrator's setup link, when there is no administrator yet. */
export const announceReady = (started: StartedServices, siteUrl: string) =>
  announceAdminSetup({ db: started.handle.db, siteUrl });

/**
 * The stop function: drain (readyz 503) for SHUTDOWN_GRACE_MS, close the port, let requests and
 * the running job finish, then close the services. A second call (a second SIGTERM or SIGINT)
 * cuts the grace period short.
 */
export function stopInOrder({
  server,
  state,
  started,
  upkeep,
}: {
  server: Server;
  state: ServingState;
  started: StartedServices;
  upkeep: { stop(): void };
}) {
  const shutdown = drainThenClose({
    server,
    graceMs: env.SHUTDOWN_GRACE_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    onDrain: () => {
      state.draining = true;
      upkeep.stop();
    },
    onClose: () => {
      state.shuttingDown = true;
    },
  });
  let stopping: Promise<void> | undefined;
  return () => {
    if (stopping) {
      shutdown.endGrace();
      return stopping;
    }
    return (stopping = (async () => {
      await Promise.all([shutdown.run(), started.stopJobs()]);
      await started.close();
      logger.info("stopped");
    })());
  };
}
