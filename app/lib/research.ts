/**
 * The AI research assistant's contract between the server (app/server/research/, the resource
 * route /admin/research) and the tool form's dialog: what is asked, the progress events streamed
 * back as NDJSON, the result, and how a result is applied to the form (spec section 7, "AI flows").
 */

export const RESEARCH_PATH = "/admin/research";

/** One JSON event per line; the browser reads them as they arrive. */
export const RESEARCH_STREAM_TYPE = "application/x-ndjson; charset=utf-8";

/** "create" drafts a new tool from the admin's text; "update" refreshes a stored tool. */
export type ResearchMode = "create" | "update";

export const RESEARCH_LIMITS = {
  /** The dialog's text: a tool's name, address or a line about it. */
  subject: 500,
} as const;

export const RESEARCH_MESSAGES = {
  /** Spec section 8: the dialog's three inline errors. */
  invalidResponse: "Invalid response format from AI",
  fallback: "An error occurred while processing the AI response",
  applied: "AI-generated content applied",
  subjectRequired: "Describe the tool to research: its name, its website or a line about it",
  subjectTooLong: `Keep the description under ${RESEARCH_LIMITS.subject} characters`,
  unknownMode: "Unknown task type",
  toolNotFound: "Tool not found",
  notConfigured: "The AI research assistant is not configured on this server.",
  modelTimedOut: "The AI model did not answer in time. Please try again.",
  cancelled: "Research cancelled",
} as const;

/** A web search hit as the spec's "Search result" (section 3). */
export type SearchResult = { title: string; description: string; url: string; published: string | null };

/** A page the model was given, listed in the dialog and beside the form after applying. */
export type ResearchSource = { title: string; url: string };

/** Spec section 3, "AI research result": the shape the model must answer with, as validated. */
export type ResearchResult = {
  productInfo: {
    name: string;
    description: string;
    website: string;
    features: string[];
    pricing: { free: string; pro: string; enterprise: string };
    /** One sentence, what the tool does. Optional: answers of models asked before these fields existed lack them. */
    tagline?: string;
    /** One of PRICING_MODELS (app/lib/pricing-model.ts), or "" when unsure. */
    pricingModel?: string;
    /** The lowest paid price as published ("$10/month"), "Free", or "". */
    startingPrice?: string;
    /** Suggested tags: names from the directory's list where one fits, or new ones. */
    tags?: string[];
  };
  marketResearch: {
    competitors: string[];
    uniqueSellingPoints: string[];
    targetAudience: string;
  };
  /**
   * Facts (issue 32, decision 165), each citing the search result that states it. The server keeps
   * only those whose source is one of the run's pages and whose shape the facts' schema accepts.
   */
  facts?: ResearchFactDraft[];
};

/** One drafted fact: its name (app/lib/tool-facts.ts), answer, list or text, and the page it cites. */
export type ResearchFactDraft = { fact: string; value: string; items: string[]; detail: string; sourceUrl: string };

export type TokenUsage = { inputTokens: number; outputTokens: number };

/** A step the run will take, announced up front so the dialog can draw the whole list and a bar. */
export type ResearchStep = { id: string; kind: "search" | "model"; label: string };

export type ResearchEvent =
  | { type: "plan"; steps: ResearchStep[] }
  | { type: "step"; id: string; status: "running" }
  /** `detail` is a short line for the admin ("8 results", "1,234 tokens in, 567 out"). */
  | { type: "step"; id: string; status: "done"; detail: string; sources?: ResearchSource[] }
  | { type: "result"; result: ResearchResult; sources: ResearchSource[]; usage: TokenUsage; model: string }
  | { type: "error"; message: string };

/** A run's successful ending: the draft, the pages behind it and what it cost. */
export type ResearchOutcome = Extract<ResearchEvent, { type: "result" }>;

/**
 * A setting research lacks: the environment variable to set and what it is for, and when there is
 * one, another set of variables that does the same job (`instead`). Names only: values never reach
 * the browser.
 */
export type MissingResearchSetting = {
  name: string;
  purpose: string;
  instead?: { names: string[]; purpose: string };
};

/** Whether research can run here; when it cannot, which settings are missing. */
export type ResearchAvailability =
  { configured: true; model: string } | { configured: false; missing: MissingResearchSetting[] };

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** One setting as a sentence fragment: "ANTHROPIC_API_KEY (or AI_BASE_URL and AI_MODEL for an OpenAI-compatible model)". */
export function missingSettingText(setting: MissingResearchSetting): string {
  if (!setting.instead) return setting.name;
  return `${setting.name} (or ${listInWords(setting.instead.names)} for ${setting.instead.purpose})`;
}

/** A non-streamed refusal (400, 403, 404, 429, 503): the dialog shows `error` inline. */
export type ResearchRefusal = { error: string };

/** Parses one NDJSON line from the stream; anything unexpected is reported as the fallback error. */
export function parseResearchEvent(line: string): ResearchEvent {
  try {
    const value = JSON.parse(line) as { type?: unknown };
    if (value && typeof value === "object" && ["plan", "step", "result", "error"].includes(value.type as string)) {
      return value as ResearchEvent;
    }
  } catch {
    // fall through
  }
  return { type: "error", message: RESEARCH_MESSAGES.fallback };
}
