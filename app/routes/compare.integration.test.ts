import { sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { COMPARE_MESSAGES } from "~/lib/compare";
import ComparePage, { loader, meta } from "~/routes/compare";
import { loader as homeLoader } from "~/routes/home";
import { tags, toolFacts, tools } from "~/server/db/schema.server";
import { insertTools, tagTools } from "../../tests/setup/fixtures";
import { getRequest, routeAnswer, type RouteAnswer } from "../../tests/setup/route-calls";
import { TEST_SITE_URL } from "../../tests/setup/test-app";
import { loggingDatabase } from "../../tests/setup/statement-log";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// The compare page as a browser reaches it: real requests, a fresh database, the page rendered.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
});

type Loaded = RouteAnswer & { statements: string[] };

/** The loader's answer to a GET of `path`, whether returned or thrown, with the statements it sent. */
async function load(path: string): Promise<Loaded> {
  const { db, statements: logged } = loggingDatabase(database);
  // Read once the loader has run: the statements it sent, as text.
  const sent = () => logged.map((statement) => statement.text);
  const request = getRequest(path);
  const pair = new URL(request.url).pathname.match(/^\/compare\/(.+)$/)?.[1];
  const params = pair === undefined ? {} : { pair: decodeURIComponent(pair) };
  try {
    return { ...(await routeAnswer(await loader({ request, params, context: { db } } as never))), statements: sent() };
  } catch (thrown) {
    return { ...(await routeAnswer(thrown, { thrown: true })), statements: sent() };
  }
}

type ComparisonData = { view: "comparison"; path: string; tools: { name: string; tags: { slug: string }[] }[] };

function metaOf(loaderData: unknown) {
  const tags = meta({ loaderData, matches: [{ id: "root", data: { siteUrl: TEST_SITE_URL } }] } as never);
  const find = (key: string, value: string) =>
    tags.find((tag) => (tag as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
  return {
    title: (tags.find((tag) => "title" in tag) as { title: string }).title,
    canonical: find("rel", "canonical")?.href,
    robots: find("name", "robots")?.content ?? null,
    description: find("name", "description")?.content,
  };
}

function render(path: string, loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/compare/:pair?", Component: ComparePage as never }]);
  const html = renderToString(
    createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: loaderData } } }),
  );
  return html.replaceAll("<!-- -->", "");
}

const visibleText = (html: string) =>
  html
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]*>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

/** Each body row's header text and whether it is marked as differing. */
function tableRows(html: string) {
  return [...html.matchAll(/<tr([^>]*)><th scope="row"[^>]*>([\s\S]*?)<\/th>/g)].map((match) => ({
    label: visibleText(match[2]!).replace("Differs", "").trim(),
    marked: visibleText(match[2]!).includes("Differs") && match[1]!.includes("data-differs"),
  }));
}

/** Facts as rows of tool_facts (decision 157): Quill has an API and runs on the web and iOS, Echo has none. */
async function insertFacts() {
  const rows = await database.db.select({ id: tools.id, name: tools.name }).from(tools);
  const id = (name: string) => rows.find((row) => row.name === name)!.id;
  const checked = { checkedAt: "2026-11-01" };
  await database.db.insert(toolFacts).values([
    { toolId: id("Quill"), fact: "api", value: "yes", sourceUrl: "https://www.quill.example/api", ...checked },
    {
      toolId: id("Quill"),
      fact: "platforms",
      items: ["web", "ios"],
      sourceUrl: "https://quill.example/apps",
      ...checked,
    },
    { toolId: id("Echo"), fact: "api", value: "no", sourceUrl: "https://echo.example/faq", ...checked },
  ]);
}

async function insertPair() {
  await insertTools(
    database.db,
    {
      name: "Quill",
      tagline: "Drafts your emails",
      rating: 4.25,
      voteCount: 8,
      pricingModel: "freemium",
      startingPrice: "$12/month",
      pricing: [{ plan: "Pro", price: "$12/month", details: "For one writer", features: ["Unlimited drafts"] }],
      features: ["Drafts", "Tone control"],
      pros: ["Fast"],
      cons: ["English only"],
      website: "https://quill.example",
    },
    {
      name: "Echo",
      tagline: "Drafts your emails",
      rating: null,
      voteCount: 0,
      pricingModel: "free",
      pricing: { Free: "$0" },
      features: ["Tone control", "Drafts"],
      pros: ["Fast"],
      cons: [],
      website: null,
    },
  );
  await tagTools(database.db, { Quill: ["api", "mobile-app"], Echo: ["api"] });
}

describe("a pair address", () => {
  it("shows both tools in alphabetical order with their tags, in three statements", async () => {
    await insertPair();
    const answer = await load("/compare/echo-vs-quill");
    expect(answer.status).toBe(200);
    const loaded = answer.data as ComparisonData;
    expect(loaded.path).toBe("/compare/echo-vs-quill");
    expect(loaded.tools.map((tool) => tool.name)).toEqual(["Echo", "Quill"]);
    expect(loaded.tools.map((tool) => tool.tags.map((tag) => tag.slug))).toEqual([["api"], ["api", "mobile-app"]]);
    // The tools by slug, then all their tags and all their facts: never a query per tool.
    expect(answer.statements).toHaveLength(3);
  });

  it("moves the other order, capitals and a trailing slash to the canonical address (301)", async () => {
    await insertPair();
    expect(await load("/compare/quill-vs-echo")).toMatchObject({ status: 301, location: "/compare/echo-vs-quill" });
    expect(await load("/compare/Quill-VS-Echo?ref=mail")).toMatchObject({
      status: 301,
      location: "/compare/echo-vs-quill?ref=mail",
    });
    expect(await load("/compare/echo-vs-quill/")).toMatchObject({ status: 301, location: "/compare/echo-vs-quill" });
  });

  it("answers 404 for an unknown slug, the same tool twice or no -vs-, with at most one statement", async () => {
    await insertPair();
    for (const path of [
      "/compare/echo-vs-nothing",
      "/compare/nothing-vs-quill",
      "/compare/echo-vs-echo",
      "/compare/echo",
    ]) {
      const answer = await load(path);
      expect(answer, path).toMatchObject({
        status: 404,
        data: { error: COMPARE_MESSAGES.pairNotFound, code: "not-found" },
      });
      expect(answer.statements.length, path).toBeLessThanOrEqual(1);
    }
  });

  it("finds slugs that hold -vs- themselves, in three statements however many -vs- there are", async () => {
    await insertTools(database.db, { name: "Rock vs Roll" }, { name: "Jazz" }, { name: "Blues" });
    const answer = await load("/compare/jazz-vs-rock-vs-roll");
    expect(answer.status).toBe(200);
    expect((answer.data as ComparisonData).tools.map((tool) => tool.name)).toEqual(["Jazz", "Rock vs Roll"]);
    expect(answer.statements).toHaveLength(3);

    expect(await load("/compare/rock-vs-roll-vs-blues")).toMatchObject({
      status: 301,
      location: "/compare/blues-vs-rock-vs-roll",
    });
    const many = await load(`/compare/${"rock-vs-".repeat(40)}roll`);
    expect(many.status).toBe(404);
    expect(many.statements).toHaveLength(1);
  });

  it("is indexable, with a self-referencing canonical, the spec's title and a description", async () => {
    await insertPair();
    const { data } = await load("/compare/echo-vs-quill");
    expect(metaOf(data)).toEqual({
      title: "Echo vs Quill: AI Tool Comparison",
      canonical: `${TEST_SITE_URL}/compare/echo-vs-quill`,
      robots: null,
      description: expect.stringMatching(/^Compare Echo and Quill side by side/) as unknown as string,
    });
  });
});

describe("the comparison table", () => {
  it("shows each tool's facts and marks exactly the rows where they differ", async () => {
    await insertPair();
    await insertFacts();
    const { data } = await load("/compare/echo-vs-quill");
    const html = render("/compare/echo-vs-quill", data);
    const text = visibleText(html);

    expect(html).toMatch(/<h1[^>]*>Echo vs Quill<\/h1>/);
    // The tools head the columns and link to their pages.
    expect(html).toMatch(/<th scope="col"[^>]*>[\s\S]*?<a [^>]*href="\/tool\/echo"[^>]*>Echo<\/a>/);
    expect(html).toMatch(/<th scope="col"[^>]*>[\s\S]*?<a [^>]*href="\/tool\/quill"[^>]*>Quill<\/a>/);
    for (const fact of [
      "Drafts your emails",
      "N/A",
      "(0 votes)",
      "4.3",
      "(8 votes)",
      "Freemium · $12/month",
      "Free",
      "Pro : $12/month",
      "For one writer",
      "Unlimited drafts",
      "Tone control",
      "English only",
      "Mobile app",
      "Visit Quill",
      "Not stated",
    ]) {
      expect(text, fact).toContain(fact);
    }
    // The website link says where the visit came from (OUTBOUND_REF, decision 178).
    expect(html).toContain('href="https://quill.example/?ref=aitlas"');
    expect(html).toContain('href="/tag/mobile-app"');
    // Each known fact links its source, named with the day it was checked; an unknown one says so.
    const cells = (label: string) =>
      [...html.matchAll(new RegExp(`<th scope="row"[^>]*><span[^>]*>${label}</span>[\\s\\S]*?</tr>`, "g"))].map(
        (match) => match[0],
      );
    const [apiRow] = cells("API");
    expect(visibleText(apiRow!)).toMatch(
      /✗ No \(source, opens in a new tab\) Source: echo\.example, checked 2026-11-01/,
    );
    expect(visibleText(apiRow!)).toMatch(
      /✓ Yes \(source, opens in a new tab\) Source: quill\.example, checked 2026-11-01/,
    );
    expect(apiRow).toContain('href="https://www.quill.example/api"');
    expect(apiRow).toMatch(/aria-describedby="([^"]+)"[\s\S]*id="\1" role="tooltip"/);
    expect(visibleText(cells("Platforms")[0]!)).toMatch(/Unknown .*Web, iOS/);
    expect(visibleText(cells("Free plan")[0]!).trim()).toBe("Free plan Unknown Unknown");

    // Features differ only in order, pros not at all; the other rows differ.
    expect(tableRows(html)).toEqual([
      { label: "What it does", marked: false },
      { label: "Category", marked: false },
      { label: "Rating", marked: true },
      { label: "Pricing", marked: true },
      { label: "Plans", marked: true },
      { label: "Free plan", marked: false },
      { label: "API", marked: true },
      { label: "Open source", marked: false },
      { label: "Self-hostable", marked: false },
      { label: "Platforms", marked: true },
      { label: "Trains on your data", marked: false },
      { label: "Certifications", marked: false },
      { label: "Features", marked: false },
      { label: "Pros", marked: false },
      { label: "Cons", marked: true },
      { label: "Tags", marked: true },
      { label: "Website", marked: true },
    ]);
    expect(text).toContain("They differ in 8 of 17 rows");
  });

  it("sits in a labelled, focusable scroll region", async () => {
    await insertPair();
    const { data } = await load("/compare/echo-vs-quill");
    const html = render("/compare/echo-vs-quill", data);
    expect(html).toMatch(/<div role="region" aria-labelledby="comparison-caption" tabindex="0"/);
    expect(html).toMatch(/<caption id="comparison-caption"[^>]*>Echo and Quill compared/);
  });
});

describe("a tools= list", () => {
  async function insertFour() {
    await insertTools(database.db, { name: "Delta" }, { name: "Alpha" }, { name: "Charlie" }, { name: "Bravo" });
    await tagTools(database.db, { Alpha: ["api"], Delta: ["api", "team-plans"] });
  }

  it("compares three or four tools in alphabetical order, in three statements, not indexed", async () => {
    await insertFour();
    const answer = await load("/compare?tools=delta,Alpha,charlie,bravo");
    expect(answer.status).toBe(200);
    const loaded = answer.data as ComparisonData;
    expect(loaded.tools.map((tool) => tool.name)).toEqual(["Alpha", "Bravo", "Charlie", "Delta"]);
    expect(loaded.tools.map((tool) => tool.tags.length)).toEqual([1, 0, 0, 2]);
    expect(answer.statements).toHaveLength(3);
    expect(metaOf(loaded)).toMatchObject({
      title: "Alpha vs Bravo vs Charlie vs Delta: AI Tool Comparison",
      canonical: `${TEST_SITE_URL}/compare?tools=alpha,bravo,charlie,delta`,
      robots: "noindex, follow",
    });
    expect(render("/compare?tools=delta,alpha,charlie,bravo", loaded)).toMatch(
      /<h1[^>]*>Alpha vs Bravo vs Charlie vs Delta</,
    );
  });

  it("moves exactly two tools to their pair address (301), keeping other parameters", async () => {
    await insertFour();
    expect(await load("/compare?tools=delta,alpha")).toMatchObject({
      status: 301,
      location: "/compare/alpha-vs-delta",
    });
    expect(await load("/compare?tools=Delta&tools=Alpha,alpha&ref=x")).toMatchObject({
      status: 301,
      location: "/compare/alpha-vs-delta?ref=x",
    });
  });

  it("explains a list of the wrong size without a query: 400, never an error page", async () => {
    for (const [path, problem, message] of [
      ["/compare?tools=alpha", "too-few", COMPARE_MESSAGES.tooFew],
      ["/compare?tools=alpha,alpha", "too-few", COMPARE_MESSAGES.tooFew],
      ["/compare?tools=a,b,c,d,e", "too-many", COMPARE_MESSAGES.tooMany],
    ] as const) {
      const answer = await load(path);
      expect(answer, path).toMatchObject({ status: 400, data: { view: "problem", problem } });
      expect(answer.statements, path).toEqual([]);
      const html = render(path, answer.data);
      expect(visibleText(html), path).toContain(message);
      expect(html, path).toMatch(/<label[^>]*for="compare-tools"[^>]*>Tools to compare<\/label>/);
      expect(metaOf(answer.data).robots, path).toBe("noindex, follow");
    }
  });

  it("names the tools it cannot find (404) and links the ones it can", async () => {
    await insertFour();
    const answer = await load("/compare?tools=alpha,nope,bravo,zilch");
    expect(answer).toMatchObject({
      status: 404,
      data: {
        view: "problem",
        problem: "unknown",
        missing: ["nope", "zilch"],
        found: [
          { slug: "alpha", name: "Alpha" },
          { slug: "bravo", name: "Bravo" },
        ],
      },
    });
    expect(answer.statements).toHaveLength(1);
    const html = render("/compare?tools=alpha,nope,bravo,zilch", answer.data);
    expect(visibleText(html)).toContain(`${COMPARE_MESSAGES.unknown} “nope”, “zilch”.`);
    expect(html).toContain('href="/tool/alpha"');
    // The form keeps what was asked, to correct it.
    expect(html).toContain('value="alpha, nope, bravo, zilch"');
  });

  it("the bare /compare is a form to start from (200)", async () => {
    const answer = await load("/compare");
    expect(answer).toMatchObject({ status: 200, data: { view: "problem", problem: "none-given" } });
    const html = render("/compare", answer.data);
    expect(html).toMatch(/<form[^>]*action="\/compare" method="get"/);
    expect(html).not.toContain('role="alert"');
  });
});

describe("the home page's comparison section", () => {
  const callHome = async () =>
    (await homeLoader({ request: getRequest("/"), params: {}, context: { db: database.db } } as never)) as {
      comparisonHref: string | null;
    };

  it("links the full comparison when both of its tools are in the catalogue", async () => {
    await insertTools(database.db, { name: "Midjourney" }, { name: "ChatGPT" });
    expect((await callHome()).comparisonHref).toBe("/compare/chatgpt-vs-midjourney");
  });

  it("links nothing when one of them is missing", async () => {
    await insertTools(database.db, { name: "ChatGPT" });
    expect((await callHome()).comparisonHref).toBeNull();
  });
});
