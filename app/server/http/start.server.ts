import { createServer, type OutgoingHttpHeaders, type Server } from "node:http";
import path from "node:path";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createDataMemo } from "../cache/data-memo.server";
import { createPageCache, etagOf } from "../cache/page-cache.server";
import { AUTH_BASE_PATH, createAuth } from "../auth/auth.server";
import { announceAdminSetup } from "../auth/admin-setup.server";
import { resolveViewer } from "../auth/viewer.server";
import { connectPagePurges } from "../cache/page-purge.server";
import { createCdnPurger } from "../cache/cdn-purge.server";
import { pageTagList, tagHeaders, type PageTags } from "../cache/page-tags.server";
import { readTheme } from "~/lib/theme";
import type { AppServices } from "../context.server";
import { openConfiguredDatabase } from "../db/configured-database.server";
import { serveBrandAssets, siteBranding } from "../branding.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "../db/seed.server";
import { refreshRankingPriorIfDrifted } from "../catalog/ranking.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { createMailer } from "../mail/mailer.server";
import { authRateLimitRule, enforceRateLimit, RATE_LIMITS } from "../security/rate-limit-rules.server";
import { getOrCreateInstanceSecret } from "../security/instance-secrets.server";
import { pruneRateLimits } from "../security/rate-limit.server";
import { researchServiceFromEnv } from "../research/research-service.server";
import { configuredStorage, UPLOADS_PATH } from "../storage/configured-storage.server";
import { serveLocalUploads } from "../storage/local-storage.server";
import { clientIpOf, sendFetchResponse, toFetchRequest, writeHeaders } from "./fetch-adapter.server";
import { cacheableRequest, cacheKeyOf, createCachedHitResponder, logWhenFinished } from "./cached-hits.server";
import { redirectToCanonicalPaths } from "./canonical-paths.server";
import { answerClientErrors, rejectMalformedAddresses } from "./malformed-requests.server";
import { withLoggedRequestErrors } from "./request-errors.server";
import { analyticsScriptUrl } from "../analytics.server";
import { createContentSecurityPolicy } from "./content-security-policy.server";
import { createHostPolicy, enforceHostPolicy } from "./host-policy.server";
import { MCP_PATH, mcpEndpoint } from "./mcp-endpoint.server";
import {
  databaseFailedDuringRequest,
  isDatabaseUnavailable,
  watchDatabaseFailures,
} from "../db/database-unavailable.server";
import { sendTemporarilyUnavailable, watchForDatabaseOutage } from "./database-outage.server";
import { drainThenClose } from "./shutdown.server";
import { createJobQueue } from "../jobs/job-queue.server";
import { jobDefinitionsFromEnv } from "../jobs/job-definitions.server";
import { answerPreflight, matchesIfNoneMatch } from "../api/respond.server";
import { storableApiHeaders } from "../api/cached-answer.server";
import { createBatchedRateLimiter } from "../security/batched-rate-limit.server";
import { resetMailsSettled } from "../auth/password-reset.server";
import { serveMarkdownTwins } from "./markdown-twins.server";
import { backupSettings } from "../backup/backup-record.server";
import { controlSocketPath, listenOnControlSocket } from "../control/control-socket.server";
import { operatorCommands } from "../control/operator-commands.server";
import type { DatabaseHandle } from "../db/client.server";
import type { FileStorage } from "../storage/local-storage.server";

/** How long a page that is no longer fresh may still be served while it is rendered again (decision 097). */
const STALE_SECONDS = 24 * 60 * 60;

/** Whether an anonymous visitor chose a theme: their pages differ from everyone else's. */
const themed = (cookie: string) => readTheme(cookie || null) !== "system";

/** A 304 carries no body, so none of the content headers (Content-Security-Policy among them). */
const notModified = (headers: [string, string][]) =>
  headers.filter(([name]) => !name.toLowerCase().startsWith("content-"));

export type StartOptions = {
  /** Development passes Vite's loader so route changes reload without a restart. */
  getBuild?: () => Promise<ServerBuild>;
  /** Development passes Vite's middleware; production serves build/client itself. */
  devMiddleware?: express.RequestHandler;
};

/** React Router's production build, bundled beside this module (exported for full-page render tests). */
export const loadReactRouterBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

export type RunningServer = { server: Server; url: string; stop(): Promise<void> };

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const startedAt = Date.now();
  const { handle, releaseLock } = await openConfiguredDatabase({ serving: true });
  await handle.migrate();

  const storage = configuredStorage();
  if (env.SEED_DEMO && (await isCatalogueEmpty({ db: handle.db }))) {
    const report = await seedDemoCatalogue({ db: handle.db, storage });
    logger.info(report, "seeded the demo catalogue");
  }
  await refreshRankingPriorIfDrifted({ db: handle.db });

  if (handle.kind === "pglite") {
    // PGlite has no autovacuum daemon: without this the planner guesses row counts and may scan.
    await handle.db.execute(sql`analyze`);
  }

  const production = env.NODE_ENV === "production";
  const pageTtlMs = production ? env.PAGE_CACHE_SECONDS * 1000 : 0;
  const cache = createPageCache({
    ttlMs: pageTtlMs,
    staleMs: STALE_SECONDS * 1000,
    maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
  });
  const cdn = env.CDN_PURGE_URL
    ? createCdnPurger({ url: env.CDN_PURGE_URL, token: env.CDN_PURGE_TOKEN ?? null, style: env.CDN_PURGE_STYLE })
    : null;
  // Off with the page cache: pages that are always rendered afresh read everything afresh too.
  const dataMemo = createDataMemo({ ttlMs: pageTtlMs });
  const pagePurges = await connectPagePurges({ handle, cache, memo: dataMemo, cdn });
  // Browsers ask again every time; shared caches (a CDN) keep a page as long as this process does,
  // and serve it stale while they fetch it again (decision 098).
  const sharedCacheControl =
    env.PAGE_CACHE_SECONDS > 0
      ? `public, max-age=0, s-maxage=${env.PAGE_CACHE_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`
      : "public, no-cache";
  const siteUrl = env.PUBLIC_URL?.replace(/\/$/, "") ?? null;
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    outboxDir: path.join(env.dataDir, "mail"),
  });
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl: env.GOOGLE_ISSUER_URL }
      : undefined;
  const auth = createAuth({
    db: handle.db,
    mailer,
    // Without PUBLIC_URL, links in emails point at the address the server listens on.
    siteUrl: siteUrl ?? `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${env.PORT}`,
    secret: env.AUTH_SECRET ?? (await getOrCreateInstanceSecret({ db: handle.db, name: "auth" })),
    google,
  });
  const research = researchServiceFromEnv(env);
  const hostPolicy = createHostPolicy({ publicUrl: env.PUBLIC_URL, allowedHosts: env.ALLOWED_HOSTS });
  const csp = createContentSecurityPolicy({
    analyticsScriptUrl: analyticsScriptUrl(),
    googleIssuerUrl: google ? google.issuerUrl : null,
    storageUrl: env.S3_BUCKET ? (env.S3_PUBLIC_URL ?? env.S3_ENDPOINT ?? null) : null,
    development: !production,
  });
  const backups = backupSettings(env);
  // Every process takes jobs; the queue in the database runs each one once (decision 067).
  const jobs = createJobQueue({
    connection: handle.jobQueueConnection,
    db: handle.db,
    definitions: jobDefinitionsFromEnv({
      env,
      research,
      purgePages: pagePurges.purgePages,
      backups: { settings: backups, storage, databaseKind: handle.kind },
    }),
    timeoutSeconds: env.JOB_TIMEOUT_SECONDS,
  });
  await jobs.start();
  const apiRateLimit = env.API_RATE_LIMIT ?? RATE_LIMITS.api.limit;
  const apiRateLimiter =
    apiRateLimit > 0
      ? createBatchedRateLimiter({ db: handle.db, rule: { ...RATE_LIMITS.api, limit: apiRateLimit } })
      : null;
  const services: AppServices = {
    db: handle.db,
    siteUrl,
    auth,
    googleSignIn: google !== undefined,
    storage,
    research,
    jobs,
    apiRateLimiter,
    mailer,
    backups,
    purgePages: pagePurges.purgePages,
  };
  // PGlite admits one process: `npm run backup` and `npm run admin` reach it through this server (decision 083).
  const control = handle.kind === "pglite" ? await startControlSocket({ handle, storage }) : null;
  // React Router refuses a form post whose Origin differs from the address the server sees; behind
  // a TLS proxy without TRUST_PROXY that address is http://, so the public origin is allowed too.
  const allowedActionOrigins = siteUrl ? [new URL(siteUrl).host] : [];
  const withOrigins = (build: ServerBuild): ServerBuild =>
    watchForDatabaseOutage(withLoggedRequestErrors({ ...build, allowedActionOrigins }));
  const mode = production ? "production" : "development";
  const { getBuild } = options;
  // Given a build object, React Router prepares its routes once; given a function (development,
  // where Vite swaps modules), it prepares them again on every request.
  const productionBuild = getBuild ? null : await loadReactRouterBuild();
  const handleRequest = productionBuild
    ? createRequestHandler(withOrigins(productionBuild), mode)
    : createRequestHandler(async () => withOrigins(await getBuild!()), mode);
  const routeTable = async () => (productionBuild ?? (await getBuild!())).routes;

  /** From SIGTERM: /readyz says 503 so the load balancer stops sending, while requests are still served. */
  let draining = false;
  /** From the end of the grace period: the port is closed and in-flight requests finish. */
  let shuttingDown = false;
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
    securityHeaders,
    closing: () => shuttingDown,
  });
  const app = express();
  app.disable("x-powered-by");
  // A number of proxy hops: X-Forwarded-For's entry that many places from the right is the client.
  app.set("trust proxy", env.TRUST_PROXY || false);
  app.use((_req, res, next) => {
    for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value!);
    if (shuttingDown) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());
  app.use(rejectMalformedAddresses);
  app.use(watchDatabaseFailures);

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    if (draining) return void res.status(503).json({ status: "shutting down" });
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
  app.use(enforceHostPolicy(hostPolicy));

  // Known image types only, each with its own Content-Type, nosniff and an inert-SVG policy.
  app.use(UPLOADS_PATH, serveLocalUploads(path.join(env.dataDir, "uploads")));
  // The operator's logo and favicon (SITE_LOGO_PATH, SITE_FAVICON_PATH), read once at start.
  app.use(serveBrandAssets());

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
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

  // The catalogue for AI assistants (Model Context Protocol, decision 065): never cached, no session.
  app.all(MCP_PATH, ...mcpEndpoint({ db: handle.db }));

  // React Router answers OPTIONS with 405; a cross-origin script's preflight gets the API's CORS policy.
  app.options("/api/v1/*path", (_req, res) => void sendFetchResponse(res, answerPreflight()));

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

  app.all(/.*/, async (req, res, next) => {
    /** The key of a cacheable GET: its stale page, if any, is this request's to render again. */
    let renderingKey: string | null = null;
    try {
      // Hits are answered before Express (cached-hits.server.ts); one reaches here only when the
      // host policy rewrote an absolute-form target into a path.
      if (answerFromCache(req, res)) return;
      const cookie = req.get("cookie") ?? "";
      const cacheable = cacheableRequest(req.method, req.path, cookie);
      // The origin a page links to is part of the key (without PUBLIC_URL it comes from the request).
      const origin = res.locals.origin as string;
      const api = cacheable?.api ?? false;
      const cacheKey = cacheKeyOf({ origin, url: req.originalUrl, api, cookie });
      if (cacheable && req.method === "GET") renderingKey = cacheKey;
      // Before anything is read: a purge from here on may name what this render shows too early.
      const renderMark = cache.beginRender();
      const request = toFetchRequest(req, res);
      const { viewer, setCookies } = await resolveViewer({ auth, db: handle.db, headers: request.headers });
      const cspNonce = csp.newNonce();
      const pageTags: PageTags = new Set();
      const context = {
        ...services,
        siteUrl: origin,
        viewer,
        clientIp: clientIpOf(req),
        cspNonce,
        pageTags,
        dataMemo,
      };
      const response = await handleRequest(request, context);
      if (response.status >= 500 && databaseFailedDuringRequest()) {
        if (renderingKey) cache.release(renderingKey);
        return void sendTemporarilyUnavailable(req, res);
      }
      const isPage = response.headers.get("content-type")?.startsWith("text/html") ?? false;
      // A session past its update age was extended: the page carries the renewed cookie, unless
      // the route itself set the session (sign-in, sign-out), which wins.
      const renewed = response.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))
        ? []
        : setCookies;
      const cacheControl = response.headers.get("cache-control");
      const storable = !/\b(?:no-store|private)\b/i.test(cacheControl ?? "");
      if (
        cacheable &&
        storable &&
        response.status === 200 &&
        req.method === "GET" &&
        !response.headers.has("set-cookie")
      ) {
        const body = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers.entries()];
        if (isPage) headers.push([csp.headerName, csp.forStoredPage(body.toString("utf8"), cspNonce)]);
        // A page chosen by theme must not reach a shared cache that keys by address alone.
        if (!cacheControl) headers.push(["cache-control", themed(cookie) ? "private, no-cache" : sharedCacheControl]);
        const tags = pageTagList(pageTags);
        headers.push(...tagHeaders(tags));
        // The API's answers carry their own ETag; a page's leaves out its nonce, the one part that
        // differs between renders of the same content.
        let etag = response.headers.get("etag");
        if (!etag)
          headers.push(["etag", (etag = etagOf(isPage ? body.toString("utf8").replaceAll(cspNonce, "") : body))]);
        cache.set(
          cacheKey,
          { status: 200, headers: api ? storableApiHeaders(headers) : headers, body, etag, tags },
          renderMark,
        );
        renderingKey = null;
        if (matchesIfNoneMatch(req.get("if-none-match") ?? null, etag)) {
          // The browser keeps the Content-Security-Policy that came with its copy.
          res.removeHeader(csp.headerName);
          writeHeaders(res, 304, [...notModified(headers), ["x-cache", "MISS"]]);
          return void res.end();
        }
        writeHeaders(res, 200, [...headers, ["x-cache", "MISS"]]);
        return void res.end(body);
      }
      if (renderingKey) {
        // Not a storable 200 any more (deleted, moved, personal now): the stale page goes; after
        // an error it stays, and the next request tries again.
        if (response.status < 500 && response.status !== 304) cache.delete(renderingKey);
        else cache.release(renderingKey);
        renderingKey = null;
      }
      if (isPage) res.setHeader(csp.headerName, csp.forNonce(cspNonce));
      // A page for one person, or one the cache may not keep, stays out of shared caches.
      if (!cacheControl) {
        const shared = cacheable && response.status === 200 && !themed(cookie);
        res.setHeader("cache-control", shared ? sharedCacheControl : "private, no-cache");
      }
      await sendFetchResponse(res, response, renewed);
    } catch (error) {
      if (renderingKey) cache.release(renderingKey);
      next(error);
    }
  });

  app.use(answerClientErrors);
  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (isDatabaseUnavailable(error)) return sendTemporarilyUnavailable(req, res, error);
    logger.error({ err: error, url: req.originalUrl }, "unhandled request error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
    else res.end();
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer((req, res) => {
      if (answerFromCache(req, res)) return;
      // One access line per request Express answers; hits log their own at debug level.
      logWhenFinished(req, res);
      void app(req, res);
    });
    listening.on("error", reject).listen(env.PORT, env.HOST, () => resolve(listening));
  });
  // Node's default of 5 s is shorter than a load balancer's idle timeout: the balancer would send a
  // request on a connection this server is closing at that moment, and its client would get a 502.
  server.keepAliveTimeout = env.KEEP_ALIVE_TIMEOUT_MS;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info(
    {
      url,
      database: handle.kind,
      location: handle.location,
      mail: mailer.destination,
      storage: env.S3_BUCKET ? "s3" : "local",
      research: research.availability.configured ? research.availability.model : "not configured",
      ms: Date.now() - startedAt,
    },
    `${siteBranding.name} is serving ${url}`,
  );
  if (!hostPolicy.fixedOrigin) {
    logger.warn(
      "PUBLIC_URL is not set: pages link to whichever address each request names. A public install should set PUBLIC_URL (and optionally ALLOWED_HOSTS).",
    );
  }
  await announceAdminSetup({ db: handle.db, siteUrl: siteUrl ?? url });

  // Counters of finished windows are dead weight; an hourly sweep keeps the table small.
  const pruneTimer = setInterval(
    () => {
      pruneRateLimits({ db: handle.db, olderThanMs: 24 * 60 * 60 * 1000 }).catch((error: unknown) =>
        logger.warn({ err: error }, "could not prune rate-limit counters"),
      );
    },
    60 * 60 * 1000,
  ).unref();

  const shutdown = drainThenClose({
    server,
    graceMs: env.SHUTDOWN_GRACE_MS,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    onDrain: () => {
      draining = true;
      clearInterval(pruneTimer);
    },
    onClose: () => {
      shuttingDown = true;
    },
  });
  let stopping: Promise<void> | undefined;
  /** A second call (a second SIGTERM or SIGINT) cuts the grace period short. */
  const stop = () => {
    if (stopping) {
      shutdown.endGrace();
      return stopping;
    }
    return (stopping = (async () => {
      // A running job finishes, or is handed back to the queue, while requests finish.
      await Promise.all([
        shutdown.run(),
        jobs.stop(env.SHUTDOWN_TIMEOUT_MS).catch((error: unknown) => logger.warn({ err: error }, "job queue stop")),
      ]);
      // Reset mails run after their answer; they need the database (decision 072).
      await resetMailsSettled();
      await apiRateLimiter?.stop();
      await pagePurges.stop();
      await cdn?.stop();
      await control?.close();
      await handle.close();
      releaseLock();
      logger.info("stopped");
    })());
  };

  return { server, url, stop };
}

/** The control socket, or null with a warning when it cannot listen (the site still serves). */
async function startControlSocket({ handle, storage }: { handle: DatabaseHandle; storage: FileStorage }) {
  const socketPath = controlSocketPath(env.dataDir);
  try {
    return await listenOnControlSocket({
      socketPath,
      handler: operatorCommands({ handle, storage, dataDir: env.dataDir }),
    });
  } catch (error) {
    logger.warn(
      { err: error, socketPath },
      "could not open the control socket: `npm run backup` and `npm run admin` cannot reach this server",
    );
    return null;
  }
}
