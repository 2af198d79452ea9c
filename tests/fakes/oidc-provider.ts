import { createHash, randomBytes } from "node:crypto";
import type http from "node:http";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { listenOnLoopback, readBody, sendJson } from "./http";

// A minimal OpenID Connect provider on loopback, standing in for Google: discovery, the
// authorization code flow with PKCE, RS256 ID tokens, userinfo and JWKS. There is no login page:
// /authorize answers at once for whichever identity the test chose, so a browser test clicks
// "Continue with Google" and lands back on the app signed in (or refused).
//
// Protocol references: OpenID Connect Core 1.0 and Discovery 1.0, RFC 6749 (OAuth 2.0),
// RFC 7636 (PKCE), RFC 6750 (bearer tokens).

export interface OidcIdentity {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  picture?: string;
}

export interface FakeOidcProvider {
  /** http://127.0.0.1:PORT, also the `iss` of every ID token. */
  issuer: string;
  clientId: string;
  /**
   * The identity /authorize signs in from now on (it stays until changed). `null` makes
   * /authorize refuse with error=access_denied, as when the user cancels at Google.
   */
  setNextIdentity(identity: OidcIdentity | null): void;
  /** The next /authorize only is refused with error=access_denied. */
  denyNext(): void;
  /** The path of every request received, in order. */
  requests: string[];
  stop(): Promise<void>;
}

interface IssuedCode {
  identity: OidcIdentity;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  scope: string;
  expiresAt: number;
}

interface IssuedToken {
  identity: OidcIdentity;
  expiresAt: number;
}

const CODE_LIFETIME_MS = 60_000;
const TOKEN_LIFETIME_SECONDS = 3600;
const SCOPES = ["openid", "email", "profile"];

export async function startFakeOidcProvider({
  clientId,
  clientSecret,
  port = 0,
}: {
  clientId: string;
  clientSecret: string;
  port?: number;
}): Promise<FakeOidcProvider> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = randomToken(8);
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };

  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, IssuedToken>();
  const requests: string[] = [];
  let identity: OidcIdentity | null = null;
  let denyOnce = false;
  let issuer = ""; // known once the server listens (the port may be 0)

  function discovery() {
    return {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      scopes_supported: SCOPES,
      claims_supported: ["iss", "aud", "sub", "iat", "exp", "nonce", "email", "email_verified", "name", "picture"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      code_challenge_methods_supported: ["S256"],
    };
  }

  function authorize(response: http.ServerResponse, params: URLSearchParams) {
    // RFC 6749 4.1.2.1: with an unknown client or a bad redirect_uri the provider must not
    // redirect (that would make it an open redirector); it tells the user instead.
    if (params.get("client_id") !== clientId) return sendText(response, 400, "unknown client_id");
    const redirectUri = params.get("redirect_uri");
    if (!redirectUri || !/^https?:\/\//.test(redirectUri) || !URL.canParse(redirectUri)) {
      return sendText(response, 400, "missing or invalid redirect_uri");
    }

    const state = params.get("state");
    const redirect = (result: Record<string, string>) => {
      const target = new URL(redirectUri);
      for (const [key, value] of Object.entries(result)) target.searchParams.set(key, value);
      if (state !== null) target.searchParams.set("state", state);
      response.writeHead(302, { location: target.href, "cache-control": "no-store" });
      response.end();
    };

    if (params.get("response_type") !== "code") return redirect({ error: "unsupported_response_type" });
    const codeChallenge = params.get("code_challenge");
    // RFC 7636 4.3: a missing method means "plain", which this provider (like the discovery
    // document says) does not accept.
    if (codeChallenge !== null && params.get("code_challenge_method") !== "S256") {
      return redirect({ error: "invalid_request", error_description: "only code_challenge_method=S256 is supported" });
    }
    if (denyOnce || !identity) {
      denyOnce = false;
      return redirect({ error: "access_denied", error_description: "the user refused" });
    }

    const code = randomToken(24);
    codes.set(code, {
      identity,
      redirectUri,
      codeChallenge,
      nonce: params.get("nonce"),
      scope: params.get("scope") ?? "openid",
      expiresAt: Date.now() + CODE_LIFETIME_MS,
    });
    redirect({ code });
  }

  async function token(request: http.IncomingMessage, response: http.ServerResponse) {
    // RFC 6749 5.1: token responses, good or bad, must not be cached.
    const fail = (status: number, error: string, description: string, headers: Record<string, string> = {}) =>
      sendJson(
        response,
        status,
        { error, error_description: description },
        { "cache-control": "no-store", ...headers },
      );

    if (request.method !== "POST") return fail(405, "invalid_request", "use POST");
    if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "")) {
      return fail(400, "invalid_request", "the body must be application/x-www-form-urlencoded");
    }
    const form = new URLSearchParams(await readBody(request));

    // Client authentication (RFC 6749 2.3.1): HTTP Basic or client_id/client_secret in the body,
    // never both secrets at once.
    const basic = parseBasicAuth(request.headers.authorization);
    if (basic && form.has("client_secret")) {
      return fail(400, "invalid_request", "more than one client authentication method");
    }
    const presentedId = basic ? basic.id : form.get("client_id");
    const presentedSecret = basic ? basic.secret : form.get("client_secret");
    const bodyIdDisagrees = basic !== null && form.has("client_id") && form.get("client_id") !== basic.id;
    if (presentedId !== clientId || presentedSecret !== clientSecret || bodyIdDisagrees) {
      return fail(
        401,
        "invalid_client",
        "client authentication failed",
        basic ? { "www-authenticate": 'Basic realm="fake-oidc"' } : {},
      );
    }

    if (form.get("grant_type") !== "authorization_code") {
      return fail(400, "unsupported_grant_type", "only authorization_code is supported");
    }
    const code = form.get("code") ?? "";
    const issued = codes.get(code);
    // A code is good for one exchange, whatever its outcome (RFC 6749 4.1.2), so a refused
    // attempt cannot be retried with another verifier.
    codes.delete(code);
    if (!issued || issued.expiresAt < Date.now()) {
      return fail(400, "invalid_grant", "the code is invalid, expired or already used");
    }
    if (form.get("redirect_uri") !== issued.redirectUri) {
      return fail(400, "invalid_grant", "redirect_uri does not match the authorization request");
    }
    const verifier = form.get("code_verifier");
    if (issued.codeChallenge !== null) {
      if (!verifier || base64url(createHash("sha256").update(verifier).digest()) !== issued.codeChallenge) {
        return fail(400, "invalid_grant", "code_verifier does not match code_challenge");
      }
    } else if (verifier !== null) {
      // A verifier for a code issued without a challenge means something in between dropped the
      // challenge (a PKCE downgrade); OAuth 2.1 tells the server to refuse.
      return fail(400, "invalid_grant", "code_verifier sent but no code_challenge was");
    }

    const accessToken = randomToken(32);
    tokens.set(accessToken, { identity: issued.identity, expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: "Bearer",
      expires_in: TOKEN_LIFETIME_SECONDS,
      scope: issued.scope,
    };
    // An ID token is what makes this OpenID Connect rather than plain OAuth: only for scope openid.
    if (issued.scope.split(" ").includes("openid")) {
      body.id_token = await new SignJWT({
        ...identityClaims(issued.identity),
        ...(issued.nonce !== null ? { nonce: issued.nonce } : {}),
      })
        .setProtectedHeader({ alg: "RS256", kid, typ: "JWT" })
        .setIssuer(issuer)
        .setAudience(clientId)
        .setSubject(issued.identity.sub)
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(privateKey);
    }
    sendJson(response, 200, body, { "cache-control": "no-store", pragma: "no-cache" });
  }

  function userinfo(request: http.IncomingMessage, response: http.ServerResponse) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
    const issued = match ? tokens.get(match[1]!) : undefined;
    if (!issued || issued.expiresAt < Date.now()) {
      // RFC 6750 3: the challenge says why, so a client can tell a bad token from a missing one.
      const challenge = match ? 'Bearer error="invalid_token"' : 'Bearer realm="fake-oidc"';
      return sendJson(response, 401, { error: "invalid_token" }, { "www-authenticate": challenge });
    }
    sendJson(response, 200, { sub: issued.identity.sub, ...identityClaims(issued.identity) });
  }

  const server = await listenOnLoopback({
    port,
    async handler(request, response, url) {
      requests.push(url.pathname);
      switch (url.pathname) {
        case "/.well-known/openid-configuration":
          return sendJson(response, 200, discovery());
        case "/authorize":
          return authorize(response, url.searchParams);
        case "/token":
          return token(request, response);
        case "/userinfo":
          return userinfo(request, response);
        case "/jwks":
          return sendJson(response, 200, { keys: [publicJwk] });
        default:
          return sendJson(response, 404, { error: "not_found" });
      }
    },
  });
  issuer = server.origin;

  return {
    issuer,
    clientId,
    setNextIdentity(next) {
      identity = next;
    },
    denyNext() {
      denyOnce = true;
    },
    requests,
    stop: () => server.close(),
  };
}

function identityClaims(identity: OidcIdentity) {
  return {
    email: identity.email,
    email_verified: identity.email_verified,
    ...(identity.name !== undefined ? { name: identity.name } : {}),
    ...(identity.picture !== undefined ? { picture: identity.picture } : {}),
  };
}

/** RFC 6749 2.3.1: id and secret are form-urlencoded before they are joined and base64-encoded. */
function parseBasicAuth(header: string | undefined): { id: string; secret: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon === -1) return null;
  return { id: formDecode(decoded.slice(0, colon)), secret: formDecode(decoded.slice(colon + 1)) };
}

function formDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return value;
  }
}

function base64url(bytes: Buffer): string {
  return bytes.toString("base64url");
}

function randomToken(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

function sendText(response: http.ServerResponse, status: number, text: string) {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  response.end(text);
}
