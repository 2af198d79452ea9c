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
      // React Router keeps `*.server` modules out of the browser bundle and fails the build if one is
      // still referenced; a module under app/server without the suffix would leak in silently.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: String.raw`^(~|\.{1,2}(/\.\.)*)/server/(?!.*\.server$)`,
              message: "Code that can reach the browser imports from app/server only `*.server` modules.",
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
