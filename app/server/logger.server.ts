import { createRequire } from "node:module";
import pino from "pino";
import type { PrettyOptions } from "pino-pretty";
import { env } from "./env.server";

export type LogFormat = "pretty" | "json";

/** LOG_FORMAT=auto: readable lines for a person at a terminal, JSON lines for a file, a pipe or a collector. */
export function chooseLogFormat(setting: "auto" | LogFormat, stdoutIsTerminal: boolean): LogFormat {
  if (setting !== "auto") return setting;
  return stdoutIsTerminal ? "pretty" : "json";
}

type Colors = { bold(text: string): string; cyan(text: string): string; underline(text: string): string };

/**
 * A readable line's message. An entry that carries a `link` (the first admin's setup link, a
 * confirmation link from the local outbox) shows it on a line of its own, so it can be found and
 * clicked; the JSON line keeps it in the message too, for whoever greps the log.
 */
export function prettyMessage(log: Record<string, unknown>, colors: Colors): string {
  const message = typeof log.msg === "string" ? log.msg : "";
  if (typeof log.link !== "string") return message;
  const text = message.endsWith(log.link) ? message.slice(0, -log.link.length).trimEnd() : message;
  return `${text}\n\n    ${colors.bold(colors.cyan(colors.underline(log.link)))}\n`;
}

export const PRETTY_OPTIONS: PrettyOptions = {
  translateTime: "HH:MM:ss",
  ignore: "pid,hostname,link",
  singleLine: true,
  // Written at once, so a script's last lines are not lost when it exits.
  sync: true,
  messageFormat: (log, _messageKey, _levelLabel, { colors }) => prettyMessage(log, colors),
};

/** JSON lines, or readable ones on a terminal (decision 088); LOG_FORMAT decides, "auto" by default. */
export const logger = pino(
  {
    level: env.LOG_LEVEL,
    redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.apiKey", "*.password"], remove: true },
  },
  // In this thread, not as a worker transport: the message format is a function. Loaded only for a
  // terminal: a server logging JSON lines does without its seven or so megabytes (decision 201).
  chooseLogFormat(env.LOG_FORMAT, process.stdout.isTTY === true) === "pretty"
    ? (createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty"))(PRETTY_OPTIONS)
    : undefined,
);
