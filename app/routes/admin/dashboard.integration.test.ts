import { sql } from "drizzle-orm";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as articlesLoader } from "~/routes/admin/articles";
import AdminDashboard, { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { loader as toolsLoader } from "~/routes/admin/tools";
import {
  articles,
  refreshProposals,
  researchRuns,
  toolChanges,
  toolLinkChecks,
  tools,
  toolSubmissions,
  users,
} from "~/server/db/schema.server";
import { recordToolChanges } from "~/server/freshness/change-log.server";
import { insertArticles, insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { getRequest } from "../../../tests/setup/route-calls";
import { contextFor, createSignedInAdmin, createTestServices, type TestServices } from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// The dashboard's freshness (the Flagged for review count and the Recent Activity feed), and the
// Needs attention counts, each linking to the view where the admin deals with it.

let database: TestDatabase;
let services: TestServices;
let adminCookie: string;
let adminId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  const admin = await createSignedInAdmin(services, "admin@example.com");
  adminCookie = admin.cookie;
  adminId = admin.id;
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${researchRuns}, ${articles}, ${toolSubmissions} cascade`);
  // Everyone but the signed-in administrator.
  await database.db.execute(sql`delete from ${users} where email <> 'admin@example.com'`);
  await database.db.execute(sql`update ${users} set created_at = '2025-01-01T00:00:00Z'`);
});

async function load() {
  const request = getRequest("/admin", { cookie: adminCookie });
  const context = await contextFor(services, request);
  return dashboardLoader({ request, params: {}, context } as never);
}

function render(loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/admin", Component: AdminDashboard as ComponentType }]);
  return renderToString(
    createElement(Stub, { initialEntries: ["/admin"], hydrationData: { loaderData: { page: loaderData } } }),
  ).replaceAll("<!-- -->", "");
}

const visibleText = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("Flagged for review", () => {
  it("counts listed tools whose website failed three checks in a row, linking to that view", async () => {
    const [flagged, twice, gone, fine] = await insertTools(
      database.db,
      { name: "Flagged" },
      { name: "Twice" },
      { name: "Gone", discontinuedAt: new Date("2025-05-01T00:00:00Z") },
      { name: "Fine" },
    );
    const failing = (toolId: string, consecutiveFailures: number) => ({
      toolId,
      checkedAt: new Date("2025-06-03T00:00:00Z"),
      outcome: consecutiveFailures > 0 ? ("timeout" as const) : ("ok" as const),
      consecutiveFailures,
      failingSince: consecutiveFailures > 0 ? new Date("2025-06-01T00:00:00Z") : null,
    });
    await database.db
      .insert(toolLinkChecks)
      .values([failing(flagged!.id, 3), failing(twice!.id, 2), failing(gone!.id, 5), failing(fine!.id, 0)]);

    const data = await load();
    expect(data.flaggedForReview).toBe(1);
    const html = render(data);
    expect(visibleText(html)).toContain("Flagged for review 1 1 tool whose website keeps failing");
    expect(html).toContain('href="/admin/tools?flagged=1"');
  });
});

describe("Recent Activity", () => {
  it("merges changes, research runs, failing websites and sign-ups, newest first, each with a link", async () => {
    const [quill] = await insertTools(database.db, { name: "Quill" });
    await recordToolChanges(database.db, {
      toolId: quill!.id,
      changes: [{ field: "pricingModel", before: "free", after: "paid" }],
      author: { origin: "proposal", actorId: adminId, actorName: "Ada" },
    });
    await database.db.execute(sql`update ${toolChanges} set created_at = '2025-06-04T00:00:00Z'`);
    // A change of status reads as what happened to the tool (decision 185).
    await recordToolChanges(database.db, {
      toolId: quill!.id,
      changes: [{ field: "status", before: "active", after: "discontinued" }],
      author: { origin: "admin", actorId: adminId, actorName: "Ada" },
    });
    await database.db.execute(
      sql`update ${toolChanges} set created_at = '2025-06-04T12:00:00Z' where field = 'status'`,
    );
    await database.db.insert(researchRuns).values({
      userId: adminId,
      mode: "update",
      subject: "Quill",
      toolId: quill!.id,
      status: "succeeded",
      model: "test-model",
      startedAt: new Date("2025-06-03T00:00:00Z"),
    });
    await database.db.insert(toolLinkChecks).values({
      toolId: quill!.id,
      checkedAt: new Date("2025-06-05T00:00:00Z"),
      outcome: "dns_failure",
      consecutiveFailures: 2,
      failingSince: new Date("2025-06-02T00:00:00Z"),
    });
    await insertUsers(database.db, {
      email: "reader@example.com",
      name: "Reader",
      createdAt: new Date("2025-06-06T00:00:00Z"),
    });

    const { activity } = await load();
    expect(activity.map((item) => [item.kind, item.text, item.href])).toEqual([
      ["sign-up", "Reader (reader@example.com) signed up", "mailto:reader@example.com"],
      ["change", "Ada marked Quill discontinued", "/tool/quill"],
      ["change", "Ada (AI proposal) changed Pricing model of Quill", "/tool/quill"],
      ["research", "AI research on Quill finished (admin@example.com)", `/admin/tools/${quill!.id}`],
      // Dated when the website started failing, not at its latest check.
      ["link-failure", "Website of Quill failing: DNS failure (2 checks in a row)", `/admin/tools/${quill!.id}`],
      ["sign-up", "admin@example.com signed up", "mailto:admin@example.com"],
    ]);
    expect(activity[4]!.at).toEqual(new Date("2025-06-02T00:00:00Z"));

    const html = render({ ...(await load()), activity });
    const text = visibleText(html);
    expect(text).toContain("Recent Activity");
    expect(text).toContain("Ada (AI proposal) changed Pricing model of Quill");
    expect(text).toContain("Ada marked Quill discontinued");
    expect(html).toContain('href="/tool/quill"');
    expect(text).not.toContain("Activity log coming soon.");
  });

  it("keeps to the newest twenty", async () => {
    await insertUsers(
      database.db,
      ...Array.from({ length: 25 }, (_, index) => ({
        email: `user${index}@example.com`,
        createdAt: new Date(Date.UTC(2025, 5, 1, index)),
      })),
    );
    const { activity } = await load();
    expect(activity).toHaveLength(20);
    expect(activity[0]!.text).toBe("user24@example.com signed up");
  });

  it("says so when nothing has happened", () => {
    const html = render({
      tools: 0,
      publishedArticles: 0,
      draftArticles: 0,
      flaggedForReview: 0,
      inbox: { submissions: 0, reportedComments: 0, reportedListings: 0, reportedReviews: 0, total: 0 },
      pendingProposals: 0,
      missingTagline: 0,
      missingLogo: 0,
      activity: [],
      searches: { top: [], zeroResults: [] },
    });
    expect(visibleText(html)).toContain("Recent Activity No activity yet.");
  });
});

/** A loader's data, called with a real request as the admin who follows a dashboard link. */
async function follow<T>(path: string, routeLoader: (args: never) => Promise<T>): Promise<T> {
  const request = getRequest(path, { cookie: adminCookie });
  const context = await contextFor(services, request);
  return routeLoader({ request, params: {}, context } as never);
}

describe("Needs attention", () => {
  it("counts what is missing or waiting, each linking to a view that lists exactly those", async () => {
    const [bare, , , described] = await insertTools(
      database.db,
      { name: "Bare", tagline: null, image: null },
      { name: "Blank", tagline: "  ", image: " " },
      { name: "No logo", tagline: "Writes for you", image: null },
      { name: "Described", tagline: "Draws for you", image: "https://cdn.example/logo.png" },
    );
    await insertArticles(
      database.db,
      { title: "First draft", date: "2025-06-01", status: "draft" },
      { title: "Second draft", date: "2025-06-02", status: "draft" },
      { title: "Out already", date: "2025-06-03", status: "published" },
    );
    await database.db.insert(refreshProposals).values([
      { toolId: bare!.id, status: "pending" },
      { toolId: described!.id, status: "reviewed" },
    ]);
    await database.db
      .insert(toolSubmissions)
      .values({ userId: adminId, website: "https://acme.example", domain: "acme.example", name: "Acme" });

    const data = await load();
    expect(data).toMatchObject({ missingTagline: 2, missingLogo: 3, draftArticles: 2, pendingProposals: 1 });
    expect(data.inbox.submissions).toBe(1);

    const text = visibleText(render(data));
    expect(text).toContain("Needs attention");
    for (const line of [
      "2 tools missing a tagline",
      "3 tools missing a logo",
      "2 draft articles",
      "1 submitted tool to review",
      "0 open reports",
      "1 AI proposal to review",
    ]) {
      expect(text).toContain(line);
    }
    const html = render(data);
    for (const href of [
      "/admin/tools?missing=tagline",
      "/admin/tools?missing=logo",
      "/admin/articles?status=draft",
      "/admin/inbox",
      "/admin/proposals",
    ]) {
      expect(html).toContain(`href="${href}"`);
    }

    // Each link's view lists what its count counted.
    const noTagline = await follow("/admin/tools?missing=tagline", toolsLoader);
    expect(noTagline.toolPage?.tools.map((tool) => tool.name)).toEqual(["Bare", "Blank"]);
    const noLogo = await follow("/admin/tools?missing=logo", toolsLoader);
    expect(noLogo.toolPage?.tools.map((tool) => tool.name)).toEqual(["Bare", "Blank", "No logo"]);
    const drafts = await follow("/admin/articles?status=draft", articlesLoader);
    expect(drafts.articles.map((article) => article.title)).toEqual(["Second draft", "First draft"]);
    expect(drafts.total).toBe(2);
  });
});
