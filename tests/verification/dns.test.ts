import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResolver, type HostResolver } from "@/lib/net/resolver";
import { rotateDnsToken, verifyDns } from "@/lib/verification";
import { DNS_FAILURES } from "@/lib/verification/messages";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import {
  auditOf, createTenant, getVerification, postDnsToken, postVerifyDns, projectOf, projectRow, VERIFICATION_KEYS, type Target, type Tenant,
} from "./helpers";

// The routes resolve through the resolver configured by DNS_SERVERS, pointed here at a real local DNS server.
let dns: FakeDnsServer;
let alice: Tenant;

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  alice = await createTenant("verify-dns");
});
afterAll(() => dns.close());

const recordName = (t: Target) => `_service.${t.domain}`;

/** A project with a DNS token; returns the expected TXT value. */
async function withToken(tag = "dns") {
  const t = await projectOf(alice, tag);
  const { body } = await postDnsToken(t);
  return { t, token: body.data.dnsVerificationToken as string, value: body.data.dnsRecordValue as string };
}

async function expectFailure(t: Target, error: string) {
  const { res, body } = await postVerifyDns(t);
  expect(res.status).toBe(200);
  expect(body.data.verified).toBe(false);
  expect(body.data.error).toBe(error);
  expect(body.data.verification.dnsVerifiedAt).toBeNull();
  expect((await projectRow(t.projectId)).dnsVerifiedAt).toBeNull();
  return body.data;
}

describe("GET verification and POST dns-token", () => {
  it("shows the record to publish, null value before a token, and every ProjectVerification field", async () => {
    const t = await projectOf(alice);
    const { res, body } = await getVerification(t);
    expect(res.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(VERIFICATION_KEYS);
    expect(body.data).toEqual({
      projectId: t.projectId, domain: t.domain, verified: false, dnsRecordName: `_service.${t.domain}`, dnsRecordValue: null,
      dnsVerificationToken: null, dnsVerifiedAt: null, indexNowKey: null, indexNowKeySource: null, indexNowKeyFileUrl: null,
      indexNowKeyVerifiedAt: null, gscConnectedAt: null, engineBConnectedAt: null,
    });
  });

  it("makes a new 64-hex token on every call, clears dnsVerifiedAt and audits each rotation", async () => {
    const { t, token, value } = await withToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(value).toBe(`service-site-verification=${token}`);
    dns.set(recordName(t), { TXT: [value] });
    expect((await postVerifyDns(t)).body.data.verified).toBe(true);
    expect((await getVerification(t)).body.data).toMatchObject({ verified: true, dnsVerificationToken: token });

    const second = await postDnsToken(t);
    expect(second.res.status).toBe(200);
    const next = second.body.data.dnsVerificationToken as string;
    expect(next).toMatch(/^[0-9a-f]{64}$/);
    expect(next).not.toBe(token);
    expect(second.body.data).toMatchObject({ verified: false, dnsVerifiedAt: null, dnsRecordValue: `service-site-verification=${next}` });
    const third = await postDnsToken(t);
    expect(new Set([token, next, third.body.data.dnsVerificationToken]).size).toBe(3);
    const row = await projectRow(t.projectId);
    expect(row.dnsVerificationToken).toBe(third.body.data.dnsVerificationToken);
    expect(row.dnsVerifiedAt).toBeNull();

    const audit = await auditOf(t.projectId);
    expect(audit.map((a) => a.action)).toEqual(["project.dns_token_rotated", "project.dns_verified", "project.dns_token_rotated", "project.dns_token_rotated"]);
    expect(audit[2].metadata).toMatchObject({ recordName: recordName(t), wasVerified: true });
  });
});

describe("POST verify-dns", () => {
  it("verifies an exact record: sets dnsVerifiedAt, answers ProjectVerifyResult, audits project.dns_verified", async () => {
    const { t, value } = await withToken();
    dns.set(recordName(t), { TXT: [value] });
    const before = Date.now();
    const { res, body } = await postVerifyDns(t);
    expect(res.status).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(["error", "verification", "verified"]);
    expect(body.data.verified).toBe(true);
    expect(body.data.error).toBeNull();
    expect(body.data.verification).toMatchObject({ verified: true, dnsRecordValue: value });
    const at = Date.parse(body.data.verification.dnsVerifiedAt);
    expect(at).toBeGreaterThanOrEqual(before - 5);
    expect((await projectRow(t.projectId)).dnsVerifiedAt?.getTime()).toBe(at);
    expect(dns.queriesFor(recordName(t), "TXT").length).toBeGreaterThanOrEqual(1);
    const last = (await auditOf(t.projectId)).at(-1)!;
    expect(last).toEqual({ action: "project.dns_verified", success: true, metadata: { recordName: recordName(t) } });
  });

  it("trims spaces around the value", async () => {
    const { t, value } = await withToken();
    dns.set(recordName(t), { TXT: [`   ${value}  \t`] });
    expect((await postVerifyDns(t)).body.data).toMatchObject({ verified: true, error: null });
  });

  it("joins the character-strings of one record", async () => {
    const { t, value } = await withToken();
    dns.set(recordName(t), { TXT: [[value.slice(0, 10), value.slice(10, 40), value.slice(40)]] });
    expect((await postVerifyDns(t)).body.data).toMatchObject({ verified: true, error: null });
  });

  it("finds the value among several TXT records", async () => {
    const { t, value } = await withToken();
    dns.set(recordName(t), { TXT: ["v=spf1 -all", `service-site-verification=${"0".repeat(64)}`, value, "other"] });
    expect((await postVerifyDns(t)).body.data).toMatchObject({ verified: true, error: null });
  });

  it("refuses a wrong value, a value in another case, a value split across records and a partial match", async () => {
    const { t, token, value } = await withToken();
    const wrong = [
      [`service-site-verification=${"a".repeat(64)}`],
      [value.toUpperCase().replace("SERVICE-SITE-VERIFICATION", "service-site-verification")],
      [value.slice(0, 30), value.slice(30)],
      [`${value}x`],
      [token],
      [`"${value}"`],
    ];
    for (const TXT of wrong) {
      dns.set(recordName(t), { TXT });
      await expectFailure(t, DNS_FAILURES.wrong_value);
    }
    const last = (await auditOf(t.projectId)).at(-1)!;
    expect(last).toEqual({ action: "project.dns_verification_failed", success: false, metadata: { recordName: recordName(t), reason: "wrong_value" } });
  });

  it("tells NXDOMAIN from a name without TXT records, and SERVFAIL from a timeout", async () => {
    const { t } = await withToken();
    await expectFailure(t, DNS_FAILURES.nxdomain);
    dns.set(recordName(t), { A: ["93.184.216.34"] });
    await expectFailure(t, DNS_FAILURES.no_record);
    dns.set(recordName(t), { TXT: [] });
    await expectFailure(t, DNS_FAILURES.no_record);
    dns.set(recordName(t), { rcode: "SERVFAIL" });
    const servfail = await expectFailure(t, DNS_FAILURES.servfail);
    expect(servfail.verification.verified).toBe(false);
    expect((await auditOf(t.projectId)).at(-1)!.metadata).toMatchObject({ reason: "servfail", dnsCode: "ESERVFAIL" });

    dns.set(recordName(t), { drop: true });
    const quick: HostResolver = createResolver({ servers: [dns.server], timeoutMs: 200, tries: 1 });
    const result = await verifyDns(alice.ctx, t.projectId, { resolver: quick });
    expect(result).toMatchObject({ verified: false, error: DNS_FAILURES.timeout });
    expect(new Set(Object.values(DNS_FAILURES)).size).toBe(Object.keys(DNS_FAILURES).length);
  });

  it("caches no answer: a record added after a failed attempt verifies at once, and a changed record is read again", async () => {
    const { t, value } = await withToken();
    await expectFailure(t, DNS_FAILURES.nxdomain);
    dns.set(recordName(t), { TXT: ["unrelated"], ttl: 3600 });
    await expectFailure(t, DNS_FAILURES.wrong_value);
    dns.set(recordName(t), { TXT: [value], ttl: 3600 });
    expect((await postVerifyDns(t)).body.data.verified).toBe(true);
    // A new token: the long-TTL answer holding the old value must not be reused.
    const next = (await postDnsToken(t)).body.data.dnsRecordValue as string;
    await expectFailure(t, DNS_FAILURES.wrong_value);
    dns.set(recordName(t), { TXT: [next], ttl: 3600 });
    expect((await postVerifyDns(t)).body.data.verified).toBe(true);
    expect(dns.queriesFor(recordName(t), "TXT").length).toBeGreaterThanOrEqual(5);
  });

  it("keeps an earlier proof when a later check fails", async () => {
    const { t, value } = await withToken();
    dns.set(recordName(t), { TXT: [value] });
    const first = (await postVerifyDns(t)).body.data.verification.dnsVerifiedAt;
    dns.delete(recordName(t));
    const { body } = await postVerifyDns(t);
    expect(body.data).toMatchObject({ verified: false, error: DNS_FAILURES.nxdomain });
    expect(body.data.verification).toMatchObject({ verified: true, dnsVerifiedAt: first });
  });

  it("does not verify a token that was rotated while its record was being looked up", async () => {
    const { t, value } = await withToken();
    dns.set(recordName(t), { TXT: [value] });
    const real = createResolver({ servers: [dns.server], timeoutMs: 500, tries: 1 });
    const rotatingMidway: HostResolver = {
      ...real,
      async lookupTxt(name) {
        const answer = await real.lookupTxt(name);
        await rotateDnsToken(alice.ctx, t.projectId);
        return answer;
      },
    };
    const result = await verifyDns(alice.ctx, t.projectId, { resolver: rotatingMidway });
    expect(result).toMatchObject({ verified: false, error: DNS_FAILURES.token_changed });
    expect(result.verification.dnsVerificationToken).not.toBe(value.split("=")[1]);
    expect((await projectRow(t.projectId)).dnsVerifiedAt).toBeNull();
  });

  it("answers 409 CONFLICT without a token and writes nothing", async () => {
    const t = await projectOf(alice);
    const { res, body } = await postVerifyDns(t);
    expect(res.status).toBe(409);
    expect(body).toMatchObject({ success: false, status: 409, code: "CONFLICT" });
    expect(await auditOf(t.projectId)).toEqual([]);
  });
});
