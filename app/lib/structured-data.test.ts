import { describe, expect, test } from "vitest";
import { DEFAULT_SITE_BRANDING } from "./site";
import {
  applicationCategoryOf,
  blogJsonLd,
  blogPostingJsonLd,
  breadcrumbJsonLd,
  collectionPageJsonLd,
  organizationJsonLd,
  softwareApplicationJsonLd,
  toolOffers,
  websiteJsonLd,
} from "./structured-data";
import { TOOL_CATEGORIES } from "./categories";
import type { Pricing } from "./pricing";
import type { PricingModel } from "./pricing-model";

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

describe("organizationJsonLd", () => {
  test("names the site with its address and the built-in mark as its logo", () => {
    expect(organizationJsonLd(siteUrl, DEFAULT_SITE_BRANDING)).toEqual({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Aitlas",
      url: "https://aitlas.example/",
      logo: { "@type": "ImageObject", url: "https://aitlas.example/favicon.svg" },
    });
  });

  test("uses a configured logo over the favicon", () => {
    const site = { ...DEFAULT_SITE_BRANDING, name: "Toolbox", logoUrl: "/brand/logo.png?v=abc" };
    expect(organizationJsonLd(siteUrl, site)).toMatchObject({
      name: "Toolbox",
      logo: { "@type": "ImageObject", url: "https://aitlas.example/brand/logo.png?v=abc" },
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
    pricing: null,
    pricingModel: null,
    startingPrice: null,
  };

  test("describes the tool with absolute URLs, one of Google's app types and the directory's category", () => {
    expect(softwareApplicationJsonLd(siteUrl, tool)).toMatchObject({
      "@type": "SoftwareApplication",
      name: "ChatGPT",
      description: "A chat assistant.",
      applicationCategory: "BusinessApplication",
      applicationSubCategory: "Writing",
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

  test("carries the offers its pricing states, and none when nothing is known", () => {
    const priced = softwareApplicationJsonLd(siteUrl, { ...tool, pricing: { Plus: "$20/month" } });
    expect(priced.offers).toEqual({ "@type": "Offer", name: "Plus", price: 20, priceCurrency: "USD" });
    expect(softwareApplicationJsonLd(siteUrl, tool)).not.toHaveProperty("offers");
  });
});

describe("applicationCategoryOf", () => {
  // The values Google's SoftwareApplication guide accepts for applicationCategory.
  const GOOGLE_APP_TYPES = new Set(
    [
      "Game",
      "SocialNetworking",
      "Travel",
      "Shopping",
      "Sports",
      "Lifestyle",
      "Business",
      "Design",
      "Developer",
      "Driver",
      "Educational",
      "Health",
      "Finance",
      "Security",
      "Browser",
      "Communication",
      "DesktopEnhancement",
      "Entertainment",
      "Multimedia",
      "Home",
      "Utilities",
      "Reference",
    ].map((type) => `${type}Application`),
  );

  test("maps every category of the directory to one of Google's app types", () => {
    for (const category of TOOL_CATEGORIES) {
      expect(GOOGLE_APP_TYPES.has(applicationCategoryOf(category)), category).toBe(true);
    }
    expect(applicationCategoryOf("Image")).toBe("DesignApplication");
    expect(applicationCategoryOf("Development")).toBe("DeveloperApplication");
    expect(applicationCategoryOf("Education")).toBe("EducationalApplication");
  });

  test("falls back to utilities for a category it does not know", () => {
    expect(applicationCategoryOf("Astrology")).toBe("UtilitiesApplication");
  });
});

describe("toolOffers", () => {
  const offersOf = (
    pricing: Pricing | null,
    pricingModel: PricingModel | null = null,
    startingPrice: string | null = null,
  ) => toolOffers({ pricing, pricingModel, startingPrice });

  test("one priced plan is an Offer with its amount and currency", () => {
    expect(offersOf({ Pro: "€9" })).toEqual({ "@type": "Offer", name: "Pro", price: 9, priceCurrency: "EUR" });
  });

  test("several plans are an AggregateOffer from the lowest to the highest price, a free plan at 0", () => {
    expect(
      offersOf(
        [
          { plan: "Free", price: "$0", details: "" },
          { plan: "Plus", price: "$20/month", details: "" },
          { plan: "Pro", price: "$200/month", details: "" },
          { plan: "Enterprise", price: "Contact sales", details: "" },
        ],
        "freemium",
      ),
    ).toEqual({
      "@type": "AggregateOffer",
      lowPrice: 0,
      highPrice: 200,
      offerCount: 3,
      priceCurrency: "USD",
      offers: [
        { "@type": "Offer", name: "Free", price: 0, priceCurrency: "USD" },
        { "@type": "Offer", name: "Plus", price: 20, priceCurrency: "USD" },
        { "@type": "Offer", name: "Pro", price: 200, priceCurrency: "USD" },
      ],
    });
  });

  test("a plan that only says it is free costs 0 in the currency of the others", () => {
    const data = offersOf({ Free: "Limited messages", Team: "£25/user/month" });
    expect(data).toMatchObject({ "@type": "AggregateOffer", lowPrice: 0, highPrice: 25, priceCurrency: "GBP" });
    expect(data?.offers).toEqual([
      { "@type": "Offer", name: "Free", price: 0, priceCurrency: "GBP" },
      { "@type": "Offer", name: "Team", price: 25, priceCurrency: "GBP" },
    ]);
  });

  test("claims no currency it cannot read, nor one shared by amounts in different currencies", () => {
    expect(offersOf({ Basic: "20 per month" })).toEqual({ "@type": "Offer", name: "Basic", price: 20 });
    expect(offersOf({ Free: "Free" })).toEqual({ "@type": "Offer", name: "Free", price: 0 });
    const mixed = offersOf({ US: "$10/month", Europe: "€9/month" });
    expect(mixed).not.toHaveProperty("priceCurrency");
    expect(mixed?.offers).toEqual([
      { "@type": "Offer", name: "US", price: 10, priceCurrency: "USD" },
      { "@type": "Offer", name: "Europe", price: 9, priceCurrency: "EUR" },
    ]);
  });

  test("without priced plans, goes by the starting price and the pricing model", () => {
    expect(offersOf(null, "paid", "$12/month")).toEqual({ "@type": "Offer", price: 12, priceCurrency: "USD" });
    expect(offersOf(null, "free")).toEqual({ "@type": "Offer", price: 0 });
    expect(offersOf({ Enterprise: "Contact sales" }, "freemium", "$10/month")).toMatchObject({
      "@type": "AggregateOffer",
      lowPrice: 0,
      highPrice: 10,
      offerCount: 2,
      priceCurrency: "USD",
    });
  });

  test("states no offer when no price is known", () => {
    expect(offersOf(null)).toBeNull();
    expect(offersOf({ Enterprise: "Contact sales", Team: "Varies by region" }, "contact", "Contact sales")).toBeNull();
    expect(offersOf([], "paid", "Pay as you go")).toBeNull();
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
  const article = {
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
  };
  const publishing = { site: DEFAULT_SITE_BRANDING, shareImage: "/og/article/picking-a-model.png?v=1" };

  test("names the author with a page, the publisher with its logo, dates, section and keywords", () => {
    expect(blogPostingJsonLd(siteUrl, article, publishing)).toMatchObject({
      "@type": "BlogPosting",
      "@id": "https://aitlas.example/article/picking-a-model",
      identifier: "3f2504e0-4f89-41d3-9a0c-0305e82c3301",
      headline: "Picking a Model",
      author: { "@type": "Person", name: "Ada", url: "https://aitlas.example/about" },
      publisher: {
        "@type": "Organization",
        name: "Aitlas",
        url: "https://aitlas.example/",
        logo: { "@type": "ImageObject", url: "https://aitlas.example/favicon.svg" },
      },
      datePublished: "2025-05-01",
      dateModified: "2025-05-02T10:00:00.000Z",
      articleSection: "Guides",
      keywords: "ai, models",
    });
  });

  test("shows the article's own image, else its share card", () => {
    expect(blogPostingJsonLd(siteUrl, article, publishing).image).toBe(
      "https://aitlas.example/og/article/picking-a-model.png?v=1",
    );
    const illustrated = { ...article, image: "https://images.example/model.jpg" };
    expect(blogPostingJsonLd(siteUrl, illustrated, publishing).image).toBe("https://images.example/model.jpg");
  });

  test("is never modified before it was published", () => {
    const backdated = { ...article, date: "2025-06-01", updatedAt: "2025-05-02T10:00:00.000Z" };
    expect(blogPostingJsonLd(siteUrl, backdated, publishing).dateModified).toBe("2025-06-01");
  });
});

describe("blogJsonLd", () => {
  test("is a Blog with its publisher and a summary of each post on the page", () => {
    const data = blogJsonLd(siteUrl, {
      name: "Aitlas Blog",
      description: "Guides.",
      path: "/blog?page=2",
      site: DEFAULT_SITE_BRANDING,
      posts: [
        {
          slug: "a",
          title: "A",
          excerpt: "About A.",
          author: "Ada",
          date: "2025-05-01",
          image: "https://images.example/a.png",
        },
        { slug: "b", title: "B", excerpt: "About B.", author: "Bob", date: "2025-04-01", image: null },
      ],
    });

    expect(data).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Blog",
      name: "Aitlas Blog",
      url: "https://aitlas.example/blog?page=2",
      publisher: { "@type": "Organization", name: "Aitlas" },
      blogPost: [
        {
          "@type": "BlogPosting",
          headline: "A",
          url: "https://aitlas.example/article/a",
          datePublished: "2025-05-01",
          author: { "@type": "Person", name: "Ada", url: "https://aitlas.example/about" },
          image: "https://images.example/a.png",
        },
        { "@type": "BlogPosting", headline: "B", url: "https://aitlas.example/article/b" },
      ],
    });
    expect((data.blogPost as object[])[1]).not.toHaveProperty("image");
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
