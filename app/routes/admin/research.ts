import { z } from "zod";
import {
  listInWords,
  missingSettingText,
  RESEARCH_LIMITS,
  RESEARCH_MESSAGES,
  RESEARCH_STREAM_TYPE,
  type ResearchEvent,
} from "~/lib/research";
import { AppError } from "~/lib/app-error";
import { listTags } from "~/server/catalog/tags.server";
import { findToolById } from "~/server/catalog/tool-admin.server";
import type { AppContext } from "~/server/context.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { logger } from "~/server/logger.server";
import { ResearchModelError } from "~/server/research/model.server";
import type { ResearchTask } from "~/server/research/research-flow.server";
import { updateTaskFor } from "~/server/research/update-task.server";
import { finishResearchRun, startResearchRun } from "~/server/research/research-runs.server";
import { enforceRateLimit, RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

// POST /admin/research: runs the AI research assistant for the tool form's dialog. The body is a
// form: mode (create | update), subject (the dialog's text) and, to update, toolId. Refusals are
// ActionResult JSON { ok: false, formError, code } (400, 404, 429, 503; the guards' 403 is the error
// body { error, code }); a run answers 200 with one ResearchEvent per line, written as it happens,
// ending with a result or an error. Closing the request cancels the run.

const requestSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({
      mode: z.literal("create"),
      subject: z
        .string()
        .trim()
        .min(1, RESEARCH_MESSAGES.subjectRequired)
        .max(RESEARCH_LIMITS.subject, RESEARCH_MESSAGES.subjectTooLong),
    }),
    z.object({
      mode: z.literal("update"),
      subject: z
        .string()
        .trim()
        .min(1, RESEARCH_MESSAGES.subjectRequired)
        .max(RESEARCH_LIMITS.subject, RESEARCH_MESSAGES.subjectTooLong),
      toolId: z.uuid(RESEARCH_MESSAGES.toolNotFound),
    }),
  ],
  { error: RESEARCH_MESSAGES.unknownMode },
);

export const action = defineAction({
  guard: "admin",
  // Any body that is no form says nothing to research.
  read: (request) =>
    request.formData().catch((error: unknown) => {
      throw new AppError("bad-request", RESEARCH_MESSAGES.subjectRequired, { cause: error });
    }),
  run: ({ request, context, viewer, form }) => startRun({ request, context, adminId: viewer.id, form }),
});

async function startRun({
  request,
  context,
  adminId,
  form,
}: {
  request: Request;
  context: AppContext;
  adminId: string;
  form: FormData;
}): Promise<Response> {
  const { research, db } = context;
  if (!research.availability.configured) {
    throw new AppError(
      "unavailable",
      `${RESEARCH_MESSAGES.notConfigured} Set ${listInWords(research.availability.missing.map(missingSettingText))}, then restart the server.`,
    );
  }
  const { model } = research.availability;

  const parsed = requestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new AppError(issue.path[0] === "toolId" ? "not-found" : "bad-request", issue.message);
  }

  let task: ResearchTask;
  // The model picks its tag suggestions from the directory's own list.
  const tagNames = (await listTags({ db })).map((tag) => tag.name);
  if (parsed.data.mode === "update") {
    const tool = await findToolById({ db, id: parsed.data.toolId });
    if (!tool) throw new AppError("not-found", RESEARCH_MESSAGES.toolNotFound);
    task = await updateTaskFor({ db, tool, subject: parsed.data.subject, tagNames });
  } else {
    task = { mode: "create", subject: parsed.data.subject, tagNames };
  }

  const refusal = await enforceRateLimit({ db, rule: RATE_LIMITS.research, subject: adminId });
  if (refusal) throw refusal;

  const runId = await startResearchRun({
    db,
    userId: adminId,
    mode: task.mode,
    subject: task.subject,
    toolId: parsed.data.mode === "update" ? parsed.data.toolId : null,
    model,
  });

  // The run stops when the admin cancels (the request closes) or the reader stops reading.
  const cancel = new AbortController();
  const onRequestAbort = () => cancel.abort(new DOMException(RESEARCH_MESSAGES.cancelled, "AbortError"));
  request.signal.addEventListener("abort", onRequestAbort, { once: true });

  const encoder = new TextEncoder();
  // False once the stream is closed or its reader has gone: nothing more may be enqueued.
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const searched = new Set<string>();
      const sources = new Set<string>();
      const send = (event: ResearchEvent) => {
        if (!open) return;
        if (event.type === "step" && event.status === "done" && event.id.startsWith("search-")) {
          searched.add(event.id);
          for (const source of event.sources ?? []) sources.add(source.url);
        }
        controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      const finish = (outcome: Omit<Parameters<typeof finishResearchRun>[0], "db" | "id" | "searches" | "sources">) =>
        finishResearchRun({ db, id: runId, searches: searched.size, sources: sources.size, ...outcome }).catch(
          (error: unknown) => {
            logger.error({ err: error, runId }, "could not record the end of a research run");
          },
        );

      // Not awaited: start() returns at once so each event reaches the reader as it is sent.
      void (async () => {
        const startedAt = Date.now();
        try {
          const outcome = await research.run({ task, emit: send, signal: cancel.signal });
          send({ type: "result", result: outcome.result, sources: outcome.sources, usage: outcome.usage, model });
          logger.info(
            {
              runId,
              adminId,
              mode: task.mode,
              usage: outcome.usage,
              sources: outcome.sources.length,
              ms: Date.now() - startedAt,
            },
            "research run finished",
          );
          await finish({ status: "succeeded", usage: outcome.usage });
        } catch (error) {
          if (cancel.signal.aborted) {
            logger.info({ runId, adminId, ms: Date.now() - startedAt }, "research run cancelled");
            await finish({ status: "cancelled", usage: { inputTokens: 0, outputTokens: 0 } });
          } else if (error instanceof ResearchModelError) {
            send({ type: "error", message: error.message });
            await finish({ status: "failed", error: error.message, usage: error.usage });
          } else {
            logger.error({ err: error, runId, adminId }, "research run failed");
            send({ type: "error", message: RESEARCH_MESSAGES.fallback });
            await finish({
              status: "failed",
              error: error instanceof Error ? error.message : String(error),
              usage: { inputTokens: 0, outputTokens: 0 },
            });
          }
        } finally {
          request.signal.removeEventListener("abort", onRequestAbort);
          if (open) {
            open = false;
            controller.close();
          }
        }
      })();
    },
    // The reader went away: stop sending and stop the run.
    cancel() {
      open = false;
      cancel.abort(new DOMException(RESEARCH_MESSAGES.cancelled, "AbortError"));
    },
  });

  return new Response(body, {
    status: 200,
    headers: {
      "Content-Type": RESEARCH_STREAM_TYPE,
      // no-transform keeps the compression middleware from holding events back to fill a buffer.
      "Cache-Control": "no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}

/** Runs are POSTs; anything else is told so plainly. */
export function loader() {
  return toErrorResponse(
    new AppError("method-not-allowed", "Method not allowed: start a research run with POST", {
      headers: { Allow: "POST" },
    }),
  );
}
