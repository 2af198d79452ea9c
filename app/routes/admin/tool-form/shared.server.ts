import { redirect } from "react-router";
import { AppError } from "~/lib/app-error";
import { isUuid } from "~/lib/slugify";
import { flashCookie } from "~/server/flash.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { NEW_TOOL_ID } from "~/lib/tool-form";

// What the tool form's intents share: its addresses and its refusals.

export { NEW_TOOL_ID as NEW_ID };
export const LIST_URL = "/admin/tools";
export const OUR_FAULT = "something went wrong on our side. Please try again.";

export const toolNotFound = () => toErrorResponse(new AppError("not-found", "Tool not found"));

/** The stored tool the address names, or null for /admin/tools/new; a 404 for anything else. */
export function savedToolId(id: string | undefined): string | null {
  if (id === NEW_TOOL_ID) return null;
  if (!id || !isUuid(id)) throw toolNotFound();
  return id;
}

export function listRedirect(title: string) {
  return redirect(LIST_URL, { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
}
