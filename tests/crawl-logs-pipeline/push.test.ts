// Log push with a project's ingest token: shown once, rotated, revoked; NDJSON plain or gzip; a replayed
// batch counts once; another project's or a revoked token is a 401 envelope.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tokenRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/logs/ingest-token/route";
import * as ingestRoute from "@/app/api/ingest/logs/route";
import { db } from "@/lib/db";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { createTestTenant } from "../factories";
import { call } from "../http";
import { admit, projectFor, type Target } from "../urls/helpers";
import { IP, UA } from "./helpers";

let dns: FakeDnsServer;
let t: Target;
let other: Target;
const base = (x: Target) => `http://127.0.0.1:3000/api/user/organizations/${x.orgId}/projects/${x.projectId}/logs/ingest-token`;
const params = (x: Target) => ({ organizationId: x.orgId, id: x.projectId });
const newToken = (x: Target, headers = x.headers) => call(tokenRoute.POST, { method: "POST", url: base(x), headers, params: params(x) });
const revoke = (x: Target) => call(tokenRoute.DELETE, { method: "DELETE", url: base(x), headers: x.headers, params: params(x) });
const push = (token: string | null, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  call(ingestRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/ingest/logs", rawBody: body,
    headers: { "content-type": "application/x-ndjson", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  t = await projectFor(await createTestTenant("crawl-push"));
  other = await projectFor(await createTestTenant("crawl-push-other"));
  await admit(t, [`https://${t.domain}/a`]);
});
afterAll(async () => { await dns.close(); });

const record = (ip: string, ua: string, path = "/a", status = 200, minutesAgo = 5) =>
  JSON.stringify({ time: new Date(Date.now() - minutesAgo * 60_000).toISOString(), remote_addr: ip, request_method: "GET", host: t.domain, uri: path, status, body_bytes_sent: 512, http_user_agent: ua });
const cloudflare = (ip: string, ua: string, path = "/a") =>
  JSON.stringify({ ClientIP: ip, ClientRequestHost: t.domain, ClientRequestMethod: "GET", ClientRequestURI: path, EdgeStartTimestamp: new Date(Date.now() - 60_000).toISOString(), EdgeResponseStatus: 200, EdgeResponseBytes: 900, ClientRequestUserAgent: ua });
const hits = async () => (await db.trackedUrl.findFirstOrThrow({ where: { projectId: t.projectId } })).crawlerHits30d ?? 0;

describe("log push", () => {
  it("shows the token once, counts a batch once however often it is replayed, and reads gzip", async () => {
    const { res, body } = await newToken(t);
    expect(res.status).toBe(201);
    const token: string = body.data.token;
    expect(token).toMatch(/^iwlog_/);
    const stored = await db.logIngestToken.findUniqueOrThrow({ where: { projectId: t.projectId } });
    expect(stored.tokenHash).not.toContain(token.slice(6));

    const batch = [record(IP.googlebot, UA.googlebot), record(IP.spoofed, UA.googlebot), record(IP.browser, UA.browser), "{not json", ""].join("\n");
    const first = await push(token, batch, { "idempotency-key": "batch-1" });
    expect(first.res.status).toBe(200);
    expect(first.body.data).toMatchObject({ accepted: 3, rejected: 1, replayed: false, rejectSamples: [{ line: 4, reason: "malformed" }] });
    expect(await hits()).toBe(1);
    const again = await push(token, batch, { "idempotency-key": "batch-1" });
    expect(again.body.data).toMatchObject({ accepted: 3, rejected: 1, replayed: true });
    expect(await hits()).toBe(1);

    // Without a key the body's hash is the key: the same bytes again count nothing, gzip or not.
    const gz = gzipSync(record(IP.googlebot, UA.googlebot, "/a", 200, 7));
    expect((await push(token, gz, { "content-encoding": "gzip" })).body.data).toMatchObject({ accepted: 1, replayed: false });
    expect((await push(token, gz)).body.data).toMatchObject({ accepted: 1, replayed: true });
    expect(await hits()).toBe(2);

    const cf = await push(token, [cloudflare(IP.googlebot, UA.googlebot), cloudflare(IP.bingbot, UA.bingbot)].join("\n"));
    expect(cf.body.data).toMatchObject({ accepted: 2, rejected: 0, replayed: false });
    expect(await hits()).toBe(4);
    // The spoofed address is checked by reverse DNS after the push answered (the job).
    await whenInProcessIdle();
    const day = await db.crawlProjectDay.findMany({ where: { projectId: t.projectId, family: "googlebot" } });
    expect(day.reduce((n, d) => n + d.unverifiedHits, 0)).toBe(1);
  });

  it("answers 401 for a revoked, rotated, unknown or missing token, and another project's token counts only there", async () => {
    const old = (await newToken(t)).body.data.token;
    const current = (await newToken(t)).body.data.token;
    const rotated = await push(old, record(IP.googlebot, UA.googlebot));
    expect(rotated.res.status).toBe(401);
    expect(rotated.body).toMatchObject({ success: false, status: 401, code: "UNAUTHORIZED" });
    expect((await push(null, record(IP.googlebot, UA.googlebot))).res.status).toBe(401);
    expect((await push("iwlog_nope", record(IP.googlebot, UA.googlebot))).res.status).toBe(401);

    // The other project's token: its records name our host, which is not the other project's: counted there as another host, never here.
    const foreign = (await newToken(other)).body.data.token;
    const before = await hits();
    expect((await push(foreign, record(IP.googlebot, UA.googlebot, "/a", 200, 9))).res.status).toBe(200);
    expect(await hits()).toBe(before);
    expect(await db.crawlUrlDay.count({ where: { projectId: other.projectId } })).toBe(0);

    expect((await revoke(t)).body.data).toEqual({ revoked: true });
    expect((await push(current, record(IP.googlebot, UA.googlebot))).res.status).toBe(401);
    expect((await revoke(t)).body.data).toEqual({ revoked: false });
    expect((await newToken(t, other.headers)).res.status).toBe(404);
  });

  it("refuses bodies it cannot read with the envelope", async () => {
    const token = (await newToken(t)).body.data.token;
    const gz = gzipSync(record(IP.googlebot, UA.googlebot));
    const cut = await push(token, gz.subarray(0, gz.byteLength - 8));
    expect(cut.res.status).toBe(400);
    expect(cut.body.code).toBe("VALIDATION_ERROR");
    const bomb = await push(token, gzipSync(Buffer.alloc(100 * 1024 * 1024, 0x20)));
    expect(bomb.res.status).toBe(413);
    expect((await push(token, "x", { "idempotency-key": "bad key with spaces" })).res.status).toBe(400);
    expect((await push(token, "x", { "content-encoding": "br" })).res.status).toBe(415);
  });
});
