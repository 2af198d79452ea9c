/** The spec's fixed category list (section 9). 'All' is a filter value, never stored on a tool. */
export const ALL_CATEGORY = "All";

export const TOOL_CATEGORIES = [
  "Writing",
  "Image",
  "Video",
  "Audio",
  "Business",
  "Development",
  "Education",
  "Entertainment",
  "Finance",
  "Health",
  "Productivity",
  "Social Media",
  "Other",
] as const;

export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export const FILTER_CATEGORIES = [ALL_CATEGORY, ...TOOL_CATEGORIES] as const;

export function isToolCategory(value: string): value is ToolCategory {
  return (TOOL_CATEGORIES as readonly string[]).includes(value);
}

/** A category's spelling reduced to compare: lower case, with hyphens, pluses and underscores as spaces. */
const categoryKey = (value: string) =>
  value
    .toLowerCase()
    .replace(/[-+_\s]+/g, " ")
    .trim();

/**
 * The spec's category a category address names, however it is spelled ("writing", "social-media",
 * "Social+Media"), or null when it names none. 'All' is a filter, not a category with a page.
 */
export function categoryFromAddress(value: string): ToolCategory | null {
  const key = categoryKey(value);
  return TOOL_CATEGORIES.find((category) => categoryKey(category) === key) ?? null;
}
