import { describe, expect, test } from "vitest";
import {
  absoluteUrl,
  adminPageMeta,
  describe as describeText,
  errorPageMeta,
  personalPageMeta,
  seoMeta,
  siteUrlFromMatches,
} from "./seo";

describe("absoluteUrl", () => {
  test("joins a path to the site URL, with or without a trailing slash", () => {
    expect(absoluteUrl("https://aitlas.example", "/tool/chatgpt")).toBe("https://aitlas.example/tool/chatgpt");
    expect(absoluteUrl("https://aitlas.example/", "/tool/chatgpt")).toBe("https://aitlas.example/tool/chatgpt");
    expect(absoluteUrl("http://localhost:3000", "/")).toBe("http://localhost:3000/");
  });

  test("keeps an absolute URL as it is", () => {
    expect(absoluteUrl("https://aitlas.example", "https://cdn.example.org/logo.png")).toBe(
      "https://cdn.example.org/logo.png",
    );
  });

  test("keeps the encoding of the path and the query", () => {
    expect(absoluteUrl("https://aitlas.example", "/category/Social%20Media?page=2")).toBe(
      "https://aitlas.example/category/Social%20Media?page=2",
    );
  });
});

describe("describe", () => {
  test("strips tags, reads &nbsp; as a space and collapses whitespace", () => {
    expect(describeText("<p><strong>Fast</strong>&nbsp;and\n\n  <em>free</em></p>")).toBe("Fast and free");
  });

  test("keeps short text whole", () => {
    expect(describeText("A short summary.")).toBe("A short summary.");
  });

  test("cuts long text at a word, within the limit, with an ellipsis", () => {
    const text = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ");
    const description = describeText(text);

    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith("…")).toBe(true);
    expect(text.startsWith(description.slice(0, -1))).toBe(true);
    expect(text[description.length - 1]).toBe(" ");
  });

  test("honours a custom limit", () => {
    expect(
      describeText("one two three four five six seven eight nine ten eleven twelve thirteen fourteen", 40).length,
    ).toBeLessThanOrEqual(40);
  });
});

describe("seoMeta", () => {
  const byKey = (tags: ReturnType<typeof seoMeta>) =>
    Object.fromEntries(
      tags.map((tag) => {
        const record = tag as Record<string, unknown>;
        const key = (record.name ?? record.property ?? record.rel ?? Object.keys(record)[0]) as string;
        return [key, record.content ?? record.href ?? record[key]];
      }),
    );

  test("gives title, description, canonical, Open Graph and Twitter tags", () => {
    const tags = byKey(
      seoMeta({
        title: "ChatGPT AI Tool Details",
        description: "About it",
        path: "/tool/chatgpt",
        siteUrl: "https://aitlas.example",
        siteName: "Aitlas",
      }),
    );

    expect(tags).toMatchObject({
      title: "ChatGPT AI Tool Details",
      description: "About it",
      canonical: "https://aitlas.example/tool/chatgpt",
      "og:title": "ChatGPT AI Tool Details",
      "og:description": "About it",
      "og:url": "https://aitlas.example/tool/chatgpt",
      "og:type": "website",
      "og:locale": "en_US",
      "og:site_name": "Aitlas",
      "twitter:card": "summary_large_image",
    });
    expect(tags).not.toHaveProperty("robots");
  });

  test("without an image of its own, a page shares the site's card, an absolute PNG with its size and alt text", () => {
    const tags = byKey(
      seoMeta({ title: "t", description: "d", path: "/about", siteUrl: "https://aitlas.example", siteName: "Aitlas" }),
    );

    expect(tags["og:image"]).toMatch(/^https:\/\/aitlas\.example\/og\/site\.png\?v=[0-9a-z]+$/);
    expect(tags).toMatchObject({
      "twitter:image": tags["og:image"],
      "og:image:type": "image/png",
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:image:alt": "Aitlas, a directory of AI tools.",
      "twitter:image:alt": "Aitlas, a directory of AI tools.",
      "twitter:card": "summary_large_image",
    });
  });

  test("makes the page's own image absolute", () => {
    const tags = byKey(
      seoMeta({
        title: "t",
        description: "d",
        path: "/",
        siteUrl: "https://aitlas.example",
        siteName: "Aitlas",
        image: { path: "/og/tool/chatgpt.png?v=abc", alt: "ChatGPT's card." },
        type: "article",
      }),
    );

    expect(tags).toMatchObject({
      "og:image": "https://aitlas.example/og/tool/chatgpt.png?v=abc",
      "twitter:image": "https://aitlas.example/og/tool/chatgpt.png?v=abc",
      "og:image:alt": "ChatGPT's card.",
      "twitter:image:alt": "ChatGPT's card.",
      "og:type": "article",
    });
  });

  test("adds noindex and one JSON-LD entry per item", () => {
    const jsonLd = [{ "@type": "WebSite" }, { "@type": "BreadcrumbList" }];
    const tags = seoMeta({
      title: "t",
      description: "d",
      path: "/",
      siteName: "Aitlas",
      siteUrl: "https://aitlas.example",
      noindex: true,
      jsonLd,
    });

    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags.filter((tag) => "script:ld+json" in tag)).toEqual(jsonLd.map((item) => ({ "script:ld+json": item })));
  });
});

describe("a page without structured data of its own", () => {
  const page = {
    title: "About Aitlas",
    description: "What Aitlas is.",
    path: "/about",
    siteName: "Aitlas",
    siteUrl: "https://aitlas.example",
  };
  const jsonLdOf = (tags: ReturnType<typeof seoMeta>) =>
    tags.flatMap((tag) => ("script:ld+json" in tag ? [tag["script:ld+json"]] : []));

  test("is described as a WebPage of the site (spec section 2: every page sets structured data)", () => {
    expect(jsonLdOf(seoMeta(page))).toEqual([
      {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: "About Aitlas",
        description: "What Aitlas is.",
        url: "https://aitlas.example/about",
        isPartOf: { "@type": "WebSite", name: "Aitlas", url: "https://aitlas.example/" },
      },
    ]);
  });

  test("takes the schema.org type it names", () => {
    expect(jsonLdOf(seoMeta({ ...page, pageType: "AboutPage" }))).toMatchObject([{ "@type": "AboutPage" }]);
  });

  test("a personal page gets the full head, its title followed by the site's name, and stays out of indexes", () => {
    const matches = [{ id: "root", data: { siteUrl: "https://aitlas.example", site: { name: "Aitlas" } } }];
    const tags = personalPageMeta(matches, { title: "Suggest a tool", description: "Suggest one.", path: "/submit" });
    expect(tags).toEqual(
      seoMeta({
        title: "Suggest a tool | Aitlas",
        description: "Suggest one.",
        path: "/submit",
        siteName: "Aitlas",
        siteUrl: "https://aitlas.example",
        noindex: true,
      }),
    );
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://aitlas.example/submit" });
    expect(tags).toContainEqual({ property: "og:title", content: "Suggest a tool | Aitlas" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });

  test("an admin page is a personal page titled '{heading} - Admin' at the address it is on", () => {
    const matches = [{ id: "root", data: { siteUrl: "https://aitlas.example", site: { name: "Aitlas" } } }];
    const tags = adminPageMeta(matches, { pathname: "/admin/tools" }, "Tools");
    expect(tags).toContainEqual({ title: "Tools - Admin | Aitlas" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://aitlas.example/admin/tools" });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("errorPageMeta", () => {
  const matches = [{ id: "root", data: { siteUrl: "https://aitlas.example", site: { name: "Aitlas" } } }];
  const notFound = { status: 404, statusText: "", internal: false, data: { error: "No such tag.", code: "not-found" } };

  test("gives an error page the full head in its own words, out of the index, with no canonical link", () => {
    const tags = errorPageMeta(matches, notFound, { 404: { title: "Tag not found" } });
    expect(tags).toContainEqual({ title: "Tag not found | Aitlas" });
    expect(tags).toContainEqual({ name: "description", content: "No such tag." });
    expect(tags).toContainEqual({ property: "og:title", content: "Tag not found | Aitlas" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: expect.stringMatching(/^https:\/\/aitlas\.example\/og\//),
    });
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
    expect(tags).toContainEqual({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: "Tag not found | Aitlas",
        description: "No such tag.",
        isPartOf: { "@type": "WebSite", name: "Aitlas", url: "https://aitlas.example/" },
      },
    });
    const named = tags.map((tag) => JSON.stringify(tag));
    expect(named.filter((tag) => tag.includes("canonical") || tag.includes("og:url"))).toEqual([]);
  });

  test("a bug's error is the site's 500 text", () => {
    const tags = errorPageMeta(matches, new Error("at /srv/app.js:1"));
    expect(tags).toContainEqual({ title: "Error | Aitlas" });
    expect(tags).toContainEqual({
      name: "description",
      content: "Something went wrong on our side. Please try again.",
    });
  });

  test("when the root loader failed too, title, description and noindex without any address", () => {
    expect(errorPageMeta([undefined], notFound)).toEqual([
      { title: "Page not found | Aitlas" },
      { name: "description", content: "No such tag." },
      { name: "robots", content: "noindex" },
    ]);
  });
});

describe("siteUrlFromMatches", () => {
  test("reads the site URL from the root match, or gives an empty string", () => {
    expect(
      siteUrlFromMatches([{ id: "root", data: { siteUrl: "https://aitlas.example" } }, { id: "routes/home" }]),
    ).toBe("https://aitlas.example");
    expect(siteUrlFromMatches([undefined, { id: "routes/home" }])).toBe("");
  });
});
