import { demoTools } from "./tools.server";

/**
 * The demo's ratings and reviews (issue 33, decision 173): twelve demo members, each account with
 * no password and no sign-in method (no one can use it), an `.invalid` address, confirmed and
 * months old, give star votes to most demo tools, and some of them say in a review how they used
 * the tool. Reviews are demo content: how a member used the tool, nothing asserted about the
 * vendor (no prices, no user numbers). Seeded with the catalogue's first run only, on the tools
 * that run added (reviews-seed.server.ts). Tests read these figures from here (`demoVotes`,
 * `demoRatingOf`); this module imports nothing but the demo tools, so end-to-end specs can too.
 */

export const DEMO_REVIEWERS = [
  "Ana",
  "Tomas",
  "Priya",
  "Jonas",
  "Mei",
  "Kofi",
  "Lucia",
  "Emre",
  "Sofia",
  "Daniel",
  "Aiko",
  "Marek",
].map((name) => ({
  email: `demo-reviewer-${name.toLowerCase()}@aitlas.invalid`,
  // The public name says it is a demo account.
  displayName: `${name}.demo`,
}));

/** Each voted tool's demo ratings, one digit per vote; a few tools are left without votes. */
const RATINGS: Record<string, string> = {
  chatgpt: "554545455",
  claude: "55455454",
  jasper: "4343",
  grammarly: "54454",
  midjourney: "545545",
  "gpt-image-dall-e": "4454",
  "stable-diffusion": "45434",
  "adobe-firefly": "444",
  runway: "4543",
  synthesia: "434",
  pika: "343",
  heygen: "443",
  elevenlabs: "55454",
  descript: "5445",
  suno: "4534",
  "murf-ai": "344",
  gong: "43",
  "salesforce-agentforce": "34",
  "hubspot-breeze": "434",
  zapier: "54545",
  "github-copilot": "5454544",
  cursor: "555454",
  tabnine: "3443",
  replit: "4534",
  khanmigo: "45",
  "duolingo-max": "4434",
  quizlet: "444",
  "character-ai": "3424",
  cleo: "34",
  alphasense: "4",
  "ada-health": "43",
  wysa: "454",
  abridge: "5",
  gemini: "45445",
  "microsoft-copilot": "4344",
  "notion-ai": "54454",
  "otter-ai": "4545",
  "fireflies-ai": "443",
  "reclaim-ai": "54",
  "hootsuite-owlywriter-ai": "3",
  perplexity: "554545",
  "hugging-face": "5545",
  ollama: "5455",
};

type DemoReview = { usedFor: string | null; text: string; helpful?: number };

/** Reviews by tool, keyed by which of its votes (0 = the first) wrote them; `helpful` other demo members marked it. */
const REVIEWS: Record<string, Record<number, DemoReview>> = {
  chatgpt: {
    0: {
      usedFor: "Drafting emails and summaries",
      text: "I used it most days for first drafts of emails and for summarising long threads before meetings. The drafts needed editing for tone, but it saved me the blank-page step every time.",
      helpful: 1,
    },
    2: {
      usedFor: "Brainstorming",
      text: "Good for getting a list of options quickly when planning a workshop. It sometimes stated things confidently that I had to check, so I treat its answers as a starting point.",
      helpful: 3,
    },
  },
  claude: {
    0: {
      usedFor: "Reviewing long documents",
      text: "I pasted in long policy documents and asked for the points that affect our team. The summaries kept the structure of the originals, which made them easy to check.",
      helpful: 2,
    },
    2: {
      usedFor: "Editing",
      text: "Helpful for tightening my writing without flattening it. Occasionally it was more cautious than I needed and I had to rephrase the request.",
    },
  },
  jasper: {
    1: {
      usedFor: "Marketing copy",
      text: "Produced usable product descriptions after I set up a brand voice, but the first drafts felt generic. Worth it only if you write copy in volume.",
    },
  },
  grammarly: {
    0: {
      usedFor: "Proofreading reports",
      text: "Catches the small mistakes I stop seeing after the third read. I keep it on for every report I send to clients.",
    },
  },
  midjourney: {
    0: {
      usedFor: "Concept art for a board game",
      text: "We used it to explore visual styles for a board game prototype before briefing an illustrator. Getting consistent characters across images took many attempts.",
      helpful: 2,
    },
    1: {
      usedFor: "Mood boards",
      text: "Great for mood boards. Learning the prompt style took an afternoon; after that I could get close to what I pictured.",
    },
  },
  "stable-diffusion": {
    3: {
      usedFor: "Product mock-ups",
      text: "Running it locally gave me full control, but setting up the models and settings took far longer than I expected. Rewarding if you like tinkering.",
    },
  },
  runway: {
    0: {
      usedFor: "Short social videos",
      text: "I removed backgrounds and extended a few clips for short social posts. The results were good enough for social media, less so for anything shown on a large screen.",
    },
  },
  elevenlabs: {
    0: {
      usedFor: "Narrating training videos",
      text: "I narrated a set of internal training videos with it. Nobody commented on the voice, which I take as success; I still had to fix the pronunciation of a few product names.",
    },
  },
  descript: {
    1: {
      usedFor: "Podcast editing",
      text: "Editing audio by editing the transcript changed how I work on our small podcast. Removing filler words in one go is the feature I use most.",
      helpful: 1,
    },
  },
  suno: {
    2: {
      usedFor: "Jingles for a school project",
      text: "Fun for quick jingles for a school project. The songs were catchy but I could not steer the details as much as I wanted.",
    },
  },
  zapier: {
    0: {
      usedFor: "Connecting forms to our CRM",
      text: "We connected our web forms, a spreadsheet and our CRM without writing code. Describing a workflow in a sentence got me most of the way to a working one.",
      helpful: 2,
    },
  },
  "github-copilot": {
    0: {
      usedFor: "Writing tests",
      text: "It writes the boring parts of unit tests well once a few examples exist in the file. I review every suggestion; now and then it invents a function that does not exist.",
      helpful: 4,
    },
    1: {
      usedFor: "Everyday coding in the editor",
      text: "Whole-line completions save typing, especially in repetitive code. Less helpful in the parts of our codebase with unusual conventions.",
    },
  },
  cursor: {
    0: {
      usedFor: "Refactoring a web app",
      text: "Asking for a change across several files and reviewing the diff is how I now do most refactors. Reviewing carefully is still on me.",
      helpful: 1,
    },
  },
  tabnine: {
    0: {
      usedFor: "Code completion",
      text: "Completions were fast but shorter and less aware of context than I hoped. It suits teams that want the assistant to stay close to their own code.",
    },
  },
  replit: {
    1: {
      usedFor: "Teaching a beginners' class",
      text: "My students could start coding in the browser without installing anything, and the assistant explained errors in plain words.",
    },
  },
  "duolingo-max": {
    0: {
      usedFor: "Practising Spanish",
      text: "The conversation practice made me answer in full sentences instead of tapping words. Explanations of my mistakes were clear.",
    },
  },
  "character-ai": {
    0: {
      usedFor: "Trying out dialogue for a novel",
      text: "I used characters to try out dialogue for a novel. Entertaining, but conversations drifted off track after a while.",
    },
  },
  "ada-health": {
    1: {
      usedFor: "Checking symptoms",
      text: "The questions were thorough and it suggested seeing a doctor when that made sense. It took longer than I expected to reach a result.",
    },
  },
  wysa: {
    1: {
      usedFor: "Evening check-ins",
      text: "The short check-ins helped me notice patterns in my mood. It is clear that it is not a replacement for a therapist, which I appreciated.",
    },
  },
  gemini: {
    0: {
      usedFor: "Questions about shared documents",
      text: "Handy for finding things across our shared documents and drafting replies to email. Answers about very recent events needed checking.",
    },
  },
  "notion-ai": {
    0: {
      usedFor: "Meeting notes",
      text: "Turning messy meeting notes into action lists inside the page where they already live is the reason I keep it on.",
      helpful: 1,
    },
  },
  "otter-ai": {
    1: {
      usedFor: "Transcribing interviews",
      text: "I transcribed research interviews with it. Speaker labels needed a few corrections, but searching the transcripts afterwards saved hours.",
    },
  },
  "fireflies-ai": {
    2: {
      usedFor: "Sales call notes",
      text: "Summaries of our calls were useful, but the assistant joining every meeting surprised some guests, so we now turn it on per meeting.",
    },
  },
  perplexity: {
    0: {
      usedFor: "Research with sources",
      text: "I like that answers come with links, so I can check where a claim came from before I use it in a report.",
      helpful: 2,
    },
    2: {
      usedFor: "Quick background reading",
      text: "Good for a first overview of an unfamiliar subject. I still open the sources, because a summary sometimes reads more certain than the page it cites.",
    },
  },
  "hugging-face": {
    0: {
      usedFor: "Trying open models",
      text: "I tried several open models for a text classification task without setting up servers first. The model cards helped me compare them.",
    },
  },
  ollama: {
    0: {
      usedFor: "Running models offline",
      text: "I run a model on my laptop for notes I do not want to send anywhere. Setup was one command; larger models are slow on my machine.",
    },
  },
};

export type DemoVote = {
  slug: string;
  /** Index into DEMO_REVIEWERS. */
  reviewer: number;
  rating: number;
  daysAgo: number;
  review: DemoReview | null;
};

/** Every demo vote: a tool's votes come from consecutive demo members, starting at a different one per tool. */
export const demoVotes: DemoVote[] = demoTools.flatMap((tool, toolIndex) =>
  [...(RATINGS[tool.slug] ?? "")].map((digit, index) => ({
    slug: tool.slug,
    reviewer: (toolIndex * 5 + index) % DEMO_REVIEWERS.length,
    rating: Number(digit),
    daysAgo: 5 + ((toolIndex * 7 + index * 11) % 80),
    review: REVIEWS[tool.slug]?.[index] ?? null,
  })),
);

/**
 * A demo tool's rating as the site stores it after seeding (the plain average to two decimals, and
 * the count), or after `extra` votes by other members too.
 */
export function demoRatingOf(slug: string, ...extra: number[]): { rating: number | null; voteCount: number } {
  const ratings = [...demoVotes.filter((vote) => vote.slug === slug).map((vote) => vote.rating), ...extra];
  if (ratings.length === 0) return { rating: null, voteCount: 0 };
  const average = ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length;
  return { rating: Math.round(average * 100) / 100, voteCount: ratings.length };
}

/** The demo members who marked a review helpful: the ones after its author, never the author. */
export function demoHelpfulMarkers(vote: DemoVote): number[] {
  return Array.from(
    { length: vote.review?.helpful ?? 0 },
    (_, index) => (vote.reviewer + 1 + index) % DEMO_REVIEWERS.length,
  );
}
