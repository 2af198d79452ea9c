/**
 * Words a search ignores (decision 155): PostgreSQL's English stop words (its `english` text search
 * configuration drops them too, so a query of them alone would be empty), and the words every tool of an
 * AI directory could answer to ("ai", "tool", "app"), which would rank by nothing but chance.
 */
const ENGLISH = `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her
hers herself it its itself they them their theirs themselves what which who whom this that these those am is are
was were be been being have has had having do does did doing a an the and but if or because as until while of at by
for with about against between into through during before after above below to from up down in out on off over under
again further then once here there when where why how all any both each few more most other some such no nor not only
own same so than too very s t can will just don should now`;

const DOMAIN = "ai tool tools app apps best online software platform something";

export const STOP_WORDS: ReadonlySet<string> = new Set(`${ENGLISH} ${DOMAIN}`.split(/\s+/).filter(Boolean));
