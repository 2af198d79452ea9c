import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertServerBuilt,
  cleanUpServers,
  startServer,
  type LogLine,
  type RunningServer,
} from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";

// Bad input at the HTTP edge, against the production server as a separate process: a person's
// malformed address or body is their mistake (400/404/415, logged at most as a warning), never a
// 500; and no refusal page shows "[object Object]", a stack trace or an internal path.

const PINO_ERROR = 50;
const TOOL_PATH = "/tool/chatgpt";

let server: RunningServer;
let adminCookie: string;

/** "name=value" pairs of the Set-Cookie headers, ready to send back. */
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");

beforeAll(async () => {
  assertServerBuilt();
  server = await startServer({ DATA_DIR: preparedDataDir("demo"), SEED_DEMO: "true" }, 120_000);
  // The first administrator, through the one-time setup link the server logs just after it starts.
  const link = await new Promise<string>((resolve, reject) => {
    const deadline = Date.now() + 30_000;
    const poll = () => {
      const token = server.logs.map((line) => /setup\/admin\?token=([\w-]+)/.exec(String(line.msg))?.[1]).find(Boolean);
      if (token) resolve(token);
      else if (Date.now() > deadline) reject(new Error("the server logged no admin setup link"));
      else setTimeout(poll, 25);
    };
    poll();
  });
  const setup = await fetch(`${server.url}/setup/admin`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: server.url, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ token: link, email: "admin@example.com", password: "correct horse" }),
  });
  expect(setup.status).toBe(302);
  adminCookie = cookiesOf(setup);
}, 180_000);

afterAll(() => cleanUpServers());

/** Log lines at error level or above written while `body` ran. */
async function errorsLoggedDuring(body: () => Promise<void>): Promise<LogLine[]> {
  const before = server.logs.length;
  await body();
  return server.logs.slice(before).filter((line) => (line.level ?? 0) >= PINO_ERROR);
}

function expectPlainRefusal(body: string) {
  expect(body).not.toContain("[object Object]");
  expect(body).not.toContain("Internal Server Error");
  expect(body).not.toMatch(/\bat .+\.(?:js|ts):\d+/);
  expect(body).not.toContain("/work/");
  expect(body).not.toContain("node_modules");
}

describe("malformed addresses", () => {
  it.each([
    ["/tool/%00", 400],
    ["/tool/%00.data", 400],
    ["/article/%00", 400],
    ["/?q=%00", 400],
    ["/category/Writing?q=a%00b", 400],
    ["/tool/%E0%A4%A", 400],
    ["/category/%ZZ", 400],
    ["/assets/..%2f..%2fpackage.json", 400],
    ["/assets/..%5c..%5cpackage.json", 400],
    ["/assets/no-such-file.js", 404],
  ])("%s answers %i without an error logged", async (path, status) => {
    const errors = await errorsLoggedDuring(async () => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status).toBe(status);
      const body = await response.text();
      expectPlainRefusal(body);
      expect(body).not.toContain('"name": "aitlas"');
    });
    expect(errors).toEqual([]);
  });

  it("a stray % in the query is read as text, as the search box sends it", async () => {
    const response = await fetch(`${server.url}/?q=100%`);
    expect(response.status).toBe(200);
  });
});

describe("form posts with a body that is not a form", () => {
  const bodies = [
    ["JSON", "application/json", JSON.stringify({ theme: "dark", intent: "vote", rating: 5 })],
    ["plain text", "text/plain", "theme=dark"],
  ] as const;

  it.each(
    bodies.flatMap(([label, type, body]) =>
      ["/theme", "/sign-in", TOOL_PATH, `${TOOL_PATH}.data`, "/setup/admin", "/auth/confirm"].map(
        (path) => [path, label, type, body] as const,
      ),
    ),
  )("%s with a %s body answers 415, not 500", async (path, _label, type, body) => {
    const errors = await errorsLoggedDuring(async () => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { origin: server.url, "content-type": type },
        body,
      });
      expect(response.status).toBe(415);
      expectPlainRefusal(await response.text());
    });
    expect(errors).toEqual([]);
  });

  it.each(["/admin/tools/new", "/admin/articles/new"])(
    "the admin form %s answers an administrator's JSON post with 415",
    async (path) => {
      const errors = await errorsLoggedDuring(async () => {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url, "content-type": "application/json", cookie: adminCookie },
          body: JSON.stringify({ intent: "save", name: "Injected" }),
        });
        expect(response.status).toBe(415);
        expectPlainRefusal(await response.text());
      });
      expect(errors).toEqual([]);
    },
  );

  it("a multipart body that breaks off is a 400", async () => {
    const response = await fetch(`${server.url}/theme`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "content-type": "multipart/form-data; boundary=x" },
      body: "--x\r\nContent-Disposition: form-data; name=theme\r\n\r\ndark",
    });
    expect(response.status).toBe(400);
  });
});

describe("refusals render a message, never an object", () => {
  it.each(["/sign-in", "/setup/admin?token=x", TOOL_PATH])(
    "a post to %s without Origin shows the refusal's own sentence with 403",
    async (path) => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "email=a%40example.com&password=123456&intent=vote&rating=5",
      });
      expect(response.status).toBe(403);
      const html = await response.text();
      expectPlainRefusal(html);
      expect(html).toContain("This request did not come from this site.");
    },
  );

  it("an unknown address is the 404 page", async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expectPlainRefusal(html);
    expect(html).toContain("Page not found");
  });

  it.each([
    ["a form", "application/x-www-form-urlencoded", "a=1"],
    ["JSON", "application/json", "{}"],
  ])(
    "%s posted to a page without an action is a 405 page with its text, logged as a warning",
    async (_label, type, body) => {
      const stderrBefore = server.stderr().length;
      const errors = await errorsLoggedDuring(async () => {
        const response = await fetch(`${server.url}/about`, {
          method: "POST",
          headers: { origin: server.url, "content-type": type },
          body,
        });
        expect(response.status).toBe(405);
        const html = await response.text();
        expectPlainRefusal(html);
        expect(html).toContain("This address does not accept that kind of request.");
        // React Router's own wording stays out of the page (its hydration data still carries it).
        expect(html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "")).not.toContain("did not provide an `action`");
      });
      expect(errors).toEqual([]);
      expect(server.stderr().slice(stderrBefore)).toBe("");
    },
  );
});

describe("category addresses", () => {
  it.each([
    ["/category/writing", "/category/Writing"],
    ["/category/social-media", "/category/Social%20Media"],
    ["/category/Social+Media", "/category/Social%20Media"],
    ["/category/social%20media?q=post", "/category/Social%20Media?q=post"],
  ])("%s moves permanently to %s", async (path, location) => {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(location);
  });

  it.each(["/category/Nope", "/category/All"])("%s is not one of the spec's categories: 404", async (path) => {
    const response = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(response.status).toBe(404);
    expectPlainRefusal(await response.text());
  });

  it("the canonical address renders", async () => {
    expect((await fetch(`${server.url}/category/Social%20Media`)).status).toBe(200);
  });
});

/** A problem-details answer with the API's CORS headers (decision 149). */
async function expectApiProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(response.headers.get("access-control-allow-origin")).toBe("*");
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as { type: string; title: string; status: number; detail?: string };
  expect(body).toMatchObject({ type: "about:blank", status });
  expect(body.detail).toBeTruthy();
  expectPlainRefusal(JSON.stringify(body));
  return body;
}

describe("every answer under /api/v1/ is problem details with CORS", () => {
  it.each([
    "/api/v1/nope",
    "/api/v1/tools/chatgpt/extra",
    "/api/v1/tools.data",
    "/api/v1/tools/chatgpt.data",
    "/api/v1",
  ])("%s names no resource: 404", async (path) => {
    const errors = await errorsLoggedDuring(async () => {
      const body = await expectApiProblem(await fetch(`${server.url}${path}`, { redirect: "manual" }), 404);
      expect(body.detail).toContain("/api/v1/openapi.json");
    });
    expect(errors).toEqual([]);
  });

  it.each([
    ["POST", "/api/v1/tools"],
    ["DELETE", "/api/v1/tools"],
    ["PUT", "/api/v1/tools/chatgpt"],
    ["PATCH", "/api/v1/openapi.json"],
  ])("%s %s is 405 with Allow", async (method, path) => {
    const errors = await errorsLoggedDuring(async () => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json", origin: "https://elsewhere.example" },
        body: "{}",
      });
      expect(response.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
      await expectApiProblem(response, 405);
    });
    expect(errors).toEqual([]);
  });

  it.each([
    "/api/v1/tools?q=%00",
    "/api/v1/tools/%00",
    "/api/v1/tools/..%2f..%2fpackage.json",
    "/api/v1/tools/%E0%A4%A",
  ])("%s is a malformed address: 400", async (path) => {
    await expectApiProblem(await fetch(`${server.url}${path}`), 400);
  });

  it("a known resource still answers JSON, and HEAD of an unknown one 404 without a body", async () => {
    const known = await fetch(`${server.url}/api/v1/categories`);
    expect(known.status).toBe(200);
    expect(known.headers.get("content-type")).toMatch(/^application\/json/);
    const head = await fetch(`${server.url}/api/v1/nope`, { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(head.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await head.text()).toBe("");
  });
});

describe("cross-site posts are 403 with a sentence", () => {
  const elsewhere = { origin: "https://elsewhere.example", "content-type": "application/x-www-form-urlencoded" };

  it.each(["/sign-in", TOOL_PATH, "/theme"])("a document post to %s shows the error view's sentence", async (path) => {
    const errors = await errorsLoggedDuring(async () => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: elsewhere,
        body: "email=a%40example.com&password=123456&intent=vote&rating=5&theme=dark",
      });
      expect(response.status).toBe(403);
      const text = await response.text();
      expectPlainRefusal(text);
      expect(text).toContain("This request did not come from this site.");
    });
    expect(errors).toEqual([]);
  });

  it("a .data post is plain text, and an Origin that is no address is refused as well", async () => {
    for (const origin of ["https://elsewhere.example", "null", "not an origin"]) {
      const response = await fetch(`${server.url}${TOOL_PATH}.data`, {
        method: "POST",
        headers: { ...elsewhere, origin },
        body: "intent=vote&rating=5",
      });
      expect(response.status, origin).toBe(403);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
      expect(await response.text()).toBe("This request did not come from this site.");
    }
    const document = await fetch(`${server.url}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { ...elsewhere, origin: "not an origin" },
      body: "email=a%40example.com&password=123456",
    });
    expect(document.status).toBe(403);
  });

  it("a post elsewhere under /api/ is problem details", async () => {
    const response = await fetch(`${server.url}/api/other`, { method: "POST", headers: elsewhere, body: "a=1" });
    await expectApiProblem(response, 403);
  });

  it("a same-site post still reaches its action", async () => {
    const response = await fetch(`${server.url}/theme`, {
      method: "POST",
      redirect: "manual",
      headers: { ...elsewhere, origin: server.url },
      body: "theme=dark",
    });
    expect(response.status).toBeLessThan(400);
  });
});
