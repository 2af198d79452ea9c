import { defineConfig } from "vitest/config";

// Integration tests (*.integration.test.ts) run on a fresh in-memory PGlite, and once more on
// PostgreSQL when TEST_DATABASE_URL is set: the same suite on both engines.
const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: "postgres",
          include: ["app/**/*.integration.test.ts", "scripts/**/*.integration.test.ts"],
          env: { AITLAS_TEST_ENGINE: "postgres" },
        },
      },
    ]
  : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["tests/setup/fail-on-console.ts"],
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
        },
      },
      ...onPostgres,
    ],
  },
});
