import type { FrequencyChoice } from "~/lib/follows";
import { siteBranding } from "../branding.server";
import type { OutgoingMail } from "../mail/mailer.server";
import { escapeXml as escapeHtml } from "../seo/xml.server";
import { newsCount, type FollowNews } from "./follow-news.server";

/**
 * The email of what changed in what a member follows (decision 181): a text and an HTML part
 * from the same sections, every link absolute, and RFC 8058's one-click unsubscribe in the headers
 * beside a link in the body.
 */

type Section = { heading: string; items: { title: string; url: string; lines: string[] }[] };

function sectionsOf(news: FollowNews, siteUrl: string): Section[] {
  const link = (path: string) => new URL(path, siteUrl).href;
  const toolUrl = (slug: string) => link(`/tool/${encodeURIComponent(slug)}`);
  const sections: Section[] = [
    {
      heading: "New tools",
      items: news.newTools.map((tool) => ({
        title: `${tool.name} (${tool.category})`,
        url: toolUrl(tool.slug),
        lines: tool.tagline ? [tool.tagline] : [],
      })),
    },
    {
      heading: "Changed facts and prices",
      items: news.changes.map((change) => ({
        title: change.toolName,
        url: toolUrl(change.toolSlug),
        lines: [
          change.summary,
          ...change.sources.map((source) => `Source: ${source.title || source.url} ${source.url}`),
        ],
      })),
    },
    {
      heading: "New reviews",
      items: news.reviews.map((review) => ({
        title: `${review.toolName}, reviewed by ${review.author}`,
        url: toolUrl(review.toolSlug),
        lines: [`“${review.excerpt}”`],
      })),
    },
    {
      heading: "New articles",
      items: news.articles.map((article) => ({
        title: article.title,
        url: link(`/article/${encodeURIComponent(article.slug)}`),
        lines: [article.excerpt],
      })),
    },
  ];
  return sections.filter((section) => section.items.length > 0);
}

export function followNewsMail({
  to,
  news,
  frequency,
  siteUrl,
  unsubscribe,
}: {
  to: string;
  news: FollowNews;
  frequency: Exclude<FrequencyChoice, "off">;
  siteUrl: string;
  unsubscribe: { page: string; oneClick: string };
}): OutgoingMail {
  const site = siteBranding.name;
  const count = newsCount(news);
  const updates = `${count} ${count === 1 ? "update" : "updates"}`;
  const subject =
    frequency === "weekly" ? `Your weekly ${site} digest: ${updates}` : `${site}: ${updates} on what you follow`;
  const sections = sectionsOf(news, siteUrl);
  const manage = new URL("/saved", siteUrl).href;

  const text: string[] = [`What changed in what you follow on ${site}:`, ""];
  const html: string[] = [`<p>What changed in what you follow on ${escapeHtml(site)}:</p>`];
  for (const section of sections) {
    text.push(section.heading, "");
    html.push(`<h2>${escapeHtml(section.heading)}</h2>`, "<ul>");
    for (const item of section.items) {
      text.push(`- ${item.title}`, ...item.lines.map((line) => `  ${line}`), `  ${item.url}`, "");
      const lines = item.lines.map((line) => `<br>${escapeHtml(line)}`).join("");
      html.push(`<li><a href="${escapeHtml(item.url)}">${escapeHtml(item.title)}</a>${lines}</li>`);
    }
    html.push("</ul>");
  }
  text.push(
    "--",
    `Change what you follow or how often you hear from us: ${manage}`,
    `Unsubscribe from these emails: ${unsubscribe.page}`,
  );
  html.push(
    "<hr>",
    `<p><a href="${escapeHtml(manage)}">Change what you follow or how often you hear from us</a></p>`,
    `<p><a href="${escapeHtml(unsubscribe.page)}">Unsubscribe from these emails</a></p>`,
  );
  return {
    to,
    subject,
    text: text.join("\n"),
    html: html.join("\n"),
    headers: {
      "List-Unsubscribe": `<${unsubscribe.oneClick}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
