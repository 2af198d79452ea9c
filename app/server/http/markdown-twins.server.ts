import type express from "express";
import { listAlternatives } from "../catalog/alternatives.server";
import { listTagsForTool } from "../catalog/tags.server";
import { findToolByIdentifier } from "../catalog/tools.server";
import { findArticleByIdentifier } from "../content/articles.server";
import type { Database } from "../db/client.server";
import { findLinkCheckState } from "../freshness/tool-freshness.server";
import { readToolFacts } from "../catalog/tool-facts.server";
import { articleMarkdown, toolMarkdown } from "../seo/markdown.server";

/** The tool page's alternatives in its twin: as many as the page shows. */
const TWIN_ALTERNATIVES = 6;

/**
 * `/tool/{slug}.md` and `/article/{slug}.md`: the page's facts as Markdown (decision 066). Served
 * before React Router, whose `/tool/:id` would otherwise take "{slug}.md" for an identifier; other
 * spellings move to the slug's twin, drafts and unknown pages are 404.
 */
export function serveMarkdownTwins(db: Database): express.RequestHandler {
  return async (req, res, next) => {
    const match = /^\/(tool|article)\/([^/]+)\.md$/.exec(req.path);
    if (!match || (req.method !== "GET" && req.method !== "HEAD")) return next();
    try {
      const [, kind, identifier] = match as unknown as [string, "tool" | "article", string];
      const origin = res.locals.origin as string;
      const twin = kind === "tool" ? await toolTwin(db, identifier, origin) : await articleTwin(db, identifier, origin);
      if (!twin) return void res.status(404).type("text/plain").send(`No such ${kind}.`);
      if ("moved" in twin) return void res.redirect(301, twin.moved);
      res.set("Cache-Control", "public, max-age=300").type("text/markdown; charset=utf-8").send(twin.markdown);
    } catch (error) {
      next(error);
    }
  };
}

type Twin = { markdown: string } | { moved: string } | null;

async function toolTwin(db: Database, identifier: string, siteUrl: string): Promise<Twin> {
  const found = await findToolByIdentifier({ db, identifier });
  if (!found) return null;
  const { tool, canonical } = found;
  if (!canonical) return { moved: `/tool/${encodeURIComponent(tool.slug)}.md` };
  const [tags, alternatives, linkCheck, facts] = await Promise.all([
    listTagsForTool({ db, toolId: tool.id }),
    listAlternatives({
      db,
      source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
      limit: TWIN_ALTERNATIVES,
    }),
    findLinkCheckState({ db, toolId: tool.id }),
    readToolFacts({ db, toolId: tool.id }),
  ]);
  return {
    markdown: await toolMarkdown({
      tool,
      tags,
      alternatives: alternatives.map(({ tool: alternative, reason }) => ({ ...alternative, reason })),
      siteUrl,
      linkCheck,
      facts,
    }),
  };
}

async function articleTwin(db: Database, identifier: string, siteUrl: string): Promise<Twin> {
  const found = await findArticleByIdentifier({ db, identifier });
  if (!found) return null;
  if (!found.canonical) return { moved: `/article/${encodeURIComponent(found.article.slug)}.md` };
  return { markdown: await articleMarkdown({ article: found.article, siteUrl }) };
}
