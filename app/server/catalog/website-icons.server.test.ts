import { describe, expect, test } from "vitest";
import { findIconCandidates } from "./website-icons.server";

const page = (head: string, body = "") => `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
const urls = (html: string, pageUrl = "https://tool.example/app/") =>
  findIconCandidates(html, pageUrl).map((candidate) => `${candidate.source} ${candidate.url}`);

describe("findIconCandidates", () => {
  test("orders apple-touch-icon, then icons (SVG, then the largest), then og:image, then /favicon.ico", () => {
    const html = page(`
      <meta property="og:image" content="/share.png">
      <link rel="icon" href="/icon-16.png" sizes="16x16">
      <link rel="shortcut icon" href="/favicon-any.ico">
      <link rel="icon" href="/icon-192.png" sizes="192x192">
      <link rel="icon" type="image/svg+xml" href="/icon.svg">
      <link rel="apple-touch-icon" href="/apple.png">
    `);
    expect(urls(html)).toEqual([
      "apple-touch-icon https://tool.example/apple.png",
      "icon https://tool.example/icon.svg",
      "icon https://tool.example/icon-192.png",
      "icon https://tool.example/icon-16.png",
      "icon https://tool.example/favicon-any.ico",
      "og:image https://tool.example/share.png",
      "favicon.ico https://tool.example/favicon.ico",
    ]);
  });

  test("resolves against <base href> and the page address, and keeps each address once", () => {
    const html = page(
      `<base href="https://cdn.example/assets/"><link rel="icon" href="logo.png"><link rel="apple-touch-icon" href="logo.png">`,
    );
    expect(urls(html)).toEqual([
      "apple-touch-icon https://cdn.example/assets/logo.png",
      "favicon.ico https://tool.example/favicon.ico",
    ]);
    expect(urls(page(`<link rel="icon" href="img/i.png">`))[0]).toBe("icon https://tool.example/app/img/i.png");
  });

  test("ignores links in the body, non-http addresses and a page without any", () => {
    const html = page(
      `<link rel="icon" href="javascript:alert(1)"><link rel="icon" href="data:image/png;base64,AAAA">`,
      `<link rel="apple-touch-icon" href="https://evil.example/x.png"><meta property="og:image" content="/late.png">`,
    );
    expect(urls(html)).toEqual(["favicon.ico https://tool.example/favicon.ico"]);
    expect(urls("not html at all")).toEqual(["favicon.ico https://tool.example/favicon.ico"]);
  });

  test("takes the largest of several apple-touch-icons", () => {
    const html = page(
      `<link rel="apple-touch-icon" sizes="120x120" href="/a120.png"><link rel="apple-touch-icon" sizes="180x180" href="/a180.png">`,
    );
    expect(urls(html).slice(0, 2)).toEqual([
      "apple-touch-icon https://tool.example/a180.png",
      "apple-touch-icon https://tool.example/a120.png",
    ]);
  });
});
