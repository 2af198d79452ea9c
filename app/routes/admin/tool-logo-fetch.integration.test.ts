import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FETCH_LOGO_INTENT, WEBSITE_LOGO_MESSAGES } from "~/lib/website-logo";
import ToolFormPage, { action as toolFormAction, loader as toolFormLoader } from "~/routes/admin/tool-form";
import { toolChanges, tools } from "~/server/db/schema.server";
import { consumeRateLimit } from "~/server/security/rate-limit.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { htmlPage, startFakeIconWebsites, type FakeIconWebsites } from "../../../tests/fakes/icon-websites";
import { insertTools } from "../../../tests/setup/fixtures";
import { makePng } from "../../../tests/setup/images";
import { formPostRequest, getRequest, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// "Fetch logo from website" on the admin tool form (decision 103), through the real action with the
// process's own outbound configuration: tests run without OUTBOUND_ALLOW_PRIVATE, so a website on
// loopback is refused by the guard, exactly as a stored private address is in production. The
// fetching itself, against loopback sites allowed one by one, is tested in website-logo.integration.test.ts.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };
let site: FakeIconWebsites;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  member = await createSignedInUser(services, "member@example.com");
  const icon = { type: "image/png", body: await makePng(180, 180) };
  site = await startFakeIconWebsites({
    "127.0.0.1": { "/": htmlPage(`<link rel="apple-touch-icon" href="/apple.png">`), "/apple.png": icon },
    localhost: { "/": htmlPage(`<link rel="apple-touch-icon" href="/apple.png">`), "/apple.png": icon },
  });
});
afterAll(async () => {
  await site.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${toolChanges} cascade`);
  site.requests.length = 0;
});

async function fetchLogo(
  id: string,
  { cookie = admin.cookie, origin }: { cookie?: string | null; origin?: string | null } = {},
) {
  const request = formPostRequest(`/admin/tools/${id}`, { intent: FETCH_LOGO_INTENT }, { cookie, origin });
  const context = await contextFor(services, request);
  return settleRoute(async () => toolFormAction({ request, params: { id }, context } as never));
}

async function toolWithWebsite(website: string | null, name = "Acme Writer") {
  const [tool] = await insertTools(database.db, { name, website, image: null });
  return tool!;
}

const imageOf = async (id: string) =>
  (await database.db.select({ image: tools.image }).from(tools).where(eq(tools.id, id)))[0]?.image;

describe("Fetch logo from website", () => {
  it("refuses a website on a loopback address through the guard, says so, and changes nothing", async () => {
    const purgesBefore = services.invalidations();
    for (const host of ["127.0.0.1", "localhost"]) {
      const tool = await toolWithWebsite(site.url(host), `On ${host}`);
      const answer = await fetchLogo(tool.id);
      expect(answer.status).toBe(422);
      expect(answer.data).toEqual({
        ok: false,
        form: FETCH_LOGO_INTENT,
        code: "unprocessable",
        formError: WEBSITE_LOGO_MESSAGES.refused,
      });
      expect(await imageOf(tool.id)).toBeNull();
    }
    // The guard stopped both before a connection: the site never saw a request.
    expect(site.requests).toEqual([]);
    expect(services.invalidations()).toBe(purgesBefore);
    expect(await database.db.select().from(toolChanges)).toEqual([]);
  });

  it("says when the tool has no website, and when the tool is not saved yet", async () => {
    const tool = await toolWithWebsite(null);
    const answer = await fetchLogo(tool.id);
    expect(answer.status).toBe(422);
    expect(answer.data).toMatchObject({
      ok: false,
      form: FETCH_LOGO_INTENT,
      formError: WEBSITE_LOGO_MESSAGES.noWebsite,
    });
    expect((await fetchLogo("new")).status).toBe(400);
  });

  it("is for administrators only, from the site's own pages", async () => {
    const tool = await toolWithWebsite(site.url("127.0.0.1"));
    expect((await fetchLogo(tool.id, { cookie: member.cookie })).status).toBe(403);
    expect((await fetchLogo(tool.id, { cookie: null })).status).toBe(403);
    expect((await fetchLogo(tool.id, { origin: "https://evil.example" })).status).toBe(403);
    expect(site.requests).toEqual([]);
  });

  it("answers 404 for a tool that is not there", async () => {
    expect((await fetchLogo("00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("limits each administrator's fetches", async () => {
    const tool = await toolWithWebsite(null);
    for (let attempt = 0; attempt < RATE_LIMITS.logoFetch.limit; attempt++) {
      await consumeRateLimit({
        db: database.db,
        key: `${RATE_LIMITS.logoFetch.name}:${admin.id}`,
        limit: RATE_LIMITS.logoFetch.limit,
        windowMs: RATE_LIMITS.logoFetch.windowMs,
      });
    }
    const refused = await fetchLogo(tool.id);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ ok: false, formError: expect.stringMatching(/^Too many attempts/) });
    await database.db.execute(sql`delete from rate_limits`);
  });

  it("shows the button on an existing tool's form, disabled without a website, with the outcome posted", async () => {
    const withSite = await toolWithWebsite("https://acme.example");
    const request = getRequest(`/admin/tools/${withSite.id}`, { cookie: admin.cookie });
    const loaderData = await toolFormLoader({
      request,
      params: { id: withSite.id },
      context: await contextFor(services, request),
    } as never);
    const render = (data: unknown, actionData?: unknown) => {
      const Stub = createRoutesStub([
        { id: "page", path: "/admin/tools/:id", Component: ToolFormPage as never, loader: () => data },
      ]);
      return renderToString(
        createElement(Stub, {
          initialEntries: [`/admin/tools/${withSite.id}`],
          hydrationData: { loaderData: { page: data }, ...(actionData ? { actionData: { page: actionData } } : {}) },
        }),
      );
    };
    const html = render(loaderData);
    expect(html).toContain(WEBSITE_LOGO_MESSAGES.button);
    expect(html).toMatch(/<button[^>]*form="fetch-logo-form"(?![^>]*disabled)[^>]*>/);
    expect(html).toMatch(/<form[^>]*id="fetch-logo-form"/);

    const posted = render(loaderData, {
      ok: false,
      form: FETCH_LOGO_INTENT,
      formError: WEBSITE_LOGO_MESSAGES.notFound,
    });
    expect(posted).toContain(WEBSITE_LOGO_MESSAGES.notFound);

    const bare = {
      ...(loaderData as { tool: object }),
      tool: { ...(loaderData as { tool: object }).tool, website: null },
    };
    expect(render(bare)).toMatch(/<button[^>]*form="fetch-logo-form"[^>]*disabled/);
    expect(render(bare)).toContain(WEBSITE_LOGO_MESSAGES.noWebsite);
  });
});
