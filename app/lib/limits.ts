/** Page sizes shared by the data functions and the pages that number their items. */
export const TOOLS_PAGE_SIZE = 24;
export const ARTICLES_PAGE_SIZE = 12;
/** Longest search text accepted; longer input is cut, never refused. */
export const MAX_QUERY_LENGTH = 200;
