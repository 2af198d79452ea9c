import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { javascriptTable, measurePageJavaScript } from "../../bench/bundle-size";

// A tiny build as React Router writes one: a browser manifest naming an entry and three routes
// (root, a layout, a page under it), each with the chunks it imports, and the server build that
// says how routes are discovered.
let buildDir: string;

const files: Record<string, string> = {
  "entry.client-1.js": "import './react-dom-1.js';".repeat(40),
  "react-dom-1.js": "export const dom = 'react-dom';".repeat(60),
  "root-1.js": "import './shared-1.js'; export default 'root';",
  "shared-1.js": "export const shared = 1;",
  "layout-1.js": "export default 'layout';".repeat(3),
  "page-1.js": "import './shared-1.js'; import './icon-1.js'; export default 'page';",
  "icon-1.js": "export const icon = '<svg/>';",
  "other-1.js": "export default 'a page not on this chain';".repeat(50),
};

const manifest = {
  entry: { module: "/assets/entry.client-1.js", imports: ["/assets/react-dom-1.js"] },
  routes: {
    root: { id: "root", module: "/assets/root-1.js", imports: ["/assets/shared-1.js"] },
    "routes/layout": { id: "routes/layout", parentId: "root", module: "/assets/layout-1.js" },
    "routes/page": {
      id: "routes/page",
      parentId: "routes/layout",
      module: "/assets/page-1.js",
      imports: ["/assets/shared-1.js", "/assets/icon-1.js"],
    },
    "routes/other": { id: "routes/other", parentId: "root", module: "/assets/other-1.js" },
  },
};

function writeBuild(routeDiscovery: "lazy" | "initial") {
  const assets = path.join(buildDir, "client", "assets");
  fs.mkdirSync(assets, { recursive: true });
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(assets, name), content);
  fs.writeFileSync(
    path.join(assets, "manifest-abc123.js"),
    `window.__reactRouterManifest=${JSON.stringify(manifest)};`,
  );
  fs.mkdirSync(path.join(buildDir, "server", "assets"), { recursive: true });
  fs.writeFileSync(
    path.join(buildDir, "server", "assets", "server-build-1.js"),
    `var routeDiscovery = {\n\t"mode": "${routeDiscovery}",\n\t"manifestPath": "/__manifest"\n};\n`,
  );
}

const gzipped = (name: string) => gzipSync(files[name]!, { level: 9 }).length;

beforeEach(() => {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-bundle-size-"));
});
afterEach(() => fs.rmSync(buildDir, { recursive: true, force: true }));

describe("measurePageJavaScript", () => {
  test("counts the entry and every route of the page's chain with its imports, each chunk once", () => {
    writeBuild("lazy");
    const page = measurePageJavaScript(buildDir, "routes/page");
    const expected = [
      "entry.client-1.js",
      "react-dom-1.js",
      "root-1.js",
      "shared-1.js",
      "layout-1.js",
      "page-1.js",
      "icon-1.js",
    ];
    expect(page.chunks.map((chunk) => path.basename(chunk.file))).toEqual(expected);
    for (const chunk of page.chunks) {
      const name = path.basename(chunk.file);
      expect(chunk).toEqual({ file: `/assets/${name}`, bytes: files[name]!.length, gzipBytes: gzipped(name) });
    }
    expect(page.gzipBytes).toBe(expected.reduce((sum, name) => sum + gzipped(name), 0));
    expect(page.bytes).toBe(expected.reduce((sum, name) => sum + files[name]!.length, 0));
  });

  test("counts the whole manifest script when routes are discovered up front", () => {
    writeBuild("initial");
    const page = measurePageJavaScript(buildDir, "routes/other");
    expect(page.chunks.map((chunk) => path.basename(chunk.file))).toEqual([
      "manifest-abc123.js",
      "entry.client-1.js",
      "react-dom-1.js",
      "root-1.js",
      "shared-1.js",
      "other-1.js",
    ]);
  });

  test("refuses a route the build does not have, and a directory that is not a client build", () => {
    writeBuild("lazy");
    expect(() => measurePageJavaScript(buildDir, "routes/missing")).toThrow('No route "routes/missing"');
    expect(() => measurePageJavaScript(os.tmpdir(), "root")).toThrow();
  });
});

test("javascriptTable says whether each page is within the goal", () => {
  writeBuild("lazy");
  const table = javascriptTable(buildDir, [
    { label: "page", routeId: "routes/page" },
    { label: "other", routeId: "routes/other" },
  ]);
  expect(table.split("\n")).toHaveLength(4);
  expect(table).toMatch(/\| page \| `routes\/page` \| 7 \| [\d.]+ KB \| met \| /);
  expect(table).toMatch(/\| other \| `routes\/other` \| 5 \| [\d.]+ KB \| met \| /);
});
