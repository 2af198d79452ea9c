/**
 * A name the database generates for a member who chose none (drizzle/0017_public_names.sql,
 * decision 147): adjective-noun-number, such as "quiet-heron-4821".
 */
export const GENERATED_NAME = /^[a-z]+-[a-z]+-\d{4}$/;

/** The same, found inside a longer text (a comment's header, a page). */
export const GENERATED_NAME_IN_TEXT = /[a-z]+-[a-z]+-\d{4}/;
