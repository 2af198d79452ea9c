import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, test } from "vitest";
import { MEASURED_PAGES, measurePageJavaScript } from "../../bench/bundle-size";
import { assertServerBuilt } from "../setup/production-server";

// Decision 186 on the production build `npm test` makes first: the JavaScript a public page loads
// before any interaction carries no zod. A module the pages import for names or labels that builds
// a schema at its top level drags zod into the file every page loads (it happened once, in the merge
// of reviews, makers and follows); the schemas belong in the `*-schema.ts` modules beside them.

const buildDir = fileURLToPath(new URL("../../build", import.meta.url));
/** Names only zod's own code holds: its error class and its core type's prefix. */
const ZOD_MARKERS = ["ZodError", "$ZodType"];

beforeAll(() => assertServerBuilt());

test.each(MEASURED_PAGES)("the $label page's JavaScript holds no zod", ({ routeId }) => {
  const { chunks } = measurePageJavaScript(buildDir, routeId);
  expect(chunks.length).toBeGreaterThan(0);
  const withZod = chunks
    .filter((chunk) => {
      const code = fs.readFileSync(path.join(buildDir, "client", chunk.file), "utf8");
      return ZOD_MARKERS.some((marker) => code.includes(marker));
    })
    .map((chunk) => chunk.file);
  expect(withZod).toEqual([]);
});

// Decision 109's chunk groups: what only one page uses loads with that page, not in the file every
// page loads. A route reached both as its module and as React Router's client proxy of it once
// counted as two pages, and the tool page's comments, reviews and report forms went to every page.
/** Words only the tool page's comments and reviews draw. */
const TOOL_PAGE_ONLY = "Hidden by a moderator";

test.each(MEASURED_PAGES.filter((page) => page.routeId !== "routes/tool"))(
  "the $label page does not load the tool page's comments and reviews",
  ({ routeId }) => {
    const read = (file: string) => fs.readFileSync(path.join(buildDir, "client", file), "utf8");
    const tool = measurePageJavaScript(buildDir, "routes/tool").chunks.filter((chunk) =>
      read(chunk.file).includes(TOOL_PAGE_ONLY),
    );
    // The marker is where the tool page's code is, so its absence below means something.
    expect(tool.length).toBeGreaterThan(0);
    const loaded = measurePageJavaScript(buildDir, routeId).chunks.filter((chunk) =>
      read(chunk.file).includes(TOOL_PAGE_ONLY),
    );
    expect(loaded.map((chunk) => chunk.file)).toEqual([]);
  },
);

// Issue 36: what each public page loads before any interaction may not grow. The goal is 120 KB gzipped
// (JAVASCRIPT_GOAL_KB) on every page; React DOM, React Router and React alone take about 110 KB of it, and
// no page is there yet. Each ceiling is the page's figure on 2026-11-28 rounded up to the next half
// kilobyte: lower it when a page gets lighter, never raise it to let a page grow.
const CEILING_KB: Record<(typeof MEASURED_PAGES)[number]["label"], number> = {
  home: 139.5,
  tool: 149.5,
  alternatives: 138.5,
  category: 138.5,
  tag: 138.5,
  compare: 140.5,
  blog: 137.5,
  article: 138.5,
  "change log": 139,
  "member profile": 138.5,
  about: 140.5,
};

test.each(MEASURED_PAGES)("the $label page loads no more JavaScript than its ceiling", ({ label, routeId }) => {
  const { gzipBytes } = measurePageJavaScript(buildDir, routeId);
  expect(gzipBytes / 1024).toBeLessThanOrEqual(CEILING_KB[label]);
});
