import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { parseMail } from "./mime";

// A real SMTP server on loopback that keeps every message it accepts, so tests can read the
// confirmation email the app sent through its ordinary SMTP client (SMTP_URL=smtp://127.0.0.1:PORT).

export interface ReceivedMail {
  /** The From header, decoded, e.g. `Aitlas <no-reply@example.com>`. */
  from: string;
  /** Envelope recipients (RCPT TO), which include Bcc addresses the headers never show. */
  to: string[];
  subject: string;
  /** The text/plain body with "\n" line endings; "" when the message has none. */
  text: string;
  /** The text/html body with "\n" line endings; "" when the message has none. */
  html: string;
  /** The message exactly as it arrived in DATA (dot-stuffing already undone by smtp-server). */
  raw: string;
  headers: Map<string, string>;
  receivedAt: Date;
}

export interface FakeSmtp {
  port: number;
  host: "127.0.0.1";
  url: string;
  messages(): ReceivedMail[];
  /**
   * The newest message already received for `to`, or else the next one to arrive. Call clear()
   * first when an earlier message to the same address must not count.
   */
  waitForMessage(options: { to: string; timeoutMs?: number }): Promise<ReceivedMail>;
  clear(): void;
  stop(): Promise<void>;
}

export async function startFakeSmtp({ port = 0 }: { port?: number } = {}): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<{ to: string; resolve: (mail: ReceivedMail) => void }>();

  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS offered, so clients neither try nor need certificates.
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    // If the app's SMTP_URL carries credentials its client sends AUTH; without this smtp-server
    // refuses AUTH on an unencrypted connection and the send fails for a reason tests don't care about.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? "fake" });
    },
    logger: false,
    banner: "aitlas fake SMTP",
    // Non-pooled clients quit after each message; a short grace period keeps stop() quick otherwise.
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const parsed = parseMail(raw);
        const mail: ReceivedMail = {
          from: parsed.headers.get("from") ?? "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          subject: parsed.headers.get("subject") ?? "",
          text: parsed.text,
          html: parsed.html,
          raw: raw.toString("utf8"),
          headers: parsed.headers,
          receivedAt: new Date(),
        };
        received.push(mail);
        for (const waiter of waiters) {
          if (isAddressedTo(mail, waiter.to)) {
            waiters.delete(waiter);
            waiter.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  // An 'error' event without a listener would crash the process (e.g. a client resetting the socket).
  server.on("error", () => {});

  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const boundPort = (server.server.address() as AddressInfo).port;

  return {
    port: boundPort,
    host: "127.0.0.1",
    url: `smtp://127.0.0.1:${boundPort}`,
    messages: () => [...received],
    waitForMessage({ to, timeoutMs = 5_000 }) {
      const existing = received.findLast((mail) => isAddressedTo(mail, to));
      if (existing) return Promise.resolve(existing);
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter = {
          to,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = [...new Set(received.flatMap((mail) => mail.to))].join(", ") || "nobody";
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (mail so far went to: ${seen})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    clear() {
      received.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Addresses compare case-insensitively: the domain always is, and no real mailbox differs by case. */
function isAddressedTo(mail: ReceivedMail, address: string): boolean {
  const wanted = address.trim().toLowerCase();
  return mail.to.some((recipient) => recipient.toLowerCase() === wanted);
}

/**
 * The http(s) URLs in the text body, in order, without duplicates. Punctuation that ends a
 * sentence right after a link is not part of it. A message with no text body falls back to the
 * href attributes of its HTML.
 */
export function extractLinks(mail: Pick<ReceivedMail, "text" | "html">): string[] {
  const links = mail.text
    ? [...mail.text.matchAll(/https?:\/\/[^\s<>"'`]+/g)].map((match) => match[0].replace(/[.,;:!?)\]]+$/, ""))
    : [...mail.html.matchAll(/href\s*=\s*"(https?:\/\/[^"]+)"/gi)].map((match) => decodeHtmlEntities(match[1]!));
  return [...new Set(links)];
}

function decodeHtmlEntities(value: string): string {
  return value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
