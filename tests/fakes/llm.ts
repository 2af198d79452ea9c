import type http from "node:http";
import type { ResearchResult } from "../../app/lib/research";
import { listenOnLoopback, readBody, sendJson } from "./http";

// A stand-in for the language model the research assistant asks, on loopback. It speaks two
// protocols on one port, as the app can be pointed at either vendor: Anthropic's Messages API
// (POST /v1/messages, ANTHROPIC_BASE_URL) and OpenAI's chat completions (POST
// /v1/chat/completions, AI_BASE_URL for any OpenAI-compatible server). A test queues what the next
// calls get (a structured answer, raw text, a vendor error, a hang, a delay); with nothing queued
// every call gets a valid research result. Streaming is not offered: the app does not stream.
//
// References: https://docs.anthropic.com/en/api/messages and
// https://platform.openai.com/docs/api-reference/chat/create

export interface ModelUsage {
  input: number;
  output: number;
}

export type ModelReply =
  /** The structured answer: a tool_use block when asked through the "json" tool, else JSON text. */
  | { kind: "object"; value: unknown; usage?: ModelUsage }
  /** This text as the answer, whatever format was asked for (a malformed reply). */
  | { kind: "text"; text: string; usage?: ModelUsage }
  /**
   * That status with the vendor's error body. `retryAfterMs` adds retry-after-ms and retry-after
   * headers, which the AI SDK waits for instead of its 2 s, 4 s backoff: 0 makes a retry test quick.
   */
  | { kind: "status"; status: number; message?: string; retryAfterMs?: number }
  /** No answer until the client gives up or the server stops. */
  | { kind: "hang" }
  /** Waits `ms`, then answers with `then`. */
  | { kind: "delay"; ms: number; then: ModelReply };

/** The request body fields the fake reads or a test is likely to check; the rest pass through. */
export interface ModelCallBody {
  model?: string;
  max_tokens?: number;
  max_completion_tokens?: number;
  system?: string | Array<{ type: string; text?: string }>;
  messages?: Array<{ role: string; content: unknown }>;
  tools?: Array<{ name?: string; input_schema?: unknown; [key: string]: unknown }>;
  tool_choice?: { type: string; [key: string]: unknown } | string;
  output_config?: { format?: { type: string; schema?: unknown }; [key: string]: unknown };
  response_format?: { type: string; json_schema?: { name?: string; schema?: unknown; strict?: boolean } };
  stream?: boolean;
  [key: string]: unknown;
}

export interface RecordedModelCall {
  api: "anthropic" | "openai";
  /** The parsed JSON body; null when it was not a JSON object. */
  body: ModelCallBody | null;
  /** The request headers, lower-cased, with credentials (x-api-key, authorization) shown as "[redacted]". */
  headers: Record<string, string>;
  /** Whether the call carried the right key. */
  authorized: boolean;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FakeLlm {
  origin: string;
  /** ANTHROPIC_BASE_URL: @ai-sdk/anthropic posts to `${anthropicBaseUrl}/messages`. */
  anthropicBaseUrl: string;
  /** AI_BASE_URL: @ai-sdk/openai-compatible posts to `${openAiBaseUrl}/chat/completions`. */
  openAiBaseUrl: string;
  /** Every call to either API, refused ones included, oldest first. */
  requests(): RecordedModelCall[];
  /**
   * The replies the next accepted calls get, in order, after any already queued. A call refused
   * for its key, headers or body does not take one. The AI SDK retries 408, 409, 429 and 5xx
   * answers, and each retry takes the next reply.
   */
  queue(...replies: ModelReply[]): void;
  /** Forgets queued replies and recorded calls. */
  reset(): void;
  stop(): Promise<void>;
}

/** The answer the app asks for (spec section 3), as a well-behaved model gives it. */
export type ResearchResultValue = ResearchResult;

export const DEFAULT_USAGE: ModelUsage = { input: 1200, output: 450 };
export const DEFAULT_RESEARCH_NAME = "Fake Research Tool";

const MODEL_REPLY_KINDS = new Set(["object", "text", "status", "hang", "delay"]);
const CREDENTIAL_HEADERS = new Set(["x-api-key", "authorization", "api-key", "cookie"]);

/** A valid research result for `name`, the same every time; the description is about 120 words. */
export function researchResultFor(name: string): ResearchResultValue {
  const description = [
    `${name} is an AI assistant that helps small teams turn scattered notes, documents and conversations into clear, usable work.`,
    `It reads the material a team already has, answers questions about it in plain language, and drafts summaries, reports and replies that people can edit before sharing.`,
    `Workspaces keep each project's sources separate, and every answer links back to the passages it came from, so readers can check a claim in a click.`,
    `${name} runs in the browser, connects to common storage and chat services, and respects the permissions those services already enforce.`,
    `A free plan covers personal use; paid plans add shared workspaces, larger uploads, administration controls and priority support for growing organisations.`,
  ].join(" ");
  return {
    productInfo: {
      name,
      description,
      website: "https://example.com",
      features: [
        "Answers questions about your documents with linked sources",
        "Drafts summaries, reports and replies for review",
        "Shared workspaces with per-project permissions",
        "Connects to common storage and chat services",
      ],
      pricing: { free: "Free for personal use", pro: "$12 per user per month", enterprise: "Custom pricing" },
      tagline: `${name} answers questions about a team's documents and drafts work from them.`,
      pricingModel: "freemium",
      startingPrice: "$12/user/month",
      // Two tags of the demo list (matched whatever their case) and one it does not have.
      tags: ["Document analysis", "team plans", "Knowledge base"],
    },
    marketResearch: {
      competitors: ["Notion AI", "Glean", "Guru"],
      uniqueSellingPoints: [
        "Every answer cites the passage it came from",
        "Respects the permissions of connected services",
        "A generous free plan for individuals",
      ],
      targetAudience: "Small and medium teams that keep their knowledge in documents and chat",
    },
    // No fact by default: a fact must cite a page of the run (researchFactsFor), which a fixed answer cannot know.
    facts: [],
  };
}

/**
 * Facts as a well-behaved model drafts them (decision 165), each citing `sourceUrl`: the research
 * flow keeps them only when that address is one of the search results it gave the model.
 */
export function researchFactsFor(sourceUrl: string): NonNullable<ResearchResultValue["facts"]> {
  return [
    { fact: "free_plan", value: "yes", items: [], detail: "Personal use", sourceUrl },
    { fact: "api", value: "yes", items: [], detail: "https://example.com/docs", sourceUrl },
    { fact: "platforms", value: "", items: ["web", "ios"], detail: "", sourceUrl },
    { fact: "certifications", value: "", items: ["SOC 2 Type 2"], detail: "", sourceUrl },
  ];
}

/** Whether `value` is a ModelReply, for the control API that takes them as JSON. */
export function isModelReply(value: unknown): value is ModelReply {
  if (typeof value !== "object" || value === null) return false;
  const reply = value as Record<string, unknown>;
  if (typeof reply.kind !== "string" || !MODEL_REPLY_KINDS.has(reply.kind)) return false;
  switch (reply.kind) {
    case "object":
      return "value" in reply && isOptionalUsage(reply.usage);
    case "text":
      return typeof reply.text === "string" && isOptionalUsage(reply.usage);
    case "status":
      return (
        Number.isInteger(reply.status) &&
        (reply.status as number) >= 400 &&
        (reply.status as number) <= 599 &&
        (reply.message === undefined || typeof reply.message === "string") &&
        (reply.retryAfterMs === undefined ||
          (Number.isInteger(reply.retryAfterMs) && (reply.retryAfterMs as number) >= 0))
      );
    case "delay":
      return typeof reply.ms === "number" && reply.ms >= 0 && isModelReply(reply.then);
    default:
      return true;
  }
}

function isOptionalUsage(value: unknown): boolean {
  if (value === undefined) return true;
  if (typeof value !== "object" || value === null) return false;
  const usage = value as Record<string, unknown>;
  return Number.isInteger(usage.input) && Number.isInteger(usage.output);
}

type Api = RecordedModelCall["api"];

/** What an answer looks like to the vendor code, before it is put in that vendor's envelope. */
type Answer = { kind: "object"; value: unknown; usage: ModelUsage } | { kind: "text"; text: string; usage: ModelUsage };

export async function startFakeLlm({ port = 0, apiKey }: { port?: number; apiKey: string }): Promise<FakeLlm> {
  const recorded: RecordedModelCall[] = [];
  const queued: ModelReply[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let sequence = 0;

  /** Waits `ms`; false when the client went away first (then nothing should be written). */
  function pause(ms: number, response: http.ServerResponse): Promise<boolean> {
    return new Promise((resolve) => {
      const onClose = () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      const timer = setTimeout(() => {
        timers.delete(timer);
        response.off("close", onClose);
        resolve(true);
      }, ms);
      timers.add(timer);
      response.once("close", onClose);
    });
  }

  /** Plays a reply: errors and answers go to `send`, hangs and delays are handled here. */
  async function play(
    reply: ModelReply,
    response: http.ServerResponse,
    send: {
      answer(answer: Answer): void;
      error(status: number, message: string, headers: Record<string, string>): void;
    },
  ): Promise<void> {
    switch (reply.kind) {
      case "object":
      case "text":
        return send.answer({ ...reply, usage: reply.usage ?? DEFAULT_USAGE });
      case "status":
        return send.error(
          reply.status,
          reply.message ?? defaultErrorMessage(reply.status),
          retryHeaders(reply.retryAfterMs),
        );
      case "hang":
        // Left open on purpose: the client's timeout or abort is what is under test.
        return;
      case "delay":
        if (await pause(reply.ms, response)) return play(reply.then, response, send);
        return;
    }
  }

  async function handleAnthropic(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = parseObject(await readBody(request));
    const authorized = headerValue(request.headers["x-api-key"]) === apiKey;
    record("anthropic", request, body, authorized);

    const fail = (status: number, message: string, headers: Record<string, string> = {}) => {
      if (response.destroyed) return;
      sendJson(
        response,
        status,
        { type: "error", error: { type: anthropicErrorType(status), message } },
        { ...anthropicHeaders(), ...headers },
      );
    };

    if (!authorized) return fail(401, "invalid x-api-key");
    if (!request.headers["anthropic-version"]) return fail(400, "anthropic-version: header is required");
    if (!body) return fail(400, "The request body is not valid JSON.");
    const problem = anthropicBodyProblem(body);
    if (problem) return fail(400, problem);
    if (body.stream === true) return fail(400, "stream: this fake does not stream; call without stream: true");

    const usesJsonTool = !body.output_config?.format && (body.tools ?? []).some((tool) => tool.name === "json");
    await play(nextReply(), response, {
      error: fail,
      answer(answer) {
        if (response.destroyed) return;
        const id = ++sequence;
        const toolUse = answer.kind === "object" && usesJsonTool;
        const content = toolUse
          ? [{ type: "tool_use", id: `toolu_fake${String(id).padStart(6, "0")}`, name: "json", input: answer.value }]
          : [{ type: "text", text: answer.kind === "object" ? JSON.stringify(answer.value) : answer.text }];
        sendJson(
          response,
          200,
          {
            id: `msg_fake${String(id).padStart(6, "0")}`,
            type: "message",
            role: "assistant",
            model: body.model,
            content,
            stop_reason: toolUse ? "tool_use" : "end_turn",
            stop_sequence: null,
            usage: {
              input_tokens: answer.usage.input,
              output_tokens: answer.usage.output,
              cache_creation_input_tokens: 0,
              cache_read_input_tokens: 0,
              service_tier: "standard",
            },
          },
          anthropicHeaders(),
        );
      },
    });
  }

  async function handleOpenAi(request: http.IncomingMessage, response: http.ServerResponse) {
    const body = parseObject(await readBody(request));
    const authorized = apiKey === "" || headerValue(request.headers.authorization) === `Bearer ${apiKey}`;
    record("openai", request, body, authorized);

    const fail = (
      status: number,
      message: string,
      code: string | null = null,
      headers: Record<string, string> = {},
    ) => {
      if (response.destroyed) return;
      sendJson(response, status, { error: { message, type: openAiErrorType(status), param: null, code } }, headers);
    };

    if (!authorized) return fail(401, "Incorrect API key provided", "invalid_api_key");
    if (!body) return fail(400, "We could not parse the JSON body of your request.");
    const problem = openAiBodyProblem(body);
    if (problem) return fail(400, problem);
    if (body.stream === true) return fail(400, "stream: this fake does not stream; call without stream: true");

    await play(nextReply(), response, {
      error: (status, message, headers) => fail(status, message, openAiErrorCode(status), headers),
      answer(answer) {
        if (response.destroyed) return;
        const id = ++sequence;
        sendJson(response, 200, {
          id: `chatcmpl-fake${String(id).padStart(6, "0")}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              message: {
                role: "assistant",
                content: answer.kind === "object" ? JSON.stringify(answer.value) : answer.text,
                refusal: null,
              },
              logprobs: null,
              finish_reason: "stop",
            },
          ],
          usage: {
            prompt_tokens: answer.usage.input,
            completion_tokens: answer.usage.output,
            total_tokens: answer.usage.input + answer.usage.output,
          },
        });
      },
    });
  }

  function nextReply(): ModelReply {
    return queued.shift() ?? { kind: "object", value: researchResultFor(DEFAULT_RESEARCH_NAME) };
  }

  function record(api: Api, request: http.IncomingMessage, body: ModelCallBody | null, authorized: boolean) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      headers[name] = CREDENTIAL_HEADERS.has(name) ? "[redacted]" : (headerValue(value) ?? "");
    }
    recorded.push({ api, body, headers, authorized, at: Date.now() });
  }

  const server = await listenOnLoopback({
    port,
    async handler(request, response, url) {
      const route = `${request.method} ${url.pathname}`;
      switch (route) {
        case "POST /v1/messages":
          return handleAnthropic(request, response);
        case "POST /v1/chat/completions":
          return handleOpenAi(request, response);
        default:
          // Both vendors answer an unknown route with a JSON 404; Anthropic's shape is used here.
          return sendJson(response, 404, {
            type: "error",
            error: { type: "not_found_error", message: `Not found: ${route}` },
          });
      }
    },
  });

  return {
    origin: server.origin,
    anthropicBaseUrl: `${server.origin}/v1`,
    openAiBaseUrl: `${server.origin}/v1`,
    requests: () => recorded.map((call) => ({ ...call, headers: { ...call.headers } })),
    queue(...replies) {
      queued.push(...replies);
    },
    reset() {
      queued.length = 0;
      recorded.length = 0;
    },
    async stop() {
      // A pending delay would otherwise keep the process (and the test runner) alive.
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await server.close();
    },
  };
}

function anthropicBodyProblem(body: ModelCallBody): string | null {
  if (typeof body.model !== "string" || body.model === "") return "model: Field required";
  if (!Number.isInteger(body.max_tokens) || (body.max_tokens as number) < 1) return "max_tokens: Field required";
  if (!Array.isArray(body.messages) || body.messages.length === 0) return "messages: at least one message is required";
  const format = body.output_config?.format;
  if (format && (format.type !== "json_schema" || typeof format.schema !== "object" || format.schema === null)) {
    return 'output_config.format: expected { type: "json_schema", schema }';
  }
  return null;
}

function openAiBodyProblem(body: ModelCallBody): string | null {
  if (typeof body.model !== "string" || body.model === "") return "you must provide a model parameter";
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return "Invalid 'messages': expected an array with at least one message.";
  }
  const format = body.response_format;
  if (format === undefined) return null;
  if (format.type === "json_object" || format.type === "text") return null;
  if (format.type === "json_schema") {
    const schema = format.json_schema;
    if (!schema || typeof schema.name !== "string" || typeof schema.schema !== "object" || schema.schema === null) {
      return "Invalid 'response_format.json_schema': expected { name, schema }.";
    }
    return null;
  }
  return `Invalid value for 'response_format.type': '${String(format.type)}'.`;
}

function retryHeaders(retryAfterMs: number | undefined): Record<string, string> {
  if (retryAfterMs === undefined) return {};
  return { "retry-after-ms": String(retryAfterMs), "retry-after": String(Math.ceil(retryAfterMs / 1000)) };
}

function anthropicHeaders(): Record<string, string> {
  return { "request-id": `req_fake${Date.now().toString(36)}` };
}

function anthropicErrorType(status: number): string {
  switch (status) {
    case 400:
      return "invalid_request_error";
    case 401:
      return "authentication_error";
    case 403:
      return "permission_error";
    case 404:
      return "not_found_error";
    case 413:
      return "request_too_large";
    case 429:
      return "rate_limit_error";
    case 529:
      return "overloaded_error";
    default:
      return status < 500 ? "invalid_request_error" : "api_error";
  }
}

function openAiErrorType(status: number): string {
  if (status === 429) return "requests";
  return status < 500 ? "invalid_request_error" : "server_error";
}

function openAiErrorCode(status: number): string | null {
  if (status === 401) return "invalid_api_key";
  if (status === 429) return "rate_limit_exceeded";
  return null;
}

function defaultErrorMessage(status: number): string {
  if (status === 429) return "Rate limit exceeded. Please slow down.";
  if (status === 529) return "Overloaded";
  if (status >= 500) return "Internal server error";
  return `The request failed with status ${status}.`;
}

function parseObject(text: string): ModelCallBody | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as ModelCallBody) : null;
  } catch {
    return null;
  }
}

function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}
