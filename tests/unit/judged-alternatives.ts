/**
 * Issue 32's judged set: for each demo tool, the demo tools a person would accept as an alternative
 * to it, judged by what the tools are for (the job someone hires them for), not by which tags or
 * category the catalogue gives them. Written before any tuning of the ranking (2026-11-27) and not
 * to be edited to fit its results: a judgement that turns out wrong is corrected with its reason in
 * the commit message.
 *
 * `relevant` is every acceptable alternative, the obvious ones first; `obvious` (when given) are
 * those a person expects at the top: the first three listed must all come from `relevant`, and the
 * `obvious` ones must be among the first three. `unrelated` names tools a person would call
 * unrelated that a tag-counting ranking tends to list (a judged list must never show them); any
 * tool not in `relevant` counts against precision either way.
 */
export type JudgedAlternatives = {
  tool: string;
  relevant: string[];
  obvious?: string[];
  unrelated?: string[];
};

export const JUDGED_ALTERNATIVES: JudgedAlternatives[] = [
  // General assistants: the chat assistants are each other's alternatives; an answer engine is close.
  {
    tool: "chatgpt",
    relevant: ["claude", "gemini", "microsoft-copilot", "perplexity"],
    obvious: ["claude", "gemini"],
    unrelated: ["ada-health", "wysa", "cleo", "pika", "suno", "character-ai", "khanmigo", "reclaim-ai"],
  },
  {
    tool: "claude",
    relevant: ["chatgpt", "gemini", "microsoft-copilot", "perplexity"],
    obvious: ["chatgpt", "gemini"],
    unrelated: ["ada-health", "wysa", "cleo", "kensho"],
  },
  {
    tool: "gemini",
    relevant: ["chatgpt", "claude", "microsoft-copilot", "perplexity"],
    obvious: ["chatgpt", "claude", "microsoft-copilot"],
    unrelated: ["reclaim-ai", "otter-ai", "pika"],
  },
  {
    tool: "microsoft-copilot",
    relevant: ["chatgpt", "gemini", "claude", "perplexity"],
    obvious: ["chatgpt", "gemini"],
    unrelated: ["reclaim-ai", "github-copilot"],
  },
  {
    tool: "perplexity",
    relevant: ["chatgpt", "microsoft-copilot", "gemini", "claude"],
    unrelated: ["hugging-face", "ollama", "ada-health"],
  },
  // Writing.
  {
    tool: "jasper",
    relevant: ["hubspot-breeze", "chatgpt", "claude", "grammarly", "hootsuite-owlywriter-ai", "lately"],
    unrelated: ["midjourney", "gong"],
  },
  {
    tool: "grammarly",
    relevant: ["jasper", "chatgpt", "claude", "notion-ai"],
    unrelated: ["duolingo-max", "ollama"],
  },
  // Images.
  {
    tool: "midjourney",
    relevant: ["gpt-image-dall-e", "stable-diffusion", "adobe-firefly", "chatgpt", "gemini", "microsoft-copilot"],
    obvious: ["gpt-image-dall-e", "stable-diffusion", "adobe-firefly"],
    unrelated: ["synthesia", "heygen", "suno", "descript"],
  },
  {
    tool: "gpt-image-dall-e",
    relevant: ["midjourney", "stable-diffusion", "adobe-firefly", "chatgpt", "gemini", "microsoft-copilot"],
    obvious: ["midjourney", "stable-diffusion", "adobe-firefly"],
  },
  {
    tool: "stable-diffusion",
    relevant: ["midjourney", "gpt-image-dall-e", "adobe-firefly"],
    obvious: ["midjourney", "gpt-image-dall-e", "adobe-firefly"],
    unrelated: ["ollama", "tabnine", "hugging-face"],
  },
  {
    tool: "adobe-firefly",
    relevant: ["midjourney", "gpt-image-dall-e", "stable-diffusion", "runway"],
    obvious: ["midjourney", "gpt-image-dall-e"],
  },
  // Video.
  {
    tool: "runway",
    relevant: ["pika", "adobe-firefly", "descript"],
    obvious: ["pika"],
    unrelated: ["midjourney", "chatgpt", "gemini"],
  },
  {
    tool: "pika",
    relevant: ["runway", "adobe-firefly"],
    obvious: ["runway"],
    unrelated: ["chatgpt", "suno", "buffer-ai-assistant"],
  },
  {
    tool: "synthesia",
    relevant: ["heygen"],
    obvious: ["heygen"],
    unrelated: ["midjourney", "gemini", "pika", "suno", "zapier"],
  },
  {
    tool: "heygen",
    relevant: ["synthesia", "elevenlabs"],
    obvious: ["synthesia"],
    unrelated: ["jasper", "midjourney"],
  },
  // Audio.
  {
    tool: "elevenlabs",
    relevant: ["murf-ai", "descript", "heygen"],
    obvious: ["murf-ai"],
    unrelated: ["suno", "otter-ai", "fireflies-ai", "gong", "kensho", "abridge", "stable-diffusion"],
  },
  {
    tool: "murf-ai",
    relevant: ["elevenlabs", "descript"],
    obvious: ["elevenlabs"],
    unrelated: ["suno", "zapier"],
  },
  {
    tool: "descript",
    relevant: ["runway", "elevenlabs", "otter-ai"],
    unrelated: ["suno", "gong"],
  },
  {
    tool: "suno",
    relevant: [],
    unrelated: ["elevenlabs", "descript", "murf-ai", "chatgpt", "pika"],
  },
  // Business.
  {
    tool: "gong",
    relevant: ["fireflies-ai", "otter-ai", "salesforce-agentforce", "hubspot-breeze"],
    unrelated: ["kensho", "abridge", "elevenlabs"],
  },
  {
    tool: "salesforce-agentforce",
    relevant: ["hubspot-breeze", "zapier", "gong"],
    obvious: ["hubspot-breeze"],
    unrelated: ["cursor", "github-copilot", "replit"],
  },
  {
    tool: "hubspot-breeze",
    relevant: ["salesforce-agentforce", "jasper", "zapier", "gong"],
    obvious: ["salesforce-agentforce"],
    unrelated: ["cursor", "replit"],
  },
  {
    tool: "zapier",
    relevant: ["salesforce-agentforce", "hubspot-breeze"],
    unrelated: ["cursor", "github-copilot", "grammarly", "reclaim-ai"],
  },
  // Development.
  {
    tool: "cursor",
    relevant: ["github-copilot", "tabnine", "replit"],
    obvious: ["github-copilot", "tabnine", "replit"],
    unrelated: ["zapier", "grammarly", "salesforce-agentforce", "hubspot-breeze", "notion-ai"],
  },
  {
    tool: "github-copilot",
    relevant: ["cursor", "tabnine", "replit"],
    obvious: ["cursor", "tabnine", "replit"],
    unrelated: ["microsoft-copilot", "zapier", "grammarly"],
  },
  {
    tool: "tabnine",
    relevant: ["github-copilot", "cursor", "replit"],
    obvious: ["github-copilot", "cursor"],
    unrelated: ["ollama", "stable-diffusion"],
  },
  {
    tool: "replit",
    relevant: ["cursor", "github-copilot", "tabnine"],
    obvious: ["cursor", "github-copilot"],
    unrelated: ["khanmigo", "duolingo-max", "quizlet"],
  },
  // Education.
  {
    tool: "khanmigo",
    relevant: ["quizlet", "duolingo-max"],
    unrelated: ["replit", "character-ai", "cleo"],
  },
  {
    tool: "duolingo-max",
    relevant: ["khanmigo", "quizlet"],
    unrelated: ["character-ai", "ai-dungeon", "replit"],
  },
  {
    tool: "quizlet",
    relevant: ["khanmigo", "duolingo-max"],
    unrelated: ["alphasense", "replit"],
  },
  // Entertainment.
  {
    tool: "character-ai",
    relevant: ["ai-dungeon"],
    obvious: ["ai-dungeon"],
    unrelated: ["duolingo-max", "ada-health", "wysa", "cleo"],
  },
  {
    tool: "ai-dungeon",
    relevant: ["character-ai"],
    obvious: ["character-ai"],
    unrelated: ["duolingo-max"],
  },
  {
    tool: "inworld-ai",
    relevant: ["elevenlabs", "character-ai"],
    unrelated: ["murf-ai", "zapier"],
  },
  // Finance.
  { tool: "cleo", relevant: [], unrelated: ["chatgpt", "ada-health", "wysa", "alphasense", "kensho"] },
  {
    tool: "alphasense",
    relevant: ["kensho", "perplexity"],
    obvious: ["kensho"],
    unrelated: ["cleo", "quizlet", "claude"],
  },
  { tool: "kensho", relevant: ["alphasense"], obvious: ["alphasense"], unrelated: ["cleo", "abridge", "gong"] },
  // Health.
  { tool: "ada-health", relevant: [], unrelated: ["chatgpt", "cleo", "abridge", "character-ai"] },
  { tool: "wysa", relevant: [], unrelated: ["chatgpt", "cleo", "abridge", "character-ai"] },
  { tool: "abridge", relevant: [], unrelated: ["ada-health", "wysa", "gong", "kensho", "elevenlabs"] },
  // Productivity.
  {
    tool: "notion-ai",
    relevant: ["microsoft-copilot", "gemini", "otter-ai", "fireflies-ai", "grammarly"],
    unrelated: ["reclaim-ai", "zapier", "replit"],
  },
  {
    tool: "otter-ai",
    relevant: ["fireflies-ai", "notion-ai", "gong", "descript"],
    obvious: ["fireflies-ai"],
    unrelated: ["elevenlabs", "kensho", "abridge", "alphasense", "quizlet", "claude"],
  },
  {
    tool: "fireflies-ai",
    relevant: ["otter-ai", "gong", "notion-ai"],
    obvious: ["otter-ai"],
    unrelated: ["elevenlabs", "kensho", "abridge", "alphasense", "quizlet"],
  },
  { tool: "reclaim-ai", relevant: [], unrelated: ["buffer-ai-assistant", "lately", "zapier", "notion-ai", "gemini"] },
  // Social media.
  {
    tool: "hootsuite-owlywriter-ai",
    relevant: ["buffer-ai-assistant", "lately", "jasper"],
    obvious: ["buffer-ai-assistant", "lately"],
    unrelated: ["reclaim-ai", "pika"],
  },
  {
    tool: "buffer-ai-assistant",
    relevant: ["hootsuite-owlywriter-ai", "lately", "jasper"],
    obvious: ["hootsuite-owlywriter-ai", "lately"],
    unrelated: ["reclaim-ai", "pika"],
  },
  {
    tool: "lately",
    relevant: ["hootsuite-owlywriter-ai", "buffer-ai-assistant", "jasper"],
    obvious: ["hootsuite-owlywriter-ai", "buffer-ai-assistant"],
    unrelated: ["reclaim-ai", "pika"],
  },
  // Other.
  { tool: "hugging-face", relevant: ["ollama"], unrelated: ["perplexity", "stable-diffusion"] },
  { tool: "ollama", relevant: ["hugging-face"], unrelated: ["perplexity", "stable-diffusion", "tabnine"] },
];
