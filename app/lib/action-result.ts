import type { AppErrorCode } from "./app-error";

/**
 * What every action answers when it does not redirect (decision 116): one shape that every form,
 * fetcher and toast reads the same way. `defineAction` (app/server/http/action-pipeline.server.ts)
 * builds it; nothing else answers a form.
 */
export type ActionResult<Data = undefined> = {
  ok: boolean;
  /**
   * Which form on the page answered, on pages with more than one of a kind: the intent, or the
   * record it is about (a tag's id, a comment's id). Absent where the page has one form.
   */
  form?: string;
  /** A sentence about the whole form: shown above its button, or as a toast. */
  formError?: string;
  /** A sentence per input, by the input's name, shown beside it. */
  fieldErrors?: Record<string, string>;
  /** Why it failed, in a word a program can test (an AppError code). */
  code?: AppErrorCode;
  /**
   * What was posted (never a password), so a page rendered again without JavaScript shows what
   * the person typed.
   */
  values?: Record<string, unknown>;
  /** What a success hands back to the page (an import's report, a fetched logo). */
  data?: Data;
};

/** The answer when it is about `form` (pages with several forms of one kind), else undefined. */
export function resultFor<Data>(
  answer: ActionResult<Data> | undefined | null,
  form: string,
): ActionResult<Data> | undefined {
  return answer && answer.form === form ? answer : undefined;
}

/** Whether an action's answer is a refusal: an ActionResult with ok false, or a thrown error's body. */
export function isRefusal(answer: unknown): boolean {
  if (typeof answer !== "object" || answer === null) return false;
  const { ok, error } = answer as { ok?: unknown; error?: unknown };
  return ok === false || typeof error === "string";
}

/** A failed answer's `values`, read back as the form's own type (the action echoes what it parsed). */
export function postedValues<Values>(answer: ActionResult<unknown> | undefined | null): Partial<Values> | undefined {
  return answer && !answer.ok ? (answer.values as Partial<Values> | undefined) : undefined;
}
