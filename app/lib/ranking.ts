/**
 * "Top rated" orders tools by a Bayesian average: a tool's votes pulled toward the catalogue's
 * mean vote by a prior worth RANKING_PRIOR_VOTES votes,
 *
 *   score = (v * R + m * C) / (v + m)
 *
 * with v the tool's votes, R their average, C the mean of every vote in the catalogue and m the
 * prior's weight. One 5-star vote scores near C; 200 votes at 4.6 score near 4.6. Cards and tool
 * pages still show the plain average R with its vote count. The database keeps the score in
 * tools.ranking_score: one trigger (migration 0007) scores each tool from the stored prior, and
 * ranking.server.ts refreshes the prior.
 */
export const RANKING_PRIOR_VOTES = 10;

/** The prior mean while nobody has voted: the middle of the 1-5 scale. */
export const DEFAULT_PRIOR_MEAN = 3;
