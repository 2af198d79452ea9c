import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import type { Resolver } from "~/server/outbound/guarded-fetch.server";

// Tools' websites on loopback, told apart by the Host header: one HTTP server plays every site
// named in `sites`, and `resolve` (given to createOutboundClient) maps those names, and nothing
// else, to 127.0.0.1, so no test needs DNS or the network. An unknown name fails like DNS does
// (ENOTFOUND). One https server with a self-signed certificate answers every name, for TLS failures.

export type SiteBehaviour =
  /** 200, a small HTML page. */
  | "ok"
  /** 301 to http://elsewhere.test:{port}/ (another registrable domain, which answers 200). */
  | "moved"
  /** 301 to http://www.{host}:{port}/ (same domain). */
  | "www"
  | "not-found"
  | "forbidden"
  | "server-error"
  /** Accepts the request and never answers (until the fake closes). */
  | "hang"
  /** Destroys the connection on receipt (ECONNRESET on the client). */
  | "reset"
  /** 200, a page saying the domain is for sale. */
  | "parked"
  /** 302 to itself, forever. */
  | "loop"
  /** 302 to http://127.0.0.2:{port}/, a loopback address the test's policy does not allow. */
  | "to-private";

export type FakeWebsites = {
  port: number;
  /** https on another port, every name answered with a self-signed certificate. */
  tlsPort: number;
  url(host: string, path?: string): string;
  resolve: Resolver;
  /** Change a site between runs. */
  setSite(host: string, behaviour: SiteBehaviour): void;
  /** Requests received per host name (port left out). */
  requests: Map<string, number>;
  /** The most requests one site had open at the same time ("www." counts as the same site). */
  maxConcurrentByHost: Map<string, number>;
  /** The most requests open at the same time, all hosts together. */
  maxConcurrent(): number;
  /** Forget the counts, between tests. */
  resetCounts(): void;
  /** The User-Agent of the last request to each host. */
  userAgents: Map<string, string>;
  close(): Promise<void>;
};

const SELF_SIGNED_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgDjO81r/vydz6v23d
OoZy0kDt8Sq6dY/C5S8yH+1zc5KhRANCAATzzNJCrHeAwfA9SJP53yoTyUu9YrLM
3NDr0mrIB1VFtFNROl0kZpd4SlUvQ7TKdLyQaXu+UT4HI5GpyuYFEz9N
-----END PRIVATE KEY-----`;
// CN and subjectAltName self-signed.test, valid until 2126; made with openssl req -x509 -newkey ec.
const SELF_SIGNED_CERT = `-----BEGIN CERTIFICATE-----
MIIBqjCCAVCgAwIBAgIUFgC0j7ZnvNBQESbFRmTZUN4DDlYwCgYIKoZIzj0EAwIw
GzEZMBcGA1UEAwwQc2VsZi1zaWduZWQudGVzdDAgFw0yNjExMjQxODU4MDJaGA8y
MTI2MTAzMTE4NTgwMlowGzEZMBcGA1UEAwwQc2VsZi1zaWduZWQudGVzdDBZMBMG
ByqGSM49AgEGCCqGSM49AwEHA0IABPPM0kKsd4DB8D1Ik/nfKhPJS71isszc0OvS
asgHVUW0U1E6XSRml3hKVS9DtMp0vJBpe75RPgcjkanK5gUTP02jcDBuMB0GA1Ud
DgQWBBRJYvU1GcB+RMl6lmTPjPGVhtys3jAfBgNVHSMEGDAWgBRJYvU1GcB+RMl6
lmTPjPGVhtys3jAPBgNVHRMBAf8EBTADAQH/MBsGA1UdEQQUMBKCEHNlbGYtc2ln
bmVkLnRlc3QwCgYIKoZIzj0EAwIDSAAwRQIhAJC1GZ0XFtwiAjPitxsdPV1UbS5a
XNW2N0lqkjJYt7NRAiALy/VKh/40ksJ+YvaY6NXxG4wRRFbDcqAfesJ+Hls8Sw==
-----END CERTIFICATE-----`;

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

export async function startFakeWebsites({
  sites,
  delayMs = 0,
}: {
  sites: Record<string, SiteBehaviour>;
  /** How long an answer takes, so that overlapping requests can be seen. */
  delayMs?: number;
}): Promise<FakeWebsites> {
  const behaviours = new Map(Object.entries({ "elsewhere.test": "ok" as SiteBehaviour, ...sites }));
  const requests = new Map<string, number>();
  const open = new Map<string, number>();
  const maxConcurrentByHost = new Map<string, number>();
  const userAgents = new Map<string, string>();
  let openTotal = 0;
  let maxTotal = 0;
  let port = 0;

  const server = http.createServer((request, response) => {
    const host = (request.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
    requests.set(host, (requests.get(host) ?? 0) + 1);
    userAgents.set(host, request.headers["user-agent"] ?? "");
    const site = host.replace(/^www\./, "");
    open.set(site, (open.get(site) ?? 0) + 1);
    maxConcurrentByHost.set(site, Math.max(maxConcurrentByHost.get(site) ?? 0, open.get(site)!));
    openTotal++;
    maxTotal = Math.max(maxTotal, openTotal);
    let finished = false;
    // "finish" (the answer handed to the socket) comes before the client can ask again; "close"
    // alone may come after the next request has arrived. Hung and reset requests only close.
    const done = () => {
      if (finished) return;
      finished = true;
      open.set(site, open.get(site)! - 1);
      openTotal--;
    };
    response.once("finish", done);
    response.once("close", done);
    const answer = () => {
      const html = (status: number, body: string) => {
        response.writeHead(status, { "content-type": "text/html; charset=utf-8" });
        response.end(body);
      };
      const redirect = (status: number, location: string) => {
        response.writeHead(status, { location });
        response.end();
      };
      const behaviour = behaviours.get(host) ?? (host.startsWith("www.") ? behaviours.get(host.slice(4)) : undefined);
      switch (host.startsWith("www.") && behaviour === "www" ? "ok" : behaviour) {
        case "ok":
          return html(200, page(host, `<h1>${host}</h1><p>An AI tool that answers.</p>`));
        case "moved":
          return redirect(301, `http://elsewhere.test:${port}/`);
        case "www":
          return redirect(301, `http://www.${host}:${port}/`);
        case "not-found":
          return html(404, page("Not found", "<p>Nothing here.</p>"));
        case "forbidden":
          return html(403, page("Forbidden", "<p>Are you a robot?</p>"));
        case "server-error":
          return html(500, page("Error", "<p>Something broke.</p>"));
        case "hang":
          return; // the socket stays open until close()
        case "reset":
          request.socket.destroy();
          return;
        case "parked":
          return html(200, page(host, `<h1>${host}</h1><p>This domain is for sale! Make an offer today.</p>`));
        case "loop":
          return redirect(302, `http://${host}:${port}/again`);
        case "to-private":
          return redirect(302, `http://127.0.0.2:${port}/`);
        default:
          return html(421, page("Misdirected", `<p>No site ${host} here.</p>`));
      }
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
  const tlsServer = https.createServer({ key: SELF_SIGNED_KEY, cert: SELF_SIGNED_CERT }, (_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(page("TLS", "<p>Behind a certificate nobody signed.</p>"));
  });
  const listen = (target: http.Server) =>
    new Promise<number>((resolve, reject) => {
      target.once("error", reject);
      target.listen(0, "127.0.0.1", () => resolve((target.address() as AddressInfo).port));
    });
  port = await listen(server);
  const tlsPort = await listen(tlsServer);

  const resolve: Resolver = async (hostname) => {
    const name = hostname.toLowerCase();
    const bare = name.startsWith("www.") ? name.slice(4) : name;
    if (behaviours.has(name) || behaviours.has(bare) || name === "self-signed.test") {
      return [{ address: "127.0.0.1", family: 4 }];
    }
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
      code: "ENOTFOUND",
      syscall: "getaddrinfo",
      hostname,
    });
  };

  const closeServer = (target: http.Server) =>
    new Promise<void>((resolve, reject) => {
      target.close((error) => (error ? reject(error) : resolve()));
      // Hanging requests and keep-alive sockets would hold close() open.
      target.closeAllConnections();
    });

  return {
    port,
    tlsPort,
    url: (host, path = "/") => `http://${host}:${port}${path}`,
    resolve,
    setSite: (host, behaviour) => void behaviours.set(host, behaviour),
    requests,
    maxConcurrentByHost,
    userAgents,
    maxConcurrent: () => maxTotal,
    resetCounts: () => {
      requests.clear();
      maxConcurrentByHost.clear();
      maxTotal = openTotal;
    },
    close: async () => {
      await Promise.all([closeServer(server), closeServer(tlsServer)]);
    },
  };
}
