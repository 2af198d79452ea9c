import type { FileStorage } from "../storage/local-storage";
import { monogramSvg } from "../storage/monogram";
import type { Database } from "./client";
import { demoArticles } from "./demo/articles";
import { demoTools } from "./demo/tools";
import { articles, tools } from "./schema";

export type SeedReport = { toolsAdded: number; articlesAdded: number };

/**
 * Writes the demo catalogue. Idempotent: rows are matched by slug and never overwritten,
 * so running it again (or on a catalogue an admin has edited) changes nothing.
 */
export async function seedDemoCatalogue({ db, storage }: { db: Database; storage: FileStorage }): Promise<SeedReport> {
  const logos = await Promise.all(
    demoTools.map((tool) =>
      storage.put({ key: `tool-logos/${tool.slug}.svg`, body: monogramSvg(tool.name), contentType: "image/svg+xml" }),
    ),
  );

  // Spread created_at over the past weeks so "newest first" has a meaningful order.
  const now = Date.now();
  const hour = 60 * 60 * 1000;
  return db.transaction(async (tx) => {
    const insertedTools = await tx
      .insert(tools)
      .values(
        demoTools.map((tool, index) => ({
          slug: tool.slug,
          name: tool.name,
          category: tool.category,
          description: tool.description,
          website: tool.website,
          image: logos[index]!.url,
          features: tool.features,
          pros: tool.pros,
          cons: tool.cons,
          pricing: tool.pricing,
          metaTitle: tool.metaTitle,
          createdAt: new Date(now - index * 7 * hour),
        })),
      )
      .onConflictDoNothing({ target: tools.slug })
      .returning({ id: tools.id });

    const insertedArticles = await tx
      .insert(articles)
      .values(
        demoArticles.map((article) => ({
          slug: article.slug,
          title: article.title,
          category: article.category,
          author: article.author,
          date: article.date,
          excerpt: article.excerpt,
          content: article.content,
          readTime: article.readTime,
          section: article.section,
          metaTitle: article.metaTitle,
          metaDescription: article.metaDescription,
          metaKeywords: article.metaKeywords,
          status: "published" as const,
        })),
      )
      .onConflictDoNothing({ target: articles.slug })
      .returning({ id: articles.id });

    return { toolsAdded: insertedTools.length, articlesAdded: insertedArticles.length };
  });
}

/** First start: seed only a database that has no tools and no articles yet. */
export async function isCatalogueEmpty({ db }: { db: Database }): Promise<boolean> {
  // One row is enough to know: counting a large catalogue at every start would cost seconds.
  const [anyTool] = await db.select({ id: tools.id }).from(tools).limit(1);
  if (anyTool) return false;
  const [anyArticle] = await db.select({ id: articles.id }).from(articles).limit(1);
  return !anyArticle;
}
