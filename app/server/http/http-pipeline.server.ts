import type { OutgoingHttpHeaders } from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { analyticsScriptUrl } from "../analytics.server";
import { problem } from "../api/problem.server";
import { answerPreflight } from "../api/respond.server";
import { AUTH_BASE_PATH } from "../auth/auth.server";
import { serveBrandAssets } from "../branding.server";
import {
  databaseFailedDuringRequest,
  isDatabaseUnavailable,
  watchDatabaseFailures,
} from "../db/database-unavailable.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { authRateLimitRule, enforceRateLimit } from "../security/rate-limit-rules.server";
import { UPLOADS_PATH } from "../storage/configured-storage.server";
import { serveLocalUploads } from "../storage/local-storage.server";
import { isApiRequest, refuseUnknownApiRequests, sendProblem } from "./api-refusals.server";
import type { StartedServices } from "./app-services.server";
import { createCachedHitResponder } from "./cached-hits.server";
import { redirectToCanonicalPaths } from "./canonical-paths.server";
import { createContentSecurityPolicy } from "./content-security-policy.server";
import { refuseCrossSitePosts, SAME_ORIGIN_CHECKED_BY_ACTIONS } from "./cross-site-posts.server";
import { sendTemporarilyUnavailable, watchForDatabaseOutage } from "./database-outage.server";
import { clientIpOf, sendFetchResponse, toFetchRequest } from "./fetch-adapter.server";
import { createHostPolicy, enforceHostPolicy } from "./host-policy.server";
import { answerClientErrors, rejectMalformedAddresses } from "./malformed-requests.server";
import { serveMarkdownTwins } from "./markdown-twins.server";
import { serveOneClickUnsubscribe } from "./one-click-unsubscribe.server";
import { MCP_PATH, mcpEndpoint } from "./mcp-endpoint.server";
import { countWebsiteClicks } from "./website-clicks.server";
import { renderAndCachePages } from "./page-cache-writer.server";
import { withLoggedRequestErrors } from "./request-errors.server";
import type { ServerConfig } from "./server-config.server";

/** React Router's production build, bundled beside this module (exported for full-page render tests). */
export const loadReactRouterBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/** Where the process is in its shutdown: read by /readyz and every answer. */
export type ServingState = {
  /** From SIGTERM: /readyz says 503 so the load balancer stops sending, while requests are still served. */
  draining: boolean;
  /** From the end of the grace period: the port is closed and in-flight requests finish. */
  shuttingDown: boolean;
};

export type PipelineOptions = {
  config: ServerConfig;
  started: StartedServices;
  state: ServingState;
  /** Development passes Vite's loader so route changes reload without a restart. */
  getBuild?: () => Promise<ServerBuild>;
  /** Development passes Vite's middleware; production serves build/client itself. */
  devMiddleware?: express.RequestHandler;
};

/**
 * The request pipeline, in order (docs/architecture.md, Request flow): cache hits before Express,
 * then security headers, compression, malformed addresses, health checks, the host policy, static
 * files, canonical addresses, Markdown twins, /mcp, Better Auth, and React Router through the page cache.
 */
export async function createHttpPipeline({ config, started, state, getBuild, devMiddleware }: PipelineOptions) {
  const { handle, services, cache, dataMemo } = started;
  const { auth, apiRateLimiter, searchLog, toolCounters } = services;
  const siteUrl = config.siteUrl;
  const hostPolicy = createHostPolicy({ publicUrl: env.PUBLIC_URL, allowedHosts: env.ALLOWED_HOSTS });
  const csp = createContentSecurityPolicy({
    analyticsScriptUrl: analyticsScriptUrl(),
    googleIssuerUrl: config.google ? config.google.issuerUrl : null,
    storageUrl: env.S3_BUCKET ? (env.S3_PUBLIC_URL ?? env.S3_ENDPOINT ?? null) : null,
    development: !config.production,
  });
  // React Router's own Origin check before an action answers a bare 400; every action checks Origin
  // (and Referer) itself and answers 403 with a sentence, to the page's error view (decision 149).
  const withOrigins = (build: ServerBuild): ServerBuild =>
    watchForDatabaseOutage(withLoggedRequestErrors({ ...build, allowedActionOrigins: SAME_ORIGIN_CHECKED_BY_ACTIONS }));
  const mode = config.production ? "production" : "development";
  // Given a build object, React Router prepares its routes once; given a function (development,
  // where Vite swaps modules), it prepares them again on every request.
  const productionBuild = getBuild ? null : await loadReactRouterBuild();
  const handleRequest = productionBuild
    ? createRequestHandler(withOrigins(productionBuild), mode)
    : createRequestHandler(async () => withOrigins(await getBuild!()), mode);
  const routeTable = async () => (productionBuild ?? (await getBuild!())).routes;

  const securityHeaders: OutgoingHttpHeaders = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    // Pages replace it with one that allows their own inline scripts.
    [csp.headerName.toLowerCase()]: csp.baseline,
    ...(siteUrl?.startsWith("https:") ? { "strict-transport-security": "max-age=31536000" } : {}),
  };
  const answerFromCache = createCachedHitResponder({
    cache,
    hostPolicy,
    trustProxyHops: env.TRUST_PROXY,
    apiRateLimiter,
    searchLog,
    toolCounters,
    securityHeaders,
    closing: () => state.shuttingDown,
  });
  const app = express();
  app.disable("x-powered-by");
  // A number of proxy hops: X-Forwarded-For's entry that many places from the right is the client.
  app.set("trust proxy", env.TRUST_PROXY || false);
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value!);
    if (state.shuttingDown) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());
  app.use(rejectMalformedAddresses);
  app.use(watchDatabaseFailures);

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    if (state.draining) return void res.status(503).json({ status: "shutting down" });
    try {
      // A database that hangs is as unready as one that refuses: give it 3 seconds.
      await Promise.race([
        handle.ping(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), 3000).unref()),
      ]);
      res.json({ status: "ready", database: handle.kind });
    } catch (error) {
      logger.warn({ err: error }, "readiness check: database did not answer");
      res.status(503).json({ status: "unavailable", database: handle.kind });
    }
  });

  // After the health checks, which answer whatever address a probe uses.
  app.use(
    enforceHostPolicy(hostPolicy, (req, res, { status, message }) => {
      // The API answers in problem details even here (decision 149).
      if (!isApiRequest(req.originalUrl)) return false;
      sendProblem(res, problem(status, message));
      return true;
    }),
  );

  // Known image types only, each with its own Content-Type, nosniff and an inert-SVG policy.
  app.use(UPLOADS_PATH, serveLocalUploads(path.join(env.dataDir, "uploads")));
  // The operator's logo and favicon (SITE_LOGO_PATH, SITE_FAVICON_PATH), read once at start.
  app.use(serveBrandAssets());

  if (devMiddleware) {
    app.use(devMiddleware);
  } else {
    // A missing hashed asset is a plain 404, never an HTML page.
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", fallthrough: false }));
    // Other public files (favicon.svg) have an extension; pages never do, so they skip the disk.
    const publicFiles = express.static("build/client", { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  // `/About/` and `/about` are one page: variants move to the address the page calls canonical.
  app.use(redirectToCanonicalPaths(routeTable));

  // `/tool/{slug}.md` and `/article/{slug}.md`, which React Router's `/tool/:id` would take for pages.
  app.use(serveMarkdownTwins(handle.db));

  // RFC 8058's one-click unsubscribe, posted by mail providers with no origin of ours (decision 181).
  app.use(serveOneClickUnsubscribe(handle.db));

  // The catalogue for AI assistants (Model Context Protocol, decision 065): never cached, no session.
  app.all(MCP_PATH, ...mcpEndpoint({ db: handle.db }));

  // A "Visit website" link's ping (decision 178): counted in memory, answered 204.
  app.post(...countWebsiteClicks(toolCounters));

  // React Router answers OPTIONS with 405; a cross-origin script's preflight gets the API's CORS policy.
  app.options("/api/v1/*path", (_req, res) => void sendFetchResponse(res, answerPreflight()));
  // An unknown API address (404) or a method the read-only API does not answer (405), as problem details.
  app.use(refuseUnknownApiRequests(routeTable));

  app.all(`${AUTH_BASE_PATH}/*path`, async (req, res, next) => {
    try {
      const rule = req.method === "POST" ? authRateLimitRule(req.path.slice(AUTH_BASE_PATH.length)) : undefined;
      if (rule) {
        const refusal = await enforceRateLimit({ db: handle.db, rule, subject: clientIpOf(req) });
        // Better Auth's own clients read its error shape, { message }.
        if (refusal) return void res.status(refusal.status).set(refusal.headers).json({ message: refusal.message });
      }
      const response = await auth.handler(toFetchRequest(req, res));
      if (response.status >= 500 && databaseFailedDuringRequest()) return void sendTemporarilyUnavailable(req, res);
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Posts from other sites' pages: 403 with a sentence (a document's comes from its action's check).
  app.use(refuseCrossSitePosts({ siteUrl }));

  app.all(
    /.*/,
    renderAndCachePages({
      services,
      cache,
      dataMemo,
      csp,
      handleRequest,
      answerFromCache,
      sharedCacheControl: config.sharedCacheControl,
    }),
  );

  app.use(answerClientErrors);
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (isDatabaseUnavailable(error)) return sendTemporarilyUnavailable(req, res, error);
    logger.error({ err: error, url: req.originalUrl }, "unhandled request error");
    if (res.headersSent) return void res.end();
    if (isApiRequest(req.originalUrl)) return sendProblem(res, problem(500, "The answer could not be produced."));
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  return { app, answerFromCache, hostPolicy };
}
