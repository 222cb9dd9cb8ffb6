import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { openEngineBKey } from "@/lib/connections";
import { startFakeEngineB, type FakeEngineB, type FakeEngineBSite } from "../fakes/engine-b-server";
import { CLOSED, setEnvForSuite } from "../engines/helpers";
import {
  auditOf, captureLogs, createTenant, deleteEngineB, expectNoSecret, getConnections, getProject, postEngineB, projectOf, secretsOf,
  STATUS_KEYS, type Target, type Tenant,
} from "./helpers";

let fake: FakeEngineB;
let alice: Tenant;
const logs = captureLogs();
const bodies: string[] = [];
const keys: string[] = [];

beforeAll(async () => {
  fake = await startFakeEngineB();
  alice = await createTenant("engineb-alice");
});
afterAll(async () => {
  expect(keys.length).toBeGreaterThanOrEqual(10);
  const audit = await db.auditLog.findMany({ where: { organizationId: alice.organizationId } });
  expectNoSecret([...bodies, ...logs.lines, JSON.stringify(audit)], keys);
  await fake.close();
});
setEnvForSuite(() => fake.env());

const record = <T extends { body: unknown }>(r: T) => { bodies.push(JSON.stringify(r.body)); return r; };
const newKey = () => { const k = `key-${crypto.randomBytes(16).toString("hex")}`; keys.push(k); return k; };

/** A project and an API key whose sites are `sites(domain)`. */
async function setup(sites: (domain: string) => FakeEngineBSite[] = (d) => [{ Url: `https://${d}/`, IsVerified: true }]) {
  const t = await projectOf(alice, "eb");
  const apiKey = newKey();
  fake.addKey(apiKey, sites(t.domain));
  return { t, apiKey };
}
const connect = async (t: Target, apiKey: unknown) => record(await postEngineB(t, { apiKey }));

describe("POST engineB", () => {
  it("connects with a key whose sites include the domain as verified: key sealed, timestamp set, verified, audited", async () => {
    const { t, apiKey } = await setup((d) => [{ Url: "https://elsewhere.test/", IsVerified: true }, { Url: `https://${d}/`, IsVerified: true }]);
    const before = Date.now();
    const { res, body } = await connect(t, apiKey);
    expect(res.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(STATUS_KEYS);
    expect(body.data).toMatchObject({ projectId: t.projectId, domain: t.domain, engineBConnected: true, gscConnected: false, gscConnectedAt: null, gscPropertyUrl: null });
    expect(Date.parse(body.data.engineBConnectedAt)).toBeGreaterThanOrEqual(before - 1000);

    const row = await secretsOf(t.projectId);
    expect(row.engineBApiKeyEnc).toMatch(/^v1\./);
    expect(row.engineBApiKeyEnc).not.toContain(apiKey);
    expect(openEngineBKey(t.projectId, row.engineBApiKeyEnc!)).toBe(apiKey);
    expect(row.engineBSiteUrl).toBe(`https://${t.domain}/`);
    // The key went to the documented place: the apikey query parameter of GetUserSites.
    expect(fake.requests.at(-1)).toMatchObject({ apiMethod: "GetUserSites", keyVia: "query", status: 200 });

    expect(record(await getProject(t)).body.data).toMatchObject({ verified: true });
    expect(record(await getConnections(t)).body.data.engineB).toEqual({ connected: true, connectedAt: body.data.engineBConnectedAt, lastError: null });
    const audit = await auditOf(t.projectId);
    expect(audit).toEqual([{ action: "project.engineb_connected", userId: alice.userId, apiKeyId: null, metadata: { siteUrl: `https://${t.domain}/`, reconnected: false } }]);
  });

  it("matches the domain on http or https, with or without the final slash, and prefers https", async () => {
    for (const [sites, expected] of [
      [(d: string) => [{ Url: `http://${d}`, IsVerified: true }], (d: string) => `http://${d}`],
      [(d: string) => [{ Url: `http://${d}/`, IsVerified: true }, { Url: `https://${d}`, IsVerified: true }], (d: string) => `https://${d}`],
      [(d: string) => [{ Url: `HTTPS://${d.toUpperCase()}/`, IsVerified: true }], (d: string) => `HTTPS://${d.toUpperCase()}/`],
    ] as const) {
      const { t, apiKey } = await setup(sites);
      expect((await connect(t, apiKey)).res.status).toBe(200);
      expect((await secretsOf(t.projectId)).engineBSiteUrl).toBe(expected(t.domain));
    }
  });

  it("answers 409 ENGINE_SITE_NOT_VERIFIED, telling a listed but unverified site from an absent one", async () => {
    const unverified = await setup((d) => [{ Url: `https://${d}/`, IsVerified: false }, { Url: "https://other.test/", IsVerified: true }]);
    const a = await connect(unverified.t, unverified.apiKey);
    expect(a.res.status).toBe(409);
    expect(a.body).toMatchObject({ code: "ENGINE_SITE_NOT_VERIFIED", meta: { reason: "site_not_verified", domain: unverified.t.domain, sites: [`https://${unverified.t.domain}/`] } });
    expect(a.body.message).toMatch(/not verified/);

    const absent = await setup((d) => [{ Url: `https://www.${d}/`, IsVerified: true }, { Url: `https://${d}/blog/`, IsVerified: true }, { Url: `https://${d}:8443/`, IsVerified: true }]);
    const b = await connect(absent.t, absent.apiKey);
    expect(b.res.status).toBe(409);
    expect(b.body).toMatchObject({ code: "ENGINE_SITE_NOT_VERIFIED", meta: { reason: "site_not_found" } });
    expect(b.body.meta?.sites).toHaveLength(3);
    expect(b.body.message).toMatch(/not among the sites/);

    const none = await setup(() => []);
    expect((await connect(none.t, none.apiKey)).body).toMatchObject({ code: "ENGINE_SITE_NOT_VERIFIED", meta: { reason: "site_not_found", sites: [] } });
    for (const t of [unverified.t, absent.t, none.t]) {
      expect(await secretsOf(t.projectId)).toMatchObject({ engineBApiKeyEnc: null, engineBConnectedAt: null });
      expect(await auditOf(t.projectId)).toEqual([]);
    }
  });

  it("answers 400 ENGINE_KEY_INVALID for a key the engine refuses (401, 403 or 400 InvalidApiKey)", async () => {
    const { t } = await setup();
    for (const status of [401, 403, 400] as const) {
      fake.setBadKeyStatus(status);
      const { res, body } = await connect(t, newKey());
      expect(res.status, String(status)).toBe(400);
      expect(body).toMatchObject({ success: false, status: 400, code: "ENGINE_KEY_INVALID" });
    }
    fake.setBadKeyStatus(401);
    expect((await secretsOf(t.projectId)).engineBApiKeyEnc).toBeNull();
  });

  it("answers 502 UPSTREAM_ERROR with Retry-After when throttled (429 or 400 ThrottleUser), and when the engine fails or is down", async () => {
    const { t, apiKey } = await setup();
    fake.throttleNext(1, "429", 30);
    const a = await connect(t, apiKey);
    expect(a.res.status).toBe(502);
    expect(a.body).toMatchObject({ code: "UPSTREAM_ERROR", meta: { engine: "engineB", reason: "throttled", retryAfterSeconds: 30 } });
    expect(a.res.headers.get("retry-after")).toBe("30");

    fake.throttleNext(1, "400");
    const b = await connect(t, apiKey);
    expect(b.res.status).toBe(502);
    expect(b.body.meta).toMatchObject({ reason: "throttled" });
    expect(Number(b.res.headers.get("retry-after"))).toBeGreaterThan(0);

    fake.failNext({ status: 500, body: { ErrorCode: 1, Message: `InternalError for ${apiKey}` } });
    const c = await connect(t, apiKey);
    expect(c.res.status).toBe(502);
    expect(c.body.meta).toMatchObject({ reason: "server_error" });

    fake.failNext({ status: 200, body: "<html>not json</html>" });
    expect((await connect(t, apiKey)).body).toMatchObject({ code: "UPSTREAM_ERROR", meta: { reason: "malformed_answer" } });

    const base = process.env.ENGINEB_API_BASE_URL;
    process.env.ENGINEB_API_BASE_URL = `${CLOSED}/webmaster/api.svc/json/`;
    try {
      expect((await connect(t, apiKey)).body).toMatchObject({ code: "UPSTREAM_ERROR", meta: { reason: "network" } });
    } finally { process.env.ENGINEB_API_BASE_URL = base; }
    expect((await secretsOf(t.projectId)).engineBConnectedAt).toBeNull();
    expect((await connect(t, apiKey)).res.status).toBe(200);
  });

  it("refuses a key that is too short, too long, not a string, with spaces or a NUL, huge, or with extra fields (400), calling nothing", async () => {
    const { t } = await setup();
    const calls = fake.requests.length;
    for (const apiKey of ["k".repeat(15), "k".repeat(513), "k".repeat(200_000), 1234567890123456789, null, "key with spaces 0123456789", "key\u0000-0123456789abcdef", ""]) {
      const { res, body } = await connect(t, apiKey);
      expect(res.status, String(apiKey).slice(0, 20)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    for (const json of [{}, { apiKey: newKey(), extra: true }]) expect((await record(await postEngineB(t, json))).res.status).toBe(400);
    expect((await record(await postEngineB(t, undefined, "{not json"))).res.status).toBe(400);
    expect(fake.requests.length).toBe(calls);
    // The refused keys are not echoed in the validation errors either.
    expectNoSecret(bodies, ["key with spaces 0123456789", "k".repeat(513)]);
  });

  it("a later connection with another key replaces the first (audited as a reconnection)", async () => {
    const { t, apiKey } = await setup();
    expect((await connect(t, apiKey)).res.status).toBe(200);
    const second = newKey();
    fake.addKey(second, [{ Url: `https://${t.domain}/`, IsVerified: true }]);
    expect((await connect(t, second)).res.status).toBe(200);
    expect(openEngineBKey(t.projectId, (await secretsOf(t.projectId)).engineBApiKeyEnc!)).toBe(second);
    expect((await auditOf(t.projectId)).map((a) => a.metadata.reconnected)).toEqual([false, true]);
  });
});

describe("DELETE engineB", () => {
  it("clears the key and timestamp, keeps URLs' engineBState, audits once and is idempotent", async () => {
    const { t, apiKey } = await setup();
    expect((await connect(t, apiKey)).res.status).toBe(200);
    await db.project.update({ where: { id: t.projectId }, data: { engineBLastError: "Bing Webmaster Tools GetUrlInfo: HTTP 500" } });
    expect(record(await getConnections(t)).body.data.engineB.lastError).toBe("Bing Webmaster Tools GetUrlInfo: HTTP 500");
    const url = await db.trackedUrl.create({
      data: { organizationId: t.organizationId, projectId: t.projectId, url: `https://${t.domain}/b`, source: "manual", engineBState: "indexed" },
    });

    const { res, body } = record(await deleteEngineB(t));
    expect(res.status).toBe(200);
    expect(body.data).toEqual({
      projectId: t.projectId, domain: t.domain, gscConnected: false, gscConnectedAt: null, gscPropertyUrl: null, engineBConnected: false, engineBConnectedAt: null,
    });
    expect(await secretsOf(t.projectId)).toMatchObject({ engineBApiKeyEnc: null, engineBConnectedAt: null, engineBSiteUrl: null, engineBLastError: null });
    expect((await db.trackedUrl.findUniqueOrThrow({ where: { id: url.id } })).engineBState).toBe("indexed");
    expect(record(await getConnections(t)).body.data.engineB).toEqual({ connected: false, connectedAt: null, lastError: null });

    expect(record(await deleteEngineB(t)).body.data).toEqual(body.data);
    expect((await auditOf(t.projectId)).map((a) => a.action)).toEqual(["project.engineb_connected", "project.engineb_disconnected"]);
  });
});
