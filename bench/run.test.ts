import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runScript } from "../tests/setup/run-script";

// `npm run bench` at the size of a test (a small catalogue, one round of a second per route), so
// the benchmark keeps working as the app changes. Its figures mean nothing at this size; what is
// checked is that every route was measured against the plain server without an error.

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-bench-smoke-"));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe("npm run bench, smoke size", () => {
  it("measures every route with the page cache off and on, and writes the tables", { timeout: 420_000 }, async () => {
    const out = path.join(workDir, "RESULTS.md");
    fs.writeFileSync(out, "# Old results\n\n## Search at 100,000 tools\n\nKept by hand.\n");
    const run = await runScript(
      "bench/run.ts",
      [
        ...[
          "--no-build",
          "--no-lists",
          "--no-link-check",
          "--no-session-sync",
          "--no-search",
          // The demo site's memory at rest (bench/demo-memory.ts) seeds and starts a server of its own: minutes more.
          "--no-demo-memory",
          // So does the counting's own measure (bench/counted-views.ts), checked in its own test.
          "--no-counted-views",
          "--tools",
          "1000",
          "--articles",
          "30",
        ],
        ...["--duration", "1", "--warmup", "0", "--rounds", "1", "--connections", "2", "--writers", "2", "--out", out],
      ],
      { TMPDIR: workDir },
      400_000,
    );
    expect(run.stderr).not.toMatch(/error/i);
    expect(run.code).toBe(0);
    const results = fs.readFileSync(out, "utf8");
    for (const table of ["## Page cache off: real rendering and queries", "## Page cache on (300 s)"]) {
      const rows = results.split(table)[1]!.split("\n\n")[1]!.split("\n").slice(2);
      expect(rows.map((row) => row.split("|")[1]!.trim())).toEqual([
        "home",
        "tool",
        "tool, by a crawler (not counted)",
        "category",
        "article",
        "search",
        "API tools, filtered",
        "API one tool",
        "tool, signed in",
        "admin tool table",
        "admin tool search",
      ]);
      // The errors column: every request answered 200 on both servers.
      for (const row of rows) expect(row.split("|").at(-3)!.trim()).toBe("0");
    }
    // The mixed load: members signed up through the emailed link, and their writes all succeeded.
    const mixedRow = results.split("## Mixed load: reads while members write")[1]!.split("\n| anonymous |")[1]!;
    const cells = `| anonymous |${mixedRow}`.split("|").map((cell) => cell.trim());
    const [readErrors, votes, comments, failed] = cells.slice(8, 12);
    expect({ readErrors, failed }).toEqual({ readErrors: "0", failed: "0" });
    expect(Number(votes) + Number(comments)).toBeGreaterThan(0);
    expect(results).toMatch(/Peak resident memory of the server process \(VmHWM\): \d+ MB/);
    expect(results).toContain("## JavaScript per page");
    // A section this run does not write is kept.
    expect(results).toContain("## Search at 100,000 tools\n\nKept by hand.");
  });
});
