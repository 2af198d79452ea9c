import { expect, test } from "./fixtures";
import { demoRatingShown, demoTool, expectSiteChrome, metaContent, readJsonLd } from "./support";
import { demoRatingOf, demoVotes } from "../../app/server/db/demo/reviews.server";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

test.describe("tool detail", () => {
  const chatgpt = demoTool("chatgpt");

  test("shows the tool: name, category, pros, description, cards, rating block and comments", async ({ page }) => {
    await page.goto("/tool/chatgpt");
    await expect(page).toHaveTitle("ChatGPT AI Tool Details");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ChatGPT");

    const header = page.getByRole("article").locator("header");
    await expect(header.getByRole("img", { name: "ChatGPT logo" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Writing", exact: true })).toHaveAttribute(
      "href",
      "/category/Writing",
    );
    for (const pro of chatgpt.pros.slice(0, 3)) await expect(header.getByText(pro, { exact: true })).toBeVisible();
    await expect(header).toContainText(demoRatingShown("chatgpt"));
    await expect(header.getByRole("heading", { name: "Rate this tool" })).toBeVisible();

    // The description is HTML: its markup renders, it is not shown as text.
    const about = page.getByRole("region", { name: "About ChatGPT" });
    await expect(about).toContainText("conversational AI assistant developed by OpenAI");
    await expect(about.locator("p")).toHaveCount(3);
    await expect(about.locator("strong").first()).toHaveText("ChatGPT");
    await expect(about).not.toContainText("<p>");

    for (const title of ["Features", "Pricing", "Pros", "Cons"]) {
      await expect(page.getByRole("heading", { level: 2, name: title, exact: true })).toBeVisible();
    }
    for (const feature of chatgpt.features) await expect(page.getByText(feature, { exact: true })).toBeVisible();
    for (const con of chatgpt.cons) await expect(page.getByText(con, { exact: true })).toBeVisible();
    await expect(page.getByText("$20/month", { exact: true })).toBeVisible();

    const comments = page.getByRole("region", { name: "Comments" });
    await expect(comments).toContainText("No comments yet. Be the first to comment!");

    await expectSiteChrome(page);
  });

  test("renders pricing given as a map of plan name to price", async ({ page }) => {
    const jasper = demoTool("jasper");
    expect(Array.isArray(jasper.pricing), "the demo Jasper entry keeps map-shaped pricing").toBe(false);
    await page.goto("/tool/jasper");
    for (const [plan, price] of Object.entries(jasper.pricing)) {
      const planItem = page
        .getByRole("listitem")
        .filter({ has: page.getByRole("heading", { level: 3, name: plan, exact: true }) });
      await expect(planItem).toContainText(String(price));
    }
  });

  test("keeps plans in the order they were entered: Midjourney's on its page, in the API and in compare", async ({
    page,
    request,
  }) => {
    // Issue 32: stored as a JSONB map, they came back sorted by length (Pro, Mega, Basic, Standard).
    const order = ["Basic", "Standard", "Pro", "Mega"];
    expect(Object.keys(demoTool("midjourney").pricing)).toEqual(order);
    await page.goto("/tool/midjourney");
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^(${order.join("|")})$`) })).toHaveText(order);
    const api = (await (await request.get("/api/v1/tools/midjourney")).json()) as { pricing: { plan: string }[] };
    expect(api.pricing.map((plan) => plan.plan)).toEqual(order);
    await page.goto("/compare/chatgpt-vs-midjourney");
    const plansRow = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Plans/ }) });
    await expect(plansRow.getByRole("cell").nth(1).getByRole("listitem")).toHaveText(
      order.map((plan) => new RegExp(`^${plan}:`)),
    );
  });

  test("describes itself to search engines: canonical, Open Graph, Twitter and JSON-LD", async ({ page, baseURL }) => {
    await page.goto("/tool/chatgpt");
    const canonical = `${baseURL}/tool/chatgpt`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", canonical);
    expect(await metaContent(page, "property", "og:title")).toBe("ChatGPT AI Tool Details");
    expect(await metaContent(page, "property", "og:url")).toBe(canonical);
    expect(await metaContent(page, "property", "og:type")).toBe("website");
    // The share card (a PNG the server renders), never the SVG logo: networks do not show SVGs.
    expect(await metaContent(page, "property", "og:image")).toMatch(
      new RegExp(`^${baseURL}/og/tool/chatgpt\\.png\\?v=[0-9a-z]+$`),
    );
    expect(await metaContent(page, "property", "og:image:width")).toBe("1200");
    expect(await metaContent(page, "property", "og:description")).toContain("ChatGPT is a conversational AI assistant");
    expect(await metaContent(page, "name", "description")).toContain("ChatGPT is a conversational AI assistant");
    expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
    expect(await metaContent(page, "name", "twitter:title")).toBe("ChatGPT AI Tool Details");

    const jsonLd = await readJsonLd(page);
    const app = jsonLd.find((item) => item["@type"] === "SoftwareApplication");
    expect(app).toMatchObject({
      "@context": "https://schema.org",
      name: "ChatGPT",
      url: canonical,
      sameAs: chatgpt.website,
    });
    // The demo members' votes, and Review items only from their votes with words.
    const { rating, voteCount } = demoRatingOf("chatgpt");
    expect(app?.aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: rating,
      ratingCount: voteCount,
      bestRating: 5,
      worstRating: 1,
    });
    const reviewed = demoVotes.filter((vote) => vote.slug === "chatgpt" && vote.review);
    expect(
      (app?.review as { reviewBody: string; reviewRating: { ratingValue: number } }[])
        .map((review) => [review.reviewRating.ratingValue, review.reviewBody])
        .sort(),
    ).toEqual(reviewed.map((vote) => [vote.rating, vote.review!.text]).sort());
    const breadcrumbs = jsonLd.find((item) => item["@type"] === "BreadcrumbList");
    expect(breadcrumbs?.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: `${baseURL}/` },
      { "@type": "ListItem", position: 2, name: "Writing", item: `${baseURL}/category/Writing` },
      { "@type": "ListItem", position: 3, name: "ChatGPT", item: canonical },
    ]);
  });

  test("an id or a name-like address moves permanently to the slug", async ({ page, request }) => {
    // The id is not shown on the page; the route's data request is the one public place it appears.
    // It carries other tools' ids too (the alternatives): the tool's own is the one that leads back to it.
    const data = await (await request.get("/tool/chatgpt.data")).text();
    let id: string | undefined;
    for (const candidate of new Set(data.match(new RegExp(UUID.source, "gi")) ?? [])) {
      const answer = await request.get(`/tool/${candidate}`, { maxRedirects: 0 });
      if (answer.headers().location === "/tool/chatgpt") id = candidate;
    }
    expect(id, "the tool's id in its route data").toBeTruthy();

    for (const address of [`/tool/${id}`, `/tool/${id!.toUpperCase()}`, "/tool/ChatGPT", "/tool/chatGPT"]) {
      const response = await request.get(address, { maxRedirects: 0 });
      expect(response.status(), address).toBe(301);
      expect(response.headers().location, address).toBe("/tool/chatgpt");
    }
    await page.goto(`/tool/${id}`);
    await expect(page).toHaveURL("/tool/chatgpt");
    await page.goto("/tool/ChatGPT");
    await expect(page).toHaveURL("/tool/chatgpt");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ChatGPT");
  });

  test("an unknown tool answers 404 with a message and a working Go Back button", async ({ page, openMissingPage }) => {
    await openMissingPage(page, "/tool/does-not-exist");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tool not found");
    await expect(page).toHaveTitle("Tool not found | Aitlas");
    // Opened directly, there is no page of ours to go back to: the button leads home.
    await page.getByRole("link", { name: "Go Back" }).click();
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Discover the Best AI Tools");
  });

  test("the Back button returns to the page the visitor came from", async ({ page }) => {
    await page.goto("/category/Writing");
    await page.getByRole("link", { name: "ChatGPT" }).click();
    await expect(page).toHaveURL("/tool/chatgpt");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL("/category/Writing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Writing Tools");
  });
});
