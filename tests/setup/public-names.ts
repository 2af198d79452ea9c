/**
 * A name the database generates for a member who chose none (drizzle/0017_public_names.sql,
 * decision 147): adjective-noun-number, such as "quiet-heron-4821".
 */
export const GENERATED_NAME = /^[a-z]+-[a-z]+-\d{4}$/;
