import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { KEY_FAILURES } from "@/lib/verification/messages";
import { apiKeyHeader, bearer } from "../http";
import { createTestApiKey } from "../factories";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import {
  auditOf, createTenant, getVerification, postDnsToken, postIndexNowKey, postVerifyDns, postVerifyKey, projectOf, projectRow,
  type Target, type Tenant,
} from "./helpers";

// The routes use the resolver and the safe fetcher configured from the environment: DNS_SERVERS points at
// a real local DNS server, which also answers the A lookups of the key-file fetch.
let dns: FakeDnsServer;
let alice: Tenant;
let mallory: Tenant;
let victim: Target;

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  [alice, mallory] = await Promise.all([createTenant("verify-alice"), createTenant("verify-mallory")]);
  victim = await projectOf(alice, "victim");
  const token = (await postDnsToken(victim)).body.data.dnsVerificationToken;
  await postIndexNowKey(victim, { key: "victim-key-0001" });
  dns.set(`_service.${victim.domain}`, { TXT: [`service-site-verification=${token}`] });
  // The key file is never reachable: the domain points at a private address.
  dns.set(victim.domain, { A: ["10.0.0.8"] });
});
afterAll(() => dns.close());

type Caller = Pick<Target, "organizationId" | "projectId" | "headers" | "domain">;
const everyRoute = (c: Caller) => [
  ["GET verification", () => getVerification(c as Target)],
  ["POST dns-token", () => postDnsToken(c as Target)],
  ["POST verify-dns", () => postVerifyDns(c as Target)],
  ["POST indexnow-key", () => postIndexNowKey(c as Target, { key: "attacker-key-0001" })],
  ["POST verify-key", () => postVerifyKey(c as Target)],
] as const;

async function snapshot() {
  const p = await projectRow(victim.projectId);
  return { token: p.dnsVerificationToken, key: p.indexNowKey, dnsAt: p.dnsVerifiedAt, keyAt: p.indexNowKeyVerifiedAt, audit: (await auditOf(victim.projectId)).length };
}

async function expectEverywhere(c: Caller, status: number, code: string) {
  const before = await snapshot();
  for (const [name, run] of everyRoute(c)) {
    const { res, body } = await run();
    expect(res.status, name).toBe(status);
    expect(body.code, name).toBe(code);
  }
  expect(await snapshot()).toEqual(before);
}

describe("verification: tenant isolation", () => {
  it("organization B's session gets 404 with organization A's ids, and nothing changes", async () => {
    await expectEverywhere({ ...victim, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
  });

  it("organization B's session gets 404 for A's project under B's own organization", async () => {
    await expectEverywhere({ ...victim, organizationId: mallory.organizationId, headers: bearer(mallory.sessionToken) }, 404, "NOT_FOUND");
  });

  it("organization B's API key gets 404 with A's ids, either organization in the path", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    await expectEverywhere({ ...victim, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
    await expectEverywhere({ ...victim, organizationId: mallory.organizationId, headers: apiKeyHeader(key) }, 404, "NOT_FOUND");
  });

  it("unknown, malformed and deleted project ids answer 404; no credentials 401", async () => {
    await expectEverywhere({ ...victim, projectId: crypto.randomUUID() }, 404, "NOT_FOUND");
    await expectEverywhere({ ...victim, projectId: "not-a-uuid" }, 404, "NOT_FOUND");
    await expectEverywhere({ ...victim, headers: {} }, 401, "UNAUTHORIZED");
    const gone = await projectOf(alice, "gone");
    await db.project.update({ where: { id: gone.projectId }, data: { deletedAt: new Date(), liveDomain: null } });
    for (const [name, run] of everyRoute(gone)) expect((await run()).res.status, name).toBe(404);
  });
});

describe("verification: scopes", () => {
  it("a projects:read key reads the state but every POST is 403", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const c = { ...victim, headers: apiKeyHeader(key) };
    const before = await snapshot();
    const [[, get], ...posts] = everyRoute(c);
    expect((await get()).res.status).toBe(200);
    for (const [name, run] of posts) {
      const { res, body } = await run();
      expect(res.status, name).toBe(403);
      expect(body.code, name).toBe("FORBIDDEN");
    }
    expect(await snapshot()).toEqual(before);
  });

  it("a key without organization:read is refused everywhere (403)", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "projects:write"]);
    await expectEverywhere({ ...victim, headers: apiKeyHeader(key) }, 403, "FORBIDDEN");
  });

  it("a projects:write key runs every POST (audited with the key) but cannot GET", async () => {
    const { key, id: apiKeyId } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    const c = { ...(await projectOf(alice, "writer")), headers: apiKeyHeader(key) };
    expect((await getVerification(c)).res.status).toBe(403);

    const token = (await postDnsToken(c)).body.data.dnsVerificationToken;
    dns.set(`_service.${c.domain}`, { TXT: [`service-site-verification=${token}`] });
    const dnsResult = await postVerifyDns(c);
    expect(dnsResult.res.status).toBe(200);
    expect(dnsResult.body.data).toMatchObject({ verified: true, error: null, verification: { verified: true } });

    const keyResult = await postIndexNowKey(c, { key: "writer-key-0001" });
    expect(keyResult.res.status).toBe(200);
    dns.set(c.domain, { A: ["192.168.1.1"] });
    const verifyResult = await postVerifyKey(c);
    expect(verifyResult.res.status).toBe(200);
    expect(verifyResult.body.data).toMatchObject({ verified: false, error: KEY_FAILURES.blocked, verification: { indexNowKeyVerifiedAt: null, verified: true } });

    const rows = await db.auditLog.findMany({ where: { targetId: c.projectId }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => r.action)).toEqual([
      "project_dns_token_rotated", "project_dns_verified", "project_indexnow_key_set", "project_indexnow_key_verification_failed",
    ]);
    expect(rows.every((r) => r.apiKeyId === apiKeyId && r.userId === alice.userId && r.organizationId === alice.organizationId)).toBe(true);
  });

  it("the owner's session reads the state after verifying through the routes", async () => {
    const { res, body } = await postVerifyDns(victim);
    expect(res.status).toBe(200);
    expect(body.data.verified).toBe(true);
    const state = await getVerification(victim);
    expect(state.body.data).toMatchObject({ verified: true, indexNowKey: "victim-key-0001", indexNowKeySource: "provided" });
    const blocked = await postVerifyKey(victim);
    expect(blocked.body.data).toMatchObject({ verified: false, error: KEY_FAILURES.blocked });
  });
});
