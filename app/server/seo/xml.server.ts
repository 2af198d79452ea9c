/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[char]!,
  );
}

/**
 * Escapes plain text for a place that holds HTML (an RSS description): the same characters as in
 * XML, so "<b>" and "R&D" stay text for the reader that renders it.
 */
export const escapeHtml = escapeXml;

/** Text inside CDATA cannot end the section early: "]]>" is split across two sections. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}
