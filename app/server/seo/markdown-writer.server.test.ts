import { describe, expect, test } from "vitest";
import { blockOutline, liveNonWebLinks, readMarkdown } from "../../../tests/setup/markdown-reading";
import {
  markdownAutolink,
  markdownLink,
  markdownText,
  markdownUrl,
  richTextToMarkdown,
} from "./markdown-writer.server";

// The one Markdown writer (decision 151): stored text stays text, and only an http(s) address
// becomes a link, whatever characters either holds.

const BREAKOUT = "https://x.com/x>[evil](javascript:alert('web'))<x";
const SITE = "https://aitlas.example";

describe("markdownText", () => {
  test("leaves ordinary text as it is", () => {
    for (const text of [
      "Drafts letters.",
      "R&D, 3.5 stars, #1 in C#",
      "Free: $0/month (2 seats)",
      "Pro - billed yearly",
    ])
      expect(markdownText(text)).toBe(text);
  });

  test("escapes what would open links, autolinks, HTML, code or emphasis", () => {
    expect(markdownText("[evil](javascript:alert(1))")).toBe("\\[evil\\](javascript:alert(1))");
    expect(markdownText("<https://x.com> <img src=x onerror=alert(1)>")).toBe(
      "\\<https://x.com\\> \\<img src=x onerror=alert(1)\\>",
    );
    expect(markdownText("`code` *bold* _it_ \\")).toBe("\\`code\\` \\*bold\\* \\_it\\_ \\\\");
    expect(markdownText("&#106;avascript &lt;b&gt;")).toBe("\\&#106;avascript \\&lt;b\\&gt;");
  });

  test("keeps to one line and opens no block at its start or heading close at its end", () => {
    expect(markdownText("Name\n\n# Heading\r\n- item\u0000")).toBe("Name # Heading - item");
    for (const [text, written] of [
      ["# Heading", "\\# Heading"],
      ["- item", "\\- item"],
      ["+ item", "\\+ item"],
      ["1. first", "1\\. first"],
      ["2) second", "2\\) second"],
      ["---", "\\---"],
      ["~~~ fence", "\\~~~ fence"],
      ["> quote", "\\> quote"],
      ["Title ##", "Title \\##"],
    ])
      expect(markdownText(text!)).toBe(written);
    expect(blockOutline(`- ${markdownText("# - 1. > x")}`)).toEqual([["-"]]);
  });
});

describe("markdownUrl, markdownLink and markdownAutolink", () => {
  test("write an ordinary address as it is stored", () => {
    for (const address of ["https://quill.example.com", "http://quill.example/a/b?c=1&d=2#e", "https://x.com/%7Ea"])
      expect(markdownUrl(address)).toBe(address);
  });

  test("percent-encode what would end a link, so the example from issue 37 stays one link", () => {
    const encoded = "https://x.com/x%3E%5Bevil%5D%28javascript:alert%28%27web%27%29%29%3Cx";
    expect(markdownUrl(BREAKOUT)).toBe(encoded);
    expect(markdownAutolink(BREAKOUT)).toBe(`<${encoded}>`);
    expect(markdownLink("Site", BREAKOUT)).toBe(`[Site](${encoded})`);
    expect(markdownUrl('https://x.com/a b\n"c"`d`\\e')).toBe("https://x.com/a%20b%0A%22c%22%60d%60%5Ce");
    for (const markdown of [markdownAutolink(BREAKOUT), markdownLink("[x](javascript:y)", BREAKOUT)]) {
      expect(readMarkdown(markdown).destinations.length + readMarkdown(markdown).autolinks.length).toBe(1);
      expect(liveNonWebLinks(markdown)).toEqual([]);
    }
  });

  test("write any other address as plain text, never a link", () => {
    for (const address of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox",
      "ftp://x.com",
      "mailto:a@x.com",
      "/tool/quill",
      "//evil.example",
      "https://user:pw@x.com",
      "https://good.example\\@evil.example",
      "http://[::1]/",
      "not an address",
    ]) {
      expect(markdownUrl(address)).toBeNull();
      for (const markdown of [markdownAutolink(address), markdownLink("Text", address)]) {
        expect(readMarkdown(markdown)).toEqual({ destinations: [], autolinks: [], html: [] });
      }
    }
    expect(markdownAutolink("data:text/html,<script>alert(1)</script>")).toBe(
      "data:text/html,\\<script\\>alert(1)\\</script\\>",
    );
    expect(markdownLink("[Text](javascript:x)", "javascript:alert(1)")).toBe("\\[Text\\](javascript:x)");
  });
});

describe("richTextToMarkdown", () => {
  test("keeps ordinary rich text as Turndown writes it", async () => {
    expect(
      await richTextToMarkdown(
        '<h2>Plans</h2><p>Read <a href="https://x.com/docs">the docs</a>.</p><ul><li>Fast</li></ul>',
        SITE,
      ),
    ).toBe("## Plans\n\nRead [the docs](https://x.com/docs).\n\n-   Fast");
  });

  test("links only http(s) addresses, made absolute, and escapes HTML in the text", async () => {
    const markdown = await richTextToMarkdown(
      [
        `<p><a href="${BREAKOUT.replace(/'/g, "&#39;")}">click</a></p>`,
        '<p><a href="mailto:a@x.com">mail us</a> and <a href="/tool/quill" title="a&quot;)[x](javascript:y)">Quill</a></p>',
        "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp;lt;b&amp;gt;<br>- not a list<br># not a heading</p>",
        '<p><img src="/uploads/a.png" alt="](javascript:alert(1))"></p>',
      ].join(""),
      SITE,
    );
    expect(markdown).toContain("[click](https://x.com/x%3E%5Bevil%5D%28javascript:alert%28%27web%27%29%29%3Cx)");
    expect(markdown).toContain("mail us and [Quill](https://aitlas.example/tool/quill)");
    expect(markdown).toContain("![\\](javascript:alert(1))](https://aitlas.example/uploads/a.png)");
    expect(markdown).toContain("\\<script>alert(1)\\</script>");
    expect(liveNonWebLinks(markdown)).toEqual([]);
    expect(readMarkdown(markdown).html).toEqual([]);
    expect(readMarkdown(markdown).destinations).toHaveLength(3);
    expect(blockOutline(markdown).filter((openers) => openers.length > 0)).toEqual([]);
  });
});
