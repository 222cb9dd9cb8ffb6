import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { apiKeyHeader, bearer } from "../http";
import { createTestApiKey } from "../factories";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { startFakeEngineB, type FakeEngineB } from "../fakes/engine-b-server";
import { setEnvForSuite } from "../engines/helpers";
import {
  createTenant, deleteEngineB, deleteGsc, getConnections, getOAuthUrl, postCallback, postEngineB, projectOf, secretsOf, type Target, type Tenant,
} from "./helpers";

// Every connection route against another organization's project, without credentials, and with too few scopes.
let gscFake: FakeGsc;
let engineB: FakeEngineB;
let alice: Tenant;
let mallory: Tenant;
let victim: Target;
const VICTIM_KEY = `victim-key-${crypto.randomBytes(12).toString("hex")}`;
const ATTACKER_KEY = `attacker-key-${crypto.randomBytes(12).toString("hex")}`;

beforeAll(async () => {
  [gscFake, engineB] = await Promise.all([startFakeGsc(), startFakeEngineB()]);
  [alice, mallory] = await Promise.all([createTenant("conn-alice"), createTenant("conn-mallory")]);
  victim = await projectOf(alice, "victim");
  engineB.addKey(VICTIM_KEY, [{ Url: `https://${victim.domain}/`, IsVerified: true }]);
  engineB.addKey(ATTACKER_KEY, [{ Url: `https://${victim.domain}/`, IsVerified: true }]);
});
afterAll(async () => { await Promise.all([gscFake.close(), engineB.close()]); });
setEnvForSuite(() => ({ ...gscFake.env(), ...engineB.env() }));
beforeAll(async () => { expect((await postEngineB(victim, { apiKey: VICTIM_KEY })).res.status).toBe(200); });

type Caller = Target;
type Call = readonly [string, () => Promise<{ res: Response; body: { code: string } }>];
const writes = (c: Caller) => [
  ["GET gsc/oauth-url", () => getOAuthUrl(c)],
  ["POST gsc/callback", () => postCallback(c, { code: "4/attacker-code", state: `attacker-state-${crypto.randomUUID()}`, propertyUrl: `sc-domain:${c.domain}` })],
  ["DELETE gsc", () => deleteGsc(c)],
  ["POST engineB", () => postEngineB(c, { apiKey: ATTACKER_KEY })],
  ["DELETE engineB", () => deleteEngineB(c)],
] as const;
const everyRoute = (c: Caller): readonly Call[] => [["GET connections", () => getConnections(c)], ...writes(c)];

async function snapshot() {
  const p = await secretsOf(victim.projectId);
  return {
    key: p.engineBApiKeyEnc, at: p.engineBConnectedAt, gsc: p.gscConnectedAt, states: await db.oAuthState.count({ where: { projectId: victim.projectId } }),
    audit: await db.auditLog.count({ where: { targetId: victim.projectId } }),
  };
}

async function expectEverywhere(c: Caller, status: number, code: string, routes: readonly Call[] = everyRoute(c)) {
  const before = await snapshot();
  for (const [name, run] of routes) {
    const { res, body } = await run();
    expect(res.status, name).toBe(status);
    expect(body.code, name).toBe(code);
    expect(JSON.stringify(body), name).not.toContain(victim.domain);
  }
  expect(await snapshot()).toEqual(before);
}

describe("connections: tenant isolation", () => {
  it("another organization's session gets 404 with A's ids, under either organization in the path, and nothing changes", async () => {
    await expectEverywhere({ ...victim, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
    await expectEverywhere({ ...victim, organizationId: mallory.organizationId, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
  });

  it("another organization's API key gets 404", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    await expectEverywhere({ ...victim, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
    await expectEverywhere({ ...victim, organizationId: mallory.organizationId, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
  });

  it("unknown, malformed and deleted projects answer 404; no credentials 401", async () => {
    await expectEverywhere({ ...victim, projectId: crypto.randomUUID() }, 404, "NOT_FOUND");
    await expectEverywhere({ ...victim, projectId: "not-a-uuid" }, 404, "NOT_FOUND");
    await expectEverywhere({ ...victim, headers: {} }, 401, "UNAUTHORIZED");
    const gone = await projectOf(alice, "gone");
    await db.project.update({ where: { id: gone.projectId }, data: { deletedAt: new Date(), liveDomain: null } });
    for (const [name, run] of everyRoute(gone)) expect((await run()).res.status, name).toBe(404);
  });

  it("a state issued for another organization's project is refused as other_project", async () => {
    const own = await projectOf(mallory, "own");
    const { body } = await getOAuthUrl(victim);
    const r = await postCallback(own, { code: "4/x", state: body.data.state, propertyUrl: `sc-domain:${own.domain}` });
    expect(r.res.status).toBe(400);
    expect(r.body).toMatchObject({ code: "OAUTH_STATE_INVALID", meta: { reason: "other_project" } });
  });
});

describe("connections: scopes", () => {
  it("a read key (R) reads the connections but every write route is 403", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const c = { ...victim, headers: apiKeyHeader(key) };
    const read = await getConnections(c);
    expect(read.res.status).toBe(200);
    expect(read.body.data.engineB.connected).toBe(true);
    await expectEverywhere(c, 403, "FORBIDDEN", writes(c));
  });

  it("a key without organization:read is refused everywhere; a write-only key cannot read", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "projects:write"]);
    await expectEverywhere({ ...victim, headers: apiKeyHeader(key) }, 403, "FORBIDDEN");
    const { key: writer } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    expect((await getConnections({ ...victim, headers: apiKeyHeader(writer) })).res.status).toBe(403);
  });

  it("a W key connects and disconnects; the audit rows carry the key", async () => {
    const { key, id } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    const c = { ...(await projectOf(alice, "writer")), headers: apiKeyHeader(key) };
    engineB.addKey(VICTIM_KEY, [{ Url: `https://${victim.domain}/`, IsVerified: true }, { Url: `https://${c.domain}/`, IsVerified: true }]);
    expect((await postEngineB(c, { apiKey: VICTIM_KEY })).res.status).toBe(200);
    expect((await deleteEngineB(c)).res.status).toBe(200);
    expect((await getOAuthUrl(c)).res.status).toBe(200);
    expect((await deleteGsc(c)).res.status).toBe(200);
    const rows = await db.auditLog.findMany({ where: { targetId: c.projectId }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.action)).toEqual(["project_engineb_connected", "project_engineb_disconnected"]);
    expect(rows.every((r) => r.apiKeyId === id && r.userId === alice.userId)).toBe(true);
  });
});
