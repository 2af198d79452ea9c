/**
 * What a CommonMark reader would take from a Markdown document as links and structure: a small
 * reader for tests of the Markdown writer (decision 151), honouring backslash escapes, code spans
 * and fenced code, enough to tell a written link from one that stored text smuggled in.
 */

export type MarkdownReading = {
  /** Destinations of inline links and images, `[text](here)`, and of reference definitions. */
  destinations: string[];
  /** Autolinks, `<here>`. */
  autolinks: string[];
  /** Raw HTML: tags, comments, declarations. */
  html: string[];
};

const AUTOLINK = /^<([a-z][a-z0-9+.-]{1,31}:[^\s<>]*)>/i;
const HTML = /^<(?:\/?[a-z][a-z0-9-]*(?=[\s/>])|!--|\?|![a-z])/i;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Lines outside fenced code blocks: what inline content can come from. */
function linesOutsideFences(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const opening = FENCE.exec(line)?.[1];
    if (fence === null && opening) fence = opening;
    else if (fence !== null && opening?.startsWith(fence[0]!) && opening.length >= fence.length) fence = null;
    else if (fence === null) lines.push(line);
  }
  return lines;
}

/** The destination that starts at `text[start]` (just after "("): `<...>` or a run with balanced parentheses. */
function destinationAt(text: string, start: number): string {
  if (text[start] === "<") return text.slice(start + 1, text.indexOf(">", start));
  let depth = 0;
  let end = start;
  for (; end < text.length; end++) {
    const char = text[end]!;
    if (char === "\\") end++;
    else if (/\s/.test(char)) break;
    else if (char === "(") depth++;
    else if (char === ")" && depth-- === 0) break;
  }
  return text.slice(start, end);
}

export function readMarkdown(markdown: string): MarkdownReading {
  const reading: MarkdownReading = { destinations: [], autolinks: [], html: [] };
  for (const line of linesOutsideFences(markdown)) {
    const definition = /^ {0,3}\[(?:[^\]\\]|\\.)+\]:\s*(\S+)/.exec(line);
    if (definition) reading.destinations.push(definition[1]!);
    for (let index = 0; index < line.length; index++) {
      const char = line[index]!;
      if (char === "\\" && /[!-/:-@[-`{-~]/.test(line[index + 1] ?? "")) {
        index++;
      } else if (char === "`") {
        const run = /^`+/.exec(line.slice(index))![0];
        const close = line.indexOf(run, index + run.length);
        if (close >= 0) index = close + run.length - 1;
        else index += run.length - 1;
      } else if (char === "<") {
        const rest = line.slice(index);
        const autolink = AUTOLINK.exec(rest);
        if (autolink) reading.autolinks.push(autolink[1]!);
        else if (HTML.test(rest)) reading.html.push(rest);
      } else if (char === "]" && line[index + 1] === "(") {
        reading.destinations.push(destinationAt(line, index + 2));
      }
    }
  }
  return reading;
}

/** Every link a reader finds in `markdown` that is not a plain http(s) address. */
export function liveNonWebLinks(markdown: string): string[] {
  const { destinations, autolinks } = readMarkdown(markdown);
  return [...destinations, ...autolinks].filter((address) => !/^https?:\/\/[^\s<>()]+$/i.test(address));
}

/**
 * The blocks each line opens, as a CommonMark reader sees its start: "# " (a heading), "- " (a
 * list item), "> " (a quote), "1. ", "```" or "<"; nested openers are listed in order, so
 * "- # x" is ["- ", "# "]. A document whose stored text broke out of its place has another outline
 * than the same document with plain text.
 */
export function blockOutline(markdown: string): string[][] {
  const OPENER =
    /^(?: {0,3})(#{1,6}(?: |$)|[-+*](?: |$)|>\s?|\d{1,9}[.)](?: |$)|`{3,}|~{3,}|<(?=[a-z/!?])|(?:[-*_] *){3,}$)/i;
  return markdown.split("\n").map((line) => {
    const openers: string[] = [];
    let rest = line;
    for (let match = OPENER.exec(rest); match; match = OPENER.exec(rest)) {
      openers.push(match[1]!.trim() || match[1]!);
      rest = rest.slice(match[0].length);
      if (rest === "") break;
    }
    return openers;
  });
}
