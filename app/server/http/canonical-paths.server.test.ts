import type { AddressInfo } from "node:net";
import express from "express";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProductionBuild } from "../../../tests/setup/production-build";
import { canonicalPath, redirectToCanonicalPaths, routePatterns } from "./canonical-paths.server";

// The production build's own route table, so the words checked here are the routes the site really has.
let routes: ServerBuild["routes"];
let patterns: ReturnType<typeof routePatterns>;

beforeAll(async () => {
  routes = (await loadProductionBuild()).routes;
  patterns = routePatterns(routes);
});

describe("canonicalPath", () => {
  it.each([
    ["/about/", "/about"],
    ["/About", "/about"],
    ["/BLOG///", "/blog"],
    ["/about//", "/about"],
    ["/Tool/chatgpt/", "/tool/chatgpt"],
    ["/category/Image%20Generation/", "/category/Image%20Generation"],
    ["/Admin/Tools", "/admin/tools"],
    ["/admin/TOOLS/new", "/admin/tools/new"],
    ["/API/v1/tools/", "/api/v1/tools"],
    ["/Compare/chatgpt-vs-claude", "/compare/chatgpt-vs-claude"],
    ["/Compare", "/compare"],
    ["/no-such-page/", "/no-such-page"],
  ])("%s moves to %s", (from, to) => {
    expect(canonicalPath(from, patterns)).toBe(to);
  });

  it.each(["/", "/about", "/tool/ChatGPT", "/category/Writing", "/u/Ada%20Lovelace", "/admin/tools/new", "/Nowhere"])(
    "%s stays: already canonical, or a parameter's case the page itself decides",
    (pathname) => {
      expect(canonicalPath(pathname, patterns)).toBeNull();
    },
  );

  it.each(["//evil.example/", "/\\evil.example/", "//evil.example//x/"])(
    "%s is never turned into another site's address",
    (pathname) => {
      expect(canonicalPath(pathname, patterns)).toBeNull();
    },
  );

  it("keeps a parameter's case beside the fixed words it corrects", () => {
    expect(canonicalPath("/ADMIN/tools/AbC-123", patterns)).toBe("/admin/tools/AbC-123");
  });
});

describe("redirectToCanonicalPaths", () => {
  let base: string;
  let server: ReturnType<ReturnType<typeof express>["listen"]>;

  beforeAll(async () => {
    const app = express();
    app.use(redirectToCanonicalPaths(async () => routes));
    app.all(/.*/, (req, res) => void res.type("text/plain").send(`page ${req.method} ${req.originalUrl}`));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("moves a GET permanently and keeps the query string", async () => {
    const response = await fetch(`${base}/Blog/?page=2&utm_source=x`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/blog?page=2&utm_source=x");
  });

  it("moves a HEAD too", async () => {
    const response = await fetch(`${base}/about/`, { method: "HEAD", redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/about");
  });

  it("answers a canonical page and a form post where they were sent", async () => {
    expect(await (await fetch(`${base}/about?x=1`)).text()).toBe("page GET /about?x=1");
    const post = await fetch(`${base}/About/`, { method: "POST", redirect: "manual" });
    expect(post.status).toBe(200);
    expect(await post.text()).toBe("page POST /About/");
  });
});
