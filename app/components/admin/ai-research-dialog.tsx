import { Circle, CircleCheck, CircleX, Loader2, Sparkles } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import { SourceLink } from "~/components/admin/research-summary";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
import {
  RESEARCH_LIMITS,
  RESEARCH_MESSAGES,
  type MissingResearchSetting,
  type ResearchAvailability,
  type ResearchMode,
  type ResearchOutcome,
} from "~/lib/research";
import {
  failedRun,
  IDLE_RUN,
  progressedRun,
  progressPercent,
  runStatus,
  STARTED_RUN,
  type ResearchRun,
  type StepStatus,
} from "~/lib/research-run";
import { requestResearch, type ResearchEnding, type ResearchRequest } from "~/lib/research-stream";

const COPY = {
  create: {
    trigger: "Create with AI",
    title: "Create New Tool with AI",
    description:
      "The assistant searches the web for this tool and drafts its entry in the form. Nothing is saved until you press Save.",
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
// A run, driven by the stream (~/lib/research-stream) into its state (~/lib/research-run).

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

  async function start(request: ResearchRequest) {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    const isCurrent = () => controllerRef.current === controller && !controller.signal.aborted;
    setRun(STARTED_RUN);

    let ending: ResearchEnding;
    try {
      ending = await requestResearch(request, {
        signal: controller.signal,
        onProgress: (event) => {
          if (isCurrent()) setRun((current) => progressedRun(current, event));
        },
      });
    } catch {
      // Only an aborted run rejects, and it stays silent.
      return;
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
export function ResearchDialogBody({
  mode,
  availability,
  subject,
  onSubjectChange,
  run,
  onSubmit,
}: ResearchDialogBodyProps) {
  const id = useId();
  const copy = COPY[mode];

  if (!availability.configured) {
    return (
      <>
        <DialogTitle className="pr-8">{copy.title}</DialogTitle>
        <DialogDescription className="mt-2">
          {RESEARCH_MESSAGES.notConfigured} <MissingSettings missing={availability.missing} />
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
          <Button
            type="submit"
            disabled={!run.busy && subject.trim() === ""}
            aria-disabled={run.busy || undefined}
            className="aria-disabled:cursor-wait"
          >
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

const codeClass =
  "rounded bg-slate-100 px-1 py-0.5 font-mono text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100";

/** A variable's name as code; what it is for shows on hover. */
function VariableName({ name, purpose }: { name: string; purpose?: string }) {
  return (
    <code className={codeClass} title={purpose}>
      {name}
    </code>
  );
}

/** Items joined as "A, B and C". */
function Listed({ children }: { children: readonly { key: string; node: ReactNode }[] }) {
  return children.map(({ key, node }, index) => (
    <span key={key}>
      {index > 0 && (index === children.length - 1 ? " and " : ", ")}
      {node}
    </span>
  ));
}

/** One missing setting: its variable, and the other variables that can stand in for it. */
function MissingSetting({ setting }: { setting: MissingResearchSetting }) {
  const { instead } = setting;
  return (
    <>
      <VariableName name={setting.name} purpose={setting.purpose} />
      {instead && (
        <>
          {" (or "}
          <Listed>
            {instead.names.map((name) => ({ key: name, node: <VariableName name={name} purpose={instead.purpose} /> }))}
          </Listed>
          {` for ${instead.purpose})`}
        </>
      )}
    </>
  );
}

function MissingSettings({ missing }: { missing: readonly MissingResearchSetting[] }) {
  if (missing.length === 0) return <>Check the server&apos;s AI settings, then restart the server.</>;
  return (
    <>
      To turn it on, set{" "}
      <Listed>{missing.map((setting) => ({ key: setting.name, node: <MissingSetting setting={setting} /> }))}</Listed>{" "}
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
  if (status === "running")
    return (
      <Loader2 aria-hidden="true" className={cn(className, "animate-spin text-indigo-600 dark:text-indigo-400")} />
    );
  if (status === "done")
    return <CircleCheck aria-hidden="true" className={cn(className, "text-green-700 dark:text-green-400")} />;
  if (status === "failed")
    return <CircleX aria-hidden="true" className={cn(className, "text-red-700 dark:text-red-400")} />;
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
        <div
          className="h-full rounded-full bg-indigo-600 transition-[width] duration-300 dark:bg-indigo-400"
          style={{ width: `${percent}%` }}
        />
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
              <span
                title={step.label}
                className={cn(
                  "truncate",
                  step.status === "pending"
                    ? "text-slate-600 dark:text-slate-400"
                    : "text-slate-900 dark:text-slate-100",
                )}
              >
                {step.label}
              </span>
              <span className="sr-only"> ({STEP_STATUS_TEXT[step.status]})</span>
              {step.status === "done" && step.detail && (
                <span className="ml-auto shrink-0 pl-2 text-xs text-slate-600 dark:text-slate-400">{step.detail}</span>
              )}
              {step.status === "failed" && (
                <span
                  aria-hidden="true"
                  className="ml-auto shrink-0 pl-2 text-xs font-medium text-red-700 dark:text-red-400"
                >
                  failed
                </span>
              )}
            </li>
          ))
        )}
      </ol>

      <div className="space-y-1.5">
        <h3 id={sourcesHeadingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Sources{" "}
          {run.sources.length > 0 && (
            <span className="font-normal text-slate-600 dark:text-slate-400">({run.sources.length})</span>
          )}
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
