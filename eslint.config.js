// ESLint: recommended presets plus the import rules that keep the layers apart (docs/architecture.md).
// `npm run lint` runs it with Prettier's check; `npm test` runs lint first.
import comments from "@eslint-community/eslint-plugin-eslint-comments/configs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { flatConfigs as importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import { defineConfig, globalIgnores } from "eslint/config";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Code that can end up in the browser bundle: components, shared lib, the document and route modules. */
const clientReachable = ["app/components/**", "app/lib/**", "app/root.tsx", "app/routes/**"];
const tests = ["**/*.test.{ts,tsx}", "**/*.spec.ts", "tests/**"];

// React Router keeps `*.server` modules out of the browser bundle and fails the build if one is
// still referenced; a module under app/server without the suffix would leak in silently.
const serverOnlySuffix = {
  regex: String.raw`^(~|\.{1,2}(/\.\.)*)/server/(?!.*\.server$)`,
  message: "Code that can reach the browser imports from app/server only `*.server` modules.",
};

export default defineConfig([
  globalIgnores(["build/", "data/", ".react-router/", "test-results/", "playwright-report/", "bench/.data/"]),
  js.configs.recommended,
  tseslint.configs.recommended,
  importX.recommended,
  importX.typescript,
  comments.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })] },
    rules: {
      // No module may import itself back through others: a cycle makes load order matter.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // TypeScript already checks these (typescript-eslint's advice): off for speed and for Vite's virtual modules.
      "import-x/named": "off",
      "import-x/namespace": "off",
      "import-x/default": "off",
      "import-x/no-named-as-default-member": "off",
      "import-x/no-unresolved": "off",
      // Leading underscore marks an argument kept for its position (Express error handlers, callbacks).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // A rule turned off on a line says why, after " -- ".
      "@eslint-community/eslint-comments/require-description": "error",
    },
  },
  {
    // A test file is a leaf: nothing imports it, so it closes no cycle, and walking the app's whole
    // import graph again from each of some 300 of them was most of the linter's time.
    files: ["**/*.test.{ts,tsx}", "**/*.spec.ts"],
    rules: { "import-x/no-cycle": "off" },
  },
  {
    files: ["app/**/*.tsx"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    extends: [jsxA11y.flatConfigs.recommended],
    rules: {
      // The two classic hook rules. The preset's other rules are React Compiler diagnostics, and this
      // project does not run the compiler.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Our <Label> renders a <label>: check its uses too.
      "jsx-a11y/label-has-associated-control": ["error", { labelComponents: ["Label"] }],
    },
  },
  {
    files: ["app/**"],
    ignores: tests,
    rules: {
      // Layers, bottom up: lib < components < routes. Type-only imports count too: no-cycle skips
      // them, and a component importing a route's type is how auth-form and sign-in became a cycle.
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app/lib",
              from: ["./app/components", "./app/routes"],
              message: "app/lib is shared code: it must not import components or routes.",
            },
            {
              target: "./app/components",
              from: "./app/routes",
              message: "Components sit below routes: move what both need to app/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    files: clientReachable,
    ignores: tests,
    rules: {
      "no-restricted-imports": ["error", { patterns: [serverOnlySuffix] }],
    },
  },
  {
    // One way to write an action (decision 116): the origin check, the form read, the error mapping
    // and the cache purge belong to defineAction (app/server/http/action-pipeline.server.ts).
    // Every route module's action goes through it; none is exempt (issue 30).
    files: ["app/routes/**"],
    ignores: tests,
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [serverOnlySuffix],
          paths: [
            {
              name: "~/server/auth/guards.server",
              importNames: ["requireSameOrigin"],
              message: "An action is a defineAction step: the pipeline checks the origin and the role.",
            },
            {
              name: "~/lib/app-error",
              importNames: ["asErrorBody"],
              message:
                "An action answers an ActionResult: read its formError and code. asErrorBody is the error boundary's.",
            },
            {
              name: "~/server/http/read-form.server",
              message: "An action is a defineAction step: the pipeline reads the form.",
            },
            {
              name: "~/server/http/error-response.server",
              importNames: ["answerOrRethrow", "expectedOrLogged"],
              message:
                "Throw an AppError from the step: the pipeline answers it as an ActionResult, or logs what is not one.",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[property.name='purgePages']",
          message: "Call the step's purge(tags): the pipeline purges once the write is done.",
        },
        {
          selector: "ExportNamedDeclaration > FunctionDeclaration[id.name='action']",
          message: "Write the action with defineAction or defineIntents (app/server/http/action-pipeline.server.ts).",
        },
      ],
    },
  },
  {
    // Only the pipeline maps a caught failure to an answer (decision 116): the hand-written helpers
    // that did (answerOrRethrow, expectedOrLogged) are gone and may not come back.
    files: ["app/server/**"],
    ignores: [...tests, "app/server/http/error-response.server.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/error-response.server"],
              importNames: ["answerOrRethrow", "expectedOrLogged"],
              message: "Throw an AppError from a defineAction step: the pipeline logs what is not one.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["bench/**"],
    rules: {
      // The benchmark starts the production server the way the tests do, through one helper.
      "no-restricted-syntax": [
        "error",
        {
          selector: ":function[id.name='freePort'], VariableDeclarator[id.name='freePort']",
          message: "Import freePort from tests/setup/production-server.",
        },
        {
          selector: "Literal[value='server.js']",
          message: "Start the server with spawnServer from tests/setup/production-server.",
        },
      ],
    },
  },
]);
