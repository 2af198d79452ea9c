import type { Server } from "node:http";
import path from "node:path";
import { gzipSync } from "node:zlib";
import compression from "compression";
import { sql } from "drizzle-orm";
import express from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { readTheme } from "~/lib/theme";
import { createPageCache } from "../cache/page-cache";
import type { AppContext } from "../context";
import { openConfiguredDatabase } from "../db/configured-database";
import { isCatalogueEmpty, seedDemoCatalogue } from "../db/seed";
import { env } from "../env";
import { logger } from "../logger";
import { configuredStorage, UPLOADS_PATH } from "../storage/configured-storage";
import { sendFetchResponse, toFetchRequest, writeHeaders } from "./fetch-adapter";

export type StartOptions = {
  /** Development passes Vite's loader so route changes reload without a restart. */
  getBuild?: () => Promise<ServerBuild>;
  /** Development passes Vite's middleware; production serves build/client itself. */
  devMiddleware?: express.RequestHandler;
};

/** React Router's production build, bundled beside this module (exported for full-page render tests). */
export const loadReactRouterBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

export type RunningServer = { server: Server; url: string; stop(): Promise<void> };

/** Requests that carry a session (or any auth cookie) are personal and never cached. */
const PERSONAL_COOKIE = /(?:^|;\s*)[^=]*(?:session|auth)[^=]*=/i;

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
  const context: AppContext = { db: handle.db, siteUrl: env.PUBLIC_URL?.replace(/\/$/, "") ?? null };
  const getBuild = options.getBuild ?? loadReactRouterBuild;
  const handleRequest = createRequestHandler(getBuild, production ? "production" : "development");

  let shuttingDown = false;
  const app = express();
  app.disable("x-powered-by");
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

  app.use(
    UPLOADS_PATH,
    express.static(path.join(env.dataDir, "uploads"), {
      maxAge: "7d",
      fallthrough: false,
      setHeaders: (res) => res.setHeader("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"),
    }),
  );

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else {
    // A missing hashed asset is a plain 404, never an HTML page.
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", fallthrough: false }));
    // Other public files (favicon.svg) have an extension; pages never do, so they skip the disk.
    const publicFiles = express.static("build/client", { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }

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
      const response = await handleRequest(toFetchRequest(req, res, false), context);
      if (cacheable && response.status === 200 && req.method === "GET" && !response.headers.has("set-cookie")) {
        const body = Buffer.from(await response.arrayBuffer());
        const headers = [...response.headers.entries()];
        cache.set(cacheKey, { status: response.status, headers, body });
        writeHeaders(res, response.status, [...headers, ["x-cache", "MISS"]]);
        return void res.end(body);
      }
      await sendFetchResponse(res, response);
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
    { url, database: handle.kind, location: handle.location, ms: Date.now() - startedAt },
    `Aitlas is serving ${url}`,
  );

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      shuttingDown = true;
      logger.info("shutting down: finishing in-flight requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Idle keep-alive sockets would hold close() open; in-flight ones get Connection: close.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, env.SHUTDOWN_TIMEOUT_MS).unref());
      await Promise.race([closed, deadline]);
      clearInterval(sweep);
      server.closeAllConnections();
      await handle.close();
      releaseLock();
      logger.info("stopped");
    })());

  return { server, url, stop };
}
