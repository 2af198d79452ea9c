import os from "node:os";
import { defineConfig } from "vitest/config";

// Integration tests (*.integration.test.ts) run on an in-memory PGlite, and once more on PostgreSQL
// when TEST_DATABASE_URL is set: the same suite on both engines. Each project migrates one template
// database in its global setup, and every test file starts from a copy of it (decision 114).
const INTEGRATION_TESTS = ["app/**/*.integration.test.ts", "scripts/**/*.integration.test.ts"];

const onPostgres = process.env.TEST_DATABASE_URL
  ? [
      {
        extends: true as const,
        test: {
          name: "postgres",
          include: INTEGRATION_TESTS,
          globalSetup: ["tests/setup/postgres-template.ts"],
          env: { AITLAS_TEST_ENGINE: "postgres" },
        },
      },
    ]
  : [];

// The benchmark's own checks (its data generator, its arithmetic, one small run) belong to
// `npm run bench`, not to `npm test` (decision 131): `npm run bench:check` sets this.
const benchChecks = process.env.AITLAS_BENCH_CHECKS
  ? [{ extends: true as const, test: { name: "bench", include: ["bench/**/*.test.ts"] } }]
  : [];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    setupFiles: ["tests/setup/fail-on-console.ts"],
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default leaves one core idle; most files wait on a database or a socket as much as
    // they compute, so every core gets a worker (decision 130).
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"],
          globalSetup: ["tests/setup/pglite-template.ts"],
        },
      },
      ...onPostgres,
      ...benchChecks,
    ],
  },
});
