import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";

/** A route's full path as segments: "tool", ":id", "compare", ":pair?" (splats are left out). */
type RoutePattern = string[];

/**
 * Every route's full path, from the build's route table. React Router matches paths without
 * regard to case and with or without a trailing slash, so `/About/` would otherwise be a second
 * copy of `/about` for search engines.
 */
export function routePatterns(routes: ServerBuild["routes"]): RoutePattern[] {
  const fullPath = (id: string): string[] => {
    const route = routes[id];
    if (!route) return [];
    const own = route.path ? route.path.split("/").filter(Boolean) : [];
    return [...(route.parentId ? fullPath(route.parentId) : []), ...own];
  };
  const patterns = Object.keys(routes)
    .map(fullPath)
    .filter((segments) => segments.length > 0 && !segments.includes("*"));
  // The most specific first, as React Router ranks them: more fixed words win over parameters.
  const fixedWords = (pattern: RoutePattern) => pattern.filter((segment) => !segment.startsWith(":")).length;
  return patterns.sort((a, b) => fixedWords(b) - fixedWords(a));
}

/** The pattern's fixed words in their own case and the request's parameters as sent, or null if it does not match. */
export function matchIgnoringCase(pattern: RoutePattern, segments: string[]): string[] | null {
  const required = pattern.filter((segment) => !segment.endsWith("?")).length;
  if (segments.length < required || segments.length > pattern.length) return null;
  const canonical: string[] = [];
  for (const [index, segment] of segments.entries()) {
    const expected = pattern[index]!;
    if (expected.startsWith(":")) canonical.push(segment);
    else if (expected.toLowerCase() === segment.toLowerCase()) canonical.push(expected);
    else return null;
  }
  return canonical;
}

/**
 * The canonical form of a page's path, or null when it already is: no trailing slash, and the
 * route's fixed words in their own (lower) case. Parameters keep their case; the pages themselves
 * send a tool, category or tag address in another case to its canonical one.
 */
export function canonicalPath(pathname: string, patterns: RoutePattern[]): string | null {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
  // An empty segment or a backslash could turn the answer into another site's address ("//host").
  if (trimmed.includes("//") || trimmed.includes("\\")) return null;
  const segments = trimmed.split("/").slice(1);
  let canonical = trimmed;
  if (trimmed !== "/") {
    const matches = patterns.map((pattern) => matchIgnoringCase(pattern, segments)).filter((match) => match !== null);
    const exact = matches.some((match) => match.every((segment, index) => segment === segments[index]));
    if (!exact && matches.length > 0) canonical = `/${matches[0]!.join("/")}`;
  }
  return canonical === pathname ? null : canonical;
}

/**
 * Moves a GET or HEAD for a trailing-slash or case variant of a page permanently (301) to the
 * canonical address, keeping the query string. Other methods pass: a form's post is answered
 * where it was sent.
 */
export function redirectToCanonicalPaths(getRoutes: () => Promise<ServerBuild["routes"]>): RequestHandler {
  const patternsByTable = new WeakMap<ServerBuild["routes"], RoutePattern[]>();
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const routes = await getRoutes();
      let patterns = patternsByTable.get(routes);
      if (!patterns) patternsByTable.set(routes, (patterns = routePatterns(routes)));
      const target = canonicalPath(req.path, patterns);
      if (!target) return next();
      const queryStart = req.originalUrl.indexOf("?");
      const search = queryStart === -1 ? "" : req.originalUrl.slice(queryStart);
      res.set("Cache-Control", "public, max-age=86400").redirect(301, `${target}${search}`);
    } catch (error) {
      next(error);
    }
  };
}
