/** LIKE wildcards in a visitor's or admin's text are matched literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** A pattern matching the text anywhere (ILIKE '%text%'). */
export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
