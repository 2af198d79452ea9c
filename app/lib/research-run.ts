import type { ResearchSource, ResearchStep } from "./research";
import type { ResearchProgressEvent } from "./research-stream";

/** A research run's state as the dialog draws it, moved on by the stream's events. */

export type StepStatus = "pending" | "running" | "done" | "failed";
export type StepProgress = ResearchStep & { status: StepStatus; detail: string | null };

export type ResearchRun = {
  busy: boolean;
  steps: StepProgress[];
  /** Without repeats, in the order they arrived. */
  sources: ResearchSource[];
  error: string | null;
};

export const IDLE_RUN: ResearchRun = { busy: false, steps: [], sources: [], error: null };
export const STARTED_RUN: ResearchRun = { ...IDLE_RUN, busy: true };

/** Sources without repeats, in the order they arrived. */
export function uniqueSources(sources: readonly ResearchSource[]): ResearchSource[] {
  const seen = new Set<string>();
  return sources.filter((source) => {
    if (seen.has(source.url)) return false;
    seen.add(source.url);
    return true;
  });
}

export function progressedRun(run: ResearchRun, event: ResearchProgressEvent): ResearchRun {
  if (event.type === "plan") {
    return { ...run, steps: event.steps.map((step) => ({ ...step, status: "pending", detail: null })) };
  }
  const steps = run.steps.map((step): StepProgress => {
    if (step.id !== event.id) return step;
    return event.status === "done" ? { ...step, status: "done", detail: event.detail } : { ...step, status: "running" };
  });
  const sources =
    event.status === "done" && event.sources ? uniqueSources([...run.sources, ...event.sources]) : run.sources;
  return { ...run, steps, sources };
}

/** Back to idle with the message; the step that was under way shows where it stopped. */
export function failedRun(run: ResearchRun, message: string): ResearchRun {
  const steps = run.steps.map((step): StepProgress =>
    step.status === "running" ? { ...step, status: "failed" } : step,
  );
  return { ...run, busy: false, steps, error: message };
}

/** Done steps count whole, the running one half: the bar moves as soon as a step starts. */
export function progressPercent(steps: readonly StepProgress[]): number {
  if (steps.length === 0) return 0;
  const done = steps.reduce((sum, step) => sum + (step.status === "done" ? 1 : step.status === "running" ? 0.5 : 0), 0);
  return Math.round((done / steps.length) * 100);
}

const ACTIVITY: Record<ResearchStep["kind"], string> = { search: "searching the web", model: "writing the entry" };

/**
 * What the live region says while a run is under way: the count and the kind of work, not the
 * step's label, which the list beside it already shows (and a screen reader would hear twice).
 */
export function runStatus(run: ResearchRun): string {
  if (!run.busy) return "";
  if (run.steps.length === 0) return "Starting the research...";
  const done = run.steps.filter((step) => step.status === "done").length;
  const running = run.steps.find((step) => step.status === "running");
  const count = `${done} of ${run.steps.length} steps done.`;
  if (running) return `${count} Now ${ACTIVITY[running.kind]}...`;
  return done === run.steps.length ? `${count} Finishing the draft...` : count;
}
