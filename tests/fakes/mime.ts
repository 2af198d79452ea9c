// Just enough of RFC 5322 / 2045-2047 to read what nodemailer sends: headers (folded, with
// encoded words), nested multipart bodies, quoted-printable and base64. Not a general MIME parser:
// no RFC 2231 parameter continuations, no attachments beyond skipping them.
//
// The raw message is handled as a "binary" (latin1) string so that every byte maps to one
// character: transfer decoding works on bytes, and only the final step applies the part's charset.
// Decoding each piece as UTF-8 earlier would split multi-byte characters that quoted-printable
// encodes as several `=XX` escapes.

export interface ParsedMail {
  /** Header names in lower case; a repeated header keeps its first value. Values are decoded. */
  headers: Map<string, string>;
  /** The first text/plain body that is not an attachment, with line endings as "\n"; "" if none. */
  text: string;
  /** The first text/html body that is not an attachment, with line endings as "\n"; "" if none. */
  html: string;
}

interface Entity {
  headers: Map<string, string>; // raw (binary) values, unfolded
  body: string; // binary
}

export function parseMail(raw: Buffer): ParsedMail {
  const root = splitEntity(raw.toString("latin1"));
  const bodies: { text?: string; html?: string } = {};
  collectBodies(root, bodies);
  const headers = new Map<string, string>();
  for (const [name, value] of root.headers) headers.set(name, decodeHeaderValue(value));
  return { headers, text: bodies.text ?? "", html: bodies.html ?? "" };
}

function splitEntity(source: string): Entity {
  const blank = /\r?\n\r?\n/.exec(source);
  const head = blank ? source.slice(0, blank.index) : source;
  const body = blank ? source.slice(blank.index + blank[0].length) : "";
  const headers = new Map<string, string>();
  // A line starting with white space continues the previous header (folding, RFC 5322 2.2.3).
  for (const line of head.replace(/\r?\n(?=[ \t])/g, "").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function collectBodies(entity: Entity, out: { text?: string; html?: string }): void {
  const { type, params } = parseContentType(entity.headers.get("content-type"));
  if (type.startsWith("multipart/")) {
    const boundary = params.get("boundary");
    if (!boundary) return;
    for (const part of splitMultipart(entity.body, boundary)) collectBodies(splitEntity(part), out);
    return;
  }
  if (/^\s*attachment\b/i.test(entity.headers.get("content-disposition") ?? "")) return;
  if (type !== "text/plain" && type !== "text/html") return;
  const key = type === "text/plain" ? "text" : "html";
  if (out[key] !== undefined) return;
  const bytes = decodeTransferEncoding(entity.body, entity.headers.get("content-transfer-encoding"));
  out[key] = decodeCharset(bytes, params.get("charset")).replace(/\r\n/g, "\n");
}

function parseContentType(value: string | undefined): { type: string; params: Map<string, string> } {
  // RFC 2045 5.2: a part without Content-Type is text/plain; charset=us-ascii.
  if (!value) return { type: "text/plain", params: new Map() };
  const [type = "", ...rest] = value.split(";");
  const params = new Map<string, string>();
  for (const match of rest.join(";").matchAll(/\s*([^=\s;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g)) {
    const raw = match[2]!.trim();
    params.set(match[1]!.toLowerCase(), raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, "$1") : raw);
  }
  return { type: type.trim().toLowerCase(), params };
}

/** The parts between `--boundary` lines, up to the closing `--boundary--` (RFC 2046 5.1.1). */
function splitMultipart(body: string, boundary: string): string[] {
  const escaped = boundary.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // The line break before a delimiter belongs to the delimiter, not to the part before it; a
  // delimiter on the very first line has no line break before it, hence the one added here.
  const segments = `\r\n${body}`.split(new RegExp(`\\r?\\n--${escaped}`));
  const parts: string[] = [];
  for (const segment of segments.slice(1)) {
    if (segment.startsWith("--")) break;
    // Whatever follows the boundary on its line (transport padding) is not part of the part.
    const lineEnd = segment.indexOf("\n");
    parts.push(lineEnd === -1 ? "" : segment.slice(lineEnd + 1));
  }
  return parts;
}

function decodeTransferEncoding(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? "7bit").trim().toLowerCase()) {
    case "quoted-printable":
      return Buffer.from(decodeQuotedPrintable(body), "latin1");
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64");
    default:
      return Buffer.from(body, "latin1");
  }
}

/**
 * RFC 2045 6.7: `=` at a line end is a soft line break (the encoder wrapped a long line, so the
 * line break is not part of the text) and `=XX` is one byte. Soft breaks go first, so a URL that
 * was wrapped mid-way comes back whole.
 */
export function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/[ \t]+(?=\r?\n)/g, "") // trailing white space was added in transport (rule 3)
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset || "utf-8").decode(bytes);
  } catch {
    // An unknown label throws a RangeError; UTF-8 is what nodemailer sends anyway.
    return new TextDecoder("utf-8").decode(bytes);
  }
}

const ENCODED_WORD = /=\?([^?*]+)(?:\*[^?]*)?\?([BbQq])\?([^?]*)\?=/g;

/**
 * Header values: raw UTF-8 bytes (SMTPUTF8) and RFC 2047 encoded words such as
 * `=?UTF-8?Q?Caf=C3=A9?=`. White space between two encoded words is not part of the text
 * (RFC 2047 6.2), and adjacent words of one charset are joined as bytes before decoding because
 * an encoder may split a multi-byte character across two words.
 */
export function decodeHeaderValue(binary: string): string {
  const value = Buffer.from(binary, "latin1").toString("utf8");
  let result = "";
  let pending: { charset: string; bytes: Buffer[] } | null = null;
  let last = 0;
  const flush = () => {
    if (pending) result += decodeCharset(Buffer.concat(pending.bytes), pending.charset);
    pending = null;
  };
  for (const match of value.matchAll(ENCODED_WORD)) {
    const gap = value.slice(last, match.index);
    const charset = match[1]!.toLowerCase();
    if (pending && (gap.trim() !== "" || pending.charset !== charset)) flush();
    if (!pending) {
      result += gap;
      pending = { charset, bytes: [] };
    }
    const text = match[3]!;
    pending.bytes.push(
      match[2]!.toUpperCase() === "B"
        ? Buffer.from(text, "base64")
        : Buffer.from(decodeQuotedPrintable(text.replace(/_/g, " ")), "latin1"),
    );
    last = match.index + match[0].length;
  }
  flush();
  return result + value.slice(last);
}
