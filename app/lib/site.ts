import { useRouteLoaderData } from "react-router";

/**
 * What the operator calls the site (SITE_NAME, SITE_TAGLINE, SITE_DESCRIPTION, SITE_LOGO_PATH,
 * SITE_FAVICON_PATH). The server reads it from the configuration; the browser gets it from the root
 * loader, so one build serves any name (decision 086).
 */
export type SiteBranding = {
  name: string;
  tagline: string;
  description: string;
  /** The configured logo's address (served by the app), or null for the built-in mark. */
  logoUrl: string | null;
  faviconUrl: string;
};

/** The product's own name and texts, used when nothing else is configured. */
export const DEFAULT_SITE_BRANDING: SiteBranding = Object.freeze({
  name: "Aitlas",
  tagline: "A free and impartial directory for discovering and comparing the latest AI tools.",
  description:
    "Discover the best AI tools: a free, impartial directory to search, compare and rate AI tools by category, with guides and comparisons updated daily.",
  logoUrl: null,
  faviconUrl: "/favicon.svg",
});

/** The root loader's branding, from a meta function's matches (meta functions run on both sides). */
export function brandingFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): SiteBranding {
  const root = matches.find((match) => match?.id === "root")?.data as { site?: SiteBranding } | undefined;
  return root?.site ?? DEFAULT_SITE_BRANDING;
}

/** The site's name from a meta function's matches. */
export const siteNameFromMatches = (matches: readonly ({ id: string; data?: unknown } | undefined)[]): string =>
  brandingFromMatches(matches).name;

/** The branding inside a component, from the root loader (the default while it has none, e.g. on an error page). */
export function useSiteBranding(): SiteBranding {
  const root = useRouteLoaderData("root") as { site?: SiteBranding } | undefined;
  return root?.site ?? DEFAULT_SITE_BRANDING;
}
