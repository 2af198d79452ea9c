import nodemailer, { type SendMailOptions } from "nodemailer";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractLinks, startFakeSmtp, type FakeSmtp } from "../fakes/smtp";

// The fake SMTP server is what the end-to-end tests read confirmation emails from, so the one
// thing it must get right is handing back a link exactly as the app wrote it, however the
// sending client wrapped and escaped it on the wire.

// Long enough that quoted-printable has to wrap it, with the `=` and `&` it must escape or keep.
const LINK =
  "http://127.0.0.1:3000/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.eyJlbWFpbCI6Im5ld2NvbWVyQGV4YW1wbGUuY29tIiwiaWF0IjoxNzAwMDAwMDAwfQ.c2lnbmF0dXJlLXNpZ25hdHVyZS1zaWduYXR1cmU=&callbackURL=%2F%3Fconfirmed%3D1&x==";

let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp({ port: 0 });
});
afterAll(() => smtp.stop());
beforeEach(() => smtp.clear());

function send(message: SendMailOptions, textEncoding?: "quoted-printable" | "base64") {
  const transport = nodemailer.createTransport({ host: smtp.host, port: smtp.port, secure: false, ignoreTLS: true });
  return transport.sendMail({ ...message, ...(textEncoding ? { textEncoding } : {}) });
}

describe("fake SMTP server", () => {
  it.each(["quoted-printable", "base64"] as const)(
    "returns a %s message's link exactly as it was sent",
    async (encoding) => {
      await send(
        {
          from: '"Aitlas" <no-reply@aitlas.test>',
          to: "Newcomer@Example.com",
          subject: "Confirm your email — Aitlas ✓",
          text: `Welcome!\n\nConfirm your account: ${LINK}.\n\nIf this wasn't you, ignore it.`,
          html: `<p>Welcome!</p><p><a href="${LINK.replaceAll("&", "&amp;")}">Confirm your email</a></p>`,
        },
        encoding,
      );

      const mail = await smtp.waitForMessage({ to: "newcomer@example.com" });
      // The domain part may come back lower-cased (it is case-insensitive); the match must not care.
      expect(mail.to.map((address) => address.toLowerCase())).toEqual(["newcomer@example.com"]);
      expect(mail.from).toMatch(/^"?Aitlas"? <no-reply@aitlas\.test>$/);
      expect(mail.subject).toBe("Confirm your email — Aitlas ✓");
      expect(mail.text).toBe(`Welcome!\n\nConfirm your account: ${LINK}.\n\nIf this wasn't you, ignore it.`);
      expect(mail.html).toContain(`href="${LINK.replaceAll("&", "&amp;")}"`);
      expect(extractLinks(mail)).toEqual([LINK]);
      expect(extractLinks({ text: "", html: mail.html })).toEqual([LINK]);
      // The link really was mangled on the wire, so the equality above is the decoder's doing.
      expect(mail.raw).not.toContain(LINK);
      if (encoding === "quoted-printable") expect(mail.raw).toMatch(/=\r\n/);
    },
  );

  it("delivers to every envelope recipient, Bcc included, and waits for mail not yet sent", async () => {
    const waiting = smtp.waitForMessage({ to: "hidden@example.com", timeoutMs: 5_000 });
    await send({ from: "a@aitlas.test", to: "seen@example.com", bcc: "hidden@example.com", subject: "Hi", text: "x" });
    const mail = await waiting;
    expect(mail.to.sort()).toEqual(["hidden@example.com", "seen@example.com"]);
    expect(mail.headers.has("bcc")).toBe(false);
    expect(smtp.messages()).toHaveLength(1);
  });

  it("gives up after the timeout, naming where mail did go", async () => {
    await send({ from: "a@aitlas.test", to: "other@example.com", subject: "Hi", text: "x" });
    await expect(smtp.waitForMessage({ to: "nobody@example.com", timeoutMs: 100 })).rejects.toThrow(
      "no mail to nobody@example.com within 100 ms (mail so far went to: other@example.com)",
    );
  });
});
