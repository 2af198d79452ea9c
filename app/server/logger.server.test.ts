import { prettyFactory } from "pino-pretty";
import { describe, expect, it } from "vitest";
import { chooseLogFormat, PRETTY_OPTIONS, prettyMessage } from "./logger.server";

describe("chooseLogFormat", () => {
  it.each([
    ["auto", true, "pretty"],
    ["auto", false, "json"],
    ["json", true, "json"],
    ["pretty", false, "pretty"],
  ] as const)("LOG_FORMAT=%s with a terminal %s gives %s", (setting, terminal, format) => {
    expect(chooseLogFormat(setting, terminal)).toBe(format);
  });
});

const plain = { bold: (text: string) => text, cyan: (text: string) => text, underline: (text: string) => text };
const SETUP_LINK = "http://localhost:3000/setup/admin?token=abc";

describe("prettyMessage", () => {
  it("leaves a message without a link as it is", () => {
    expect(prettyMessage({ msg: "stopped" }, plain)).toBe("stopped");
  });

  it("moves a link at the end of the message onto a line of its own", () => {
    const message = prettyMessage(
      {
        msg: `No administrator yet. Create the first admin account here (one use, valid 24 hours): ${SETUP_LINK}`,
        link: SETUP_LINK,
      },
      plain,
    );
    expect(message).toBe(
      `No administrator yet. Create the first admin account here (one use, valid 24 hours):\n\n    ${SETUP_LINK}\n`,
    );
  });

  it("marks the link with the colours it is given", () => {
    const marked = {
      bold: (t: string) => `*${t}*`,
      cyan: (t: string) => `c(${t})`,
      underline: (t: string) => `_${t}_`,
    };
    expect(prettyMessage({ msg: `Confirm: ${SETUP_LINK}`, link: SETUP_LINK }, marked)).toContain(
      `*c(_${SETUP_LINK}_)*`,
    );
  });
});

describe("a readable log line", () => {
  const render = prettyFactory({ ...PRETTY_OPTIONS, colorize: false });
  const time = Date.UTC(2026, 0, 2, 9, 30, 5);

  it("has the time, the level and the message, without process fields", () => {
    const line = render(JSON.stringify({ level: 30, time, pid: 42, hostname: "box", msg: "stopped" }));
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: stopped\n$/);
  });

  it("gives the setup link a line of its own, with nothing after it", () => {
    const line = render(
      JSON.stringify({
        level: 40,
        time,
        pid: 42,
        hostname: "box",
        link: SETUP_LINK,
        msg: `Create the first admin here: ${SETUP_LINK}`,
      }),
    );
    expect(line).toMatch(
      /^\[\d\d:\d\d:\d\d\] WARN: Create the first admin here:\n\n {4}http:\/\/localhost:3000\/setup\/admin\?token=abc\n/,
    );
    expect(line.trimEnd().endsWith(SETUP_LINK)).toBe(true);
  });
});
