import { formatRating, formatVoteCount } from "~/lib/format";
import { pricingToPlans, type Pricing } from "~/lib/pricing";
import { PRICING_MODEL_LABELS, type PricingModel } from "~/lib/pricing-model";
import { absoluteUrl } from "~/lib/seo";
import {
  factValueText,
  TOOL_FACT_KINDS,
  TOOL_FACT_LABELS,
  TOOL_FACTS,
  UNKNOWN_FACT_TEXT,
  type ToolFacts,
} from "~/lib/tool-facts";
import { siteBranding } from "../branding.server";
import { markdownAutolink, markdownLink, markdownText as text, richTextToMarkdown } from "./markdown-writer.server";

// Markdown twins of the public pages (`/tool/{slug}.md`, `/article/{slug}.md`) and `/llms.txt`:
// the same facts as the HTML, for language models and scripts (decision 066). The documents'
// structure is written here; every stored value in it goes through the writer (decision 151).

const list = (items: readonly string[]) => items.map((item) => `- ${text(item)}`).join("\n");

export type ToolForMarkdown = {
  slug: string;
  name: string;
  tagline: string | null;
  category: string;
  pricingModel: PricingModel | null;
  startingPrice: string | null;
  rating: number | null;
  voteCount: number;
  website: string | null;
  description: string;
  features: string[];
  pricing: Pricing | null;
  pros: string[];
  cons: string[];
  updatedAt: Date;
  discontinuedAt?: Date | null;
};

const day = (date: Date) => date.toISOString().slice(0, 10);

export async function toolMarkdown({
  tool,
  tags,
  alternatives,
  siteUrl,
  linkCheck = null,
  facts: knownFacts = {},
}: {
  tool: ToolForMarkdown;
  tags: { slug: string; name: string }[];
  alternatives: { slug: string; name: string; reason: string }[];
  siteUrl: string;
  /** The latest check of the website, as the page shows it. */
  linkCheck?: { checkedAt: Date; status: "ok" | "failing"; failingSince: Date | null } | null;
  /** The known facts; the others are written "Unknown", as the page shows them. */
  facts?: ToolFacts;
}): Promise<string> {
  const link = (path: string) => absoluteUrl(siteUrl, path);
  const model = tool.pricingModel ? (PRICING_MODEL_LABELS[tool.pricingModel] ?? text(tool.pricingModel)) : null;
  const pricing = model ? `${model}${tool.startingPrice ? `, from ${text(tool.startingPrice)}` : ""}` : "Not stated";
  const facts = [
    `- Category: ${markdownLink(tool.category, link(`/category/${encodeURIComponent(tool.category)}`))}`,
    `- Pricing: ${pricing}`,
    `- Rating: ${formatRating(tool.rating)} (${formatVoteCount(tool.voteCount)})`,
    ...(tags.length > 0
      ? [
          `- Tags: ${tags.map((tag) => markdownLink(tag.name, link(`/tag/${encodeURIComponent(tag.slug)}`))).join(", ")}`,
        ]
      : []),
    // Only an http(s) address becomes a link; anything else an older row holds is plain text.
    ...(tool.website ? [`- Website: ${markdownAutolink(tool.website)}`] : []),
    ...(tool.website && linkCheck
      ? [
          linkCheck.status === "failing" && linkCheck.failingSince
            ? `- Website unreachable since: ${day(linkCheck.failingSince)} (last checked ${day(linkCheck.checkedAt)})`
            : `- Website last checked: ${day(linkCheck.checkedAt)}`,
        ]
      : []),
    `- Page: ${markdownAutolink(link(`/tool/${encodeURIComponent(tool.slug)}`))}`,
    `- Last updated: ${day(tool.updatedAt)}`,
  ];
  const plans = pricingToPlans(tool.pricing).map(
    (plan) => `- ${text(plan.plan)}: ${text(plan.price)}${plan.details ? ` (${text(plan.details)})` : ""}`,
  );
  const sections: [string, string][] = [
    ["About", await richTextToMarkdown(tool.description, siteUrl)],
    ["Features", list(tool.features)],
    ["Pricing plans", plans.join("\n")],
    ["Facts", factLines(knownFacts).join("\n")],
    ["Pros", list(tool.pros)],
    ["Cons", list(tool.cons)],
    [
      "Alternatives",
      alternatives
        .map(
          (alternative) =>
            `- ${markdownLink(alternative.name, link(`/tool/${encodeURIComponent(alternative.slug)}`))}: ${text(alternative.reason)}`,
        )
        .join("\n"),
    ],
  ];
  return [
    `# ${text(tool.name)}`,
    // Said first, so a model quoting the facts below knows they are the last known ones.
    ...(tool.discontinuedAt
      ? [`**Discontinued** since ${day(tool.discontinuedAt)}: these are the tool's last known details.`]
      : []),
    ...(tool.tagline ? [`> ${text(tool.tagline)}`] : []),
    facts.join("\n"),
    ...sections.filter(([, body]) => body).map(([heading, body]) => `## ${heading}\n\n${body}`),
    "",
  ].join("\n\n");
}

/** "- Free plan: Yes (limits) ([source](url), checked 2026-11-27)", or "- API: Unknown". */
function factLines(facts: ToolFacts): string[] {
  return TOOL_FACTS.map((name) => {
    const fact = facts[name];
    if (!fact) return `- ${TOOL_FACT_LABELS[name]}: ${UNKNOWN_FACT_TEXT}`;
    const detail = TOOL_FACT_KINDS[name] !== "text" && fact.detail !== "" ? ` (${text(fact.detail)})` : "";
    return `- ${TOOL_FACT_LABELS[name]}: ${text(factValueText(name, fact))}${detail} (${markdownLink("source", fact.sourceUrl)}, checked ${fact.checkedAt})`;
  });
}

export type ArticleForMarkdown = {
  slug: string;
  title: string;
  author: string;
  date: string;
  category: string;
  excerpt: string;
  content: string;
};

export async function articleMarkdown({
  article,
  siteUrl,
}: {
  article: ArticleForMarkdown;
  siteUrl: string;
}): Promise<string> {
  return [
    `# ${text(article.title)}`,
    `> ${text(article.excerpt)}`,
    [
      `- By ${text(article.author)}, ${text(article.date)}`,
      `- Category: ${text(article.category)}`,
      `- Page: ${markdownAutolink(absoluteUrl(siteUrl, `/article/${encodeURIComponent(article.slug)}`))}`,
    ].join("\n"),
    await richTextToMarkdown(article.content, siteUrl),
    "",
  ].join("\n\n");
}

/** `/llms.txt` (llmstxt.org): what the site is and where a model finds what, by link. */
export function llmsTxt({ siteUrl, categories }: { siteUrl: string; categories: readonly string[] }): string {
  /** A list item of the llmstxt.org form: a link, then an optional description (constant Markdown). */
  const item = (label: string, path: string, description = "") =>
    `- ${markdownLink(label, absoluteUrl(siteUrl, path))}${description ? `: ${description}` : ""}`;
  const name = text(siteBranding.name);
  return [
    `# ${name}`,
    `> ${text(siteBranding.description)}`,
    [
      `${name} is an impartial directory of AI tools: each tool has a tagline, category, pricing model, tags,`,
      "features, pros and cons, a community rating, alternatives and side-by-side comparisons. Every tool and",
      "article page has a Markdown twin: add `.md` to its address.",
    ].join("\n"),
    [
      "## Find tools",
      item(
        "All tools, newest first",
        "/",
        "filter with `?q=`, `category=`, `pricing=` (free, freemium, free-trial, paid, contact; repeatable), `tag=` (repeatable, all must match) and `sort=` (relevance, top-rated, most-voted, newest, name)",
      ),
      ...categories.map((category) => item(`${category} tools`, `/category/${encodeURIComponent(category)}`)),
      item(
        "Compare two tools",
        "/compare/{a}-vs-{b}",
        `slugs in alphabetical order; up to four at ${absoluteUrl(siteUrl, "/compare?tools=a,b,c")}`,
      ),
      item("A tool's alternatives", "/tool/{slug}/alternatives", "tools in the same category with shared tags"),
    ].join("\n"),
    [
      "## For programs",
      item(
        "API reference",
        "/developers",
        "the public read API, JSON without a key: tools (with the filters above), categories, tags and articles",
      ),
      item("OpenAPI document", "/api/v1/openapi.json", "the API as OpenAPI 3.1, to generate a client from"),
      item(
        "MCP server",
        "/mcp",
        "Model Context Protocol over Streamable HTTP (POST), anonymous and read-only; tools search_tools, get_tool, compare_tools, list_alternatives, list_categories and recent_changes",
      ),
      item("New tools as RSS", "/tools/rss.xml", "the newest tools first"),
      item("New tools as JSON Feed", "/tools/feed.json", "the same, as JSON Feed 1.1"),
      item("Articles as RSS", "/blog/rss.xml", "the newest articles first"),
      item("Articles as JSON Feed", "/blog/feed.json", "the same, as JSON Feed 1.1"),
      item("Recent changes to tools", "/changes", "each changed field, before and after, who and when, with sources"),
      item("Recent changes as RSS", "/changes/rss.xml", "the same, as a feed"),
      item("Sitemap", "/sitemap.xml", "every public page"),
    ].join("\n"),
    ["## Optional", item("Blog", "/blog", "guides and comparisons"), item("About and ranking", "/about")].join("\n"),
    "",
  ].join("\n\n");
}
