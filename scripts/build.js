// The production build, quiet, and only when needed (decision 088).
//
//   node scripts/build.js               build now: a few lines, warnings and errors kept
//   node scripts/build.js --verbose     build now with Vite's whole output (the per-file size table)
//   node scripts/build.js --if-changed  build only if the sources changed since the last build (npm start)
//
// Plain JavaScript, so `npm start` in an image without development dependencies can still ask
// whether its build is current.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

/** What the build reads: a change to any of these makes the last build stale. */
export const BUILD_INPUTS = Object.freeze({
  folders: ["app", "public"],
  files: ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"],
});

const STAMP_FILE = ".build-stamp";
/** Tests sit beside the code but are not part of the build. */
const isTest = (file) => /\.test\.tsx?$/.test(file);

function filesUnder(root, folder) {
  const found = [];
  const walk = (relative) => {
    let entries;
    try {
      entries = fs.readdirSync(path.join(root, relative), { withFileTypes: true });
    } catch {
      return; // a folder that does not exist adds nothing
    }
    for (const entry of entries) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && !isTest(entry.name)) found.push(child);
    }
  };
  walk(folder);
  return found;
}

/** A hash of every input's path and content: the same sources give the same fingerprint. */
export function sourceFingerprint(root) {
  const files = [...BUILD_INPUTS.folders.flatMap((folder) => filesUnder(root, folder)), ...BUILD_INPUTS.files]
    .filter((file) => fs.existsSync(path.join(root, file)))
    .sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/**
 * Whether `build/` holds a finished build of these sources: its server entry exists and the stamp
 * written after it succeeded names the current fingerprint.
 */
export function buildDecision(root) {
  const fingerprint = sourceFingerprint(root);
  const buildDir = path.join(root, "build");
  if (!fs.existsSync(path.join(buildDir, "server", "index.js"))) {
    return { build: true, reason: "no build yet", fingerprint };
  }
  let stamp = null;
  try {
    stamp = fs.readFileSync(path.join(buildDir, STAMP_FILE), "utf8").trim();
  } catch {
    // no stamp: a build made some other way, whose sources are unknown
  }
  if (stamp !== fingerprint) return { build: true, reason: "the sources changed since the last build", fingerprint };
  return { build: false, reason: "Build is up to date", fingerprint };
}

/** Written only after a build succeeded, and removed before one starts: a failed or interrupted build is never current. */
export function writeBuildStamp(root, fingerprint) {
  fs.writeFileSync(path.join(root, "build", STAMP_FILE), `${fingerprint}\n`);
}

export function removeBuildStamp(root) {
  fs.rmSync(path.join(root, "build", STAMP_FILE), { force: true });
}

/**
 * Lines a quiet build leaves out. @react-router/dev 7.18 passes Vite 8 the deprecated `envFile: false`
 * for its own internal servers, which our configuration cannot reach; it says nothing about this app.
 */
export const isKnownNoise = (line) => line.trim() === "" || line.includes("The `envFile` option is deprecated");

function runBuild({ root, verbose }) {
  const bin = path.join(
    root,
    "node_modules",
    ".bin",
    process.platform === "win32" ? "react-router.cmd" : "react-router",
  );
  const args = verbose ? ["build"] : ["build", "--logLevel", "warn"];
  return new Promise((resolve) => {
    const child = spawn(bin, args, { cwd: root, stdio: verbose ? "inherit" : ["ignore", "pipe", "pipe"] });
    if (!verbose) {
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        readline.createInterface({ input: stream }).on("line", (line) => {
          if (!isKnownNoise(line)) out.write(`${line}\n`);
        });
      }
    }
    child.on("error", (error) => {
      console.error(`Could not start the build: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

async function main(argv) {
  const root = process.cwd();
  const verbose = argv.includes("--verbose");
  const decision = buildDecision(root);
  if (argv.includes("--if-changed") && !decision.build) {
    console.log(decision.reason);
    return 0;
  }
  const started = Date.now();
  console.log(argv.includes("--if-changed") ? `Building (${decision.reason})…` : "Building…");
  removeBuildStamp(root);
  const code = await runBuild({ root, verbose });
  if (code !== 0) {
    console.error(`The build failed (exit code ${code}).`);
    return code;
  }
  // The fingerprint from before the build: an edit made while it ran makes the next start build again.
  writeBuildStamp(root, decision.fingerprint);
  console.log(
    `Built in ${((Date.now() - started) / 1000).toFixed(1)} s.${verbose ? "" : " (--verbose for Vite's full output)"}`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2));
}
