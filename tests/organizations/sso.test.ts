// Organization SSO against a real OpenID Connect provider (oidc-provider) on 127.0.0.1: configuration with
// issuer discovery through the safe fetcher, domain claims proven by DNS TXT, discover and identify, then the
// whole authorization-code flow with PKCE, state and nonce, the single-use handle and its session; and the
// ways it must fail (replayed callback, unverified email, a domain not claimed, handle reuse and expiry,
// issuers on internal addresses or naming another issuer).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ssoRoute from "@/app/api/user/organizations/[organizationId]/sso/route";
import * as domainsRoute from "@/app/api/user/organizations/[organizationId]/sso/domains/route";
import * as verifyRoute from "@/app/api/user/organizations/[organizationId]/sso/domains/[domain]/verify/route";
import * as orgsRoute from "@/app/api/user/organizations/route";
import * as identifyRoute from "@/app/api/auth/identify/route";
import * as discoverRoute from "@/app/api/auth/sso/discover/route";
import * as completeRoute from "@/app/api/auth/sso/complete/route";
import * as startRoute from "@/app/auth/sso/[slug]/start/route";
import * as callbackRoute from "@/app/auth/sso/callback/route";
import { db } from "@/lib/db";
import { magicLinkAllowed } from "@/lib/sign-in/magic-link-allowed";
import { createResolver } from "@/lib/net/resolver";
import { clearProviderCache } from "@/lib/sso/oidc-client";
import { verifyDomain } from "@/lib/sso/verify-domain";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { startFakeOidc, type FakeOidc } from "../fakes/oidc-provider";
import { startScriptedOidc, type ScriptedOidc } from "../fakes/scripted-oidc";
import { bearer, call } from "../http";
import { createTestUser, type TestUser } from "../factories";

const APP = "http://127.0.0.1:3000";
let idp: FakeOidc;
let dns: FakeDnsServer;
let wrongIssuer: http.Server;
let scripted: ScriptedOidc;
const scriptedDomain = `rogue-${Date.now().toString(36)}.example`;
let owner: TestUser;
let org: { id: string; slug: string };
const domain = `corp-${Date.now().toString(36)}.example`;

beforeAll(async () => {
  idp = await startFakeOidc({ redirectUri: `${APP}/auth/sso/callback` });
  // An issuer whose discovery document names another issuer.
  wrongIssuer = http.createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({
    issuer: "http://elsewhere.test", authorization_endpoint: "http://elsewhere.test/auth", token_endpoint: "http://elsewhere.test/token", jwks_uri: "http://elsewhere.test/jwks",
    response_types_supported: ["code"], subject_types_supported: ["public"], id_token_signing_alg_values_supported: ["RS256"],
  })));
  await new Promise<void>((resolve) => wrongIssuer.listen(0, "127.0.0.1", resolve));
  scripted = await startScriptedOidc({ host: "scripted-idp.test", clientId: "rp-client", email: `eve@${scriptedDomain}` });
  // Set before the default fetcher is first built (it reads CONNECT_TO once).
  process.env.CONNECT_TO = [process.env.CONNECT_TO, `idp.test:80:127.0.0.1:${idp.port}`, `wrong-issuer.test:80:127.0.0.1:${(wrongIssuer.address() as AddressInfo).port}`,
    `scripted-idp.test:80:127.0.0.1:${scripted.port}`].filter(Boolean).join(",");
  dns = await startFakeDns();
  owner = await createTestUser("sso-owner");
  const r = await call(orgsRoute.POST, { method: "POST", url: `${APP}/api/user/organizations`, headers: bearer(owner.sessionToken), json: { name: "Corp" } });
  org = { id: r.body.data.id, slug: r.body.data.slug };
});
afterAll(async () => {
  await Promise.all([idp.close(), dns.close(), scripted.close(), new Promise<void>((resolve) => wrongIssuer.close(() => resolve()))]);
});

const O = () => `${APP}/api/user/organizations/${org.id}`;
const as = (u: TestUser): Record<string, string> => bearer(u.sessionToken);
const put = (json: unknown, headers = as(owner)) => call(ssoRoute.PUT, { method: "PUT", url: `${O()}/sso`, headers, json, params: { organizationId: org.id } });
const get = (headers = as(owner)) => call(ssoRoute.GET, { url: `${O()}/sso`, headers, params: { organizationId: org.id } });
const claim = (d: string, headers = as(owner)) => call(domainsRoute.POST, { method: "POST", url: `${O()}/sso/domains`, headers, json: { domain: d }, params: { organizationId: org.id } });
const verify = (d: string, headers = as(owner)) => call(verifyRoute.POST, { method: "POST", url: `${O()}/sso/domains/${d}/verify`, headers, params: { organizationId: org.id, domain: d } });
const identify = (email: string) => call(identifyRoute.POST, { method: "POST", url: `${APP}/api/auth/identify`, json: { email } });
const discover = (d: string) => call(discoverRoute.GET, { url: `${APP}/api/auth/sso/discover?domain=${d}` });
const complete = (handle: string) => call(completeRoute.POST, { method: "POST", url: `${APP}/api/auth/sso/complete`, json: { handle } });
const settings = () => ({ provider: "custom_oidc", issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });

async function start(query = ""): Promise<Response> {
  return startRoute.GET(new Request(`${APP}/auth/sso/${org.slug}/start${query}`), { params: Promise.resolve({ slug: org.slug }) });
}
const callback = (url: string) => callbackRoute.GET(new Request(url));
const params = (res: Response) => new URL(res.headers.get("location")!, APP).searchParams;

/** Start → the provider (login as `email`) → our callback; answers the callback's response and the URL it got. */
async function signIn(email: string, emailVerified = true) {
  idp.signInAs({ email, email_verified: emailVerified });
  const started = await start("?returnTo=/projects/abc");
  expect(started.status).toBe(303);
  const back = await idp.browse(started.headers.get("location")!);
  expect(back.startsWith(`${APP}/auth/sso/callback?`)).toBe(true);
  return { res: await callback(back), callbackUrl: back };
}

describe("configuring SSO", () => {
  it("refuses issuers on internal addresses, plain http without an operator mapping, and discovery documents naming another issuer", async () => {
    for (const issuer of ["http://127.0.0.1:9/", "https://10.1.2.3/", "https://localhost/", "http://unmapped.example/", "http://wrong-issuer.test"]) {
      clearProviderCache();
      const r = await put({ ...settings(), issuer });
      expect(r.res.status, issuer).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await get()).body.data).toBeNull();
    for (const json of [{ ...settings(), provider: "okta" }, { ...settings(), issuer: "ftp://idp.test" }, { ...settings(), clientSecret: "" }, { ...settings(), extra: 1 }]) {
      expect((await put(json)).res.status).toBe(400);
    }
  });

  it("stores the provider (never answering the secret), claims a domain with its TXT record and verifies it by DNS; owners only", async () => {
    const r = await put({ ...settings(), enforce: false });
    expect(r.res.status).toBe(200);
    expect(r.body.data).toMatchObject({ provider: "custom_oidc", issuer: idp.issuer, clientId: idp.clientId, enforce: false, loginUrl: `/auth/sso/${org.slug}/start`, redirectUri: `${APP}/auth/sso/callback` });
    expect(JSON.stringify(r.body)).not.toContain(idp.clientSecret);
    expect(JSON.stringify(await db.organizationSso.findUniqueOrThrow({ where: { organizationId: org.id } }))).not.toContain(idp.clientSecret);

    const admin = await createTestUser("sso-admin");
    await db.membership.create({ data: { organizationId: org.id, userId: admin.userId, role: "admin" } });
    expect((await put(settings(), as(admin))).body.meta).toMatchObject({ missingPermission: "sso.manage" });
    expect((await claim(domain, as(admin))).res.status).toBe(403);

    const c = await claim(domain);
    expect(c.res.status).toBe(201);
    expect(c.body.data).toMatchObject({ domain, verified: false, dnsRecordName: `_indexwatch-sso.${domain}` });
    expect((await claim("gmail.com")).res.status).toBe(400);
    expect((await claim("not a domain")).res.status).toBe(400);
    expect((await verify("unclaimed.example")).res.status).toBe(404);

    const resolver = createResolver({ servers: [dns.server] });
    const ctx = { actor: { type: "user" as const, userId: owner.userId, email: owner.email, sessionId: "t" }, org: { id: org.id, role: "owner" as const }, request: { ipAddress: null, userAgent: null } };
    expect(await verifyDomain(ctx, domain, resolver)).toMatchObject({ verified: false, error: expect.stringContaining("NXDOMAIN") });
    dns.set(c.body.data.dnsRecordName, { TXT: [c.body.data.dnsRecordValue] });
    expect(await verifyDomain(ctx, domain, resolver)).toEqual({ domain, verified: true, error: null });
    expect((await get()).body.data.domains).toEqual([expect.objectContaining({ domain, verified: true })]);

    // Another organization's members see nothing of it, and change nothing.
    const stranger = await createTestUser("sso-stranger");
    for (const r of [await get(as(stranger)), await put(settings(), as(stranger)), await claim("stranger.example", as(stranger)), await verify(domain, as(stranger)),
      await call(ssoRoute.DELETE, { method: "DELETE", url: `${O()}/sso`, headers: as(stranger), params: { organizationId: org.id } })]) {
      expect(r.res.status).toBe(404);
    }
    // Another organization cannot claim a verified domain.
    const rival = await createTestUser("sso-rival");
    const rivalOrg = (await call(orgsRoute.POST, { method: "POST", url: `${APP}/api/user/organizations`, headers: as(rival), json: { name: "Rival" } })).body.data.id;
    const rivalClaim = await call(domainsRoute.POST, { method: "POST", url: `${APP}/api/user/organizations/${rivalOrg}/sso/domains`, headers: as(rival), json: { domain }, params: { organizationId: rivalOrg } });
    expect(rivalClaim.res.status).toBe(409);
  });

  it("discovers the organization for the verified domain, and identify offers SSO (magic link per enforcement)", async () => {
    expect((await discover(domain)).body.data).toEqual({ organizationSlug: org.slug, organizationName: "Corp", ssoProvider: "custom_oidc", loginUrl: `/auth/sso/${org.slug}/start` });
    expect((await discover("nobody.example")).body.data).toBeNull();
    const id = await identify(`Ann@${domain}`);
    expect(id.body.data).toMatchObject({ method: "sso", ssoProvider: "custom_oidc", allowMagicLink: true, hasPasskey: false });
    expect(id.body.data.ssoRedirectUrl).toBe(`/auth/sso/${org.slug}/start`);
    expect((await identify("someone@else.example")).body.data).toEqual({ method: "password", hasPasskey: false, allowMagicLink: true });
    await db.organizationSso.update({ where: { organizationId: org.id }, data: { enforce: true } });
    expect((await identify(`ann@${domain}`)).body.data.allowMagicLink).toBe(false);
    // next-auth's signIn callback asks the same before sending an email link.
    expect(await magicLinkAllowed(`ann@${domain}`)).toBe(false);
    expect(await magicLinkAllowed("someone@else.example")).toBe(true);
    await db.organizationSso.update({ where: { organizationId: org.id }, data: { enforce: false } });
  });
});

describe("signing in through the provider", () => {
  it("creates the person, adds them as a member, and trades the single-use handle for a session once", async () => {
    const email = `new.person@${domain}`;
    const { res } = await signIn(email);
    expect(res.status).toBe(303);
    const loc = new URL(res.headers.get("location")!, APP);
    expect(loc.pathname).toBe("/auth/sso/complete");
    expect(loc.searchParams.get("returnTo")).toBe("/projects/abc");
    const handle = loc.searchParams.get("handle")!;

    const done = await complete(handle);
    expect(done.res.status).toBe(200);
    expect(done.body.data).toMatchObject({ email });
    expect(done.res.headers.get("set-cookie")).toMatch(/session-token=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(await db.membership.findUnique({ where: { organizationId_userId: { organizationId: org.id, userId: user.id } } })).toMatchObject({ role: "member" });
    expect(await db.auditLog.count({ where: { userId: user.id, action: "auth_login", metadata: { path: ["method"], equals: "sso" } } })).toBe(1);
    // The handle is single use.
    expect((await complete(handle)).res.status).toBe(404);
  });

  it("keeps an existing member's role and refuses a replayed callback", async () => {
    const email = `boss@${domain}`;
    const boss = await db.user.create({ data: { email } });
    await db.membership.create({ data: { organizationId: org.id, userId: boss.id, role: "admin" } });
    const { res, callbackUrl } = await signIn(email);
    expect(new URL(res.headers.get("location")!, APP).pathname).toBe("/auth/sso/complete");
    expect(await db.membership.findUnique({ where: { organizationId_userId: { organizationId: org.id, userId: boss.id } } })).toMatchObject({ role: "admin" });
    const replay = await callback(callbackUrl);
    expect(params(replay).get("error")).toBe("SsoFailed");
    expect(params(replay).get("reason")).toBe("state");
  });

  it("refuses an unverified email and an address outside the verified domains", async () => {
    const unverified = await signIn(`shady@${domain}`, false);
    expect(params(unverified.res).get("reason")).toBe("email_unverified");
    const outside = await signIn("visitor@other.example");
    expect(params(outside.res).get("reason")).toBe("domain");
    expect(await db.user.findUnique({ where: { email: "visitor@other.example" } })).toBeNull();
    // A verified domain after an address list or a group: mail to that account would go to other mailboxes.
    for (const odd of [`someone,boss@${domain}`, `grp:boss@${domain}`, `<boss@${domain}>`]) {
      expect(params((await signIn(odd)).res).get("reason"), odd).toBe("email_unverified");
      expect(await db.user.count({ where: { email: odd } })).toBe(0);
    }
  });

  it("refuses a callback with a state it never issued, and an expired handle", async () => {
    const forged = await callback(`${APP}/auth/sso/callback?code=abc&state=${"x".repeat(43)}`);
    expect(params(forged).get("reason")).toBe("state");
    const { res } = await signIn(`late@${domain}`);
    const handle = new URL(res.headers.get("location")!, APP).searchParams.get("handle")!;
    await db.ssoHandle.update({ where: { id: handle }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await complete(handle)).res.status).toBe(404);
    expect((await complete("not-a-uuid")).res.status).toBe(400);
  });

  it("sends an unknown organization, or one without SSO, back to sign-in", async () => {
    const r = await startRoute.GET(new Request(`${APP}/auth/sso/nope/start`), { params: Promise.resolve({ slug: "nope" }) });
    expect(params(r).get("reason")).toBe("not_configured");
  });

  it("turns SSO off: the domains go, identify offers the email link again", async () => {
    const off = await call(ssoRoute.DELETE, { method: "DELETE", url: `${O()}/sso`, headers: as(owner), params: { organizationId: org.id } });
    expect(off.body.data).toEqual({ disabled: true });
    expect((await identify(`ann@${domain}`)).body.data.method).toBe("password");
    expect(await db.auditLog.count({ where: { organizationId: org.id, action: { in: ["settings_sso_configured", "settings_sso_disabled"] } } })).toBe(2);
  });
});

describe("the ID token", () => {
  let slug: string;
  beforeAll(async () => {
    const owner2 = await createTestUser("sso-scripted-owner");
    const r = await call(orgsRoute.POST, { method: "POST", url: `${APP}/api/user/organizations`, headers: as(owner2), json: { name: "Scripted" } });
    slug = r.body.data.slug;
    const put2 = await call(ssoRoute.PUT, {
      method: "PUT", url: `${APP}/api/user/organizations/${r.body.data.id}/sso`, headers: as(owner2), params: { organizationId: r.body.data.id },
      json: { provider: "custom_oidc", issuer: scripted.issuer, clientId: "rp-client", clientSecret: "rp-secret" },
    });
    expect(put2.res.status).toBe(200);
    await db.ssoDomain.create({ data: { organizationId: r.body.data.id, domain: scriptedDomain, verificationToken: "t", verifiedAt: new Date() } });
  });

  async function withClaims(script: (c: Record<string, unknown>) => Record<string, unknown>) {
    scripted.nextClaims(script);
    const started = await startRoute.GET(new Request(`${APP}/auth/sso/${slug}/start`), { params: Promise.resolve({ slug }) });
    return callback(scripted.authorize(started.headers.get("location")!));
  }

  it("is accepted when every claim is right (so each refusal below is for its one wrong claim)", async () => {
    expect(new URL((await withClaims((c) => c)).headers.get("location")!, APP).pathname).toBe("/auth/sso/complete");
  });

  it.each([
    ["for another audience", (c: Record<string, unknown>) => ({ ...c, aud: "someone-else" })],
    ["from another issuer", (c: Record<string, unknown>) => ({ ...c, iss: "http://elsewhere.test" })],
    ["with another nonce", (c: Record<string, unknown>) => ({ ...c, nonce: "replayed-nonce" })],
    ["expired", (c: Record<string, unknown>) => ({ ...c, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
  ])("is refused %s, and no handle is issued", async (_what, script) => {
    const handles = await db.ssoHandle.count();
    const res = await withClaims(script);
    expect(params(res).get("error")).toBe("SsoFailed");
    expect(params(res).get("reason")).toBe("token");
    expect(await db.ssoHandle.count()).toBe(handles);
  });
});
