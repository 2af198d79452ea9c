import {
  changeTitle,
  changeValueText,
  isWebAddress,
  toolEventSentence,
  type ChangeEntry,
  type ChangeValue,
  type ToolEvent,
} from "~/lib/change-log";
import { absoluteUrl } from "~/lib/seo";
import { siteBranding } from "../branding.server";
import type { Database } from "../db/client.server";
import { changeSummary, listRecentChanges } from "../freshness/change-log.server";
import type { Feed } from "./feeds.server";
import { escapeHtml } from "./xml.server";

const FEED_LENGTH = 50;

function valueHtml(value: ChangeValue): string {
  if (value.kind === "list") return `<ul>${value.items.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
  return `<p>${escapeHtml(changeValueText(value))}</p>`;
}

/** What a change of status means for a reader of the directory. */
const EVENT_CONSEQUENCES: Record<ToolEvent, string> = {
  added: "Its page has what it does, its pricing and its facts.",
  discontinued: "Its page stays with its last known details; lists and search leave it out.",
  restored: "It is back in lists and search.",
};

/** An entry as HTML built from text only: everything from the database is escaped. */
function entryHtml(entry: ChangeEntry): string {
  const sources = entry.sources.filter((source) => isWebAddress(source.url));
  return [
    ...(entry.event
      ? [
          `<p>${escapeHtml(toolEventSentence(entry.event, entry.toolName))} by ${escapeHtml(entry.author)}.</p>`,
          `<p>${EVENT_CONSEQUENCES[entry.event]}</p>`,
        ]
      : [
          `<p><strong>${escapeHtml(entry.fieldLabel)}</strong> changed by ${escapeHtml(entry.author)}.</p>`,
          `<p>Before:</p>${valueHtml(entry.before)}`,
          `<p>After:</p>${valueHtml(entry.after)}`,
        ]),
    sources.length > 0
      ? `<p>Sources:</p><ul>${sources
          .map(
            (source) =>
              `<li><a href="${escapeHtml(source.url)}" rel="nofollow noopener noreferrer">${escapeHtml(source.title || source.url)}</a></li>`,
          )
          .join("")}</ul>`
      : "",
  ].join("");
}

/** The catalogue's latest changes, newest first: `/changes/rss.xml`. */
export async function changesFeed({
  db,
  siteUrl,
  feedPath,
}: {
  db: Database;
  siteUrl: string;
  feedPath: string;
}): Promise<Feed> {
  const { changes } = await listRecentChanges({ db, pageSize: FEED_LENGTH });
  return {
    title: `Changes to the ${siteBranding.name} catalogue`,
    description: `What changed in the ${siteBranding.name} directory: tools added, discontinued or listed again, and each field of a tool, before and after, who and when.`,
    homePath: "/changes",
    feedPath,
    items: changes.map((entry) => ({
      id: entry.id,
      url: absoluteUrl(siteUrl, `/tool/${encodeURIComponent(entry.toolSlug)}`),
      title: `${entry.toolName}: ${changeTitle(entry)}`,
      summary: `${changeSummary(entry)} (by ${entry.author})`,
      contentHtml: entryHtml(entry),
      published: entry.createdAt,
      modified: entry.createdAt,
      author: entry.author,
      tags: [entry.event ? changeTitle(entry) : entry.fieldLabel],
    })),
  };
}
