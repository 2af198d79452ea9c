import { slugify } from "~/lib/slugify";
import { toolFormSchema, type ToolFormData, type ToolFormInput } from "~/lib/tool-form";
import type { Database } from "~/server/db/client.server";
import { articles, tags, tools, toolTags, users } from "~/server/db/schema.server";

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

/**
 * Creates the tags named by slug (each named after its slug: "mobile-app" is "Mobile app") and
 * links each tool, found by name, to its tags. The database mirrors the links into tools.tag_ids.
 */
export async function tagTools(db: Database, assignments: Record<string, string[]>) {
  const slugs = [...new Set(Object.values(assignments).flat())];
  if (slugs.length === 0) return;
  const tagRows = await db
    .insert(tags)
    .values(slugs.map((slug) => ({ slug, name: `${slug[0]!.toUpperCase()}${slug.slice(1).replace(/-/g, " ")}` })))
    .returning();
  const toolRows = await db.select({ id: tools.id, name: tools.name }).from(tools);
  const links = Object.entries(assignments).flatMap(([name, slugsOfTool]) =>
    slugsOfTool.map((slug) => ({
      toolId: toolRows.find((tool) => tool.name === name)!.id,
      tagId: tagRows.find((tag) => tag.slug === slug)!.id,
    })),
  );
  if (links.length > 0) await db.insert(toolTags).values(links);
}

/** The admin tool form as saved: a valid tool named Quill, with `overrides` on top. */
export function toolForm(overrides: Partial<ToolFormInput> = {}): ToolFormData {
  return toolFormSchema.parse({
    name: "Quill",
    category: "Writing",
    description: "<p>About Quill.</p>",
    image: "",
    website: "",
    slug: "",
    metaTitle: "",
    features: ["Drafts"],
    pros: [],
    cons: [],
    pricing: { shape: "none" },
    tagline: "Drafts letters.",
    pricingModel: "free",
    tags: [],
    ...overrides,
  } satisfies ToolFormInput);
}
