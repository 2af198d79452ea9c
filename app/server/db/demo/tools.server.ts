import type { ToolCategory } from "~/lib/categories";
import type { Pricing } from "~/lib/pricing";

/**
 * Demo catalogue used to seed a fresh Aitlas install.
 *
 * Descriptions are neutral summaries (HTML, 100-200 words). Prices are approximate
 * as of 2025 and change often: the seeded data is a starting point, not a source of truth.
 */
export type DemoTool = {
  name: string;
  /** Lower case, runs of non-alphanumerics collapsed to one hyphen, no leading/trailing hyphen. */
  slug: string;
  category: ToolCategory;
  /** The official https URL. */
  website: string;
  /** HTML: 2-3 <p> paragraphs, 100-200 words in total. Only <p>, <strong>, <em>. */
  description: string;
  features: string[];
  /** The first two appear on cards: keep them under 40 characters. */
  pros: string[];
  cons: string[];
  pricing: Pricing;
  metaTitle: string;
};

export const demoTools: DemoTool[] = [
  // ---------------------------------------------------------------- Writing
  {
    name: "ChatGPT",
    slug: "chatgpt",
    category: "Writing",
    website: "https://chatgpt.com",
    description: `<p><strong>ChatGPT</strong> is a conversational AI assistant developed by OpenAI and first released to the public in November 2022. It is built on OpenAI's GPT family of large language models and can be used in a web browser, in desktop apps and in mobile apps.</p>
<p>Users type or speak requests and receive answers in natural language. Common uses include drafting and editing text, summarizing documents, brainstorming, answering questions, writing and explaining code, and analysing uploaded files such as spreadsheets and PDFs. Depending on the plan, it can also search the web, generate images and work with custom assistants known as GPTs.</p>
<p>ChatGPT is used by students, writers, developers and businesses. A free tier is available with usage limits, while paid individual, team and enterprise plans offer higher limits, access to more capable models and administrative controls.</p>`,
    features: [
      "Conversational drafting, editing and summarizing",
      "File and spreadsheet analysis",
      "Web search with cited sources",
      "Image generation inside the chat",
      "Custom GPTs and project workspaces",
      "Voice conversations on mobile and desktop",
    ],
    pros: ["Handles a very wide range of tasks", "Useful free tier", "Apps for web, desktop and mobile"],
    cons: [
      "Can state incorrect information confidently",
      "Best models and higher limits require a paid plan",
      "Data handling settings need review for business use",
    ],
    pricing: [
      { plan: "Free", price: "$0", details: "Access to a default model with usage limits" },
      {
        plan: "Plus",
        price: "$20/month",
        details: "Higher limits and access to more capable models",
        features: ["Image generation", "Deep research", "Voice mode"],
      },
      { plan: "Pro", price: "$200/month", details: "Highest usage limits for individuals" },
      { plan: "Business", price: "About $25-30/user/month", details: "Shared workspace and admin controls" },
      {
        plan: "Enterprise",
        price: "Contact sales",
        details: "Security, compliance and support for large organizations",
      },
    ],
    metaTitle: "ChatGPT – Conversational AI Assistant by OpenAI",
  },
  {
    name: "Claude",
    slug: "claude",
    category: "Writing",
    website: "https://claude.ai",
    description: `<p><strong>Claude</strong> is an AI assistant made by Anthropic, an AI safety and research company founded in 2021. Claude is available on the web, as desktop and mobile apps, and through an API that developers use to build their own applications.</p>
<p>Claude handles writing, editing, summarization, analysis, question answering and coding tasks. It can read long documents and uploaded files, and Projects let users keep related files and instructions together. Artifacts display generated content such as code, documents or small interactive apps in a separate panel. Anthropic also offers <em>Claude Code</em>, a command-line tool for software development.</p>
<p>Individuals use Claude for writing and research, while organizations use it through team and enterprise plans or through cloud platforms such as Amazon Bedrock and Google Cloud Vertex AI. A free tier is available with usage limits.</p>`,
    features: [
      "Long-document reading and summarization",
      "Projects for grouping files and instructions",
      "Artifacts panel for code and documents",
      "Claude Code command-line tool for developers",
      "API access, also via Amazon Bedrock and Google Cloud",
    ],
    pros: ["Strong at long documents", "Clear, well-structured writing", "Available through major clouds"],
    cons: ["Free tier limits are reached quickly", "Fewer built-in media generation features than some rivals"],
    pricing: [
      { plan: "Free", price: "$0", details: "Web, desktop and mobile access with usage limits" },
      {
        plan: "Pro",
        price: "$20/month",
        details: "More usage, Projects and access to additional models",
        features: ["Claude Code access", "Research features"],
      },
      { plan: "Max", price: "From $100/month", details: "Substantially higher usage limits for heavy users" },
      { plan: "Team", price: "About $25-30/user/month", details: "Central billing and collaboration for small teams" },
      { plan: "Enterprise", price: "Contact sales", details: "Expanded context, SSO and admin controls" },
    ],
    metaTitle: "Claude – AI Assistant for Writing and Analysis by Anthropic",
  },
  {
    name: "Jasper",
    slug: "jasper",
    category: "Writing",
    website: "https://www.jasper.ai",
    description: `<p><strong>Jasper</strong> is an AI content platform aimed at marketing teams. Originally launched under the name Jarvis in 2021, the company focuses on helping businesses produce marketing copy that follows their brand guidelines.</p>
<p>Jasper generates drafts for blog posts, advertisements, emails, product descriptions and social media posts. Teams can store brand voice guidelines, style rules and company knowledge so that generated text keeps a consistent tone. The platform includes templates, a document editor, campaign tools and a browser extension, and it connects with other marketing software.</p>
<p>Jasper is mainly used by marketing departments, agencies and content teams rather than casual users. It is sold as a subscription with per-seat pricing, and larger organizations can negotiate business plans with additional controls, integrations and support.</p>`,
    features: [
      "Brand voice and style guide memory",
      "Templates for ads, emails and blog posts",
      "Campaign workflows for multi-channel content",
      "Browser extension",
      "Team collaboration and approvals",
    ],
    pros: ["Built for marketing teams", "Keeps brand voice consistent", "Many ready-made templates"],
    cons: ["No permanent free plan", "Expensive for individual writers", "Drafts still need fact-checking"],
    pricing: {
      Creator: "About $39 per seat per month, billed annually",
      Pro: "About $59 per seat per month, billed annually",
      Business: "Custom pricing",
    },
    metaTitle: "Jasper – AI Marketing Content Platform",
  },
  {
    name: "Grammarly",
    slug: "grammarly",
    category: "Writing",
    website: "https://www.grammarly.com",
    description: `<p><strong>Grammarly</strong> is a writing assistant that checks spelling, grammar, punctuation, clarity and tone. The company was founded in 2009, and its software works in web browsers, desktop apps, mobile keyboards and many web applications.</p>
<p>Beyond corrections, Grammarly offers generative AI features that can draft, rewrite, shorten or change the tone of text based on a prompt. It also gives suggestions on word choice, conciseness and formality, and paid plans add features such as plagiarism detection, full-sentence rewrites and checks against a team's style guide.</p>
<p>Grammarly is used by students, professionals and companies that want consistent written communication. A free version covers core corrections, while Pro and enterprise plans add advanced suggestions, more generative AI usage, brand tones and administrative controls for teams.</p>`,
    features: [
      "Grammar, spelling and punctuation checks",
      "Tone and clarity suggestions",
      "Generative rewriting and drafting",
      "Plagiarism detection on paid plans",
      "Works across browsers, desktop apps and keyboards",
    ],
    pros: ["Works almost everywhere you type", "Free plan covers core checks", "Easy to learn"],
    cons: ["Suggestions can flatten personal style", "Advanced rewrites need a paid plan"],
    pricing: [
      { plan: "Free", price: "$0", details: "Spelling, grammar and punctuation checks with limited AI prompts" },
      {
        plan: "Pro",
        price: "About $12/month billed annually",
        details: "Full-sentence rewrites, tone adjustments, plagiarism detection",
      },
      { plan: "Enterprise", price: "Contact sales", details: "Style guides, analytics and security controls" },
    ],
    metaTitle: "Grammarly – AI Writing and Grammar Assistant",
  },

  // ---------------------------------------------------------------- Image
  {
    name: "Midjourney",
    slug: "midjourney",
    category: "Image",
    website: "https://www.midjourney.com",
    description: `<p><strong>Midjourney</strong> is an AI image generator developed by an independent research lab of the same name based in San Francisco. It creates images from text descriptions, known as prompts, and is recognized for its distinctive artistic styles.</p>
<p>Midjourney was originally used only through Discord, and it now also offers a web interface where users can generate, organize and edit images. Features include variations, upscaling, region editing, style and character references, and parameters that control aspect ratio and stylization. The company has also introduced video generation that animates still images.</p>
<p>The service is used by illustrators, designers, marketers and hobbyists for concept art, mood boards and visuals. Midjourney is subscription-based, with plans differing mainly in the amount of fast GPU time, and higher tiers offering a private Stealth Mode.</p>`,
    features: [
      "Text-to-image generation",
      "Style and character references",
      "Variations, upscaling and region editing",
      "Web app and Discord bot",
      "Image-to-video animation",
    ],
    pros: ["Distinctive, polished visuals", "Strong style controls", "Active community gallery"],
    cons: ["No free plan", "Images are public unless you use Stealth Mode", "Less precise for text inside images"],
    pricing: {
      Basic: "About $10 per month",
      Standard: "About $30 per month",
      Pro: "About $60 per month, includes Stealth Mode",
      Mega: "About $120 per month",
    },
    metaTitle: "Midjourney – AI Image Generator for Art and Design",
  },
  {
    name: "GPT Image (DALL-E)",
    slug: "gpt-image-dall-e",
    category: "Image",
    website: "https://openai.com",
    description: `<p><strong>GPT Image</strong> is OpenAI's image generation technology and the successor to its DALL-E models, the first of which was introduced in 2021. In 2025 OpenAI brought native image generation to ChatGPT and released the <em>gpt-image-1</em> model to developers through its API.</p>
<p>Users describe an image in plain language and can refine it over several turns of conversation, asking for changes to composition, style or details. The model can follow detailed instructions, render text inside images and edit uploaded pictures. OpenAI adds C2PA metadata to generated images to indicate that they were created with AI.</p>
<p>Individuals access image generation inside ChatGPT, with limits that depend on their plan. Developers and businesses can integrate the model into their own products through the OpenAI API, where usage is billed according to the amount of input and output processed.</p>`,
    features: [
      "Image generation inside ChatGPT conversations",
      "Editing of uploaded images with instructions",
      "Readable text rendering in images",
      "API access for developers",
      "C2PA provenance metadata",
    ],
    pros: ["Edit images by chatting", "Good at text inside images", "Available in the free ChatGPT tier"],
    cons: [
      "Free usage is tightly limited",
      "Less fine-grained control than open models",
      "Content policies block some requests",
    ],
    pricing: {
      "ChatGPT Free": "Limited number of image generations",
      "ChatGPT Plus": "$20 per month, with higher limits",
      API: "Pay per use, billed by image input and output",
    },
    metaTitle: "GPT Image – OpenAI's Image Generator, Successor to DALL-E",
  },
  {
    name: "Stable Diffusion",
    slug: "stable-diffusion",
    category: "Image",
    website: "https://stability.ai",
    description: `<p><strong>Stable Diffusion</strong> is a family of open-weight text-to-image models released by Stability AI, first made public in 2022 in collaboration with academic researchers. Later versions include Stable Diffusion XL and Stable Diffusion 3.5.</p>
<p>Because the model weights can be downloaded, Stable Diffusion can run on a personal computer with a suitable graphics card, on rented cloud hardware or through Stability AI's hosted API. A large community has built interfaces such as ComfyUI and the AUTOMATIC1111 web UI, along with fine-tuned models, LoRA adapters and ControlNet extensions that guide composition.</p>
<p>It is used by artists, developers, researchers and companies that want control over how images are generated or need to run models privately. Use is governed by Stability AI's licenses, which allow free use for individuals and smaller organizations and require an enterprise license above a revenue threshold.</p>`,
    features: [
      "Downloadable model weights",
      "Runs locally on consumer GPUs",
      "Fine-tuning, LoRA and ControlNet support",
      "Hosted API from Stability AI",
      "Large ecosystem of community tools",
    ],
    pros: ["Can run fully offline", "Highly customizable", "Free for small users"],
    cons: [
      "Setup requires technical skill",
      "Needs a capable GPU for good speed",
      "License terms vary by model version",
    ],
    pricing: [
      {
        plan: "Community License",
        price: "$0",
        details: "Free for individuals and organizations under the revenue threshold",
      },
      { plan: "API", price: "Pay as you go", details: "Credits for hosted generation via Stability AI" },
      { plan: "Enterprise License", price: "Contact sales", details: "Required for larger commercial users" },
    ],
    metaTitle: "Stable Diffusion – Open-Weight Image Models by Stability AI",
  },
  {
    name: "Adobe Firefly",
    slug: "adobe-firefly",
    category: "Image",
    website: "https://firefly.adobe.com",
    description: `<p><strong>Adobe Firefly</strong> is Adobe's family of generative AI models and the app built around them, launched in 2023. Adobe states that its own Firefly models are trained on licensed content, such as Adobe Stock, and public domain material, and it presents them as designed for commercial use.</p>
<p>Firefly can generate images from text, create vector graphics, produce short video clips and generate audio, and it powers features inside Creative Cloud apps such as Generative Fill in Photoshop and Generative Recolor in Illustrator. The Firefly app also offers some partner models from other AI companies alongside Adobe's own.</p>
<p>Firefly is used by designers, marketers and creative teams, often within existing Adobe workflows. Usage is measured in generative credits, which come in limited numbers with free accounts and in larger amounts with Firefly plans and Creative Cloud subscriptions.</p>`,
    features: [
      "Text-to-image and text-to-vector generation",
      "Generative Fill and Expand in Photoshop",
      "Short video and audio generation",
      "Integration across Creative Cloud apps",
      "Content Credentials metadata",
    ],
    pros: ["Fits into Adobe workflows", "Trained on licensed content", "Free starter credits"],
    cons: ["Credit system can be confusing", "Best value requires Adobe subscriptions"],
    pricing: [
      { plan: "Free", price: "$0", details: "Limited monthly generative credits" },
      {
        plan: "Firefly Standard",
        price: "About $10/month",
        details: "Monthly generative credits for images and video",
      },
      { plan: "Firefly Pro", price: "About $30/month", details: "More credits for heavier use" },
      {
        plan: "Creative Cloud",
        price: "Varies by plan",
        details: "Creative Cloud subscriptions include generative credits",
      },
    ],
    metaTitle: "Adobe Firefly – Generative AI for Images, Video and Design",
  },

  // ---------------------------------------------------------------- Video
  {
    name: "Runway",
    slug: "runway",
    category: "Video",
    website: "https://runwayml.com",
    description: `<p><strong>Runway</strong> is a New York-based company that develops AI models and tools for video and image creation. It was founded in 2018 and was among the research collaborators on the original Stable Diffusion model.</p>
<p>Runway's web and mobile apps offer text-to-video and image-to-video generation through its Gen series of models, including Gen-4, along with tools for editing existing footage. Features include removing backgrounds, expanding frames, applying styles to video, directing camera motion and keeping characters consistent across shots. The company also makes its models available to developers through an API.</p>
<p>Runway is used by filmmakers, advertising agencies, designers and social media creators for prototyping and producing video. Work is paid for with credits: a free plan includes a one-time allotment, and paid tiers add monthly credits, higher resolution exports and additional features.</p>`,
    features: [
      "Text-to-video and image-to-video generation",
      "Consistent characters across shots",
      "Camera motion controls",
      "AI editing tools such as background removal",
      "Developer API",
    ],
    pros: ["Wide set of video tools", "Good control over motion", "Used in professional production"],
    cons: ["Credits run out quickly", "Clips are short", "Free plan is a one-time allowance"],
    pricing: {
      Free: "One-time allotment of credits",
      Standard: "About $12 per user per month, billed annually",
      Pro: "About $28 per user per month, billed annually",
      Unlimited: "About $76 per user per month, billed annually",
      Enterprise: "Custom pricing",
    },
    metaTitle: "Runway – AI Video Generation and Editing Tools",
  },
  {
    name: "Synthesia",
    slug: "synthesia",
    category: "Video",
    website: "https://www.synthesia.io",
    description: `<p><strong>Synthesia</strong> is an AI video generation platform founded in 2017 and headquartered in London. It creates videos in which realistic digital avatars present a script, removing the need for cameras, studios or actors.</p>
<p>Users choose a stock avatar or create a custom one based on a real person with their consent, then type a script that the avatar speaks. The platform supports voiceovers in many languages, automatic translation, templates, screen recordings and a browser-based editor for adding text, images and music. Videos can be updated by editing the script rather than reshooting.</p>
<p>Synthesia is mainly used by companies for training, onboarding, internal communications, product explainers and customer support content. Pricing ranges from a limited free plan and self-serve subscriptions based on video minutes to enterprise agreements with collaboration and security features.</p>`,
    features: [
      "Stock and custom AI avatars",
      "Voiceovers in many languages",
      "One-click video translation",
      "Browser-based video editor and templates",
      "Team collaboration and brand kits",
    ],
    pros: ["No filming equipment needed", "Easy to update videos", "Strong multilingual support"],
    cons: ["Avatars can feel less natural than real presenters", "Minute limits on lower plans"],
    pricing: [
      { plan: "Free", price: "$0", details: "A few minutes of video per month" },
      { plan: "Starter", price: "About $18/month billed annually", details: "More video minutes and stock avatars" },
      {
        plan: "Creator",
        price: "About $64/month billed annually",
        details: "Higher limits, custom avatars and branding",
      },
      { plan: "Enterprise", price: "Contact sales", details: "Collaboration, SSO and custom limits" },
    ],
    metaTitle: "Synthesia – AI Avatar Video Platform for Training and Communication",
  },
  {
    name: "Pika",
    slug: "pika",
    category: "Video",
    website: "https://pika.art",
    description: `<p><strong>Pika</strong> is an AI video generation tool developed by Pika Labs, a startup founded in 2023 by former Stanford University PhD students. It started on Discord and now offers web and mobile apps.</p>
<p>Pika generates short video clips from text prompts or from still images, and it offers effects that modify existing footage. Features have included Pikaffects, which apply playful physical transformations to objects, Pikaswaps for replacing items in a video, and Pikadditions for adding elements into a scene. Users can control aspect ratio and style, and results are typically a few seconds long.</p>
<p>Pika is aimed mainly at social media creators and casual users who want quick, stylized clips rather than long productions. It uses a credit system: a free plan offers a limited monthly allowance, while paid plans add more credits, faster generation and commercial use rights.</p>`,
    features: [
      "Text-to-video and image-to-video",
      "Pikaffects visual effects",
      "Object swapping and insertion in footage",
      "Web and mobile apps",
      "Aspect ratio and style controls",
    ],
    pros: ["Quick and playful results", "Low entry price", "Simple interface"],
    cons: ["Very short clips", "Less suited to professional production", "Commercial use needs a paid plan"],
    pricing: {
      Free: "Limited monthly credits",
      Standard: "About $8 per month, billed annually",
      Pro: "About $28 per month, billed annually",
      Fancy: "About $76 per month, billed annually",
    },
    metaTitle: "Pika – AI Video Generator for Short Creative Clips",
  },
  {
    name: "HeyGen",
    slug: "heygen",
    category: "Video",
    website: "https://www.heygen.com",
    description: `<p><strong>HeyGen</strong> is an AI video platform that creates presenter-style videos using digital avatars and synthetic voices. The company was founded in 2020 and offers its tools through a web app and an API.</p>
<p>Users can select from a library of stock avatars or create a personal avatar from a short recording of themselves, then generate videos from typed scripts. HeyGen is also known for video translation, which dubs an existing video into another language while adjusting lip movements to match the new audio. Other features include templates, a scene editor and interactive avatars that can hold real-time conversations.</p>
<p>Marketers, educators, sales teams and content creators use HeyGen to produce explainer videos, personalized outreach and localized content. A free plan allows a small number of short videos, and paid plans add longer videos, higher resolution, more avatars and team features.</p>`,
    features: [
      "Personal avatars from a short recording",
      "Video translation with lip sync",
      "Library of stock avatars and voices",
      "Interactive real-time avatars",
      "API for developers",
    ],
    pros: ["Convincing lip-synced translation", "Fast to produce", "Free plan to try"],
    cons: ["Raises consent and misuse concerns", "Longer videos need higher tiers"],
    pricing: {
      Free: "A few short videos per month",
      Creator: "About $29 per month",
      Team: "Per-seat pricing for teams",
      Enterprise: "Custom pricing",
    },
    metaTitle: "HeyGen – AI Avatar Videos and Video Translation",
  },

  // ---------------------------------------------------------------- Audio
  {
    name: "ElevenLabs",
    slug: "elevenlabs",
    category: "Audio",
    website: "https://elevenlabs.io",
    description: `<p><strong>ElevenLabs</strong> is an AI audio company founded in 2022 that develops text-to-speech, voice cloning and other speech technologies. It offers a web app for creators and an API for developers.</p>
<p>Its text-to-speech models produce spoken audio from written text in many languages, with a library of voices and controls for style and stability. Users can create voice clones from samples of their own voice, and the platform includes dubbing that translates speech into other languages, speech-to-text transcription, sound effect generation and tools for building conversational voice agents. ElevenLabs has introduced safeguards intended to prevent unauthorized cloning of other people's voices.</p>
<p>Audiobook publishers, video creators, game studios, educators and software developers use ElevenLabs. Pricing is based on monthly credits that correspond to the amount of generated audio, starting with a free tier.</p>`,
    features: [
      "Multilingual text-to-speech",
      "Instant and professional voice cloning",
      "AI dubbing and speech-to-text",
      "Sound effect generation",
      "Conversational voice agents and API",
    ],
    pros: ["Natural-sounding voices", "Many languages supported", "Generous developer tooling"],
    cons: ["Voice cloning raises misuse risks", "Credits can be used up fast on long projects"],
    pricing: [
      { plan: "Free", price: "$0", details: "Small monthly credit allowance, attribution required" },
      { plan: "Starter", price: "$5/month", details: "Commercial license and instant voice cloning" },
      { plan: "Creator", price: "$22/month", details: "More credits and professional voice cloning" },
      { plan: "Pro", price: "$99/month", details: "Higher volume and higher audio quality output" },
      { plan: "Scale and Business", price: "From about $330/month", details: "Team seats and larger volumes" },
      { plan: "Enterprise", price: "Contact sales", details: "Custom terms and support" },
    ],
    metaTitle: "ElevenLabs – AI Text-to-Speech and Voice Cloning",
  },
  {
    name: "Descript",
    slug: "descript",
    category: "Audio",
    website: "https://www.descript.com",
    description: `<p><strong>Descript</strong> is an audio and video editing application that lets users edit recordings by editing a text transcript. It was founded in 2017 in San Francisco and is available for Mac, Windows and the web.</p>
<p>When a recording is imported, Descript transcribes it automatically, and deleting words in the transcript removes the corresponding audio and video. AI features include filler word removal, Studio Sound for cleaning up voice recordings, AI voices for correcting or generating speech, eye contact correction, automatic captions and an AI assistant called Underlord that can carry out editing tasks. It also supports remote recording and screen recording.</p>
<p>Podcasters, YouTubers, marketers and educators use Descript to produce interviews, tutorials and social clips. A free plan offers limited transcription and exports, and paid plans add more transcription hours, AI credits and higher-quality exports.</p>`,
    features: [
      "Edit audio and video by editing text",
      "Automatic transcription and captions",
      "Filler word removal",
      "Studio Sound voice enhancement",
      "Remote and screen recording",
    ],
    pros: ["Editing feels like word processing", "Great for podcasts", "Cleans up noisy audio"],
    cons: ["Large projects can feel slow", "AI features use plan credits"],
    pricing: {
      Free: "Limited transcription hours and lower-resolution exports",
      Hobbyist: "About $16 per month, billed annually",
      Creator: "About $24 per month, billed annually",
      Business: "About $50 per month, billed annually",
      Enterprise: "Custom pricing",
    },
    metaTitle: "Descript – Edit Audio and Video by Editing Text",
  },
  {
    name: "Suno",
    slug: "suno",
    category: "Audio",
    website: "https://suno.com",
    description: `<p><strong>Suno</strong> is an AI music generation service based in Cambridge, Massachusetts, founded in 2022. It creates complete songs, including vocals, lyrics and instrumentation, from short text descriptions.</p>
<p>Users describe a genre, mood or topic, or provide their own lyrics, and Suno generates songs that can run for several minutes. Later model versions added features such as extending tracks, replacing sections, uploading audio as a starting point and separating songs into stems. A web app and mobile apps are available.</p>
<p>Suno is used by hobbyists, content creators and musicians for sketching ideas, making background music and experimenting. The free plan provides daily credits for non-commercial use, while paid plans add more credits and commercial use rights for songs created during the subscription. Like other AI music tools, Suno has faced legal disputes with record labels over training data, so its terms should be reviewed before commercial use.</p>`,
    features: [
      "Full songs with vocals from a text prompt",
      "Custom lyrics mode",
      "Track extension and section replacement",
      "Stem separation",
      "Web and mobile apps",
    ],
    pros: ["Complete songs in minutes", "Free daily credits", "Easy for non-musicians"],
    cons: [
      "Commercial rights only on paid plans",
      "Unsettled copyright questions",
      "Limited fine control over arrangement",
    ],
    pricing: [
      { plan: "Free", price: "$0", details: "Daily credits, non-commercial use" },
      { plan: "Pro", price: "About $10/month", details: "More monthly credits and commercial use rights" },
      { plan: "Premier", price: "About $30/month", details: "Largest credit allowance" },
    ],
    metaTitle: "Suno – AI Music and Song Generator",
  },
  {
    name: "Murf AI",
    slug: "murf-ai",
    category: "Audio",
    website: "https://murf.ai",
    description: `<p><strong>Murf AI</strong> is a text-to-speech and voiceover platform that turns written scripts into spoken audio. It is used through a browser-based studio and, for developers, through an API.</p>
<p>Users type or paste a script, choose from a library of AI voices across many languages and accents, and adjust pitch, speed, pauses and emphasis. The studio lets users sync voiceovers with images, video and music, which makes it usable as a simple editor for presentations and explainer videos. Murf also offers voice cloning, dubbing into other languages and integrations with other content creation tools.</p>
<p>Typical users include e-learning designers, marketers, YouTubers, podcasters and product teams creating training materials, ads or demo videos. A free plan is available for trying the service, and paid plans add more voice generation time, downloads and commercial usage rights.</p>`,
    features: [
      "Library of AI voices in many languages",
      "Pitch, speed and emphasis controls",
      "Voiceover syncing with video and slides",
      "Voice cloning and dubbing",
      "Text-to-speech API",
    ],
    pros: ["Easy voiceover studio", "Fine control over delivery", "Good for training videos"],
    cons: ["Free plan is very limited", "Voices can sound flat in long narration"],
    pricing: {
      Free: "Limited voice generation for trying the studio",
      Creator: "From about $19 per month, billed annually",
      Business: "Higher-tier plan for teams, see website",
      Enterprise: "Custom pricing",
    },
    metaTitle: "Murf AI – Text-to-Speech Voiceover Studio",
  },

  // ---------------------------------------------------------------- Business
  {
    name: "Gong",
    slug: "gong",
    category: "Business",
    website: "https://www.gong.io",
    description: `<p><strong>Gong</strong> is a revenue intelligence platform founded in 2015 that records and analyses customer interactions such as sales calls, video meetings and emails. It is used primarily by sales and customer success teams.</p>
<p>Gong transcribes conversations and uses AI to identify topics, questions, competitor mentions, next steps and risks in deals. Managers can review calls, share examples for coaching and follow how deals progress through the pipeline. The platform also includes forecasting, deal boards, automated summaries and AI features that draft follow-up emails or answer questions about accounts. It integrates with CRM systems such as Salesforce and HubSpot and with video conferencing tools.</p>
<p>Gong is sold to businesses rather than individuals. Pricing is not published and is typically based on a platform fee plus the number of users, so organizations need to contact sales for a quote.</p>`,
    features: [
      "Call recording and transcription",
      "Deal risk and pipeline insights",
      "Coaching libraries and scorecards",
      "Revenue forecasting",
      "CRM and conferencing integrations",
    ],
    pros: ["Deep sales call analytics", "Helps coaching at scale", "Wide CRM integration"],
    cons: ["No public pricing", "Best suited to larger sales teams", "Recording calls needs consent processes"],
    pricing: {
      Platform: "Contact sales",
      "Per user": "Custom pricing, usually on annual contracts",
    },
    metaTitle: "Gong – Revenue Intelligence and Sales Call Analytics",
  },
  {
    name: "Salesforce Agentforce",
    slug: "salesforce-agentforce",
    category: "Business",
    website: "https://www.salesforce.com/agentforce/",
    description: `<p><strong>Agentforce</strong> is Salesforce's platform for building and deploying AI agents across its customer relationship management products. Announced in 2024, it builds on Salesforce's earlier Einstein AI features, which the company introduced in 2016.</p>
<p>Agentforce lets businesses create agents that answer customer questions, qualify sales leads, summarize records, draft emails and take actions inside Salesforce, using company data from the CRM and Data Cloud. Administrators configure agents with topics, instructions and permitted actions through a low-code builder, and the Einstein Trust Layer is designed to apply data protection controls when large language models are used.</p>
<p>It is used by organizations that already run Salesforce Sales Cloud, Service Cloud or related products. Pricing has changed several times and includes consumption-based options and per-user add-ons, so buyers usually work with Salesforce sales for a quote.</p>`,
    features: [
      "Low-code builder for AI agents",
      "Service and sales agents grounded in CRM data",
      "Record summaries and email drafting",
      "Einstein Trust Layer data controls",
      "Integration with Data Cloud",
    ],
    pros: ["Works directly on Salesforce data", "Strong admin controls", "Covers sales and service"],
    cons: ["Complex pricing", "Requires an existing Salesforce setup", "Configuration needs specialist skills"],
    pricing: {
      "Flex Credits": "Consumption-based, priced per agent action",
      "Per-user add-ons": "Available for Sales Cloud and Service Cloud, contact sales",
      "Agentforce editions": "Custom pricing",
    },
    metaTitle: "Salesforce Agentforce – AI Agents for CRM (formerly Einstein)",
  },
  {
    name: "HubSpot Breeze",
    slug: "hubspot-breeze",
    category: "Business",
    website: "https://www.hubspot.com/products/artificial-intelligence",
    description: `<p><strong>Breeze</strong> is the AI layer of HubSpot's customer platform, introduced in 2024 to bring together the company's AI features for marketing, sales and customer service. HubSpot is a CRM software company founded in 2006 in Cambridge, Massachusetts.</p>
<p>Breeze includes Breeze Copilot, an assistant that answers questions and helps with tasks inside HubSpot, and Breeze Agents, which handle specific jobs such as drafting content, prospecting and answering customer support questions. Breeze Intelligence adds data enrichment for company and contact records. AI features also appear throughout HubSpot's tools, for example in email writing, report creation and summaries of CRM records.</p>
<p>Breeze is mainly used by small and mid-sized businesses that run their marketing, sales or service operations on HubSpot. Some features are available on free and starter tiers, while more advanced agents and data features require higher plans or HubSpot credits.</p>`,
    features: [
      "Breeze Copilot assistant inside HubSpot",
      "Agents for content, prospecting and support",
      "Data enrichment with Breeze Intelligence",
      "AI email and report drafting",
      "Summaries of CRM records",
    ],
    pros: ["Built into HubSpot CRM", "Some features on free tiers", "Friendly for small teams"],
    cons: ["Most value requires higher HubSpot tiers", "Tied to the HubSpot ecosystem"],
    pricing: {
      "Free tools": "$0 with basic AI features",
      Starter: "From about $15 per seat per month",
      Professional: "Higher per-seat pricing, see website",
      Enterprise: "Custom pricing",
    },
    metaTitle: "HubSpot Breeze – AI Agents and Copilot for HubSpot CRM",
  },
  {
    name: "Zapier",
    slug: "zapier",
    category: "Business",
    website: "https://zapier.com",
    description: `<p><strong>Zapier</strong> is an automation platform founded in 2011 that connects thousands of web applications, so that an event in one app can trigger actions in another. Its AI features extend this model with natural language building and AI-driven steps.</p>
<p>Users can describe an automation in plain language and have Zapier draft the workflow, add AI steps that summarize, classify or extract information, and build Zapier Agents that carry out tasks across connected apps. Other products include Tables for storing data, Interfaces for building simple forms and pages, and chatbots. Zapier also supports the Model Context Protocol, so that AI assistants can call actions in connected apps.</p>
<p>Zapier is used by small businesses, operations teams and individuals who want to automate repetitive work without writing code. A free plan covers basic automations, and paid plans are priced by the number of tasks run each month.</p>`,
    features: [
      "Workflows across thousands of apps",
      "Natural language automation builder",
      "AI steps for summarizing and classifying",
      "Zapier Agents",
      "MCP access for AI assistants",
    ],
    pros: ["Huge app catalogue", "No coding needed", "Free plan for simple automations"],
    cons: ["Costs rise with task volume", "Complex workflows can be hard to debug"],
    pricing: [
      { plan: "Free", price: "$0", details: "Basic two-step automations with a monthly task limit" },
      {
        plan: "Professional",
        price: "From about $20/month billed annually",
        details: "Multi-step workflows and premium apps",
      },
      { plan: "Team", price: "From about $69/month billed annually", details: "Shared workspace and more users" },
      { plan: "Enterprise", price: "Contact sales", details: "Advanced admin, security and support" },
    ],
    metaTitle: "Zapier – No-Code Automation with AI Agents and Workflows",
  },

  // ---------------------------------------------------------------- Development
  {
    name: "GitHub Copilot",
    slug: "github-copilot",
    category: "Development",
    website: "https://github.com/features/copilot",
    description: `<p><strong>GitHub Copilot</strong> is an AI coding assistant developed by GitHub, which is owned by Microsoft. It was first released as a technical preview in 2021 and works in editors such as Visual Studio Code, Visual Studio, JetBrains IDEs and Neovim, as well as on the GitHub website.</p>
<p>Copilot suggests code completions as developers type, answers questions in a chat interface, explains and refactors code, writes tests and helps review pull requests. Its agent mode and coding agent can make changes across multiple files and work on assigned issues. Depending on the plan, users can choose between models from several AI providers.</p>
<p>Copilot is used by individual developers, students and companies of all sizes. There is a free tier with monthly limits, paid individual plans, and Business and Enterprise plans that add policy management and organization-wide controls. Verified students, teachers and maintainers of popular open-source projects can get free access.</p>`,
    features: [
      "Inline code completions",
      "Chat in the IDE and on GitHub",
      "Agent mode for multi-file changes",
      "Pull request review assistance",
      "Choice of models from several providers",
    ],
    pros: ["Works in the most popular IDEs", "Free tier available", "Tight GitHub integration"],
    cons: ["Suggestions can contain bugs or insecure code", "Premium requests are metered"],
    pricing: [
      { plan: "Free", price: "$0", details: "Monthly limits on completions and chat requests" },
      { plan: "Pro", price: "$10/month", details: "Unlimited completions and more premium requests" },
      { plan: "Pro+", price: "$39/month", details: "Largest allowance of premium requests and models" },
      { plan: "Business", price: "$19/user/month", details: "Organization policies and license management" },
      { plan: "Enterprise", price: "$39/user/month", details: "Enterprise features and customization" },
    ],
    metaTitle: "GitHub Copilot – AI Pair Programmer in Your Editor",
  },
  {
    name: "Cursor",
    slug: "cursor",
    category: "Development",
    website: "https://cursor.com",
    description: `<p><strong>Cursor</strong> is an AI-focused code editor developed by Anysphere, a company founded in 2022. It is built as a fork of Visual Studio Code, so it supports most VS Code extensions, themes and keyboard shortcuts.</p>
<p>Cursor offers multi-line autocomplete that predicts the next edit, a chat panel that answers questions about the codebase, and an agent that can plan and make changes across many files, run terminal commands and fix errors. It indexes the project so that responses can draw on relevant files, and users can select models from several AI providers. Rules files let teams give the AI project-specific instructions.</p>
<p>Cursor is used by professional developers, startups and larger engineering teams. A free Hobby plan includes limited usage, while paid individual and team plans add higher usage allowances and business features such as centralized billing and privacy controls.</p>`,
    features: [
      "Next-edit autocomplete",
      "Codebase-aware chat",
      "Agent that edits files and runs commands",
      "Project rules for AI behaviour",
      "Compatible with VS Code extensions",
    ],
    pros: ["Familiar VS Code interface", "Strong multi-file editing", "Choice of AI models"],
    cons: ["Usage-based limits can be hard to predict", "Requires switching editors"],
    pricing: [
      { plan: "Hobby", price: "$0", details: "Limited agent requests and completions" },
      { plan: "Pro", price: "$20/month", details: "Extended agent limits and unlimited tab completions" },
      { plan: "Ultra", price: "$200/month", details: "Much higher usage for heavy users" },
      { plan: "Teams", price: "About $40/user/month", details: "Centralized billing, admin and privacy controls" },
      { plan: "Enterprise", price: "Contact sales", details: "Custom usage, SSO and support" },
    ],
    metaTitle: "Cursor – AI Code Editor Built on VS Code",
  },
  {
    name: "Tabnine",
    slug: "tabnine",
    category: "Development",
    website: "https://www.tabnine.com",
    description: `<p><strong>Tabnine</strong> is an AI coding assistant and one of the earliest AI code completion tools, first released in 2018. The company is based in Tel Aviv and focuses on privacy and deployment flexibility for enterprise customers.</p>
<p>Tabnine provides code completions, an AI chat for generating, explaining and documenting code, test generation and code review features. It works in popular IDEs including Visual Studio Code, JetBrains IDEs, Eclipse and Visual Studio. Organizations can run Tabnine as a SaaS service, in a virtual private cloud or fully on premises, including air-gapped environments, and can connect it to their own repositories for context.</p>
<p>Tabnine is aimed mainly at companies with strict security, compliance or intellectual property requirements. The company states that it does not store or train on customer code. Pricing is per user, with enterprise deployments quoted by sales.</p>`,
    features: [
      "Code completions and AI chat",
      "Test and documentation generation",
      "On-premises and air-gapped deployment",
      "Context from private repositories",
      "Support for many IDEs",
    ],
    pros: ["Can run fully self-hosted", "Privacy-focused policies", "Broad IDE support"],
    cons: ["Fewer consumer features than rivals", "Enterprise setup takes effort"],
    pricing: {
      "Dev / individual": "Paid per-user plan, see website",
      Enterprise: "Contact sales, includes private deployment options",
    },
    metaTitle: "Tabnine – Private, Self-Hostable AI Coding Assistant",
  },
  {
    name: "Replit",
    slug: "replit",
    category: "Development",
    website: "https://replit.com",
    description: `<p><strong>Replit</strong> is a browser-based software development platform founded in 2016. It lets users write, run and deploy code without installing tools locally, and it supports many programming languages.</p>
<p>Its main AI product, Replit Agent, can build applications from a natural language description: it sets up the project, writes the code, configures databases and deploys the result, while the user reviews progress and asks for changes. Replit also includes an AI assistant for editing code, built-in hosting, databases, authentication, secrets management and real-time collaboration. Mobile apps let users work from a phone or tablet.</p>
<p>Replit is used by students, hobbyists, people without a programming background who want to build prototypes, and professional teams making internal tools. There is a free Starter plan, while paid plans include monthly usage credits for the agent and deployments, with additional usage billed separately.</p>`,
    features: [
      "Replit Agent builds apps from prompts",
      "Browser-based IDE for many languages",
      "Built-in hosting and deployments",
      "Databases and authentication",
      "Real-time multiplayer editing",
    ],
    pros: ["Nothing to install", "Fast from idea to deployed app", "Good for learning"],
    cons: ["Agent usage costs can add up", "Less control than a local setup"],
    pricing: [
      { plan: "Starter", price: "$0", details: "Limited agent usage and public apps" },
      { plan: "Core", price: "About $20/month billed annually", details: "Monthly usage credits and private apps" },
      { plan: "Teams", price: "About $35/user/month billed annually", details: "Team credits and centralized billing" },
      { plan: "Enterprise", price: "Contact sales", details: "SSO, security and support" },
    ],
    metaTitle: "Replit – Build and Deploy Apps in the Browser with AI",
  },

  // ---------------------------------------------------------------- Education
  {
    name: "Khanmigo",
    slug: "khanmigo",
    category: "Education",
    website: "https://www.khanmigo.ai",
    description: `<p><strong>Khanmigo</strong> is an AI-powered tutor and teaching assistant created by Khan Academy, the nonprofit educational organization. It was introduced in 2023 and is built on large language models from OpenAI.</p>
<p>For students, Khanmigo is designed to guide rather than hand out answers: it asks questions and offers hints to help learners work through math problems, writing tasks and other subjects, and it connects to Khan Academy's exercises and videos. For teachers, it offers tools for drafting lesson plans, creating rubrics, writing quiz questions, differentiating material and summarizing class progress. Parents can view conversation history, and the tool includes content moderation.</p>
<p>Khanmigo is used by students, parents, teachers and school districts. Khan Academy offers it free to teachers in supported countries, while learners and parents pay a small monthly or annual fee, and districts can license it for their schools.</p>`,
    features: [
      "Socratic tutoring that avoids giving answers",
      "Lesson plan and rubric generation for teachers",
      "Linked to Khan Academy exercises",
      "Parent visibility into conversations",
      "District dashboards",
    ],
    pros: ["Designed for learning, not cheating", "Free for teachers", "Backed by a nonprofit"],
    cons: ["Availability varies by country", "Can still make math mistakes"],
    pricing: {
      Teachers: "Free in supported countries",
      "Learners and parents": "About $4 per month or $44 per year",
      Districts: "Contact Khan Academy",
    },
    metaTitle: "Khanmigo – AI Tutor and Teaching Assistant by Khan Academy",
  },
  {
    name: "Duolingo Max",
    slug: "duolingo-max",
    category: "Education",
    website: "https://www.duolingo.com",
    description: `<p><strong>Duolingo Max</strong> is the highest subscription tier of Duolingo, the language learning app. Launched in 2023, it adds AI-powered features built on large language models to the regular Duolingo courses.</p>
<p>Max includes Explain My Answer, which gives a chat-style explanation of why a response was right or wrong, and Roleplay, which lets learners practise conversations with characters in everyday scenarios. Video Call lets learners hold spoken conversations with the app's character Lily, with difficulty adapted to their level. Max also includes the benefits of Duolingo's Super tier, such as no ads and unlimited hearts.</p>
<p>Duolingo Max is aimed at language learners who want more speaking practice and feedback than standard lessons provide. The availability of features depends on the course and platform, and pricing varies by country and billing period.</p>`,
    features: [
      "Explain My Answer feedback",
      "Roleplay conversation practice",
      "Video Call with an AI character",
      "All Duolingo Super benefits",
      "Mobile apps for iOS and Android",
    ],
    pros: ["Low-pressure speaking practice", "Instant explanations", "Fits short daily sessions"],
    cons: ["Features limited to some courses", "Priced above the Super tier"],
    pricing: [
      { plan: "Free", price: "$0", details: "Standard Duolingo lessons with ads" },
      { plan: "Super", price: "Varies by region", details: "No ads and unlimited hearts" },
      {
        plan: "Max",
        price: "Varies by region",
        details: "Super benefits plus AI features, cheaper when billed annually",
        features: ["Explain My Answer", "Roleplay", "Video Call"],
      },
    ],
    metaTitle: "Duolingo Max – AI Conversation Practice for Language Learners",
  },
  {
    name: "Quizlet",
    slug: "quizlet",
    category: "Education",
    website: "https://quizlet.com",
    description: `<p><strong>Quizlet</strong> is an online study platform founded in 2005 and best known for digital flashcards. Students and teachers create study sets or use sets shared by others, and the platform offers several study modes built on that content.</p>
<p>Quizlet has added AI features to its study tools. Learn mode adapts questions to a student's progress, and other tools can turn notes, documents or lecture material into flashcards, practice tests and study guides. The platform also includes matching games, written practice and spaced review to help with long-term retention.</p>
<p>Quizlet is used mostly by high school and university students, as well as by teachers preparing classroom materials. Core flashcards are free with advertising, and the paid Quizlet Plus subscription unlocks advanced study modes, more AI features and an ad-free experience.</p>`,
    features: [
      "Flashcards and shared study sets",
      "Adaptive Learn mode",
      "Practice tests generated from notes",
      "Study guides from uploaded material",
      "Games and spaced review",
    ],
    pros: ["Huge library of shared sets", "Free core flashcards", "Simple to use"],
    cons: ["Shared sets can contain errors", "Many features are behind Plus"],
    pricing: {
      Free: "Flashcards and basic study modes with ads",
      "Quizlet Plus": "About $36 per year, or monthly billing available",
      Teachers: "Quizlet Plus for teachers, see website",
    },
    metaTitle: "Quizlet – AI Flashcards and Study Tools",
  },

  // ---------------------------------------------------------------- Entertainment
  {
    name: "Character.AI",
    slug: "character-ai",
    category: "Entertainment",
    website: "https://character.ai",
    description: `<p><strong>Character.AI</strong> is a chatbot platform where users talk with AI characters. It was founded in 2021 by former Google researchers Noam Shazeer and Daniel De Freitas and launched publicly in 2022.</p>
<p>Users can chat with characters created by the community, including fictional personas, tutors and game-like companions, or create their own by writing a description and example dialogue. Conversations can be text-based or use voice, and the platform has added features such as group chats and other interactive formats. Characters are generated by the company's language models and do not represent the views of real people.</p>
<p>The service is used mainly for entertainment, creative writing and role-play. The company has introduced safety measures for younger users and, in 2025, announced restrictions on open-ended chats for users under 18. A free version is available, and the c.ai+ subscription adds faster responses and extra features.</p>`,
    features: [
      "Community-created AI characters",
      "Create custom characters",
      "Voice conversations",
      "Group chats",
      "Web and mobile apps",
    ],
    pros: ["Huge variety of characters", "Free to use", "Easy character creation"],
    cons: ["Not suitable for minors' open-ended chat", "Characters can produce inaccurate statements"],
    pricing: {
      Free: "Unlimited basic chatting",
      "c.ai+": "About $10 per month, with faster responses and extra features",
    },
    metaTitle: "Character.AI – Chat and Role-Play with AI Characters",
  },
  {
    name: "AI Dungeon",
    slug: "ai-dungeon",
    category: "Entertainment",
    website: "https://aidungeon.com",
    description: `<p><strong>AI Dungeon</strong> is a text-based interactive fiction game developed by Latitude. It was first released in 2019 as a project by Nick Walton and became one of the earliest widely used consumer applications of large language models.</p>
<p>Players describe their actions in plain language and the AI narrates what happens next, so stories can go in directions that a pre-written game could not support. Players can start from fantasy, mystery, science fiction and other scenarios, build their own worlds and scenarios, and share them with the community. Story cards and memory features help the AI keep track of characters, places and plot details during long adventures.</p>
<p>AI Dungeon is played on the web and on mobile devices by fans of interactive fiction, tabletop role-playing and creative writing. A free tier is available, and paid memberships offer access to larger models, longer context and more features.</p>`,
    features: [
      "Open-ended text adventures",
      "Custom scenarios and worlds",
      "Story cards and memory tools",
      "Community sharing of scenarios",
      "Choice of AI models",
    ],
    pros: ["Truly open-ended stories", "Free tier to play", "Active creator community"],
    cons: ["AI can lose track of plot details", "Best models require a membership"],
    pricing: {
      Free: "Play with free models and limited context",
      Memberships: "Several tiers from about $10 to about $50 per month",
    },
    metaTitle: "AI Dungeon – AI-Powered Interactive Fiction Game by Latitude",
  },
  {
    name: "Inworld AI",
    slug: "inworld-ai",
    category: "Entertainment",
    website: "https://inworld.ai",
    description: `<p><strong>Inworld AI</strong> is a company that builds developer tools for interactive AI characters and voice applications. It was founded in 2021 and has worked with game studios and entertainment companies.</p>
<p>Inworld's platform was originally built around non-player characters for games, giving them personalities, memories, goals and the ability to respond to players in real time. It has since expanded into a broader set of tools, including text-to-speech models and a runtime for building real-time conversational AI applications, with SDKs and integrations for game engines such as Unity and Unreal Engine.</p>
<p>The main users are game developers, interactive media studios and companies building voice agents or companion apps, rather than individual consumers. Pricing is largely usage-based, with per-use charges for speech and model calls, and enterprise agreements for larger deployments.</p>`,
    features: [
      "AI non-player characters with memory and goals",
      "Text-to-speech models",
      "Real-time conversational runtime",
      "Unity and Unreal Engine integrations",
      "Developer APIs and SDKs",
    ],
    pros: ["Built for real-time games", "Game engine integrations", "Usage-based pricing"],
    cons: ["Aimed at developers, not players", "Product focus has shifted over time"],
    pricing: {
      "Pay as you go": "Usage-based pricing for speech and model calls",
      Enterprise: "Custom pricing",
    },
    metaTitle: "Inworld AI – AI Characters and Voice for Games and Apps",
  },

  // ---------------------------------------------------------------- Finance
  {
    name: "Cleo",
    slug: "cleo",
    category: "Finance",
    website: "https://www.meetcleo.com",
    description: `<p><strong>Cleo</strong> is an AI-powered personal finance app founded in London in 2016 and now used mainly in the United States. It works as a chat-based assistant that connects to a user's bank account and comments on their spending.</p>
<p>Cleo analyses transactions, tracks spending by category, helps set budgets and savings goals, and answers questions about money in a conversational style. It is known for an informal, humorous tone, including optional <em>roast</em> and <em>hype</em> modes. Paid tiers have offered features such as cash advances, credit-building tools and automatic savings, subject to eligibility requirements.</p>
<p>Cleo's audience is mostly younger adults who want help with everyday budgeting. A free version provides basic insights, while paid subscriptions add more features. As with any financial service, users should review the fees and terms of cash advance or credit products before using them.</p>`,
    features: [
      "Chat-based budgeting assistant",
      "Spending insights by category",
      "Savings goals and automatic saving",
      "Cash advances on paid tiers",
      "Credit-building tools",
    ],
    pros: ["Friendly, casual tone", "Makes budgeting approachable", "Free basic insights"],
    cons: ["Key features need a subscription", "Requires linking bank accounts", "Mainly US availability"],
    pricing: [
      { plan: "Free", price: "$0", details: "Budgeting and spending insights" },
      { plan: "Cleo Plus", price: "About $6/month", details: "Cash advances for eligible users and extra features" },
      { plan: "Cleo Builder", price: "About $15/month", details: "Credit-building tools plus Plus features" },
    ],
    metaTitle: "Cleo – AI Budgeting and Personal Finance Assistant",
  },
  {
    name: "AlphaSense",
    slug: "alphasense",
    category: "Finance",
    website: "https://www.alpha-sense.com",
    description: `<p><strong>AlphaSense</strong> is a market intelligence and search platform founded in 2011 and headquartered in New York. It uses AI to help users find and analyse information in large collections of business documents.</p>
<p>The platform indexes sources such as company filings, earnings call transcripts, broker research, news, trade journals and expert call transcripts. Users can search in natural language, track companies and themes, and use generative AI features that summarize documents, compare viewpoints and answer questions with citations back to the source material. In 2024 AlphaSense acquired Tegus, a provider of expert interview transcripts, which expanded its content library.</p>
<p>AlphaSense is used by investment firms, banks, consultancies and corporate strategy teams for research and competitive analysis. It is sold as an enterprise subscription, and pricing depends on content packages and the number of users, so buyers contact sales for a quote.</p>`,
    features: [
      "Search across filings, transcripts and research",
      "Generative summaries with citations",
      "Expert call transcript library",
      "Company and theme monitoring",
      "Alerts and dashboards",
    ],
    pros: ["Broad premium content", "Answers cite sources", "Saves research time"],
    cons: ["Enterprise pricing only", "Overkill for individual investors"],
    pricing: {
      "Free trial": "Available on request",
      Professional: "Contact sales",
      Enterprise: "Custom pricing",
    },
    metaTitle: "AlphaSense – AI Market Intelligence and Financial Research",
  },
  {
    name: "Kensho",
    slug: "kensho",
    category: "Finance",
    website: "https://kensho.com",
    description: `<p><strong>Kensho</strong> is an AI company owned by S&amp;P Global, which acquired it in 2018. Based in Cambridge, Massachusetts, Kensho develops machine learning tools focused on financial and business data.</p>
<p>Its products include Scribe, which transcribes audio such as earnings calls with attention to financial terminology; Extract, which pulls text and tables out of documents such as PDFs; Link, which matches company names in a dataset to S&amp;P Global company identifiers; and NERD, which identifies named entities in text. Kensho also builds tools that help large language models retrieve and interpret S&amp;P Global data.</p>
<p>Kensho's tools are used inside S&amp;P Global and by financial institutions, data teams and researchers that process large volumes of documents. Some tools can be tried through free trials or developer access, while production use is arranged through S&amp;P Global, usually with custom pricing.</p>`,
    features: [
      "Scribe transcription for financial audio",
      "Extract for documents and tables",
      "Link for company entity matching",
      "NERD named entity recognition",
      "APIs for data teams",
    ],
    pros: ["Specialized for financial text", "Backed by S&P Global data", "API-first tools"],
    cons: ["Not a consumer product", "Pricing not published"],
    pricing: {
      Trial: "Free trials available for some tools",
      Production: "Custom pricing through S&P Global",
    },
    metaTitle: "Kensho – AI Tools for Financial Data by S&P Global",
  },

  // ---------------------------------------------------------------- Health
  {
    name: "Ada Health",
    slug: "ada-health",
    category: "Health",
    website: "https://ada.com",
    description: `<p><strong>Ada</strong> is a symptom assessment app developed by Ada Health, a company founded in Berlin in 2011. It combines a medical knowledge base with AI to help people understand possible causes of their symptoms.</p>
<p>Users answer a series of questions about their symptoms, age, health history and risk factors in a chat-style interface. Ada then suggests possible conditions and recommends an appropriate next step, such as self-care, seeing a doctor or seeking urgent care. Assessment reports can be shared with a healthcare professional, and the app is available in several languages. The company states that the app is certified as a medical device in the European Union.</p>
<p>Ada is intended for individuals who want guidance before deciding whether to seek care; it does not provide a diagnosis or replace a medical professional. The company also works with health systems, insurers and life sciences companies under enterprise agreements.</p>`,
    features: [
      "Chat-style symptom assessment",
      "Suggested possible conditions",
      "Recommended next steps and urgency",
      "Shareable assessment reports",
      "Multiple languages",
    ],
    pros: ["Free for individuals", "Clear next-step advice", "Medical device certified in the EU"],
    cons: ["Not a diagnosis", "Assessments take several minutes of questions"],
    pricing: [
      { plan: "Individuals", price: "$0", details: "Symptom assessments in the mobile app" },
      {
        plan: "Enterprise",
        price: "Contact sales",
        details: "Partnerships for health systems, insurers and life sciences",
      },
    ],
    metaTitle: "Ada Health – AI Symptom Assessment App",
  },
  {
    name: "Wysa",
    slug: "wysa",
    category: "Health",
    website: "https://www.wysa.com",
    description: `<p><strong>Wysa</strong> is an AI chatbot for mental health and emotional wellbeing, represented in its app by a penguin character. It is available on iOS and Android and is also offered through employers and healthcare providers.</p>
<p>The chatbot draws on techniques from cognitive behavioural therapy, dialectical behaviour therapy, mindfulness and other evidence-based approaches to help users work through stress, anxiety, low mood and sleep problems. It offers guided exercises, mood tracking and reflective conversations. Wysa includes safety protocols that point users to crisis resources when needed, and it is not a replacement for professional treatment.</p>
<p>Individuals can download the app directly, and Wysa also partners with employers, insurers and health services, including services within the UK's National Health Service. The chatbot is free to use, while premium self-help content and sessions with human coaches require payment.</p>`,
    features: [
      "AI chatbot based on CBT techniques",
      "Guided exercises and meditations",
      "Mood tracking",
      "Optional human coaching",
      "Crisis resource signposting",
    ],
    pros: ["Free anonymous chatbot", "Evidence-based techniques", "Available any time"],
    cons: ["Not suitable for crises or severe conditions", "Premium content and coaching cost extra"],
    pricing: {
      Free: "AI chatbot and basic exercises",
      Premium: "Subscription for the full self-help library, price varies by region",
      Coaching: "Sessions with human coaches, paid separately",
      Organizations: "Contact sales",
    },
    metaTitle: "Wysa – AI Mental Health and Wellbeing Chatbot",
  },
  {
    name: "Abridge",
    slug: "abridge",
    category: "Health",
    website: "https://www.abridge.com",
    description: `<p><strong>Abridge</strong> is a clinical documentation company founded in 2018 in Pittsburgh by cardiologist Shiv Rao. Its software uses generative AI to turn conversations between clinicians and patients into draft clinical notes.</p>
<p>With the patient's consent, Abridge records the visit on a phone or computer, transcribes the conversation and produces a structured note that the clinician reviews and edits before it enters the medical record. The company emphasizes traceability, linking statements in the note back to the relevant part of the conversation. Abridge integrates with electronic health record systems, including Epic, and supports multiple languages and medical specialties.</p>
<p>Abridge is sold to health systems and medical groups rather than to individual consumers, and its stated aim is to reduce the time clinicians spend on documentation. Pricing is negotiated under enterprise contracts, so there is no public price list.</p>`,
    features: [
      "Ambient recording of clinical visits",
      "Draft structured clinical notes",
      "Links from note text to source audio",
      "Epic EHR integration",
      "Multilingual conversations",
    ],
    pros: ["Reduces documentation time", "Traceable note content", "Integrates with Epic"],
    cons: ["Only for healthcare organizations", "Notes still require clinician review"],
    pricing: {
      "Health systems": "Enterprise contracts, contact sales",
    },
    metaTitle: "Abridge – Generative AI for Clinical Documentation",
  },

  // ---------------------------------------------------------------- Productivity
  {
    name: "Gemini",
    slug: "gemini",
    category: "Productivity",
    website: "https://gemini.google.com",
    description: `<p><strong>Gemini</strong> is Google's AI assistant and the name of the family of multimodal models that power it. The assistant, previously called Bard, was renamed Gemini in February 2024 and is available on the web, on Android and iOS, and inside other Google products.</p>
<p>Gemini can answer questions, write and edit text, summarize documents, analyse images, write code and, depending on the plan, create images and short videos. Deep Research compiles reports from many web sources, Gems let users save custom assistants, and Canvas provides a space for editing documents and code. When enabled, integration with Gmail, Docs, Drive and other Google Workspace apps lets it work with a user's own files.</p>
<p>Gemini is used by individuals, students and organizations on Google Workspace. A free version is available, Google AI subscription plans offer higher limits and more capable models, and Workspace business plans include Gemini features for teams.</p>`,
    features: [
      "Multimodal chat with text, images and files",
      "Deep Research reports",
      "Gems custom assistants",
      "Integration with Gmail, Docs and Drive",
      "Image and video generation on paid plans",
    ],
    pros: ["Tight Google Workspace integration", "Capable free tier", "Handles very long inputs"],
    cons: ["Best features need Google AI plans", "Workspace data access needs careful settings"],
    pricing: [
      { plan: "Free", price: "$0", details: "Gemini app with standard models and limits" },
      {
        plan: "Google AI Pro",
        price: "About $20/month",
        details: "More capable models, higher limits and extra storage",
      },
      { plan: "Google AI Ultra", price: "About $250/month", details: "Highest limits and early access features" },
      { plan: "Google Workspace", price: "Varies by plan", details: "Business plans include Gemini in Workspace apps" },
    ],
    metaTitle: "Gemini – Google's AI Assistant for Work and Everyday Tasks",
  },
  {
    name: "Microsoft Copilot",
    slug: "microsoft-copilot",
    category: "Productivity",
    website: "https://copilot.microsoft.com",
    description: `<p><strong>Microsoft Copilot</strong> is Microsoft's AI assistant, available on the web and as an app for Windows, macOS, iOS and Android. It grew out of Bing Chat, launched in 2023, and uses large language models including models from OpenAI and Microsoft's own.</p>
<p>The consumer Copilot app answers questions using web search, writes and summarizes text, generates images and supports voice conversations. The business product, Microsoft 365 Copilot, works inside Word, Excel, PowerPoint, Outlook and Teams, where it can draft documents, analyse data, summarize email threads and recap meetings using an organization's data, subject to existing permissions. Copilot Studio lets organizations build custom agents.</p>
<p>Copilot is used by consumers for everyday tasks and by businesses already invested in Microsoft 365. The basic app is free, some Microsoft 365 consumer subscriptions include Copilot features, and Microsoft 365 Copilot is a paid add-on licence for business customers.</p>`,
    features: [
      "Chat with web search and citations",
      "Copilot in Word, Excel, PowerPoint and Outlook",
      "Meeting recaps in Teams",
      "Copilot Studio for custom agents",
      "Image generation and voice mode",
    ],
    pros: ["Built into Microsoft 365 apps", "Free consumer app", "Respects existing permissions"],
    cons: ["Business add-on is expensive", "Feature set differs across licences"],
    pricing: [
      { plan: "Copilot app", price: "$0", details: "Free consumer assistant on web and mobile" },
      {
        plan: "Microsoft 365 Personal and Family",
        price: "Varies by plan",
        details: "Consumer subscriptions include Copilot in Office apps with usage limits",
      },
      {
        plan: "Microsoft 365 Copilot",
        price: "About $30/user/month",
        details: "Business add-on, usually billed annually",
      },
    ],
    metaTitle: "Microsoft Copilot – AI Assistant for Windows and Microsoft 365",
  },
  {
    name: "Notion AI",
    slug: "notion-ai",
    category: "Productivity",
    website: "https://www.notion.com/product/ai",
    description: `<p><strong>Notion AI</strong> is the set of AI features built into Notion, the workspace app for notes, documents, wikis and project databases. Notion Labs was founded in 2013 in San Francisco, and Notion AI was introduced in 2023.</p>
<p>Inside Notion pages, the AI can draft and edit text, summarize content, translate, extract action items and fill in database properties automatically. Enterprise search answers questions using content from the workspace and, where connected, from tools such as Slack and Google Drive. AI Meeting Notes can transcribe and summarize meetings, and Notion has introduced agents that carry out multi-step tasks across pages and databases.</p>
<p>Notion AI is used by individuals, startups and larger teams that already organize their work in Notion. In 2025 Notion included its full AI features in its Business and Enterprise plans, while Free and Plus users receive a limited trial of AI features.</p>`,
    features: [
      "Writing and editing inside pages",
      "Q&A search across the workspace",
      "AI Meeting Notes",
      "Autofill for database properties",
      "Connectors for Slack and Google Drive",
    ],
    pros: ["AI where your notes already live", "Workspace-wide search", "Good for team wikis"],
    cons: ["Full AI requires the Business plan", "Less useful without content in Notion"],
    pricing: {
      Free: "Limited AI trial",
      Plus: "About $10 per seat per month billed annually, limited AI trial",
      Business: "About $20 per seat per month billed annually, includes Notion AI",
      Enterprise: "Custom pricing",
    },
    metaTitle: "Notion AI – AI Writing, Search and Meeting Notes in Notion",
  },
  {
    name: "Otter.ai",
    slug: "otter-ai",
    category: "Productivity",
    website: "https://otter.ai",
    description: `<p><strong>Otter.ai</strong> is an AI meeting assistant that records, transcribes and summarizes conversations. The company was founded in 2016 and is based in Mountain View, California.</p>
<p>Otter can join Zoom, Google Meet and Microsoft Teams meetings automatically, produce a live transcript with speaker identification, and generate summaries and action items afterwards. Users can search transcripts, highlight and comment on key moments, and ask an AI chat questions about one meeting or many. Otter also offers a mobile app for recording in-person conversations and lectures.</p>
<p>Students, journalists, sales teams and professionals who spend much of their day in meetings use Otter. A free Basic plan offers a limited number of transcription minutes per month, while Pro, Business and Enterprise plans add more minutes, longer meetings, integrations and administrative controls.</p>`,
    features: [
      "Live transcription with speaker labels",
      "Automatic meeting summaries and action items",
      "Joins Zoom, Meet and Teams",
      "AI chat across meetings",
      "Mobile recording for in-person conversations",
    ],
    pros: ["Accurate live transcripts", "Free plan to start", "Easy sharing of notes"],
    cons: ["Free minutes are limited", "Bots joining calls can concern participants"],
    pricing: [
      { plan: "Basic", price: "$0", details: "Limited monthly transcription minutes" },
      { plan: "Pro", price: "About $8/user/month billed annually", details: "More minutes and longer meetings" },
      { plan: "Business", price: "About $20/user/month billed annually", details: "Team features and admin controls" },
      { plan: "Enterprise", price: "Contact sales", details: "SSO and advanced security" },
    ],
    metaTitle: "Otter.ai – AI Meeting Transcription and Notes",
  },
  {
    name: "Fireflies.ai",
    slug: "fireflies-ai",
    category: "Productivity",
    website: "https://fireflies.ai",
    description: `<p><strong>Fireflies.ai</strong> is an AI notetaker that records, transcribes and summarizes meetings. The company was founded in 2016 and offers its service through a web app, a mobile app and integrations with other work tools.</p>
<p>Its meeting bot can join calls on platforms including Zoom, Google Meet and Microsoft Teams, or users can upload recorded audio and video. Fireflies produces searchable transcripts, summaries, action items and topic tracking, and an AI assistant answers questions about past conversations. Conversation analytics show metrics such as talk time and sentiment, and notes can be sent automatically to CRM, project management and messaging tools.</p>
<p>Fireflies is used by sales, recruiting, customer success and project teams, as well as individuals who want a record of their calls. A free plan includes limited transcription credits and storage, and paid plans add more transcription, storage and team features.</p>`,
    features: [
      "Meeting bot for Zoom, Meet and Teams",
      "Searchable transcripts and summaries",
      "Conversation analytics",
      "AI assistant for past meetings",
      "CRM and project tool integrations",
    ],
    pros: ["Many integrations", "Useful conversation analytics", "Free plan available"],
    cons: ["Storage limits on lower plans", "Meeting bots need participant consent"],
    pricing: [
      { plan: "Free", price: "$0", details: "Limited transcription credits and storage" },
      {
        plan: "Pro",
        price: "About $10/seat/month billed annually",
        details: "More transcription and storage, AI summaries",
      },
      {
        plan: "Business",
        price: "About $19/seat/month billed annually",
        details: "Unlimited transcription, analytics and team features",
      },
      { plan: "Enterprise", price: "About $39/seat/month or custom", details: "SSO, compliance and dedicated support" },
    ],
    metaTitle: "Fireflies.ai – AI Meeting Notetaker and Conversation Search",
  },
  {
    name: "Reclaim.ai",
    slug: "reclaim-ai",
    category: "Productivity",
    website: "https://reclaim.ai",
    description: `<p><strong>Reclaim.ai</strong> is an AI scheduling app that automatically plans time on Google Calendar and Microsoft Outlook calendars. It is designed for people whose calendars fill up with meetings and who struggle to find time for focused work.</p>
<p>Users define priorities such as tasks, recurring habits, focus time, breaks and one-on-one meetings, and Reclaim finds suitable slots in the calendar. When new meetings appear, it reschedules flexible events to protect higher-priority work. Features include scheduling links, buffer time around meetings, travel time, time-tracking analytics and integrations with task managers such as Asana, Todoist, Jira, Linear and ClickUp.</p>
<p>Reclaim is used by individuals and teams who want to balance meetings with focused work without manually rearranging their calendars. A free Lite plan covers basic features, and paid plans add more scheduling links, integrations and team analytics.</p>`,
    features: [
      "Automatic task and habit scheduling",
      "Focus time protection",
      "Smart one-on-one meetings",
      "Scheduling links",
      "Task manager integrations",
    ],
    pros: ["Protects focus time", "Adapts when plans change", "Free plan available"],
    cons: ["Only Google and Outlook calendars", "Takes time to tune priorities"],
    pricing: [
      { plan: "Lite", price: "$0", details: "Basic scheduling for individuals" },
      { plan: "Starter", price: "About $8/seat/month billed annually", details: "More habits, links and integrations" },
      { plan: "Business", price: "About $12/seat/month billed annually", details: "Team features and analytics" },
      { plan: "Enterprise", price: "Contact sales", details: "SSO and advanced controls" },
    ],
    metaTitle: "Reclaim.ai – AI Calendar Scheduling for Focus Time",
  },

  // ---------------------------------------------------------------- Social Media
  {
    name: "Hootsuite OwlyWriter AI",
    slug: "hootsuite-owlywriter-ai",
    category: "Social Media",
    website: "https://www.hootsuite.com",
    description: `<p><strong>OwlyWriter AI</strong> is the generative AI writing tool built into Hootsuite, a social media management platform founded in Vancouver in 2008. It was introduced in 2023 to help users create social content in the same tool they use to schedule and publish it.</p>
<p>OwlyWriter can write captions from a prompt, turn a web page or blog post into social posts, repurpose earlier posts, suggest post ideas for a topic and generate hashtags. It can adjust tone and format content for networks such as Instagram, Facebook, LinkedIn, X and TikTok. Generated drafts go directly into Hootsuite's composer, where they can be edited, approved and scheduled.</p>
<p>OwlyWriter AI is used by social media managers, small businesses and agencies that already manage their accounts in Hootsuite. It is included in Hootsuite's paid plans rather than sold as a separate product.</p>`,
    features: [
      "Caption generation from prompts",
      "Turn links and blog posts into social posts",
      "Post idea suggestions",
      "Hashtag generation",
      "Drafts go straight into the scheduler",
    ],
    pros: ["Built into the scheduler", "Supports major networks", "Helps repurpose content"],
    cons: ["Requires a paid Hootsuite plan", "Drafts can sound generic"],
    pricing: {
      Standard: "About $99 per month billed annually, includes OwlyWriter AI",
      Advanced: "About $249 per month billed annually",
      Enterprise: "Custom pricing",
    },
    metaTitle: "Hootsuite OwlyWriter AI – AI Social Media Caption Writer",
  },
  {
    name: "Buffer AI Assistant",
    slug: "buffer-ai-assistant",
    category: "Social Media",
    website: "https://buffer.com/ai-assistant",
    description: `<p><strong>Buffer AI Assistant</strong> is a writing helper built into Buffer, a social media scheduling tool founded in 2010. Buffer is known for its fully remote team and its practice of publishing company information such as salaries.</p>
<p>Inside Buffer's post composer, the AI Assistant can generate post ideas, draft captions, rewrite text, shorten or expand drafts, change tone and repurpose a post for different networks such as LinkedIn, Instagram, Threads, Bluesky and X. Users can then schedule the result through Buffer's queue. Buffer also offers analytics, a link-in-bio page builder and engagement tools for replying to comments.</p>
<p>The assistant is used by individual creators, freelancers and small businesses who want simple social media tools. Buffer includes the AI Assistant on all plans, including the free plan, and its paid plans are priced per connected social channel.</p>`,
    features: [
      "Post idea generation",
      "Rewrite, shorten and expand drafts",
      "Repurpose posts across networks",
      "Tone adjustment",
      "Integrated with Buffer scheduling",
    ],
    pros: ["Included on the free plan", "Simple and uncluttered", "Fair per-channel pricing"],
    cons: ["Basic compared with standalone writers", "Limited analytics on free plan"],
    pricing: [
      { plan: "Free", price: "$0", details: "Up to 3 channels, includes AI Assistant" },
      {
        plan: "Essentials",
        price: "About $5/channel/month billed annually",
        details: "Analytics and engagement tools",
      },
      {
        plan: "Team",
        price: "About $10/channel/month billed annually",
        details: "Unlimited users and approval workflows",
      },
    ],
    metaTitle: "Buffer AI Assistant – AI Help for Social Media Posts",
  },
  {
    name: "Lately",
    slug: "lately",
    category: "Social Media",
    website: "https://www.lately.ai",
    description: `<p><strong>Lately</strong> is an AI social media content platform focused on repurposing long-form content into social posts. The company was co-founded by Kate Bradley Chernis, its chief executive.</p>
<p>Users upload blog posts, newsletters, podcasts or videos, and Lately extracts short passages and clips that can be used as individual social posts. The platform learns from the engagement on an account's past posts to build a model of the language that resonates with its audience, and it uses that model to suggest which content to publish. Posts can be scheduled to connected social networks.</p>
<p>Lately is used by marketing teams, agencies and organizations with a steady flow of long-form content who want to produce many social posts from each piece. It is sold as a subscription, with agency and enterprise plans available on request.</p>`,
    features: [
      "Turns long-form content into social posts",
      "Clips from podcasts and videos",
      "Learns from past engagement",
      "Scheduling to social networks",
      "Team and agency workspaces",
    ],
    pros: ["Gets more out of existing content", "Learns your audience", "Handles audio and video"],
    cons: ["Needs a supply of long-form content", "Pricing not fully public"],
    pricing: {
      Subscription: "See website for current plans",
      "Agency and Enterprise": "Contact sales",
    },
    metaTitle: "Lately – AI Social Media Content Repurposing",
  },

  // ---------------------------------------------------------------- Other
  {
    name: "Perplexity",
    slug: "perplexity",
    category: "Other",
    website: "https://www.perplexity.ai",
    description: `<p><strong>Perplexity</strong> is an AI-powered answer engine developed by Perplexity AI, a San Francisco company founded in 2022. Instead of returning a list of links, it answers questions in natural language and cites the web sources it used.</p>
<p>Users can ask follow-up questions in a conversational thread, focus searches on sources such as academic papers or discussions, and upload files for analysis. Pro Search and Research modes run more extensive searches and compile longer reports. Spaces let users organize research and collaborate, and Perplexity also offers a web browser called Comet and an API for developers. Paid users can choose among models from several AI providers.</p>
<p>Perplexity is used by students, researchers, journalists and professionals for fact-finding and research. A free tier includes basic searches with a limited number of advanced queries, while Pro, Max and enterprise plans add more advanced searches, model choice and file analysis.</p>`,
    features: [
      "Answers with cited web sources",
      "Research mode for long reports",
      "Spaces for organizing research",
      "File upload and analysis",
      "Comet browser and developer API",
    ],
    pros: ["Shows sources for answers", "Fast for quick research", "Useful free tier"],
    cons: ["Summaries can misread sources", "Advanced searches limited on free tier"],
    pricing: [
      { plan: "Free", price: "$0", details: "Unlimited basic searches, limited advanced searches" },
      { plan: "Pro", price: "$20/month", details: "Many more advanced searches and model choice" },
      { plan: "Max", price: "$200/month", details: "Highest limits and early access to new features" },
      { plan: "Enterprise Pro", price: "About $40/seat/month", details: "Team management and data controls" },
    ],
    metaTitle: "Perplexity – AI Answer Engine with Cited Sources",
  },
  {
    name: "Hugging Face",
    slug: "hugging-face",
    category: "Other",
    website: "https://huggingface.co",
    description: `<p><strong>Hugging Face</strong> is a platform and company for sharing and using machine learning models, datasets and demos. Founded in 2016 in New York, it began as a chatbot app before becoming a central hub for the open-source AI community.</p>
<p>The Hugging Face Hub hosts a very large number of publicly available models and datasets, along with Spaces, which are web demos usually built with Gradio or Streamlit. The company maintains widely used open-source libraries such as Transformers, Diffusers, Datasets and Tokenizers. Paid services include Inference Endpoints for deploying models on dedicated hardware, access to inference providers, upgraded hardware for Spaces and private storage for organizations.</p>
<p>Researchers, developers, students and companies use Hugging Face to find, test, fine-tune and deploy models. Most of the Hub is free to use, with PRO accounts, Team and Enterprise plans, and pay-as-you-go compute available for heavier needs.</p>`,
    features: [
      "Hub for models, datasets and Spaces",
      "Transformers and Diffusers libraries",
      "Inference Endpoints for deployment",
      "Model cards and dataset documentation",
      "Organization accounts and access control",
    ],
    pros: ["Central hub for open models", "Free for most uses", "Excellent open-source libraries"],
    cons: ["Model quality and licenses vary widely", "Can overwhelm newcomers"],
    pricing: {
      Free: "Public models, datasets and basic Spaces",
      PRO: "About $9 per month for individuals",
      Team: "About $20 per user per month",
      Enterprise: "From about $50 per user per month",
      Compute: "Pay as you go for Inference Endpoints and Spaces hardware",
    },
    metaTitle: "Hugging Face – Open Models, Datasets and ML Tools",
  },
  {
    name: "Ollama",
    slug: "ollama",
    category: "Other",
    website: "https://ollama.com",
    description: `<p><strong>Ollama</strong> is an open-source tool for downloading and running large language models on a personal computer. It is available for macOS, Windows and Linux and is released under the MIT license.</p>
<p>Users install Ollama and fetch models from its library with a single command, such as <em>ollama run</em> followed by a model name. The library includes open-weight models such as Llama, Gemma, Mistral, Qwen and DeepSeek in various sizes and quantizations. Ollama provides a command-line interface, a desktop app and a local REST API, including compatibility with parts of the OpenAI API, so that other applications can use local models. Modelfiles let users customize system prompts and parameters.</p>
<p>Ollama is used by developers, researchers and privacy-conscious users who want to run models offline without sending data to a cloud service. Running models locally is free, though performance depends on the computer's memory and graphics hardware. The company has also introduced optional paid cloud models.</p>`,
    features: [
      "One-command model download and run",
      "Library of open-weight models",
      "Local REST API with OpenAI compatibility",
      "Modelfiles for customization",
      "macOS, Windows and Linux support",
    ],
    pros: ["Free and open source", "Data stays on your machine", "Very easy setup"],
    cons: ["Large models need powerful hardware", "Local models trail top cloud models"],
    pricing: {
      "Local use": "Free and open source (MIT license)",
      Cloud: "Optional paid plans for cloud-hosted models, see website",
    },
    metaTitle: "Ollama – Run Open Language Models Locally",
  },
];
