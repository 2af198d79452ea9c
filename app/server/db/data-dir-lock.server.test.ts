import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock.server";

let dataDir: string;
let children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-lock-"));
});
afterEach(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill();
  children = [];
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A real other process: its pid is alive until we stop it. */
async function startOtherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 5000)"], { stdio: "ignore" });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("spawn", resolve);
    child.once("error", reject);
  });
  return child;
}

const lockFile = () => path.join(dataDir, "server.lock");

describe("lockDataDir", () => {
  test("writes this process's id into DATA_DIR/server.lock, and release removes it", () => {
    const release = lockDataDir(dataDir);

    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile())).toBe(false);
  });

  test("creates a data directory that does not exist yet", () => {
    const nested = path.join(dataDir, "new", "data");

    const release = lockDataDir(nested);

    expect(fs.existsSync(path.join(nested, "server.lock"))).toBe(true);
    release();
  });

  test("refuses a directory locked by another live process", async () => {
    const other = await startOtherProcess();
    fs.writeFileSync(lockFile(), String(other.pid));

    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dataDir)).toThrow(new RegExp(`process ${other.pid}`));
    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(other.pid));
  });

  test("takes over a lock left by a process that has exited", async () => {
    const other = await startOtherProcess();
    const exited = new Promise((resolve) => other.once("exit", resolve));
    other.kill();
    await exited;
    fs.writeFileSync(lockFile(), String(other.pid));

    const release = lockDataDir(dataDir);

    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
  });

  test("takes over a lock file that holds no process id", () => {
    fs.writeFileSync(lockFile(), "garbage");

    const release = lockDataDir(dataDir);

    expect(fs.readFileSync(lockFile(), "utf8")).toBe(String(process.pid));
    release();
  });
});
