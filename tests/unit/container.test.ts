import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { afterEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import {
  assertServerBuilt,
  cleanUpServers,
  freePort,
  startArguments,
  startServer,
  temporaryDir,
} from "../setup/production-server";
import { importedSpecifiers, packageOf } from "../setup/server-bundle-imports";

// No Docker engine runs where these tests run, so the image is checked in the parts that can be
// checked without one (decision 090): the Dockerfile's shape, that what it copies exists and what the
// bundle imports is installed by `npm ci --omit=dev`, the image's start command and health check run
// here as the container would run them, and compose.yaml's wiring against the app's own settings.

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), "utf8");

type Instruction = { keyword: string; args: string };
type Stage = { name: string; from: string; instructions: Instruction[] };

/** The Dockerfile's stages: comments dropped, continued lines joined, one instruction per entry. */
function dockerfileStages(text: string): Stage[] {
  const stages: Stage[] = [];
  const logical = text
    .split("\n")
    .filter((line) => !line.trimStart().startsWith("#"))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  for (const line of logical) {
    const [, keyword, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!keyword) throw new Error(`not an instruction: ${line}`);
    const instruction = { keyword: keyword.toUpperCase(), args: args!.trim() };
    if (instruction.keyword === "FROM") {
      const [, from, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(instruction.args) ?? [];
      stages.push({ name: name ?? String(stages.length), from: from!, instructions: [] });
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return stages;
}

const stages = dockerfileStages(read("Dockerfile"));
const runtime = stages.at(-1)!;
const all = (stage: Stage, keyword: string) => stage.instructions.filter((line) => line.keyword === keyword);
const only = (stage: Stage, keyword: string) => {
  const found = all(stage, keyword);
  if (found.length !== 1) throw new Error(`stage ${stage.name} has ${found.length} ${keyword} instructions`);
  return found[0]!.args;
};

/** ENV's KEY=value pairs (the only form the Dockerfile uses). */
const imageEnv = Object.fromEntries(
  all(runtime, "ENV").flatMap(({ args }) =>
    args.split(/\s+/).map((pair) => {
      const [key, value] = pair.split("=");
      if (!key || value === undefined) throw new Error(`ENV ${args}: write KEY=value pairs`);
      return [key, value];
    }),
  ),
);

/** CMD and HEALTHCHECK's command in exec form: a JSON array, no shell in between. */
function execForm(args: string): string[] {
  const command: unknown = JSON.parse(args);
  if (!Array.isArray(command) || !command.every((part) => typeof part === "string")) {
    throw new Error(`${args} is not a JSON array of strings`);
  }
  return command;
}
const startCommand = execForm(only(runtime, "CMD"));
const healthCheckCommand = execForm(/\bCMD\s+(\[.*\])$/.exec(only(runtime, "HEALTHCHECK"))![1]!);

/** COPY's flags, sources and destination. */
function copyParts(args: string) {
  const words = args.split(/\s+/);
  const flags = words.filter((word) => word.startsWith("--"));
  const rest = words.filter((word) => !word.startsWith("--"));
  const from = flags.find((flag) => flag.startsWith("--from="))?.slice("--from=".length);
  return { from, sources: rest.slice(0, -1), destination: rest.at(-1)! };
}

/** .dockerignore's entries: top-level names (and *.log), which is all it uses. */
const ignored = read(".dockerignore")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const isIgnored = (file: string) =>
  ignored.some((pattern) =>
    pattern.startsWith("*.") ? file.endsWith(pattern.slice(1)) : file === pattern || file.startsWith(`${pattern}/`),
  );

describe("the Dockerfile", () => {
  it("builds in one stage and runs from another that starts from the same base", () => {
    const [base, ...rest] = stages;
    expect(base!.from).toMatch(/^node:\d+-bookworm-slim$/);
    expect(rest.every((stage) => stage.from === base!.name)).toBe(true);
    const build = stages.find((stage) => stage.name === "build")!;
    expect(all(build, "RUN").map((line) => line.args)).toEqual([expect.stringMatching(/\bnpm ci\b/), "npm run build"]);
    // The runtime's node_modules come from an install without devDependencies.
    const dependencies = stages.find((stage) => stage.name === "production-dependencies")!;
    expect(all(dependencies, "RUN").map((line) => line.args)).toEqual([
      expect.stringMatching(/\bnpm ci --omit=dev --legacy-peer-deps\b/),
    ]);
    expect(all(runtime, "RUN").every((line) => !/\bnpm\b/.test(line.args))).toBe(true);
  });

  it("runs a Node release line that package.json's engines admit whole, as they admit the tests' Node", () => {
    const [, major] = /^node:(\d+)-/.exec(stages[0]!.from)!;
    const engines = (JSON.parse(read("package.json")) as { engines: { node: string } }).engines.node;
    // node:24-bookworm-slim is whichever 24.x is newest: every one of them has to be admitted.
    expect(semver.subset(`^${major}.0.0`, engines), `node ${major} in ${engines}`).toBe(true);
    // An even major, an LTS line (decision 115).
    expect(Number(major) % 2).toBe(0);
    expect(semver.satisfies(process.versions.node, engines), `this node, ${process.versions.node}`).toBe(true);
  });

  it("installs no build tool in the runtime, and everything the production dependencies need", () => {
    const installed = productionInstall();
    for (const tool of ["vite", "vitest", "drizzle-kit", "tsx", "esbuild", "typescript", "rolldown", "@types/node"]) {
      expect(installed.has(`node_modules/${tool}`), tool).toBe(false);
    }
    // sharp's prebuilt binary is an optional dependency for this platform, not a peer.
    expect(installed.has(`node_modules/@img/sharp-${process.platform}-${process.arch}`)).toBe(true);
    const { dependencies } = JSON.parse(read("package.json")) as { dependencies: Record<string, string> };
    for (const name of Object.keys(dependencies)) expect(installed.has(`node_modules/${name}`), name).toBe(true);
  });

  it("runs as a user that is not root, with the data directory as a volume", () => {
    const user = all(runtime, "USER").at(-1)?.args;
    expect(user).toBeDefined();
    expect(["root", "0", "0:0", "root:root"]).not.toContain(user);
    expect(imageEnv).toMatchObject({ NODE_ENV: "production", DATA_DIR: "/data", PORT: "3000" });
    expect(only(runtime, "VOLUME")).toBe(imageEnv.DATA_DIR);
    expect(only(runtime, "EXPOSE")).toBe(imageEnv.PORT);
  });

  it("starts the server itself as npm start does (no build at start) and checks /healthz with node", () => {
    // The same arguments as npm start, which tests and benchmarks start too (decision 208).
    expect(startCommand).toEqual(["node", ...startArguments()]);
    expect(healthCheckCommand[0]).toBe("node");
    expect(healthCheckCommand.join(" ")).toContain("/healthz");
    expect(only(runtime, "HEALTHCHECK")).toMatch(/--start-period=\d+s/);
  });

  it("copies into the runtime only files that exist and reach the build context", () => {
    const copies = all(runtime, "COPY").map((line) => copyParts(line.args));
    const fromContext = copies.filter((copy) => copy.from === undefined).flatMap((copy) => copy.sources);
    expect(fromContext.length).toBeGreaterThan(0);
    for (const source of fromContext) {
      expect(fs.existsSync(path.join(projectRoot, source)), `${source} exists`).toBe(true);
      expect(isIgnored(source), `${source} is not in .dockerignore`).toBe(false);
    }
    // What the server reads at run time: the bundle, the migrations (drizzle/, from the working
    // directory), package.json's "type": "module" for server.js, and node_modules.
    const copied = copies.flatMap((copy) => copy.sources.map((source) => path.posix.basename(source)));
    expect(copied.sort()).toEqual(["build", "drizzle", "node_modules", "package.json", "server.js"]);
    const stageNames = new Set(stages.map((stage) => stage.name));
    for (const copy of copies.filter((copy) => copy.from !== undefined)) expect(stageNames).toContain(copy.from);
  });

  it("leaves local state and tooling out of the build context", () => {
    for (const entry of ["node_modules", "build", "data", ".git", ".env", "test-results"]) {
      expect(isIgnored(entry), entry).toBe(true);
    }
  });
});

type LockEntry = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
};

/**
 * What `npm ci --omit=dev --legacy-peer-deps` installs, read from the lockfile: the packages that
 * package.json's dependencies reach through dependencies and optionalDependencies (peers are not
 * followed), each resolved as Node resolves it, from its own node_modules outwards. Optional
 * packages for another platform are left out, as npm leaves them.
 */
function productionInstall(): Set<string> {
  const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, LockEntry> };
  const { packages } = lock;
  const resolve = (from: string, name: string): string | undefined => {
    for (let dir = from; ;) {
      const candidate = `${dir ? `${dir}/` : ""}node_modules/${name}`;
      if (packages[candidate]) return candidate;
      if (!dir) return undefined;
      const parent = dir.lastIndexOf("/node_modules/");
      dir = parent < 0 ? "" : dir.slice(0, parent);
    }
  };
  const forThisPlatform = (entry: LockEntry) =>
    (!entry.os || entry.os.includes(process.platform)) && (!entry.cpu || entry.cpu.includes(process.arch));
  const reached = new Set<string>();
  const pending = Object.keys(packages[""]!.dependencies ?? {}).map((name) => resolve("", name));
  while (pending.length > 0) {
    const location = pending.pop();
    if (!location || reached.has(location) || !forThisPlatform(packages[location]!)) continue;
    reached.add(location);
    const entry = packages[location]!;
    for (const name of [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {})]) {
      pending.push(resolve(location, name));
    }
  }
  return reached;
}

describe("the image's start command, run outside a container", () => {
  afterEach(() => cleanUpServers());

  it("imports at run time only packages the runtime stage installs (dependencies, not devDependencies)", () => {
    assertServerBuilt();
    const { dependencies } = JSON.parse(read("package.json")) as { dependencies: Record<string, string> };
    const bundleDir = path.join(projectRoot, "build/server");
    const bundle = fs
      .readdirSync(bundleDir, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".js"))
      .map((file) => fs.readFileSync(path.join(bundleDir, file), "utf8"))
      .join("\n");
    const packages = new Set(
      importedSpecifiers(bundle, { dynamic: true }).flatMap((specifier) => packageOf(specifier) ?? []),
    );
    expect(packages.size).toBeGreaterThan(10);
    expect([...packages].filter((name) => !(name in dependencies))).toEqual([]);
  });

  it("serves /healthz from a fresh data directory with the image's settings, passes the health check, and stops", async () => {
    assertServerBuilt();
    const dataDir = temporaryDir();
    const server = await startServer(
      {
        ...imageEnv,
        // The volume, and a free port standing in for the container's published 3000.
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        // The image sets no HOST: the server's default, every interface.
        HOST: "",
      },
      120_000,
      startCommand.slice(1),
    );
    const port = new URL(server.url).port;
    expect(server.logs.find((line) => line.msg?.startsWith("Aitlas is serving"))).toMatchObject({
      database: "pglite",
      location: expect.stringContaining(dataDir),
    });
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(true);

    const healthCheck = () => runHealthCheck({ ...imageEnv, PORT: port });
    expect(await healthCheck()).toBe(0);
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    expect(await healthCheck()).toBe(1);
  }, 150_000);
});

/** The HEALTHCHECK's command as Docker runs it: its exit status is the verdict. */
function runHealthCheck(env: Record<string, string>): Promise<number | null> {
  const [command, ...args] = healthCheckCommand;
  expect(command).toBe("node");
  const child = spawn(process.execPath, args, { env: { PATH: process.env.PATH ?? "", ...env }, stdio: "ignore" });
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

type ComposeService = {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  volumes?: string[];
  command?: string[];
};
type ComposeFile = { services: Record<string, ComposeService>; volumes: Record<string, unknown> };

/** What an operator must set before `docker compose up`: the passwords have no default. */
const REQUIRED = { POSTGRES_PASSWORD: "pg-secret-1", MINIO_ROOT_PASSWORD: "minio-secret-1" };

/**
 * compose.yaml as `docker compose up` sees it from a shell that sets only REQUIRED: parsed, then
 * each string's ${VAR:-default} replaced by its default, ${VAR:?message} by REQUIRED's value, and
 * $$ by $ (Compose interpolates values, not the text).
 */
function composeWithDefaults(): ComposeFile {
  const interpolate = (value: unknown): unknown => {
    if (typeof value === "string") {
      return value.replace(
        /\$\$|\$\{(\w+)(?::([-?])([^}]*))?\}/g,
        (all, name: string, kind?: string, fallback?: string) => {
          if (all === "$$") return "$";
          if (kind !== "?") return fallback ?? "";
          const required = REQUIRED[name as keyof typeof REQUIRED];
          if (required === undefined) throw new Error(`compose.yaml requires ${name}, which this test does not set`);
          return required;
        },
      );
    }
    if (Array.isArray(value)) return value.map(interpolate);
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, interpolate(inner)]));
    }
    return value;
  };
  return interpolate(parseYaml(read("compose.yaml"))) as ComposeFile;
}

describe("compose.yaml", () => {
  const compose = composeWithDefaults();
  const { app, postgres, minio, bucket } = compose.services;
  const appEnv = app!.environment!;

  it("sets only variables the app knows, and they pass the app's own checks", async () => {
    const known = new Set([...read("app/server/env.server.ts").matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]));
    expect(Object.keys(appEnv).filter((name) => !known.has(name))).toEqual([]);
    assertServerBuilt();
    // Importing the bundle parses the environment (app/server/env.server.ts) and starts nothing.
    const child = spawn(process.execPath, ["--input-type=module", "-e", 'await import("./build/server/index.js")'], {
      cwd: projectRoot,
      env: { PATH: process.env.PATH ?? "", ...imageEnv, ...appEnv },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(stderr).toBe("");
    expect(code).toBe(0);
  });

  it("builds the app from this Dockerfile and wires it to PostgreSQL and MinIO", () => {
    expect(app!.build).toBe(".");
    const database = new URL(appEnv.DATABASE_URL!);
    expect(database.hostname).toBe("postgres");
    expect(decodeURIComponent(database.username)).toBe(postgres!.environment!.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(postgres!.environment!.POSTGRES_PASSWORD);
    expect(database.pathname).toBe(`/${postgres!.environment!.POSTGRES_DB}`);

    expect(new URL(appEnv.S3_ENDPOINT!).host).toBe("minio:9000");
    expect(appEnv.S3_ACCESS_KEY_ID).toBe(minio!.environment!.MINIO_ROOT_USER);
    expect(appEnv.S3_SECRET_ACCESS_KEY).toBe(minio!.environment!.MINIO_ROOT_PASSWORD);
    // The bucket the one-shot service creates and opens for reading is the app's.
    const script = bucket!.command!.join(" ");
    expect(script).toContain(`mc mb --ignore-existing store/${appEnv.S3_BUCKET}`);
    expect(script).toContain(`mc anonymous set download store/${appEnv.S3_BUCKET}`);
  });

  it("serves stored files where the app says they are, through the same https front door", () => {
    const site = new URL(appEnv.PUBLIC_URL!);
    const stored = new URL(appEnv.S3_PUBLIC_URL!);
    // Production hands out https addresses only, so MinIO is reached through Caddy, not on its port.
    expect(site.protocol).toBe("https:");
    expect(stored.origin).toBe(site.origin);
    const caddyfile = read("Caddyfile");
    expect(caddyfile).toContain(`path ${stored.pathname}/*`);
    const prefix = /uri strip_prefix (\S+)/.exec(caddyfile)![1]!;
    expect(stored.pathname).toBe(`${prefix}/${appEnv.S3_BUCKET}`);
    expect(caddyfile).toContain("reverse_proxy minio:9000");
    expect(caddyfile).toContain("reverse_proxy app:3000");
    expect(appEnv.TRUST_PROXY).toBe("1");
  });

  it("refuses to start without the passwords, instead of running on defaults printed in the file", () => {
    const text = read("compose.yaml");
    for (const name of Object.keys(REQUIRED)) {
      expect(text).not.toMatch(new RegExp(`\\$\\{${name}:-`));
      expect(text).toMatch(new RegExp(`\\$\\{${name}:\\?[^}]+\\}`));
    }
    expect(appEnv.DATABASE_URL).toContain(`:${REQUIRED.POSTGRES_PASSWORD}@`);
    expect(postgres!.environment!.POSTGRES_PASSWORD).toBe(REQUIRED.POSTGRES_PASSWORD);
  });

  it("starts each service after what it needs, and keeps data in named volumes", () => {
    expect(app!.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      bucket: { condition: "service_completed_successfully" },
    });
    expect(bucket!.depends_on).toEqual({ minio: { condition: "service_healthy" } });
    // Caddy opens the door once the app's image health check passes.
    expect(compose.services.caddy!.depends_on).toEqual({ app: { condition: "service_healthy" } });
    expect(postgres!.healthcheck?.test).toContain("pg_isready");
    expect(minio!.healthcheck?.test.join(" ")).toContain("mc ready local");
    const named = Object.values(compose.services)
      .flatMap((service) => service.volumes ?? [])
      .map((volume) => volume.split(":")[0]!)
      .filter((source) => !source.startsWith("."));
    expect(new Set(named)).toEqual(new Set(Object.keys(compose.volumes)));
    expect(app!.volumes).toContain(`app-data:${imageEnv.DATA_DIR}`);
  });
});
