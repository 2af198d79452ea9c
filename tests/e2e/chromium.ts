import type { LaunchOptions } from "@playwright/test";

/**
 * Debian's Chromium (Playwright's own browser download does not work on this machine), for the
 * end-to-end tests and the benchmarks that drive a browser. No network here: without the
 * background-networking flags Chromium keeps trying to reach Google.
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
