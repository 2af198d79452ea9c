import type { LaunchOptions } from "@playwright/test";

/**
 * Debian's Chromium headless shell (Playwright's own browser download does not work on this
 * machine), for the end-to-end tests and the benchmarks that drive a browser. The shell is the
 * old headless mode Playwright itself uses: the full browser's new headless mode took 1.6 times as
 * long on the same specs and at times missed a new tab opened by a link (decision 189). No network
 * here: without the background-networking flags Chromium keeps trying to reach Google.
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};
