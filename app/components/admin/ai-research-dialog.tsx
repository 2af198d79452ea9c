import { Circle, CircleCheck, CircleX, Loader2, Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { SourceLink, uniqueSources, type ResearchOutcome } from "~/components/admin/research-summary";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
import {
  parseResearchEvent,
  RESEARCH_LIMITS,
  RESEARCH_MESSAGES,
  RESEARCH_PATH,
  RESEARCH_STREAM_TYPE,
  type ResearchAvailability,
  type ResearchEvent,
  type ResearchMode,
  type ResearchSource,
  type ResearchStep,
} from "~/lib/research";

type ResearchFailure = Extract<ResearchEvent, { type: "error" }>;
/** How a run ends: exactly one of these closes the stream. */
export type ResearchEnding = ResearchOutcome | ResearchFailure;
export type ResearchProgressEvent = Extract<ResearchEvent, { type: "plan" | "step" }>;

/** The stream's media type without its parameters (charset). */
const STREAM_MEDIA_TYPE = RESEARCH_STREAM_TYPE.replace(/;.*$/, "");

const fallbackFailure: ResearchFailure = { type: "error", message: RESEARCH_MESSAGES.fallback };

const COPY = {
  create: {
    trigger: "Create with AI",
    title: "Create New Tool with AI",
    description: "The assistant searches the web for this tool and drafts its entry in the form. Nothing is saved until you press Save.",
    placeholder: "e.g. Notion AI, or https://www.notion.so/product/ai",
    submit: "Create",
  },
  update: {
    trigger: "Update with AI",
    title: "Update Tool with AI",
    description:
      "The assistant looks for this tool's latest updates, new features and pricing changes, and refreshes the form with them. Nothing is saved until you press Save.",
    placeholder: "e.g. the tool's name or website",
    submit: "Update",
  },
} as const;

// ---------------------------------------------------------------------------------------------
// The protocol: one POST, answered by a refusal (JSON) or a stream of NDJSON events.

async function refusalMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" && body.error.trim() !== "" ? body.error : RESEARCH_MESSAGES.fallback;
}

/**
 * Reads the research route's answer: progress events go to `onProgress` as they arrive, and the
 * ending (the result, or an error to show) is returned. Anything the protocol does not allow (a
 * page that is not the stream, a line that is not an event, a stream cut before its ending) ends
 * as the spec's fallback message. Rejects only when the request is aborted or the network fails.
 */
export async function readResearchResponse(
  response: Response,
  onProgress: (event: ResearchProgressEvent) => void,
): Promise<ResearchEnding> {
  if (!response.ok) return { type: "error", message: await refusalMessage(response) };
  if (!response.body || !response.headers.get("Content-Type")?.toLowerCase().startsWith(STREAM_MEDIA_TYPE)) return fallbackFailure;

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  for (;;) {
    const { done, value } = await reader.read();
    // Chunks split lines (and multi-byte characters) anywhere: only whole lines are parsed.
    pending += decoder.decode(value, { stream: !done });
    const lines = pending.split("\n");
    pending = done ? "" : (lines.pop() ?? "");
    for (const line of lines) {
      if (line.trim() === "") continue;
      const event = parseResearchEvent(line);
      if (event.type === "result" || event.type === "error") {
        // The ending is final: whatever might follow it is not read.
        await reader.cancel().catch(() => undefined);
        return event;
      }
      onProgress(event);
    }
    if (done) return fallbackFailure;
  }
}

export function researchRequestBody({ mode, subject, toolId }: { mode: ResearchMode; subject: string; toolId: string | null }) {
  const body = new URLSearchParams({ mode, subject });
  if (mode === "update" && toolId !== null) body.set("toolId", toolId);
  return body;
}

// ---------------------------------------------------------------------------------------------
// A run's state, as the dialog draws it.

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
const STARTED_RUN: ResearchRun = { ...IDLE_RUN, busy: true };

export function progressedRun(run: ResearchRun, event: ResearchProgressEvent): ResearchRun {
  if (event.type === "plan") {
    return { ...run, steps: event.steps.map((step) => ({ ...step, status: "pending", detail: null })) };
  }
  const steps = run.steps.map((step): StepProgress => {
    if (step.id !== event.id) return step;
    return event.status === "done" ? { ...step, status: "done", detail: event.detail } : { ...step, status: "running" };
  });
  const sources = event.status === "done" && event.sources ? uniqueSources([...run.sources, ...event.sources]) : run.sources;
  return { ...run, steps, sources };
}

/** Back to idle with the message; the step that was under way shows where it stopped. */
export function failedRun(run: ResearchRun, message: string): ResearchRun {
  const steps = run.steps.map((step): StepProgress => (step.status === "running" ? { ...step, status: "failed" } : step));
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

/**
 * One research run at a time. Starting again, cancelling or unmounting aborts the request (the
 * server stops when it closes), and nothing from an aborted run reaches the state or `onResult`.
 */
function useResearchRun(onResult: (outcome: ResearchOutcome) => void) {
  const [run, setRun] = useState<ResearchRun>(IDLE_RUN);
  const controllerRef = useRef<AbortController | null>(null);
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  });
  useEffect(() => () => controllerRef.current?.abort(), []);

  async function start(request: { mode: ResearchMode; subject: string; toolId: string | null }) {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const isCurrent = () => controllerRef.current === controller && !controller.signal.aborted;
    setRun(STARTED_RUN);

    let ending: ResearchEnding;
    try {
      const response = await fetch(RESEARCH_PATH, {
        method: "POST",
        body: researchRequestBody(request),
        headers: { Accept: RESEARCH_STREAM_TYPE },
        credentials: "same-origin",
        signal: controller.signal,
      });
      ending = await readResearchResponse(response, (event) => {
        if (isCurrent()) setRun((current) => progressedRun(current, event));
      });
    } catch {
      // The network failed (or the run was aborted, which the check below leaves silent).
      ending = fallbackFailure;
    }
    if (!isCurrent()) return;
    controllerRef.current = null;
    if (ending.type === "error") {
      const { message } = ending;
      setRun((current) => failedRun(current, message));
      return;
    }
    setRun(IDLE_RUN);
    onResultRef.current(ending);
  }

  function cancel() {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setRun(IDLE_RUN);
  }

  return { run, start, cancel };
}

// ---------------------------------------------------------------------------------------------
// The dialog.

export type AiResearchDialogProps = {
  mode: ResearchMode;
  /** The stored tool an update refreshes; null for a new tool. */
  toolId: string | null;
  /** The text area's starting text until the admin types in it: the tool's name. */
  defaultSubject: string;
  availability: ResearchAvailability;
  onApply(outcome: ResearchOutcome): void;
};

/**
 * The tool form's 'Create with AI' / 'Update with AI' button and its dialog (spec sections 2, 4
 * and 8): the admin names the tool, watches the searches and the model work, and on success the
 * draft goes to `onApply` and the dialog closes. Errors stay in the dialog so the admin can retry.
 */
export function AiResearchDialog({ mode, toolId, defaultSubject, availability, onApply }: AiResearchDialogProps) {
  const [open, setOpen] = useState(false);
  // null until the admin types here: until then the text follows the form's name.
  const [typedSubject, setTypedSubject] = useState<string | null>(null);
  const subject = typedSubject ?? defaultSubject;
  const { run, start, cancel } = useResearchRun((outcome) => {
    setOpen(false);
    onApply(outcome);
  });

  function onOpenChange(next: boolean) {
    // Cancel, Escape and the close button all land here: a run under way is abandoned.
    if (!next) cancel();
    setOpen(next);
  }

  function onSubmit() {
    const text = subject.trim();
    if (run.busy || text === "") return;
    void start({ mode, subject: text, toolId });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {COPY[mode].trigger}
        </Button>
      </DialogTrigger>
      {/* sm: so it wins over the frame's max-w-md whatever the stylesheet's order (cn does not merge classes). */}
      <DialogContent
        className="sm:max-w-xl"
        // A stray click beside the dialog should not throw away a run that takes a minute: Cancel, Escape and Close still do.
        onInteractOutside={(event) => {
          if (run.busy) event.preventDefault();
        }}
      >
        <ResearchDialogBody
          mode={mode}
          availability={availability}
          subject={subject}
          onSubjectChange={setTypedSubject}
          run={run}
          onSubmit={onSubmit}
        />
      </DialogContent>
    </Dialog>
  );
}

export type ResearchDialogBodyProps = {
  mode: ResearchMode;
  availability: ResearchAvailability;
  subject: string;
  onSubjectChange(subject: string): void;
  run: ResearchRun;
  onSubmit(): void;
};

/** The dialog's content, apart from its frame so its markup can be checked without opening it. */
export function ResearchDialogBody({ mode, availability, subject, onSubjectChange, run, onSubmit }: ResearchDialogBodyProps) {
  const id = useId();
  const copy = COPY[mode];

  if (!availability.configured) {
    return (
      <>
        <DialogTitle className="pr-8">{copy.title}</DialogTitle>
        <DialogDescription className="mt-2">
          {RESEARCH_MESSAGES.notConfigured} <MissingSettings names={availability.missing} />
        </DialogDescription>
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </>
    );
  }

  const subjectId = `${id}-subject`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const showProgress = run.busy || run.steps.length > 0;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <>
      <DialogTitle className="pr-8">{copy.title}</DialogTitle>
      <DialogDescription className="mt-2">{copy.description}</DialogDescription>
      <form onSubmit={submit} className="mt-4 space-y-4">
        <div className="space-y-2">
          <Label htmlFor={subjectId}>Tool name, website or a line about it</Label>
          <Textarea
            id={subjectId}
            rows={3}
            required
            maxLength={RESEARCH_LIMITS.subject}
            placeholder={copy.placeholder}
            value={subject}
            readOnly={run.busy}
            aria-describedby={run.error ? `${hintId} ${errorId}` : hintId}
            onChange={(event) => onSubjectChange(event.currentTarget.value)}
            className="resize-none"
          />
          <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
            Up to {RESEARCH_LIMITS.subject} characters. The research takes up to a minute or two.
          </p>
        </div>

        {run.error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {run.error}
          </p>
        )}

        {showProgress && <ResearchProgress run={run} />}
        {/* Always in the page, so that what it says next is announced. */}
        <p aria-live="polite" className="sr-only">
          {runStatus(run)}
        </p>

        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          {/* aria-disabled rather than disabled while busy: focus stays on the button just pressed. */}
          <Button type="submit" disabled={!run.busy && subject.trim() === ""} aria-disabled={run.busy || undefined} className="aria-disabled:cursor-wait">
            {run.busy ? (
              <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
            ) : (
              <Sparkles aria-hidden="true" className="h-4 w-4" />
            )}
            {copy.submit}
          </Button>
        </div>
      </form>
    </>
  );
}

const codeClass = "rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100";

/** An entry of `missing` may carry a note ("X (or Y and Z for ...)"): the variable names in it are code. */
function SettingName({ entry }: { entry: string }) {
  return entry.split(/\b([A-Z][A-Z0-9_]*_[A-Z0-9_]+)\b/).map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className={codeClass}>
        {part}
      </code>
    ) : (
      part
    ),
  );
}

function MissingSettings({ names }: { names: readonly string[] }) {
  if (names.length === 0) return <>Check the server&apos;s AI settings, then restart the server.</>;
  return (
    <>
      To turn it on, set{" "}
      {names.map((name, index) => (
        <span key={name}>
          {index > 0 && (index === names.length - 1 ? " and " : ", ")}
          <SettingName entry={name} />
        </span>
      ))}{" "}
      in the server&apos;s environment, then restart the server.
    </>
  );
}

const STEP_STATUS_TEXT: Record<StepStatus, string> = {
  pending: "waiting",
  running: "in progress",
  done: "done",
  failed: "failed",
};

function StepIcon({ status }: { status: StepStatus }) {
  const className = "h-4 w-4 shrink-0";
  if (status === "running") return <Loader2 aria-hidden="true" className={cn(className, "animate-spin text-indigo-600 dark:text-indigo-400")} />;
  if (status === "done") return <CircleCheck aria-hidden="true" className={cn(className, "text-green-700 dark:text-green-400")} />;
  if (status === "failed") return <CircleX aria-hidden="true" className={cn(className, "text-red-700 dark:text-red-400")} />;
  return <Circle aria-hidden="true" className={cn(className, "text-slate-400 dark:text-slate-500")} />;
}

/** The steps, a bar and the sources so far, in boxes of fixed height so the dialog does not jump. */
export function ResearchProgress({ run }: { run: ResearchRun }) {
  const percent = progressPercent(run.steps);
  const sourcesHeadingId = useId();
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3 dark:border-slate-800">
      <div
        role="progressbar"
        aria-label="Research progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
      >
        <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 dark:bg-indigo-400" style={{ width: `${percent}%` }} />
      </div>

      {/* One line a step, so the box keeps its height for the usual plan of four or five steps. */}
      <ol className="min-h-[7.5rem] space-y-1.5 text-sm">
        {run.steps.length === 0 ? (
          <li className="flex items-center gap-2 text-slate-600 dark:text-slate-400">
            <Loader2 aria-hidden="true" className="h-4 w-4 shrink-0 animate-spin" />
            Planning the research...
          </li>
        ) : (
          run.steps.map((step) => (
            <li key={step.id} className="flex min-w-0 items-center gap-2">
              <StepIcon status={step.status} />
              <span title={step.label} className={cn("truncate", step.status === "pending" ? "text-slate-600 dark:text-slate-400" : "text-slate-900 dark:text-slate-100")}>
                {step.label}
              </span>
              <span className="sr-only"> ({STEP_STATUS_TEXT[step.status]})</span>
              {step.status === "done" && step.detail && (
                <span className="ml-auto shrink-0 pl-2 text-xs text-slate-600 dark:text-slate-400">{step.detail}</span>
              )}
              {step.status === "failed" && (
                <span aria-hidden="true" className="ml-auto shrink-0 pl-2 text-xs font-medium text-red-700 dark:text-red-400">
                  failed
                </span>
              )}
            </li>
          ))
        )}
      </ol>

      <div className="space-y-1.5">
        <h3 id={sourcesHeadingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Sources {run.sources.length > 0 && <span className="font-normal text-slate-600 dark:text-slate-400">({run.sources.length})</span>}
        </h3>
        <div className="h-28 overflow-y-auto rounded-md bg-slate-50 p-2 dark:bg-slate-950">
          {run.sources.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">Pages appear here as the searches finish.</p>
          ) : (
            <ul aria-labelledby={sourcesHeadingId} className="space-y-1">
              {run.sources.map((source) => (
                <li key={source.url} className="min-w-0">
                  <SourceLink source={source} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
