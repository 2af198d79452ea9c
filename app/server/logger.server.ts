import pino from "pino";
import { env } from "./env.server";

/** JSON lines in production, readable lines in development. */
export const logger = pino({
  level: env.LOG_LEVEL,
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", "*.apiKey", "*.password"], remove: true },
  transport:
    env.NODE_ENV === "development"
      ? { target: "pino-pretty", options: { translateTime: "HH:MM:ss", singleLine: true } }
      : undefined,
});
