import type { Server } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { readTheme } from "~/lib/theme";
import { createPageCache } from "../cache/page-cache";
import { AUTH_BASE_PATH, createAuth } from "../auth/auth.server";
import { announceAdminSetup } from "../auth/admin-setup.server";
import { resolveViewer } from "../auth/viewer.server";
import { connectPageInvalidation } from "../cache/invalidation.server";
import type { AppServices } from "../context";
import { openConfiguredDatabase } from "../db/configured-database";
import { isCatalogueEmpty, seedDemoCatalogue } from "../db/seed";
import { env } from "../env";
import { logger } from "../logger";
import { createMailer } from "../mail/mailer.server";
import { authRateLimitRule, enforceRateLimit } from "../security/rate-limit-rules.server";
import { getOrCreateInstanceSecret } from "../security/instance-secrets.server";
import { pruneRateLimits } from "../security/rate-limit.server";
import { researchServiceFromEnv } from "../research/research-service.server";
import { configuredStorage, UPLOADS_PATH } from "../storage/configured-storage";
import { serveLocalUploads } from "../storage/local-storage";
import { clientIpOf, sendFetchResponse, toFetchRequest, writeHeaders } from "./fetch-adapter";

export type StartOptions = {
  /** Development passes Vite's loader so route changes reload without a restart. */
  getBuild?: () => Promise<ServerBuild>;
  /** Development passes Vite's middleware; production serves build/client itself. */
  devMiddleware?: express.RequestHandler;
};

/** React Router's production build, bundled beside this module (exported for full-page render tests). */
export const loadReactRouterBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

export type RunningServer = { server: Server; url: string; stop(): Promise<void> };

/** Requests that carry a session, any auth cookie or a one-time message are personal and never cached. */
const PERSONAL_COOKIE = /(?:^|;\s*)[^=]*(?:session|auth|flash)[^=]*=/i;

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const startedAt = Date.now();
  const { handle, releaseLock } = await openConfiguredDatabase();
  await handle.migrate();

  const storage = configuredStorage();
  if (env.SEED_DEMO && (await isCatalogueEmpty({ db: handle.db }))) {
    const report = await seedDemoCatalogue({ db: handle.db, storage });
    logger.info(report, "seeded the demo catalogue");
  }

  if (handle.kind === "pglite") {
    // PGlite has no autovacuum daemon: without this the planner guesses row counts and may scan.
    await handle.db.execute(sql`analyze`);
  }

  const production = env.NODE_ENV === "production";
  const cache = createPageCache({ ttlMs: production ? env.PAGE_CACHE_SECONDS * 1000 : 0, maxEntries: 2000 });
  const pageInvalidation = await connectPageInvalidation({ handle, cache });
  const siteUrl = env.PUBLIC_URL?.replace(/\/$/, "") ?? null;
  const mailer = createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: path.join(env.dataDir, "mail") });
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
  const services: AppServices = {
    db: handle.db,
    siteUrl,
    auth,
    googleSignIn: google !== undefined,
    storage,
    research,
    invalidatePublicPages: pageInvalidation.invalidatePublicPages,
  };
  // React Router refuses a form post whose Origin differs from the address the server sees; behind
  // a TLS proxy without TRUST_PROXY that address is http://, so the public origin is allowed too.
  const allowedActionOrigins = siteUrl ? [new URL(siteUrl).host] : [];
  const withOrigins = (build: ServerBuild): ServerBuild => ({ ...build, allowedActionOrigins });
  const mode = production ? "production" : "development";
  const { getBuild } = options;
  // Given a build object, React Router prepares its routes once; given a function (development,
  // where Vite swaps modules), it prepares them again on every request.
  const handleRequest = getBuild
    ? createRequestHandler(async () => withOrigins(await getBuild()), mode)
    : createRequestHandler(withOrigins(await loadReactRouterBuild()), mode);

  let shuttingDown = false;
  const app = express();
  app.disable("x-powered-by");
  // A number of proxy hops: X-Forwarded-For's entry that many places from the right is the client.
  app.set("trust proxy", env.TRUST_PROXY || false);
  app.use((req, res, next) => {
    const began = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - began) / 1e6;
      logger.info({ method: req.method, url: req.originalUrl, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
    });
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (shuttingDown) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    if (shuttingDown) return void res.status(503).json({ status: "shutting down" });
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

  // Known image types only, each with its own Content-Type, nosniff and an inert-SVG policy.
  app.use(UPLOADS_PATH, serveLocalUploads(path.join(env.dataDir, "uploads")));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    // A missing hashed asset is a plain 404, never an HTML page.
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", fallthrough: false }));
    // Other public files (favicon.svg) have an extension; pages never do, so they skip the disk.
    const publicFiles = express.static("build/client", { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

  app.all(`${AUTH_BASE_PATH}/*path`, async (req, res, next) => {
    try {
      const rule = req.method === "POST" ? authRateLimitRule(req.path.slice(AUTH_BASE_PATH.length)) : undefined;
      if (rule) {
        const refusal = await enforceRateLimit({ db: handle.db, rule, subject: clientIpOf(req) });
        if (refusal) return void res.status(429).set("Retry-After", String(refusal.retryAfterSeconds)).json({ message: refusal.message });
      }
      await sendFetchResponse(res, await auth.handler(toFetchRequest(req, res)));
    } catch (error) {
      next(error);
    }
  });

  app.all(/.*/, async (req, res, next) => {
    try {
      const cacheable =
        (req.method === "GET" || req.method === "HEAD") && !PERSONAL_COOKIE.test(req.get("cookie") ?? "");
      // Anonymous pages differ only by address and theme; other cookies (analytics) must not split the cache.
      const cacheKey = `${req.originalUrl}\n${readTheme(req.get("cookie") ?? null)}`;
      if (cacheable) {
        const hit = cache.get(cacheKey);
        if (hit) {
          // A hit is compressed once and kept, instead of once per request by the middleware.
          const gzip = /\bgzip\b/.test(req.get("accept-encoding") ?? "");
          if (gzip) hit.gzipped ??= gzipSync(hit.body);
          const encoding: [string, string][] = gzip ? [["content-encoding", "gzip"]] : [];
          writeHeaders(res, hit.status, [...hit.headers, ...encoding, ["vary", "Accept-Encoding"], ["x-cache", "HIT"]]);
          return void res.end(req.method === "HEAD" ? undefined : gzip ? hit.gzipped : hit.body);
        }
      }
      const request = toFetchRequest(req, res);
      const { viewer, setCookies } = await resolveViewer({ auth, db: handle.db, headers: request.headers });
      const response = await handleRequest(request, { ...services, viewer, clientIp: clientIpOf(req) });
      // A session past its update age was extended: the page carries the renewed cookie, unless
      // the route itself set the session (sign-in, sign-out), which wins.
      const renewed = response.headers.getSetCookie().some((cookie) => cookie.includes("session_token")) ? [] : setCookies;
      const storable = !/\b(?:no-store|private)\b/i.test(response.headers.get("cache-control") ?? "");
      if (cacheable && storable && response.status === 200 && req.method === "GET" && !response.headers.has("set-cookie")) {
        const body = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers.entries()];
        cache.set(cacheKey, { status: response.status, headers, body });
        writeHeaders(res, response.status, [...headers, ["x-cache", "MISS"]]);
        return void res.end(body);
      }
      await sendFetchResponse(res, response, renewed);
    } catch (error) {
      next(error);
    }
  });

  app.use((error: unknown, req: express.Request, res: express.Response, _next: express.NextFunction) => {
    logger.error({ err: error, url: req.originalUrl }, "unhandled request error");
    if (!res.headersSent) res.status(500).type("text/plain").send("Internal Server Error");
    else res.end();
  });

  const server = await new Promise<Server>((resolve, reject) => {
    const listening = app.listen(env.PORT, env.HOST, () => resolve(listening)).on("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const url = `http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${port}`;
  logger.info(
    { url, database: handle.kind, location: handle.location, mail: mailer.destination, storage: env.S3_BUCKET ? "s3" : "local", research: research.availability.configured ? research.availability.model : "not configured", ms: Date.now() - startedAt },
    `Aitlas is serving ${url}`,
  );
  await announceAdminSetup({ db: handle.db, siteUrl: siteUrl ?? url });

  // Counters of finished windows are dead weight; an hourly sweep keeps the table small.
  const pruneTimer = setInterval(() => {
    pruneRateLimits({ db: handle.db, olderThanMs: 24 * 60 * 60 * 1000 }).catch((error: unknown) =>
      logger.warn({ err: error }, "could not prune rate-limit counters"),
    );
  }, 60 * 60 * 1000).unref();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      shuttingDown = true;
      clearInterval(pruneTimer);
      logger.info("shutting down: finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open; in-flight ones get Connection: close.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, env.SHUTDOWN_TIMEOUT_MS).unref());
      await Promise.race([closed, deadline]);
      clearInterval(sweep);
      server.closeAllConnections();
      await pageInvalidation.stop();
      await handle.close();
      releaseLock();
      logger.info("stopped");
    })());

  return { server, url, stop };
}
