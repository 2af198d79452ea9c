import fs from "node:fs";
import path from "node:path";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadProductionBuild } from "../../tests/setup/production-build";
import { contextFor, createSignedInUser, createTestServices, type TestServices } from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// The configuration is parsed once, when env.server.ts is first imported (here and in the build):
// the operator's settings go into the environment before any of it loads.
const configured = await vi.hoisted(async () => {
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const logo = join(mkdtempSync(join(tmpdir(), "aitlas-brand-")), "acme.svg");
  writeFileSync(logo, "<svg xmlns='http://www.w3.org/2000/svg'/>");
  const settings = {
    SITE_NAME: "Acme Finder",
    SITE_TAGLINE: "The tools Acme's teams trust.",
    SITE_DESCRIPTION: "The directory of AI tools that Acme engineers reviewed.",
    SITE_LOGO_PATH: logo,
  };
  Object.assign(process.env, settings);
  return settings;
});

// Whole documents rendered by the production build.
let database: TestDatabase;
let services: TestServices;
let render: (url: string) => Promise<Response>;

beforeAll(async () => {
  const handle = createRequestHandler(await loadProductionBuild(), "production");
  database = await createTestDatabase();
  services = createTestServices({ db: database.db, siteUrl: "https://acme.example" });
  render = async (url) => {
    const request = new Request(`https://acme.example${url}`);
    return handle(request, await contextFor(services, request));
  };
});

afterAll(async () => {
  for (const name of Object.keys(configured)) delete process.env[name];
  fs.rmSync(path.dirname(configured.SITE_LOGO_PATH), { recursive: true, force: true });
  await database?.dispose();
});

function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!.replace(/\\u003c/g, "<")) as Record<string, unknown>,
  );
}

describe("a site configured with SITE_NAME, SITE_TAGLINE, SITE_DESCRIPTION and SITE_LOGO_PATH", () => {
  it("names itself in the title, meta, header, footer and JSON-LD, with the logo beside the name", async () => {
    const response = await render("/");
    expect(response.status).toBe(200);
    const html = await response.text();

    expect(html).toContain("<title>Acme Finder</title>");
    expect(html).toContain(`<meta name="description" content="${configured.SITE_DESCRIPTION}"/>`);
    expect(html).toContain('<meta property="og:site_name" content="Acme Finder"/>');
    const header = html.match(/<header[\s\S]*?<\/header>/)![0];
    expect(header).toMatch(
      /<a[^>]*href="\/"[^>]*><img src="\/brand\/logo\.svg\?v=[0-9a-f]{12}" alt=""[^>]*\/>Acme Finder<\/a>/,
    );
    const footer = html.match(/<footer[\s\S]*?<\/footer>/)![0];
    expect(footer).toContain("Acme Finder");
    expect(footer).toContain("The tools Acme&#x27;s teams trust.");
    expect(html).toContain('title="New tools on Acme Finder" href="/tools/rss.xml"');
    expect(jsonLdBlocks(html)).toContainEqual(
      expect.objectContaining({ "@type": "WebSite", name: "Acme Finder", description: configured.SITE_DESCRIPTION }),
    );
    expect(html).not.toContain("Aitlas");
  });

  it("names itself in other pages' titles and error pages", async () => {
    expect(await (await render("/about")).text()).toContain("<title>About Acme Finder</title>");
    const missing = await render("/tool/no-such-tool");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("<title>Tool not found | Acme Finder</title>");
  });

  it("names itself in the feeds, llms.txt and the API's OpenAPI document", async () => {
    const rss = await (await render("/tools/rss.xml")).text();
    expect(rss).toContain("<title>New AI tools on Acme Finder</title>");
    const feed = (await (await render("/blog/feed.json")).json()) as { title: string; authors: { name: string }[] };
    expect(feed.title).toBe("Acme Finder Blog");
    expect(feed.authors[0]!.name).toBe("Acme Finder");
    const llms = await (await render("/llms.txt")).text();
    expect(llms.startsWith("# Acme Finder\n")).toBe(true);
    expect(llms).toContain(`> ${configured.SITE_DESCRIPTION}`);
    const openapi = (await (await render("/api/v1/openapi.json")).json()) as { info: { title: string } };
    expect(openapi.info.title).toBe("Acme Finder public API");
  });

  it("names itself in the account emails", async () => {
    await createSignedInUser(services, "newcomer@example.com");
    const [file] = fs.readdirSync(services.outboxDir).filter((name) => name.endsWith(".eml"));
    const message = fs.readFileSync(path.join(services.outboxDir, file!), "utf8");
    expect(message).toContain("Subject: Confirm your Acme Finder account");
    expect(message).toContain("Welcome to Acme Finder!");
    expect(message).not.toContain("Aitlas account");
  });
});
