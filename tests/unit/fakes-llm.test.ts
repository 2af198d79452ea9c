import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { researchResultFor, startFakeLlm, type FakeLlm } from "../fakes/llm";

// The fake stands in for the research assistant's model in the end-to-end tests. It is checked
// here with plain fetch and the request shapes the AI SDK sends: Anthropic's Messages API (with
// output_config or the "json" tool for structured output) and OpenAI's chat completions.

const API_KEY = "test-llm-key";
const SCHEMA = { type: "object", properties: { name: { type: "string" } }, required: ["name"] };

interface AnthropicMessage {
  id: string;
  type: string;
  role: string;
  model: string;
  content: Array<{ type: string; text?: string; id?: string; name?: string; input?: unknown }>;
  stop_reason: string;
  stop_sequence: null;
  usage: { input_tokens: number; output_tokens: number };
}

interface AnthropicError {
  type: string;
  error: { type: string; message: string };
}

interface ChatCompletion {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{ index: number; message: { role: string; content: string }; finish_reason: string }>;
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

interface OpenAiError {
  error: { message: string; type: string; code: string | null };
}

let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: API_KEY });
});
afterAll(() => llm.stop());
beforeEach(() => llm.reset());

function anthropic(
  body: Record<string, unknown>,
  {
    key = API_KEY,
    version = "2023-06-01",
    signal,
  }: { key?: string | null; version?: string | null; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== null) headers["x-api-key"] = key;
  if (version !== null) headers["anthropic-version"] = version;
  return fetch(`${llm.anthropicBaseUrl}/messages`, { method: "POST", headers, body: JSON.stringify(body), signal });
}

function openAi(body: Record<string, unknown>, { key = API_KEY }: { key?: string | null } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  return fetch(`${llm.openAiBaseUrl}/chat/completions`, { method: "POST", headers, body: JSON.stringify(body) });
}

const messages = [{ role: "user", content: [{ type: "text", text: "Research Acme" }] }];
const outputConfigRequest = {
  model: "claude-sonnet-5-5",
  max_tokens: 4096,
  system: [{ type: "text", text: "You research AI tools." }],
  messages,
  output_config: { format: { type: "json_schema", schema: SCHEMA } },
};
const jsonToolRequest = {
  model: "claude-3-haiku-20240307",
  max_tokens: 4096,
  system: "You research AI tools.",
  messages,
  tools: [{ name: "json", description: "Respond with a JSON object.", input_schema: SCHEMA }],
  tool_choice: { type: "any", disable_parallel_tool_use: true },
};
const chatRequest = {
  model: "gpt-test",
  max_tokens: 4096,
  messages: [{ role: "user", content: "Research Acme" }],
  response_format: { type: "json_schema", json_schema: { name: "response", schema: SCHEMA, strict: true } },
};

describe("fake LLM, Anthropic Messages API", () => {
  it("answers output_config requests with the object as JSON text, and the default result when nothing is queued", async () => {
    const response = await anthropic(outputConfigRequest);
    expect(response.status).toBe(200);
    const message = (await response.json()) as AnthropicMessage;
    expect(message).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-sonnet-5-5",
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1200, output_tokens: 450 },
    });
    expect(message.id).toMatch(/^msg_/);
    expect(message.content).toHaveLength(1);
    expect(message.content[0]?.type).toBe("text");
    expect(JSON.parse(message.content[0]!.text!)).toEqual(researchResultFor("Fake Research Tool"));
  });

  it("answers through the json tool when the request asks that way", async () => {
    llm.queue({ kind: "object", value: { name: "Acme" }, usage: { input: 10, output: 5 } });
    const message = (await (await anthropic(jsonToolRequest)).json()) as AnthropicMessage;
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      { type: "tool_use", id: expect.stringMatching(/^toolu_/), name: "json", input: { name: "Acme" } },
    ]);
    expect(message.usage).toMatchObject({ input_tokens: 10, output_tokens: 5 });
  });

  it("sends raw text as a text block even when the json tool was offered", async () => {
    llm.queue({ kind: "text", text: "not json at all" });
    const message = (await (await anthropic(jsonToolRequest)).json()) as AnthropicMessage;
    expect(message.content).toEqual([{ type: "text", text: "not json at all" }]);
    expect(message.stop_reason).toBe("end_turn");
  });

  it("refuses a wrong key and a missing anthropic-version, without taking a queued reply", async () => {
    llm.queue({ kind: "object", value: { name: "Kept" } });

    const wrongKey = await anthropic(outputConfigRequest, { key: "nope" });
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toEqual({
      type: "error",
      error: { type: "authentication_error", message: "invalid x-api-key" },
    });

    const noVersion = await anthropic(outputConfigRequest, { version: null });
    expect(noVersion.status).toBe(400);
    expect(((await noVersion.json()) as AnthropicError).error.type).toBe("invalid_request_error");

    const streaming = await anthropic({ ...outputConfigRequest, stream: true });
    expect(streaming.status).toBe(400);

    const message = (await (await anthropic(outputConfigRequest)).json()) as AnthropicMessage;
    expect(JSON.parse(message.content[0]!.text!)).toEqual({ name: "Kept" });

    const calls = llm.requests();
    expect(calls.map((call) => call.authorized)).toEqual([false, true, true, true]);
    expect(calls[0]?.headers["x-api-key"]).toBe("[redacted]");
    expect(JSON.stringify(calls)).not.toContain(API_KEY);
    expect(calls[3]?.body?.output_config?.format?.type).toBe("json_schema");
  });

  it("answers queued errors in Anthropic's error shape", async () => {
    llm.queue(
      { kind: "status", status: 529 },
      { kind: "status", status: 429, message: "slow down", retryAfterMs: 0 },
      { kind: "status", status: 500 },
    );
    const overloaded = await anthropic(outputConfigRequest);
    expect(overloaded.status).toBe(529);
    expect(overloaded.headers.get("retry-after-ms")).toBeNull();
    expect(((await overloaded.json()) as AnthropicError).error.type).toBe("overloaded_error");
    const limited = await anthropic(outputConfigRequest);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after-ms")).toBe("0");
    expect(await limited.json()).toEqual({ type: "error", error: { type: "rate_limit_error", message: "slow down" } });
    const failed = await anthropic(outputConfigRequest);
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as AnthropicError).error.type).toBe("api_error");
  });

  it("holds a hanging call open until the client aborts, and delays before answering", async () => {
    llm.queue({ kind: "hang" }, { kind: "delay", ms: 120, then: { kind: "object", value: { name: "Late" } } });
    await expect(anthropic(outputConfigRequest, { signal: AbortSignal.timeout(100) })).rejects.toThrow(
      /abort|timeout/i,
    );

    const started = Date.now();
    const message = (await (await anthropic(outputConfigRequest)).json()) as AnthropicMessage;
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect(JSON.parse(message.content[0]!.text!)).toEqual({ name: "Late" });
  });
});

describe("fake LLM, OpenAI chat completions", () => {
  it("answers with the object as the message content", async () => {
    llm.queue({ kind: "object", value: { name: "Acme" }, usage: { input: 30, output: 7 } });
    const response = await openAi(chatRequest);
    expect(response.status).toBe(200);
    const completion = (await response.json()) as ChatCompletion;
    expect(completion).toMatchObject({
      object: "chat.completion",
      model: "gpt-test",
      choices: [{ index: 0, message: { role: "assistant" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 30, completion_tokens: 7, total_tokens: 37 },
    });
    expect(completion.id).toMatch(/^chatcmpl-/);
    expect(Number.isInteger(completion.created)).toBe(true);
    expect(JSON.parse(completion.choices[0]!.message.content)).toEqual({ name: "Acme" });
    expect(llm.requests()[0]).toMatchObject({
      api: "openai",
      authorized: true,
      headers: { authorization: "[redacted]" },
    });
  });

  it("refuses a wrong bearer key, a stream request and a bad response_format", async () => {
    const wrongKey = await openAi(chatRequest, { key: "nope" });
    expect(wrongKey.status).toBe(401);
    expect(((await wrongKey.json()) as OpenAiError).error).toMatchObject({
      message: "Incorrect API key provided",
      type: "invalid_request_error",
      code: "invalid_api_key",
    });
    expect((await openAi({ ...chatRequest, stream: true })).status).toBe(400);
    expect((await openAi({ ...chatRequest, response_format: { type: "json_schema" } })).status).toBe(400);
  });

  it("answers queued errors in OpenAI's error shape, then falls back to the default result", async () => {
    llm.queue({ kind: "status", status: 503, message: "down for maintenance" });
    const failed = await openAi(chatRequest);
    expect(failed.status).toBe(503);
    expect(((await failed.json()) as OpenAiError).error).toMatchObject({
      message: "down for maintenance",
      type: "server_error",
    });

    const completion = (await (await openAi(chatRequest)).json()) as ChatCompletion;
    expect(JSON.parse(completion.choices[0]!.message.content)).toEqual(researchResultFor("Fake Research Tool"));
  });

  it("takes any bearer when started without a key, as a local server does", async () => {
    const open = await startFakeLlm({ apiKey: "" });
    try {
      const response = await fetch(`${open.openAiBaseUrl}/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(chatRequest),
      });
      expect(response.status).toBe(200);
    } finally {
      await open.stop();
    }
  });
});

describe("fake LLM lifecycle", () => {
  it("stops promptly with a call hanging and another delayed", async () => {
    const other = await startFakeLlm({ apiKey: API_KEY });
    other.queue({ kind: "hang" }, { kind: "delay", ms: 60_000, then: { kind: "text", text: "never" } });
    const post = () =>
      fetch(`${other.anthropicBaseUrl}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": API_KEY, "anthropic-version": "2023-06-01" },
        body: JSON.stringify(outputConfigRequest),
      });
    // Settled from the start: both reject when the server goes, before either could be awaited.
    const outcomes = Promise.allSettled([post(), post()]);
    await expect.poll(() => other.requests().length).toBe(2);
    const started = Date.now();
    await other.stop();
    expect(Date.now() - started).toBeLessThan(500);
    expect((await outcomes).map((outcome) => outcome.status)).toEqual(["rejected", "rejected"]);
  });

  it("builds a research result whose description is a 100 to 200 word paragraph", () => {
    const result = researchResultFor("Acme");
    expect(result.productInfo.name).toBe("Acme");
    const words = result.productInfo.description.split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(100);
    expect(words).toBeLessThanOrEqual(200);
    expect(result.productInfo.features.length).toBeGreaterThanOrEqual(3);
    expect(result.productInfo.features.length).toBeLessThanOrEqual(5);
    expect(researchResultFor("Acme")).toEqual(result);
  });
});
