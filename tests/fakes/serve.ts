import type http from "node:http";
import sharp from "sharp";
import { startFakeAnalytics } from "./analytics";
import { isSearchReply, startFakeBraveSearch } from "./brave-search";
import type { MailSummary } from "./control-client";
import { listenOnLoopback, readBody, sendJson } from "./http";
import { isModelReply, startFakeLlm } from "./llm";
import { startFakeOidcProvider, type OidcIdentity } from "./oidc-provider";
import { extractLinks, startFakeSmtp } from "./smtp";

// Runs every outside service the app talks to, on fixed loopback ports, for Playwright's
// webServer: `npx tsx tests/fakes/serve.ts`. The ports are fixed because the app reads their
// addresses from its environment once at start (SMTP_URL, GOOGLE_ISSUER_URL,
// ANALYTICS_SCRIPT_URL, BRAVE_SEARCH_URL, ANTHROPIC_BASE_URL or AI_BASE_URL), before any test
// runs. Tests reach the fakes through the control API (see control-client.ts); GET /healthz on it
// is the readiness check.
//
//   FAKE_SMTP_PORT=3225  FAKE_OIDC_PORT=3226  FAKE_ANALYTICS_PORT=3227  FAKE_CONTROL_PORT=3228
//   FAKE_BRAVE_PORT=3229  FAKE_LLM_PORT=3230  FAKE_WEBSITES_PORT=3231
//   FAKE_OIDC_CLIENT_ID=aitlas-e2e  FAKE_OIDC_CLIENT_SECRET=aitlas-e2e-secret
//   FAKE_BRAVE_API_KEY=e2e-brave-key  FAKE_LLM_API_KEY=e2e-llm-key

function portFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${name} must be a port number, got "${value}"`);
  return port;
}

function isIdentity(value: unknown): value is OidcIdentity {
  if (typeof value !== "object" || value === null) return false;
  const identity = value as Record<string, unknown>;
  return (
    typeof identity.sub === "string" &&
    identity.sub !== "" &&
    typeof identity.email === "string" &&
    typeof identity.email_verified === "boolean" &&
    (identity.name === undefined || typeof identity.name === "string") &&
    (identity.picture === undefined || typeof identity.picture === "string")
  );
}

/** The JSON array body of a queue route, or null (after answering 400) when it is not one of `isReply`. */
async function readReplies<Reply>(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  isReply: (value: unknown) => value is Reply,
  expected: string,
): Promise<Reply[] | null> {
  let replies: unknown;
  try {
    replies = JSON.parse(await readBody(request));
  } catch {
    sendJson(response, 400, { error: "the body must be JSON" });
    return null;
  }
  if (!Array.isArray(replies)) {
    sendJson(response, 400, { error: `expected a JSON array of ${expected}` });
    return null;
  }
  const badIndex = replies.findIndex((reply) => !isReply(reply));
  if (badIndex !== -1) {
    sendJson(response, 400, { error: `item ${badIndex} is not a ${expected}: ${JSON.stringify(replies[badIndex])}` });
    return null;
  }
  return replies as Reply[];
}

async function main() {
  const clientId = process.env.FAKE_OIDC_CLIENT_ID || "aitlas-e2e";
  const clientSecret = process.env.FAKE_OIDC_CLIENT_SECRET || "aitlas-e2e-secret";
  const braveApiKey = process.env.FAKE_BRAVE_API_KEY || "e2e-brave-key";
  const llmApiKey = process.env.FAKE_LLM_API_KEY || "e2e-llm-key";

  const smtp = await startFakeSmtp({ port: portFromEnv("FAKE_SMTP_PORT", 3225) });
  const oidc = await startFakeOidcProvider({ clientId, clientSecret, port: portFromEnv("FAKE_OIDC_PORT", 3226) });
  const analytics = await startFakeAnalytics({ port: portFromEnv("FAKE_ANALYTICS_PORT", 3227) });
  const brave = await startFakeBraveSearch({ port: portFromEnv("FAKE_BRAVE_PORT", 3229), apiKey: braveApiKey });
  const llm = await startFakeLlm({ port: portFromEnv("FAKE_LLM_PORT", 3230), apiKey: llmApiKey });
  // Tools' websites for the link check (the app runs with OUTBOUND_ALLOW_PRIVATE=true): /gone/...
  // is a site that no longer answers (404); /with-icons/... names an apple-touch-icon, served at
  // /with-icons/apple.png (decision 103); any other path is a live page.
  const appleTouchIcon = await sharp({
    create: { width: 180, height: 180, channels: 3, background: { r: 40, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  const websites = await listenOnLoopback({
    port: portFromEnv("FAKE_WEBSITES_PORT", 3231),
    handler(_request, response, url) {
      if (url.pathname === "/with-icons/apple.png") {
        response.writeHead(200, { "content-type": "image/png" });
        response.end(appleTouchIcon);
        return;
      }
      if (url.pathname.startsWith("/with-icons/")) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        response.end('<title>A tool</title><link rel="apple-touch-icon" href="/with-icons/apple.png"><p>Welcome.</p>');
        return;
      }
      const gone = url.pathname.startsWith("/gone");
      response.writeHead(gone ? 404 : 200, { "content-type": "text/html; charset=utf-8" });
      response.end(gone ? "<title>Not found</title><p>Nothing here.</p>" : "<title>A tool</title><p>Welcome.</p>");
    },
  });

  const control = await listenOnLoopback({
    port: portFromEnv("FAKE_CONTROL_PORT", 3228),
    async handler(request, response, url) {
      const route = `${request.method} ${url.pathname}`;
      switch (route) {
        case "GET /healthz":
          return sendJson(response, 200, { status: "ok" });
        case "GET /mail": {
          const to = url.searchParams.get("to")?.trim().toLowerCase();
          const messages: MailSummary[] = smtp
            .messages()
            .filter((mail) => !to || mail.to.some((address) => address.toLowerCase() === to))
            .map((mail) => ({
              from: mail.from,
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              links: extractLinks(mail),
              // Header names in lower case, as the message carried them (List-Unsubscribe, ...).
              headers: Object.fromEntries(mail.headers),
              receivedAt: mail.receivedAt.toISOString(),
            }));
          return sendJson(response, 200, messages);
        }
        case "POST /oidc/next-identity": {
          let identity: unknown;
          try {
            identity = JSON.parse(await readBody(request));
          } catch {
            return sendJson(response, 400, { error: "the body must be JSON" });
          }
          if (identity !== null && !isIdentity(identity)) {
            return sendJson(response, 400, {
              error: "expected null or { sub, email, email_verified: boolean, name?, picture? }",
            });
          }
          oidc.setNextIdentity(identity);
          response.writeHead(204).end();
          return;
        }
        case "POST /oidc/deny-next":
          oidc.denyNext();
          response.writeHead(204).end();
          return;
        case "GET /analytics/hits":
          return sendJson(response, 200, analytics.hits());
        case "POST /brave/queue": {
          const replies = await readReplies(request, response, isSearchReply, "SearchReply");
          if (!replies) return;
          brave.queue(...replies);
          response.writeHead(204).end();
          return;
        }
        case "GET /brave/requests":
          return sendJson(response, 200, brave.requests());
        case "POST /llm/queue": {
          const replies = await readReplies(request, response, isModelReply, "ModelReply");
          if (!replies) return;
          llm.queue(...replies);
          response.writeHead(204).end();
          return;
        }
        case "GET /llm/requests":
          return sendJson(response, 200, llm.requests());
        case "POST /research/reset":
          brave.reset();
          llm.reset();
          response.writeHead(204).end();
          return;
        default:
          return sendJson(response, 404, { error: `no route ${route}` });
      }
    },
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled([
      smtp.stop(),
      oidc.stop(),
      analytics.stop(),
      brave.stop(),
      llm.stop(),
      websites.close(),
      control.close(),
    ]);
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);

  console.log(
    [
      "fakes ready:",
      `  smtp       ${smtp.url}`,
      `  oidc       ${oidc.issuer} (client ${clientId})`,
      `  analytics  ${analytics.scriptUrl}`,
      `  brave      ${brave.origin}`,
      `  llm        ${llm.anthropicBaseUrl} (Anthropic and OpenAI-compatible)`,
      `  websites   ${websites.origin}`,
      `  control    ${control.origin}`,
    ].join("\n"),
  );
}

main().catch((error: unknown) => {
  console.error(`tests/fakes/serve.ts could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
