import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildDecision, isKnownNoise, removeBuildStamp, sourceFingerprint, writeBuildStamp } from "./build.js";

let root: string;

function write(file: string, content: string) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), content);
}

/** A finished build of the tree as it is now. */
function finishBuild() {
  write("build/server/index.js", "export {};");
  writeBuildStamp(root, buildDecision(root).fingerprint);
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-build-"));
  write("app/root.tsx", "export default 1;");
  write("app/lib/site.ts", "export const a = 1;");
  write("app/lib/site.test.ts", "test");
  write("public/favicon.svg", "<svg/>");
  write("package.json", "{}");
  write("package-lock.json", "{}");
  write("vite.config.ts", "export default {};");
});

afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe("buildDecision", () => {
  it("builds when there is no build yet", () => {
    expect(buildDecision(root)).toMatchObject({ build: true, reason: "no build yet" });
  });

  it("builds when a build exists without a stamp (made some other way)", () => {
    write("build/server/index.js", "export {};");
    expect(buildDecision(root)).toMatchObject({ build: true });
  });

  it("skips when the stamp names the current sources", () => {
    finishBuild();
    expect(buildDecision(root)).toMatchObject({ build: false, reason: "Build is up to date" });
  });

  it.each([
    ["a source file changes", () => write("app/lib/site.ts", "export const a = 2;")],
    ["a file is added", () => write("app/routes/new.tsx", "export default 2;")],
    ["a file is removed", () => fs.rmSync(path.join(root, "app/lib/site.ts"))],
    ["a public file changes", () => write("public/favicon.svg", "<svg></svg>")],
    ["the lock file changes", () => write("package-lock.json", '{"v":2}')],
    ["the Vite configuration changes", () => write("vite.config.ts", "export default { a: 1 };")],
    ["a configuration file appears", () => write("react-router.config.ts", "export default {};")],
  ])("builds again when %s", (_what, change) => {
    finishBuild();
    change();
    expect(buildDecision(root)).toMatchObject({ build: true, reason: "the sources changed since the last build" });
  });

  it("ignores tests, which are not part of the build, and the build folder itself", () => {
    finishBuild();
    write("app/lib/site.test.ts", "another test");
    write("app/lib/new.test.tsx", "test");
    write("build/client/assets/x.js", "1");
    expect(buildDecision(root).build).toBe(false);
  });

  it("builds again after the stamp is removed, as it is when a build starts", () => {
    finishBuild();
    removeBuildStamp(root);
    expect(buildDecision(root).build).toBe(true);
  });
});

describe("sourceFingerprint", () => {
  it("depends on content, not on when files were touched", () => {
    const before = sourceFingerprint(root);
    const file = path.join(root, "app/root.tsx");
    fs.utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(sourceFingerprint(root)).toBe(before);
  });
});

describe("npm start's check", () => {
  it("says the build is up to date in one line and builds nothing", () => {
    finishBuild();
    const output = execFileSync(process.execPath, [path.resolve("scripts/build.js"), "--if-changed"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(output).toBe("Build is up to date\n");
  });
});

describe("isKnownNoise", () => {
  it("drops React Router's own Vite deprecation and blank lines, keeps anything else", () => {
    expect(isKnownNoise("The `envFile` option is deprecated, please use `envDir: false` instead.")).toBe(true);
    expect(isKnownNoise("   ")).toBe(true);
    expect(isKnownNoise("[vite]: Rollup failed to resolve import")).toBe(false);
    expect(isKnownNoise("The `build.rollupOptions` option is deprecated")).toBe(false);
  });
});
