import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { importedSpecifiers, packageOf } from "../setup/server-bundle-imports";

// What the production server loads before its first request (decision 201): the packages its build
// imports statically, following the build's own files from build/server/index.js and from the React
// Router build it imports at start (assets/server-build-*.js). A library only
// some requests need (an image to resize, a backup to pack, a terminal to colour) is imported on
// first use, and Radix is bundled so only the primitive the pages draw comes with it.

const serverBuild = path.resolve("build/server");

/** Libraries the server must not load at start: each costs megabytes of a resting server. */
const LOADED_ON_FIRST_USE = [
  "sharp",
  "tar",
  "turndown",
  "pino-pretty",
  "radix-ui",
  "satori",
  "nodemailer",
  "@aws-sdk/client-s3",
  "@modelcontextprotocol/sdk",
];

/** Every package imported statically by the build's files reachable from its entry through static imports. */
function packagesLoadedAtStart(entries: string[]): Set<string> {
  const packages = new Set<string>();
  const visited = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (visited.has(file)) continue;
    visited.add(file);
    for (const specifier of importedSpecifiers(fs.readFileSync(file, "utf8"))) {
      if (specifier.startsWith(".")) queue.push(path.resolve(path.dirname(file), specifier));
      else {
        const name = packageOf(specifier);
        if (name) packages.add(name);
      }
    }
  }
  return packages;
}

describe("the production server's start", () => {
  test("follows static imports through the build and names their packages", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-start-imports-"));
    try {
      fs.writeFileSync(
        path.join(dir, "index.js"),
        'import { a } from "./chunk.js";\nimport x from "sharp";\nconst later = () => import("tar");\n',
      );
      fs.writeFileSync(path.join(dir, "chunk.js"), 'export * from "@scope/pkg/sub";\nimport "node:fs";\n');
      expect([...packagesLoadedAtStart([path.join(dir, "index.js")])].sort()).toEqual(["@scope/pkg", "sharp"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("loads none of the libraries only some requests need", () => {
    const entry = path.join(serverBuild, "index.js");
    if (!fs.existsSync(entry)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
    const routerBuilds = fs
      .readdirSync(path.join(serverBuild, "assets"))
      .filter((name) => /^server-build-.*\.js$/.test(name))
      .map((name) => path.join(serverBuild, "assets", name));
    expect(routerBuilds).toHaveLength(1);
    const loaded = packagesLoadedAtStart([entry, ...routerBuilds]);
    // The walk found the build's real imports (a broken pattern would find none and pass).
    expect(loaded).toContain("react-router");
    expect(loaded).toContain("pg-boss");
    expect(loaded).toContain("react-dom");
    expect(LOADED_ON_FIRST_USE.filter((name) => loaded.has(name))).toEqual([]);
  });
});
