import { describe, expect, it } from "vitest";
import { listInWords, missingSettingText } from "~/lib/research";
import { DEFAULT_ANTHROPIC_MODEL } from "./model.server";
import { researchServiceFromEnv, researchSettingsFromEnv } from "./research-service.server";

const base = {
  BRAVE_API_KEY: undefined,
  BRAVE_SEARCH_URL: "https://api.search.brave.com",
  ANTHROPIC_API_KEY: undefined,
  ANTHROPIC_BASE_URL: undefined,
  AI_BASE_URL: undefined,
  AI_API_KEY: undefined,
  AI_MODEL: undefined,
  RESEARCH_SEARCH_TIMEOUT_MS: 10_000,
  RESEARCH_MODEL_TIMEOUT_MS: 120_000,
};

describe("research configuration", () => {
  it("is unconfigured without keys, and sends the variables to set as data: each name and what it is for", () => {
    expect(researchServiceFromEnv(base).availability).toEqual({
      configured: false,
      missing: [
        { name: "BRAVE_API_KEY", purpose: "searching the web (Brave Search API)" },
        {
          name: "ANTHROPIC_API_KEY",
          purpose: "writing the entry with Anthropic's model",
          instead: { names: ["AI_BASE_URL", "AI_MODEL"], purpose: "an OpenAI-compatible model" },
        },
      ],
    });
    expect(researchServiceFromEnv({ ...base, ANTHROPIC_API_KEY: "sk-ant" }).availability).toEqual({
      configured: false,
      missing: [{ name: "BRAVE_API_KEY", purpose: "searching the web (Brave Search API)" }],
    });
  });

  it("words the missing settings for a message the same way the dialog does", () => {
    const { availability } = researchServiceFromEnv(base);
    if (availability.configured) throw new Error("expected an unconfigured service");
    expect(listInWords(availability.missing.map(missingSettingText))).toBe(
      "BRAVE_API_KEY and ANTHROPIC_API_KEY (or AI_BASE_URL and AI_MODEL for an OpenAI-compatible model)",
    );
  });

  it("uses Anthropic with a current model by default", () => {
    const env = { ...base, BRAVE_API_KEY: "brave", ANTHROPIC_API_KEY: "sk-ant" };
    expect(researchSettingsFromEnv(env).model).toEqual({
      provider: "anthropic",
      apiKey: "sk-ant",
      baseUrl: undefined,
      model: DEFAULT_ANTHROPIC_MODEL,
    });
    expect(researchServiceFromEnv(env).availability).toEqual({
      configured: true,
      model: `anthropic:${DEFAULT_ANTHROPIC_MODEL}`,
    });
    expect(researchServiceFromEnv({ ...env, AI_MODEL: "claude-opus-5" }).availability).toEqual({
      configured: true,
      model: "anthropic:claude-opus-5",
    });
  });

  it("uses an OpenAI-compatible endpoint when AI_BASE_URL is set, which needs AI_MODEL but no key", () => {
    const env = {
      ...base,
      BRAVE_API_KEY: "brave",
      AI_BASE_URL: "http://localhost:11434/v1",
      ANTHROPIC_API_KEY: "sk-ant",
    };
    expect(researchServiceFromEnv(env).availability).toEqual({
      configured: false,
      missing: [{ name: "AI_MODEL", purpose: "the model to ask at AI_BASE_URL" }],
    });
    expect(researchServiceFromEnv({ ...env, AI_MODEL: "llama3.1" }).availability).toEqual({
      configured: true,
      model: "openai-compatible:llama3.1",
    });
  });

  it("carries the timeouts from the environment", () => {
    const settings = researchSettingsFromEnv({
      ...base,
      BRAVE_API_KEY: "brave",
      RESEARCH_SEARCH_TIMEOUT_MS: 5_000,
      RESEARCH_MODEL_TIMEOUT_MS: 60_000,
    });
    expect(settings.search?.timeoutMs).toBe(5_000);
    expect(settings.modelTimeoutMs).toBe(60_000);
  });
});
