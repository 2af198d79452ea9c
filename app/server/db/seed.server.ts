import { pricingColumns } from "~/lib/plan-price";
import type { FileStorage } from "../storage/local-storage.server";
import { monogramSvg } from "../storage/monogram.server";
import type { Database } from "./client.server";
import { syncArticleTools } from "../content/article-tools.server";
import { demoArticles } from "./demo/articles.server";
import { seedDemoFreshness } from "./demo/freshness.server";
import { seedDemoMakers } from "./demo/makers.server";
import { seedDemoModeration } from "./demo/moderation.server";
import { seedDemoReviews } from "./demo/reviews-seed.server";
import { seedDemoSearches } from "./demo/searches.server";
import { seedDemoTraffic } from "./demo/traffic.server";
import { refreshTrendingScores } from "../traffic/trending.server";
import { utcDay } from "../search/search-log.server";
import { demoStructuredFacts } from "./demo/structured-facts.server";
import { demoTags, demoToolFacts } from "./demo/tool-facts.server";
import { demoTools } from "./demo/tools.server";
import { articles, tags, toolFacts, toolTags, tools } from "./schema.server";

export type SeedReport = { toolsAdded: number; articlesAdded: number; tagsAdded: number };

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
    const insertedTags = await tx
      .insert(tags)
      .values(demoTags)
      .onConflictDoNothing({ target: tags.slug })
      .returning({ id: tags.id });

    const insertedTools = await tx
      .insert(tools)
      .values(
        demoTools.map((tool, index) => ({
          slug: tool.slug,
          name: tool.name,
          tagline: demoToolFacts[tool.slug]?.tagline,
          pricingModel: demoToolFacts[tool.slug]?.pricingModel,
          category: tool.category,
          description: tool.description,
          website: tool.website,
          image: logos[index]!.url,
          features: tool.features,
          pros: tool.pros,
          cons: tool.cons,
          ...pricingColumns(tool.pricing),
          metaTitle: tool.metaTitle,
          createdAt: new Date(now - index * 7 * hour),
        })),
      )
      .onConflictDoNothing({ target: tools.slug })
      .returning({ id: tools.id, slug: tools.slug });

    // Tags go only on the tools this run added: a tool an admin has since edited keeps its own.
    const tagIds = new Map(
      (await tx.select({ id: tags.id, slug: tags.slug }).from(tags)).map((tag) => [tag.slug, tag.id]),
    );
    const links = insertedTools.flatMap((tool) =>
      (demoToolFacts[tool.slug]?.tags ?? []).flatMap((slug) => {
        const tagId = tagIds.get(slug);
        return tagId ? [{ toolId: tool.id, tagId }] : [];
      }),
    );
    if (links.length > 0) await tx.insert(toolTags).values(links).onConflictDoNothing();
    // Facts, like tags, only on the tools this run added; each keeps its source and checked date.
    const factRows = insertedTools.flatMap((tool) =>
      Object.entries(demoStructuredFacts[tool.slug] ?? {}).map(([fact, known]) => ({
        toolId: tool.id,
        fact: fact as keyof (typeof demoStructuredFacts)[string],
        ...known,
      })),
    );
    if (factRows.length > 0) await tx.insert(toolFacts).values(factRows).onConflictDoNothing();
    await seedDemoFreshness(
      tx,
      insertedTools.map((tool) => tool.id),
      now,
    );
    await seedDemoModeration(
      tx,
      insertedTools.map((tool) => tool.id),
      now,
    );
    await seedDemoReviews(
      tx,
      insertedTools.map((tool) => tool.id),
      now,
    );
    await seedDemoSearches(
      tx,
      insertedTools.map((tool) => tool.id),
      now,
    );
    await seedDemoTraffic(tx, insertedTools, now);
    await seedDemoMakers(
      tx,
      insertedTools.map((tool) => tool.id),
      now,
    );

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
      .returning({ id: articles.id, content: articles.content });
    // Each article's links to tool pages, as a save would store them (decision 182).
    for (const article of insertedArticles) {
      await syncArticleTools({ db: tx, articleId: article.id, content: article.content });
    }

    // Last, so every demo view, click, save and vote seeded above counts (decision 179).
    await refreshTrendingScores({ db: tx, today: utcDay(new Date(now)) });

    return { toolsAdded: insertedTools.length, articlesAdded: insertedArticles.length, tagsAdded: insertedTags.length };
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
