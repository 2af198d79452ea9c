/**
 * The search's rule (spec section 5, decision 091) spelled out in TypeScript, for tests that compare the database's
 * answers with a brute-force reading of a small catalogue.
 */
export type SearchableTool = {
  name: string;
  category: string;
  tagline?: string | null;
  description: string;
};

/** The description as its generated column holds it (schema.server.ts, stripHtmlSql). */
const descriptionColumn = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/** Whether a (trimmed, non-empty) search text finds the tool: in its name or its description, any case. */
export function referenceMatches(tool: SearchableTool, text: string): boolean {
  const needle = text.toLowerCase();
  return tool.name.toLowerCase().includes(needle) || descriptionColumn(tool.description).toLowerCase().includes(needle);
}

/** Relevance's first key: 0 the name itself, 1 begins with the text, 2 a name word does, 3 holds it, 4 the rest. */
export function referenceNameTier(name: string, text: string): number {
  const lowerName = name.toLowerCase();
  const needle = text.toLowerCase();
  if (lowerName === needle) return 0;
  if (lowerName.startsWith(needle)) return 1;
  if (lowerName.includes(` ${needle}`)) return 2;
  if (lowerName.includes(needle)) return 3;
  return 4;
}
