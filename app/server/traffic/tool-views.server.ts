/**
 * The tool page's note of the tool it shows, in context.toolView: the HTTP layer counts a view of it
 * when a person asked (countsAsVisit), at the render and again at each hit of the stored page
 * (decision 178). A page read by a client-side navigation (a ".data" request) is a view too.
 */
export type ToolViewNote = { toolId: string | null };

export function noteToolView(context: { toolView?: ToolViewNote }, toolId: string) {
  if (context.toolView) context.toolView.toolId = toolId;
}
