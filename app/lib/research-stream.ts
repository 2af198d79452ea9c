import type { ActionResult } from "./action-result";
import {
  parseResearchEvent,
  RESEARCH_MESSAGES,
  RESEARCH_PATH,
  RESEARCH_STREAM_TYPE,
  type ResearchEvent,
  type ResearchMode,
  type ResearchOutcome,
} from "./research";

/**
 * The browser's side of the research protocol: one POST to the research route, answered by a
 * refusal (JSON) or a stream of NDJSON events (see ./research for the events).
 */

export type ResearchFailure = Extract<ResearchEvent, { type: "error" }>;
/** How a run ends: exactly one of these closes the stream. */
export type ResearchEnding = ResearchOutcome | ResearchFailure;
export type ResearchProgressEvent = Extract<ResearchEvent, { type: "plan" | "step" }>;
export type ResearchRequest = { mode: ResearchMode; subject: string; toolId: string | null };

/** The stream's media type without its parameters (charset). */
const STREAM_MEDIA_TYPE = RESEARCH_STREAM_TYPE.replace(/;.*$/, "");

export const FALLBACK_FAILURE: ResearchFailure = { type: "error", message: RESEARCH_MESSAGES.fallback };

async function refusalMessage(response: Response): Promise<string> {
  // The route's refusals are ActionResults; a guard's (403: signed out, not an administrator) is the
  // thrown-error body `{ error, code }` every guard answers with.
  const body = (await response.json().catch(() => null)) as (ActionResult & { error?: unknown }) | null;
  const message = body?.formError ?? body?.error;
  return typeof message === "string" && message.trim() !== "" ? message : RESEARCH_MESSAGES.fallback;
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
  if (!response.body || !response.headers.get("Content-Type")?.toLowerCase().startsWith(STREAM_MEDIA_TYPE))
    return FALLBACK_FAILURE;

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
    if (done) return FALLBACK_FAILURE;
  }
}

export function researchRequestBody({ mode, subject, toolId }: ResearchRequest) {
  const body = new URLSearchParams({ mode, subject });
  if (mode === "update" && toolId !== null) body.set("toolId", toolId);
  return body;
}

/**
 * Runs one research request to its ending. A network failure ends as the fallback message; an
 * aborted request rejects, so the caller can stay silent about a run it abandoned.
 */
export async function requestResearch(
  request: ResearchRequest,
  { signal, onProgress }: { signal: AbortSignal; onProgress: (event: ResearchProgressEvent) => void },
): Promise<ResearchEnding> {
  try {
    const response = await fetch(RESEARCH_PATH, {
      method: "POST",
      body: researchRequestBody(request),
      headers: { Accept: RESEARCH_STREAM_TYPE },
      credentials: "same-origin",
      signal,
    });
    return await readResearchResponse(response, onProgress);
  } catch (error) {
    if (signal.aborted) throw error;
    return FALLBACK_FAILURE;
  }
}
