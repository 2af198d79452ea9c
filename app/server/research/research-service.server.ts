import type { MissingResearchSetting, ResearchAvailability, ResearchEvent } from "~/lib/research";
import type { Env } from "../env.server";
import {
  createResearchModel,
  DEFAULT_ANTHROPIC_MODEL,
  MODEL_DEFAULTS,
  type ModelSettings,
  type ResearchModel,
} from "./model.server";
import { runResearch, type ResearchOutcome, type ResearchTask } from "./research-flow.server";
import { createWebSearchClient, type WebSearchClient, type WebSearchSettings } from "./web-search.server";

/**
 * The research assistant as the app sees it: whether it can run here (and if not, which
 * variables to set), and a way to run it. Built once at start from the environment; tests build
 * it from settings that point at loopback fakes.
 */

export type ResearchSettings = {
  search: WebSearchSettings | null;
  model: ModelSettings | null;
  modelTimeoutMs?: number;
  modelMaxRetries?: number;
};

export type ResearchService = {
  availability: ResearchAvailability;
  run(options: {
    task: ResearchTask;
    emit: (event: ResearchEvent) => void;
    signal?: AbortSignal;
  }): Promise<ResearchOutcome>;
};

type ResearchEnv = Pick<
  Env,
  | "BRAVE_API_KEY"
  | "BRAVE_SEARCH_URL"
  | "ANTHROPIC_API_KEY"
  | "ANTHROPIC_BASE_URL"
  | "AI_BASE_URL"
  | "AI_API_KEY"
  | "AI_MODEL"
  | "RESEARCH_SEARCH_TIMEOUT_MS"
  | "RESEARCH_MODEL_TIMEOUT_MS"
> &
  Partial<Pick<Env, "RESEARCH_SEARCH_PAUSE_MS">>;

/** An OpenAI-compatible endpoint when AI_BASE_URL is set, Anthropic otherwise. */
export function researchSettingsFromEnv(env: ResearchEnv): ResearchSettings {
  const search = env.BRAVE_API_KEY
    ? {
        apiKey: env.BRAVE_API_KEY,
        baseUrl: env.BRAVE_SEARCH_URL,
        timeoutMs: env.RESEARCH_SEARCH_TIMEOUT_MS,
        pauseMs: env.RESEARCH_SEARCH_PAUSE_MS,
      }
    : null;
  let model: ModelSettings | null = null;
  if (env.AI_BASE_URL) {
    if (env.AI_MODEL)
      model = { provider: "openai-compatible", baseUrl: env.AI_BASE_URL, apiKey: env.AI_API_KEY, model: env.AI_MODEL };
  } else if (env.ANTHROPIC_API_KEY) {
    model = {
      provider: "anthropic",
      apiKey: env.ANTHROPIC_API_KEY,
      baseUrl: env.ANTHROPIC_BASE_URL,
      model: env.AI_MODEL ?? DEFAULT_ANTHROPIC_MODEL,
    };
  }
  return { search, model, modelTimeoutMs: env.RESEARCH_MODEL_TIMEOUT_MS };
}

/** What to set for settings that cannot run, each with what it is for (empty when they can). */
export function missingResearchVariables(
  settings: ResearchSettings,
  env: Pick<Env, "AI_BASE_URL">,
): MissingResearchSetting[] {
  const missing: MissingResearchSetting[] = [];
  if (!settings.search) missing.push({ name: "BRAVE_API_KEY", purpose: "searching the web (Brave Search API)" });
  if (!settings.model)
    missing.push(
      env.AI_BASE_URL
        ? { name: "AI_MODEL", purpose: "the model to ask at AI_BASE_URL" }
        : {
            name: "ANTHROPIC_API_KEY",
            purpose: "writing the entry with Anthropic's model",
            instead: { names: ["AI_BASE_URL", "AI_MODEL"], purpose: "an OpenAI-compatible model" },
          },
    );
  return missing;
}

export function createResearchService(
  settings: ResearchSettings,
  missing: MissingResearchSetting[] = [],
): ResearchService {
  let search: WebSearchClient | null = null;
  let model: ResearchModel | null = null;
  if (settings.search && settings.model && missing.length === 0) {
    search = createWebSearchClient(settings.search);
    model = createResearchModel(settings.model, {
      timeoutMs: settings.modelTimeoutMs ?? MODEL_DEFAULTS.timeoutMs,
      maxRetries: settings.modelMaxRetries ?? MODEL_DEFAULTS.maxRetries,
    });
  }
  const availability: ResearchAvailability =
    search && model
      ? { configured: true, model: model.id }
      : {
          configured: false,
          missing: missing.length > 0 ? missing : missingResearchVariables(settings, { AI_BASE_URL: undefined }),
        };

  return {
    availability,
    run({ task, emit, signal }) {
      if (!search || !model) throw new Error("the research assistant is not configured");
      return runResearch({ task, search, model, emit, signal });
    },
  };
}

export function researchServiceFromEnv(env: ResearchEnv): ResearchService {
  const settings = researchSettingsFromEnv(env);
  return createResearchService(settings, missingResearchVariables(settings, env));
}
