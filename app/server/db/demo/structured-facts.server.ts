import { PLATFORMS, type Platform, type ToolFact, type ToolFacts } from "~/lib/tool-facts";

/**
 * The demo tools' structured facts (issue 32, decision 164), each read from the vendor's own
 * pricing, docs, download, privacy or trust page as of the day below. Only what those pages state
 * is here: a fact the demo cannot cite is left out and shows as unknown, never guessed. Vendors
 * change their plans and policies often; the seeded facts are a starting point with their sources.
 */
export const DEMO_FACTS_CHECKED_AT = "2026-11-27";

const fact = (value: ToolFact["value"], sourceUrl: string, detail = "", items: string[] = []): ToolFact => ({
  value,
  items,
  detail,
  sourceUrl,
  checkedAt: DEMO_FACTS_CHECKED_AT,
});
const yes = (sourceUrl: string, detail = "") => fact("yes", sourceUrl, detail);
const no = (sourceUrl: string, detail = "") => fact("no", sourceUrl, detail);
const optOut = (sourceUrl: string, detail = "") => fact("opt-out", sourceUrl, detail);
const list = (sourceUrl: string, ...items: string[]) => fact(null, sourceUrl, "", items);
/** Platforms, in the fixed order every reader lists them. */
const on = (sourceUrl: string, ...items: Platform[]) =>
  fact(
    null,
    sourceUrl,
    "",
    PLATFORMS.filter((platform) => items.includes(platform)),
  );
const text = (sourceUrl: string, detail: string) => fact(null, sourceUrl, detail);

export const demoStructuredFacts: Record<string, ToolFacts> = {
  chatgpt: {
    free_plan: yes("https://openai.com/chatgpt/pricing/", "Limited use of the flagship model, then a smaller one"),
    api: yes("https://platform.openai.com/docs", "https://platform.openai.com/docs"),
    platforms: on("https://openai.com/chatgpt/download/", "web", "ios", "android", "windows", "macos"),
    trains_on_your_data: optOut(
      "https://help.openai.com/en/articles/5722486-how-your-data-is-used-to-improve-model-performance",
      "Consumer chats unless 'Improve the model for everyone' is off; business plans and the API are not used",
    ),
    certifications: list("https://trust.openai.com/", "SOC 2 Type 2", "GDPR DPA"),
  },
  claude: {
    free_plan: yes("https://claude.com/pricing", "Usage limits that reset every few hours"),
    api: yes("https://docs.anthropic.com/", "https://docs.anthropic.com/"),
    platforms: on("https://claude.ai/download", "web", "ios", "android", "windows", "macos"),
    trains_on_your_data: optOut(
      "https://www.anthropic.com/news/updates-to-our-consumer-terms",
      "Consumer chats only when the training setting is on; commercial and API use is not trained on",
    ),
    data_retention: text(
      "https://www.anthropic.com/news/updates-to-our-consumer-terms",
      "Five years for chats used for training; 30 days otherwise",
    ),
    certifications: list("https://trust.anthropic.com/", "SOC 2 Type 2", "ISO 27001", "ISO 42001"),
  },
  jasper: {
    free_plan: no("https://www.jasper.ai/pricing", "A free trial, then a paid plan"),
    api: yes("https://developers.jasper.ai/", "https://developers.jasper.ai/"),
    certifications: list("https://www.jasper.ai/security", "SOC 2 Type 2"),
  },
  grammarly: {
    free_plan: yes("https://www.grammarly.com/plans", "Spelling, grammar and punctuation suggestions"),
    platforms: on("https://www.grammarly.com/desktop", "windows", "macos"),
    certifications: list("https://www.grammarly.com/trust", "SOC 2 Type 2", "ISO 27001", "ISO 27018"),
  },
  midjourney: {
    free_plan: no("https://docs.midjourney.com/docs/plans", "A paid subscription is needed to generate images"),
    platforms: on("https://www.midjourney.com/", "web"),
  },
  "gpt-image-dall-e": {
    api: yes(
      "https://platform.openai.com/docs/guides/image-generation",
      "https://platform.openai.com/docs/guides/image-generation",
    ),
    trains_on_your_data: no(
      "https://openai.com/enterprise-privacy/",
      "API data is not used for training unless you opt in",
    ),
    data_retention: text(
      "https://openai.com/enterprise-privacy/",
      "API inputs and outputs up to 30 days for abuse monitoring",
    ),
    certifications: list("https://trust.openai.com/", "SOC 2 Type 2"),
  },
  "stable-diffusion": {
    open_source: yes("https://stability.ai/license", "Stability AI Community License (open weights)"),
    self_hostable: yes("https://stability.ai/license", "The weights can be downloaded and run on your own hardware"),
    free_plan: yes("https://stability.ai/license", "Free for individuals and organisations under US$1M annual revenue"),
    api: yes("https://platform.stability.ai/docs/api-reference", "https://platform.stability.ai/docs/api-reference"),
  },
  "adobe-firefly": {
    free_plan: yes("https://www.adobe.com/products/firefly/plans.html", "A small number of monthly generative credits"),
    api: yes(
      "https://developer.adobe.com/firefly-services/docs/",
      "https://developer.adobe.com/firefly-services/docs/",
    ),
    platforms: on("https://www.adobe.com/products/firefly.html", "web", "ios", "android"),
    trains_on_your_data: no(
      "https://www.adobe.com/ai/overview/firefly/gen-ai-approach.html",
      "Firefly models are not trained on customers' content",
    ),
  },
  runway: {
    free_plan: yes("https://runwayml.com/pricing", "A one-time allowance of credits"),
    api: yes("https://docs.dev.runwayml.com/", "https://docs.dev.runwayml.com/"),
    platforms: on("https://runwayml.com/", "web", "ios"),
  },
  synthesia: {
    free_plan: yes("https://www.synthesia.io/pricing", "A few minutes of video a month"),
    api: yes("https://docs.synthesia.io/", "https://docs.synthesia.io/"),
    platforms: on("https://www.synthesia.io/", "web"),
    certifications: list("https://www.synthesia.io/security", "SOC 2 Type 2", "ISO 42001"),
  },
  pika: {
    free_plan: yes("https://pika.art/pricing", "Monthly video credits"),
    platforms: on("https://pika.art/", "web"),
  },
  heygen: {
    free_plan: yes("https://www.heygen.com/pricing", "A few short videos a month"),
    api: yes("https://docs.heygen.com/", "https://docs.heygen.com/"),
    certifications: list("https://www.heygen.com/security", "SOC 2 Type 2"),
  },
  elevenlabs: {
    free_plan: yes("https://elevenlabs.io/pricing", "Monthly credits, non-commercial use"),
    api: yes("https://elevenlabs.io/docs", "https://elevenlabs.io/docs"),
    certifications: list("https://elevenlabs.io/security", "SOC 2 Type 2", "ISO 27001", "HIPAA"),
  },
  descript: {
    free_plan: yes("https://www.descript.com/pricing", "A little transcription and export each month"),
    platforms: on("https://www.descript.com/download", "web", "windows", "macos"),
  },
  suno: {
    free_plan: yes("https://suno.com/pricing", "Daily credits, non-commercial use"),
    platforms: on("https://suno.com/", "web", "ios", "android"),
  },
  "murf-ai": {
    free_plan: yes("https://murf.ai/pricing", "Minutes of voice generation to try it, no downloads"),
    api: yes("https://murf.ai/api/docs", "https://murf.ai/api/docs"),
  },
  gong: {
    free_plan: no("https://www.gong.io/pricing/", "Priced per seat by quote"),
    platforms: on("https://www.gong.io/mobile-app/", "web", "ios", "android"),
    certifications: list("https://www.gong.io/trust-center/", "SOC 2 Type 2", "ISO 27001"),
  },
  "salesforce-agentforce": {
    api: yes("https://developer.salesforce.com/docs", "https://developer.salesforce.com/docs"),
    trains_on_your_data: no(
      "https://www.salesforce.com/artificial-intelligence/trusted-ai/",
      "The Einstein Trust Layer keeps prompts out of outside models' training",
    ),
    certifications: list("https://compliance.salesforce.com/", "SOC 2", "ISO 27001", "HIPAA"),
  },
  "hubspot-breeze": {
    free_plan: yes("https://www.hubspot.com/pricing", "Free CRM tools with some Breeze features"),
    api: yes("https://developers.hubspot.com/docs", "https://developers.hubspot.com/docs"),
    platforms: on("https://www.hubspot.com/products/crm/mobile", "web", "ios", "android"),
    certifications: list("https://trust.hubspot.com/", "SOC 2 Type 2", "ISO 27001"),
  },
  zapier: {
    free_plan: yes("https://zapier.com/pricing", "100 tasks a month, two-step Zaps"),
    api: yes("https://docs.zapier.com/", "https://docs.zapier.com/"),
    certifications: list("https://zapier.com/security", "SOC 2 Type 2", "SOC 3", "GDPR DPA"),
  },
  "github-copilot": {
    free_plan: yes("https://github.com/features/copilot/plans", "2,000 code completions and 50 chat requests a month"),
  },
  cursor: {
    free_plan: yes("https://cursor.com/pricing", "Hobby plan with limited agent requests and completions"),
    platforms: on("https://cursor.com/downloads", "windows", "macos", "linux"),
    trains_on_your_data: optOut("https://cursor.com/security", "Not with Privacy Mode on"),
    certifications: list("https://cursor.com/security", "SOC 2 Type 2"),
  },
  tabnine: {
    self_hostable: yes("https://www.tabnine.com/pricing", "On-premises or in your own VPC on the Enterprise plan"),
    trains_on_your_data: no("https://www.tabnine.com/code-privacy/", "Your code is not used to train its models"),
  },
  replit: {
    free_plan: yes("https://replit.com/pricing", "Starter plan with limited AI use and public apps"),
    platforms: on("https://replit.com/mobile", "web", "ios", "android"),
  },
  khanmigo: {
    free_plan: yes("https://www.khanmigo.ai/teachers", "Free for teachers; learners and parents subscribe"),
    platforms: on("https://www.khanmigo.ai/", "web"),
  },
  "duolingo-max": {
    free_plan: no("https://www.duolingo.com/max", "Max is a paid subscription; the basic courses are free"),
    platforms: on("https://www.duolingo.com/", "web", "ios", "android"),
  },
  quizlet: {
    free_plan: yes("https://quizlet.com/upgrade", "Flashcards and some study modes with ads"),
    platforms: on("https://quizlet.com/mobile", "web", "ios", "android"),
  },
  "character-ai": {
    free_plan: yes("https://character.ai/subscription/plus", "Chat for free; c.ai+ adds faster replies"),
    platforms: on("https://character.ai/", "web", "ios", "android"),
  },
  "ai-dungeon": {
    free_plan: yes("https://aidungeon.com/", "Free play with smaller models and context"),
    platforms: on("https://aidungeon.com/", "web", "ios", "android"),
  },
  "inworld-ai": {
    api: yes("https://docs.inworld.ai/", "https://docs.inworld.ai/"),
  },
  cleo: {
    free_plan: yes("https://www.meetcleo.com/pricing", "Budgeting chat free; Cleo Plus and Builder are paid"),
    platforms: on("https://www.meetcleo.com/", "ios", "android"),
  },
  alphasense: {
    free_plan: no("https://www.alpha-sense.com/pricing/", "A free trial, then an annual subscription"),
    certifications: list("https://www.alpha-sense.com/security/", "SOC 2 Type 2", "ISO 27001"),
  },
  kensho: {
    api: yes("https://docs.kensho.com/", "https://docs.kensho.com/"),
  },
  "ada-health": {
    free_plan: yes("https://ada.com/app/", "The symptom assessment app is free"),
    platforms: on("https://ada.com/app/", "ios", "android"),
  },
  wysa: {
    free_plan: yes("https://www.wysa.com/", "The AI chat is free; coaching and tools are premium"),
    platforms: on("https://www.wysa.com/", "ios", "android"),
  },
  abridge: {
    free_plan: no("https://www.abridge.com/", "Sold to health systems"),
    certifications: list("https://www.abridge.com/security", "HIPAA", "SOC 2 Type 2"),
  },
  gemini: {
    free_plan: yes("https://gemini.google/subscriptions/", "Gemini models with daily limits"),
    api: yes("https://ai.google.dev/gemini-api/docs", "https://ai.google.dev/gemini-api/docs"),
    platforms: on("https://gemini.google/", "web", "ios", "android"),
    trains_on_your_data: optOut(
      "https://support.google.com/gemini/answer/13594961",
      "Not with Gemini Apps Activity (Keep Activity) off",
    ),
    data_retention: text(
      "https://support.google.com/gemini/answer/13594961",
      "72 hours with activity off; chats reviewed by people up to three years",
    ),
  },
  "microsoft-copilot": {
    free_plan: yes(
      "https://www.microsoft.com/en-us/microsoft-copilot/for-individuals",
      "Free with a Microsoft account",
    ),
    platforms: on(
      "https://www.microsoft.com/en-us/microsoft-copilot/for-individuals",
      "web",
      "ios",
      "android",
      "windows",
      "macos",
    ),
    trains_on_your_data: optOut(
      "https://privacy.microsoft.com/en-us/privacystatement",
      "Model training can be turned off in settings",
    ),
  },
  "notion-ai": {
    free_plan: yes("https://www.notion.com/pricing", "The free plan includes a limited trial of Notion AI"),
    api: yes("https://developers.notion.com/", "https://developers.notion.com/"),
    platforms: on("https://www.notion.com/desktop", "web", "windows", "macos", "ios", "android"),
    trains_on_your_data: no(
      "https://www.notion.com/help/notion-ai-security-practices",
      "Workspace content is not used to train models",
    ),
    certifications: list("https://www.notion.com/security", "SOC 2 Type 2", "ISO 27001"),
  },
  "otter-ai": {
    free_plan: yes("https://otter.ai/pricing", "300 minutes a month, 30 minutes per conversation"),
    platforms: on("https://otter.ai/", "web", "ios", "android"),
    certifications: list("https://otter.ai/security", "SOC 2 Type 2"),
  },
  "fireflies-ai": {
    free_plan: yes("https://fireflies.ai/pricing", "Limited transcription credits and storage"),
    api: yes("https://docs.fireflies.ai/", "https://docs.fireflies.ai/"),
    certifications: list("https://fireflies.ai/security", "SOC 2 Type 2", "HIPAA", "GDPR DPA"),
  },
  "reclaim-ai": {
    free_plan: yes("https://reclaim.ai/pricing", "Lite plan for one calendar"),
    certifications: list("https://reclaim.ai/security", "SOC 2 Type 2"),
  },
  "hootsuite-owlywriter-ai": {
    free_plan: no("https://www.hootsuite.com/plans", "A free trial, then a paid plan"),
    platforms: on("https://www.hootsuite.com/mobile-apps", "web", "ios", "android"),
  },
  "buffer-ai-assistant": {
    free_plan: yes("https://buffer.com/pricing", "Up to three channels, AI Assistant included"),
    platforms: on("https://buffer.com/extensions", "web", "ios", "android", "browser-extension"),
  },
  lately: {
    platforms: on("https://www.lately.ai/", "web"),
  },
  perplexity: {
    free_plan: yes("https://www.perplexity.ai/pro", "Unlimited quick searches, a few Pro searches a day"),
    api: yes("https://docs.perplexity.ai/", "https://docs.perplexity.ai/"),
    platforms: on("https://www.perplexity.ai/", "web", "ios", "android"),
    trains_on_your_data: optOut(
      "https://www.perplexity.ai/hub/legal/privacy-policy",
      "The AI data retention setting can be turned off",
    ),
  },
  "hugging-face": {
    free_plan: yes("https://huggingface.co/pricing", "Public models, datasets and Spaces"),
    api: yes("https://huggingface.co/docs/inference-providers", "https://huggingface.co/docs/inference-providers"),
    certifications: list("https://huggingface.co/docs/hub/security", "SOC 2 Type 2", "GDPR DPA"),
  },
  ollama: {
    free_plan: yes("https://ollama.com/download", "Free to download and run models locally"),
    api: yes(
      "https://github.com/ollama/ollama/blob/main/docs/api.md",
      "https://github.com/ollama/ollama/blob/main/docs/api.md",
    ),
    open_source: yes("https://github.com/ollama/ollama", "MIT"),
    self_hostable: yes("https://github.com/ollama/ollama", "Runs on your own computer or server"),
    platforms: on("https://ollama.com/download", "macos", "windows", "linux"),
  },
};
