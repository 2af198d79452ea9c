import { describe, expect, test } from "vitest";
import { ogCardAlt, ogCardBasePath, ogCardVersion, ogImage, type OgCard } from "./og-image";

const tool = {
  slug: "chatgpt",
  name: "ChatGPT",
  tagline: "Answers questions in plain language.",
  category: "Writing",
  rating: 4.25,
  voteCount: 12,
  image: "/uploads/tool-logos/a.webp",
};
const toolCard: OgCard = { kind: "tool", siteName: "Aitlas", tool };

describe("ogCardVersion", () => {
  test("is the same for the same fields, however the object was built", () => {
    const reordered = { image: tool.image, voteCount: 12, rating: 4.25, category: "Writing", tagline: tool.tagline };
    expect(
      ogCardVersion({ kind: "tool", siteName: "Aitlas", tool: { ...reordered, name: "ChatGPT", slug: "chatgpt" } }),
    ).toBe(ogCardVersion(toolCard));
  });

  test("changes with every field the card shows, and with the site's name", () => {
    const changes = [
      { name: "ChatGPT 5" },
      { tagline: "Other words." },
      { category: "Business" },
      { rating: 4.5 },
      { voteCount: 13 },
      { image: null },
    ];
    const versions = new Set([
      ogCardVersion(toolCard),
      ogCardVersion({ ...toolCard, siteName: "Tools at Work" }),
      ...changes.map((change) => ogCardVersion({ kind: "tool", siteName: "Aitlas", tool: { ...tool, ...change } })),
    ]);
    expect(versions.size).toBe(changes.length + 2);
  });

  test("ignores fields the card does not show", () => {
    const withExtra = { ...tool, descriptionHtml: "<p>Long text</p>" } as typeof tool;
    expect(ogCardVersion({ kind: "tool", siteName: "Aitlas", tool: withExtra })).toBe(ogCardVersion(toolCard));
  });
});

describe("ogImage", () => {
  test("names each kind's PNG with its version", () => {
    expect(ogImage(toolCard).path).toMatch(/^\/og\/tool\/chatgpt\.png\?v=[0-9a-z]+$/);
    expect(ogCardBasePath({ kind: "category", siteName: "Aitlas", category: "Social Media" })).toBe(
      "/og/category/social-media.png",
    );
    expect(ogCardBasePath({ kind: "tag", siteName: "Aitlas", tag: { slug: "open-source", name: "Open source" } })).toBe(
      "/og/tag/open-source.png",
    );
    expect(
      ogCardBasePath({
        kind: "article",
        siteName: "Aitlas",
        article: { slug: "best-tools", title: "Best", author: "A", date: "2025-03-05", image: null },
      }),
    ).toBe("/og/article/best-tools.png");
    expect(ogCardBasePath({ kind: "site", siteName: "Aitlas" })).toBe("/og/site.png");
  });

  test("describes the image in one sentence, with the rating only when there are votes", () => {
    expect(ogCardAlt(toolCard)).toBe(
      "ChatGPT, a Writing AI tool on Aitlas, rated 4.3 out of 5 from 12 votes: Answers questions in plain language.",
    );
    expect(
      ogCardAlt({ kind: "tool", siteName: "Aitlas", tool: { ...tool, rating: null, voteCount: 0, tagline: null } }),
    ).toBe("ChatGPT, a Writing AI tool on Aitlas.");
    expect(
      ogCardAlt({
        kind: "article",
        siteName: "Aitlas",
        article: { slug: "s", title: "Best tools", author: "Jane Doe", date: "2025-03-05", image: null },
      }),
    ).toBe('"Best tools", an article by Jane Doe published on March 5, 2025 on Aitlas.');
  });
});
