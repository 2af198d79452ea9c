import { describe, expect, test } from "vitest";
import { DEFAULT_SITE_BRANDING } from "./site";
import {
  blogPostingJsonLd,
  breadcrumbJsonLd,
  collectionPageJsonLd,
  softwareApplicationJsonLd,
  websiteJsonLd,
} from "./structured-data";

const siteUrl = "https://aitlas.example";

describe("websiteJsonLd", () => {
  test("is a WebSite with a SearchAction on the home page's q parameter", () => {
    expect(websiteJsonLd(siteUrl, DEFAULT_SITE_BRANDING)).toMatchObject({
      "@context": "https://schema.org",
      "@type": "WebSite",
      name: "Aitlas",
      url: "https://aitlas.example/",
      potentialAction: {
        "@type": "SearchAction",
        target: { "@type": "EntryPoint", urlTemplate: "https://aitlas.example/?q={search_term_string}" },
        "query-input": "required name=search_term_string",
      },
    });
  });
});

describe("softwareApplicationJsonLd", () => {
  const tool = {
    name: "ChatGPT",
    slug: "chatgpt",
    description: "A chat assistant.",
    category: "Writing",
    image: "/uploads/tool-logos/chatgpt.svg",
    website: "https://chatgpt.com",
    rating: 4.3333,
    voteCount: 3,
  };

  test("describes the tool with absolute URLs", () => {
    expect(softwareApplicationJsonLd(siteUrl, tool)).toMatchObject({
      "@type": "SoftwareApplication",
      name: "ChatGPT",
      description: "A chat assistant.",
      applicationCategory: "Writing AI tool",
      url: "https://aitlas.example/tool/chatgpt",
      image: "https://aitlas.example/uploads/tool-logos/chatgpt.svg",
      sameAs: "https://chatgpt.com",
    });
  });

  test("rates with the number of votes, best 5 and worst 1, when there are votes", () => {
    expect(softwareApplicationJsonLd(siteUrl, tool).aggregateRating).toEqual({
      "@type": "AggregateRating",
      ratingValue: 4.33,
      ratingCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  test("leaves the rating out without votes", () => {
    expect(softwareApplicationJsonLd(siteUrl, { ...tool, rating: null, voteCount: 0 })).not.toHaveProperty(
      "aggregateRating",
    );
    expect(softwareApplicationJsonLd(siteUrl, { ...tool, rating: 4, voteCount: 0 })).not.toHaveProperty(
      "aggregateRating",
    );
  });

  test("leaves out an image and website the tool does not have", () => {
    const data = softwareApplicationJsonLd(siteUrl, { ...tool, image: null, website: null });

    expect(data).not.toHaveProperty("image");
    expect(data).not.toHaveProperty("sameAs");
  });
});

describe("breadcrumbJsonLd", () => {
  test("numbers the trail from 1 with absolute URLs", () => {
    expect(
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Social Media", path: "/category/Social%20Media" },
      ]),
    ).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://aitlas.example/" },
        {
          "@type": "ListItem",
          position: 2,
          name: "Social Media",
          item: "https://aitlas.example/category/Social%20Media",
        },
      ],
    });
  });
});

describe("blogPostingJsonLd", () => {
  test("names the author, dates, section and keywords", () => {
    const data = blogPostingJsonLd(
      siteUrl,
      {
        id: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
        slug: "picking-a-model",
        title: "Picking a Model",
        excerpt: "How to choose.",
        author: "Ada",
        date: "2025-05-01",
        updatedAt: "2025-05-02T10:00:00.000Z",
        category: "Guides",
        image: null,
        keywords: ["ai", "models"],
      },
      "Aitlas",
    );

    expect(data).toMatchObject({
      "@type": "BlogPosting",
      "@id": "https://aitlas.example/article/picking-a-model",
      identifier: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
      headline: "Picking a Model",
      author: { "@type": "Person", name: "Ada" },
      datePublished: "2025-05-01",
      dateModified: "2025-05-02T10:00:00.000Z",
      articleSection: "Guides",
      keywords: "ai, models",
    });
    expect(data).not.toHaveProperty("image");
  });
});

describe("collectionPageJsonLd", () => {
  test("numbers the items from the page's offset", () => {
    const data = collectionPageJsonLd(siteUrl, {
      name: "Writing AI Tools",
      description: "d",
      path: "/category/Writing",
      items: [
        { name: "A", slug: "a" },
        { name: "B", slug: "b" },
      ],
      offset: 24,
    });

    expect(data).toMatchObject({
      "@type": "CollectionPage",
      url: "https://aitlas.example/category/Writing",
      mainEntity: {
        "@type": "ItemList",
        itemListElement: [
          { position: 25, name: "A", url: "https://aitlas.example/tool/a" },
          { position: 26, name: "B", url: "https://aitlas.example/tool/b" },
        ],
      },
    });
  });
});
