import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { RESEARCH_MESSAGES } from "~/lib/research";
import { researchResultFor, startFakeLlm, type FakeLlm } from "../../../tests/fakes/llm";
import { createResearchModel, MODEL_DEFAULTS, ResearchModelError, type ModelSettings } from "./model.server";

// The AI SDK pointed by base URL at a loopback server speaking Anthropic's and OpenAI's protocols.

const API_KEY = "llm-test-key-0123456789abcdef";
let llm: FakeLlm;

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: API_KEY });
});
afterAll(async () => {
  await llm.stop();
});
beforeEach(() => {
  llm.reset();
});

const anthropic = (model = "claude-sonnet-5-5"): ModelSettings => ({
  provider: "anthropic",
  apiKey: API_KEY,
  baseUrl: llm.anthropicBaseUrl,
  model,
});
const openAi = (apiKey: string | undefined = API_KEY): ModelSettings => ({
  provider: "openai-compatible",
  baseUrl: llm.openAiBaseUrl,
  apiKey,
  model: "llama3.1:8b",
});
const ask = { system: "SYSTEM RULES", prompt: "PROMPT TEXT" };

async function failureOf(promise: Promise<unknown>): Promise<ResearchModelError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ResearchModelError);
  return error as ResearchModelError;
}

describe("the research model", () => {
  it("asks Anthropic's Messages API with the schema, 4,096 output tokens and the key, and reads the result and usage", async () => {
    const expected = researchResultFor("Acme Writer");
    llm.queue({ kind: "object", value: expected, usage: { input: 2345, output: 678 } });
    const model = createResearchModel(anthropic(), { maxRetries: 0 });

    const { result, usage } = await model.generate(ask);

    expect(model.id).toBe("anthropic:claude-sonnet-5-5");
    expect(result).toEqual(expected);
    expect(usage).toEqual({ inputTokens: 2345, outputTokens: 678 });
    const [call] = llm.requests();
    expect(call).toMatchObject({ api: "anthropic", authorized: true });
    expect(call!.body).toMatchObject({ model: "claude-sonnet-5-5", max_tokens: MODEL_DEFAULTS.maxOutputTokens });
    expect(JSON.stringify(call!.body!.system)).toContain("SYSTEM RULES");
    expect(JSON.stringify(call!.body!.messages)).toContain("PROMPT TEXT");
    // The schema travels with the request, its field descriptions included.
    expect(JSON.stringify(call!.body!.output_config)).toContain("uniqueSellingPoints");
    expect(JSON.stringify(call!.body!.output_config)).toContain("100 to 200 words");
  });

  it("works with older Claude models through the json tool", async () => {
    llm.queue({ kind: "object", value: researchResultFor("Old Model Tool") });
    const { result } = await createResearchModel(anthropic("claude-3-haiku-20240307"), { maxRetries: 0 }).generate(ask);
    expect(result.productInfo.name).toBe("Old Model Tool");
    expect(llm.requests()[0]!.body!.tools?.map((tool) => tool.name)).toEqual(["json"]);
  });

  it("works with an OpenAI-compatible endpoint, with or without a key", async () => {
    llm.queue({ kind: "object", value: researchResultFor("Local Tool"), usage: { input: 10, output: 20 } });
    const model = createResearchModel(openAi(), { maxRetries: 0 });
    const { result, usage } = await model.generate(ask);
    expect(model.id).toBe("openai-compatible:llama3.1:8b");
    expect(result.productInfo.name).toBe("Local Tool");
    expect(usage).toEqual({ inputTokens: 10, outputTokens: 20 });
    const [call] = llm.requests();
    expect(call).toMatchObject({ api: "openai", authorized: true });
    expect(call!.body!.response_format).toMatchObject({ type: "json_schema" });
    expect(call!.body!.max_tokens ?? call!.body!.max_completion_tokens).toBe(MODEL_DEFAULTS.maxOutputTokens);
  });

  it("drops keys outside the schema, so a reply cannot carry a rating", async () => {
    const reply = researchResultFor("Sneaky");
    llm.queue({
      kind: "object",
      value: { ...reply, rating: 5, productInfo: { ...reply.productInfo, rating: 5, category: "Finance" } },
    });
    const { result } = await createResearchModel(anthropic(), { maxRetries: 0 }).generate(ask);
    expect(result).toEqual(reply);
    expect(JSON.stringify(result)).not.toContain("rating");
  });

  it("fills what the spec does not require with empty values", async () => {
    const { productInfo, marketResearch } = researchResultFor("Sparse");
    llm.queue({
      kind: "object",
      value: {
        productInfo: { description: productInfo.description, features: productInfo.features, pricing: {} },
        marketResearch: { uniqueSellingPoints: marketResearch.uniqueSellingPoints },
      },
    });
    const { result } = await createResearchModel(anthropic(), { maxRetries: 0 }).generate(ask);
    expect(result.productInfo).toMatchObject({ name: "", website: "", pricing: { free: "", pro: "", enterprise: "" } });
    expect(result.marketResearch).toMatchObject({ competitors: [], targetAudience: "" });
  });

  const valid = researchResultFor("Broken");
  it.each([
    ["text that is not JSON", { kind: "text", text: "Sure! Here is the entry you asked for." } as const],
    ["JSON cut off at the token limit", { kind: "text", text: JSON.stringify(valid).slice(0, 200) } as const],
    [
      "no description",
      { kind: "object", value: { ...valid, productInfo: { ...valid.productInfo, description: undefined } } } as const,
    ],
    [
      "a blank description",
      { kind: "object", value: { ...valid, productInfo: { ...valid.productInfo, description: "   " } } } as const,
    ],
    [
      "no features",
      { kind: "object", value: { ...valid, productInfo: { ...valid.productInfo, features: undefined } } } as const,
    ],
    [
      "no pricing",
      { kind: "object", value: { ...valid, productInfo: { ...valid.productInfo, pricing: undefined } } } as const,
    ],
    [
      "no unique selling points",
      {
        kind: "object",
        value: { ...valid, marketResearch: { ...valid.marketResearch, uniqueSellingPoints: undefined } },
      } as const,
    ],
    ["no marketResearch", { kind: "object", value: { productInfo: valid.productInfo } } as const],
  ])("rejects a reply with %s as 'Invalid response format from AI'", async (_name, reply) => {
    llm.queue(reply);
    const error = await failureOf(createResearchModel(anthropic(), { maxRetries: 0 }).generate(ask));
    expect(error.message).toBe(RESEARCH_MESSAGES.invalidResponse);
    // The tokens were spent all the same, and are recorded.
    expect(error.usage.outputTokens).toBeGreaterThan(0);
  });

  it("gives up after the timeout with its own message", async () => {
    llm.queue({ kind: "hang" });
    const error = await failureOf(createResearchModel(anthropic(), { timeoutMs: 300, maxRetries: 0 }).generate(ask));
    expect(error.message).toBe(RESEARCH_MESSAGES.modelTimedOut);
  });

  it("shows the vendor's own message for a refused call, never the key", async () => {
    const error = await failureOf(
      createResearchModel({ ...anthropic(), apiKey: "wrong-key-0123456789" } as ModelSettings, {
        maxRetries: 0,
      }).generate(ask),
    );
    expect(error.message).toBe("invalid x-api-key");
    expect(llm.requests()[0]!.authorized).toBe(false);

    llm.queue({ kind: "status", status: 400, message: `bad request for key ${API_KEY}` });
    const echoed = await failureOf(createResearchModel(anthropic(), { maxRetries: 0 }).generate(ask));
    expect(echoed.message).toBe("bad request for key [redacted]");
  });

  it("retries an overloaded vendor before answering", async () => {
    llm.queue(
      { kind: "status", status: 529, message: "Overloaded" },
      { kind: "object", value: researchResultFor("Patient") },
    );
    const { result } = await createResearchModel(anthropic(), { maxRetries: 1 }).generate(ask);
    expect(result.productInfo.name).toBe("Patient");
    expect(llm.requests()).toHaveLength(2);
  });

  it("stops when the caller cancels, with the caller's reason", async () => {
    llm.queue({ kind: "hang" });
    const cancel = new AbortController();
    const pending = createResearchModel(anthropic(), { maxRetries: 0 }).generate({ ...ask, signal: cancel.signal });
    setTimeout(() => cancel.abort(new Error("cancelled by the admin")), 50);
    await expect(pending).rejects.toThrow("cancelled by the admin");
  });
});
