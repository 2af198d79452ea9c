import type { Server } from "node:http";
import type express from "express";
import type { ServerBuild } from "react-router";
import { siteBranding } from "../branding.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { startServices } from "./app-services.server";
import { createHttpPipeline, type ServingState } from "./http-pipeline.server";
import { announceReady, listen, listeningPort, startUpkeep, stopInOrder } from "./lifecycle.server";
import { serverConfig } from "./server-config.server";

// The test helpers load the build's React Router routes through this entry.
export { loadReactRouterBuild } from "./http-pipeline.server";

export type StartOptions = {
  /** Development passes Vite's loader so route changes reload without a restart. */
  getBuild?: () => Promise<ServerBuild>;
  /** Development passes Vite's middleware; production serves build/client itself. */
  devMiddleware?: express.RequestHandler;
};

export type RunningServer = { server: Server; url: string; stop(): Promise<void> };

/**
 * The server entry (decision 120): the configuration, the services, the HTTP pipeline with its
 * page-cache writer, and the lifecycle (listen, upkeep, shutdown), each from its own module.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const startedAt = Date.now();
  const config = serverConfig();
  const started = await startServices(config);
  const state: ServingState = { draining: false, shuttingDown: false };
  const { app, answerFromCache, hostPolicy } = await createHttpPipeline({ config, started, state, ...options });

  const server = await listen({ app, answerFromCache });
  const url = config.listenUrl(listeningPort(server));
  const { services } = started;
  logger.info(
    {
      url,
      database: started.handle.kind,
      location: started.handle.location,
      mail: services.mailer.destination,
      storage: env.S3_BUCKET ? "s3" : "local",
      research: services.research.availability.configured ? services.research.availability.model : "not configured",
      ms: Date.now() - startedAt,
    },
    `${siteBranding.name} is serving ${url}`,
  );
  if (!hostPolicy.fixedOrigin) {
    logger.warn(
      "PUBLIC_URL is not set: pages link to whichever address each request names. A public install should set PUBLIC_URL (and optionally ALLOWED_HOSTS).",
    );
  }
  await announceReady(started, config.siteUrl ?? url);

  const upkeep = startUpkeep(started);
  return { server, url, stop: stopInOrder({ server, state, started, upkeep }) };
}
