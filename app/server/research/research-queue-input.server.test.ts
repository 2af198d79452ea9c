import { describe, expect, test } from "vitest";
import { estimateCost, progressText, roughDuration } from "~/lib/research-queue";
import { normalizeWebsite, parseWebsites, siteKeyOf } from "./research-queue-input.server";
import { similarNames } from "./research-queue-job.server";
import { parseSiteMetadata } from "./site-metadata.server";

// What "Add many tools" reads from a paste or a CSV, how it tells sites apart, and what it reads
// from a home page (decision 154).

describe("reading the input", () => {
  test("one website a line: normalized, repeats removed, the rest counted", () => {
    expect(
      parseWebsites({
        text: "https://acme.example\n\nacme.example/\nwww.acme.example\n# a comment\nftp://files.example\nnot a site\nhttps://writer.example/#top",
      }),
    ).toEqual({
      websites: [
        { website: "https://acme.example/", givenName: null },
        { website: "https://writer.example/", givenName: null },
      ],
      repeats: 2,
      invalid: 2,
    });
  });

  test("an awesome-list: its linked list items, with their names; headings and prose are not lines", () => {
    const text = [
      "# Awesome AI",
      "Tools we like.",
      "## Writing",
      "- [Acme Writer](https://acme.example) - Drafts blog posts.",
      "* [Scribe](<https://scribe.example/app>)",
      "1. [Numbered](https://numbered.example)",
      "- Not a link",
    ].join("\n");
    expect(parseWebsites({ text })).toEqual({
      websites: [
        { website: "https://acme.example/", givenName: "Acme Writer" },
        { website: "https://scribe.example/app", givenName: "Scribe" },
        { website: "https://numbered.example/", givenName: "Numbered" },
      ],
      repeats: 0,
      invalid: 0,
    });
  });

  test("a CSV file: its website (or url) column, its name column, after the pasted lines", () => {
    const csv = "\uFEFFName,URL,Notes\nAcme,https://acme.example,good\n,https://other.example,\n";
    expect(parseWebsites({ text: "https://first.example", csv }).websites).toEqual([
      { website: "https://first.example/", givenName: null },
      { website: "https://acme.example/", givenName: "Acme" },
      { website: "https://other.example/", givenName: null },
    ]);
    expect(() => parseWebsites({ text: "", csv: "name,notes\nAcme,good\n" })).toThrow(
      'The CSV file needs a column named "website" (or "url")',
    );
  });

  test("only public http(s) addresses without credentials are websites", () => {
    expect(normalizeWebsite("javascript:alert(1)")).toBeNull();
    expect(normalizeWebsite("https://user:pass@acme.example")).toBeNull();
    expect(normalizeWebsite("localhost:3000")).toBeNull();
    expect(normalizeWebsite("HTTPS://Acme.Example/Path")).toBe("https://acme.example/Path");
  });
});

describe("telling sites apart", () => {
  test("by registrable domain, from the public suffix list", () => {
    expect(siteKeyOf("https://app.acme.co.uk/login")).toBe("acme.co.uk");
    expect(siteKeyOf("https://www.midjourney.com")).toBe("midjourney.com");
    // Private suffixes: two people's pages on one host are two sites.
    expect(siteKeyOf("https://alice.github.io/tool")).toBe("alice.github.io");
    expect(siteKeyOf("https://bob.github.io/tool")).toBe("bob.github.io");
    // No registrable domain: the address itself.
    expect(siteKeyOf("http://127.0.0.1:3231/with-icons/a/")).toBe("127.0.0.1:3231/with-icons/a");
  });

  test("names: the same once case and punctuation are gone, or with a common word added", () => {
    expect(similarNames("Note-Taker", "notetaker")).toBe(true);
    expect(similarNames("Jasper", "Jasper AI")).toBe(true);
    expect(similarNames("Notion", "Motion")).toBe(false);
    expect(similarNames("Tool 1", "Tool 2")).toBe(false);
  });
});

describe("the cost and progress texts", () => {
  test("three searches and one model call a website, at the configured pause", () => {
    expect(estimateCost({ researched: 500, assistant: true, pauseMs: 1100 })).toEqual({
      searches: 1500,
      modelCalls: 500,
      seconds: 2150,
    });
    expect(estimateCost({ researched: 10, assistant: false, pauseMs: 1100 })).toEqual({
      searches: 0,
      modelCalls: 0,
      seconds: 10,
    });
    expect(roughDuration(2150)).toBe("about 36 min");
    expect(progressText({ total: 500, done: 312, failed: 9 })).toBe("312 of 500 done, 9 failed");
  });
});

describe("a home page's metadata", () => {
  test("title, descriptions, site name and share image from the head only", () => {
    const html = `<html><head><title>Acme &amp; Co | Writing</title>
      <meta name="description" content="Drafts posts.">
      <meta property="og:description" content="Ignored: the meta description comes first.">
      <meta property="og:site_name" content="Acme">
      <meta property="og:image" content="/share.png"></head>
      <body><meta name="description" content="In the body"></body></html>`;
    expect(parseSiteMetadata(html, "https://acme.example/")).toEqual({
      url: "https://acme.example/",
      title: "Acme & Co | Writing",
      siteName: "Acme",
      description: "Drafts posts.",
      image: "https://acme.example/share.png",
    });
  });
});
