// Deterministic synthetic catalogue for load benchmarks: the same seed gives the same rows,
// so two benchmark runs measure the same data. Pure functions only; scripts/bench-data.ts writes them.
import { TOOL_CATEGORIES, type ToolCategory } from "~/lib/categories";
import type { Pricing } from "~/lib/pricing";
import { slugify } from "~/lib/slugify";

/** mulberry32: small, fast and good enough to spread synthetic data; not for anything secret. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  /** `count` distinct items in random order (partial Fisher-Yates on a copy). */
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  };
  return { next, int, pick, sample };
}

export type Random = ReturnType<typeof createRandom>;

// --- Helpers ---

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;
const stripTags = (html: string) => html.replace(/<[^>]*>/g, " ");

/** Sentences shared out over at most `paragraphCount` <p> elements, in order. */
function paragraphsOf(sentences: string[], paragraphCount: number): string {
  const perParagraph = Math.ceil(sentences.length / paragraphCount);
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += perParagraph) {
    paragraphs.push(`<p>${sentences.slice(i, i + perParagraph).join(" ")}</p>`);
  }
  return paragraphs.join("\n");
}

function uniqueSlug(base: string, taken: Set<string>): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

// --- Word lists ---

const NAME_PREFIXES = [
  "Nova",
  "Quantum",
  "Lumen",
  "Pixel",
  "Echo",
  "Atlas",
  "Vertex",
  "Cobalt",
  "Orbit",
  "Spark",
  "Zen",
  "Flux",
  "Prism",
  "Aether",
  "Nimbus",
  "Helix",
  "Sonic",
  "Vivid",
  "Clever",
  "Swift",
  "Astra",
  "Bright",
  "Cortex",
  "Delta",
  "Ember",
  "Fable",
  "Glide",
  "Harbor",
  "Iris",
  "Jade",
  "Kite",
  "Lyric",
  "Maple",
  "Neon",
  "Onyx",
  "Pulse",
  "Ripple",
  "Sage",
  "Tempo",
  "Umbra",
  "Vela",
  "Willow",
  "Zephyr",
  "Arc",
  "Blaze",
  "Crest",
  "Dune",
  "Fern",
] as const;

// "Writer" and "Copywriter" make about 40% of Writing tools match the benchmark's search for "writer".
const NAME_NOUNS: Record<ToolCategory, readonly string[]> = {
  Writing: ["Writer", "Copywriter", "Scribe", "Draft", "Pen"],
  Image: ["Canvas", "Studio", "Lens", "Paint", "Sketch"],
  Video: ["Reel", "Clip", "Frame", "Motion", "Cut"],
  Audio: ["Voice", "Tune", "Sound", "Beat", "Podcast"],
  Business: ["Desk", "Deal", "Ledger", "Pitch", "Ops"],
  Development: ["Code", "Dev", "Stack", "Forge", "Debug"],
  Education: ["Tutor", "Learn", "Quiz", "Class", "Mentor"],
  Entertainment: ["Play", "Story", "Arcade", "Fun", "Game"],
  Finance: ["Budget", "Invest", "Ledger", "Tax", "Cash"],
  Health: ["Care", "Fit", "Mind", "Pulse", "Well"],
  Productivity: ["Flow", "Task", "Notes", "Focus", "Plan"],
  "Social Media": ["Post", "Feed", "Buzz", "Social", "Trend"],
  Other: ["Lab", "Kit", "Hub", "Box", "Mate"],
};

const CATEGORY_TASKS: Record<ToolCategory, readonly string[]> = {
  Writing: ["draft blog posts", "polish emails", "summarize long reports", "outline essays", "rephrase product copy"],
  Image: [
    "generate illustrations",
    "remove backgrounds",
    "upscale photos",
    "design social graphics",
    "retouch portraits",
  ],
  Video: [
    "edit short clips",
    "add captions to videos",
    "turn scripts into videos",
    "generate b-roll",
    "translate voice-overs",
  ],
  Audio: [
    "clean up recordings",
    "transcribe interviews",
    "compose background music",
    "clone narration voices",
    "master podcasts",
  ],
  Business: [
    "qualify sales leads",
    "draft proposals",
    "analyse customer feedback",
    "prepare meeting notes",
    "forecast demand",
  ],
  Development: [
    "complete code",
    "review pull requests",
    "explain unfamiliar code",
    "write unit tests",
    "generate API clients",
  ],
  Education: [
    "build flashcards",
    "explain hard concepts",
    "grade practice quizzes",
    "plan lessons",
    "practise languages",
  ],
  Entertainment: [
    "create interactive stories",
    "design game levels",
    "chat with characters",
    "generate trivia",
    "plan watch lists",
  ],
  Finance: [
    "categorize expenses",
    "track budgets",
    "summarize earnings calls",
    "prepare tax documents",
    "monitor portfolios",
  ],
  Health: ["log workouts", "plan meals", "track sleep", "guide meditation", "summarize lab results"],
  Productivity: [
    "organize tasks",
    "summarize meetings",
    "schedule calendars",
    "search documents",
    "automate workflows",
  ],
  "Social Media": ["schedule posts", "suggest hashtags", "reply to comments", "analyse engagement", "repurpose videos"],
  Other: ["answer questions", "compare products", "plan trips", "translate text", "organize research"],
};

const AUDIENCES = [
  "freelancers",
  "small teams",
  "students",
  "marketers",
  "developers",
  "researchers",
  "agencies",
  "teachers",
  "creators",
  "startups",
  "enterprises",
  "hobbyists",
  "analysts",
  "designers",
  "support teams",
] as const;

const ADJECTIVES = [
  "fast",
  "simple",
  "flexible",
  "collaborative",
  "privacy-minded",
  "browser-based",
  "lightweight",
  "capable",
  "affordable",
  "cloud-hosted",
  "open",
  "polished",
  "beginner-friendly",
  "extensible",
  "focused",
] as const;

const FILLER_SENTENCES = [
  "It runs in the browser and offers apps for desktop and mobile devices.",
  "A free tier lets new users try the main features before choosing a paid plan.",
  "Teams can share workspaces, leave comments and keep a history of earlier versions.",
  "The interface is organized around projects, so related files and settings stay together.",
  "Results can be exported in common formats or sent straight to connected services.",
  "An API is available for companies that want to build the features into their own products.",
  "Integrations cover popular tools such as Slack, Google Drive, Notion and Zapier.",
  "The company publishes a changelog and ships updates every few weeks.",
  "Settings let administrators control data retention and who can invite new members.",
  "Templates help people get started quickly without learning every option first.",
  "Usage limits depend on the plan and are shown clearly in the account dashboard.",
  "Support is available by email, with priority help on the business plans.",
  "Reviewers often mention the clean design and the short learning curve.",
  "Output quality depends on the instructions given, and results should be checked before they are published.",
  "The product was launched by a small team and has grown through word of mouth.",
  "Keyboard shortcuts and a command palette make common actions quicker for frequent users.",
  "Data is encrypted in transit and at rest, and single sign-on is offered to larger customers.",
  "A community forum collects feature requests, tutorials and answers from other users.",
] as const;

const GENERIC_FEATURES = [
  "Team workspaces with shared folders",
  "Version history",
  "Export to PDF, DOCX and Markdown",
  "REST API access",
  "Browser extension",
  "Single sign-on for business plans",
  "Usage analytics dashboard",
  "Custom templates",
  "Zapier and Make integrations",
  "Mobile apps for iOS and Android",
  "Multilingual interface",
  "Role-based permissions",
  "Offline mode",
  "Keyboard shortcuts and command palette",
  "Scheduled automations",
  "Bulk processing",
] as const;

const PROS = [
  "Easy to learn",
  "Generous free tier",
  "Fast results",
  "Clean interface",
  "Good integrations",
  "Helpful support",
  "Works in many languages",
  "Frequent updates",
  "Fair pricing",
  "Strong team features",
  "Reliable output",
  "Good documentation",
  "Runs in the browser",
  "Useful templates",
] as const;

const CONS = [
  "Limited free plan",
  "Output needs editing",
  "Few export formats",
  "Occasional slowdowns",
  "No offline mode",
  "Advanced features cost extra",
  "Small community",
  "Learning curve for power features",
  "English works best",
  "No self-hosted option",
  "Usage caps on lower tiers",
] as const;

const PLAN_NAMES = ["Free", "Starter", "Pro", "Team", "Business", "Enterprise"] as const;

const PERSON_FIRST = [
  "Maya",
  "Daniel",
  "Priya",
  "Lucas",
  "Amara",
  "Jonas",
  "Sofia",
  "Kenji",
  "Elena",
  "Omar",
  "Hannah",
  "Mateo",
  "Aisha",
  "Felix",
  "Ingrid",
  "Ravi",
  "Chloe",
  "Tomas",
  "Leila",
  "Noah",
] as const;
const PERSON_LAST = [
  "Lindqvist",
  "Okafor",
  "Raman",
  "Moreau",
  "Haddad",
  "Becker",
  "Rossi",
  "Tanaka",
  "Novak",
  "Silva",
  "Kowalski",
  "Nguyen",
  "Mensah",
  "Larsen",
  "Duarte",
  "Fischer",
  "Ahmed",
  "Kim",
  "Walsh",
  "Costa",
] as const;

const ARTICLE_SECTIONS = ["Guides", "Explainers", "Reviews", "News", "Tutorials"] as const;
const ARTICLE_TITLE_TEMPLATES = [
  (task: string, category: string) => `How to Choose a ${category} AI Tool to ${task}`,
  (task: string, category: string) => `${category} AI Tools Compared: The Best Ways to ${task}`,
  (task: string) => `A Practical Guide: Using AI to ${task}`,
  (task: string) => `Five Mistakes to Avoid When You Use AI to ${task}`,
  (task: string, _category: string, audience: string) =>
    `Can AI Really ${capitalize(task)}? What ${audience} Should Know`,
  (task: string, _category: string, audience: string) => `Getting Started: How ${audience} Use AI to ${task}`,
] as const;
const ARTICLE_HEADINGS = [
  "Start with the problem",
  "What to look for",
  "How we compared the tools",
  "Costs and limits",
  "Privacy and data handling",
  "Where these tools fall short",
  "A short checklist",
  "What comes next",
] as const;

// --- Tools ---

export type SyntheticTool = {
  slug: string;
  name: string;
  category: ToolCategory;
  description: string;
  website: string;
  features: string[];
  pros: string[];
  cons: string[];
  pricing: Pricing | null;
  metaTitle: string;
  createdAt: Date;
  updatedAt: Date;
  /** Star ratings (1..5), each from a distinct synthetic user (an index into the users). */
  votes: { userIndex: number; rating: number }[];
  comments: { userIndex: number; content: string; createdAt: Date }[];
};

function toolDescription(random: Random, name: string, category: ToolCategory): string {
  const task = random.pick(CATEGORY_TASKS[category]);
  const sentences = [
    `<strong>${name}</strong> is a ${random.pick(ADJECTIVES)} ${category.toLowerCase()} tool that helps ${random.pick(AUDIENCES)} ${task}.`,
    `${capitalize(random.pick(AUDIENCES))} use it to ${random.pick(CATEGORY_TASKS[category])} and to ${random.pick(CATEGORY_TASKS[category])} with less manual work.`,
  ];
  const targetWords = random.int(100, 200);
  const fillers = random.sample(FILLER_SENTENCES, FILLER_SENTENCES.length);
  for (const filler of fillers) {
    if (countWords(stripTags(sentences.join(" "))) >= targetWords) break;
    sentences.push(filler);
  }
  return paragraphsOf(sentences, random.int(2, 3));
}

function toolPricing(random: Random): Pricing | null {
  const roll = random.next();
  if (roll < 0.05) return null;
  const plans = PLAN_NAMES.slice(random.int(0, 1), random.int(3, PLAN_NAMES.length));
  const price = (index: number, plan: string) =>
    plan === "Free" ? "$0" : plan === "Enterprise" ? "Contact sales" : `$${(index + 1) * random.int(5, 15)}/month`;
  // Half the tools use the list shape, half the map shape: both must render.
  if (roll < 0.525) {
    return plans.map((plan, index) => ({
      plan,
      price: price(index, plan),
      details:
        plan === "Free" ? "Core features with monthly limits" : `Everything in the previous plan, with higher limits`,
      ...(random.next() < 0.4 ? { features: random.sample(GENERIC_FEATURES, random.int(1, 3)) } : {}),
    }));
  }
  return Object.fromEntries(plans.map((plan, index) => [plan, price(index, plan)]));
}

/** Skewed: most tools have a few votes, a few have many (like a real directory). */
function toolVotes(random: Random, userIndexes: readonly number[]): SyntheticTool["votes"] {
  const voters = random.sample(userIndexes, Math.floor(random.next() ** 2 * 40));
  const quality = 2 + random.next() * 2.8;
  return voters.map((userIndex) => ({
    userIndex,
    rating: Math.min(5, Math.max(1, Math.round(quality + (random.next() - 0.5) * 2.5))),
  }));
}

function toolComments(random: Random, userCount: number, createdAt: Date, now: Date): SyntheticTool["comments"] {
  const count = userCount > 0 && random.next() < 0.4 ? random.int(1, 5) : 0;
  return Array.from({ length: count }, () => ({
    userIndex: random.int(0, userCount - 1),
    content: random.sample(FILLER_SENTENCES, random.int(1, 2)).join(" "),
    createdAt: new Date(createdAt.getTime() + Math.floor(random.next() * (now.getTime() - createdAt.getTime()))),
  }));
}

export function generateTools({
  random,
  count,
  userCount,
  now,
  takenSlugs,
}: {
  random: Random;
  count: number;
  userCount: number;
  now: Date;
  /** Slugs already in use (the database's, when appending); extended with the new ones. */
  takenSlugs: Set<string>;
}): SyntheticTool[] {
  const threeYears = 3 * 365 * 24 * 60 * 60 * 1000;
  const slot = threeYears / Math.max(1, count);
  const userIndexes = Array.from({ length: userCount }, (_, index) => index);
  return Array.from({ length: count }, (_, index) => {
    const category = random.pick(TOOL_CATEGORIES);
    const name = `${random.pick(NAME_PREFIXES)} ${random.pick(NAME_NOUNS[category])} ${random.int(1, 999)}`;
    const slug = uniqueSlug(slugify(name), takenSlugs);
    // One time slot per tool: created_at is spread over three years and never ties.
    const createdAt = new Date(now.getTime() - threeYears + index * slot + Math.floor(random.next() * (slot - 1)));
    const updatedAt = new Date(createdAt.getTime() + Math.floor(random.next() * (now.getTime() - createdAt.getTime())));
    return {
      slug,
      name,
      category,
      description: toolDescription(random, name, category),
      website: `https://${slug}.example.com`,
      features: random.sample([...GENERIC_FEATURES, ...CATEGORY_TASKS[category].map(capitalize)], random.int(3, 7)),
      pros: random.sample(PROS, random.int(2, 5)),
      cons: random.sample(CONS, random.int(1, 4)),
      pricing: toolPricing(random),
      metaTitle: `${name} – ${category} AI Tool`,
      createdAt,
      updatedAt,
      votes: toolVotes(random, userIndexes),
      comments: toolComments(random, userCount, createdAt, now),
    };
  });
}

/** What the search for `term` should find: the same rule as the app (name or description text). */
export function toolMatches(tool: SyntheticTool, term: string): boolean {
  const needle = term.toLowerCase();
  return tool.name.toLowerCase().includes(needle) || stripTags(tool.description).toLowerCase().includes(needle);
}

// --- Users ---

export type SyntheticUser = { name: string; email: string; username: string };

export function generateUsers({
  random,
  count,
  takenEmails,
}: {
  random: Random;
  count: number;
  takenEmails: Set<string>;
}): SyntheticUser[] {
  const users: SyntheticUser[] = [];
  for (let n = 1; users.length < count; n++) {
    const email = `bench-user-${n}@bench.example`;
    if (takenEmails.has(email)) continue;
    takenEmails.add(email);
    const first = random.pick(PERSON_FIRST);
    const last = random.pick(PERSON_LAST);
    users.push({
      name: `${first} ${last}`,
      email,
      username: `${first.toLowerCase()}${last.charAt(0).toLowerCase()}${n}`,
    });
  }
  return users;
}

// --- Articles ---

export type SyntheticArticle = {
  slug: string;
  title: string;
  category: ToolCategory;
  excerpt: string;
  content: string;
  author: string;
  readTime: string;
  date: string;
  section: string;
  status: "draft" | "published";
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string[];
  createdAt: Date;
};

function articleContent(random: Random, category: ToolCategory): string {
  const targetWords = random.int(400, 900);
  const parts: string[] = [];
  let words = 0;
  const headings = random.sample(ARTICLE_HEADINGS, ARTICLE_HEADINGS.length);
  for (let section = 0; words < targetWords; section++) {
    const heading = headings[section % headings.length]!;
    const sentences = [
      `${capitalize(random.pick(AUDIENCES))} who want to ${random.pick(CATEGORY_TASKS[category])} have more choice than ever.`,
      ...random.sample(FILLER_SENTENCES, random.int(3, 6)),
    ];
    const block = [`<h2>${heading}</h2>`, paragraphsOf(sentences, 2)];
    if (random.next() < 0.4) {
      const items = random.sample(CATEGORY_TASKS[category], 3).map((task) => `<li>Tools that ${task}</li>`);
      block.push(`<ul>\n${items.join("\n")}\n</ul>`);
    }
    parts.push(block.join("\n"));
    words = countWords(stripTags(parts.join(" ")));
  }
  return parts.join("\n");
}

export function generateArticles({
  random,
  count,
  now,
  takenSlugs,
}: {
  random: Random;
  count: number;
  now: Date;
  takenSlugs: Set<string>;
}): SyntheticArticle[] {
  const day = 24 * 60 * 60 * 1000;
  return Array.from({ length: count }, () => {
    const category = random.pick(TOOL_CATEGORIES);
    const task = random.pick(CATEGORY_TASKS[category]);
    const title = random.pick(ARTICLE_TITLE_TEMPLATES)(task, category, capitalize(random.pick(AUDIENCES)));
    const content = articleContent(random, category);
    const excerpt = `${capitalize(random.pick(AUDIENCES))} ask how to ${random.pick(CATEGORY_TASKS[category])} with AI. Here is what to compare before you choose.`;
    const createdAt = new Date(now.getTime() - random.int(0, 3 * 365) * day - random.int(0, day - 1));
    return {
      slug: uniqueSlug(slugify(title), takenSlugs),
      title,
      category,
      excerpt,
      content,
      author: `${random.pick(PERSON_FIRST)} ${random.pick(PERSON_LAST)}`,
      readTime: `${Math.max(1, Math.round(countWords(stripTags(content)) / 200))} min read`,
      date: createdAt.toISOString().slice(0, 10),
      section: random.pick(ARTICLE_SECTIONS),
      // A few drafts, so the public queries' status filter has something to skip.
      status: random.next() < 0.05 ? "draft" : "published",
      metaTitle: title,
      metaDescription: excerpt.slice(0, 160),
      metaKeywords: [category.toLowerCase(), "ai tools", task],
      createdAt,
    };
  });
}

/** The stored average, rounded half up to two decimals in integer arithmetic (as numeric(3,2) does). */
export function averageRating(votes: SyntheticTool["votes"]): number | null {
  if (votes.length === 0) return null;
  const sum = votes.reduce((total, vote) => total + vote.rating, 0);
  return Math.floor((sum * 200 + votes.length) / (2 * votes.length)) / 100;
}
