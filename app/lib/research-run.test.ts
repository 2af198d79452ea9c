import { describe, expect, it } from "vitest";
import type { ResearchStep } from "./research";
import { failedRun, IDLE_RUN, progressedRun, progressPercent, runStatus, type ResearchRun } from "./research-run";
import type { ResearchProgressEvent } from "./research-stream";

const steps: ResearchStep[] = [
  { id: "search-1", kind: "search", label: "Searching the web for “Notion AI pricing”" },
  { id: "search-2", kind: "search", label: "Searching the web for “Notion AI reviews”" },
  { id: "search-3", kind: "search", label: "Searching the web for “Notion AI alternatives”" },
  { id: "model", kind: "model", label: "Writing the entry with claude-test" },
];

function runThrough(events: ResearchProgressEvent[], start: ResearchRun = { ...IDLE_RUN, busy: true }): ResearchRun {
  return events.reduce(progressedRun, start);
}

describe("a run's state", () => {
  it("starts every planned step as waiting and marks steps as events arrive", () => {
    const run = runThrough([
      { type: "plan", steps },
      { type: "step", id: "search-1", status: "running" },
      { type: "step", id: "search-1", status: "done", detail: "3 results" },
      { type: "step", id: "model", status: "running" },
    ]);
    expect(run.steps.map((step) => [step.id, step.status, step.detail])).toEqual([
      ["search-1", "done", "3 results"],
      ["search-2", "pending", null],
      ["search-3", "pending", null],
      ["model", "running", null],
    ]);
    expect(progressPercent(run.steps)).toBe(38);
    expect(runStatus(run)).toBe("1 of 4 steps done. Now writing the entry...");
  });

  it("keeps sources without repeats, in arrival order", () => {
    const run = runThrough([
      { type: "plan", steps },
      {
        type: "step",
        id: "search-1",
        status: "done",
        detail: "2",
        sources: [
          { title: "A", url: "https://a.example" },
          { title: "B", url: "https://b.example" },
        ],
      },
      {
        type: "step",
        id: "search-2",
        status: "done",
        detail: "2",
        sources: [
          { title: "B again", url: "https://b.example" },
          { title: "C", url: "https://c.example" },
        ],
      },
    ]);
    expect(run.sources.map((source) => source.title)).toEqual(["A", "B", "C"]);
  });

  it("reports 0 before a plan and 100 when every step is done", () => {
    expect(progressPercent([])).toBe(0);
    const done = runThrough([
      { type: "plan", steps },
      ...steps.map((step) => ({ type: "step" as const, id: step.id, status: "done" as const, detail: "ok" })),
    ]);
    expect(progressPercent(done.steps)).toBe(100);
    expect(runStatus(done)).toBe("4 of 4 steps done. Finishing the draft...");
    expect(runStatus({ ...IDLE_RUN, busy: true })).toBe("Starting the research...");
    expect(runStatus(IDLE_RUN)).toBe("");
  });

  it("on failure is idle again with the message, the running step failed and the done ones kept", () => {
    const failed = failedRun(
      runThrough([
        { type: "plan", steps },
        { type: "step", id: "search-1", status: "done", detail: "1 result" },
        { type: "step", id: "search-2", status: "running" },
      ]),
      "boom",
    );
    expect(failed.busy).toBe(false);
    expect(failed.error).toBe("boom");
    expect(failed.steps.map((step) => step.status)).toEqual(["done", "failed", "pending", "pending"]);
  });
});
