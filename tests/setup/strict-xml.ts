/** A small strict XML reader for tests, so "valid XML" means well-formed, not "contains a tag". */

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const entities: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Throws on what a conforming XML parser rejects: bad nesting, bare & or <, stray "]]>", trailing content. */
export function parseXml(source: string): XmlElement {
  let position = 0;
  const fail = (reason: string): never => {
    throw new Error(`Invalid XML (${reason}) at ${position}: ${JSON.stringify(source.slice(position, position + 60))}`);
  };
  const decode = (raw: string) => {
    if (/<|&(?!(?:lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(raw)) fail("bare < or &");
    return raw.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_, ref: string) =>
      ref.startsWith("#x")
        ? String.fromCodePoint(Number.parseInt(ref.slice(2), 16))
        : ref.startsWith("#")
          ? String.fromCodePoint(Number.parseInt(ref.slice(1), 10))
          : entities[ref]!,
    );
  };
  const name = String.raw`[A-Za-z_][\w.:-]*`;
  const startTag = new RegExp(String.raw`<(${name})((?:\s+${name}\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(/?)>`, "y");
  const attribute = new RegExp(String.raw`(${name})\s*=\s*(?:"([^"]*)"|'([^']*)')`, "g");
  const endTag = new RegExp(String.raw`</(${name})\s*>`, "y");

  const readElement = (): XmlElement => {
    startTag.lastIndex = position;
    const open = startTag.exec(source) ?? fail("expected a start tag");
    position = startTag.lastIndex;
    const element: XmlElement = { name: open[1]!, attributes: {}, children: [], text: "" };
    for (const [, key, double, single] of open[2]!.matchAll(attribute)) {
      if (key! in element.attributes) fail(`duplicate attribute ${key}`);
      element.attributes[key!] = decode(double ?? single ?? "");
    }
    if (open[3]) return element;
    for (;;) {
      if (source.startsWith("<![CDATA[", position)) {
        const end = source.indexOf("]]>", position);
        if (end < 0) fail("unterminated CDATA");
        element.text += source.slice(position + "<![CDATA[".length, end);
        position = end + 3;
      } else if (source.startsWith("</", position)) {
        endTag.lastIndex = position;
        const close = endTag.exec(source);
        if (close?.[1] !== element.name) fail(`expected </${element.name}>`);
        position = endTag.lastIndex;
        return element;
      } else if (source.startsWith("<", position)) {
        element.children.push(readElement());
      } else {
        const next = source.indexOf("<", position);
        if (next < 0) fail(`unclosed <${element.name}>`);
        const raw = source.slice(position, next);
        if (raw.includes("]]>")) fail("]]> in text");
        element.text += decode(raw);
        position = next;
      }
    }
  };

  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(source) ?? fail("missing XML declaration");
  position = declaration[0].length;
  // Processing instructions before the root (an xml-stylesheet), never one named "xml".
  const instruction = /<\?(?![Xx][Mm][Ll](?:\s|\?>))[A-Za-z_][\w.-]*(?:\s(?:(?!\?>)[\s\S])*)?\?>\s*/y;
  for (instruction.lastIndex = position; instruction.exec(source);) position = instruction.lastIndex;
  const root = readElement();
  if (source.slice(position).trim() !== "") fail("content after the root element");
  return root;
}

export const childrenNamed = (element: XmlElement, name: string) =>
  element.children.filter((child) => child.name === name);
export const textOf = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text;
