import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// End-to-end tests drive the production build (`npm test` builds it first) in Debian's Chromium:
// Playwright's own browser download does not work on this machine.
const PORT = 3210;
const BASE_URL = `http://127.0.0.1:${PORT}`;

// The runner evaluates this file first and starts the server; every worker process evaluates it
// again and inherits the runner's environment. So only the runner checks for the build, creates
// the server's fresh data directory (workers see the variable already set) and removes it at exit.
if (!process.env.AITLAS_E2E_DATA_DIR) {
  const serverBuild = path.join(import.meta.dirname, "build/server/index.js");
  if (!existsSync(serverBuild)) {
    throw new Error(`Playwright needs the production build, but ${serverBuild} is missing: run \`npm run build\` first.`);
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitlas-e2e-"));
  process.env.AITLAS_E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  workers: 2,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      // No network here: without the background-networking flags Chromium keeps trying to reach Google.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // A fresh embedded database seeded with the demo catalogue; the shell's or a .env file's own
    // database or public address must not leak in, so they are set empty (empty means unset).
    command: "node server.js",
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM lets the server close the database cleanly before the data directory is removed.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.AITLAS_E2E_DATA_DIR,
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      PUBLIC_URL: "",
    },
  },
});
