import { describe, expect, test } from "vitest";
import { sanitizeRichText } from "./sanitize-html.server";

describe("sanitizeRichText removes script in every known disguise", () => {
  const payloads = [
    `<script>alert(1)</script>`,
    `<SCRIPT SRC=https://evil.example/x.js></SCRIPT>`,
    `<img src=x onerror=alert(1)>`,
    `<img src="x" srcset="javascript:alert(1)">`,
    `<a href="javascript:alert(1)">x</a>`,
    `<a href="JaVaScRiPt:alert(1)">x</a>`,
    `<a href=" javascript:alert(1)">x</a>`,
    `<a href="java&#x09;script:alert(1)">x</a>`,
    `<a href="&#106;avascript:alert(1)">x</a>`,
    `<a href="vbscript:msgbox(1)">x</a>`,
    `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
    `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
    `<svg onload=alert(1)><circle r="1"/></svg>`,
    `<svg><script>alert(1)</script></svg>`,
    `<style>body{background:url("javascript:alert(1)")}</style>`,
    `<p style="background:url(javascript:alert(1))">x</p>`,
    `<iframe src="https://evil.example"></iframe>`,
    `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
    `<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">`,
    `<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>`,
    `<body onload=alert(1)>`,
    `<details open ontoggle=alert(1)>`,
    `<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
    `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
    `<p onclick="alert(1)" onmouseover="alert(1)">x</p>`,
    `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
    `<base href="https://evil.example/">`,
    `<link rel="stylesheet" href="https://evil.example/x.css">`,
    `<a href="//evil.example/x">protocol-relative</a>`,
  ];

  test.each(payloads)("%s", (payload) => {
    const clean = sanitizeRichText(payload);

    expect(clean).not.toMatch(
      /<(script|style|iframe|object|embed|form|button|svg|math|body|meta|base|link|noscript|details)\b/i,
    );
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/javascript:|vbscript:|data:|style=|srcdoc|evil\.example/i);
  });
});

describe("sanitizeRichText keeps the editor's structure", () => {
  test("keeps headings, lists, emphasis, quotes, code and tables", () => {
    const html =
      `<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s> <mark>m</mark> x<sub>2</sub></p>` +
      `<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>` +
      `<pre><code class="language-ts">const a = 1;</code></pre><hr />` +
      `<table><thead><tr><th scope="col">A</th></tr></thead><tbody><tr><td colspan="2">1</td></tr></tbody></table>`;

    expect(sanitizeRichText(html)).toBe(html);
  });

  test("drops an unknown class on code", () => {
    expect(sanitizeRichText(`<code class="language-js evil">x</code>`)).toBe(`<code class="language-js">x</code>`);
  });

  test("keeps http(s) images, lazily loaded", () => {
    expect(sanitizeRichText(`<img src="https://cdn.example.org/a.png" alt="A" width="10">`)).toBe(
      `<img src="https://cdn.example.org/a.png" alt="A" width="10" loading="lazy" decoding="async" />`,
    );
  });

  test("opens external links in a new tab with noopener, noreferrer and nofollow", () => {
    expect(sanitizeRichText(`<a href="https://example.org" target="_self" rel="opener">x</a>`)).toBe(
      `<a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a>`,
    );
  });

  test("opens links on this site in the same tab: no target, no rel (issue 34)", () => {
    expect(sanitizeRichText(`<a href="/tool/chatgpt" target="_blank" rel="noopener">x</a>`)).toBe(
      `<a href="/tool/chatgpt">x</a>`,
    );
  });

  test("makes an address on the site's own origin a path, opened in the same tab", () => {
    const siteOrigin = "https://aitlas.example";
    expect(
      sanitizeRichText(`<a href="https://aitlas.example/tool/claude?x=1#pricing" target="_blank">x</a>`, {
        siteOrigin,
      }),
    ).toBe(`<a href="/tool/claude?x=1#pricing">x</a>`);
    // Another origin, even a subdomain or another port, is another site.
    for (const href of ["https://www.aitlas.example/tool/claude", "https://aitlas.example:8443/tool/claude"]) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`, { siteOrigin })).toBe(
        `<a href="${href}" rel="noopener noreferrer nofollow" target="_blank">x</a>`,
      );
    }
  });

  test("leaves internal and mailto links as they are", () => {
    expect(sanitizeRichText(`<a href="/blog">blog</a> <a href="mailto:hi@example.org">mail</a>`)).toBe(
      `<a href="/blog">blog</a> <a href="mailto:hi@example.org">mail</a>`,
    );
  });

  test("escapes text that looks like markup", () => {
    expect(sanitizeRichText(`<p>1 < 2 & 3 > 2</p>`)).toBe(`<p>1 &lt; 2 &amp; 3 &gt; 2</p>`);
  });
});
