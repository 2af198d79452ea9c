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
