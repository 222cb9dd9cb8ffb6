import { systemCtx } from "@/lib/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, withTransaction } from "@/lib/db";
import { detectProjectIssue } from "@/lib/issues/detections";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { setIndexNowKey, verifyKey } from "@/lib/verification";
import { KEY_FAILURES } from "@/lib/verification/messages";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { startTestSite, type TestSite } from "../fakes/test-site";
import { auditOf, createTenant, postIndexNowKey, postVerifyKey, projectOf, projectRow, ZONE, type Target, type Tenant } from "./helpers";

let site: TestSite;
let dns: FakeDnsServer;
let alice: Tenant;

beforeAll(async () => {
  [site, dns, alice] = await Promise.all([startTestSite({ hostnames: [`*.${ZONE}`, ZONE] }), startFakeDns(), createTenant("verify-key")]);
});
afterAll(async () => {
  await Promise.all([site.close(), dns.close()]);
});

/** The safe fetcher as configured in production, with CONNECT_TO mapping the domain to the test site and its CA trusted. */
const siteFetcher = (domain: string): SafeFetcher => createSafeFetcher({ connectTo: site.connectTo([domain]), tlsCa: site.ca });

async function withKey(key?: string) {
  const t = await projectOf(alice, "key");
  const { body } = await postIndexNowKey(t, key === undefined ? undefined : { key });
  return { t, key: body.data.indexNowKey as string, path: `/${body.data.indexNowKey}.txt` };
}

const verify = (t: Target, fetcher: SafeFetcher = siteFetcher(t.domain)) => verifyKey(alice.ctx, t.projectId, { fetcher });

async function expectFailure(t: Target, error: string, fetcher?: SafeFetcher) {
  const result = await verify(t, fetcher);
  expect(result).toMatchObject({ verified: false, error });
  expect(result.verification.indexNowKeyVerifiedAt).toBeNull();
  expect((await projectRow(t.projectId)).indexNowKeyVerifiedAt).toBeNull();
  return result;
}

describe("POST indexnow-key", () => {
  it("generates a 64-hex key when the body, the key or its value is missing; a new one each time", async () => {
    const t = await projectOf(alice);
    const keys: string[] = [];
    for (const [json, raw] of [[undefined, undefined], [{}, undefined], [{ key: "" }, undefined], [undefined, ""]] as const) {
      const { res, body } = await postIndexNowKey(t, json, raw);
      expect(res.status).toBe(200);
      expect(body.data).toMatchObject({ indexNowKeySource: "generated", indexNowKeyVerifiedAt: null, verified: false });
      expect(body.data.indexNowKey).toMatch(/^[0-9a-f]{64}$/);
      expect(body.data.indexNowKeyFileUrl).toBe(`https://${t.domain}/${body.data.indexNowKey}.txt`);
      keys.push(body.data.indexNowKey);
    }
    expect(new Set(keys).size).toBe(4);
    expect((await projectRow(t.projectId)).indexNowKey).toBe(keys[3]);
  });

  const valid = ["abcdefgh", "ABCD-efgh-1234", "-".repeat(8), "a".repeat(128), "0123456789abcdefABCDEF-"];
  it.each(valid)("stores the provided key %s as given", async (key) => {
    const t = await projectOf(alice);
    const { res, body } = await postIndexNowKey(t, { key });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ indexNowKey: key, indexNowKeySource: "provided", indexNowKeyFileUrl: `https://${t.domain}/${key}.txt` });
  });

  const invalid: [string, unknown][] = [
    ["7 characters", { key: "abcdefg" }], ["129 characters", { key: "a".repeat(129) }], ["an underscore", { key: "abcd_efgh" }],
    ["a space", { key: "abcd efgh" }], ["a trailing space", { key: "abcdefgh " }], ["a trailing newline", { key: "abcdefgh\n" }], ["a dot", { key: "abcd.efgh" }],
    ["a slash", { key: "abcd/efgh" }], ["a non-ASCII letter", { key: "äbcdefgh" }], ["a number", { key: 12345678 }],
    ["null", { key: null }], ["an unknown field", { key: "abcdefgh", extra: 1 }], ["an array", ["abcdefgh"]],
  ];
  it.each(invalid)("answers 400 for %s and keeps the stored key", async (_name, json) => {
    const { t, key } = await withKey("keep-this-key");
    const { res, body } = await postIndexNowKey(t, json);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    expect(body.meta?.errors?.length).toBeGreaterThan(0);
    expect((await projectRow(t.projectId)).indexNowKey).toBe(key);
  });

  it("names the key field in the validation error", async () => {
    const t = await projectOf(alice);
    const { body } = await postIndexNowKey(t, { key: "short" });
    expect(body.meta?.errors?.map((e) => e.path)).toEqual(["key"]);
  });

  it("clears indexNowKeyVerifiedAt, also when the same key is stored again, and audits project.indexnow_key_set", async () => {
    const { t, key, path } = await withKey("same-key-again");
    site.route(path, { body: key, headers: { "content-type": "text/plain" } });
    expect((await verify(t)).verified).toBe(true);
    const { body } = await postIndexNowKey(t, { key });
    expect(body.data).toMatchObject({ indexNowKey: key, indexNowKeyVerifiedAt: null, verified: false });
    const audit = await auditOf(t.projectId);
    expect(audit.map((a) => a.action)).toEqual(["project.indexnow_key_set", "project.indexnow_key_verified", "project.indexnow_key_set"]);
    expect(audit[2].metadata).toEqual({ source: "provided", keyFileUrl: `https://${t.domain}/${key}.txt`, wasVerified: true });
  });
});

describe("verify-key", () => {
  it("verifies a key file whose trimmed body is the key, resolves indexnow_key_invalid and audits", async () => {
    const { t, key, path } = await withKey();
    const ref = { organizationId: alice.organizationId, projectId: t.projectId };
    await withTransaction(systemCtx("test", ref.organizationId), (ctx) => detectProjectIssue(ctx, ref.projectId, "indexnow_key_invalid", {}, new Date()));
    site.route(path, { body: `\uFEFF  ${key}\r\n\n`, headers: { "content-type": "text/plain; charset=utf-8" } });
    const before = Date.now();
    const result = await verify(t);
    expect(result).toMatchObject({ verified: true, error: null, verification: { verified: true, indexNowKey: key } });
    expect(Date.parse(result.verification.indexNowKeyVerifiedAt!)).toBeGreaterThanOrEqual(before - 5);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: t.projectId, type: "indexnow_key_invalid" } });
    expect(issue.status).toBe("resolved");
    expect(issue.resolvedAt).not.toBeNull();
    expect((await auditOf(t.projectId)).at(-1)).toEqual({
      action: "project.indexnow_key_verified", success: true, metadata: { keyFileUrl: `https://${t.domain}${path}` },
    });
    const seen = site.requests.filter((r) => r.path === path);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "GET", secure: true, servername: t.domain });
    expect(seen[0].host).toBe(t.domain);
  });

  it("accepts a gzip-encoded key file", async () => {
    const { t, key, path } = await withKey();
    site.route(path, { body: key, encoding: "gzip" });
    expect((await verify(t)).verified).toBe(true);
  });

  it("refuses a redirect without following it, even to the right content on the same host", async () => {
    const { t, key, path } = await withKey();
    site.route(path, { status: 301, redirect: `https://${t.domain}/moved${path}` });
    site.route(`/moved${path}`, { body: key });
    const result = await expectFailure(t, KEY_FAILURES.redirect);
    expect(result.verification.verified).toBe(false);
    expect(site.requests.filter((r) => r.path === `/moved${path}`)).toHaveLength(0);
    expect((await auditOf(t.projectId)).at(-1)).toMatchObject({
      action: "project.indexnow_key_verification_failed", success: false, metadata: { reason: "redirect", httpStatus: 301 },
    });
    site.route(path, { status: 302, redirect: "https://169.254.169.254/latest/meta-data/" });
    await expectFailure(t, KEY_FAILURES.redirect);
  });

  it("tells 404 from another HTTP status", async () => {
    const { t, path } = await withKey();
    await expectFailure(t, KEY_FAILURES.not_found);
    site.route(path, { status: 410, body: "gone" });
    await expectFailure(t, KEY_FAILURES.not_found);
    site.route(path, { status: 500, body: "oops" });
    await expectFailure(t, KEY_FAILURES.http_error);
    site.route(path, { status: 403, body: "forbidden" });
    await expectFailure(t, KEY_FAILURES.http_error);
    expect((await auditOf(t.projectId)).at(-1)!.metadata).toMatchObject({ reason: "http_error", httpStatus: 403 });
  });

  it("refuses a wrong body, an empty file and the key with extra text", async () => {
    const { t, key, path } = await withKey();
    for (const body of ["not-the-key", `${key}-more`, `${key}\n${key}`, key.toUpperCase() === key ? "x" : key.toUpperCase()]) {
      site.route(path, { body, headers: { "content-type": "text/plain" } });
      await expectFailure(t, KEY_FAILURES.wrong_body);
    }
    site.route(path, { body: " \n " });
    await expectFailure(t, KEY_FAILURES.empty);
  });

  it("recognizes an HTML error page served with 200, small or large, by type or by content", async () => {
    const { t, path } = await withKey();
    site.route(path, { body: "<!DOCTYPE html><html><body>Page not found</body></html>", headers: { "content-type": "text/html" } });
    await expectFailure(t, KEY_FAILURES.html_page);
    site.route(path, { body: "<html><head><title>404</title></head><body>nope</body></html>", headers: { "content-type": "text/plain" } });
    await expectFailure(t, KEY_FAILURES.html_page);
    site.route(path, { body: `<!doctype html><html><body>${"<p>filler</p>".repeat(20_000)}</body></html>`, headers: { "content-type": "text/html" } });
    await expectFailure(t, KEY_FAILURES.html_page);
  });

  it("refuses huge bodies without reading them: declared, chunked and compressed", async () => {
    const { t, path } = await withKey();
    site.route(path, { body: Buffer.alloc(5 * 1024 * 1024, "a"), headers: { "content-type": "text/plain" } });
    await expectFailure(t, KEY_FAILURES.too_large);
    site.route(path, { body: Buffer.alloc(100 * 1024, "a"), headers: { "content-type": "text/plain" }, chunked: true });
    await expectFailure(t, KEY_FAILURES.too_large);
    site.route(path, { gzipBomb: 10 * 1024 * 1024 });
    await expectFailure(t, KEY_FAILURES.too_large);

    let sent = 0;
    site.route(path, async (_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      const chunk = Buffer.alloc(64 * 1024, "b");
      while (!res.destroyed && sent < 200 * 1024 * 1024) {
        sent += chunk.length;
        if (!res.write(chunk)) await new Promise((r) => res.once("drain", r).once("close", r));
      }
      res.end();
    });
    const started = Date.now();
    await expectFailure(t, KEY_FAILURES.too_large);
    expect(Date.now() - started).toBeLessThan(3_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  it("never fetches a domain that resolves to a private or loopback address", async () => {
    const { t } = await withKey();
    const fetcher = createSafeFetcher({ dnsServers: [dns.server] });
    for (const address of ["10.1.2.3", "127.0.0.1", "169.254.169.254", "192.168.0.10"]) {
      dns.set(t.domain, { A: [address] });
      await expectFailure(t, KEY_FAILURES.blocked, fetcher);
    }
    dns.set(t.domain, { AAAA: ["::1"] });
    await expectFailure(t, KEY_FAILURES.blocked, fetcher);
    expect((await auditOf(t.projectId)).at(-1)!.metadata).toMatchObject({ reason: "blocked" });
    dns.delete(t.domain);
    await expectFailure(t, KEY_FAILURES.dns, fetcher);
    // The audit log (readable in the organization) says why in our words: never where a name points, nor a library's text.
    const details = (await auditOf(t.projectId)).map((a) => (a.metadata as { detail?: string }).detail);
    expect(details.slice(-6)).toEqual([...Array(5).fill(`${t.domain}: the name points to a private or reserved address, which is never fetched`),
      `${t.domain}: the domain name could not be found in DNS`]);
  });

  it("reports an untrusted certificate and a timeout", async () => {
    const { t, key, path } = await withKey();
    const untrusted = createSafeFetcher({ connectTo: site.connectTo([t.domain]) });
    site.route(path, { body: key });
    await expectFailure(t, KEY_FAILURES.tls, untrusted);
    site.route(path, { body: key, delayMs: 1_000 });
    const result = await verifyKey(alice.ctx, t.projectId, { fetcher: siteFetcher(t.domain), timeoutMs: 300 });
    expect(result).toMatchObject({ verified: false, error: KEY_FAILURES.timeout });
    expect(new Set(Object.values(KEY_FAILURES)).size).toBe(Object.keys(KEY_FAILURES).length);
  });

  it("keeps an earlier proof when a later check fails", async () => {
    const { t, key, path } = await withKey();
    site.route(path, { body: key });
    const first = (await verify(t)).verification.indexNowKeyVerifiedAt;
    site.route(path, { status: 404 });
    const result = await verify(t);
    expect(result).toMatchObject({ verified: false, error: KEY_FAILURES.not_found, verification: { verified: true, indexNowKeyVerifiedAt: first } });
  });

  it("does not verify a key that was replaced while its file was being fetched", async () => {
    const { t, key, path } = await withKey();
    site.route(path, async (_req, res) => {
      await setIndexNowKey(alice.ctx, t.projectId, {});
      res.writeHead(200, { "content-type": "text/plain" }).end(key);
    });
    const result = await verify(t);
    expect(result).toMatchObject({ verified: false, error: KEY_FAILURES.key_changed });
    expect(result.verification.indexNowKey).not.toBe(key);
    expect((await projectRow(t.projectId)).indexNowKeyVerifiedAt).toBeNull();
  });

  it("answers 409 CONFLICT without a key and fetches nothing", async () => {
    const t = await projectOf(alice);
    const { res, body } = await postVerifyKey(t);
    expect(res.status).toBe(409);
    expect(body).toMatchObject({ success: false, code: "CONFLICT" });
    expect(await auditOf(t.projectId)).toEqual([]);
  });
});
