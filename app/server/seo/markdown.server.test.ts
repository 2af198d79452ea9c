import { describe, expect, test } from "vitest";
import { llmsTxt, toolMarkdown, type ToolForMarkdown } from "./markdown.server";

const tool: ToolForMarkdown = {
  slug: "quill",
  name: "Quill",
  tagline: "Drafts letters.",
  category: "Writing",
  pricingModel: "free",
  startingPrice: null,
  rating: null,
  voteCount: 0,
  website: "https://quill.example.com",
  description: "<p>Drafts letters.</p>",
  features: [],
  pricing: null,
  pros: [],
  cons: [],
  updatedAt: new Date("2025-06-01T12:00:00Z"),
};

const twin = (overrides: Partial<ToolForMarkdown> = {}, linkCheck?: Parameters<typeof toolMarkdown>[0]["linkCheck"]) =>
  toolMarkdown({
    tool: { ...tool, ...overrides },
    tags: [],
    alternatives: [],
    siteUrl: "https://aitlas.example",
    linkCheck,
  });

describe("a tool's Markdown twin and its freshness", () => {
  test("says when it was last updated, and nothing about a check that never ran", async () => {
    const markdown = await twin();
    expect(markdown).toContain("- Last updated: 2025-06-01");
    expect(markdown).not.toContain("checked");
    expect(markdown).not.toContain("Discontinued");
  });

  test("says when the website was checked, or since when it is unreachable", async () => {
    expect(await twin({}, { checkedAt: new Date("2025-06-02T00:00:00Z"), status: "ok", failingSince: null })).toContain(
      "- Website last checked: 2025-06-02",
    );
    expect(
      await twin(
        {},
        {
          checkedAt: new Date("2025-06-04T00:00:00Z"),
          status: "failing",
          failingSince: new Date("2025-06-03T00:00:00Z"),
        },
      ),
    ).toContain("- Website unreachable since: 2025-06-03 (last checked 2025-06-04)");
  });

  test("opens with the discontinued notice, before the facts", async () => {
    const markdown = await twin({ discontinuedAt: new Date("2025-07-01T00:00:00Z") });
    expect(markdown.split("\n\n").slice(0, 2)).toEqual([
      "# Quill",
      "**Discontinued** since 2025-07-01: these are the tool's last known details.",
    ]);
  });
});

describe("llms.txt", () => {
  test("links the change log and its feed", () => {
    const text = llmsTxt({ siteUrl: "https://aitlas.example", categories: [] });
    expect(text).toContain("(https://aitlas.example/changes)");
    expect(text).toContain("(https://aitlas.example/changes/rss.xml)");
  });

  test("names the API, its OpenAPI document and the MCP endpoint", () => {
    const text = llmsTxt({ siteUrl: "https://aitlas.example", categories: [] });
    expect(text).toContain("- [API reference](https://aitlas.example/developers): ");
    expect(text).toContain("- [OpenAPI document](https://aitlas.example/api/v1/openapi.json): ");
    expect(text).toContain("- [MCP server](https://aitlas.example/mcp): ");
  });

  test("writes every list item in the llmstxt.org form: a link, then an optional description", () => {
    const text = llmsTxt({ siteUrl: "https://aitlas.example", categories: ["Writing", "Social Media"] });
    const items = text.split("\n").filter((line) => line.startsWith("- "));
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) expect(item).toMatch(/^- \[[^\]]+\]\([^)\s]+\)(?:: \S.*)?$/);
  });
});
