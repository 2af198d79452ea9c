import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startingPriceOf } from "~/lib/plan-price";
import { CROSS_SITE_MESSAGE } from "~/server/auth/guards.server";
import AdminProposals, { action as proposalsAction, loader as proposalsLoader } from "~/routes/admin/proposals";
import { PROPOSAL_MESSAGES } from "~/lib/refresh-proposals";
import {
  refreshProposalFields,
  refreshProposals,
  toolChanges,
  tools,
  type FactSource,
} from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { formPostRequest, getRequest, type RouteAnswer, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { setDisplayName } from "~/server/members/profile.server";

// /admin/proposals as a browser reaches it: real requests, real sessions, a real database.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  // The change and moderation logs name an administrator by their public name (decision 147).
  await setDisplayName({ db: database.db, userId: admin.id, displayName: "admin" });
  member = await createSignedInUser(services, "member@example.com");
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools} cascade`);
});

const PRICING_SOURCE: FactSource = {
  url: "https://quill.example/pricing",
  title: "Quill pricing",
  snippet: "Pro is now $12 a month.",
};
const NEWS_SOURCE: FactSource = {
  url: "https://news.example/quill",
  title: "Quill writes faster",
  snippet: "Quill answers in seconds.",
};
// Pricing as a save stores it: plans in order (decision 153).
const OLD_PRICING = [
  { plan: "Free", price: "Free", details: "" },
  { plan: "Pro", price: "$10/month", details: "" },
];
const NEW_PRICING = [
  { plan: "Free", price: "Free", details: "" },
  { plan: "Pro", price: "$12/month", details: "" },
];

/** A valid tool and a pending proposal for it: pricing, tagline and features changed upstream. */
async function seedProposal() {
  const [tool] = await insertTools(database.db, {
    name: "Quill",
    tagline: "Writes drafts.",
    features: ["Drafts", "Rewrites"],
    pricing: OLD_PRICING,
    // Stored as every save derives it (decision 166), so only a change of plans moves it.
    startingPrice: startingPriceOf(OLD_PRICING),
    pricingModel: "freemium",
    website: "https://quill.example",
  });
  const [proposal] = await database.db
    .insert(refreshProposals)
    .values({ toolId: tool!.id, status: "pending", sources: [NEWS_SOURCE, PRICING_SOURCE] })
    .returning();
  await database.db.insert(refreshProposalFields).values([
    {
      proposalId: proposal!.id,
      field: "pricing",
      currentValue: OLD_PRICING,
      proposedValue: NEW_PRICING,
      sources: [PRICING_SOURCE],
    },
    {
      proposalId: proposal!.id,
      field: "tagline",
      currentValue: "Writes drafts.",
      proposedValue: "Writes and rewrites drafts.",
      sources: [NEWS_SOURCE],
    },
    {
      proposalId: proposal!.id,
      field: "features",
      currentValue: ["Drafts", "Rewrites"],
      proposedValue: ["Drafts", "Summaries"],
      sources: [NEWS_SOURCE],
    },
  ]);
  return { tool: tool!, proposalId: proposal!.id };
}

async function load(path = "/admin/proposals", who: { cookie?: string; data?: boolean } = { cookie: admin.cookie }) {
  const request = getRequest(path, who);
  const context = await contextFor(services, request);
  return settleRoute(async () => proposalsLoader({ request, params: {}, context } as never));
}

async function post(
  fields: Record<string, string | string[]>,
  {
    cookie = admin.cookie,
    origin,
    path = "/admin/proposals",
  }: { cookie?: string | null; origin?: string | null; path?: string } = {},
) {
  const request = formPostRequest(path, fields, { cookie, origin });
  const context = await contextFor(services, request);
  return settleRoute(async () => proposalsAction({ request, params: {}, context } as never));
}

/** What the proposal's form posts as rendered: every open field's value, unedited. */
function renderedFields(proposalId: string, intent: string, overrides: Record<string, string | string[]> = {}) {
  return {
    proposalId,
    intent,
    pricingShape: "simple",
    "pricing.plan": ["Free", "Pro", "", ""],
    "pricing.price": ["Free", "$12/month", "", ""],
    tagline: "Writes and rewrites drafts.",
    features: "Drafts\nSummaries",
    ...overrides,
  };
}

function expectSaved(outcome: RouteAnswer, title: string, location = "/admin/proposals") {
  expect(outcome).toMatchObject({ status: 302, location });
  const request = new Request(TEST_SITE_URL, { headers: { cookie: cookieHeaderFrom(outcome.headers!) } });
  expect(takeFlash(request).flash).toEqual({ kind: "success", title });
}

function render(loaderData: unknown, actionData?: unknown) {
  const Stub = createRoutesStub([
    { id: "page", path: "/admin/proposals", Component: AdminProposals as never, loader: () => loaderData },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/admin/proposals"],
      hydrationData: { loaderData: { page: loaderData }, ...(actionData ? { actionData: { page: actionData } } : {}) },
    }),
  );
}

/** Whether the markup has an element with these attributes, in whatever order React wrote them. */
function hasElement(html: string, tag: string, attributes: Record<string, string>): boolean {
  return [...html.matchAll(new RegExp(`<${tag}\\s[^>]*>`, "g"))].some(([element]) =>
    Object.entries(attributes).every(([name, value]) => element.includes(` ${name}="${value}"`)),
  );
}

const visibleText = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
const toolNow = async (id: string) => (await database.db.select().from(tools).where(eq(tools.id, id)))[0]!;
const changes = () => database.db.select().from(toolChanges).orderBy(toolChanges.field);
const fieldRows = () => database.db.select().from(refreshProposalFields).orderBy(refreshProposalFields.field);

describe("the proposals page", () => {
  it("lists a pending proposal: the tool, each field's diff and sources, edits and Accept / Reject", async () => {
    const { tool, proposalId } = await seedProposal();
    const outcome = await load();
    expect(outcome).toMatchObject({ status: 200, data: { total: 1, page: 1, pageCount: 1 } });

    const html = render(outcome.data);
    const text = visibleText(html);
    expect(html).toContain(`href="/admin/tools/${tool.id}"`);
    expect(text).toContain("Quill");
    expect(text).toMatch(/3 fields/);
    // Fields in the schema's order, each with its own sources.
    expect(text.indexOf("Tagline")).toBeLessThan(text.indexOf("Features"));
    expect(text.indexOf("Features")).toBeLessThan(text.indexOf("Pricing"));
    expect(html).toContain(`href="${PRICING_SOURCE.url}"`);
    expect(text).toContain(PRICING_SOURCE.snippet);
    // The changed words and rows are marked; pricing is a table of plans.
    expect(html).toMatch(/<ins[^>]*>and rewrites<\/ins>/);
    expect(html).toMatch(/<del[^>]*>[^<]*<span class="sr-only">Removed: <\/span>Rewrites<\/del>/);
    expect(html).toMatch(/<del[^>]*>\$10\/month<\/del>/);
    expect(html).toMatch(/<ins[^>]*>\$12\/month<\/ins>/);
    // One form per proposal, with the tool form's field names and a button per decision.
    expect(html).toContain(`<input type="hidden" name="proposalId" value="${proposalId}"/>`);
    for (const intent of ["accept:pricing", "reject:tagline", "accept-all"])
      expect(hasElement(html, "button", { type: "submit", name: "intent", value: intent })).toBe(true);
    expect(hasElement(html, "input", { name: "tagline", value: "Writes and rewrites drafts." })).toBe(true);
    expect(html).toContain(">Drafts\nSummaries</textarea>");
    expect(html).toMatch(/<input type="hidden" name="pricingShape" value="simple"/);
  });

  it("says when nothing waits for review", async () => {
    const outcome = await load();
    expect(visibleText(render(outcome.data))).toContain("No proposals waiting for review");
  });

  it("sends signed-out visitors and members home, and refuses their data requests", async () => {
    for (const cookie of [undefined, member.cookie]) {
      expect(await load("/admin/proposals", { cookie })).toMatchObject({ status: 302, location: "/" });
      expect(await load("/admin/proposals", { cookie, data: true })).toMatchObject({ status: 403 });
    }
  });
});

describe("reviewing a proposal", () => {
  it("refuses visitors, members and posts from another site, changing nothing", async () => {
    const { tool, proposalId } = await seedProposal();
    const fields = renderedFields(proposalId, "accept:pricing");
    expect(await post(fields, { cookie: null })).toMatchObject({ status: 403 });
    expect(await post(fields, { cookie: member.cookie })).toMatchObject({ status: 403 });
    expect(await post(fields, { origin: "https://evil.example" })).toMatchObject({
      status: 403,
      data: { error: CROSS_SITE_MESSAGE, code: "cross-site" },
    });
    expect((await toolNow(tool.id)).pricing).toEqual(OLD_PRICING);
    expect(await changes()).toEqual([]);
  });

  it("accepting a field saves it, logs it with its sources, and refreshes public pages", async () => {
    const { tool, proposalId } = await seedProposal();
    const before = services.invalidations();

    expectSaved(await post(renderedFields(proposalId, "accept:pricing")), "Quill: 1 change saved");

    expect(services.invalidations()).toBe(before + 1);
    expect((await toolNow(tool.id)).pricing).toEqual(NEW_PRICING);
    expect(await changes()).toEqual([
      expect.objectContaining({
        field: "pricing",
        before: OLD_PRICING,
        after: NEW_PRICING,
        origin: "proposal",
        actorId: admin.id,
        actorName: "admin",
        sources: [PRICING_SOURCE],
      }),
      // The starting price follows the plans, citing their page.
      expect.objectContaining({
        field: "startingPrice",
        before: "$10/month",
        after: "$12/month",
        origin: "proposal",
        sources: [PRICING_SOURCE],
      }),
    ]);
    // The other fields are still open, so the proposal stays on the page.
    const page = await load();
    expect(page.data).toMatchObject({ total: 1 });
    const html = render(page.data);
    expect(visibleText(html)).toMatch(/Pricing\s+Accepted/);
    expect(hasElement(html, "button", { value: "accept:pricing" })).toBe(false);
  });

  it("rejecting leaves the tool alone; when every field is decided the proposal leaves the list", async () => {
    const { tool, proposalId } = await seedProposal();
    const before = services.invalidations();

    expectSaved(await post(renderedFields(proposalId, "reject-all")), "Quill: 3 rejected");

    const now = await toolNow(tool.id);
    expect(now).toMatchObject({ pricing: OLD_PRICING, tagline: "Writes drafts.", features: ["Drafts", "Rewrites"] });
    expect(await changes()).toEqual([]);
    expect(services.invalidations()).toBe(before);
    expect((await fieldRows()).map((row) => row.decision)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await load()).toMatchObject({ data: { total: 0 } });
  });

  it("saves an edited value instead of the proposed one", async () => {
    const { tool, proposalId } = await seedProposal();

    expectSaved(
      await post(renderedFields(proposalId, "accept:tagline", { tagline: "  Drafts and rewrites text.  " })),
      "Quill: 1 change saved",
    );

    expect((await toolNow(tool.id)).tagline).toBe("Drafts and rewrites text.");
    const tagline = (await fieldRows()).find((row) => row.field === "tagline");
    expect(tagline).toMatchObject({ decision: "accepted", acceptedValue: "Drafts and rewrites text." });
    expect(await changes()).toEqual([
      expect.objectContaining({ field: "tagline", after: "Drafts and rewrites text.", sources: [NEWS_SOURCE] }),
    ]);
  });

  it("accepts every open field at once, with their edits", async () => {
    const { tool, proposalId } = await seedProposal();

    expectSaved(
      await post(renderedFields(proposalId, "accept-all", { features: "Drafts\nSummaries\nTranslations" })),
      "Quill: 3 changes saved",
    );

    expect(await toolNow(tool.id)).toMatchObject({
      pricing: NEW_PRICING,
      tagline: "Writes and rewrites drafts.",
      features: ["Drafts", "Summaries", "Translations"],
    });
    expect((await changes()).map((change) => [change.field, change.sources])).toEqual([
      ["features", [NEWS_SOURCE]],
      ["pricing", [PRICING_SOURCE]],
      ["startingPrice", [PRICING_SOURCE]],
      ["tagline", [NEWS_SOURCE]],
    ]);
    expect((await database.db.select().from(refreshProposals))[0]).toMatchObject({ status: "reviewed" });
  });

  it("refuses an edit the tool form would refuse, with the message beside the field, and changes nothing", async () => {
    const { tool, proposalId } = await seedProposal();
    const before = services.invalidations();

    const refused = await post(
      renderedFields(proposalId, "accept:features", { features: "Drafts\n" + "x".repeat(301) }),
    );

    expect(refused).toMatchObject({
      status: 400,
      data: {
        ok: false,
        form: proposalId,
        formError: PROPOSAL_MESSAGES.failed("Line 2: Each feature must be at most 300 characters"),
        fieldErrors: { features: "Line 2: Each feature must be at most 300 characters" },
      },
    });
    expect((await toolNow(tool.id)).features).toEqual(["Drafts", "Rewrites"]);
    expect(await changes()).toEqual([]);
    expect((await fieldRows()).every((row) => row.decision === null)).toBe(true);
    expect(services.invalidations()).toBe(before);

    // Without JavaScript the page comes back with the edit as typed and the message beside it.
    const html = render((await load()).data, refused.data);
    expect(html).toContain(`>Drafts\n${"x".repeat(301)}</textarea>`);
    expect(visibleText(html)).toContain("Line 2: Each feature must be at most 300 characters");
    expect(html).toMatch(/aria-invalid="true"/);
  });

  it("will not replace a value edited since the proposal until told to", async () => {
    const { tool, proposalId } = await seedProposal();
    await database.db.update(tools).set({ tagline: "Edited by hand." }).where(eq(tools.id, tool.id));

    const html = render((await load()).data);
    expect(visibleText(html)).toContain("Changed since this proposal was made");
    expect(hasElement(html, "input", { type: "checkbox", name: "replaceNewer", value: "tagline" })).toBe(true);

    const refused = await post(renderedFields(proposalId, "accept:tagline"));
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldErrors: { tagline: PROPOSAL_MESSAGES.stale("Tagline") } },
    });
    expect((await toolNow(tool.id)).tagline).toBe("Edited by hand.");

    expectSaved(
      await post(renderedFields(proposalId, "accept:tagline", { replaceNewer: "tagline" })),
      "Quill: 1 change saved",
    );
    expect((await toolNow(tool.id)).tagline).toBe("Writes and rewrites drafts.");
  });

  it("answers an unknown proposal with 404, a reviewed one and an unknown action with a message", async () => {
    const { proposalId } = await seedProposal();
    expect(await post(renderedFields("00000000-0000-4000-8000-000000000000", "accept:pricing"))).toMatchObject({
      status: 404,
    });
    expect(await post(renderedFields(proposalId, "publish:pricing"))).toMatchObject({
      status: 400,
      data: { ok: false, form: proposalId, formError: PROPOSAL_MESSAGES.failed("unknown action") },
    });
    await post(renderedFields(proposalId, "reject-all"));
    expect(await post(renderedFields(proposalId, "accept:pricing"))).toMatchObject({
      status: 409,
      data: { ok: false, code: "conflict", formError: PROPOSAL_MESSAGES.failed(PROPOSAL_MESSAGES.notPending) },
    });
  });

  it("returns to the page the form was on", async () => {
    const { proposalId } = await seedProposal();
    expectSaved(
      await post(renderedFields(proposalId, "reject:pricing"), { path: "/admin/proposals?page=2" }),
      "Quill: 1 rejected",
      "/admin/proposals?page=2",
    );
  });
});
