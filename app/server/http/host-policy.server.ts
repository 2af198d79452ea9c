import type express from "express";

/**
 * Which host names the server answers for, and the origin its pages put in canonical links,
 * og:url, JSON-LD, the sitemap and the feed. The request's Host is the client's to choose, so it
 * must never decide what another visitor sees:
 * - PUBLIC_URL set: that is the origin of every page, whatever the request names.
 * - ALLOWED_HOSTS set: any other host gets 421 Misdirected Request (PUBLIC_URL's host is always allowed).
 * - Neither (the two-command start): the origin comes from the request, and the page cache keys on it.
 */
export type HostPolicy = {
  /** The origin for this request, or why it is refused. */
  resolve(request: HostedRequest): { origin: string } | { refusal: { status: 400 | 421; message: string } };
  /** Whether pages name a configured origin (true) or the one each request came to. */
  readonly fixedOrigin: boolean;
};

/** What the policy needs of a request: Express's view, after "trust proxy" decides on X-Forwarded-*. */
export type HostedRequest = { host: string | undefined; protocol: string };

// A DNS name (underscores allowed, as in container names), an IPv4 address or a bracketed IPv6 one, and a port.
const HOST_PATTERN = /^(?:\[[0-9a-f:.]+\]|[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?)(?::(\d{1,5}))?$/i;
const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

/** A Host value split into a lower-case name without its trailing dot, and its port; null when malformed. */
export function parseHost(value: string): { hostname: string; port: string | undefined } | null {
  const match = HOST_PATTERN.exec(value);
  if (!match) return null;
  const port = match[1];
  if (port !== undefined && Number(port) > 65535) return null;
  const name = port === undefined ? value : value.slice(0, -(port.length + 1));
  return { hostname: name.toLowerCase().replace(/\.$/, ""), port };
}

export function createHostPolicy({
  publicUrl,
  allowedHosts,
}: {
  publicUrl: string | undefined;
  allowedHosts: readonly string[];
}): HostPolicy {
  const configuredOrigin = publicUrl ? new URL(publicUrl).origin : null;
  const allowed = new Set(allowedHosts);
  if (configuredOrigin && allowed.size > 0) allowed.add(new URL(configuredOrigin).hostname);
  const allowedList = [...allowed].join(", ");

  return {
    fixedOrigin: configuredOrigin !== null,
    resolve({ host, protocol }) {
      const parsed = host === undefined ? null : parseHost(host);
      if (host !== undefined && !parsed) {
        return { refusal: { status: 400, message: "Bad Request: the Host header is not a valid host name." } };
      }
      if (parsed && allowed.size > 0 && !allowed.has(parsed.hostname)) {
        return {
          refusal: {
            status: 421,
            message: `Misdirected Request: this server answers for ${allowedList}, not ${parsed.hostname}.`,
          },
        };
      }
      if (configuredOrigin) return { origin: configuredOrigin };
      if (!parsed) return { refusal: { status: 400, message: "Bad Request: a Host header is required." } };
      // One spelling per origin: LOCALHOST., localhost:80 and localhost are the same site and cache entry.
      const port = parsed.port === DEFAULT_PORTS[protocol] ? undefined : parsed.port;
      return { origin: `${protocol}://${parsed.hostname}${port === undefined ? "" : `:${port}`}` };
    },
  };
}

/**
 * Refuses requests for hosts the policy does not allow, and leaves the origin to use in
 * res.locals.origin. An absolute-form request target (GET http://other.example/ HTTP/1.1) names
 * its host itself (RFC 9112, section 3.2.2): that host replaces the Host header, and the target
 * becomes a path, so nothing later mistakes it for this site's address.
 */
export function enforceHostPolicy(
  policy: HostPolicy,
  /** Answers a refusal its own way (the API's problem details) and says so; plain text otherwise. */
  answerRefusal?: (
    req: express.Request,
    res: express.Response,
    refusal: { status: number; message: string },
  ) => boolean,
): express.RequestHandler {
  return (req, res, next) => {
    if (!req.url.startsWith("/")) {
      let target: URL;
      try {
        target = new URL(req.url);
      } catch {
        return void res.status(400).type("text/plain").send("Bad Request: the request target is not a path.");
      }
      if (target.protocol !== "http:" && target.protocol !== "https:") {
        return void res.status(400).type("text/plain").send("Bad Request: the request target is not a path.");
      }
      req.headers.host = target.host;
      req.url = req.originalUrl = `${target.pathname}${target.search}`;
    }
    const resolved = policy.resolve({ host: req.host, protocol: req.protocol });
    if ("refusal" in resolved) {
      const { status, message } = resolved.refusal;
      if (answerRefusal?.(req, res, resolved.refusal)) return;
      return void res.status(status).type("text/plain").send(message);
    }
    res.locals.origin = resolved.origin;
    next();
  };
}
