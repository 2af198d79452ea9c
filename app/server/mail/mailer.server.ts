import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import { loadOnce } from "../load-once.server";
import { logger } from "../logger.server";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields (List-Unsubscribe, decision 181). */
  headers?: Record<string, string>;
};

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log: "smtp://host:port" or the outbox directory. */
  readonly destination: string;
};

const LINK = /https?:\/\/[^\s<>"]+/g;

// Nodemailer loads with the first message, not with the server: most requests send none.
const loadNodemailer = loadOnce(() => import("nodemailer"));

/** Made on the first send and kept, so the SMTP pool and its connections are shared. */
function lazyTransport(
  options: Parameters<typeof import("nodemailer").createTransport>[0],
): () => Promise<Transporter> {
  return loadOnce(() => loadNodemailer().then((nodemailer) => nodemailer.createTransport(options)));
}

/**
 * Mail over SMTP when smtpUrl is given; otherwise each message is written as an .eml file to the
 * outbox directory and its links are logged, so someone running the site locally can still
 * follow a confirmation link without a mail server.
 */
export function createMailer({
  smtpUrl,
  from,
  outboxDir,
}: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
}): Mailer {
  if (smtpUrl) {
    const transport = lazyTransport(smtpUrl);
    const target = new URL(smtpUrl);
    return {
      destination: `${target.protocol}//${target.host}`,
      async send(mail) {
        await (await transport()).sendMail({ from, ...mail });
      },
    };
  }

  // streamTransport renders the full RFC 5322 message without sending it anywhere.
  const renderer = lazyTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    destination: outboxDir,
    async send(mail) {
      const rendered = await (await renderer()).sendMail({ from, ...mail });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outboxDir, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, rendered.message as Buffer, { mode: 0o600 });
      const links = mail.text.match(LINK) ?? [];
      logger.info({ to: mail.to, subject: mail.subject, file }, `mail to ${mail.to} saved in the local outbox`);
      for (const link of links) logger.info({ link }, `${mail.subject} (${mail.to}): ${link}`);
    },
  };
}
