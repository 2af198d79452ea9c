import type { LanguageModel } from "ai";
import { RESEARCH_MESSAGES, type ResearchResult, type TokenUsage } from "~/lib/research";
import { loadOnce } from "../load-once.server";
import { logger } from "../logger.server";
import { researchResultSchema } from "./result-schema.server";

/**
 * The research model through the AI SDK: Anthropic's Messages API by default, or any
 * OpenAI-compatible chat endpoint (OpenAI, Ollama, vLLM) so an install can run its own model.
 * One call per run, structured output checked against the research schema.
 */

/** A current general-purpose Claude model; AI_MODEL picks another. */
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-5-5";

export const MODEL_DEFAULTS = {
  /** Spec section 9. */
  maxOutputTokens: 4_096,
  timeoutMs: 120_000,
  /** Retries of a failed call (408, 409, 429, 5xx), as the vendors' own clients do. */
  maxRetries: 2,
} as const;

export type ModelSettings =
  | { provider: "anthropic"; apiKey: string; baseUrl?: string; model: string }
  | { provider: "openai-compatible"; baseUrl: string; apiKey?: string; model: string };

/** The failure the admin sees in the dialog: the message is safe to show. */
export class ResearchModelError extends Error {
  constructor(
    message: string,
    readonly usage: TokenUsage,
  ) {
    super(message);
    this.name = "ResearchModelError";
  }
}

export type ResearchModel = {
  /** "anthropic:claude-sonnet-5-5": shown to admins and recorded with each run. */
  id: string;
  generate(options: {
    system: string;
    prompt: string;
    signal?: AbortSignal;
  }): Promise<{ result: ResearchResult; usage: TokenUsage }>;
};

// The AI SDK prints its warnings (an unsupported setting on some model) to the console; ours go to the log.
globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
  logger.warn({ provider, model, warnings }, "the AI SDK reported warnings");
};

/**
 * The AI SDK and its providers load on the first research run, not with the server: together they
 * hold about 12 MB of heap that a site whose admins never research would carry for nothing.
 */
type ResearchSdk = Awaited<ReturnType<typeof importSdk>>;

async function importSdk() {
  const [ai, { createAnthropic }, { createOpenAICompatible }] = await Promise.all([
    import("ai"),
    import("@ai-sdk/anthropic"),
    import("@ai-sdk/openai-compatible"),
  ]);
  // Built once: the SDK converts the zod schema to JSON schema lazily and keeps it.
  const researchOutput = ai.Output.object({ schema: researchResultSchema });
  return { ai, createAnthropic, createOpenAICompatible, researchOutput };
}

const loadSdk = loadOnce(importSdk);

function languageModelFor(
  { createAnthropic, createOpenAICompatible }: ResearchSdk,
  settings: ModelSettings,
): LanguageModel {
  if (settings.provider === "anthropic") {
    return createAnthropic({ apiKey: settings.apiKey, ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}) })(
      settings.model,
    );
  }
  return createOpenAICompatible({
    name: "openai-compatible",
    baseURL: settings.baseUrl,
    ...(settings.apiKey ? { apiKey: settings.apiKey } : {}),
    // OpenAI, Ollama (0.5+) and vLLM all accept response_format json_schema.
    supportsStructuredOutputs: true,
  }).chatModel(settings.model);
}

const usageOf = (usage: { inputTokens?: number; outputTokens?: number } | undefined): TokenUsage => ({
  inputTokens: usage?.inputTokens ?? 0,
  outputTokens: usage?.outputTokens ?? 0,
});

/** A vendor's message can quote what it was sent; the key is taken out before anyone sees it. */
function redacted(message: string, secrets: readonly (string | undefined)[]): string {
  return secrets.reduce<string>(
    (text, secret) => (secret && secret.length >= 8 ? text.split(secret).join("[redacted]") : text),
    message,
  );
}

export function createResearchModel(
  settings: ModelSettings,
  {
    timeoutMs = MODEL_DEFAULTS.timeoutMs,
    maxRetries = MODEL_DEFAULTS.maxRetries,
  }: { timeoutMs?: number; maxRetries?: number } = {},
): ResearchModel {
  const id = `${settings.provider}:${settings.model}`;
  let model: LanguageModel | undefined;

  return {
    id,
    async generate({ system, prompt, signal }) {
      const sdk = await loadSdk();
      const { APICallError, NoObjectGeneratedError, NoOutputGeneratedError, RetryError } = sdk.ai;
      model ??= languageModelFor(sdk, settings);
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        const response = await sdk.ai.generateText({
          model,
          system,
          prompt,
          output: sdk.researchOutput,
          maxOutputTokens: MODEL_DEFAULTS.maxOutputTokens,
          maxRetries,
          abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
        return { result: response.output, usage: usageOf(response.usage) };
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        if (timeout.aborted) {
          logger.warn({ model: id, timeoutMs }, "the research model did not answer in time");
          throw new ResearchModelError(RESEARCH_MESSAGES.modelTimedOut, usageOf(undefined));
        }
        if (NoObjectGeneratedError.isInstance(error) || NoOutputGeneratedError.isInstance(error)) {
          const usage = usageOf(NoObjectGeneratedError.isInstance(error) ? error.usage : undefined);
          logger.warn(
            { model: id, reason: error.message, usage },
            "the research model's answer did not match the schema",
          );
          throw new ResearchModelError(RESEARCH_MESSAGES.invalidResponse, usage);
        }
        // After retries the SDK wraps the last failure; the admin sees the vendor's own words.
        const cause = RetryError.isInstance(error) ? error.lastError : error;
        if (APICallError.isInstance(cause)) {
          const message = redacted(cause.message, [settings.apiKey]);
          logger.warn({ model: id, status: cause.statusCode, reason: message }, "the research model refused the call");
          throw new ResearchModelError(message || RESEARCH_MESSAGES.fallback, usageOf(undefined));
        }
        logger.error({ err: error, model: id }, "the research model call failed");
        throw new ResearchModelError(RESEARCH_MESSAGES.fallback, usageOf(undefined));
      }
    },
  };
}
