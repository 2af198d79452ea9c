import fs from "node:fs";
import path from "node:path";
import { CronExpressionParser } from "cron-parser";
import { z } from "zod";
import { DEFAULT_SITE_BRANDING } from "~/lib/site";
import { slugify } from "~/lib/slugify";
import { parseHost } from "./http/host-policy.server";

/** "true"/"false"/"1"/"0" from the environment as a boolean, with a default. */
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : value === "true" || value === "1"));

/** A cron expression checked at start (so a typo stops the server, not a schedule), or null for "off". */
const cronSetting = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const expression = value.trim();
      if (expression.toLowerCase() === "off") return null;
      try {
        CronExpressionParser.parse(expression);
      } catch {
        context.addIssue({ code: "custom", message: `"${value}" is not a cron expression (or "off")` });
      }
      return expression;
    });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** The public address of the site, used in canonical links, sitemaps and feeds. */
  PUBLIC_URL: z.url().optional(),
  /** Host names the server answers for, comma-separated; any other gets 421. Unset: any (PUBLIC_URL still fixes links). */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((value, context) => {
      const names = (value ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean);
      const hostnames: string[] = [];
      for (const name of names) {
        const parsed = parseHost(name);
        if (!parsed || parsed.port !== undefined) {
          context.addIssue({ code: "custom", message: `"${name}" is not a host name (no scheme, port or path)` });
        } else hostnames.push(parsed.hostname);
      }
      return hostnames;
    }),
  DATA_DIR: z.string().min(1).default("./data"),
  /** When set, PostgreSQL is used instead of the embedded database. */
  DATABASE_URL: z.string().min(1).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long opening a PostgreSQL connection (or waiting for a free one) may take before pages say "temporarily unavailable". */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1500),
  /** How long one PostgreSQL statement of the server's may run, and the server wait for its answer (scripts wait). */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(1500),
  SEED_DEMO: flag(true),
  /** Seconds an anonymous page stays in the in-process cache; 0 turns the cache off. */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).default(300),
  /**
   * The most the page cache may hold, in megabytes (bodies, gzipped copies, headers); the least
   * recently used pages go first (decision 098).
   */
  PAGE_CACHE_MAX_MB: z.coerce.number().positive().default(64),
  /**
   * A CDN's purge-by-tag address, called with the tags of each second's writes (decision 098):
   * Cloudflare's https://api.cloudflare.com/client/v4/zones/{zone}/purge_cache, or Fastly's
   * https://api.fastly.com/service/{id}/purge with CDN_PURGE_STYLE=fastly. Unset: no CDN purge.
   */
  CDN_PURGE_URL: z.url().optional(),
  /** The CDN's API token: sent as Authorization: Bearer (cloudflare) or Fastly-Key (fastly). */
  CDN_PURGE_TOKEN: z.string().min(1).optional(),
  /** cloudflare: a JSON body {"tags": [...]}; fastly: the tags in a Surrogate-Key header. */
  CDN_PURGE_STYLE: z.enum(["cloudflare", "fastly"]).default("cloudflare"),
  /** Public API requests per client address in 5 minutes (unset: RATE_LIMITS.api's 300); 0 turns the limit off. */
  API_RATE_LIMIT: z.coerce.number().int().min(0).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "pretty": readable lines; "json": one JSON object per line; "auto": pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  /**
   * After SIGTERM, how long the server keeps serving while /readyz answers 503, so a load balancer
   * stops sending before the port closes. Part of SHUTDOWN_TIMEOUT_MS; unset: 5000 in production, 0 otherwise.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).optional(),
  /**
   * How long an idle keep-alive connection stays open. Longer than a load balancer's own idle
   * timeout (60 s on most), so the balancer, not this server, retires a pooled connection.
   */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(65_000),
  SOURCE_CODE_URL: z.url().default("https://github.com/aitlas/aitlas"),
  /** What the site calls itself: titles, header, footer, emails, feeds, JSON-LD, llms.txt, the API and MCP (decision 086). */
  SITE_NAME: z.string().trim().min(1).max(60).default(DEFAULT_SITE_BRANDING.name),
  SITE_TAGLINE: z.string().trim().min(1).max(200).default(DEFAULT_SITE_BRANDING.tagline),
  SITE_DESCRIPTION: z.string().trim().min(1).max(300).default(DEFAULT_SITE_BRANDING.description),
  /** An image file (svg, png, webp, jpg, gif or ico) shown beside the name in the header and footer. */
  SITE_LOGO_PATH: z.string().min(1).optional(),
  /** An image file for the browser tab; unset, the built-in /favicon.svg. */
  SITE_FAVICON_PATH: z.string().min(1).optional(),
  /** The footer's copyright holder; unset, SITE_NAME. */
  COMPANY_NAME: z.string().min(1).optional(),
  /**
   * The `ref` added to links to tools' websites, so their makers see the visits we send (decision 178):
   * unset, SITE_NAME's slug; "off", no `ref` at all.
   */
  OUTBOUND_REF: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._~-]{1,60}$/, 'must be up to 60 letters, digits, ".", "_", "~" or "-", or "off"')
    .optional(),

  /** Signs session cookies; when unset, one is generated once and kept in the database. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** smtp(s)://user:pass@host:port for outgoing mail; without it mail goes to DATA_DIR/mail. */
  SMTP_URL: z.url().optional(),
  /** Unset: "SITE_NAME <no-reply@localhost>". */
  MAIL_FROM: z.string().min(3).optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID issuer used for "Continue with Google"; tests point it at a loopback provider. */
  GOOGLE_ISSUER_URL: z.url().default("https://accounts.google.com"),
  /**
   * How many reverse proxies sit in front: "false" (default) uses the socket address; "true" is one
   * hop; a number is that many. Only then is X-Forwarded-For/-Proto believed.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+)$/, 'must be "true", "false" or a number of proxies')
    .optional()
    .transform((value) => (value === undefined || value === "false" ? 0 : value === "true" ? 1 : Number(value))),
  ANALYTICS_SCRIPT_URL: z.url().optional(),
  ANALYTICS_SITE_ID: z.string().min(1).optional(),

  /** When set, uploaded files go to this S3-compatible bucket instead of DATA_DIR/uploads. */
  S3_BUCKET: z.string().min(1).optional(),
  /** An S3-compatible service's address (MinIO, R2...); unset means Amazon S3. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** Both unset: the AWS SDK's own credential chain (instance role, shared config...). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** The base address browsers fetch stored files from (a CDN); unset, one derived from the bucket. */
  S3_PUBLIC_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),

  /**
   * Lets server-side requests to user-supplied addresses (website checks) reach private, loopback
   * and link-local addresses. Off: only public addresses, so a stored website cannot probe this network.
   */
  OUTBOUND_ALLOW_PRIVATE: flag(false),
  /** How many websites the link check fetches at once (never more than one per host). */
  LINK_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** How long one website check (redirects and the start of the page included) may take. */
  LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),

  /** The AI research assistant's web search (Brave Search API); unset, the assistant says what to configure. */
  BRAVE_API_KEY: z.string().min(1).optional(),
  BRAVE_SEARCH_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .default("https://api.search.brave.com"),
  /** The assistant's model is Anthropic's by default (ANTHROPIC_BASE_URL for a proxy or gateway)... */
  ANTHROPIC_API_KEY: z.string().min(1).optional(),
  ANTHROPIC_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  /** ...or any OpenAI-compatible endpoint's (OpenAI, Ollama, vLLM) when AI_BASE_URL is set, e.g. http://localhost:11434/v1. */
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  /** The model id; Anthropic has a default, an OpenAI-compatible endpoint needs one. */
  AI_MODEL: z.string().min(1).optional(),
  RESEARCH_SEARCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  RESEARCH_MODEL_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** The research assistant's pace: the pause after each web search (Brave's free plan allows one a second). */
  RESEARCH_SEARCH_PAUSE_MS: z.coerce.number().int().min(0).max(60_000).default(1_100),

  /** When the website link check runs: a cron expression (UTC), or "off". Default: daily at 03:00. */
  LINK_CHECK_CRON: cronSetting("0 3 * * *"),
  /** When the AI refresh proposes updates (only with the research assistant configured), or "off". Default: Mondays 04:00. */
  REFRESH_CRON: cronSetting("0 4 * * 1"),
  /**
   * When the follow emails go (decision 181): each run sends instant emails, and weekly digests at the
   * first run of each week (UTC); a cron expression, or "off". Default: every 15 minutes.
   */
  DIGEST_CRON: cronSetting("*/15 * * * *"),
  /** How long one job may run before the queue counts it failed and retries it. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How many tools one AI refresh asks about: each costs three searches and one model call. */
  REFRESH_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /** When a backup archive is written to BACKUP_DIR: a cron expression (UTC), or "off" (the default). */
  BACKUP_CRON: cronSetting("off"),
  /** Where scheduled backups go; default DATA_DIR/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How many scheduled backups BACKUP_DIR keeps: older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
  /**
   * Encrypts backup archives (scrypt, then AES-256-GCM), and opens encrypted ones on restore;
   * unset, archives are plain .tar.gz (decision 150). Short ones are refused: the archive holds every secret.
   */
  BACKUP_PASSPHRASE: z.string().min(12, "must be at least 12 characters").optional(),
});

/** Half an S3 key pair is a mistake, not a wish for the SDK's own credentials. */
const checkedEnvSchema = envSchema
  .refine((value) => (value.S3_ACCESS_KEY_ID === undefined) === (value.S3_SECRET_ACCESS_KEY === undefined), {
    message: "set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither",
    path: ["S3_SECRET_ACCESS_KEY"],
  })
  .transform((value) => ({
    ...value,
    SHUTDOWN_GRACE_MS: value.SHUTDOWN_GRACE_MS ?? (value.NODE_ENV === "production" ? 5000 : 0),
    COMPANY_NAME: value.COMPANY_NAME ?? value.SITE_NAME,
    OUTBOUND_REF: value.OUTBOUND_REF === "off" ? null : (value.OUTBOUND_REF ?? (slugify(value.SITE_NAME) || null)),
    // A name with a comma or quote must be quoted, or the address parser splits it.
    MAIL_FROM:
      value.MAIL_FROM ??
      `${/^[\w .-]+$/.test(value.SITE_NAME) ? value.SITE_NAME : JSON.stringify(value.SITE_NAME)} <no-reply@localhost>`,
  }))
  // The grace is spent inside the shutdown timeout, and in-flight requests need some of it too.
  .refine((value) => value.SHUTDOWN_GRACE_MS < value.SHUTDOWN_TIMEOUT_MS, {
    message: "must be less than SHUTDOWN_TIMEOUT_MS",
    path: ["SHUTDOWN_GRACE_MS"],
  });

export type Env = Readonly<z.output<typeof checkedEnvSchema> & { dataDir: string }>;

function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An empty value means "unset", so VAR= can switch off what a .env file sets.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = checkedEnvSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  return Object.freeze({ ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) });
}

/** A local .env file fills in what the real environment leaves unset (never under test). */
function loadDotEnv() {
  if (process.env.NODE_ENV === "test" || !fs.existsSync(".env")) return;
  process.loadEnvFile(".env");
}

/** The one place that reads process.env. */
loadDotEnv();
export const env: Env = parseEnv(process.env);
