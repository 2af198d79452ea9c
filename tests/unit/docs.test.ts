import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The architecture map and the decision records, held to the tree and to their own format.

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), "utf8");
const architecture = read("docs/architecture.md");

/** The folder listing in docs/architecture.md: its lines, each resolved to a path from the root. */
function mappedPaths(): string[] {
  const listing = /## Folders\n\n```\n([\s\S]*?)```/.exec(architecture)?.[1];
  if (!listing) throw new Error("docs/architecture.md has no folder listing under '## Folders'");
  let parent = "";
  return listing
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const name = line.trim().split(/\s+/)[0]!;
      // An indented entry sits inside the last unindented folder.
      if (!line.startsWith(" ")) parent = name;
      return line.startsWith(" ") ? path.posix.join(parent, name) : name;
    })
    .map((entry) => entry.replace(/\/$/, ""));
}

function foldersUnder(dir: string): string[] {
  return (
    fs
      .readdirSync(path.join(projectRoot, dir), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.posix.join(path.relative(projectRoot, entry.parentPath), entry.name))
      // Hidden folders (bench/.data, caches) are local state, not source.
      .filter((dir) => !dir.split("/").some((part) => part.startsWith(".")))
  );
}

describe("docs/architecture.md", () => {
  it("names only paths that exist", () => {
    const missing = mappedPaths().filter((entry) => !fs.existsSync(path.join(projectRoot, entry)));
    expect(missing).toEqual([]);
  });

  it("names every folder of the source tree", () => {
    const mapped = new Set(mappedPaths());
    const unnamed = ["app", "tests", "scripts", "bench", "docs"]
      .flatMap((dir) => [dir, ...foldersUnder(dir)])
      .filter((dir) => !mapped.has(dir) && dir !== "app" && dir !== "tests" && dir !== "docs");
    expect(unnamed).toEqual([]);
  });

  it("is linked from the README", () => {
    expect(read("README.md")).toContain("](docs/architecture.md)");
  });
});

describe("docs/decisions", () => {
  const records = fs.readdirSync(path.join(projectRoot, "docs/decisions")).filter((file) => file.endsWith(".md"));

  it.each(records)("%s holds one decision in Context / Decision / Consequences form", (file) => {
    const text = read(`docs/decisions/${file}`);
    const headings = text.match(/^## .+$/gm) ?? [];
    expect(headings.filter((heading) => heading !== "## Consequences")).toEqual(["## Context", "## Decision"]);
    const decision = text.split("## Decision\n")[1]!.split("## Consequences")[0]!;
    // A list of bold-led items is several decisions recorded together.
    expect(decision.match(/^\s*- \*\*/gm) ?? []).toEqual([]);
  });
});
