import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tools } from "~/server/db/schema.server";
import { insertArticles, tagTools } from "../../../tests/setup/fixtures";
import { loadProductionBuild } from "../../../tests/setup/production-build";
import { contextFor, createTestServices } from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// Whole documents rendered by the production build, so the escaping checked here is React
// Router's and React's real output, not a re-implementation.

const HOSTILE = `</script><script>alert("x")</script>" onmouseover="alert(1)`;

let database: TestDatabase;
let render: (url: string) => Promise<Response>;

beforeAll(async () => {
  const handle = createRequestHandler(await loadProductionBuild(), "production");
  database = await createTestDatabase();
  const services = createTestServices({ db: database.db, siteUrl: "https://aitlas.example" });
  render = async (url) => {
    const request = new Request(`http://localhost${url}`);
    return handle(request, await contextFor(services, request));
  };

  await database.db.insert(tools).values({
    slug: "hostile-tool",
    name: `Hostile ${HOSTILE}`,
    category: "Writing",
    description: `<p>Looks fine ${HOSTILE}</p><script>alert("desc")</script><img src="x" onerror="alert(2)">`,
    pros: [`Pro ${HOSTILE}`],
    features: ["A feature"],
    metaTitle: HOSTILE,
    voteCount: 3,
    rating: 4.333,
  });
  await database.db.insert(tools).values({
    slug: "plain-tool",
    name: "Plain tool",
    category: "Writing",
    description: "<p>Looks fine</p>",
    pros: ["Pro"],
    features: ["A feature"],
    metaTitle: "Plain",
    voteCount: 3,
    rating: 4.333,
    pricing: { Free: "$0", Pro: "$20/month" },
  });
  // Sharing a job tag makes each the other's alternative (decision 169).
  await tagTools(database.db, { "Plain tool": ["api"], [`Hostile ${HOSTILE}`]: ["api"] });
  await insertArticles(database.db, { title: "Picking a model", date: "2025-05-01" });
});

afterAll(() => database?.dispose());

function scriptElements(html: string): string[] {
  return [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
}

function jsonLdBlocks(html: string): unknown[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]!.replace(/\\u003c/g, "<")),
  );
}

describe("rendered documents", () => {
  it("keeps database text inside its script and attribute", async () => {
    const response = await render("/tool/hostile-tool");
    expect(response.status).toBe(200);
    const html = await response.text();

    // A breakout would add script elements: the hostile page has exactly as many as a plain one.
    const plain = await (await render("/tool/plain-tool")).text();
    expect(scriptElements(html)).toHaveLength(scriptElements(plain).length);
    expect(scriptElements(html).some((content) => content.trim().startsWith("alert("))).toBe(false);
    expect(html).not.toContain('<script>alert("x")</script>');
    // Quotes in database text never close an attribute (they stay &quot;): no tag gains a handler.
    const markup = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    expect(markup).toContain("&quot; onmouseover=&quot;");
    expect(markup).not.toMatch(/<[^>]*\son(mouseover|error)="/);
    expect(html).not.toContain('alert("desc")');

    const blocks = jsonLdBlocks(html) as {
      "@type": string;
      name?: string;
      aggregateRating?: Record<string, unknown>;
    }[];
    const app = blocks.find((block) => block["@type"] === "SoftwareApplication");
    expect(app?.name).toBe(`Hostile ${HOSTILE}`);
    expect(app?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.33,
      ratingCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
    expect(blocks.some((block) => block["@type"] === "BreadcrumbList")).toBe(true);
  });

  it("renders the home page with its canonical link and WebSite search action", async () => {
    const response = await render("/?q=hostile");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<link rel="canonical" href="https://aitlas.example/"/>');
    expect(html).toContain("Discover the Best AI Tools");
    const website = (jsonLdBlocks(html) as { "@type": string; potentialAction?: { "@type": string } }[]).find(
      (block) => block["@type"] === "WebSite",
    );
    expect(website?.potentialAction?.["@type"]).toBe("SearchAction");
  });

  it("gives search engines the site, its tools' offers and its posts (decision 101)", async () => {
    const typed = (html: string) => jsonLdBlocks(html) as Record<string, unknown>[];
    const ofType = (blocks: Record<string, unknown>[], type: string) => blocks.find((block) => block["@type"] === type);

    const home = await (await render("/")).text();
    expect(home).toContain("<title>Aitlas</title>");
    expect(ofType(typed(home), "Organization")).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Aitlas",
      url: "https://aitlas.example/",
      logo: { "@type": "ImageObject", url: "https://aitlas.example/favicon.svg" },
    });

    const tool = ofType(typed(await (await render("/tool/plain-tool")).text()), "SoftwareApplication");
    expect(tool).toMatchObject({
      applicationCategory: "BusinessApplication",
      applicationSubCategory: "Writing",
      offers: { "@type": "AggregateOffer", lowPrice: 0, highPrice: 20, offerCount: 2, priceCurrency: "USD" },
    });

    const blog = ofType(typed(await (await render("/blog")).text()), "Blog");
    expect(blog).toMatchObject({
      url: "https://aitlas.example/blog",
      blogPost: [{ "@type": "BlogPosting", headline: "Picking a model" }],
    });

    const post = ofType(typed(await (await render("/article/picking-a-model")).text()), "BlogPosting");
    expect(post).toMatchObject({
      image: expect.stringMatching(/^https:\/\/aitlas\.example\/og\/article\/picking-a-model\.png\?v=/),
      author: { "@type": "Person", url: "https://aitlas.example/about" },
      publisher: {
        "@type": "Organization",
        logo: { "@type": "ImageObject", url: "https://aitlas.example/favicon.svg" },
      },
    });
  });

  it("answers 404 for a page past the end of a list", async () => {
    for (const url of ["/?page=2", "/category/Writing?page=2", "/tag/api?page=2", "/blog?page=2"]) {
      expect((await render(url)).status, url).toBe(404);
    }
  });

  it("answers 404 with the spec's message for an unknown tool and article", async () => {
    const tool = await render("/tool/no-such-tool");
    expect(tool.status).toBe(404);
    expect(await tool.text()).toContain("Tool not found");
    const article = await render("/article/no-such-article");
    expect(article.status).toBe(404);
    expect(await article.text()).toContain("Article not found");
    const page = await render("/no/such/page");
    expect(page.status).toBe(404);
  });
});

/** The levels of the document's headings, in order: [1, 2, 3, 2, ...]. */
function headingLevels(html: string): number[] {
  const body = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
  return [...body.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
}

describe("the outline of public pages", () => {
  it.each([
    ["home", "/"],
    ["a tool page", "/tool/plain-tool"],
    ["a category page", "/category/Writing"],
    ["a tag page", "/tag/api"],
    ["the blog", "/blog"],
    ["a comparison", "/compare/hostile-tool-vs-plain-tool"],
    ["a tool's alternatives", "/tool/plain-tool/alternatives"],
  ])("%s opens with its h1 and never skips a heading level", async (_name, url) => {
    const response = await render(url);
    expect(response.status).toBe(200);
    const levels = headingLevels(await response.text());

    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    // Going deeper is one level at a time; going back up may skip (h3 then h2).
    const skips = levels.flatMap((level, index) =>
      index > 0 && level > levels[index - 1]! + 1 ? [`h${levels[index - 1]} -> h${level}`] : [],
    );
    expect(skips).toEqual([]);
    // The cards on the lists are h3s below an h2, not h3s straight under the h1.
    if (url !== "/compare/hostile-tool-vs-plain-tool") expect(levels).toContain(3);
  });
});

describe("the sign-in page", () => {
  it("offers Google and its divider only when Google is configured", async () => {
    const without = await (await render("/sign-in")).text();
    expect(without).toContain("Sign in to your account");
    expect(without).not.toContain("Continue with Google");
    expect(without).not.toContain("Or continue with");

    const handle = createRequestHandler(await loadProductionBuild(), "production");
    const withGoogle = createTestServices({
      db: database.db,
      google: { clientId: "id", clientSecret: "secret", issuerUrl: "https://accounts.google.com" },
    });
    const request = new Request("http://localhost/sign-in?mode=sign-up");
    const html = await (await handle(request, await contextFor(withGoogle, request))).text();
    expect(html).toContain("Create an account");
    expect(html).toContain("Continue with Google");
    expect(html).toContain("Or continue with");
  });
});
