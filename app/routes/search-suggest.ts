import type { Route } from "./+types/search-suggest";
import type { SuggestAnswer } from "~/lib/search-suggestions";
import { suggestText } from "~/lib/search-suggestions";
import { tagPage, TOOL_LIST_TAG } from "~/server/cache/page-tags.server";
import { cachedTagsInUse } from "~/server/cache/shared-answers.server";
import { suggestSearches } from "~/server/search/suggest.server";

/**
 * The search boxes' suggestions as JSON (decision 160). The same for everyone: an anonymous answer is
 * kept in the page cache by address (purged with the tool lists), and the browser and a CDN may keep
 * it a minute, so retyping, backspacing and popular prefixes cost nothing. Not rate-limited for that
 * reason; a miss costs the engine's read of five tools, less than the results page of the same text.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const q = suggestText(new URL(request.url).searchParams.get("q") ?? "");
  tagPage(context, TOOL_LIST_TAG);
  const tagsInUse = await cachedTagsInUse(context);
  const body: SuggestAnswer = { q, suggestions: await suggestSearches({ db: context.db, text: q, tagsInUse }) };
  return Response.json(body, {
    headers: {
      "Cache-Control": "public, max-age=60",
      // Suggestions are a means, not a page of their own.
      "X-Robots-Tag": "noindex",
    },
  });
}
