// `npm run lint`: ESLint and Prettier's check side by side, each one's output printed whole as it
// ends (they read the same files and need nothing from each other). Exits non-zero if either fails.
//
// Plain JavaScript like scripts/test.js, whose step runner it uses.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { run } from "./test.js";

export const LINT_STEPS = [
  {
    name: "eslint",
    command: [
      "npx",
      "eslint",
      "--cache",
      "--cache-location",
      "node_modules/.cache/eslint/",
      "--max-warnings",
      "0",
      ".",
    ],
  },
  // Like ESLint's, the cache skips files unchanged since the last check (by content: a checkout changes mtimes).
  {
    name: "prettier",
    command: [
      "npx",
      "prettier",
      "--check",
      "--cache",
      "--cache-strategy",
      "content",
      "--cache-location",
      "node_modules/.cache/prettier-check",
      ".",
    ],
  },
];

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const results = await Promise.all(LINT_STEPS.map((step) => run(step, false)));
  for (const result of results.filter((each) => !each.ok)) console.error(`\n${result.name} failed (${result.detail})`);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}
