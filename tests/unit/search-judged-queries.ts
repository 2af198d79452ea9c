/**
 * Issue 31's judged set: queries a person types into the search box, each with the demo tools that
 * person meant, judged by what the tools are for, not by which words their texts happen to carry.
 * Written before any tuning of the engine (2026-11-27) and not to be edited to fit its results: a
 * judgement that turns out wrong is corrected with its reason in the commit message.
 *
 * `first` marks the queries that name a tool (exactly or misspelled): that tool must rank first.
 * Recall@10 of a query is the share of its relevant tools found in the first ten results.
 */
export type JudgedQuery = {
  query: string;
  /** What kind of asking it is, to read the figures by kind. */
  kind: "name" | "typo" | "task" | "synonym" | "plural" | "intent";
  relevant: string[];
  first?: string;
};

export const JUDGED_QUERIES: JudgedQuery[] = [
  // A tool's name, as typed and as mistyped.
  { query: "chatgpt", kind: "name", relevant: ["chatgpt"], first: "chatgpt" },
  { query: "claude", kind: "name", relevant: ["claude"], first: "claude" },
  { query: "hugging face", kind: "name", relevant: ["hugging-face"], first: "hugging-face" },
  { query: "github copilot", kind: "name", relevant: ["github-copilot"], first: "github-copilot" },
  { query: "otter", kind: "name", relevant: ["otter-ai"], first: "otter-ai" },
  { query: "notion", kind: "name", relevant: ["notion-ai"], first: "notion-ai" },
  { query: "dall-e", kind: "name", relevant: ["gpt-image-dall-e"], first: "gpt-image-dall-e" },
  { query: "chatgtp", kind: "typo", relevant: ["chatgpt"], first: "chatgpt" },
  { query: "midjurney", kind: "typo", relevant: ["midjourney"], first: "midjourney" },
  { query: "eleven labs", kind: "typo", relevant: ["elevenlabs"], first: "elevenlabs" },
  { query: "stable difusion", kind: "typo", relevant: ["stable-diffusion"], first: "stable-diffusion" },
  { query: "perplexity ai", kind: "name", relevant: ["perplexity"], first: "perplexity" },
  { query: "curser", kind: "typo", relevant: ["cursor"], first: "cursor" },
  { query: "synthesai", kind: "typo", relevant: ["synthesia"], first: "synthesia" },
  { query: "grammerly", kind: "typo", relevant: ["grammarly"], first: "grammarly" },

  // A job to be done, in the words people use for it.
  { query: "write emails", kind: "task", relevant: ["jasper", "chatgpt", "claude", "grammarly"] },
  { query: "text to speech", kind: "task", relevant: ["elevenlabs", "murf-ai", "descript", "synthesia", "inworld-ai"] },
  { query: "video generator", kind: "task", relevant: ["runway", "pika", "synthesia", "heygen"] },
  {
    query: "image generation",
    kind: "task",
    relevant: ["midjourney", "gpt-image-dall-e", "stable-diffusion", "adobe-firefly"],
  },
  { query: "transcribe meetings", kind: "task", relevant: ["otter-ai", "fireflies-ai", "gong"] },
  { query: "meeting notes", kind: "task", relevant: ["otter-ai", "fireflies-ai", "notion-ai"] },
  { query: "grammar checker", kind: "task", relevant: ["grammarly"] },
  { query: "chatbot", kind: "task", relevant: ["chatgpt", "claude", "gemini", "microsoft-copilot", "perplexity"] },
  { query: "code assistant", kind: "task", relevant: ["github-copilot", "cursor", "tabnine"] },
  { query: "voice cloning", kind: "task", relevant: ["elevenlabs", "murf-ai"] },
  { query: "clone my voice", kind: "task", relevant: ["elevenlabs", "murf-ai"] },
  { query: "make a song", kind: "task", relevant: ["suno"] },
  { query: "ai avatar videos", kind: "plural", relevant: ["synthesia", "heygen"] },
  { query: "learn a language", kind: "task", relevant: ["duolingo-max"] },
  { query: "ai tutor", kind: "task", relevant: ["khanmigo", "duolingo-max"] },
  { query: "flashcards", kind: "task", relevant: ["quizlet"] },
  { query: "budgeting", kind: "task", relevant: ["cleo"] },
  { query: "mental health", kind: "task", relevant: ["wysa"] },
  { query: "check my symptoms", kind: "task", relevant: ["ada-health"] },
  { query: "sales calls", kind: "plural", relevant: ["gong"] },
  { query: "customer support agents", kind: "plural", relevant: ["salesforce-agentforce", "hubspot-breeze"] },
  { query: "automate workflows", kind: "task", relevant: ["zapier"] },
  {
    query: "schedule social media posts",
    kind: "task",
    relevant: ["hootsuite-owlywriter-ai", "buffer-ai-assistant", "lately"],
  },
  { query: "search the web with sources", kind: "task", relevant: ["perplexity"] },
  { query: "edit a podcast", kind: "task", relevant: ["descript"] },
  { query: "financial research", kind: "task", relevant: ["alphasense", "kensho"] },
  { query: "text adventure game", kind: "task", relevant: ["ai-dungeon"] },
  { query: "translate videos", kind: "task", relevant: ["heygen", "synthesia"] },
  { query: "clinical notes", kind: "plural", relevant: ["abridge"] },
  { query: "marketing copy", kind: "task", relevant: ["jasper", "hubspot-breeze"] },

  // Another word for the same thing.
  { query: "tts", kind: "synonym", relevant: ["elevenlabs", "murf-ai", "descript", "synthesia", "inworld-ai"] },
  { query: "photo editing", kind: "synonym", relevant: ["adobe-firefly", "midjourney", "gpt-image-dall-e"] },
  { query: "run an llm locally", kind: "synonym", relevant: ["ollama"] },
  { query: "ai code editor", kind: "synonym", relevant: ["cursor", "github-copilot"] },
  { query: "music generator", kind: "synonym", relevant: ["suno"] },

  // Words that are the site's own filters or pages.
  {
    query: "free image generator",
    kind: "intent",
    relevant: ["gpt-image-dall-e", "stable-diffusion", "adobe-firefly"],
  },
  { query: "open source", kind: "intent", relevant: ["stable-diffusion", "hugging-face", "ollama"] },
  { query: "self-hosted", kind: "intent", relevant: ["stable-diffusion", "tabnine", "ollama"] },
  {
    query: "alternatives to midjourney",
    kind: "intent",
    relevant: ["gpt-image-dall-e", "stable-diffusion", "adobe-firefly"],
  },
  { query: "chatgpt vs claude", kind: "intent", relevant: ["chatgpt", "claude"] },
  { query: "image generation api", kind: "intent", relevant: ["gpt-image-dall-e", "stable-diffusion"] },
];
