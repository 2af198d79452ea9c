import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import type { z } from "zod";
import type { ActionResult } from "~/lib/action-result";
import { AppError, type AppErrorCode } from "~/lib/app-error";
import { fieldErrorsOf } from "~/lib/form-fields";
import { DATA_REQUEST_HEADER, requireAdmin, requireSameOrigin, requireUser } from "../auth/guards.server";
import type { Viewer } from "../auth/viewer.server";
import type { AppContext } from "../context.server";
import { logger } from "../logger.server";
import { enforceRateLimit, type RateLimitRule } from "../security/rate-limit-rules.server";
import { toErrorResponse } from "./error-response.server";
import { readLimitedBody } from "../storage/read-limited-body.server";
import { readForm } from "./read-form.server";

/**
 * The one way to write an action (decision 116). Every write runs the same steps, in this order:
 * same-origin check -> role guard -> form read -> which step (by `intent`, when there are several)
 * -> schema parse -> rate limit -> the route's own `run` -> page-cache purge -> the answer.
 *
 * The answer is a redirect (a flash message says what happened) or an `ActionResult`
 * (app/lib/action-result.ts). Failures reach it one way: `run` throws an `AppError` (or
 * `InvalidFields`), and the pipeline answers `{ ok: false, formError, fieldErrors, code, form,
 * values }` with the error's status and headers (Retry-After). Anything else is a bug or an
 * outage: logged with the route and the member, and answered 500 with the step's `failure`
 * sentence. A Response `run` throws (a 404 for a record that is gone) goes on as is, to the error
 * boundary; so do the guards' refusals, which no page of ours provokes.
 */

type Guard = "admin" | "user";

/** The viewer `run` receives: certain when a guard ran. */
type ViewerFor<G> = G extends Guard ? Viewer : Viewer | null;

/** What React Router hands an action; params stay loose here, each route knows its own. */
export type ActionArgs = {
  request: Request;
  params: Readonly<Record<string, string | undefined>>;
  context: AppContext;
};

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export type RunArgs<G, S> = ActionArgs & {
  viewer: ViewerFor<G>;
  /** The posted form, as read once by the pipeline. */
  form: FormData;
  /** The form's fields as the step's schema parsed them. */
  input: Parsed<S>;
  /** Marks cached pages stale once the run ends (decision 096): call it after the write, with the tags it touched. */
  purge(tags: readonly string[]): void;
};

/** What `run` may return: a redirect or any other Response, or a successful result (with headers). */
export type Outcome<D> = Response | ActionResult<D> | DataWithResponseInit<ActionResult<D>>;

export type Step<G, S extends z.ZodType | undefined, D> = {
  /** The form's rules; the same schema the browser checks with (decision 117). */
  schema?: S;
  /**
   * What the schema parses: the named text fields ("" when absent), or what a function reads
   * (default: every field, a repeated name as a list).
   */
  fields?: readonly string[] | ((form: FormData) => unknown);
  /** The sentence above the form when fields are refused (default: none, the fields say it). */
  invalid?: (fieldErrors: Record<string, string>) => string;
  /** Counts this post against a limit; a 429 with Retry-After when over it. */
  rateLimit?: (args: {
    context: AppContext;
    viewer: ViewerFor<G>;
    form: FormData;
  }) => { rule: RateLimitRule; subject: string } | null;
  /** What a person reads when something that is not their doing broke (default: the generic sentence). */
  failure?: string;
  /** The code such a failure answers with (default "internal", 500; "bad-gateway" when another service broke). */
  failureCode?: AppErrorCode;
  run(args: RunArgs<G, S>): Promise<Outcome<D>>;
};

type Common<G extends Guard | undefined> = {
  /** Who may post: an administrator (403 otherwise), a signed-in member (401), or anyone. */
  guard?: G;
  /** Reads the body (default `readForm`: 415 for anything but a form, 400 for a broken one). */
  read?: (request: Request) => Promise<FormData>;
  /** Which form on the page a failure answers (`ActionResult.form`), for pages with several. */
  formId?: (form: FormData) => string | undefined;
  /** What a failure gives back for the form to show again (never a password). */
  echo?: (form: FormData) => Record<string, unknown> | undefined;
  /** Wraps every failure sentence (spec toasts read "Failed to update tag: ..."). */
  formError?: (message: string, form: FormData, args: ActionArgs) => string;
  /**
   * Refusals that go to the error boundary instead of the form: "not-found" where the page's own
   * record is gone, so saving it answers as opening it would.
   */
  boundary?: readonly AppErrorCode[];
  /**
   * How a failure answers a post made without JavaScript (a document request, not a fetcher's),
   * for forms that post from other pages: usually a redirect back with an error flash message
   * (`headers` are the error's own, Retry-After). Undefined keeps the ActionResult. A fetcher
   * always gets the ActionResult.
   */
  documentFailure?: (failure: {
    result: ActionResult<never>;
    headers: Record<string, string>;
    form: FormData | null;
    args: ActionArgs;
  }) => Response | undefined;
};

export const GENERIC_FAILURE = "Something went wrong. Please try again.";
export const UNKNOWN_INTENT = "Unknown action";

/**
 * Fields refused by the schema or by a data function's own checks (`{ status: "invalid",
 * fieldErrors }`): answered 400 (or `code`'s status) with each sentence beside its input.
 */
export class InvalidFields extends AppError {
  readonly fieldErrors: Record<string, string>;
  readonly formError: string | undefined;
  readonly form: string | undefined;
  constructor(
    fieldErrors: Record<string, string>,
    { formError, code = "bad-request", form }: { formError?: string; code?: AppErrorCode; form?: string } = {},
  ) {
    super(code, formError ?? Object.values(fieldErrors)[0] ?? "Please check the form.");
    this.fieldErrors = fieldErrors;
    this.formError = formError;
    this.form = form;
  }
}

/** A success without a redirect: `{ ok: true, data }`. */
export function ok(): ActionResult<undefined>;
export function ok<D>(value: D): ActionResult<D>;
export function ok<D>(value?: D): ActionResult<D | undefined> {
  return value === undefined ? { ok: true } : { ok: true, data: value };
}

/** Every field of a form; a name posted more than once becomes the list of its values. */
export function formFields(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name);
    fields[name] = all.length === 1 ? all[0]! : all;
  }
  return fields;
}

/** The named fields as text, "" for one not posted (or posted as a file). */
export function textFields(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, stringField(form, name)]));
}

/** One field as text, "" when it was not posted. */
export function stringField(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * A `read` for a form whose body is capped (an import, an upload): a body over `maxBytes` is a 413
 * with `tooLargeMessage` before it sits in memory whole, answered as the form's ActionResult.
 */
export function limitedForm({
  maxBytes,
  tooLargeMessage,
}: {
  maxBytes: number;
  tooLargeMessage: string;
}): (request: Request) => Promise<FormData> {
  return async (request) => {
    const body = await readLimitedBody(request, { maxBytes, tooLargeMessage });
    return readForm(
      new Request(request.url, {
        method: "POST",
        headers: { "content-type": request.headers.get("content-type") ?? "" },
        body: new Uint8Array(body),
      }),
    );
  };
}

type AnyStep<G> = Step<G, z.ZodType | undefined, unknown>;
type DataOf<T> = T extends Step<never, infer _S, infer D> ? D : never;
/**
 * The action React Router calls. A failure is a JSON Response at run time, so the declared
 * ActionResult is what a page's `actionData` is typed as (React Router's types drop Response).
 */
type Action<D> = (args: ActionArgs) => Promise<Outcome<D>>;

/** An action with one job. */
export function defineAction<
  G extends Guard | undefined = undefined,
  S extends z.ZodType | undefined = undefined,
  D = undefined,
>(spec: Common<G> & Step<G, S, D>): Action<D> {
  return (args) => runPipeline(spec, () => spec as unknown as AnyStep<G>, args) as Promise<Outcome<D>>;
}

/**
 * An action whose forms each post an `intent` (save, delete, ...): one step per intent, each
 * parsed, limited and run on its own; an intent the page does not have is a 400.
 */
export function defineIntents<G extends Guard | undefined, I extends Record<string, Step<G, never, unknown>>>(
  spec: Common<G> & {
    intents: I;
    unknownIntent?: string;
    /** The intent of a post without one (a form whose Enter key posts no button's value). */
    defaultIntent?: keyof I & string;
  },
): Action<DataOf<I[keyof I]>> {
  const pick = (form: FormData): AnyStep<G> => {
    const intent = form.get("intent") ?? spec.defaultIntent;
    if (typeof intent !== "string" || !Object.hasOwn(spec.intents, intent)) {
      throw new AppError("bad-request", spec.unknownIntent ?? UNKNOWN_INTENT);
    }
    return spec.intents[intent] as unknown as AnyStep<G>;
  };
  return (args) => runPipeline(spec, pick, args) as Promise<Outcome<DataOf<I[keyof I]>>>;
}

/** An intent's step for anyone, typed by its schema (an object literal alone would lose it). */
export function intent<S extends z.ZodType | undefined = undefined, D = undefined>(
  step: Step<undefined, S, D>,
): Step<undefined, never, D> {
  return step as unknown as Step<undefined, never, D>;
}

/** An intent's step behind `guard: "admin"`: its `viewer` is the administrator. */
export function adminIntent<S extends z.ZodType | undefined = undefined, D = undefined>(
  step: Step<"admin", S, D>,
): Step<"admin", never, D> {
  return step as unknown as Step<"admin", never, D>;
}

/** An intent's step behind `guard: "user"`: its `viewer` is the member. */
export function memberIntent<S extends z.ZodType | undefined = undefined, D = undefined>(
  step: Step<"user", S, D>,
): Step<"user", never, D> {
  return step as unknown as Step<"user", never, D>;
}

async function runPipeline<G extends Guard | undefined>(
  spec: Common<G>,
  pick: (form: FormData) => AnyStep<G>,
  args: ActionArgs,
): Promise<Outcome<unknown>> {
  const { request, context } = args;
  requireSameOrigin(request, context);
  const viewer = (
    spec.guard === "admin"
      ? requireAdmin(request, context)
      : spec.guard === "user"
        ? requireUser(request, context)
        : context.viewer
  ) as ViewerFor<G>;

  let form: FormData | null = null;
  let step: AnyStep<G> | null = null;
  const stale = new Set<string>();
  try {
    form = await (spec.read ?? readForm)(request);
    step = pick(form);
    const input = step.schema ? parseFields(step, form) : undefined;
    const limit = step.rateLimit?.({ context, viewer, form });
    if (limit) {
      const refusal = await enforceRateLimit({ db: context.db, ...limit });
      if (refusal) throw refusal;
    }
    return await step.run({
      ...args,
      viewer,
      form,
      input: input as never,
      purge: (tags) => {
        for (const tag of tags) stale.add(tag);
      },
    });
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    return failureAnswer(thrown, { spec, step, form, args, viewer });
  } finally {
    if (stale.size > 0) await context.purgePages([...stale]);
  }
}

function parseFields<G>(step: AnyStep<G>, form: FormData): unknown {
  const { fields = formFields } = step;
  const values = typeof fields === "function" ? fields(form) : textFields(form, fields);
  const parsed = step.schema!.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new InvalidFields(fieldErrorsOf(parsed.error));
}

function failureAnswer<G extends Guard | undefined>(
  thrown: unknown,
  {
    spec,
    step,
    form,
    args,
    viewer,
  }: { spec: Common<G>; step: AnyStep<G> | null; form: FormData | null; args: ActionArgs; viewer: Viewer | null },
): Response {
  let error: AppError;
  if (thrown instanceof AppError) {
    error = thrown;
  } else {
    const failure = step?.failure ?? GENERIC_FAILURE;
    logger.error(
      { err: thrown, action: new URL(args.request.url).pathname, intent: form?.get("intent"), userId: viewer?.id },
      failure,
    );
    error = new AppError(step?.failureCode ?? "internal", failure, { cause: thrown });
  }
  if (spec.boundary?.includes(error.code)) throw toErrorResponse(error);
  const invalid = error instanceof InvalidFields ? error : null;
  const sentence = invalid ? (invalid.formError ?? step?.invalid?.(invalid.fieldErrors)) : error.message;
  const result: ActionResult<never> = { ok: false, code: error.code };
  const form_ = invalid?.form ?? (form ? spec.formId?.(form) : undefined);
  if (form_ !== undefined) result.form = form_;
  if (sentence !== undefined)
    result.formError = form && spec.formError ? spec.formError(sentence, form, args) : sentence;
  if (invalid) result.fieldErrors = invalid.fieldErrors;
  const values = form ? spec.echo?.(form) : undefined;
  if (values) result.values = values;
  if (spec.documentFailure && !args.request.headers.has(DATA_REQUEST_HEADER)) {
    const answer = spec.documentFailure({ result, headers: error.headers, form, args });
    if (answer) return answer;
  }
  // A JSON Response, which React Router reads back as the action's data, as it does `data()`; unlike
  // `data()`, its status and headers (Retry-After) stay on the object for whoever called the action.
  return Response.json(result, { status: error.status, headers: { "Cache-Control": "no-store", ...error.headers } });
}
