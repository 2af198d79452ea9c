import net from "node:net";
import { Readable } from "node:stream";
import { Agent, buildConnector, request, type Dispatcher } from "undici";
import { env } from "../env.server";
import {
  guardedLookup,
  OutboundAddressRefused,
  permits,
  systemResolver,
  type AddressPolicy,
  type Resolver,
} from "./address-policy.server";

export { OutboundAddressRefused, refusedRange, type Resolver } from "./address-policy.server";

/**
 * The one way server code fetches an address a person typed (a tool's website, a page to read):
 * every connection, redirects included, goes through the address policy of address-policy.server.ts.
 */

export const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Redirects went on longer than the limit (often a loop). */
export class OutboundTooManyRedirects extends Error {
  override readonly name = "OutboundTooManyRedirects";
  readonly code = "OUTBOUND_TOO_MANY_REDIRECTS";
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`more than ${MAX_REDIRECTS} redirects (the last, ${status}, from ${url})`);
  }
}

/** An honest User-Agent: what is asking and where to read about it. */
export function outboundUserAgent(product = "Aitlas/1.0"): string {
  return `${product} (+${env.PUBLIC_URL ?? env.SOURCE_CODE_URL})`;
}

export type OutboundClient = {
  dispatcher: Dispatcher;
  policy: AddressPolicy;
  close(): Promise<void>;
};

export type OutboundClientOptions = Partial<AddressPolicy> & {
  /** Tests map made-up host names to a loopback server; production uses the system resolver. */
  resolve?: Resolver;
  /** Connections per origin; the link checker never needs more than one. */
  connections?: number;
};

/**
 * An undici Agent whose every connection is checked: a host name through the guarded lookup, an
 * address literal (http://10.0.0.1/, http://[::1]/) before connecting, since net.connect skips
 * the lookup for those.
 */
export function createOutboundClient({
  allowPrivate = env.OUTBOUND_ALLOW_PRIVATE,
  allowAddress,
  resolve = systemResolver,
  connections = 4,
}: OutboundClientOptions = {}): OutboundClient {
  const policy: AddressPolicy = { allowPrivate, allowAddress };
  const connectOptions = { lookup: guardedLookup(policy, resolve), timeout: 10_000 };
  const connectAny = buildConnector(connectOptions as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (options, callback) => {
    if (net.isIP(options.hostname) && !permits(policy, options.hostname)) {
      callback(
        new OutboundAddressRefused(`${options.hostname} is a reserved address`, options.hostname, [options.hostname]),
        null,
      );
      return;
    }
    connectAny(options, callback);
  };
  const dispatcher = new Agent({
    connect,
    connections,
    // HTTP/1.1 only, as before undici 8 turned HTTP/2 on by default: a site's socket is closed once
    // it answers (`reset`, for the link check), and `connections` counts sockets, not streams.
    allowH2: false,
    // A checked site is rarely asked again soon; idle sockets would only hold memory.
    keepAliveTimeout: 2_000,
    keepAliveMaxTimeout: 5_000,
    // Backstops: callers pass their own, shorter deadline as a signal.
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  return { dispatcher, policy, close: () => dispatcher.close() };
}

let sharedClient: OutboundClient | undefined;
/** The process's client, with the configured policy. */
export function outboundClient(): OutboundClient {
  sharedClient ??= createOutboundClient();
  return sharedClient;
}

/** Refuses, before any connection, an address that is not http(s) or whose literal IP is reserved. */
function checkTarget(url: URL, policy: AddressPolicy) {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundAddressRefused(`${url.protocol} addresses are not fetched, only http and https`, url.host);
  }
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (net.isIP(host) && !permits(policy, host)) {
    throw new OutboundAddressRefused(`${host} is a reserved address`, host, [host]);
  }
}

export type GuardedResponse = {
  status: number;
  headers: Dispatcher.ResponseData["headers"];
  /** Must be read, dumped or destroyed by the caller. */
  body: Dispatcher.ResponseData["body"];
  /** The address that answered, after redirects. */
  url: string;
  redirects: number;
};

export type GuardedRequestOptions = {
  method?: "GET" | "HEAD";
  headers?: Record<string, string>;
  signal?: AbortSignal;
  maxRedirects?: number;
  client?: OutboundClient;
  /**
   * false: close each connection once answered. A link check asks thousands of hosts once each;
   * idle keep-alive sockets to them would only pile up (to EMFILE on a fast network).
   */
  reuseConnection?: boolean;
};

/**
 * GET (or HEAD) `url`, following up to `maxRedirects` redirects by hand so that every hop is
 * checked like the first (only http and https, no reserved address). Throws OutboundAddressRefused,
 * OutboundTooManyRedirects, or the network's own error (ENOTFOUND, ECONNREFUSED, a TLS error...).
 */
export async function guardedRequest(
  url: string | URL,
  {
    method = "GET",
    headers = {},
    signal,
    maxRedirects = MAX_REDIRECTS,
    client = outboundClient(),
    reuseConnection = true,
  }: GuardedRequestOptions = {},
): Promise<GuardedResponse> {
  let current = new URL(url);
  for (let redirects = 0; ; redirects++) {
    checkTarget(current, client.policy);
    const response = await request(current, {
      method,
      headers: { "user-agent": outboundUserAgent(), accept: "text/html,*/*;q=0.8", ...headers },
      signal,
      dispatcher: client.dispatcher,
      reset: !reuseConnection,
    });
    const location = firstHeader(response.headers.location);
    if (!REDIRECT_STATUSES.has(response.statusCode) || location === undefined) {
      return {
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
        url: current.toString(),
        redirects,
      };
    }
    // Reading the (small) redirect body lets the connection be reused; a failure there changes nothing.
    await response.body.dump({ limit: 16_384 }).catch(() => undefined);
    if (redirects >= maxRedirects) throw new OutboundTooManyRedirects(current.toString(), response.statusCode);
    try {
      current = new URL(location, current);
    } catch {
      throw new OutboundAddressRefused(`redirected to an invalid address "${location}"`, current.host);
    }
  }
}

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * guardedRequest as a Fetch API Response, for callers that want `.text()` or `.json()`. The
 * response's `url` is where the redirects ended. Statuses outside 200-599 answer 502.
 */
export async function guardedFetch(url: string | URL, options: GuardedRequestOptions = {}): Promise<Response> {
  const answer = await guardedRequest(url, options);
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, item);
  }
  const valid = answer.status >= 200 && answer.status <= 599;
  const noBody = !valid || options.method === "HEAD" || NULL_BODY_STATUSES.has(answer.status);
  if (noBody) await answer.body.dump().catch(() => undefined);
  const response = new Response(noBody ? null : (Readable.toWeb(answer.body) as ReadableStream<Uint8Array>), {
    status: valid ? answer.status : 502,
    headers,
  });
  Object.defineProperty(response, "url", { value: answer.url });
  return response;
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
