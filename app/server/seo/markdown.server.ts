import TurndownService from "turndown";
import { formatRating, formatVoteCount } from "~/lib/format";
import { pricingToPlans, type Pricing } from "~/lib/pricing";
import { PRICING_MODEL_LABELS, type PricingModel } from "~/lib/pricing-model";
import { absoluteUrl } from "~/lib/seo";
import { siteBranding } from "../branding.server";
import { sanitizeRichText } from "../content/sanitize-html.server";

// Markdown twins of the public pages (`/tool/{slug}.md`, `/article/{slug}.md`) and `/llms.txt`:
// the same facts as the HTML, for language models and scripts (decision 066).

const turndown = new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced" });

/** Stored rich text, sanitized as the page shows it, then written as Markdown. */
export function richTextToMarkdown(html: string): string {
  return turndown.turndown(sanitizeRichText(html)).trim();
}

/** A line of Markdown text: no line breaks, no characters that would start markup. */
const inline = (text: string) =>
  text
    .replace(/\s+/g, " ")
    .replace(/([\\`*_[\]<>])/g, "\\$1")
    .trim();

const list = (items: readonly string[]) => items.map((item) => `- ${inline(item)}`).join("\n");

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

export function toolMarkdown({
  tool,
  tags,
  alternatives,
  siteUrl,
  linkCheck = null,
}: {
  tool: ToolForMarkdown;
  tags: { slug: string; name: string }[];
  alternatives: { slug: string; name: string; reason: string }[];
  siteUrl: string;
  /** The latest check of the website, as the page shows it. */
  linkCheck?: { checkedAt: Date; status: "ok" | "failing"; failingSince: Date | null } | null;
}): string {
  const link = (path: string) => absoluteUrl(siteUrl, path);
  const pricing = tool.pricingModel
    ? `${PRICING_MODEL_LABELS[tool.pricingModel]}${tool.startingPrice ? `, from ${inline(tool.startingPrice)}` : ""}`
    : "Not stated";
  const facts = [
    `- Category: [${tool.category}](${link(`/category/${encodeURIComponent(tool.category)}`)})`,
    `- Pricing: ${pricing}`,
    `- Rating: ${formatRating(tool.rating)} (${formatVoteCount(tool.voteCount)})`,
    ...(tags.length > 0
      ? [`- Tags: ${tags.map((tag) => `[${inline(tag.name)}](${link(`/tag/${tag.slug}`)})`).join(", ")}`]
      : []),
    ...(tool.website ? [`- Website: <${tool.website}>`] : []),
    ...(tool.website && linkCheck
      ? [
          linkCheck.status === "failing" && linkCheck.failingSince
            ? `- Website unreachable since: ${day(linkCheck.failingSince)} (last checked ${day(linkCheck.checkedAt)})`
            : `- Website last checked: ${day(linkCheck.checkedAt)}`,
        ]
      : []),
    `- Page: <${link(`/tool/${tool.slug}`)}>`,
    `- Last updated: ${day(tool.updatedAt)}`,
  ];
  const plans = pricingToPlans(tool.pricing).map(
    (plan) => `- ${inline(plan.plan)}: ${inline(plan.price)}${plan.details ? ` (${inline(plan.details)})` : ""}`,
  );
  const sections: [string, string][] = [
    ["About", richTextToMarkdown(tool.description)],
    ["Features", list(tool.features)],
    ["Pricing plans", plans.join("\n")],
    ["Pros", list(tool.pros)],
    ["Cons", list(tool.cons)],
    [
      "Alternatives",
      alternatives
        .map(
          (alternative) =>
            `- [${inline(alternative.name)}](${link(`/tool/${alternative.slug}`)}): ${inline(alternative.reason)}`,
        )
        .join("\n"),
    ],
  ];
  return [
    `# ${inline(tool.name)}`,
    // Said first, so a model quoting the facts below knows they are the last known ones.
    ...(tool.discontinuedAt
      ? [`**Discontinued** since ${day(tool.discontinuedAt)}: these are the tool's last known details.`]
      : []),
    ...(tool.tagline ? [`> ${inline(tool.tagline)}`] : []),
    facts.join("\n"),
    ...sections.filter(([, body]) => body).map(([heading, body]) => `## ${heading}\n\n${body}`),
    "",
  ].join("\n\n");
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

export function articleMarkdown({ article, siteUrl }: { article: ArticleForMarkdown; siteUrl: string }): string {
  return [
    `# ${inline(article.title)}`,
    `> ${inline(article.excerpt)}`,
    [
      `- By ${inline(article.author)}, ${article.date}`,
      `- Category: ${inline(article.category)}`,
      `- Page: <${absoluteUrl(siteUrl, `/article/${article.slug}`)}>`,
    ].join("\n"),
    richTextToMarkdown(article.content),
    "",
  ].join("\n\n");
}

/** `/llms.txt` (llmstxt.org): what the site is and where a model finds what, by link. */
export function llmsTxt({ siteUrl, categories }: { siteUrl: string; categories: readonly string[] }): string {
  const link = (path: string) => absoluteUrl(siteUrl, path);
  return [
    `# ${siteBranding.name}`,
    `> ${siteBranding.description}`,
    [
      `${siteBranding.name} is an impartial directory of AI tools: each tool has a tagline, category, pricing model, tags,`,
      "features, pros and cons, a community rating, alternatives and side-by-side comparisons. Every tool and",
      "article page has a Markdown twin: add `.md` to its address.",
    ].join("\n"),
    [
      "## Find tools",
      `- [All tools, newest first](${link("/")}): filter with \`?q=\`, \`category=\`, \`pricing=\` (free, freemium, free-trial, paid, contact; repeatable), \`tag=\` (repeatable, all must match) and \`sort=\` (relevance, top-rated, most-voted, newest, name)`,
      ...categories.map((category) => `- [${category} tools](${link(`/category/${encodeURIComponent(category)}`)})`),
      `- [Compare two tools](${link("/compare/{a}-vs-{b}")}): slugs in alphabetical order; up to four at ${link("/compare?tools=a,b,c")}`,
      `- [A tool's alternatives](${link("/tool/{slug}/alternatives")}): tools in the same category with shared tags`,
    ].join("\n"),
    [
      "## For programs",
      `- [API reference](${link("/developers")}): the public read API, JSON without a key: tools (with the filters above), categories, tags and articles`,
      `- [OpenAPI document](${link("/api/v1/openapi.json")}): the API as OpenAPI 3.1, to generate a client from`,
      `- [MCP server](${link("/mcp")}): Model Context Protocol over Streamable HTTP (POST), anonymous and read-only; tools search_tools, get_tool, compare_tools, list_alternatives, list_categories and recent_changes`,
      `- [New tools as RSS](${link("/tools/rss.xml")}): the newest tools first`,
      `- [New tools as JSON Feed](${link("/tools/feed.json")}): the same, as JSON Feed 1.1`,
      `- [Articles as RSS](${link("/blog/rss.xml")}): the newest articles first`,
      `- [Articles as JSON Feed](${link("/blog/feed.json")}): the same, as JSON Feed 1.1`,
      `- [Recent changes to tools](${link("/changes")}): each changed field, before and after, who and when, with sources`,
      `- [Recent changes as RSS](${link("/changes/rss.xml")}): the same, as a feed`,
      `- [Sitemap](${link("/sitemap.xml")}): every public page`,
    ].join("\n"),
    [
      "## Optional",
      `- [Blog](${link("/blog")}): guides and comparisons`,
      `- [About and ranking](${link("/about")})`,
    ].join("\n"),
    "",
  ].join("\n\n");
}
