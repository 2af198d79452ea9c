import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./tests/e2e/chromium";
import { startArguments } from "./tests/setup/production-server";

// End-to-end tests drive the production build (`npm test` builds it first) in Debian's Chromium:
// Playwright's own browser download does not work on this machine.
// E2E_PORT_OFFSET moves every port below, so two checkouts on one machine can run the suite at once.
const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
const PORT = 3210 + PORT_OFFSET;
const BASE_URL = `http://127.0.0.1:${PORT}`;
// Fixed ports for tests/fakes/serve.ts: the app reads the fakes' addresses once at start.
const FAKE_PORTS = {
  smtp: 3225 + PORT_OFFSET,
  oidc: 3226 + PORT_OFFSET,
  analytics: 3227 + PORT_OFFSET,
  control: 3228 + PORT_OFFSET,
  brave: 3229 + PORT_OFFSET,
  llm: 3230 + PORT_OFFSET,
  websites: 3231 + PORT_OFFSET,
};
// The keys the fake Brave Search and model servers accept (nothing real).
const RESEARCH_KEYS = { brave: "e2e-brave-key", llm: "e2e-llm-key" };
const GOOGLE_CLIENT = { id: "aitlas-e2e", secret: "aitlas-e2e-secret" };
// Where the tests' control client (tests/fakes/control-client.ts) finds the fakes.
process.env.FAKE_CONTROL_URL = `http://127.0.0.1:${FAKE_PORTS.control}`;
// Where specs find the fake websites and the fake analytics script (tests/e2e/support.ts).
process.env.FAKE_WEBSITES_ORIGIN = `http://127.0.0.1:${FAKE_PORTS.websites}`;
process.env.FAKE_ANALYTICS_ORIGIN = `http://127.0.0.1:${FAKE_PORTS.analytics}`;

// Specs that change public content: they run after all the others (see `projects`).
const CHANGES_PUBLIC_CONTENT =
  /(admin-articles|admin-forms|admin-research|admin-tags|admin-tools|alternative-votes|follows|freshness|members-and-moderation|public-names|research-queue|reviews|saved-tools|tool-facts|vote-bursts|voting-and-comments)\.spec\.ts$/;

// The runner evaluates this file first and starts the server; every worker process evaluates it
// again and inherits the runner's environment. So only the runner checks for the build, creates
// the server's fresh data directory (workers see the variable already set) and removes it at exit.
if (!process.env.AITLAS_E2E_DATA_DIR) {
  const serverBuild = path.join(import.meta.dirname, "build/server/index.js");
  if (!existsSync(serverBuild)) {
    throw new Error(
      `Playwright needs the production build, but ${serverBuild} is missing: run \`npm run build\` first.`,
    );
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aitlas-e2e-"));
  process.env.AITLAS_E2E_DATA_DIR = dataDir;
  process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: true,
  // Two, not one more than cores as Vitest has (decision 200): with three on two cores a layout-shift
  // check failed once in a clean-clone run, for 20-30 s saved.
  workers: 2,
  retries: 0,
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: "chromium",
    // Recording a trace (screenshots and DOM snapshots at every action) costs about a tenth of the
    // suite's CPU even when the test passes and the trace is thrown away (decision 138). A failure
    // still prints the error and the page's snapshot; E2E_TRACE=1 records traces to debug one.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    // Redeems the server's one-time admin setup link and saves the administrator's session.
    { name: "admin-setup", testMatch: /admin\.setup\.ts$/ },
    // Specs that read the demo catalogue exactly (lists, order, counts, feeds) run first...
    { name: "chromium", dependencies: ["admin-setup"], testIgnore: [/\.setup\.ts$/, CHANGES_PUBLIC_CONTENT] },
    // ...then the specs that add, edit, rate or delete what visitors see, so a tool or article one
    // of them creates (or leaves behind when it fails) never shows up in another's exact list.
    { name: "chromium-writes", dependencies: ["chromium"], testMatch: CHANGES_PUBLIC_CONTENT },
  ],
  webServer: [
    {
      // Loopback stand-ins for the outside services the app talks to: SMTP, Google's OpenID
      // provider and the analytics script; tests drive them through the control port
      // (tests/fakes/control-client.ts). Started first, so they answer from the app's first request.
      name: "fakes",
      command: "node_modules/.bin/tsx tests/fakes/serve.ts",
      url: `http://127.0.0.1:${FAKE_PORTS.control}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
      env: {
        FAKE_SMTP_PORT: String(FAKE_PORTS.smtp),
        FAKE_OIDC_PORT: String(FAKE_PORTS.oidc),
        FAKE_ANALYTICS_PORT: String(FAKE_PORTS.analytics),
        FAKE_CONTROL_PORT: String(FAKE_PORTS.control),
        FAKE_OIDC_CLIENT_ID: GOOGLE_CLIENT.id,
        FAKE_OIDC_CLIENT_SECRET: GOOGLE_CLIENT.secret,
        FAKE_BRAVE_PORT: String(FAKE_PORTS.brave),
        FAKE_BRAVE_API_KEY: RESEARCH_KEYS.brave,
        FAKE_LLM_PORT: String(FAKE_PORTS.llm),
        FAKE_LLM_API_KEY: RESEARCH_KEYS.llm,
        FAKE_WEBSITES_PORT: String(FAKE_PORTS.websites),
      },
    },
    {
      name: "app",
      // A fresh embedded database seeded with the demo catalogue; the shell's or a .env file's own
      // database or public address must not leak in, so they are set empty (empty means unset).
      // Started as npm start starts it (with any V8 flags it passes: decision 208), without the build check.
      command: ["node", ...startArguments()].join(" "),
      // Ready means: listening, and the one-time admin setup link printed (a fresh data directory
      // has no administrator). Playwright puts the named group into the environment the test
      // workers inherit (AITLAS_E2E_ADMIN_SETUP_TOKEN), so admin.setup.ts can redeem it. No `url` here: Playwright would take whichever answers first, and /readyz answers a
      // moment before the link is logged.
      wait: { stdout: /\/setup\/admin\?token=(?<aitlas_e2e_admin_setup_token>[A-Za-z0-9_-]+)/ },
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
        // "warn" is the level of the admin setup link; routine request logs stay out of the output.
        LOG_LEVEL: "warn",
        DATABASE_URL: "",
        PUBLIC_URL: "",
        // Playwright waits 10 s after SIGTERM: no load balancer to drain for, so no grace period.
        SHUTDOWN_GRACE_MS: "0",
        // The runner stands in for one proxy: a request without X-Forwarded-For is 127.0.0.1, as every
        // spec's is; a spec whose story needs accounts of its own names another client address in
        // that header (clientAddress in accounts-support.ts), so the hourly sign-up limit per
        // address is not spent by the whole suite together.
        TRUST_PROXY: "1",
        // A fixed secret, so no instance secret is generated; at least 32 characters.
        AUTH_SECRET: "aitlas-e2e-auth-secret-not-for-production-use",
        SMTP_URL: `smtp://127.0.0.1:${FAKE_PORTS.smtp}`,
        MAIL_FROM: "Aitlas <no-reply@aitlas.test>",
        GOOGLE_CLIENT_ID: GOOGLE_CLIENT.id,
        GOOGLE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
        GOOGLE_ISSUER_URL: `http://127.0.0.1:${FAKE_PORTS.oidc}`,
        ANALYTICS_SCRIPT_URL: `http://127.0.0.1:${FAKE_PORTS.analytics}/script.js`,
        ANALYTICS_SITE_ID: "e2e-site",
        // The AI research assistant: Brave Search and Anthropic's API, both loopback fakes.
        BRAVE_API_KEY: RESEARCH_KEYS.brave,
        BRAVE_SEARCH_URL: `http://127.0.0.1:${FAKE_PORTS.brave}`,
        ANTHROPIC_API_KEY: RESEARCH_KEYS.llm,
        ANTHROPIC_BASE_URL: `http://127.0.0.1:${FAKE_PORTS.llm}/v1`,
        // The fakes have no rate limit to respect: a short pause keeps "Add many tools" quick.
        RESEARCH_SEARCH_PAUSE_MS: "50",
        AI_BASE_URL: "",
        AI_API_KEY: "",
        AI_MODEL: "",
        // Background jobs run only when a spec presses "Run now": a schedule firing mid-suite would
        // change what other specs see. Tools' websites for the link check are on loopback.
        LINK_CHECK_CRON: "off",
        REFRESH_CRON: "off",
        DIGEST_CRON: "off",
        OUTBOUND_ALLOW_PRIVATE: "true",
        REFRESH_BATCH_SIZE: "1",
      },
    },
  ],
});
