// `npm test`: every check the project has, in as little wall time as two cores allow (decision 130).
//
// Lint, the type check and the production build do not depend on each other, so they run side by
// side (each mostly on one core), their output held and printed whole as each ends. The unit and
// integration tests (Vitest, one worker per core) need the build; the end-to-end tests need both
// the build and a quiet machine. The last lines are the time of each step.
//
// Plain JavaScript like scripts/build.js, so it needs nothing compiled to start.
import { spawn } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Groups run one after another; the steps of one group run at the same time. */
export const GROUPS = [
  [
    { name: "lint", command: ["npm", "run", "--silent", "lint"] },
    { name: "typecheck", command: ["npm", "run", "--silent", "typecheck"] },
    { name: "build", command: ["npm", "run", "--silent", "build"] },
  ],
  [{ name: "unit and integration tests", command: ["npx", "vitest", "run"] }],
  [{ name: "end-to-end tests", command: ["npx", "playwright", "test"] }],
];

/** Runs one step; `live` streams its output, otherwise it is printed in one piece when the step ends. */
export function run(step, live) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command[0], step.command.slice(1), { stdio: live ? "inherit" : "pipe" });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (!live) {
        process.stdout.write(`\n--- ${step.name} ---\n`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: step.name, ok: code === 0, seconds, detail: signal ? `signal ${signal}` : `exit ${code}` });
    });
  });
}

/** Runs every group in order, stopping after one that failed; prints the times; returns the exit code. */
async function runAll() {
  const results = [];
  for (const group of GROUPS) {
    const live = group.length === 1;
    const ended = await Promise.all(group.map((step) => run(step, live)));
    results.push(...ended);
    if (ended.some((result) => !result.ok)) break;
  }

  const width = Math.max(...results.map((result) => result.name.length));
  console.log("\nnpm test, time of each step:");
  for (const result of results) {
    const status = result.ok ? "ok" : `FAILED (${result.detail})`;
    console.log(`  ${result.name.padEnd(width)}  ${result.seconds.toFixed(0).padStart(5)} s  ${status}`);
  }
  return results.every((result) => result.ok) && results.length === GROUPS.flat().length ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit(await runAll());
}
