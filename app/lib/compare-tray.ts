import { MAX_COMPARED_TOOLS } from "./compare";

/**
 * The visitor's compare tray: up to four tools picked while browsing, kept in the browser's
 * local storage (nothing on the server, so every page stays cacheable). Pure functions over
 * its stored text, so a damaged or hand-edited value reads as an empty or shorter tray.
 */
export type TrayTool = { slug: string; name: string };

export const COMPARE_TRAY_KEY = "aitlas:compare";

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

export function readTray(stored: string | null): TrayTool[] {
  if (!stored) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const tools: TrayTool[] = [];
  for (const entry of parsed) {
    if (typeof entry !== "object" || entry === null) continue;
    const { slug, name } = entry as Record<string, unknown>;
    if (typeof slug !== "string" || !SLUG.test(slug) || typeof name !== "string" || !name.trim()) continue;
    if (tools.some((tool) => tool.slug === slug)) continue;
    tools.push({ slug, name: name.trim().slice(0, 200) });
  }
  return tools.slice(0, MAX_COMPARED_TOOLS);
}

export const inTray = (tray: readonly TrayTool[], slug: string) => tray.some((tool) => tool.slug === slug);

/** Adds a tool, or takes it out when it is there; a full tray stays as it is (`full`). */
export function toggleInTray(
  tray: readonly TrayTool[],
  tool: TrayTool,
): { tray: TrayTool[]; change: "added" | "removed" | "full" } {
  if (inTray(tray, tool.slug)) return { tray: tray.filter((entry) => entry.slug !== tool.slug), change: "removed" };
  if (tray.length >= MAX_COMPARED_TOOLS) return { tray: [...tray], change: "full" };
  return { tray: [...tray, tool], change: "added" };
}
