import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The installed tree as npm sees it: a package that refuses this Node, a lockfile that npm would
// rewrite, a dependency nothing uses.

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(projectRoot, file), "utf8"));

type Manifest = {
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const manifest: Manifest = readJson("package.json");
const lock: { packages: Record<string, Manifest & { version?: string; optional?: boolean }> } =
  readJson("package-lock.json");

describe("installed packages", () => {
  it("all accept the Node running the tests (npm's EBADENGINE warning)", () => {
    const refusing: string[] = [];
    for (const location of Object.keys(lock.packages)) {
      const installed = path.join(projectRoot, location, "package.json");
      // Optional packages for other platforms are in the lockfile but not installed.
      if (!location || !fs.existsSync(installed)) continue;
      const range = (JSON.parse(fs.readFileSync(installed, "utf8")) as Manifest).engines?.node;
      if (range && !semver.satisfies(process.version, range)) refusing.push(`${location} wants node ${range}`);
    }
    expect(refusing).toEqual([]);
  });

  it("accept every Node that package.json's engines field admits (the lowest of each of its ranges)", () => {
    // "^22.19.0 || ^24.0.0 || >=26.0.0": 22.19.0, 24.0.0 and 26.0.0.
    const lowests = new semver.Range(manifest.engines!.node!).set.map(
      (comparators) => semver.minVersion(comparators.map(String).join(" "))!.version,
    );
    expect(lowests.length).toBeGreaterThan(1);
    const refusing = lowests.flatMap((lowest) =>
      Object.entries(lock.packages)
        .filter(([location, entry]) => location && !entry.optional && entry.engines?.node)
        .filter(([, entry]) => !semver.satisfies(lowest, entry.engines!.node!))
        .map(([location, entry]) => `${location} wants node ${entry.engines!.node}, not ${lowest}`),
    );
    expect(refusing).toEqual([]);
  });
});

describe("package-lock.json", () => {
  it("records package.json's dependencies exactly, so npm install leaves it unchanged", () => {
    const root = lock.packages[""]!;
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
    expect(root.engines).toEqual(manifest.engines);
  });
});

describe("runtime dependencies", () => {
  // Needed without an import of our own.
  const usedIndirectly: Record<string, string> = {
    "@tiptap/pm": "peer dependency of the @tiptap packages",
    isbot: "imported by React Router's default server entry (we have no app/entry.server.tsx)",
  };

  it("are each imported by the app, the server entry or a script", () => {
    // Stylesheets count: app.css imports the web font.
    const sources = ["app", "scripts"]
      .flatMap((dir) =>
        fs
          .readdirSync(path.join(projectRoot, dir), { recursive: true, encoding: "utf8" })
          .filter((file) => /\.(ts|tsx|css)$/.test(file))
          .map((file) => path.join(dir, file)),
      )
      .concat("server.js", "vite.config.ts")
      .map((file) => fs.readFileSync(path.join(projectRoot, file), "utf8"))
      .join("\n");
    const unused = Object.keys(manifest.dependencies!).filter((name) => {
      if (name in usedIndirectly) return false;
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      return !new RegExp(`["']${escaped}(/[^"']*)?["']`).test(sources);
    });
    expect(unused).toEqual([]);
  });
});
