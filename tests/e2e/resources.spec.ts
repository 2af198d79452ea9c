import { expect, test } from "./fixtures";
import { articlesNewestFirst, demoTools } from "./support";

test("the sitemap lists every public page as XML", async ({ request, baseURL }) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const index = await response.text();
  // A sitemap index (decision 102): each section's file at the site's root, with its lastmod.
  expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex /);
  const files = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc><lastmod>[^<]+<\/lastmod><\/sitemap>/g)].map(
    (match) => match[1]!,
  );
  for (const section of ["pages", "categories", "tools", "articles"])
    expect(files).toContain(`${baseURL}/sitemap-${section}.xml`);
  let xml = "";
  for (const file of files) {
    const child = await request.get(file.replace(baseURL!, ""));
    expect(child.status(), file).toBe(200);
    expect(child.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const body = await child.text();
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    xml += body;
  }
  for (const path of ["/", "/blog", "/about", "/privacy", "/terms", "/developers", "/category/Social%20Media"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  for (const tool of demoTools) expect(xml).toContain(`<loc>${baseURL}/tool/${tool.slug}</loc>`);
  for (const article of articlesNewestFirst) expect(xml).toContain(`<loc>${baseURL}/article/${article.slug}</loc>`);
});

test("robots.txt is plain text and points to the sitemap", async ({ request, baseURL }) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  const body = await response.text();
  expect(body).toContain("User-agent: *");
  expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("the blog feed is RSS with the newest article first", async ({ request, baseURL }) => {
  const response = await request.get("/blog/rss.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await response.text();
  expect(xml).toContain("<rss");
  const itemTitles = [...xml.matchAll(/<item>[\s\S]*?<title>(.*?)<\/title>/g)].map((match) => match[1]);
  expect(itemTitles).toHaveLength(articlesNewestFirst.length);
  expect(xml).toContain(`<link>${baseURL}/article/${articlesNewestFirst[0]!.slug}</link>`);
});

test("the page head links the feeds, each of which answers, and a favicon that exists", async ({ page, request }) => {
  await page.goto("/");
  const feeds = page.locator(
    'link[rel="alternate"][type="application/rss+xml"], link[rel="alternate"][type="application/feed+json"]',
  );
  const hrefs = await feeds.evaluateAll((links) => links.map((link) => link.getAttribute("href")));
  expect(hrefs).toEqual(["/blog/rss.xml", "/blog/feed.json", "/tools/rss.xml", "/tools/feed.json"]);
  for (const href of hrefs) expect((await request.get(href!)).status(), href!).toBe(200);
  const icon = await page.locator('link[rel="icon"]').getAttribute("href");
  const response = await request.get(icon!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("image/svg+xml");
});

test("health and readiness checks answer 200", async ({ request }) => {
  const health = await request.get("/healthz");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await request.get("/readyz");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready", database: "pglite" });
});
