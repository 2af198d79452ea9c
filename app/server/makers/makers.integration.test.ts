import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAKER_MESSAGES, verifyFilePath, verifyMetaName, verifySlug } from "~/lib/makers";
import { startingPriceOf } from "~/lib/plan-price";
import { action as inboxAction, loader as inboxLoader } from "~/routes/admin/inbox";
import { action as claimAction } from "~/routes/tool-claim";
import { action as makerAction, loader as makerLoader } from "~/routes/tool-maker";
import { listPendingProposals } from "~/server/freshness/proposal-review.server";
import { decideProposalFields } from "~/server/freshness/proposal-decisions.server";
import { savedTools, toolDailyCounts, toolMakers, tools, toolVotes } from "~/server/db/schema.server";
import { createOutboundClient, type OutboundClient } from "~/server/outbound/guarded-fetch.server";
import { listenOnLoopback, type LoopbackServer } from "../../../tests/fakes/http";
import { insertTools } from "../../../tests/setup/fixtures";
import { formPostRequest, getRequest, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { loadToolPage, postToToolPage } from "../../../tests/setup/tool-page";
import { checkClaim, findClaim, siteVerifySlug, startClaim } from "./maker-claims.server";
import { readWeeklyFigures, weekStarts } from "./maker-figures.server";
import { isVerifiedMaker } from "./verified-makers.server";

// Makers claiming their listing (issue 33, decision 176): the token on the tool's website (a
// loopback site, read through a guarded client that allows it), an administrator's approval from
// the inbox, the badge, the refusal of a maker's own vote, proposals marked as the maker's, and the
// weekly figures (decision 177). Real requests through the routes where a route decides.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let site: LoopbackServer;
/** What the loopback site serves, by path. */
let pages: Record<string, { type: string; body: string }> = {};
let loopback: OutboundClient;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  site = await listenOnLoopback({
    handler(_request, response, url) {
      const page = pages[url.pathname];
      response.writeHead(page ? 200 : 404, { "content-type": page?.type ?? "text/plain" });
      response.end(page?.body ?? "");
    },
  });
  loopback = createOutboundClient({ allowPrivate: true });
});
afterAll(async () => {
  await loopback.close();
  await site.close();
  await database.dispose();
});

const PRICING = [
  { plan: "Free", price: "Free", details: "" },
  { plan: "Pro", price: "$10/month", details: "" },
];

let tool: typeof tools.$inferSelect;
let memberCount = 0;
const newMember = () => createSignedInUser(services, `maker${++memberCount}@example.com`);

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, rate_limits cascade`);
  pages = {};
  [tool] = (await insertTools(database.db, {
    name: "Quill",
    tagline: "Writes drafts.",
    features: ["Drafts"],
    pricing: PRICING,
    startingPrice: startingPriceOf(PRICING),
    pricingModel: "freemium",
    website: `${site.origin}/`,
  })) as [typeof tools.$inferSelect];
});

const slug = () => siteVerifySlug();
const html = (head: string) => ({
  type: "text/html",
  body: `<!doctype html><html><head>${head}</head><body></body></html>`,
});

async function post(action: typeof claimAction, path: string, fields: Record<string, string>, cookie: string) {
  const request = formPostRequest(path, fields, { cookie });
  return settleRoute(async () =>
    action({ request, params: { id: tool.slug }, context: await contextFor(services, request) } as never),
  );
}

describe("the site's slug", () => {
  it("follows SITE_NAME: Aitlas gives aitlas-verify; accents and spaces become a plain slug", () => {
    expect(verifySlug("Aitlas")).toBe("aitlas");
    expect(verifyFilePath(verifySlug("Aitlas"))).toBe("/.well-known/aitlas-verify.txt");
    expect(verifyMetaName(verifySlug("Mon Café AI"))).toBe("mon-cafe-ai-verify");
    expect(verifySlug("!!!")).toBe("aitlas");
  });
});

describe("claims checked on the tool's website", () => {
  it("a token served in the .well-known file verifies the claim", async () => {
    const member = await newMember();
    const claim = await startClaim({ db: database.db, toolId: tool.id, userId: member.id });
    expect(claim).toMatchObject({ status: "pending", verifiedAt: null });
    expect(claim.token.startsWith(`${slug()}-`)).toBe(true);
    pages[verifyFilePath(slug())] = { type: "text/plain", body: `${claim.token}\n` };

    const outcome = await checkClaim({ db: database.db, toolId: tool.id, userId: member.id, client: loopback });
    expect(outcome).toEqual({ verified: true, method: "file" });
    expect(await isVerifiedMaker({ db: database.db, toolId: tool.id, userId: member.id })).toBe(true);
    // Starting again changes nothing: the same claim, still verified.
    expect(await startClaim({ db: database.db, toolId: tool.id, userId: member.id })).toMatchObject({
      token: claim.token,
      status: "verified",
    });
  });

  it("a token in the home page's meta tag verifies the claim", async () => {
    const member = await newMember();
    const claim = await startClaim({ db: database.db, toolId: tool.id, userId: member.id });
    pages["/"] = html(`<title>Quill</title><meta content='${claim.token}' name="${verifyMetaName(slug())}">`);

    expect(await checkClaim({ db: database.db, toolId: tool.id, userId: member.id, client: loopback })).toEqual({
      verified: true,
      method: "meta",
    });
    expect(await findClaim({ db: database.db, toolId: tool.id, userId: member.id })).toMatchObject({
      status: "verified",
      method: "meta",
    });
  });

  it("a wrong token (or another member's) verifies nothing, and the member reads why", async () => {
    const member = await newMember();
    const other = await newMember();
    await startClaim({ db: database.db, toolId: tool.id, userId: member.id });
    const othersClaim = await startClaim({ db: database.db, toolId: tool.id, userId: other.id });
    pages[verifyFilePath(slug())] = { type: "text/plain", body: "aitlas-not-the-token" };
    pages["/"] = html(`<meta name="${verifyMetaName(slug())}" content="${othersClaim.token}">`);

    const outcome = await checkClaim({ db: database.db, toolId: tool.id, userId: member.id, client: loopback });
    const reason = MAKER_MESSAGES.notFound(verifyFilePath(slug()), verifyMetaName(slug()));
    expect(outcome).toEqual({ verified: false, reason });
    expect(await findClaim({ db: database.db, toolId: tool.id, userId: member.id })).toMatchObject({
      status: "pending",
      lastFailure: reason,
    });
    expect(await isVerifiedMaker({ db: database.db, toolId: tool.id, userId: member.id })).toBe(false);
  });

  it("the claim page checks through the process's outbound guard: a private address is refused, nothing verified", async () => {
    const member = await newMember();
    expect(await post(claimAction, `/tool/${tool.slug}/claim`, { intent: "start" }, member.cookie)).toMatchObject({
      status: 302,
      location: `/tool/${tool.slug}/claim`,
    });
    const claim = (await findClaim({ db: database.db, toolId: tool.id, userId: member.id }))!;
    pages[verifyFilePath(slug())] = { type: "text/plain", body: claim.token };

    const answer = await post(claimAction, `/tool/${tool.slug}/claim`, { intent: "check" }, member.cookie);
    expect(answer).toMatchObject({ status: 400 });
    expect((answer.data as { formError: string }).formError).toBe(
      MAKER_MESSAGES.unreachable("its address is not a public one"),
    );
    expect(await isVerifiedMaker({ db: database.db, toolId: tool.id, userId: member.id })).toBe(false);
  });
});

describe("an administrator's approval", () => {
  it("a pending claim waits in the inbox; approving it makes the member the maker and purges the listing", async () => {
    const member = await newMember();
    expect(await post(claimAction, `/tool/${tool.slug}/claim`, { intent: "start" }, member.cookie)).toMatchObject({
      status: 302,
    });
    expect(
      await post(claimAction, `/tool/${tool.slug}/claim`, { intent: "request", note: "I run Quill." }, member.cookie),
    ).toMatchObject({ status: 302 });
    const claim = (await findClaim({ db: database.db, toolId: tool.id, userId: member.id }))!;

    const inboxRequest = getRequest("/admin/inbox", { cookie: admin.cookie });
    const inbox = await inboxLoader({
      request: inboxRequest,
      context: await contextFor(services, inboxRequest),
    } as never);
    expect(inbox.claims).toEqual([
      expect.objectContaining({ id: claim.id, note: "I run Quill.", tool: expect.objectContaining({ id: tool.id }) }),
    ]);
    // Counted with the rest, so the admin navigation's badge and the dashboard show it too.
    expect(inbox.counts).toMatchObject({ makerClaims: 1, total: 1 });

    // A member cannot approve anyone.
    const refused = await post(
      inboxAction as never,
      "/admin/inbox",
      { intent: "approve-claim", id: claim.id },
      member.cookie,
    );
    expect(refused.status).toBe(403);
    expect(await isVerifiedMaker({ db: database.db, toolId: tool.id, userId: member.id })).toBe(false);

    const approved = await post(
      inboxAction as never,
      "/admin/inbox",
      { intent: "approve-claim", id: claim.id },
      admin.cookie,
    );
    expect(approved).toMatchObject({ status: 302, location: "/admin/inbox" });
    expect(await findClaim({ db: database.db, toolId: tool.id, userId: member.id })).toMatchObject({
      status: "verified",
      method: "admin",
      verifiedBy: admin.id,
    });
    expect(services.purges().at(-1)).toEqual([`tool:${tool.id}`, `member:${member.id}`]);
    // Decided once: approving again finds no pending claim.
    const again = await post(
      inboxAction as never,
      "/admin/inbox",
      { intent: "approve-claim", id: claim.id },
      admin.cookie,
    );
    expect(again.status).toBe(404);
  });

  it("rejecting a claim removes it", async () => {
    const member = await newMember();
    const claim = await startClaim({ db: database.db, toolId: tool.id, userId: member.id });
    await post(inboxAction as never, "/admin/inbox", { intent: "reject-claim", id: claim.id }, admin.cookie);
    expect(await database.db.select().from(toolMakers).where(eq(toolMakers.id, claim.id))).toEqual([]);
  });
});

async function verifiedMaker() {
  const member = await newMember();
  const claim = await startClaim({ db: database.db, toolId: tool.id, userId: member.id });
  await database.db
    .update(toolMakers)
    .set({ status: "verified", method: "admin", verifiedAt: new Date() })
    .where(eq(toolMakers.id, claim.id));
  return member;
}

describe("a verified maker on the tool page", () => {
  it("cannot vote on their own tool; their comment and the listing carry the Maker badge", async () => {
    const maker = await verifiedMaker();
    const voter = await newMember();

    const vote = await postToToolPage(services, tool.slug, { intent: "vote", rating: "5" }, { cookie: maker.cookie });
    expect(vote).toMatchObject({ status: 403, ok: false, formError: MAKER_MESSAGES.ownTool });
    expect(await database.db.select().from(toolVotes).where(eq(toolVotes.toolId, tool.id))).toEqual([]);
    // Anyone else votes as before.
    expect(
      await postToToolPage(services, tool.slug, { intent: "vote", rating: "4" }, { cookie: voter.cookie }),
    ).toMatchObject({ ok: true });

    await postToToolPage(services, tool.slug, { intent: "comment", content: "Maker here." }, { cookie: maker.cookie });
    await postToToolPage(services, tool.slug, { intent: "comment", content: "A user here." }, { cookie: voter.cookie });
    const page = await loadToolPage(services, tool.slug);
    expect(page.claimed).toBe(true);
    expect(page.comments.map((comment) => [comment.content, comment.isMaker])).toEqual([
      ["A user here.", false],
      ["Maker here.", true],
    ]);
    expect((await loadToolPage(services, tool.slug, maker.cookie)).viewerIsMaker).toBe(true);
  });
});

describe("a maker's proposed edits", () => {
  const proposalForm = (overrides: Record<string, string | string[]> = {}) => ({
    tagline: "Writes drafts.",
    description: "About Quill.",
    features: "Drafts",
    pros: "",
    pricingModel: "freemium",
    pricingShape: "plans",
    "pricing.plan": ["Free", "Pro"],
    "pricing.price": ["Free", "$12/month"],
    "pricing.details": ["", ""],
    "pricing.features": ["", ""],
    image: "",
    sourceUrl: "https://quill.example/pricing",
    ...overrides,
  });

  async function propose(cookie: string, fields: Record<string, string | string[]>) {
    const request = formPostRequest(`/tool/${tool.slug}/maker`, fields, { cookie });
    return settleRoute(async () =>
      makerAction({ request, params: { id: tool.slug }, context: await contextFor(services, request) } as never),
    );
  }

  it("land in the proposals review marked as the maker's, only the changed fields, citing the maker's page; accepting derives the starting price", async () => {
    const maker = await verifiedMaker();
    expect(await propose(maker.cookie, proposalForm())).toMatchObject({
      status: 302,
      location: `/tool/${tool.slug}/maker`,
    });

    const { proposals } = await listPendingProposals({ db: database.db });
    expect(proposals).toHaveLength(1);
    const [proposal] = proposals;
    expect(proposal!.maker).toEqual({ id: maker.id, name: expect.any(String) });
    expect(proposal!.fields.map((field) => field.field)).toEqual(["pricing"]);
    expect(proposal!.fields[0]).toMatchObject({
      currentValue: PRICING,
      proposedValue: [PRICING[0], { plan: "Pro", price: "$12/month", details: "" }],
      sources: [{ url: "https://quill.example/pricing", title: "Cited by the maker", snippet: "" }],
    });

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId: proposal!.id,
      decisions: [{ field: "pricing", decision: "accepted" }],
      admin: { id: admin.id, name: "admin" },
    });
    expect(outcome).toMatchObject({ status: "decided", accepted: ["pricing"] });
    const [saved] = await database.db.select().from(tools).where(eq(tools.id, tool.id));
    expect(saved!.startingPrice).toBe(startingPriceOf([PRICING[0]!, { plan: "Pro", price: "$12/month", details: "" }]));
  });

  it("a logo and a fact can be proposed; nothing changed, a missing source or a non-maker is refused", async () => {
    const maker = await verifiedMaker();
    const member = await newMember();
    const unchanged = proposalForm({ "pricing.price": ["Free", "$10/month"] });

    expect(await propose(maker.cookie, unchanged)).toMatchObject({
      status: 400,
      data: expect.objectContaining({ formError: `Failed to propose edits: ${MAKER_MESSAGES.nothingChanged}` }),
    });
    expect(await propose(maker.cookie, { ...proposalForm(), sourceUrl: "" })).toMatchObject({
      status: 400,
      data: expect.objectContaining({ fieldErrors: { sourceUrl: expect.any(String) } }),
    });
    expect(await propose(member.cookie, proposalForm())).toMatchObject({ status: 403 });
    expect((await listPendingProposals({ db: database.db })).total).toBe(0);

    const withLogoAndFact = {
      ...unchanged,
      image: "https://quill.example/logo.png",
      "facts.present": "1",
      "facts.api.value": "yes",
      "facts.api.sourceUrl": "https://quill.example/docs",
    };
    expect(await propose(maker.cookie, withLogoAndFact)).toMatchObject({ status: 302 });
    const [proposal] = (await listPendingProposals({ db: database.db })).proposals;
    expect(proposal!.fields.map((field) => [field.field, field.sources[0]?.url])).toEqual([
      ["image", "https://quill.example/pricing"],
      ["facts.api", "https://quill.example/docs"],
    ]);
  });
});

describe("the listing's figures", () => {
  it("views and clicks from the daily counts, saves and first votes, per week for twelve weeks; only for makers and admins", async () => {
    const maker = await verifiedMaker();
    const member = await newMember();
    const now = new Date();
    const weeks = weekStarts(now);
    const thisWeek = weeks.at(-1)!;
    const lastWeek = weeks.at(-2)!;
    await database.db.insert(toolDailyCounts).values([
      { toolId: tool.id, day: thisWeek, views: 7, clicks: 2 },
      { toolId: tool.id, day: lastWeek, views: 5, clicks: 1 },
      {
        toolId: tool.id,
        day: new Date(Date.parse(lastWeek) + 86_400_000).toISOString().slice(0, 10),
        views: 4,
        clicks: 3,
      },
      // Before the twelve weeks: not shown.
      {
        toolId: tool.id,
        day: new Date(Date.parse(weeks[0]!) - 86_400_000).toISOString().slice(0, 10),
        views: 99,
        clicks: 99,
      },
    ]);
    await database.db.insert(savedTools).values({ userId: member.id, toolId: tool.id, createdAt: now });
    await database.db.insert(toolVotes).values({ userId: member.id, toolId: tool.id, rating: 4, createdAt: now });

    const figures = await readWeeklyFigures({ db: database.db, toolId: tool.id, now });
    expect(figures).toHaveLength(12);
    expect(figures.at(-1)).toEqual({ week: thisWeek, views: 7, clicks: 2, saves: 1, votes: 1 });
    expect(figures.at(-2)).toEqual({ week: lastWeek, views: 9, clicks: 4, saves: 0, votes: 0 });
    expect(figures.slice(0, -2).every((week) => week.views === 0 && week.clicks === 0)).toBe(true);

    const load = async (cookie: string) => {
      const request = getRequest(`/tool/${tool.slug}/maker`, { cookie, data: true });
      return settleRoute(async () =>
        makerLoader({ request, params: { id: tool.slug }, context: await contextFor(services, request) } as never),
      );
    };
    expect((await load(maker.cookie)).data).toMatchObject({ isMaker: true, figures });
    expect((await load(admin.cookie)).data).toMatchObject({ isMaker: false, figures });
    expect((await load(member.cookie)).status).toBe(403);
  });
});
