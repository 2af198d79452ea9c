/** The product's name and tagline: shown in titles, the header, the footer and feeds. */
export const SITE_NAME = "Aitlas";
export const SITE_TAGLINE = "A free and impartial directory for discovering and comparing the latest AI tools.";
export const SITE_DESCRIPTION =
  "Discover the best AI tools: a free, impartial directory to search, compare and rate AI tools by category, with guides and comparisons updated daily.";
