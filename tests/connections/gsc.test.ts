import { systemCtx } from "@/lib/core/context";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GSC_SCOPE } from "@/lib/engines/gsc/config";
import { db, withTransaction } from "@/lib/db";
import { markGscRevoked, openGscRefreshToken } from "@/lib/connections";
import { startFakeGsc, type FakeGsc, type FakeSite } from "../fakes/gsc-server";
import { CLOSED, consent, setEnvForSuite } from "../engines/helpers";
import {
  auditOf, captureLogs, createTenant, deleteGsc, expectNoSecret, getConnections, getOAuthUrl, getProject, postCallback, projectOf, secretsOf,
  STATUS_KEYS, type Target, type Tenant,
} from "./helpers";

const REDIRECT = "http://127.0.0.1:3000/projects/gsc/callback"; // the default: NEXTAUTH_URL + the dashboard's callback page
let fake: FakeGsc;
let alice: Tenant;
const logs = captureLogs();
const bodies: string[] = []; // every response body of the suite, checked for secrets at the end
const refreshTokens: string[] = [];

beforeAll(async () => {
  fake = await startFakeGsc({ redirectUris: [REDIRECT] });
  alice = await createTenant("gsc-alice");
});
afterAll(async () => {
  // Every token the fake handed out, the client secret and the codes: in no answer and no log line.
  const secrets = [fake.clientSecret, ...refreshTokens, ...minted];
  expect(refreshTokens.length).toBeGreaterThanOrEqual(8);
  expect(logs.lines.some((l) => l.includes("[connections]"))).toBe(true); // the capture works
  expectNoSecret([...bodies, ...logs.lines], secrets);
  await fake.close();
});
setEnvForSuite(() => fake.env());

const minted: string[] = [];
const record = <T extends { body: unknown }>(r: T) => { bodies.push(JSON.stringify(r.body)); return r; };

/** A project whose gsc user (a fresh account of the fake) has `sites`, `{domain}` substituted. */
async function setup(sites: (domain: string) => FakeSite[] = (d) => [{ siteUrl: `sc-domain:${d}`, permissionLevel: "siteOwner" }]) {
  const t = await projectOf(alice, "gsc");
  const account = `${t.projectId}@gsc.test`;
  fake.addUser(account, sites(t.domain));
  return { t, account };
}

/** oauth-url, then the consent page of the fake as a browser would drive it: the code and state of the redirect. */
async function authorize(t: Target, account: string, opts: { state?: string; grantGsc?: boolean } = {}) {
  const start = record(await getOAuthUrl(t, opts.state));
  expect(start.res.status).toBe(200);
  const { location } = await consent(start.body.data.authorizeUrl, { account, grantGsc: opts.grantGsc });
  expect(location.origin + location.pathname).toBe(REDIRECT);
  const code = location.searchParams.get("code")!;
  minted.push(code);
  return { state: location.searchParams.get("state")!, code, authorizeUrl: start.body.data.authorizeUrl as string };
}

const callback = async (t: Target, body: Record<string, unknown>) => record(await postCallback(t, body));
const tokenCalls = (grant: string) => fake.requests.filter((r) => r.route === "token" && r.body?.grant_type === grant).length;

async function storedToken(projectId: string) {
  const row = await secretsOf(projectId);
  expect(row.gscRefreshTokenEnc).toMatch(/^v1\./);
  const token = openGscRefreshToken(projectId, row.gscRefreshTokenEnc!);
  refreshTokens.push(token);
  return token;
}

describe("GET gsc/oauth-url", () => {
  it("answers 503 INTEGRATION_NOT_CONFIGURED without GSC_CLIENT_ID or GSC_CLIENT_SECRET, and stores no state", async () => {
    const { t } = await setup();
    for (const name of ["GSC_CLIENT_ID", "GSC_CLIENT_SECRET"]) {
      const saved = process.env[name];
      delete process.env[name];
      try {
        const { res, body } = record(await getOAuthUrl(t));
        expect(res.status).toBe(503);
        expect(body).toMatchObject({ success: false, status: 503, code: "INTEGRATION_NOT_CONFIGURED" });
        const cb = record(await postCallback(t, { code: "x", state: "s".repeat(16), propertyUrl: `sc-domain:${t.domain}` }));
        expect(cb.res.status).toBe(503);
      } finally { process.env[name] = saved; }
    }
    expect(await db.oAuthState.count({ where: { projectId: t.projectId } })).toBe(0);
  });

  it("builds the consent URL (offline access, forced consent, read-only scope, default redirect) with the client's state, stored hashed", async () => {
    const { t } = await setup();
    const state = `client-state-${crypto.randomUUID()}`;
    const before = Date.now();
    const { res, body } = record(await getOAuthUrl(t, state));
    expect(res.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(["authorizeUrl", "state"]);
    expect(body.data.state).toBe(state);
    const url = new URL(body.data.authorizeUrl);
    expect(url.origin + url.pathname).toBe(fake.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: fake.clientId, redirect_uri: REDIRECT, response_type: "code", scope: GSC_SCOPE, state,
      access_type: "offline", prompt: "consent", include_granted_scopes: "true",
    });
    const rows = await db.oAuthState.findMany({ where: { projectId: t.projectId } });
    expect(rows).toHaveLength(1);
    expect(rows[0].stateHash).toBe(crypto.createHash("sha256").update(state).digest("hex"));
    expect(JSON.stringify(rows)).not.toContain(state);
    expect(rows[0]).toMatchObject({ organizationId: alice.organizationId, userId: alice.userId, consumedAt: null, refreshTokenEnc: null });
    const ttl = rows[0].expiresAt.getTime() - before;
    expect(ttl).toBeGreaterThan(9.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });

  it("generates a 32-byte base64url state when none is given, a new one on every call", async () => {
    const { t } = await setup();
    const a = record(await getOAuthUrl(t)).body.data;
    const b = record(await getOAuthUrl(t)).body.data;
    expect(a.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b.state).not.toBe(a.state);
    expect(new URL(a.authorizeUrl).searchParams.get("state")).toBe(a.state);
  });

  it("uses GSC_REDIRECT_URI when set", async () => {
    const { t } = await setup();
    process.env.GSC_REDIRECT_URI = "https://app.example/oauth/gsc";
    try {
      const { body } = record(await getOAuthUrl(t));
      expect(new URL(body.data.authorizeUrl).searchParams.get("redirect_uri")).toBe("https://app.example/oauth/gsc");
    } finally { delete process.env.GSC_REDIRECT_URI; }
  });

  it("refuses a client state that is too short, too long, has spaces or a NUL, or was issued before (400)", async () => {
    const { t } = await setup();
    for (const state of ["a".repeat(15), "a".repeat(513), "has spaces in it!!", "nul\u0000-state-0123456789", "x".repeat(100_000)]) {
      const { res, body } = record(await getOAuthUrl(t, state));
      expect(res.status, state.slice(0, 20)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    const state = `reissued-${crypto.randomUUID()}`;
    expect(record(await getOAuthUrl(t, state)).res.status).toBe(200);
    const again = record(await getOAuthUrl(t, state));
    expect(again.res.status).toBe(400);
    expect(again.body.meta?.errors?.[0]).toMatchObject({ path: "state", code: "state_taken" });
    expect(await db.oAuthState.count({ where: { projectId: t.projectId } })).toBe(1);
  });
});

describe("POST gsc/callback", () => {
  it("connects: the code is exchanged, the token stored encrypted, the property verbatim; verified, audited, revoked issue resolved", async () => {
    const { t, account } = await setup();
    // An earlier grant died: the revoked issue is open and the connections page says so.
    await db.project.update({ where: { id: t.projectId }, data: { gscConnectedAt: new Date("2026-01-01T00:00:00Z"), gscPropertyUrl: `sc-domain:${t.domain}` } });
    const revoke = () => withTransaction(systemCtx("test", t.organizationId), (ctx) => markGscRevoked(ctx, t.projectId, new Date()));
    expect(await revoke()).toBe(true);
    expect(await revoke()).toBe(false); // once per grant: no second audit row
    const revoked = record(await getConnections(t)).body.data.gsc;
    expect(revoked).toMatchObject({ connected: false, propertyUrl: `sc-domain:${t.domain}` });
    expect(revoked.revokedAt).not.toBeNull();
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: t.projectId, type: "gsc_auth_revoked" } });
    expect(issue.status).toBe("open");

    const { state, code } = await authorize(t, account);
    const before = Date.now();
    const { res, body } = await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` });
    expect(res.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(STATUS_KEYS);
    expect(body.data).toMatchObject({
      projectId: t.projectId, domain: t.domain, gscConnected: true, gscPropertyUrl: `sc-domain:${t.domain}`, engineBConnected: false, engineBConnectedAt: null,
    });
    expect(Date.parse(body.data.gscConnectedAt)).toBeGreaterThanOrEqual(before - 1000);

    const token = await storedToken(t.projectId);
    expect(token).toMatch(/^1\/\/fake-refresh-/);
    expect((await db.oAuthState.findFirstOrThrow({ where: { projectId: t.projectId } }))).toMatchObject({ refreshTokenEnc: null, codeHash: null });
    expect((await db.oAuthState.findFirstOrThrow({ where: { projectId: t.projectId } })).consumedAt).not.toBeNull();
    expect(record(await getProject(t)).body.data).toMatchObject({ verified: true, gscPropertyUrl: `sc-domain:${t.domain}` });
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("resolved");
    expect(record(await getConnections(t)).body.data.gsc).toMatchObject({ connected: true, revokedAt: null, quotaUsedToday: 0, quotaLimit: 2000, sharedQuotaDetected: false });

    const audit = await auditOf(t.projectId);
    expect(audit.map((a) => a.action)).toEqual(["project.gsc_revoked", "project.gsc_connected"]);
    expect(audit[1]).toMatchObject({ userId: alice.userId, metadata: { propertyUrl: `sc-domain:${t.domain}`, permissionLevel: "siteOwner", reconnected: true, retried: false } });
    expectNoSecret([JSON.stringify(audit)], [token, code]);

    // Single use: the same state again is refused, whatever the code.
    const again = await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` });
    expect(again.res.status).toBe(400);
    expect(again.body).toMatchObject({ code: "OAUTH_STATE_INVALID", meta: { reason: "reused" } });
  });

  it("accepts https:// and http:// URL-prefix properties of the domain, stored verbatim", async () => {
    for (const scheme of ["https", "http"]) {
      const { t, account } = await setup((d) => [{ siteUrl: `${scheme}://${d}/`, permissionLevel: "siteFullUser" }]);
      const { state, code } = await authorize(t, account);
      const { res, body } = await callback(t, { code, state, propertyUrl: `${scheme}://${t.domain}/` });
      expect(res.status, scheme).toBe(200);
      expect(body.data.gscPropertyUrl).toBe(`${scheme}://${t.domain}/`);
      await storedToken(t.projectId);
    }
  });

  it("tells a mismatched, reused, expired, other project's and other user's state apart (400 OAUTH_STATE_INVALID, meta.reason)", async () => {
    const { t, account } = await setup();
    const other = await projectOf(alice, "other");
    const expectReason = async (c: Target, body: Record<string, unknown>, reason: string) => {
      const r = await callback(c, body);
      expect(r.res.status, reason).toBe(400);
      expect(r.body, reason).toMatchObject({ success: false, status: 400, code: "OAUTH_STATE_INVALID", meta: { reason } });
    };
    const base = { code: "4/never-exchanged", propertyUrl: `sc-domain:${t.domain}` };

    await expectReason(t, { ...base, state: `never-issued-${crypto.randomUUID()}` }, "mismatch");
    const { state } = record(await getOAuthUrl(other)).body.data;
    await expectReason(t, { ...base, state }, "other_project");

    const stale = record(await getOAuthUrl(t)).body.data.state;
    await db.oAuthState.updateMany({ where: { projectId: t.projectId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await expectReason(t, { ...base, state: stale }, "expired");

    // A second member of the organization cannot finish a consent the first one started.
    const bob = await createTenant("gsc-bob");
    await db.membership.create({ data: { organizationId: alice.organizationId, userId: bob.userId, role: "admin" } });
    const mine = record(await getOAuthUrl(t)).body.data.state;
    await expectReason({ ...t, headers: { authorization: `Bearer ${bob.sessionToken}` } }, { ...base, state: mine }, "other_user");

    const { state: used, code } = await authorize(t, account);
    expect((await callback(t, { code, state: used, propertyUrl: `sc-domain:${t.domain}` })).res.status).toBe(200);
    await storedToken(t.projectId);
    await expectReason(t, { ...base, state: used }, "reused");
    // None of the refusals exchanged a code.
    expect(fake.requests.filter((r) => r.route === "token" && r.body?.code === base.code)).toHaveLength(0);
  });

  it("answers 409 PROPERTY_NOT_COVERED with the covering properties, keeps the token, and succeeds on retry without a new consent", async () => {
    const { t, account } = await setup((d) => [
      { siteUrl: `https://www.${d}/`, permissionLevel: "siteOwner" },
      { siteUrl: `sc-domain:${d}`, permissionLevel: "siteRestrictedUser" },
      { siteUrl: `https://${d}/`, permissionLevel: "siteUnverifiedUser" },
      { siteUrl: `http://${d}/`, permissionLevel: "siteOwner" },
      { siteUrl: "sc-domain:elsewhere.test", permissionLevel: "siteOwner" },
    ]);
    const { state, code } = await authorize(t, account);
    const exchangesBefore = tokenCalls("authorization_code");

    const cases = [[`https://www.${t.domain}/`, "not_covering"], [`https://${t.domain}/`, "unverified"], ["sc-domain:elsewhere.example", "not_listed"]] as const;
    for (const [propertyUrl, reason] of cases) {
      const { res, body } = await callback(t, { code, state, propertyUrl });
      expect(res.status, propertyUrl).toBe(409);
      expect(body).toMatchObject({ code: "PROPERTY_NOT_COVERED", meta: { reason, propertyUrl, domain: t.domain } });
      expect(body.meta?.properties).toEqual([`sc-domain:${t.domain}`, `http://${t.domain}/`]);
      const row = await secretsOf(t.projectId);
      expect(row).toMatchObject({ gscConnectedAt: null, gscRefreshTokenEnc: null, gscPropertyUrl: null });
    }
    const kept = await db.oAuthState.findFirstOrThrow({ where: { projectId: t.projectId } });
    expect(kept.consumedAt).toBeNull();
    expect(kept.refreshTokenEnc).toMatch(/^v1\./);
    expect(tokenCalls("authorization_code")).toBe(exchangesBefore + 1);

    const refreshesBefore = tokenCalls("refresh_token");
    const { res, body } = await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ gscConnected: true, gscPropertyUrl: `sc-domain:${t.domain}` });
    expect(tokenCalls("authorization_code")).toBe(exchangesBefore + 1); // no second exchange: the code was spent once
    expect(tokenCalls("refresh_token")).toBe(refreshesBefore + 1);
    await storedToken(t.projectId);
    expect((await auditOf(t.projectId)).at(-1)).toMatchObject({ action: "project.gsc_connected", metadata: { retried: true, permissionLevel: "siteRestrictedUser" } });
  });

  it("a new consent with the same state (another account) is exchanged instead of reusing the kept token", async () => {
    const { t, account } = await setup((d) => [{ siteUrl: `https://www.${d}/`, permissionLevel: "siteOwner" }]);
    const other = `${t.projectId}-second@gsc.test`;
    fake.addUser(other, [{ siteUrl: `sc-domain:${t.domain}`, permissionLevel: "siteOwner" }]);
    const first = await authorize(t, account);
    const wrong = await callback(t, { code: first.code, state: first.state, propertyUrl: `sc-domain:${t.domain}` });
    expect(wrong.res.status).toBe(409);
    expect(wrong.body.meta?.properties).toEqual([]);

    const { location } = await consent(first.authorizeUrl, { account: other });
    const code = location.searchParams.get("code")!;
    minted.push(code);
    const { res } = await callback(t, { code, state: first.state, propertyUrl: `sc-domain:${t.domain}` });
    expect(res.status).toBe(200);
    await storedToken(t.projectId);
  });

  it("answers 400 OAUTH_CODE_INVALID for a bad or reused code and when gsc scope was not granted; the state stays usable", async () => {
    const { t, account } = await setup();
    const { state, code } = await authorize(t, account);
    const bad = await callback(t, { code: "4/not-a-code-gsc-issued", state, propertyUrl: `sc-domain:${t.domain}` });
    expect(bad.res.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "OAUTH_CODE_INVALID", meta: { reason: "invalid_code" } });

    const denied = await authorize(t, account, { grantGsc: false });
    const noScope = await callback(t, { code: denied.code, state: denied.state, propertyUrl: `sc-domain:${t.domain}` });
    expect(noScope.res.status).toBe(400);
    expect(noScope.body).toMatchObject({ code: "OAUTH_CODE_INVALID", meta: { reason: "scope_not_granted" } });

    expect((await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` })).res.status).toBe(200);
    await storedToken(t.projectId);
    // The code was spent: with a fresh state it is refused by gsc.
    const fresh = record(await getOAuthUrl(t)).body.data.state;
    const reused = await callback(t, { code, state: fresh, propertyUrl: `sc-domain:${t.domain}` });
    expect(reused.body).toMatchObject({ code: "OAUTH_CODE_INVALID", meta: { reason: "invalid_code" } });
  });

  it("answers 502 UPSTREAM_ERROR when the token endpoint is down or the site list fails, and a retry then works", async () => {
    const { t, account } = await setup();
    const { state, code } = await authorize(t, account);
    const tokenUrl = process.env.GSC_OAUTH_TOKEN_URL;
    process.env.GSC_OAUTH_TOKEN_URL = `${CLOSED}/token`;
    try {
      const down = await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` });
      expect(down.res.status).toBe(502);
      expect(down.body).toMatchObject({ success: false, status: 502, code: "UPSTREAM_ERROR", meta: { engine: "gsc", reason: "network" } });
    } finally { process.env.GSC_OAUTH_TOKEN_URL = tokenUrl; }

    fake.failNext("sites", { status: 503, body: { error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" } } });
    const sites = await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` });
    expect(sites.res.status).toBe(502);
    expect(sites.body).toMatchObject({ code: "UPSTREAM_ERROR", meta: { reason: "server_error" } });

    fake.failNext("sites", { status: 429, body: { error: { code: 429, message: "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute'", status: "RESOURCE_EXHAUSTED" } } });
    const throttled = await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` });
    expect(throttled.res.status).toBe(502);
    expect(throttled.body).toMatchObject({ code: "UPSTREAM_ERROR", meta: { reason: "throttled" } });
    expect(Number(throttled.res.headers.get("retry-after"))).toBeGreaterThan(0);

    // The exchange before the site-list failures kept the grant: no new consent needed.
    const ok = await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` });
    expect(ok.res.status).toBe(200);
    await storedToken(t.projectId);
  });

  it("refuses malformed bodies: missing fields, unknown fields, a bad property, NUL bytes, huge strings (400)", async () => {
    const { t } = await setup();
    const state = record(await getOAuthUrl(t)).body.data.state as string;
    const good = { code: "4/some-code", state, propertyUrl: `sc-domain:${t.domain}` };
    const bad: Record<string, unknown>[] = [
      {}, { ...good, code: undefined }, { ...good, propertyUrl: undefined }, { ...good, extra: 1 },
      { ...good, propertyUrl: "example.com" }, { ...good, propertyUrl: " sc-domain:x.test" }, { ...good, propertyUrl: "ftp://x.test/" },
      { ...good, code: "4/co\u0000de" }, { ...good, propertyUrl: `sc-domain:${t.domain}\u0000` }, { ...good, code: "c".repeat(100_000) },
      { ...good, propertyUrl: `https://${t.domain}/${"a".repeat(5000)}` }, { ...good, state: "short" }, { ...good, code: 42 },
    ];
    for (const json of bad) {
      const { res, body } = await callback(t, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    expect((await db.oAuthState.findFirstOrThrow({ where: { projectId: t.projectId } })).consumedAt).toBeNull();
  });
});

describe("DELETE gsc", () => {
  it("clears the token, property and timestamp, keeps URLs' engineAState, audits once and is idempotent", async () => {
    const { t, account } = await setup();
    const { state, code } = await authorize(t, account);
    expect((await callback(t, { code, state, propertyUrl: `sc-domain:${t.domain}` })).res.status).toBe(200);
    await storedToken(t.projectId);
    const url = await db.trackedUrl.create({
      data: { organizationId: t.organizationId, projectId: t.projectId, url: `https://${t.domain}/a`, source: "manual", engineAState: "indexed" },
    });

    const { res, body } = record(await deleteGsc(t));
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      projectId: t.projectId, domain: t.domain, gscConnected: false, gscConnectedAt: null, gscPropertyUrl: null, engineBConnected: false, engineBConnectedAt: null,
    });
    expect(await secretsOf(t.projectId)).toMatchObject({ gscRefreshTokenEnc: null, gscPropertyUrl: null, gscConnectedAt: null, gscRevokedAt: null });
    expect((await db.trackedUrl.findUniqueOrThrow({ where: { id: url.id } })).engineAState).toBe("indexed");
    expect(record(await getProject(t)).body.data.verified).toBe(false);

    const again = record(await deleteGsc(t));
    expect(again.res.status).toBe(200);
    expect(again.body.data).toEqual(body.data);
    const actions = (await auditOf(t.projectId)).map((a) => a.action);
    expect(actions).toEqual(["project.gsc_connected", "project.gsc_disconnected"]);
    expect((await auditOf(t.projectId))[1].metadata).toMatchObject({ propertyUrl: `sc-domain:${t.domain}` });
  });
});
