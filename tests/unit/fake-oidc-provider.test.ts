import { createHash, randomBytes } from "node:crypto";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeOidcProvider, type FakeOidcProvider, type OidcIdentity } from "../fakes/oidc-provider";

// The fake stands in for Google in the end-to-end tests, so it is checked here the way a real
// relying party would use it: discovery, a PKCE authorization code flow with plain fetch, the ID
// token verified against the published keys, and the refusals a provider owes (a wrong verifier,
// a reused code, a wrong secret).

const CLIENT_ID = "aitlas-test";
const CLIENT_SECRET = "aitlas-test-secret";
const REDIRECT_URI = "http://127.0.0.1:3000/api/auth/oauth2/callback/google";
const ADA: OidcIdentity = {
  sub: "google-1234567890",
  email: "ada@example.com",
  email_verified: true,
  name: "Ada Lovelace",
  picture: "http://127.0.0.1:3000/ada.png",
};

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  code_challenge_methods_supported: string[];
}

let provider: FakeOidcProvider;
let discovery: Discovery;

beforeAll(async () => {
  provider = await startFakeOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  const response = await fetch(`${provider.issuer}/.well-known/openid-configuration`);
  expect(response.status).toBe(200);
  discovery = (await response.json()) as Discovery;
});
afterAll(() => provider.stop());
beforeEach(() => provider.setNextIdentity(ADA));

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/** Sends the browser to /authorize and returns where the provider redirects it. */
async function authorize(overrides: Record<string, string> = {}) {
  const { verifier, challenge } = pkce();
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid email profile",
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
    code_challenge: challenge,
    code_challenge_method: "S256",
    ...overrides,
  });
  const response = await fetch(`${discovery.authorization_endpoint}?${params}`, { redirect: "manual" });
  const location = response.headers.get("location");
  return {
    status: response.status,
    redirect: location ? new URL(location) : null,
    body: location ? "" : await response.text(),
    verifier,
    state: params.get("state")!,
    nonce: params.get("nonce")!,
  };
}

async function exchange(form: Record<string, string>, { basic = true }: { basic?: boolean } = {}) {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
  const body = new URLSearchParams({ grant_type: "authorization_code", redirect_uri: REDIRECT_URI, ...form });
  if (basic) {
    headers.authorization = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
  } else {
    body.set("client_id", CLIENT_ID);
    body.set("client_secret", CLIENT_SECRET);
  }
  const response = await fetch(discovery.token_endpoint, { method: "POST", headers, body });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

describe("fake OpenID Connect provider", () => {
  it("publishes a discovery document whose endpoints live under its issuer", () => {
    expect(discovery).toMatchObject({
      issuer: provider.issuer,
      authorization_endpoint: `${provider.issuer}/authorize`,
      token_endpoint: `${provider.issuer}/token`,
      userinfo_endpoint: `${provider.issuer}/userinfo`,
      jwks_uri: `${provider.issuer}/jwks`,
      response_types_supported: ["code"],
      id_token_signing_alg_values_supported: ["RS256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      code_challenge_methods_supported: ["S256"],
    });
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it("runs the whole code flow with PKCE: a signed ID token for the chosen identity, and userinfo", async () => {
    const start = await authorize();
    expect(start.status).toBe(302);
    expect(`${start.redirect!.origin}${start.redirect!.pathname}`).toBe(REDIRECT_URI);
    expect(start.redirect!.searchParams.get("state")).toBe(start.state);
    const code = start.redirect!.searchParams.get("code")!;
    expect(code).toBeTruthy();

    const tokens = await exchange({ code, code_verifier: start.verifier });
    expect(tokens.status).toBe(200);
    expect(tokens.json).toMatchObject({ token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });

    const idToken = tokens.json.id_token as string;
    const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
    const { payload } = await jwtVerify(idToken, jwks, {
      issuer: discovery.issuer,
      audience: CLIENT_ID,
      algorithms: ["RS256"],
    });
    expect(payload).toMatchObject({ ...ADA, nonce: start.nonce });
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(decodeProtectedHeader(idToken).kid).toBeTruthy();

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.json.access_token as string}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toEqual(ADA);
  });

  it("accepts the client secret in the body too, and signs in whoever was chosen last", async () => {
    const grace = { sub: "google-2", email: "grace@example.com", email_verified: false };
    provider.setNextIdentity(grace);
    const start = await authorize();
    const tokens = await exchange(
      { code: start.redirect!.searchParams.get("code")!, code_verifier: start.verifier },
      { basic: false },
    );
    expect(tokens.status).toBe(200);
    const { payload } = await jwtVerify(
      tokens.json.id_token as string,
      createRemoteJWKSet(new URL(discovery.jwks_uri)),
    );
    expect(payload).toMatchObject(grace);
    expect(payload).not.toHaveProperty("name");
  });

  it("refuses a wrong code_verifier", async () => {
    const start = await authorize();
    const tokens = await exchange({ code: start.redirect!.searchParams.get("code")!, code_verifier: pkce().verifier });
    expect(tokens).toMatchObject({ status: 400, json: { error: "invalid_grant" } });
    expect(tokens.json).not.toHaveProperty("id_token");
  });

  it("refuses a code used a second time", async () => {
    const start = await authorize();
    const code = start.redirect!.searchParams.get("code")!;
    expect((await exchange({ code, code_verifier: start.verifier })).status).toBe(200);
    expect(await exchange({ code, code_verifier: start.verifier })).toMatchObject({
      status: 400,
      json: { error: "invalid_grant" },
    });
  });

  it("refuses a redirect_uri other than the authorization request's, and a wrong client secret", async () => {
    const first = await authorize();
    expect(
      await exchange({
        code: first.redirect!.searchParams.get("code")!,
        code_verifier: first.verifier,
        redirect_uri: "http://127.0.0.1:3000/elsewhere",
      }),
    ).toMatchObject({ status: 400, json: { error: "invalid_grant" } });

    const second = await authorize();
    const response = await fetch(discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: second.redirect!.searchParams.get("code")!,
        code_verifier: second.verifier,
        redirect_uri: REDIRECT_URI,
        client_id: CLIENT_ID,
        client_secret: "not-the-secret",
      }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "invalid_client" });
  });

  it("sends the user back with access_denied once after denyNext(), and always while no identity is set", async () => {
    provider.denyNext();
    const denied = await authorize();
    expect(denied.status).toBe(302);
    expect(Object.fromEntries(denied.redirect!.searchParams)).toMatchObject({
      error: "access_denied",
      state: denied.state,
    });
    expect(denied.redirect!.searchParams.has("code")).toBe(false);
    expect((await authorize()).redirect!.searchParams.has("code")).toBe(true);

    provider.setNextIdentity(null);
    expect((await authorize()).redirect!.searchParams.get("error")).toBe("access_denied");
    expect((await authorize()).redirect!.searchParams.get("error")).toBe("access_denied");
  });

  it("does not redirect for an unknown client, and refuses a plain PKCE challenge", async () => {
    const unknown = await authorize({ client_id: "someone-else" });
    expect(unknown).toMatchObject({ status: 400, redirect: null, body: "unknown client_id" });

    const plain = await authorize({ code_challenge_method: "plain" });
    expect(plain.redirect!.searchParams.get("error")).toBe("invalid_request");
  });

  it("refuses userinfo without a valid access token, and records the paths it served", async () => {
    const response = await fetch(discovery.userinfo_endpoint, { headers: { authorization: "Bearer made-up" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe('Bearer error="invalid_token"');
    expect(provider.requests).toContain("/.well-known/openid-configuration");
    expect(provider.requests).toContain("/jwks");
    expect(provider.requests.at(-1)).toBe("/userinfo");
  });
});
