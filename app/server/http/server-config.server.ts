import { env } from "../env.server";
import { RATE_LIMITS } from "../security/rate-limit-rules.server";

/** How long a page that is no longer fresh may still be served while it is rendered again (decision 097). */
export const STALE_SECONDS = 24 * 60 * 60;

export type ServerConfig = ReturnType<typeof serverConfig>;

/** What start-up derives from the parsed configuration, worked out in one place. */
export function serverConfig(settings: typeof env = env) {
  const production = settings.NODE_ENV === "production";
  const host = settings.HOST === "0.0.0.0" ? "localhost" : settings.HOST;
  return Object.freeze({
    production,
    /** Pages kept fresh this long; off in development, where every page is rendered afresh. */
    pageTtlMs: production ? settings.PAGE_CACHE_SECONDS * 1000 : 0,
    /** PUBLIC_URL without its trailing slash; null when pages link to whichever address a request names. */
    siteUrl: settings.PUBLIC_URL?.replace(/\/$/, "") ?? null,
    /** The address this process serves, for links when PUBLIC_URL is not set. */
    listenUrl: (port: number = settings.PORT) => `http://${host}:${port}`,
    // Browsers ask again every time; shared caches (a CDN) keep a page as long as this process does,
    // and serve it stale while they fetch it again (decision 098).
    sharedCacheControl:
      settings.PAGE_CACHE_SECONDS > 0
        ? `public, max-age=0, s-maxage=${settings.PAGE_CACHE_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`
        : "public, no-cache",
    google:
      settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
        ? {
            clientId: settings.GOOGLE_CLIENT_ID,
            clientSecret: settings.GOOGLE_CLIENT_SECRET,
            issuerUrl: settings.GOOGLE_ISSUER_URL,
          }
        : undefined,
    apiRateLimit: settings.API_RATE_LIMIT ?? RATE_LIMITS.api.limit,
  });
}
