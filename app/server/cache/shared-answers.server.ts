import type { AppContext } from "../context.server";
import { listExistingToolSlugs } from "../catalog/compare.server";
import { listTags, listTagsInUse } from "../catalog/tags.server";
import { listCategoriesInUse } from "../catalog/tools.server";
import { listLatestArticles } from "../content/articles.server";
import { remembered } from "./data-memo.server";
import { ARTICLE_LIST_TAG, TOOL_LIST_TAG } from "./page-tags.server";

// The questions every browsing page asks again, answered from the data memo (decision 112). Each
// is tagged with what its answer follows: the catalogue's lists move with every tool written (a
// new category, a tag given or taken); the blog's with every article published.
type Context = Pick<AppContext, "db" | "dataMemo">;

/** The footer's categories. */
export const cachedCategoriesInUse = (context: Context) =>
  remembered(context, "categories-in-use", [TOOL_LIST_TAG], () => listCategoriesInUse({ db: context.db }));

/** Every tag by name (a tool page names its own from the ids on its row); tag writes purge everything. */
export const cachedTags = (context: Context) =>
  remembered(context, "tags", [TOOL_LIST_TAG], () => listTags({ db: context.db }));

/** The tag filters of home, category and tag pages. */
export const cachedTagsInUse = (context: Context) =>
  remembered(context, "tags-in-use", [TOOL_LIST_TAG], () => listTagsInUse({ db: context.db }));

/** Home's latest articles. */
export const cachedLatestArticles = (context: Context, limit: number) =>
  remembered(context, `latest-articles:${limit}`, [ARTICLE_LIST_TAG], () =>
    listLatestArticles({ db: context.db, limit }),
  );

/** Which of a fixed set of tools (home's comparison) are in the catalogue. */
export const cachedExistingToolSlugs = (context: Context, slugs: readonly string[]) =>
  remembered(context, `existing-tool-slugs:${slugs.join(" ")}`, [TOOL_LIST_TAG], () =>
    listExistingToolSlugs({ db: context.db, slugs }),
  );
