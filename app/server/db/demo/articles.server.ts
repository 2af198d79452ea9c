import type { ToolCategory } from "~/lib/categories";

/**
 * Demo blog articles used to seed a fresh Aitlas install.
 *
 * Content is HTML (500-900 words) using <h2>, <h3>, <p>, <ul>/<ol>/<li>, <strong>, <em>,
 * <blockquote>, <a> and <code>. A tool of the demo catalogue is linked by its page, `/tool/{slug}`
 * (so the seed links the article to it, decision 182); other links point only to well-known
 * official sites. Every article links at least one tool page.
 */
export type DemoArticle = {
  title: string;
  slug: string;
  category: ToolCategory;
  author: string;
  /** ISO date, e.g. "2026-10-14". */
  date: string;
  /** 1-2 sentences. */
  excerpt: string;
  /** HTML, 500-900 words. */
  content: string;
  /** About 200 words per minute, e.g. "5 min read". */
  readTime: string;
  section: string;
  metaTitle: string;
  /** At most 160 characters. */
  metaDescription: string;
  metaKeywords: string[];
};

export const demoArticles: DemoArticle[] = [
  {
    title: "How to Choose an AI Writing Assistant",
    slug: "how-to-choose-an-ai-writing-assistant",
    category: "Writing",
    author: "Maya Lindqvist",
    date: "2026-08-05",
    excerpt:
      "General chatbots, marketing platforms and grammar checkers all promise to help you write. Here is how to work out which kind of tool fits the writing you actually do.",
    content: `<p>AI writing tools now range from general-purpose chat assistants to specialised platforms for marketing copy, grammar checking and long-form drafting. Their features overlap more every year, which makes choosing harder rather than easier. The right choice depends less on which model is the most capable and more on what you write, where you write it and who else is involved.</p>
<h2>Start with the kind of writing you do</h2>
<p>Before comparing products, list the writing tasks that take most of your time. Most fall into a few groups:</p>
<ul>
<li><strong>Correcting and polishing</strong> existing text such as emails, reports and essays.</li>
<li><strong>Drafting from scratch</strong>: blog posts, product descriptions and first versions of documents.</li>
<li><strong>Repurposing</strong>: turning a long piece into summaries, social posts or newsletters.</li>
<li><strong>Research-heavy writing</strong>, where facts and sources matter most.</li>
</ul>
<p>Editing-focused tools such as <a href="/tool/grammarly">Grammarly</a> work inside the apps you already use and are strongest at the first group. General assistants such as <a href="/tool/chatgpt">ChatGPT</a>, <a href="/tool/claude">Claude</a> and <a href="/tool/gemini">Gemini</a> cover all four, but you have to bring your text to them. Marketing platforms such as <a href="/tool/jasper">Jasper</a> add brand voice settings, templates and team workflows on top of a language model.</p>
<h2>Five questions to ask</h2>
<h3>1. Where will you use it?</h3>
<p>A tool that lives in a separate browser tab adds friction. If most of your writing happens in email, a word processor or a content management system, check whether the assistant offers a browser extension, a desktop app or an integration with those tools. Built-in assistants, such as the AI features in Google Workspace, Microsoft 365 or Notion, may be good enough if your organisation already pays for them.</p>
<h3>2. How well does it handle your voice?</h3>
<p>Generic AI text tends to sound alike: balanced, polite and a little bland. Look for ways to provide style guidance, such as custom instructions, saved brand voice profiles or example documents. Test this with your own material instead of relying on demos.</p>
<h3>3. How does it deal with facts?</h3>
<p>Language models can produce confident statements that are wrong, a problem usually called <em>hallucination</em>. For factual writing, prefer tools that cite sources or work from documents you provide, and plan to check every claim, figure and quotation yourself.</p>
<h3>4. What happens to your text?</h3>
<p>Read the privacy policy and data settings. The key questions are whether your inputs may be used to train models, how long they are kept, and whether business plans offer different terms. This matters most for client work, unpublished material and anything covered by a confidentiality agreement.</p>
<h3>5. What does it really cost?</h3>
<p>Many tools have a free tier with usage limits, and paid plans commonly charge per user per month. Check what counts against the limits, whether annual and monthly billing differ, and whether the features you need are only available in higher tiers.</p>
<h2>Run a short, fair trial</h2>
<p>The most reliable way to choose is to test two or three candidates on the same real tasks:</p>
<ol>
<li>Pick three typical tasks, for example rewriting a rough email, outlining an article and summarising a long document.</li>
<li>Use the same instructions and source material in each tool.</li>
<li>Judge the results on accuracy, tone, how much editing they needed and how long the whole process took.</li>
<li>Ask a colleague to review the outputs without knowing which tool produced them.</li>
</ol>
<blockquote>A good writing assistant should save you editing time, not create a new job of fixing its output.</blockquote>
<h2>Use AI as a collaborator, not an author</h2>
<p>People who get the most from these tools tend to use them for specific steps: brainstorming angles, producing a rough first draft, suggesting cuts or checking clarity. They keep responsibility for the argument, the facts and the final wording. Some publishers, schools and clients have rules about AI-generated text, so check any disclosure requirements before you submit work.</p>
<h2>Quick recommendations by need</h2>
<ul>
<li><strong>Everyday correction and tone checks:</strong> an editing assistant that works across your apps.</li>
<li><strong>Flexible drafting and analysis:</strong> a general assistant, on a paid plan if you use it daily.</li>
<li><strong>Marketing teams with brand guidelines:</strong> a dedicated content platform with shared voice settings and approvals.</li>
<li><strong>Writing based on sources:</strong> a tool that cites its sources or works from your uploaded documents.</li>
</ul>
<p>Browse the <strong>Writing</strong> category of the Aitlas directory to compare features, pricing and limitations side by side.</p>`,
    readTime: "4 min read",
    section: "Guides",
    metaTitle: "How to Choose an AI Writing Assistant | Aitlas",
    metaDescription:
      "Grammar checkers, general chatbots or marketing platforms? Five questions and a simple trial process to pick the right AI writing assistant.",
    metaKeywords: ["AI writing assistant", "ChatGPT", "Claude", "Grammarly", "Jasper", "AI writing tools"],
  },
  {
    title: "Comparing AI Image Generators: Midjourney, GPT Image and Stable Diffusion",
    slug: "comparing-ai-image-generators-midjourney-gpt-image-and-stable-diffusion",
    category: "Image",
    author: "Daniel Okafor",
    date: "2026-08-21",
    excerpt:
      "Three of the best-known image generators take very different approaches to quality, control, cost and privacy. This comparison helps you decide which one suits your work.",
    content: `<p>Three names come up in almost every conversation about AI image generation: Midjourney, OpenAI's image models (first DALL-E, now GPT Image inside ChatGPT) and Stable Diffusion. All of them turn a text prompt into a picture, but they are built for different people and make different trade-offs between quality, control, cost and privacy.</p>
<h2>At a glance</h2>
<ul>
<li><strong><a href="/tool/midjourney">Midjourney</a></strong> is a paid subscription service, used through its website or Discord, known for polished and stylised images.</li>
<li><strong><a href="/tool/gpt-image-dall-e">GPT Image</a></strong> is built into <a href="/tool/chatgpt">ChatGPT</a> and available to developers through the OpenAI API. You create and edit images by conversation.</li>
<li><strong><a href="/tool/stable-diffusion">Stable Diffusion</a></strong>, from Stability AI, is a family of open-weight models that you can run on your own hardware or through hosted services.</li>
</ul>
<h2>Image quality and style</h2>
<p>Midjourney is popular with artists and designers because its default output tends to look finished, with considered lighting, composition and texture. Its style controls, including style references and a stylisation parameter, suit concept art and mood boards.</p>
<p>GPT Image is generally good at following long, specific instructions, such as placing particular objects in particular positions, and it renders readable text in images, which has long been a weak point for image models. That makes it useful for mock-ups, diagrams, posters and social graphics.</p>
<p>Stable Diffusion's quality depends heavily on the model version, fine-tuned checkpoint and settings you use. Out of the box it may need more prompt work, but the community has produced specialised models for photography, illustration, animation styles and much more.</p>
<h2>Control and editing</h2>
<p>This is where the three differ most:</p>
<ul>
<li><strong>Midjourney</strong> offers variations, upscaling, region editing and reference images, all within its own interface.</li>
<li><strong>GPT Image</strong> lets you edit by asking for changes in plain language. This is intuitive but less precise than pixel-level tools.</li>
<li><strong>Stable Diffusion</strong> offers the most control. ControlNet can guide an image from a sketch, pose or depth map, and LoRA adapters can teach the model a specific character, product or style. Interfaces such as ComfyUI expose the whole generation pipeline as editable nodes.</li>
</ul>
<h2>Cost and access</h2>
<p>Midjourney requires a monthly subscription, with tiers that differ mainly in how much fast generation time you get. GPT Image is available with limits in ChatGPT's free tier and with higher limits on paid plans, while developers pay per use through the API. Stable Diffusion models can be downloaded, and Stability AI's community license allows free use for individuals and organisations below a revenue threshold. Running them locally costs nothing beyond hardware and electricity, although you need a capable graphics card for reasonable speed.</p>
<h2>Privacy and ownership</h2>
<p>On Midjourney, images appear in the public gallery unless you use Stealth Mode, which is only available on higher plans. In ChatGPT, your prompts and images are handled according to OpenAI's data policies and your account settings. Running Stable Diffusion locally means prompts and images never leave your machine, which can matter for unreleased products or client work.</p>
<p>Copyright rules for AI-generated images are still developing and vary by country. Each service has its own terms for commercial use, so read them before using images in products or advertising. Some providers, including OpenAI, attach <a href="https://c2pa.org">C2PA</a> provenance metadata that identifies images as AI-generated.</p>
<h2>Which should you choose?</h2>
<ul>
<li><strong>Choose Midjourney</strong> if you want attractive, stylised images quickly and are happy to pay a subscription.</li>
<li><strong>Choose GPT Image</strong> if you want to describe and refine images in conversation, need text in your images or already use ChatGPT.</li>
<li><strong>Choose Stable Diffusion</strong> if you need privacy, fine-grained control or custom training, and are comfortable with a technical setup.</li>
</ul>
<blockquote>The best test is simple: run the same five prompts from your real work through each tool and compare the results side by side.</blockquote>
<p>Other options are worth a look too, including <a href="/tool/adobe-firefly">Adobe Firefly</a>, which Adobe says is trained on licensed and public domain content and which is built into Photoshop and other Creative Cloud apps. You can compare all of them in the <strong>Image</strong> category of the Aitlas directory.</p>`,
    readTime: "4 min read",
    section: "Comparisons",
    metaTitle: "Midjourney vs GPT Image vs Stable Diffusion: AI Image Generators Compared",
    metaDescription:
      "How Midjourney, OpenAI's GPT Image and Stable Diffusion compare on image quality, control, cost, privacy and licensing, and which one fits your work.",
    metaKeywords: ["AI image generator", "Midjourney", "GPT Image", "DALL-E", "Stable Diffusion", "Adobe Firefly"],
  },
  {
    title: "Running Open Models Locally with Ollama",
    slug: "running-open-models-locally-with-ollama",
    category: "Other",
    author: "Priya Raman",
    date: "2026-09-03",
    excerpt:
      "Ollama makes it easy to run open-weight language models on your own computer. Here is what you need, how to start, and where local models fit next to cloud services.",
    content: `<p><a href="/tool/ollama">Ollama</a> is a free, open-source tool that makes it simple to download and run large language models on your own computer. Running a model locally means your prompts and documents stay on your machine, you can work offline, and you pay nothing per request. This guide covers what you need, how to get started and where local models fit compared with cloud services.</p>
<h2>What you need</h2>
<p>Ollama runs on macOS, Windows and Linux. The main constraint is memory: a model's weights must fit in RAM, or ideally in your graphics card's video memory, to run at a usable speed. As a rough guide:</p>
<ul>
<li>Small models with a few billion parameters run on most modern laptops.</li>
<li>Mid-sized models are more capable but need more memory, and benefit from a dedicated GPU or an Apple Silicon Mac with plenty of unified memory.</li>
<li>The largest open models need workstation or server hardware.</li>
</ul>
<p>Most models in the Ollama library are offered in <em>quantized</em> versions, which store weights at lower precision. Quantization reduces memory use substantially at the cost of some quality, and it is what makes local use practical on ordinary hardware.</p>
<h2>Getting started</h2>
<ol>
<li>Download and install Ollama from the official website.</li>
<li>Open a terminal and run a model, for example <code>ollama run llama3.2</code>. The first run downloads the model; later runs start from the local copy.</li>
<li>Type a prompt and press Enter. Type <code>/bye</code> to leave the chat.</li>
</ol>
<p>Other useful commands include <code>ollama pull</code> to download a model without starting a chat, <code>ollama list</code> to see installed models and <code>ollama rm</code> to delete one. Browse the <a href="https://ollama.com/library">model library</a> to see what is available, including families such as Llama, Gemma, Mistral, Qwen and DeepSeek, plus specialised models for coding and embeddings.</p>
<h2>Using local models from other apps</h2>
<p>Ollama runs a local server, by default on port <code>11434</code>, with a REST API. It also offers compatibility with parts of the OpenAI API, so many tools written for cloud models can use a local model by changing the base URL. Common uses include:</p>
<ul>
<li>Chat interfaces such as Open WebUI that give a familiar chat experience on top of local models.</li>
<li>Code editor extensions that use a local model for completions or chat.</li>
<li>Retrieval-augmented generation (RAG) projects that answer questions about your own documents using an embedding model and a chat model.</li>
</ul>
<h2>Customising models</h2>
<p>A <strong>Modelfile</strong> lets you create a variant of a model with your own system prompt and parameters such as temperature and context length. For example, you could create a model that always answers in a particular format or acts as a reviewer for a specific kind of document, then run it by name like any other model. You can also import compatible weights, such as GGUF files published on <a href="/tool/hugging-face">Hugging Face</a>.</p>
<h2>Local versus cloud: honest trade-offs</h2>
<p>Local models have clear advantages: privacy, offline access, predictable cost and freedom to experiment. They also have limits:</p>
<ul>
<li>The largest frontier models from commercial providers are generally more capable than what fits on a typical personal computer.</li>
<li>Speed depends on your hardware, and long prompts on a laptop can be slow.</li>
<li>You are responsible for choosing and updating models and checking their licenses, which range from permissive open-source terms to custom licenses with usage restrictions.</li>
</ul>
<blockquote>A practical approach is to use local models for private or repetitive tasks, and cloud models when you need the most capable reasoning.</blockquote>
<h2>Security tips</h2>
<ul>
<li>By default the Ollama server listens only on your own machine. Think carefully before exposing it to a network, because the API has no built-in authentication.</li>
<li>Download models from sources you trust and read their model cards.</li>
<li>Remember that local does not mean reliable: local models can hallucinate just like cloud models.</li>
</ul>
<p>Ollama is one of several ways to run models locally; alternatives include LM Studio and llama.cpp, the project Ollama originally built on. For most people who want to try open models with minimal setup, it is a sensible place to start.</p>`,
    readTime: "4 min read",
    section: "Guides",
    metaTitle: "Running Open Models Locally with Ollama: A Beginner's Guide",
    metaDescription:
      "Run open-weight language models on your own computer with Ollama: hardware needs, first commands, the local API, Modelfiles and local vs cloud trade-offs.",
    metaKeywords: ["Ollama", "local LLM", "open-weight models", "run AI locally", "quantization", "Hugging Face"],
  },
  {
    title: "AI Coding Assistants in 2026: What to Look For",
    slug: "ai-coding-assistants-in-2026-what-to-look-for",
    category: "Development",
    author: "Tomas Berg",
    date: "2026-09-17",
    excerpt:
      "Coding assistants now edit whole projects, run commands and open pull requests. These are the criteria that matter when choosing one for yourself or your team.",
    content: `<p>AI coding assistants have moved well beyond autocomplete. Current tools can chat about a codebase, edit many files at once, run tests and open pull requests. That makes them more useful, and it also raises the stakes of choosing well. This guide explains the main types of tools and the criteria that matter when you evaluate them.</p>
<h2>Three kinds of assistant</h2>
<h3>Editor plugins</h3>
<p>Extensions such as <a href="/tool/github-copilot">GitHub Copilot</a> and <a href="/tool/tabnine">Tabnine</a> add completions and chat to editors you already use, including Visual Studio Code and JetBrains IDEs. They are the least disruptive option for teams with established tooling.</p>
<h3>AI-native editors</h3>
<p>Editors such as <a href="/tool/cursor">Cursor</a> are built around AI from the start, with codebase indexing and agents that can plan and apply multi-file changes. Switching editors has a cost, but the integration can be tighter.</p>
<h3>Agents and app builders</h3>
<p>Command-line agents and cloud platforms such as <a href="/tool/replit">Replit</a> take a task described in plain language and carry it out with less step-by-step supervision, from scaffolding a project to deploying it. They suit prototypes and well-defined tasks, but their output still needs review.</p>
<h2>What to evaluate</h2>
<h3>Quality on your code, not on demos</h3>
<p>Public benchmarks give a rough sense of model capability, but they rarely match your stack, conventions and domain. Test candidates on real tickets from your backlog: a bug fix, a small feature and a refactor. Note how often the changes compile, pass tests and follow your project's patterns.</p>
<h3>Context and codebase awareness</h3>
<p>An assistant's answers depend heavily on what it can see. Check how it indexes your repository, whether it can read documentation and issue trackers, and whether you can give it project rules, such as preferred libraries or style conventions.</p>
<h3>Control over agents</h3>
<p>Agents that edit files and run commands are powerful but can make sweeping changes. Look for clear diffs, the ability to approve commands before they run, checkpoints you can roll back to, and sandboxing for anything near production credentials.</p>
<h3>Privacy, security and licensing</h3>
<ul>
<li>Does the vendor retain your code, and is it used for training? Business plans often have different terms from individual ones.</li>
<li>Can the tool run in your own cloud or on premises if your policies require it?</li>
<li>Does it offer filters or references for suggestions that match public code, to help manage license risk?</li>
<li>Are there admin controls for which models and features developers may use?</li>
</ul>
<h3>Pricing model</h3>
<p>Pricing has shifted from flat subscriptions towards usage allowances, where more expensive models or long agent runs consume more of your quota. Estimate costs from a pilot rather than the headline price, and check what happens when limits are reached.</p>
<h2>Use them safely</h2>
<p>AI-generated code deserves the same scrutiny as code from a new colleague. Good habits include:</p>
<ol>
<li>Keep tests and continuous integration as the gatekeeper, and never merge code you have not run.</li>
<li>Review for security issues such as injection flaws, unsafe deserialisation and secrets committed to code. Guidance from <a href="https://owasp.org">OWASP</a> makes a useful checklist.</li>
<li>Watch for invented APIs and package names. An assistant may suggest a dependency that does not exist, and an attacker could register that name on a public registry.</li>
<li>Ask the assistant to explain unfamiliar code, so that you understand what you ship.</li>
</ol>
<blockquote>The aim is not to write less code you understand, but to spend less time on code you already know how to write.</blockquote>
<h2>Bottom line</h2>
<p>For individual developers, trying the free tiers of two or three tools for a couple of weeks is the fastest way to decide. For teams, run a structured pilot with a small group, agree on review rules for AI-generated changes, and involve security and legal colleagues early. You can compare the options in the <strong>Development</strong> category of the Aitlas directory.</p>`,
    readTime: "4 min read",
    section: "Guides",
    metaTitle: "AI Coding Assistants in 2026: What to Look For | Aitlas",
    metaDescription:
      "Editor plugins, AI-native editors or autonomous agents? How to evaluate AI coding assistants on quality, context, control, privacy and pricing.",
    metaKeywords: ["AI coding assistant", "GitHub Copilot", "Cursor", "Tabnine", "Replit", "AI code review"],
  },
  {
    title: "Privacy Checklist Before You Adopt an AI Tool",
    slug: "privacy-checklist-before-you-adopt-an-ai-tool",
    category: "Business",
    author: "Aitlas Editorial Team",
    date: "2026-10-01",
    excerpt:
      "Most AI tools need your data to be useful. Ask these questions about training, retention, security and compliance before you sign up.",
    content: `<p>Adding an AI tool to your workflow usually means sending it data: documents, emails, customer records, code or recordings. Before you or your organisation adopts one, it is worth spending an hour on due diligence. This checklist covers the questions we recommend asking, grouped by topic. It is general information, not legal advice.</p>
<h2>1. Data use and training</h2>
<ul>
<li>Are your inputs and outputs used to train or improve the vendor's models? Is this on by default, and can you opt out?</li>
<li>Do consumer, team and enterprise plans have different data terms? They often do.</li>
<li>Can people at the vendor read your conversations, for example for abuse monitoring or quality review?</li>
</ul>
<h2>2. Retention and deletion</h2>
<ul>
<li>How long are prompts, files and outputs stored?</li>
<li>Can you delete individual items and your whole account, and is data removed from backups within a stated period?</li>
<li>Are zero data retention options available for API or enterprise customers?</li>
</ul>
<h2>3. Where data goes</h2>
<ul>
<li>In which countries is data stored and processed, and is regional data residency available?</li>
<li>Which subprocessors are involved? Many AI tools are built on another company's models, so your data may pass through more than one provider.</li>
<li>If the tool uses plugins, connectors or web browsing, what is shared with those third parties?</li>
</ul>
<h2>4. Security</h2>
<ul>
<li>Does the vendor hold independent certifications or audit reports, such as ISO/IEC 27001 or SOC 2?</li>
<li>Is single sign-on supported, and can administrators manage users and permissions?</li>
<li>Are audit logs available to show who accessed what?</li>
<li>Is data encrypted in transit and at rest?</li>
</ul>
<h2>5. Permissions and connected data</h2>
<p>Assistants that connect to email, file storage or a CRM can be very useful, but they also widen what the tool can see. Check that the assistant respects existing access permissions, so it cannot surface a document to someone who could not open it directly. Review the scopes an integration requests and grant only what is needed.</p>
<h2>6. Legal and regulatory fit</h2>
<ul>
<li>If you handle personal data of people in the European Union or the UK, does the vendor offer a data processing agreement consistent with the <a href="https://commission.europa.eu/law/law-topic/data-protection_en">GDPR</a>?</li>
<li>For health information in the United States, will the vendor sign a business associate agreement under HIPAA?</li>
<li>Do sector or regional rules, such as the EU AI Act, affect how you may use the tool?</li>
<li>Who owns the outputs, and what do the terms say about intellectual property and indemnity?</li>
</ul>
<h2>7. Meeting and voice tools</h2>
<p>Notetakers and transcription tools need special care because they capture other people. Recording laws differ between countries and, in the United States, between states; some require the consent of every participant. Make sure participants know when a bot joins a call, and check where recordings are stored and who can access them.</p>
<h2>8. Internal policy</h2>
<ul>
<li>Decide which classes of data may go into which tools, for example public, internal, confidential and restricted.</li>
<li>Provide an approved tool, so that staff are less tempted to use personal accounts for work.</li>
<li>Train people to recognise AI errors and to check outputs before relying on them.</li>
<li>Review the decision periodically, because vendor terms and features change.</li>
</ul>
<blockquote>If a vendor cannot answer these questions clearly and in writing, treat that as an answer in itself.</blockquote>
<h2>Useful frameworks</h2>
<p>For a structured approach to AI risk more broadly, the <a href="https://www.nist.gov/itl/ai-risk-management-framework">NIST AI Risk Management Framework</a> is a voluntary framework that many organisations use as a reference. Self-hosted and local options, such as running open models with <a href="/tool/ollama">Ollama</a>, can reduce exposure for sensitive workloads, although they shift responsibility for security onto you.</p>`,
    readTime: "3 min read",
    section: "Guides",
    metaTitle: "AI Tool Privacy Checklist: Questions to Ask Before You Adopt",
    metaDescription:
      "A practical privacy checklist for adopting AI tools: model training, data retention, subprocessors, security, permissions, GDPR and internal policy.",
    metaKeywords: ["AI privacy", "data protection", "GDPR", "AI governance", "vendor due diligence", "NIST AI RMF"],
  },
  {
    title: "Text-to-Speech and Voice Cloning: Uses and Ethics",
    slug: "text-to-speech-and-voice-cloning-uses-and-ethics",
    category: "Audio",
    author: "Priya Raman",
    date: "2026-10-14",
    excerpt:
      "Synthetic voices can make content accessible and easy to localise, and they can also be used to deceive. Here is how the technology works and how to use it responsibly.",
    content: `<p>Synthetic speech has improved considerably in recent years. Modern text-to-speech (TTS) systems can produce narration that many listeners find hard to distinguish from a human recording, and voice cloning can reproduce a particular person's voice from a sample. These capabilities open up useful possibilities and raise real ethical questions.</p>
<h2>How it works, briefly</h2>
<p>TTS models are trained on large amounts of recorded speech paired with transcripts. Given new text, they predict how it would sound when spoken, including rhythm, intonation and emphasis. Voice cloning adapts a model to a specific speaker. Some services offer quick cloning from a short sample, while higher-quality clones are trained on longer, cleaner recordings.</p>
<h2>Legitimate uses</h2>
<ul>
<li><strong>Accessibility:</strong> screen readers and read-aloud features help people with visual impairments or reading difficulties. People who expect to lose their ability to speak, for example because of motor neurone disease, can record their voice in advance and keep using a version of it.</li>
<li><strong>Content production:</strong> narration for training videos, explainers and audiobooks, which is easy to update when a script changes. Tools such as <a href="/tool/elevenlabs">ElevenLabs</a> and <a href="/tool/murf-ai">Murf AI</a> are used for this work.</li>
<li><strong>Localisation:</strong> dubbing a video into other languages, sometimes in a voice that resembles the original speaker.</li>
<li><strong>Editing:</strong> correcting a misspoken word in a podcast without re-recording, a feature offered by editors such as <a href="/tool/descript">Descript</a>.</li>
<li><strong>Products and games:</strong> voice interfaces, assistants and dialogue for characters.</li>
</ul>
<h2>The risks</h2>
<h3>Impersonation and fraud</h3>
<p>A cloned voice can be used to impersonate someone in a phone call or voice message, for example in scams claiming that a relative is in trouble or that an executive needs an urgent payment. Consumer protection agencies, including the US <a href="https://www.ftc.gov">Federal Trade Commission</a>, have warned the public about voice cloning scams.</p>
<h3>Consent and likeness</h3>
<p>A person's voice is part of their identity. Cloning it without permission can harm their reputation or livelihood, a particular concern for voice actors and public figures. Laws on voice and likeness rights differ between countries and are still developing.</p>
<h3>Misinformation</h3>
<p>Synthetic audio of politicians or other public figures saying things they never said can spread quickly, and audio is often harder to verify than video.</p>
<h2>What responsible providers do</h2>
<p>When you evaluate a voice tool, look for:</p>
<ul>
<li>Verification steps that require a speaker to confirm consent before a high-quality clone of their voice is created.</li>
<li>Policies that prohibit cloning voices without permission, with enforcement and reporting channels.</li>
<li>Restrictions on cloning the voices of prominent public figures.</li>
<li>Tools to detect or label generated audio, such as watermarking or a classifier for the provider's own output.</li>
<li>Clear licensing terms for commercial use of generated speech.</li>
</ul>
<h2>Guidelines for using synthetic voices</h2>
<ol>
<li><strong>Get written consent</strong> from anyone whose voice you clone, stating where and how it will be used.</li>
<li><strong>Disclose</strong> synthetic voices to listeners where it may matter to them, such as in news, advertising or customer service.</li>
<li><strong>Respect performers:</strong> if you work with voice actors, agree on terms for AI use in their contracts.</li>
<li><strong>Protect yourself:</strong> agree on a family code word for urgent requests by phone, and verify unusual payment requests through a second channel.</li>
</ol>
<blockquote>The question is not only whether a voice sounds real, but whether the people involved agreed to it and whether the audience knows what it is hearing.</blockquote>
<h2>Choosing a tool</h2>
<p>For most narration work you do not need cloning at all: a library of stock voices is simpler and avoids consent issues. If you do need a custom voice, compare providers on quality in your languages, pricing per character or minute, commercial rights and the strength of their safeguards. The <strong>Audio</strong> category of the Aitlas directory lists the main options.</p>`,
    readTime: "4 min read",
    section: "Explainers",
    metaTitle: "Text-to-Speech and Voice Cloning: Uses, Risks and Ethics",
    metaDescription:
      "How AI text-to-speech and voice cloning work, where they help, the risks of impersonation and fraud, and practical guidelines for using synthetic voices.",
    metaKeywords: ["text-to-speech", "voice cloning", "AI voice", "synthetic speech", "deepfake audio", "ElevenLabs"],
  },
  {
    title: "A Beginner's Glossary of AI Terms",
    slug: "a-beginner-s-glossary-of-ai-terms",
    category: "Education",
    author: "Aitlas Editorial Team",
    date: "2026-10-28",
    excerpt:
      "Tokens, context windows, RAG, open weights: product pages for AI tools are full of jargon. This glossary explains the terms you are most likely to meet, in plain language.",
    content: `<p>Product pages for AI tools are full of jargon. This glossary explains the terms you are most likely to meet when comparing tools, in plain language and without the hype.</p>
<h2>The basics</h2>
<p><strong>Artificial intelligence (AI):</strong> a broad term for computer systems that perform tasks usually associated with human intelligence, such as understanding language, recognising images or making predictions.</p>
<p><strong>Machine learning:</strong> a branch of AI in which systems learn patterns from data rather than following hand-written rules.</p>
<p><strong>Neural network:</strong> a kind of machine learning model made of layers of simple connected units. <em>Deep learning</em> refers to networks with many layers.</p>
<p><strong>Generative AI:</strong> AI that creates new content, such as text, images, audio, video or code, rather than only classifying or analysing existing content.</p>
<h2>Language models</h2>
<p><strong>Large language model (LLM):</strong> a neural network trained on very large amounts of text to predict what comes next. LLMs power chat assistants such as <a href="/tool/chatgpt">ChatGPT</a>, <a href="/tool/claude">Claude</a> and <a href="/tool/gemini">Gemini</a>.</p>
<p><strong>Transformer:</strong> the neural network architecture, described by Google researchers in 2017, on which most modern language models are built.</p>
<p><strong>Token:</strong> the unit of text a model reads and writes, often a word or part of a word. Usage limits and API prices are frequently measured in tokens.</p>
<p><strong>Context window:</strong> the maximum amount of text, measured in tokens, that a model can consider at once, including your prompt, attached documents and its reply.</p>
<p><strong>Prompt:</strong> the instructions or question you give a model. A <em>system prompt</em> holds background instructions, usually set by the app or developer, that shape behaviour throughout a conversation.</p>
<p><strong>Multimodal:</strong> able to work with more than one type of input or output, such as text and images together.</p>
<p><strong>Reasoning model:</strong> a model designed to work through a problem in intermediate steps before answering, which can help with maths, coding and planning at the cost of speed.</p>
<h2>Training and customisation</h2>
<p><strong>Parameters:</strong> the internal numerical values a model learns during training. Model size is often described by parameter count, for example 8 billion.</p>
<p><strong>Fine-tuning:</strong> further training of an existing model on a smaller, specialised dataset to adapt it to a task or style. <em>LoRA</em> (low-rank adaptation) is a lightweight method that trains a small add-on instead of the whole model.</p>
<p><strong>Open-weight model:</strong> a model whose trained parameters are published so anyone can download and run it, subject to its license. Open-weight is not always the same as open source, because training data and code may not be released.</p>
<p><strong>Quantization:</strong> storing a model's parameters at lower precision to reduce memory use, so larger models can run on ordinary hardware with some loss of quality.</p>
<h2>Using models in products</h2>
<p><strong>Inference:</strong> running a trained model to produce an output. When you chat with an assistant, the service is performing inference.</p>
<p><strong>API:</strong> an application programming interface that lets developers send requests to a model from their own software.</p>
<p><strong>Embedding:</strong> a list of numbers that represents the meaning of a piece of text or an image. Similar content has similar embeddings, which makes them useful for search.</p>
<p><strong>Retrieval-augmented generation (RAG):</strong> a technique that first searches a collection of documents for relevant passages and then gives them to the model, so answers can draw on specific, up-to-date sources.</p>
<p><strong>AI agent:</strong> a system in which a model plans steps and uses tools, such as web search, code execution or other apps, to complete a task with limited supervision.</p>
<p><strong>MCP (Model Context Protocol):</strong> an open protocol, introduced by Anthropic, for connecting AI assistants to external tools and data sources in a standard way.</p>
<h2>Images, audio and video</h2>
<p><strong>Diffusion model:</strong> a generative model that creates images or video by starting from random noise and refining it step by step. <a href="/tool/stable-diffusion">Stable Diffusion</a> is a well-known example.</p>
<p><strong>Inpainting and outpainting:</strong> using a generative model to edit part of an image, or to extend it beyond its original borders.</p>
<p><strong>Text-to-speech (TTS):</strong> technology that converts written text into spoken audio. <em>Voice cloning</em> adapts it to sound like a specific person.</p>
<h2>Risks and safety</h2>
<p><strong>Hallucination:</strong> when a model produces information that sounds plausible but is false or unsupported, such as an invented citation.</p>
<p><strong>Bias:</strong> systematic unfairness in a model's outputs, often reflecting patterns in its training data.</p>
<p><strong>Guardrails:</strong> rules and filters that limit what a model will produce or do.</p>
<p><strong>Prompt injection:</strong> an attack in which hidden instructions, for example inside a web page or document, try to make a model ignore its original instructions.</p>
<p><strong>Deepfake:</strong> synthetic media that realistically shows a person saying or doing something they did not.</p>
<p><strong>Content provenance:</strong> information attached to media that records how it was created or edited. The <a href="https://c2pa.org">C2PA</a> standard is one widely supported approach to labelling AI-generated content.</p>
<blockquote>When a product page uses a term you do not recognise, it is fair to ask the vendor what it means for you in practice.</blockquote>`,
    readTime: "4 min read",
    section: "Explainers",
    metaTitle: "A Beginner's Glossary of AI Terms: LLMs, Tokens, RAG and More",
    metaDescription:
      "Plain-language definitions of common AI terms: large language models, tokens, context windows, fine-tuning, open weights, RAG, agents and hallucinations.",
    metaKeywords: ["AI glossary", "AI terms", "large language model", "tokens", "RAG", "AI for beginners"],
  },
  {
    title: "AI Meeting Assistants: What to Check Before You Record",
    slug: "ai-meeting-assistants-what-to-check-before-you-record",
    category: "Productivity",
    author: "Maya Lindqvist",
    date: "2026-11-11",
    excerpt:
      "AI notetakers can free you to focus on the conversation, but they also capture other people's words. Here is how to compare them and use them considerately.",
    content: `<p>AI meeting assistants join your video calls, record them and produce transcripts, summaries and action items. Standalone tools such as <a href="/tool/otter-ai">Otter.ai</a> and <a href="/tool/fireflies-ai">Fireflies.ai</a>, and the assistants built into major video platforms, have made this routine in many workplaces. Used well, they let people concentrate on the conversation. Used carelessly, they create privacy problems and an archive nobody reads.</p>
<h2>Standalone notetaker or built-in assistant?</h2>
<p>Video platforms now include their own AI features, such as <a href="/tool/microsoft-copilot">Microsoft 365 Copilot</a> in Teams and <a href="/tool/gemini">Gemini</a> in Google Meet, usually on business plans. Built-in assistants avoid an extra bot in the call and keep data within a platform you already use. Standalone notetakers work across several platforms, can handle uploaded recordings and in-person meetings, and often offer richer search, analytics and integrations with CRM or project tools.</p>
<p>If your organisation uses a single video platform, start by checking what its built-in option offers. If you meet on several platforms, or need sales-call analytics, a standalone tool may fit better.</p>
<h2>What to compare</h2>
<h3>Transcript quality</h3>
<p>Accuracy varies with audio quality, accents, technical vocabulary and people talking over each other. Test tools on recordings of your own meetings, check how well they identify speakers, and see whether you can add custom vocabulary.</p>
<h3>Summaries and action items</h3>
<p>A summary is only useful if it is correct. Check whether summaries link back to the moment in the transcript they are based on, so you can verify them quickly, and whether action items are assigned to the right people.</p>
<h3>Search across meetings</h3>
<p>Many tools let you ask questions across all recorded meetings, such as what was decided about a project. This can be valuable, but the answers are only as good as the tool's ability to find the relevant passages.</p>
<h3>Integrations</h3>
<p>Consider where notes should end up: a CRM, a project tracker, a shared document or a team chat. Automatic syncing saves time, but it also spreads meeting content into more systems.</p>
<h2>Consent and etiquette</h2>
<p>Recording laws vary. Some jurisdictions require the consent of everyone in a conversation, and workplace policies or collective agreements may add requirements. Whatever the law says, good practice includes:</p>
<ul>
<li>Announce the notetaker at the start of the call and make it easy to opt out.</li>
<li>Configure bots so they do not automatically join meetings you did not mean to record, such as one-to-ones, HR conversations or calls with external parties who have not been told.</li>
<li>Avoid recording sensitive discussions about health, performance or legal matters unless there is a clear reason and agreement.</li>
</ul>
<h2>Data handling</h2>
<ul>
<li>Who in your organisation can see recordings and transcripts by default? Restrict sharing to participants where possible.</li>
<li>How long are recordings kept? Set a retention period instead of keeping everything indefinitely.</li>
<li>Does the vendor use recordings to train models, and can you opt out?</li>
<li>Where is data stored, and does the vendor offer the agreements your organisation needs, such as a data processing agreement?</li>
</ul>
<blockquote>A meeting assistant should make it easier to remember what was agreed, not turn every conversation into a permanent record by default.</blockquote>
<h2>Getting value from it</h2>
<ol>
<li>Review and correct the summary soon after the meeting, while you still remember what happened.</li>
<li>Share the summary, not the full recording, with people who could not attend.</li>
<li>Record for specific needs, such as interviews, customer research or training, rather than every call.</li>
<li>Revisit your settings every few months, as features and policies change.</li>
</ol>
<p>You can compare notetakers and meeting assistants in the <strong>Productivity</strong> category of the Aitlas directory.</p>`,
    readTime: "3 min read",
    section: "Guides",
    metaTitle: "AI Meeting Assistants: What to Check Before You Record | Aitlas",
    metaDescription:
      "How to compare AI meeting notetakers on transcripts, summaries and integrations, and how to handle consent, retention and privacy when recording calls.",
    metaKeywords: [
      "AI meeting assistant",
      "AI notetaker",
      "Otter.ai",
      "Fireflies.ai",
      "meeting transcription",
      "recording consent",
    ],
  },
];
