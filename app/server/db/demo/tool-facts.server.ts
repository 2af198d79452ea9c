import type { PricingModel } from "~/lib/pricing-model";

/**
 * Short facts about the demo tools in ./tools.server.ts: a tagline, how each tool charges and
 * a few shared tags.
 *
 * Like the rest of the demo catalogue, these are neutral, approximate facts as of 2025. Pricing
 * models and starting prices follow each tool's pricing plans in ./tools.server.ts; prices change
 * often, so the seeded data is a starting point, not a source of truth.
 */
/**
 * `kind` says what the tag tells about a tool (decision 169): unset for a job (what the tool is
 * for), "field" for who it is made for, "generic" for a platform, plan or kind of access, which
 * alternatives never count. An alternative's reason names the shared job with the description.
 */
export type DemoTag = { name: string; slug: string; description: string; kind?: "field" | "generic" };

/** About 40 tags shared by the demo tools. */
export const demoTags: DemoTag[] = [
  // ------------------------------------------------ Access and deployment
  {
    name: "API",
    slug: "api",
    kind: "generic",
    description: "Offers an API so developers can use the tool's models or features in their own software.",
  },
  {
    name: "Open source",
    slug: "open-source",
    kind: "generic",
    description: "Publishes its code or model weights under a license that lets anyone download and use them.",
  },
  {
    name: "Self-hosted",
    slug: "self-hosted",
    kind: "generic",
    description: "Can run on your own computer or servers, so data does not have to leave your machines.",
  },
  {
    name: "Browser extension",
    slug: "browser-extension",
    kind: "generic",
    description: "Works inside the web browser through an extension, on the sites you already use.",
  },
  {
    name: "Mobile app",
    slug: "mobile-app",
    kind: "generic",
    description: "Available as an app for phones or tablets.",
  },
  {
    name: "Desktop app",
    slug: "desktop-app",
    kind: "generic",
    description: "Available as an installable app for desktop operating systems.",
  },
  {
    name: "Team plans",
    slug: "team-plans",
    kind: "generic",
    description: "Offers plans for small teams with shared workspaces, collaboration or central billing.",
  },
  {
    name: "Enterprise",
    slug: "enterprise",
    kind: "generic",
    description: "Sold to larger organizations, with contracts, admin controls, security or compliance features.",
  },
  {
    name: "Integrations",
    slug: "integrations",
    kind: "generic",
    description: "Connects with other software, such as office suites, CRMs, calendars or game engines.",
  },

  // ------------------------------------------------ Media
  { name: "Image generation", slug: "image-generation", description: "Creates images from text prompts." },
  {
    name: "Image editing",
    slug: "image-editing",
    description: "Changes existing images with AI, for example by filling, replacing or restyling regions.",
  },
  {
    name: "Video generation",
    slug: "video-generation",
    description: "Creates video clips from text, images or scripts.",
  },
  {
    name: "Video editing",
    slug: "video-editing",
    description: "Edits existing footage with AI tools such as effects, object replacement or text-based cutting.",
  },
  {
    name: "Avatars",
    slug: "avatars",
    description: "Produces videos in which a digital presenter speaks a typed script.",
  },
  {
    name: "Translation",
    slug: "translation",
    description: "Translates or dubs content into other languages.",
  },
  {
    name: "Text to speech",
    slug: "text-to-speech",
    description: "Turns written text into spoken audio with synthetic voices.",
  },
  {
    name: "Voice cloning",
    slug: "voice-cloning",
    description: "Creates a synthetic copy of a voice from recorded samples.",
  },
  {
    name: "Transcription",
    slug: "transcription",
    description: "Converts speech in recordings or live calls into text.",
  },
  {
    name: "Audio generation",
    slug: "audio-generation",
    description: "Generates music, sound effects or other audio from prompts.",
  },
  {
    name: "Audio editing",
    slug: "audio-editing",
    description: "Edits recorded or generated audio, for example cleaning up speech or reworking sections of a track.",
  },

  // ------------------------------------------------ Code and automation
  {
    name: "Code completion",
    slug: "code-completion",
    description: "Suggests code as developers type in their editor.",
  },
  {
    name: "AI agents",
    slug: "ai-agents",
    description: "Runs AI agents that carry out multi-step tasks, such as editing files or acting in business apps.",
  },
  {
    name: "Workflow automation",
    slug: "workflow-automation",
    description: "Automates multi-step business processes across apps or records.",
  },

  // ------------------------------------------------ Assistants and knowledge work
  { name: "Chatbot", slug: "chatbot", description: "Works mainly through a conversation in natural language." },
  {
    name: "Web search",
    slug: "web-search",
    description: "Searches the web and answers with information from the pages it finds.",
  },
  {
    name: "Research",
    slug: "research",
    description: "Gathers information from many sources and compiles answers or reports with references.",
  },
  {
    name: "Summarization",
    slug: "summarization",
    description: "Condenses long documents, meetings or material into shorter summaries, notes or guides.",
  },
  {
    name: "Document analysis",
    slug: "document-analysis",
    description: "Reads uploaded or indexed documents, such as PDFs, filings or notes, and works with their content.",
  },
  {
    name: "Writing assistant",
    slug: "writing-assistant",
    description: "Drafts, edits or rewrites text such as articles, emails and posts.",
  },
  {
    name: "Meeting notes",
    slug: "meeting-notes",
    description: "Records meetings or calls and produces transcripts, summaries and action items.",
  },
  {
    name: "Scheduling",
    slug: "scheduling",
    description: "Plans when things happen, from calendar events and focus time to queued social media posts.",
  },
  {
    name: "Analytics",
    slug: "analytics",
    description: "Turns activity data, such as calls, spending or posts, into dashboards, metrics or insights.",
  },

  // ------------------------------------------------ Fields and audiences
  { name: "Education", slug: "education", kind: "field", description: "Made for learners, students or teachers." },
  {
    name: "Tutoring",
    slug: "tutoring",
    description: "Guides learners with explanations, hints and practice instead of only giving answers.",
  },
  {
    name: "Healthcare",
    slug: "healthcare",
    kind: "field",
    description: "Supports health, wellbeing or clinical work, without replacing medical professionals.",
  },
  {
    name: "Finance",
    slug: "finance",
    kind: "field",
    description: "Works with money, such as personal budgets or financial data and research.",
  },
  {
    name: "Games",
    slug: "games",
    description: "Used to play or build games, from text adventures to game characters.",
  },
  {
    name: "Role-play",
    slug: "role-play",
    description: "Lets users act out conversations or stories with AI characters.",
  },
  {
    name: "Social media",
    slug: "social-media",
    description: "Creates or manages content for social networks such as Instagram, LinkedIn or TikTok.",
  },
  {
    name: "Marketing",
    slug: "marketing",
    description: "Used by marketing teams to produce campaigns, copy or promotional content.",
  },
  { name: "Sales", slug: "sales", description: "Helps sales teams with prospects, deals, calls or pipeline tracking." },
  {
    name: "Customer support",
    slug: "customer-support",
    description: "Answers customer questions or helps service teams handle requests.",
  },
];

export type DemoToolFacts = {
  /** One sentence, at most 120 characters, no trailing period. */
  tagline: string;
  pricingModel: PricingModel;
  /** 3 to 6 tag slugs from demoTags. */
  tags: string[];
};

/** Keyed by the demo tool's slug. */
export const demoToolFacts: Record<string, DemoToolFacts> = {
  // ------------------------------------------------ Writing
  chatgpt: {
    tagline: "Conversational assistant for writing, questions, file analysis and coding",
    pricingModel: "freemium",
    tags: ["chatbot", "writing-assistant", "web-search", "image-generation", "document-analysis", "mobile-app"],
  },
  claude: {
    tagline: "AI assistant for writing, analysis and coding that handles long documents",
    pricingModel: "freemium",
    tags: ["chatbot", "writing-assistant", "summarization", "document-analysis", "api", "desktop-app"],
  },
  jasper: {
    tagline: "Generates on-brand marketing copy for blogs, ads, emails and social posts",
    pricingModel: "paid",
    tags: ["writing-assistant", "marketing", "browser-extension", "team-plans", "integrations"],
  },
  grammarly: {
    tagline: "Checks grammar, spelling and tone, and rewrites text wherever you type",
    pricingModel: "freemium",
    tags: ["writing-assistant", "browser-extension", "desktop-app", "mobile-app", "enterprise"],
  },

  // ------------------------------------------------ Image
  midjourney: {
    tagline: "Generates stylized images from text prompts, with editing and style controls",
    pricingModel: "paid",
    tags: ["image-generation", "image-editing", "video-generation"],
  },
  "gpt-image-dall-e": {
    tagline: "OpenAI's image model for creating and editing images in ChatGPT or through the API",
    pricingModel: "freemium",
    tags: ["image-generation", "image-editing", "api"],
  },
  "stable-diffusion": {
    tagline: "Open-weight image generation models you can run locally or through an API",
    pricingModel: "freemium",
    tags: ["image-generation", "open-source", "self-hosted", "api"],
  },
  "adobe-firefly": {
    tagline: "Adobe's generative models for images, vectors, video and audio across Creative Cloud",
    pricingModel: "freemium",
    tags: ["image-generation", "image-editing", "video-generation", "audio-generation", "integrations"],
  },

  // ------------------------------------------------ Video
  runway: {
    tagline: "Generates and edits video clips from text, images and existing footage",
    pricingModel: "freemium",
    tags: ["video-generation", "video-editing", "api", "mobile-app"],
  },
  synthesia: {
    tagline: "Creates presenter videos with AI avatars from a typed script, in many languages",
    pricingModel: "freemium",
    tags: ["avatars", "video-generation", "translation", "team-plans", "enterprise"],
  },
  pika: {
    tagline: "Makes short stylized video clips and effects from text prompts or images",
    pricingModel: "freemium",
    tags: ["video-generation", "video-editing", "mobile-app", "social-media"],
  },
  heygen: {
    tagline: "Creates avatar videos from scripts and translates videos with lip-synced dubbing",
    pricingModel: "freemium",
    tags: ["avatars", "video-generation", "translation", "api", "marketing"],
  },

  // ------------------------------------------------ Audio
  elevenlabs: {
    tagline: "Text to speech, voice cloning, dubbing and transcription for creators and developers",
    pricingModel: "freemium",
    tags: ["text-to-speech", "voice-cloning", "transcription", "translation", "api"],
  },
  descript: {
    tagline: "Edits audio and video by editing the transcript, with tools for cleaning up recordings",
    pricingModel: "freemium",
    tags: ["video-editing", "audio-editing", "transcription", "text-to-speech", "desktop-app"],
  },
  suno: {
    tagline: "Generates complete songs with vocals and lyrics from a text description",
    pricingModel: "freemium",
    tags: ["audio-generation", "audio-editing", "mobile-app"],
  },
  "murf-ai": {
    tagline: "Turns scripts into voiceovers with adjustable AI voices for videos and presentations",
    pricingModel: "freemium",
    tags: ["text-to-speech", "voice-cloning", "translation", "api", "integrations"],
  },

  // ------------------------------------------------ Business
  gong: {
    tagline: "Records and analyses sales calls to surface deal risks, coaching moments and forecasts",
    pricingModel: "contact",
    tags: ["sales", "transcription", "meeting-notes", "analytics", "integrations", "enterprise"],
  },
  "salesforce-agentforce": {
    tagline: "Builds AI agents that answer customers and take actions inside Salesforce",
    pricingModel: "contact",
    tags: ["ai-agents", "sales", "customer-support", "workflow-automation", "enterprise"],
  },
  "hubspot-breeze": {
    tagline: "AI assistant and agents for marketing, sales and service work inside HubSpot",
    pricingModel: "freemium",
    tags: ["ai-agents", "marketing", "sales", "customer-support", "writing-assistant"],
  },
  zapier: {
    tagline: "Connects thousands of apps with automated workflows, AI steps and agents",
    pricingModel: "freemium",
    tags: ["workflow-automation", "integrations", "ai-agents", "team-plans", "enterprise"],
  },

  // ------------------------------------------------ Development
  "github-copilot": {
    tagline: "Suggests code, answers questions and makes multi-file changes in your editor",
    pricingModel: "freemium",
    tags: ["code-completion", "ai-agents", "team-plans", "enterprise"],
  },
  cursor: {
    tagline: "VS Code-based editor with AI autocomplete, codebase chat and an editing agent",
    pricingModel: "freemium",
    tags: ["code-completion", "ai-agents", "desktop-app", "team-plans", "enterprise"],
  },
  tabnine: {
    tagline: "Code completion and chat that companies can run in their own cloud or on premises",
    pricingModel: "paid",
    tags: ["code-completion", "self-hosted", "enterprise"],
  },
  replit: {
    tagline: "Builds, runs and deploys apps in the browser, with an agent that writes the code",
    pricingModel: "freemium",
    tags: ["ai-agents", "code-completion", "mobile-app", "team-plans", "enterprise"],
  },

  // ------------------------------------------------ Education
  khanmigo: {
    tagline: "Khan Academy's AI tutor for students and teaching assistant for teachers",
    pricingModel: "freemium",
    tags: ["education", "tutoring", "chatbot"],
  },
  "duolingo-max": {
    tagline: "Duolingo tier that adds AI explanations and conversation practice to language lessons",
    pricingModel: "freemium",
    tags: ["education", "tutoring", "role-play", "mobile-app"],
  },
  quizlet: {
    tagline: "Flashcards, practice tests and study guides, including ones generated from your notes",
    pricingModel: "freemium",
    tags: ["education", "document-analysis", "summarization"],
  },

  // ------------------------------------------------ Entertainment
  "character-ai": {
    tagline: "Chat and role-play with AI characters made by the community or by you",
    pricingModel: "freemium",
    tags: ["chatbot", "role-play", "mobile-app"],
  },
  "ai-dungeon": {
    tagline: "Text adventure game where the AI narrates what happens after each action you type",
    pricingModel: "freemium",
    tags: ["games", "role-play", "mobile-app"],
  },
  "inworld-ai": {
    tagline: "Developer tools for AI game characters, text to speech and real-time voice apps",
    pricingModel: "paid",
    tags: ["games", "text-to-speech", "api", "integrations", "enterprise"],
  },

  // ------------------------------------------------ Finance
  cleo: {
    tagline: "Chat-based budgeting app that analyses spending and helps set savings goals",
    pricingModel: "freemium",
    tags: ["finance", "chatbot", "analytics"],
  },
  alphasense: {
    tagline: "Searches and summarizes filings, transcripts and research for market intelligence",
    pricingModel: "contact",
    tags: ["finance", "research", "summarization", "document-analysis", "analytics", "enterprise"],
  },
  kensho: {
    tagline: "S&P Global's AI tools for transcribing, extracting and linking financial data",
    pricingModel: "contact",
    tags: ["finance", "transcription", "document-analysis", "api", "enterprise"],
  },

  // ------------------------------------------------ Health
  "ada-health": {
    tagline: "Asks about your symptoms and suggests possible causes and next steps",
    pricingModel: "free",
    tags: ["healthcare", "chatbot", "mobile-app"],
  },
  wysa: {
    tagline: "Mental health chatbot with CBT-based exercises for stress, anxiety and sleep",
    pricingModel: "freemium",
    tags: ["healthcare", "chatbot", "mobile-app"],
  },
  abridge: {
    tagline: "Turns recorded clinician-patient conversations into draft clinical notes",
    pricingModel: "contact",
    tags: ["healthcare", "transcription", "integrations", "enterprise"],
  },

  // ------------------------------------------------ Productivity
  gemini: {
    tagline: "Google's assistant for questions, writing, research and work across Google apps",
    pricingModel: "freemium",
    tags: ["chatbot", "writing-assistant", "research", "image-generation", "document-analysis", "mobile-app"],
  },
  "microsoft-copilot": {
    tagline: "Microsoft's assistant for web answers and for work inside Microsoft 365 apps",
    pricingModel: "freemium",
    tags: ["chatbot", "web-search", "writing-assistant", "image-generation", "ai-agents", "integrations"],
  },
  "notion-ai": {
    tagline: "Writes, summarizes, searches and takes meeting notes inside your Notion workspace",
    pricingModel: "free-trial",
    tags: ["writing-assistant", "summarization", "meeting-notes", "integrations", "ai-agents", "team-plans"],
  },
  "otter-ai": {
    tagline: "Transcribes meetings live and produces summaries and action items",
    pricingModel: "freemium",
    tags: ["meeting-notes", "transcription", "summarization", "mobile-app", "team-plans"],
  },
  "fireflies-ai": {
    tagline: "Meeting bot that records, transcribes and summarizes calls, with conversation analytics",
    pricingModel: "freemium",
    tags: ["meeting-notes", "transcription", "summarization", "analytics", "integrations", "mobile-app"],
  },
  "reclaim-ai": {
    tagline: "Schedules tasks, habits and focus time on your calendar automatically",
    pricingModel: "freemium",
    tags: ["scheduling", "integrations", "analytics", "team-plans"],
  },

  // ------------------------------------------------ Social Media
  "hootsuite-owlywriter-ai": {
    tagline: "Writes social media captions and post ideas inside Hootsuite's scheduler",
    pricingModel: "paid",
    tags: ["social-media", "marketing", "writing-assistant", "scheduling", "enterprise"],
  },
  "buffer-ai-assistant": {
    tagline: "Drafts, rewrites and repurposes social posts inside Buffer's scheduling tool",
    pricingModel: "freemium",
    tags: ["social-media", "writing-assistant", "scheduling", "analytics", "team-plans"],
  },
  lately: {
    tagline: "Turns blogs, podcasts and videos into social media posts and clips",
    pricingModel: "paid",
    tags: ["social-media", "marketing", "scheduling"],
  },

  // ------------------------------------------------ Other
  perplexity: {
    tagline: "Answer engine that searches the web and replies with cited sources",
    pricingModel: "freemium",
    tags: ["web-search", "research", "chatbot", "document-analysis", "api"],
  },
  "hugging-face": {
    tagline: "Hub of open models, datasets and demos, with libraries and hosted inference",
    pricingModel: "freemium",
    tags: ["open-source", "api", "team-plans", "enterprise"],
  },
  ollama: {
    tagline: "Downloads and runs open language models on your own computer",
    pricingModel: "freemium",
    tags: ["open-source", "self-hosted", "api", "desktop-app"],
  },
};
