import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertServerBuilt, cleanUpServers, startServer, type RunningServer } from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";
import { rawGet } from "../setup/raw-http";

// Host header attacks on the production server over real HTTP: one request naming another host
// must not change the links (canonical, og:url, JSON-LD, sitemap, feed, robots) that anyone else
// gets, and with PUBLIC_URL the configured origin is the only one pages ever name.

const SLOW = 120_000;
const EVIL = "evil.example";

beforeAll(() => assertServerBuilt());
afterAll(() => cleanUpServers());

/** Every kind of page that names the site's origin: a tool, an article, the lists, and the XML and text files. */
async function originNamingPaths(server: RunningServer): Promise<string[]> {
  // The sitemap index's files for tools and articles (decision 102).
  const sitemap =
    (await rawGet(server.url, "/sitemap-tools.xml")).body + (await rawGet(server.url, "/sitemap-articles.xml")).body;
  const firstPath = (prefix: string) => {
    const match = new RegExp(`<loc>[^<]*?(${prefix}[^<]+)</loc>`).exec(sitemap);
    if (!match) throw new Error(`the sitemap lists no ${prefix} page`);
    return match[1]!;
  };
  return ["/", firstPath("/tool/"), firstPath("/article/"), "/blog", "/sitemap.xml", "/blog/rss.xml", "/robots.txt"];
}

async function start(settings: Record<string, string>) {
  return startServer({ DATA_DIR: preparedDataDir("demo"), SEED_DEMO: "true", ...settings });
}

/** After the attack, an ordinary visitor of every page still gets links to the expected origin only. */
async function expectVisitorsSee(server: RunningServer, paths: string[], origin: string) {
  for (const path of paths) {
    const visit = await rawGet(server.url, path);
    expect(visit.status, path).toBe(200);
    expect(visit.body, path).not.toContain(EVIL);
    expect(visit.body, path).toContain(origin);
  }
}

describe("without PUBLIC_URL (the two-command start)", () => {
  let server: RunningServer;
  let paths: string[];
  beforeAll(async () => {
    server = await start({});
    paths = await originNamingPaths(server);
  }, SLOW);
  afterAll(() => server?.stop());

  it("a request naming another host does not poison the cached pages of this one", async () => {
    for (const path of paths) {
      const attack = await rawGet(server.url, path, { host: EVIL });
      expect(attack.status, path).toBe(200);
      // The attacker's own answer names the attacker's host: the origin comes from the request...
      expect(attack.body, path).toContain(`http://${EVIL}`);
    }
    // ...but it was stored under that host, so no one else is served it.
    await expectVisitorsSee(server, paths, server.url);
    expect((await rawGet(server.url, "/")).headers["x-cache"]).toBe("HIT");
  });

  it("an absolute-form request target names its host, and is kept apart like one", async () => {
    const attack = await rawGet(server.url, `http://${EVIL}/blog`);
    expect(attack.status).toBe(200);
    expect(attack.body).not.toContain(server.url);
    await expectVisitorsSee(server, ["/blog"], server.url);
  });

  it("X-Forwarded-Host and X-Forwarded-Proto are ignored without TRUST_PROXY", async () => {
    const attack = await rawGet(server.url, paths[1]!, {
      "x-forwarded-host": EVIL,
      "x-forwarded-proto": "https",
    });
    expect(attack.body).not.toContain(EVIL);
    expect(attack.body).not.toContain("https://127.0.0.1");
  });

  it("the same host spelled with a trailing dot, capitals or its default port is one site and one cache entry", async () => {
    const { port } = new URL(server.url);
    const plain = await rawGet(server.url, "/about", { host: `localhost:${port}` });
    const dotted = await rawGet(server.url, "/about", { host: `LocalHost.:${port}` });
    expect(plain.headers["x-cache"]).toBe("MISS");
    expect(dotted.headers["x-cache"]).toBe("HIT");
    expect(dotted.body).toContain(`http://localhost:${port}/about`);
    expect(dotted.body).not.toContain("localhost.:");

    const defaultPort = await rawGet(server.url, "/privacy", { host: "localhost:80" });
    expect(defaultPort.body).toContain("http://localhost/privacy");
    expect(defaultPort.body).not.toContain("localhost:80");
  });

  it("a malformed Host is a 400, not a page", async () => {
    for (const host of [`${EVIL}/path`, `${EVIL}:99999`, "a b", `${EVIL}@other.example`]) {
      const answer = await rawGet(server.url, "/", { host });
      expect(answer.status, host).toBe(400);
      expect(answer.body, host).not.toContain(EVIL);
    }
  });

  it("sends no HSTS: the site is not known to be https", async () => {
    expect((await rawGet(server.url, "/")).headers["strict-transport-security"]).toBeUndefined();
  });

  it("the start-up log warns that a public install should set PUBLIC_URL", () => {
    const warning = server.logs.find((line) => line.msg?.includes("PUBLIC_URL is not set"));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toContain("ALLOWED_HOSTS");
  });
});

describe("without PUBLIC_URL, behind a trusted proxy", () => {
  it(
    "forwarded host and scheme name the origin of that request only",
    async () => {
      const server = await start({ TRUST_PROXY: "1" });
      const paths = await originNamingPaths(server);
      for (const path of paths) {
        const attack = await rawGet(server.url, path, { "x-forwarded-host": EVIL });
        expect(attack.body, path).toContain(`http://${EVIL}`);
        const scheme = await rawGet(server.url, path, { "x-forwarded-proto": "https" });
        expect(scheme.body, path).toContain(`https://127.0.0.1:${new URL(server.url).port}`);
      }
      await expectVisitorsSee(server, paths, server.url);
      for (const path of paths) expect((await rawGet(server.url, path)).body, path).not.toContain("https://127.0.0.1");
      await server.stop();
    },
    SLOW,
  );

  it(
    "ALLOWED_HOSTS alone refuses other hosts with 421, and the listed ones keep working",
    async () => {
      const server = await startServer({
        DATA_DIR: preparedDataDir("empty"),
        SEED_DEMO: "false",
        ALLOWED_HOSTS: "localhost",
      });
      const { port } = new URL(server.url);
      expect((await rawGet(server.url, "/", { host: EVIL })).status).toBe(421);
      expect((await rawGet(server.url, "/", { host: `127.0.0.1:${port}` })).status).toBe(421);
      expect((await rawGet(server.url, `http://${EVIL}/`, { host: `localhost:${port}` })).status).toBe(421);
      // The API's refusal is problem details with CORS, like its other answers (decision 149).
      const api = await rawGet(server.url, "/api/v1/tools", { host: EVIL });
      expect(api.status).toBe(421);
      expect(api.headers["content-type"]).toMatch(/^application\/problem\+json/);
      expect(api.headers["access-control-allow-origin"]).toBe("*");
      expect(JSON.parse(api.body)).toMatchObject({ title: "Misdirected Request", status: 421 });
      const allowed = await rawGet(server.url, "/about", { host: `localhost:${port}` });
      expect(allowed.status).toBe(200);
      expect(allowed.body).toContain(`http://localhost:${port}/about`);
      // Health checks answer whatever address the probe uses.
      expect((await rawGet(server.url, "/healthz", { host: EVIL })).status).toBe(200);
      await server.stop();
    },
    SLOW,
  );
});

describe("with PUBLIC_URL", () => {
  const PUBLIC_URL = "https://aitlas.example";

  it(
    "pages name the configured origin whatever the request says",
    async () => {
      const server = await start({ PUBLIC_URL, TRUST_PROXY: "1" });
      const paths = await originNamingPaths(server);
      const attacks: Record<string, string>[] = [
        { host: EVIL },
        { "x-forwarded-host": EVIL },
        { host: `${EVIL}:8443` },
        { host: `${EVIL}.` },
      ];
      for (const path of paths) {
        for (const headers of attacks) {
          const attack = await rawGet(server.url, path, headers);
          expect(attack.status, path).toBe(200);
          expect(attack.body, `${path} ${JSON.stringify(headers)}`).not.toContain(EVIL);
          expect(attack.body, path).toContain(PUBLIC_URL);
        }
        const absolute = await rawGet(server.url, `http://${EVIL}${path}`);
        expect(absolute.body, path).not.toContain(EVIL);
      }
      await expectVisitorsSee(server, paths, PUBLIC_URL);
      expect(server.logs.some((line) => line.msg?.includes("PUBLIC_URL is not set"))).toBe(false);
      await server.stop();
    },
    SLOW,
  );

  it(
    "with ALLOWED_HOSTS, any other host gets 421 Misdirected Request",
    async () => {
      const server = await startServer({
        DATA_DIR: preparedDataDir("empty"),
        SEED_DEMO: "false",
        PUBLIC_URL,
        ALLOWED_HOSTS: "www.aitlas.example",
        TRUST_PROXY: "1",
      });
      const misdirected: Record<string, string>[] = [
        { host: EVIL },
        { host: "aitlas.example", "x-forwarded-host": EVIL },
      ];
      for (const headers of misdirected) {
        const refused = await rawGet(server.url, "/", headers);
        expect(refused.status, JSON.stringify(headers)).toBe(421);
        expect(refused.body).toContain("Misdirected Request");
      }
      expect((await rawGet(server.url, `http://${EVIL}/`, { host: "aitlas.example" })).status).toBe(421);
      for (const host of ["aitlas.example", "AITLAS.example.:443", "www.aitlas.example"]) {
        const page = await rawGet(server.url, "/about", { host });
        expect(page.status, host).toBe(200);
        expect(page.body, host).toContain(`${PUBLIC_URL}/about`);
      }
      await server.stop();
    },
    SLOW,
  );
});
