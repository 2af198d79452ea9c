import { env } from "./env.server";

/** The tracking script's address with the site id, or null when analytics is not configured. */
export function analyticsScriptUrl(): string | null {
  if (!env.ANALYTICS_SCRIPT_URL) return null;
  const url = new URL(env.ANALYTICS_SCRIPT_URL);
  if (env.ANALYTICS_SITE_ID) url.searchParams.set("site_id", env.ANALYTICS_SITE_ID);
  return url.toString();
}
