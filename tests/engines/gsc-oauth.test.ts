import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAuthorizeUrl } from "@/lib/engines/gsc/build-authorize-url";
import { GSC_SCOPE } from "@/lib/engines/gsc/config";
import { exchangeCode } from "@/lib/engines/gsc/exchange-code";
import { listSites } from "@/lib/engines/gsc/list-sites";
import { refreshAccessToken } from "@/lib/engines/gsc/refresh-access-token";
import { Secret } from "@/lib/engines/secret";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { CLOSED, consent, setEnvForSuite } from "./helpers";

let fake: FakeGsc;
const REDIRECT = "http://127.0.0.1:3000/projects/p1/connections/gsc/callback";
beforeAll(async () => {
  fake = await startFakeGsc({
    redirectUris: [REDIRECT],
    users: [{ email: "ana@example.test", sites: [{ siteUrl: "sc-domain:example.com", permissionLevel: "siteOwner" }] }, { email: "bo@example.test", sites: [] }],
  });
});
afterAll(() => fake.close());
setEnvForSuite(() => fake.env());

const client = () => ({ clientId: fake.clientId, clientSecret: fake.clientSecret });
const authorizeUrl = (state = "state-0123456789abcdef") => buildAuthorizeUrl({ clientId: fake.clientId, redirectUri: REDIRECT, state });

describe("authorize URL", () => {
  it("asks for offline access, forced consent and the read-only scope at GSC_OAUTH_AUTHORIZE_URL", () => {
    const url = new URL(authorizeUrl());
    expect(url.origin + url.pathname).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId, redirect_uri: REDIRECT, response_type: "code", scope: GSC_SCOPE,
      state: "state-0123456789abcdef", access_type: "offline", prompt: "consent", include_granted_scopes: "true",
    });
  });

  it("defaults to the provider's endpoint when the setting is absent (read at call time)", () => {
    const saved = process.env.GSC_OAUTH_AUTHORIZE_URL;
    delete process.env.GSC_OAUTH_AUTHORIZE_URL;
    try {
      expect(buildAuthorizeUrl({ clientId: "c", redirectUri: REDIRECT, state: "s" })).toMatch(/^https:\/\/[^/]+\/o\/oauth2\/v2\/auth\?/);
    } finally { process.env.GSC_OAUTH_AUTHORIZE_URL = saved; }
  });
});

describe("consent and code exchange", () => {
  it("goes through the consent form, exchanges the code once, and refuses it the second time", async () => {
    const { page, location } = await consent(authorizeUrl("state-with &<chars>-0123"), { account: "ana@example.test" });
    expect(page).toContain("<form");
    expect(location.origin + location.pathname).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("state-with &<chars>-0123");
    const code = location.searchParams.get("code")!;

    const first = await exchangeCode({ ...client(), redirectUri: REDIRECT, code });
    if (first.kind !== "ok") throw new Error(first.message);
    expect(first.value.accessToken).toBeInstanceOf(Secret);
    expect(first.value.refreshToken).toBeInstanceOf(Secret);
    expect(first.value.hasGscScope).toBe(true);
    expect(first.value.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3000_000);
    expect(JSON.stringify(first)).not.toContain(first.value.refreshToken!.reveal());

    const sites = await listSites({ accessToken: first.value.accessToken.reveal() });
    expect(sites).toEqual({ kind: "ok", value: { sites: [{ siteUrl: "sc-domain:example.com", permissionLevel: "siteOwner", verified: true }] } });

    const again = await exchangeCode({ ...client(), redirectUri: REDIRECT, code });
    expect(again).toMatchObject({ kind: "invalid", code: "invalid_code", status: 400 });
  });

  it("reports a denied consent back to the redirect URI with the state", async () => {
    const { location } = await consent(authorizeUrl("state-denied-0123456"), { decision: "deny" });
    expect(Object.fromEntries(location.searchParams)).toEqual({ error: "access_denied", state: "state-denied-0123456" });
  });

  it("tells when the user unticked gsc scope", async () => {
    const { location } = await consent(authorizeUrl(), { grantGsc: false });
    const out = await exchangeCode({ ...client(), redirectUri: REDIRECT, code: location.searchParams.get("code")! });
    expect(out).toMatchObject({ kind: "ok", value: { hasGscScope: false } });
  });

  it("refuses an unregistered redirect URI on the consent page", async () => {
    const res = await fetch(buildAuthorizeUrl({ clientId: fake.clientId, redirectUri: "https://evil.example/cb", state: "s".repeat(16) }), { redirect: "manual" });
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
  });

  it("refuses a code for another redirect URI, a wrong client secret, an unknown or expired code", async () => {
    const code = fake.mintCode({ email: "ana@example.test", redirectUri: REDIRECT });
    expect(await exchangeCode({ ...client(), redirectUri: "http://127.0.0.1:3000/other", code })).toMatchObject({ kind: "invalid", code: "bad_request" });
    expect(await exchangeCode({ ...client(), clientSecret: "wrong-secret", redirectUri: REDIRECT, code })).toMatchObject({ kind: "invalid", code: "client_rejected", status: 401 });
    expect(await exchangeCode({ ...client(), redirectUri: REDIRECT, code: "4/never-issued" })).toMatchObject({ kind: "invalid", code: "invalid_code" });

    const old = fake.mintCode({ email: "ana@example.test", redirectUri: REDIRECT });
    fake.setClock(new Date(Date.now() + 11 * 60_000));
    try {
      expect(await exchangeCode({ ...client(), redirectUri: REDIRECT, code: old })).toMatchObject({ kind: "invalid", code: "invalid_code" });
    } finally { fake.setClock(null); }
    // The unused code is still good (a failed attempt with a wrong redirect did not consume it).
    expect((await exchangeCode({ ...client(), redirectUri: REDIRECT, code })).kind).toBe("ok");
  });

  it("returns no refresh token when offline access was not asked for", async () => {
    const code = fake.mintCode({ email: "bo@example.test", redirectUri: REDIRECT, offline: false });
    const out = await exchangeCode({ ...client(), redirectUri: REDIRECT, code });
    expect(out).toMatchObject({ kind: "ok", value: { refreshToken: null } });
  });
});

describe("refresh", () => {
  it("gets a new access token from the refresh token (no new refresh token)", async () => {
    const { refreshToken, accessToken } = fake.issueTokens("ana@example.test");
    const out = await refreshAccessToken({ ...client(), refreshToken });
    if (out.kind !== "ok") throw new Error(out.message);
    expect(out.value.accessToken.reveal()).not.toBe(accessToken);
    expect(out.value.refreshToken).toBeNull();
    expect(out.value.scopes).toEqual([GSC_SCOPE]);
    expect((await listSites({ accessToken: out.value.accessToken.reveal() })).kind).toBe("ok");
  });

  it("answers revoked on invalid_grant, whose body is exactly the documented one", async () => {
    const { refreshToken } = fake.issueTokens("ana@example.test");
    fake.revoke(refreshToken);
    const raw = await fetch(fake.tokenUrl, {
      method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, ...{ client_id: fake.clientId, client_secret: fake.clientSecret } }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ error: "invalid_grant", error_description: "Token has been expired or revoked." });

    const out = await refreshAccessToken({ ...client(), refreshToken });
    expect(out).toMatchObject({ kind: "revoked", code: "invalid_grant", status: 400 });
    if (out.kind === "revoked") expect(out.message).toContain("Token has been expired or revoked.");
    expect(await refreshAccessToken({ ...client(), refreshToken: "1//never-issued" })).toMatchObject({ kind: "revoked" });
  });

  it("is transient when the token endpoint is down, failing or answering nonsense", async () => {
    const { refreshToken } = fake.issueTokens("ana@example.test");
    fake.failNext("token", { status: 503, body: "busy", headers: { "retry-after": "30" } }, { status: 200, body: { token: "no" } }, { status: 200, body: "<html>" });
    expect(await refreshAccessToken({ ...client(), refreshToken })).toMatchObject({ kind: "transient", code: "server_error", status: 503, retryAfterMs: 30_000 });
    expect(await refreshAccessToken({ ...client(), refreshToken })).toMatchObject({ kind: "transient", code: "malformed_answer" });
    expect(await refreshAccessToken({ ...client(), refreshToken })).toMatchObject({ kind: "transient", code: "malformed_answer" });
    process.env.GSC_OAUTH_TOKEN_URL = `${CLOSED}/token`;
    try {
      expect(await refreshAccessToken({ ...client(), refreshToken })).toMatchObject({ kind: "transient", code: "network" });
    } finally { process.env.GSC_OAUTH_TOKEN_URL = fake.tokenUrl; }
  });
});

describe("fake consent rules", () => {
  it("gives no new refresh token on a reconnect without forced consent; accepts HTTP Basic client auth", async () => {
    const first = fake.mintCode({ email: "bo@example.test", redirectUri: REDIRECT, consent: false });
    expect((await exchangeCode({ ...client(), redirectUri: REDIRECT, code: first })).kind).toBe("ok");
    const second = fake.mintCode({ email: "bo@example.test", redirectUri: REDIRECT, consent: false });
    const res = await fetch(fake.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString("base64")}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code: second, redirect_uri: REDIRECT }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token_type: "Bearer", expires_in: 3599 });
    expect(body.refresh_token).toBeUndefined();
  });
});
