import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The layer rules of eslint.config.js, shown to bite: each snippet is linted in memory as if it were
// the named file, so the real config, resolver and neighbouring files decide.

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: projectRoot });
});

async function rulesBroken(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, filePath) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe("layers", () => {
  it("keeps app/lib from importing components or routes", async () => {
    expect(await rulesBroken("app/lib/example.ts", `export { Button } from "~/components/ui/button";\n`)).toContain(
      "import-x/no-restricted-paths",
    );
    expect(
      await rulesBroken("app/lib/example.ts", `import { loader } from "~/routes/home";\nexport const load = loader;\n`),
    ).toContain("import-x/no-restricted-paths");
  });

  it("keeps components from importing routes, types included", async () => {
    const code = `import type { AuthActionData } from "~/routes/sign-in";\nexport type Answer = AuthActionData;\n`;
    expect(await rulesBroken("app/components/example.tsx", code)).toContain("import-x/no-restricted-paths");
  });

  it("lets routes import components and lib", async () => {
    const code = `import { AuthForm } from "~/components/auth-form";\nimport { SITE_NAME } from "~/lib/site";\nexport const parts = [AuthForm, SITE_NAME];\n`;
    expect(await rulesBroken("app/routes/example.tsx", code)).toEqual([]);
  });
});

describe("server modules", () => {
  const plainServerImports = [
    ["app/components/example.tsx", `import { env } from "~/server/env";\nexport const e = env;\n`],
    ["app/lib/example.ts", `import { env } from "../server/env";\nexport const e = env;\n`],
    ["app/root.tsx", `import { tools } from "./server/db/schema";\nexport const t = tools;\n`],
    [
      "app/routes/admin/example.tsx",
      `import type { Database } from "../../server/db/client";\nexport type D = Database;\n`,
    ],
  ];

  it.each(plainServerImports)("refuses %s a module under app/server without the .server suffix", async (file, code) => {
    expect(await rulesBroken(file, code)).toContain("no-restricted-imports");
  });

  it("lets a route module import *.server modules", async () => {
    const code = `import { requireAdmin } from "~/server/auth/guards.server";\nexport const guard = requireAdmin;\n`;
    expect(await rulesBroken("app/routes/example.tsx", code)).toEqual([]);
  });

  it("names every module under app/server *.server.ts, so React Router keeps all of them out of the browser", () => {
    const plainNames = fs
      .readdirSync(path.join(projectRoot, "app/server"), { recursive: true, encoding: "utf8" })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/\.server\.tsx?$/.test(file));
    expect(plainNames).toEqual([]);
  });
});

describe("cycles", () => {
  it("refuses an import that closes a cycle", async () => {
    // tool-form.ts imports slugify.ts; slugify importing tool-form back closes the loop.
    const code = `import { TOOL_FORM_LIMITS } from "./tool-form";\nexport const limits = TOOL_FORM_LIMITS;\n`;
    expect(await rulesBroken("app/lib/slugify.ts", code)).toContain("import-x/no-cycle");
  });
});

describe("lint", () => {
  it("runs in npm test's first steps, with Prettier's check", async () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8"));
    expect(scripts.test).toBe("node scripts/test.js");
    const { GROUPS } = (await import("../../scripts/test.js")) as { GROUPS: { command: string[] }[][] };
    expect(GROUPS[0]!.map((step) => step.command.join(" "))).toContain("npm run --silent lint");
    expect(scripts.lint).toBe("node scripts/lint.js");
    const { LINT_STEPS } = (await import("../../scripts/lint.js")) as { LINT_STEPS: { command: string[] }[] };
    expect(LINT_STEPS.map((step) => step.command.join(" "))).toEqual([
      expect.stringMatching(/^npx eslint .*--max-warnings 0 \.$/),
      expect.stringMatching(/^npx prettier --check .*\.$/),
    ]);
  });

  it("wants a reason beside a rule turned off on a line", async () => {
    const code = `// eslint-disable-next-line prefer-const\nlet unchanged = 1;\nexport const value = unchanged;\n`;
    expect(await rulesBroken("app/lib/example.ts", code)).toContain(
      "@eslint-community/eslint-comments/require-description",
    );
  });
});

describe("bench", () => {
  it("starts the production server through the tests' helper, not its own copy", async () => {
    const ownCopy = `import { spawn } from "node:child_process";\nexport function freePort() { return 0; }\nexport const start = () => spawn(process.execPath, ["server.js"]);\n`;
    expect(await rulesBroken("bench/example.ts", ownCopy)).toEqual(["no-restricted-syntax", "no-restricted-syntax"]);
  });
});
