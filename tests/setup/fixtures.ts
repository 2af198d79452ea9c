import { slugify } from "~/lib/slugify";
import type { Database } from "~/server/db/client";
import { articles, tools, users } from "~/server/db/schema";

export type NewUser = Partial<typeof users.$inferInsert> & { email: string };

/** Inserts users straight into the table (a database trigger gives each a profile). */
export function insertUsers(db: Database, ...rows: NewUser[]) {
  return db.insert(users).values(rows).returning();
}

export type NewTool = Partial<typeof tools.$inferInsert> & { name: string };
export type NewArticle = Partial<typeof articles.$inferInsert> & { title: string; date: string };

/** Inserts tools in order, each an hour newer than the one before, so "newest first" is known. */
export function insertTools(db: Database, ...rows: NewTool[]) {
  const start = Date.UTC(2025, 0, 1);
  return db
    .insert(tools)
    .values(
      rows.map((row, index) => ({
        slug: slugify(row.name),
        description: `<p>About ${row.name}.</p>`,
        category: "Writing",
        createdAt: new Date(start + index * 3_600_000),
        updatedAt: new Date(start + index * 3_600_000),
        ...row,
      })),
    )
    .returning();
}

/** Inserts articles with every required field filled from the title. */
export function insertArticles(db: Database, ...rows: NewArticle[]) {
  return db
    .insert(articles)
    .values(
      rows.map((row) => ({
        slug: slugify(row.title),
        category: "Guides",
        excerpt: `What ${row.title} covers.`,
        content: `<p>${row.title}</p>`,
        author: "Aitlas Team",
        readTime: "5 min read",
        ...row,
      })),
    )
    .returning();
}
