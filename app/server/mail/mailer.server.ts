import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { logger } from "../logger.server";

export type OutgoingMail = { to: string; subject: string; text: string; html: string };

export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  /** Where mail goes, for the start-up log: "smtp://host:port" or the outbox directory. */
  readonly destination: string;
};

const LINK = /https?:\/\/[^\s<>"]+/g;

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
    const transport = nodemailer.createTransport(smtpUrl);
    const target = new URL(smtpUrl);
    return {
      destination: `${target.protocol}//${target.host}`,
      async send(mail) {
        await transport.sendMail({ from, ...mail });
      },
    };
  }

  // streamTransport renders the full RFC 5322 message without sending it anywhere.
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    destination: outboxDir,
    async send(mail) {
      const rendered = await renderer.sendMail({ from, ...mail });
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
