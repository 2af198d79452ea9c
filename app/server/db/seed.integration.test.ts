import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { count, eq, isNotNull, like, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { TOOL_CATEGORIES } from "~/lib/categories";
import { pricingSchema } from "~/lib/pricing-schema";
import { slugify } from "~/lib/slugify";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createLocalStorage } from "../storage/local-storage.server";
import {
  accounts,
  articles,
  jobRuns,
  refreshProposalFields,
  refreshProposals,
  toolChanges,
  toolLinkChecks,
  toolMakers,
  tools,
  toolVotes,
  users,
} from "./schema.server";
import { DEMO_REVIEWERS, demoRatingOf, demoVotes } from "./demo/reviews.server";
import { findRankingPrior } from "../catalog/ranking.server";
import { listCommentsForTool } from "../community/comments.server";
import { readWeeklyFigures } from "../makers/maker-figures.server";
import { DEMO_MAKER } from "./demo/makers.server";
import { countInbox } from "../moderation/inbox.server";
import { DEMO_AUTHOR } from "./demo/freshness.server";
import { demoTools } from "./demo/tools.server";
import { isCatalogueEmpty, seedDemoCatalogue } from "./seed.server";
import { DEMO_SEARCHES } from "./demo/searches.server";
import { parseToolFilters } from "~/lib/tool-filters";
import { listTools } from "../catalog/tools.server";
import { readSearchReport } from "../search/search-report.server";
import { listRelatedArticles, listToolsInArticle } from "../content/article-tools.server";
import { toolSlugsInHtml } from "~/lib/tool-links";
import { demoArticles } from "./demo/articles.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

let uploadsDir: string;
const emptyCatalogue = async () => {
  await database.db.execute(sql`truncate table ${tools}, ${articles}, ${jobRuns} cascade`);
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), "aitlas-seed-"));
};
const removeUploads = () => fs.rm(uploadsDir, { recursive: true, force: true });

const seed = () =>
  seedDemoCatalogue({ db: database.db, storage: createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" }) });

const wordsOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean);

// A first seed into the file's fresh database, read by every test of this block (seeding takes a
// while, so once); the tests that change the catalogue or need it empty come after, on their own.
describe("seedDemoCatalogue, once into a fresh database", () => {
  let firstReport: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    await emptyCatalogue();
    firstReport = await seed();
  });
  afterAll(removeUploads);

  test("leaves what the AI refresh would, signed as demo data, and invents no website check", async () => {
    const [toolRows, checks, runs, changes, allProposals, allFields] = await Promise.all([
      database.db.select().from(tools),
      database.db.select().from(toolLinkChecks),
      database.db.select().from(jobRuns),
      database.db.select().from(toolChanges),
      database.db.select().from(refreshProposals),
      database.db.select().from(refreshProposalFields),
    ]);
    // The AI refresh's: the demo maker's own proposal is the makers' seed's (below).
    const proposals = allProposals.filter((proposal) => proposal.makerId === null);
    const fields = allFields.filter((field) => proposals.some((proposal) => proposal.id === field.proposalId));
    // Freshness appears after the first real check (issue 35).
    expect(checks).toEqual([]);
    expect(runs.map((run) => [run.kind, run.state])).toEqual([["refresh", "succeeded"]]);
    expect(new Set(changes.map((change) => change.actorName))).toEqual(new Set([DEMO_AUTHOR]));
    // Each field's change log entry ends at the tool's current value.
    const [statusChanges, fieldChanges] = [
      changes.filter((change) => change.field === "status"),
      changes.filter((change) => change.field !== "status"),
    ];
    for (const change of fieldChanges) {
      const tool = toolRows.find((row) => row.id === change.toolId)!;
      expect(change.after).toBe(tool[change.field as "tagline" | "website"]);
    }
    expect(fieldChanges.map((change) => [change.origin, change.sources.length]).sort()).toEqual([
      ["admin", 0],
      ["proposal", 1],
    ]);
    // Events (decision 185): the newest tool added, another discontinued and listed again; both listed now.
    const newest = toolRows.reduce((latest, row) => (row.createdAt > latest.createdAt ? row : latest));
    expect(
      statusChanges
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .map((change) => [change.toolId === newest.id, change.before, change.after]),
    ).toEqual([
      [false, "active", "discontinued"],
      [false, "discontinued", "active"],
      [true, null, "active"],
    ]);
    expect(toolRows.filter((row) => row.discontinuedAt !== null)).toEqual([]);
    expect(proposals.map((proposal) => proposal.status).sort()).toEqual(["pending", "reviewed"]);
    const pending = fields.find((field) => field.decision === null)!;
    const waitingTool = toolRows.find((row) => row.id === proposals.find((p) => p.status === "pending")!.toolId)!;
    expect(pending).toMatchObject({ field: "tagline", currentValue: waitingTool.tagline });
    expect(pending.proposedValue).not.toBe(waitingTool.tagline);

    // Seeding again adds none of it twice.
    await seed();
    expect(await database.db.$count(toolChanges)).toBe(changes.length);
    expect(await database.db.$count(jobRuns)).toBe(1);
  });

  test("makes one listing a demo maker's: verified, a comment with the badge, a proposal marked as theirs, figures", async () => {
    const [tool] = await database.db.select().from(tools).where(eq(tools.slug, DEMO_MAKER.toolSlug));
    const [maker] = await database.db.select().from(users).where(eq(users.email, DEMO_MAKER.email));
    expect(await database.db.select().from(accounts).where(eq(accounts.userId, maker!.id))).toEqual([]);
    expect(await database.db.select().from(toolMakers)).toEqual([
      expect.objectContaining({ toolId: tool!.id, userId: maker!.id, status: "verified", method: "admin" }),
    ]);
    const page = await listCommentsForTool({ db: database.db, toolId: tool!.id });
    expect(page.map((comment) => [comment.content, comment.isMaker])).toEqual([[DEMO_MAKER.comment, true]]);
    const [proposal] = await database.db.select().from(refreshProposals).where(eq(refreshProposals.makerId, maker!.id));
    expect(proposal).toMatchObject({ toolId: tool!.id, status: "pending" });
    const figures = await readWeeklyFigures({ db: database.db, toolId: tool!.id });
    expect(figures.some((week) => week.views > 0 && week.clicks > 0)).toBe(true);
  });

  test("writes at least 40 complete tools covering every category", async () => {
    const rows = await database.db.select().from(tools);

    expect(firstReport.toolsAdded).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((tool) => tool.category))).toEqual(new Set(TOOL_CATEGORIES));

    for (const tool of rows) {
      const words = wordsOf(tool.description).length;
      expect(words, `${tool.name}: ${words} words`).toBeGreaterThanOrEqual(100);
      expect(words, `${tool.name}: ${words} words`).toBeLessThanOrEqual(200);
      expect(tool.slug, tool.name).toBe(slugify(tool.slug));
      expect(tool.features.length, tool.name).toBeGreaterThan(0);
      expect(tool.pros.length, tool.name).toBeGreaterThan(0);
      expect(tool.cons.length, tool.name).toBeGreaterThan(0);
      expect(tool.website, tool.name).toMatch(/^https:\/\/\S+$/);
      expect(pricingSchema.safeParse(tool.pricing).success, tool.name).toBe(true);
      // A fresh install carries the demo members' votes only.
      expect(tool).toMatchObject(demoRatingOf(tool.slug));
    }
  });

  test("writes both of the demo's pricing shapes as plans in the demo's order", async () => {
    const stored = new Map(
      (await database.db.select({ slug: tools.slug, pricing: tools.pricing }).from(tools)).map((row) => [
        row.slug,
        row.pricing,
      ]),
    );
    // The demo data has both shapes: a list of plans and a map of plan to text.
    expect(demoTools.some((tool) => Array.isArray(tool.pricing))).toBe(true);
    expect(demoTools.some((tool) => tool.pricing && !Array.isArray(tool.pricing))).toBe(true);
    for (const tool of demoTools) {
      const plans = stored.get(tool.slug) as { plan: string }[];
      expect(Array.isArray(plans), tool.name).toBe(true);
      expect(
        plans.map((plan) => plan.plan),
        tool.name,
      ).toEqual(Array.isArray(tool.pricing) ? tool.pricing.map((plan) => plan.plan) : Object.keys(tool.pricing ?? {}));
    }
    expect((stored.get("midjourney") as { plan: string }[]).map((plan) => plan.plan)).toEqual([
      "Basic",
      "Standard",
      "Pro",
      "Mega",
    ]);
  });

  test("writes at least 6 published articles", async () => {
    const rows = await database.db.select().from(articles);

    expect(firstReport.articlesAdded).toBe(rows.length);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    for (const article of rows) {
      expect(article.status).toBe("published");
      expect(article.content.length, article.title).toBeGreaterThan(0);
      expect(article.slug, article.title).toBe(slugify(article.slug));
    }
  });

  test("links every demo article to at least one tool page, and those tools list the article (issue 34)", async () => {
    const rows = await database.db.select({ id: articles.id, slug: articles.slug }).from(articles);
    const demoSlugs = new Set(demoTools.map((tool) => tool.slug));
    for (const demo of demoArticles) {
      const linked = toolSlugsInHtml(demo.content);
      expect(linked.length, demo.slug).toBeGreaterThan(0);
      // No link to a tool page the demo catalogue lacks: it would be a dead link on a fresh install.
      expect(
        linked.filter((slug) => !demoSlugs.has(slug)),
        demo.slug,
      ).toEqual([]);
      const article = rows.find((row) => row.slug === demo.slug)!;
      const tools = await listToolsInArticle({ db: database.db, articleId: article.id, limit: linked.length });
      expect(tools.map((tool) => tool.slug).sort(), demo.slug).toEqual([...linked].sort());
      for (const tool of tools) {
        const related = await listRelatedArticles({ db: database.db, toolId: tool.id, limit: demoArticles.length });
        expect(
          related.map((item) => item.slug),
          `${tool.slug} lists ${demo.slug}`,
        ).toContain(demo.slug);
      }
    }
  });

  test("stores an SVG logo for every tool and points the tool at it", async () => {
    const rows = await database.db.select({ slug: tools.slug, image: tools.image }).from(tools);

    for (const tool of rows) {
      expect(tool.image).toBe(`/uploads/tool-logos/${tool.slug}.svg`);
      const svg = await fs.readFile(path.join(uploadsDir, "tool-logos", `${tool.slug}.svg`), "utf8");
      expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).toMatch(/<\/svg>$/);
    }
  });

  test("fills the moderation inbox: two pending submissions and a reported listing by a demo member who cannot sign in", async () => {
    expect(await countInbox({ db: database.db })).toMatchObject({ submissions: 2, reportedListings: 1 });
    const signIns = await database.db
      .select({ id: accounts.id })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, "demo-member@aitlas.invalid"));
    expect(signIns).toEqual([]);
  });

  test("fills the dashboard's search lists with searches that find (or miss) in the demo catalogue", async () => {
    const report = await readSearchReport({ db: database.db });
    expect(report.top.map((row) => row.query)).toEqual(DEMO_SEARCHES.map((search) => search.query));
    expect(report.zeroResults.map((row) => row.query)).toEqual(
      DEMO_SEARCHES.filter((search) => search.zero).map((search) => search.query),
    );
    for (const { query, zero } of DEMO_SEARCHES) {
      const filters = parseToolFilters(new URLSearchParams({ q: query }));
      const found = await listTools({ db: database.db, filters, order: "relevance" });
      expect(found.total === 0, query).toBe(zero);
    }
  });

  test("rates most tools with demo members' votes and reviews, and scores them for Top rated", async () => {
    const rows = await database.db
      .select({ slug: tools.slug, rating: tools.rating, voteCount: tools.voteCount, score: tools.rankingScore })
      .from(tools);
    for (const row of rows) {
      expect({ rating: row.rating, voteCount: row.voteCount }, row.slug).toEqual(demoRatingOf(row.slug));
    }
    expect(rows.filter((row) => row.voteCount >= 3).length).toBeGreaterThan(rows.length / 2);
    // The prior is the demo's mean vote, and every score follows it (decision 056).
    const mean = demoVotes.reduce((sum, vote) => sum + vote.rating, 0) / demoVotes.length;
    const prior = await findRankingPrior({ db: database.db });
    expect(prior!.mean).toBeCloseTo(mean, 6);
    for (const row of rows) {
      const expected =
        ((row.rating ?? 0) * row.voteCount + prior!.weight * prior!.mean) / (row.voteCount + prior!.weight);
      expect(row.score, row.slug).toBeCloseTo(expected, 6);
    }
    const reviews = await database.db.select().from(toolVotes).where(isNotNull(toolVotes.review));
    expect(reviews).toHaveLength(demoVotes.filter((vote) => vote.review).length);
    // The reviewers are demo accounts no one can sign in to, confirmed and months old.
    const reviewers = await database.db
      .select({
        email: users.email,
        verified: users.emailVerified,
        createdAt: users.createdAt,
        signIns: count(accounts.id),
      })
      .from(users)
      .leftJoin(accounts, eq(accounts.userId, users.id))
      .where(like(users.email, "demo-reviewer-%"))
      .groupBy(users.id);
    expect(reviewers).toHaveLength(DEMO_REVIEWERS.length);
    for (const reviewer of reviewers) {
      expect(reviewer.email).toMatch(/\.invalid$/);
      expect([reviewer.verified, reviewer.signIns]).toEqual([true, 0]);
      expect(Date.now() - reviewer.createdAt.getTime()).toBeGreaterThan(7 * 24 * 60 * 60 * 1000);
    }
  });

  test("adds nothing when run a second time", async () => {
    const countRows = async () => ({
      tools: (await database.db.select({ n: count() }).from(tools))[0]!.n,
      articles: (await database.db.select({ n: count() }).from(articles))[0]!.n,
    });
    const before = await countRows();

    expect(await seed()).toEqual({ toolsAdded: 0, articlesAdded: 0, tagsAdded: 0 });
    expect(await countRows()).toEqual(before);
  });
});

describe("seedDemoCatalogue over an edited catalogue", () => {
  beforeEach(emptyCatalogue);
  afterEach(removeUploads);

  test("leaves a tool an admin has edited as it is", async () => {
    await seed();
    await database.db
      .update(tools)
      .set({ name: "ChatGPT (edited)" })
      .where(sql`${tools.slug} = 'chatgpt'`);

    await seed();

    const [edited] = await database.db
      .select({ name: tools.name })
      .from(tools)
      .where(sql`${tools.slug} = 'chatgpt'`);
    expect(edited?.name).toBe("ChatGPT (edited)");
  });
});

describe("isCatalogueEmpty", () => {
  beforeEach(emptyCatalogue);
  afterEach(removeUploads);

  test("is true before seeding and false after", async () => {
    expect(await isCatalogueEmpty({ db: database.db })).toBe(true);
    await seed();
    expect(await isCatalogueEmpty({ db: database.db })).toBe(false);
  });

  test("is false with only an article, so a start never seeds over an admin's work", async () => {
    await database.db.insert(articles).values({
      slug: "only-one",
      title: "Only one",
      category: "Guides",
      excerpt: "x",
      content: "<p>x</p>",
      author: "Admin",
      readTime: "1 min read",
      date: "2025-01-01",
    });

    expect(await isCatalogueEmpty({ db: database.db })).toBe(false);
  });
});
