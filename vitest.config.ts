import os from "node:os";
import { defineConfig } from "vitest/config";

// Integration tests (*.integration.test.ts) run on an in-memory PGlite, and once more on PostgreSQL
// when TEST_DATABASE_URL is set: the same suite on both engines. Each project migrates one template
// database in its global setup, and every test file starts from a copy of it (decision 114).
const INTEGRATION_TESTS = ["app/**/*.integration.test.ts", "scripts/**/*.integration.test.ts"];
const ALL_TESTS = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/unit/**/*.test.ts"];

// A worker runs its files one after another in one module registry (decision 136): importing the
// app's modules anew for every file took about a third of the suite's time. These files need a
// registry of their own: they set the environment before the configuration module loads, mock a
// module or reset the registry.
const OWN_MODULES = [
  "app/routes/admin/layout.test.tsx",
  "app/server/branding.integration.test.ts",
  "app/server/storage/configured-storage.server.test.ts",
];

type Project = { name: string; include: string[]; globalSetup: string[]; env?: Record<string, string> };

/** A project as two: its files sharing one module registry per worker, and the few that cannot. */
function sharingModules({ name, include, globalSetup, env }: Project) {
  const base = { globalSetup, ...(env ? { env } : {}) };
  return [
    { extends: true as const, test: { ...base, name, include, exclude: OWN_MODULES, isolate: false } },
    {
      extends: true as const,
      test: { ...base, name: `${name}, own modules`, include: OWN_MODULES.filter((file) => matchesAny(file, include)) },
    },
  ];
}

/** Whether a test file is one of a project's (integration files are those whose name says so). */
function matchesAny(file: string, include: string[]) {
  return include === INTEGRATION_TESTS ? file.includes(".integration.test.") : true;
}

const onPostgres = process.env.TEST_DATABASE_URL
  ? sharingModules({
      name: "postgres",
      include: INTEGRATION_TESTS,
      globalSetup: ["tests/setup/postgres-template.ts"],
      env: { AITLAS_TEST_ENGINE: "postgres" },
    })
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
    // One worker more than cores (decision 200): many files wait on a spawned server, a job's time
    // limit or PostgreSQL, and with one worker per core the machine stood idle a third of the run.
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      ...sharingModules({ name: "pglite", include: ALL_TESTS, globalSetup: ["tests/setup/pglite-template.ts"] }),
      ...onPostgres,
      ...benchChecks,
    ],
  },
});
