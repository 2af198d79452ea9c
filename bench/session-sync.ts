// npm run bench:sessions -- [--rounds 10] [--out bench/RESULTS.md]   (also run at the end of `npm run bench`)
// Issue 38: "other tabs follow a sign-in or sign-out within a second" (lib/session-sync.ts). The
// production build on a fresh data directory, Debian's Chromium with the e2e suite's flags, one
// account (the administrator made through the setup link), two tabs of one browser. Each round signs
// out in one tab and times, from the click on "Sign out", how long until the other tab's header
// shows "Sign In"; then signs in with the dialog and times, from the click on its "Sign In", how long
// until the other tab shows the account menu. Beside each, measured in the same round: the acting
// tab's own change, the least the other tab can follow. Writes the "Sessions across tabs" section
// of bench/RESULTS.md. Figures, not a test: the time is never asserted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Locator, type Page } from "@playwright/test";
import prettier from "prettier";
import { CHROMIUM_LAUNCH_OPTIONS } from "../tests/e2e/chromium";
import { freePort, spawnServer, type ServerProcess } from "../tests/setup/production-server";

const projectRoot = path.resolve(import.meta.dirname, "..");
const SECTION = "Sessions across tabs";
const EMAIL = "bench-sessions@example.com";
const PASSWORD = "bench-sessions-password";
/** How long one tab may take to show a change before the round counts as failed. */
const GIVE_UP_MS = 15_000;

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "10" }, out: { type: "string", default: "bench/RESULTS.md" } },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number of at least 1`);
const resultsFile = path.resolve(projectRoot, values.out);

type Timing = { acting: number; other: number };

// --- In the page: when the header first shows what is waited for, on the browser's own clock ---

type Shown = "signed-out" | "signed-in";

/**
 * Starts watching the header; `window.__aitlasShown` then resolves to the time (ms since the epoch,
 * sub-millisecond) at which it first showed `shown`, laid out (what Playwright calls visible).
 */
async function watchHeader(page: Page, shown: Shown) {
  await page.evaluate(
    ({ shown, email, giveUpMs }) => {
      const now = () => performance.timeOrigin + performance.now();
      const showing = () => {
        const header = document.querySelector("header");
        if (!header) return false;
        const buttons = [...header.querySelectorAll("button")].filter((button) => button.getClientRects().length > 0);
        return shown === "signed-out"
          ? buttons.some((button) => button.textContent?.trim() === "Sign In")
          : buttons.some((button) => button.getAttribute("aria-label") === `Account menu for ${email}`);
      };
      (window as unknown as { __aitlasShown: Promise<number | null> }).__aitlasShown = new Promise((resolve) => {
        if (showing()) return resolve(now());
        const observer = new MutationObserver(() => {
          if (!showing()) return;
          observer.disconnect();
          resolve(now());
        });
        observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
        setTimeout(() => {
          observer.disconnect();
          resolve(null);
        }, giveUpMs);
      });
    },
    { shown, email: EMAIL, giveUpMs: GIVE_UP_MS },
  );
}

async function shownAt(page: Page, what: string): Promise<number> {
  const at = await page.evaluate(() => (window as unknown as { __aitlasShown: Promise<number | null> }).__aitlasShown);
  if (at === null) throw new Error(`${what} did not show within ${GIVE_UP_MS / 1000} s`);
  return at;
}

/** Clicks the control, noting the time of the click event on the same clock as watchHeader's. */
async function clickTimed(control: Locator): Promise<number> {
  await control.evaluate((element) => {
    element.addEventListener(
      "click",
      () =>
        ((window as unknown as { __aitlasClicked: number }).__aitlasClicked =
          performance.timeOrigin + performance.now()),
      { capture: true, once: true },
    );
  });
  await control.click();
  return control.page().evaluate(() => (window as unknown as { __aitlasClicked: number }).__aitlasClicked);
}

// --- The two changes ---

const header = (page: Page) => page.getByRole("banner");
const accountMenu = (page: Page) =>
  header(page).getByRole("button", { name: `Account menu for ${EMAIL}`, exact: true });
const signInButton = (page: Page) => header(page).getByRole("button", { name: "Sign In", exact: true });

async function signOut(acting: Page, other: Page): Promise<Timing> {
  await accountMenu(acting).click();
  const item = acting.getByRole("menu").getByRole("menuitem", { name: "Sign out" });
  await item.waitFor();
  await Promise.all([watchHeader(acting, "signed-out"), watchHeader(other, "signed-out")]);
  const clicked = await clickTimed(item);
  const [acted, followed] = await Promise.all([
    shownAt(acting, "the acting tab's Sign In"),
    shownAt(other, "the other tab's Sign In"),
  ]);
  return { acting: acted - clicked, other: followed - clicked };
}

async function signIn(acting: Page, other: Page): Promise<Timing> {
  await signInButton(acting).click();
  const dialog = acting.getByRole("dialog", { name: "Sign in to your account" });
  await dialog.getByLabel("Email").fill(EMAIL);
  await dialog.getByLabel("Password").fill(PASSWORD);
  await Promise.all([watchHeader(acting, "signed-in"), watchHeader(other, "signed-in")]);
  const clicked = await clickTimed(dialog.getByRole("button", { name: "Sign In", exact: true }));
  const [acted, followed] = await Promise.all([
    shownAt(acting, "the acting tab's account menu"),
    shownAt(other, "the other tab's account menu"),
  ]);
  return { acting: acted - clicked, other: followed - clicked };
}

/** Until the page has hydrated, the header's buttons do nothing (React attaches its props then). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector("header button");
    return button !== null && Object.keys(button).some((key) => key.startsWith("__reactProps"));
  });
}

// --- The run ---

async function waitForSetupToken(server: ServerProcess): Promise<string> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    for (const line of server.logs) {
      const token = /\/setup\/admin\?token=([\w-]+)/.exec(String(line.msg ?? ""))?.[1];
      if (token) return token;
    }
    if (server.exit()) throw new Error(`the server exited before printing the setup link:\n${server.stderr()}`);
    if (Date.now() > deadline) throw new Error(`no admin setup link after 120 s:\n${server.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measure() {
  if (!fs.existsSync(path.join(projectRoot, "build/server/index.js")))
    throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-bench-sessions-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // One trusted proxy hop: each round signs in from an address of its own, so the sign-in limit
  // per address (20 in ten minutes) never decides how many rounds can run.
  const server = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_FORMAT: "json",
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    TRUST_PROXY: "1",
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const token = await waitForSetupToken(server);
    const context = await browser.newContext({ baseURL });
    // tsx keeps function names with a helper, __name, that the functions sent to the page call.
    await context.addInitScript({ content: "globalThis.__name = (target) => target;" });
    const acting = await context.newPage();
    await acting.goto(`/setup/admin?token=${encodeURIComponent(token)}`);
    await acting.getByLabel("Email").fill(EMAIL);
    await acting.getByLabel("Password").fill(PASSWORD);
    await acting.getByRole("button", { name: "Create administrator" }).click();
    await accountMenu(acting).waitFor();
    const other = await context.newPage();
    await other.goto("/about");
    await Promise.all([hydrated(acting), hydrated(other)]);
    await acting.bringToFront();

    const timings = { signOut: [] as Timing[], signIn: [] as Timing[] };
    // Round 0 warms both tabs (the dialog's chunk, the first revalidation) and is not counted.
    for (let round = 0; round <= rounds; round++) {
      await context.setExtraHTTPHeaders({ "x-forwarded-for": `198.51.100.${(round % 250) + 1}` });
      const out = await signOut(acting, other);
      await settle();
      const back = await signIn(acting, other);
      await settle();
      if (round === 0) continue;
      timings.signOut.push(out);
      timings.signIn.push(back);
      console.log(
        `round ${round}: sign-out ${out.other.toFixed(0)} ms (acting tab ${out.acting.toFixed(0)} ms), ` +
          `sign-in ${back.other.toFixed(0)} ms (acting tab ${back.acting.toFixed(0)} ms)`,
      );
    }
    return timings;
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The other tab's session loop waits 100 ms after its load before it is done; the toasts fade. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

// --- Report ---

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number) => `${Math.round(value).toLocaleString("en-US")}`;

function row(label: string, timings: Timing[]) {
  const other = timings.map((timing) => timing.other);
  const acting = timings.map((timing) => timing.acting);
  const ratio = median(other) / median(acting);
  const lags = timings.map((timing) => timing.other - timing.acting);
  return (
    `| ${label} | ${timings.length} | ${ms(median(other))} | ${ms(Math.max(...other))} | ${ms(median(acting))} | ` +
    `${ms(Math.max(...acting))} | ${ratio.toFixed(2)} | ${ms(median(lags))} | ${ms(Math.max(...lags))} |`
  );
}

function section(timings: { signOut: Timing[]; signIn: Timing[] }, loadBefore: number[], loadAfter: number[]) {
  const all = [...timings.signOut, ...timings.signIn];
  const worst = Math.max(...all.map((timing) => timing.other));
  const worstLag = Math.max(...all.map((timing) => timing.other - timing.acting));
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(", ");
  return `## ${SECTION}

Written by \`npm run bench:sessions\` (bench/session-sync.ts, also run by \`npm run bench\`); ${new Date().toISOString().slice(0, 10)}.
The production build on a fresh data directory, Debian's Chromium with the e2e suite's flags, two tabs of one
browser signed in as one account. A change is timed from the click that makes it (the account menu's "Sign out",
the dialog's "Sign In") to the moment a header shows the new state, laid out: "Sign In" after a sign-out, the
account menu after a sign-in, both read on the browser's clock. **acting tab**: the tab that was clicked, its
own change (the sign-out's post and redirect, the sign-in's post and reload of the page's data), the least the
other tab can take, since it hears of the change only once the acting tab shows it. **ratio** = other tab's
median ÷ acting tab's median; **lag**: other − acting in each round, the part that is the other tab's own
(hearing of the change, loading the page's data again, rendering). Times in ms. The goal is issue 38's "within a
second": the lag was at most ${ms(worstLag)} ms; the other tab's whole time, the acting tab's own change included,
at most ${ms(worst)} ms.

| change | rounds | other tab median | other tab worst | acting tab median | acting tab worst | ratio | lag median | lag worst |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${row("sign-out", timings.signOut)}
${row("sign-in", timings.signIn)}

- Machine: ${os.cpus()[0]?.model.trim() ?? "unknown CPU"}, ${os.cpus().length} cores, Node ${process.version}; load average (1, 5, 15 min)
  ${load(loadBefore)} before, ${load(loadAfter)} after.
- Playwright launches Chromium with its own background flags (no timer throttling for tabs in the
  background); the other tab's path is a BroadcastChannel message and a fetch, which a desktop browser does not
  throttle either, but its figures are those of a tab not slowed down for being hidden.
`;
}

/** Replaces this benchmark's section of the results file, or adds it at the end; formatted as the repository's Markdown. */
async function writeSection(text: string) {
  const current = fs.existsSync(resultsFile) ? fs.readFileSync(resultsFile, "utf8") : "# Benchmark results\n";
  const parts = current.split(/^(?=## )/m);
  const index = parts.findIndex((part) => part.startsWith(`## ${SECTION}\n`));
  if (index >= 0) parts[index] = `${text}\n`;
  else parts.push(`${parts.at(-1)!.endsWith("\n\n") ? "" : "\n"}${text}`);
  const style = await prettier.resolveConfig(resultsFile);
  fs.writeFileSync(resultsFile, await prettier.format(parts.join(""), { ...style, parser: "markdown" }));
}

const loadBefore = os.loadavg();
const timings = await measure();
const text = section(timings, loadBefore, os.loadavg());
console.log(`\n${text}`);
await writeSection(text);
console.log(`Wrote the "${SECTION}" section of ${path.relative(projectRoot, resultsFile)}.`);
