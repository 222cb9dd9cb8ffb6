// Log upload hardening (issue 32, item 7): concurrent uploads per organization (429), the organization's spool quota
// (413, stored and streaming bytes), and the same file uploaded twice to a project (409, counted once).
import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as logsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/logs/route";
import { spoolDir } from "@/lib/crawl-logs/config";
import { db } from "@/lib/db";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { createTestTenant } from "../factories";
import { admit, projectFor, type Target } from "../urls/helpers";
import { combined, getImport, IP, UA, upload } from "./helpers";

let dns: FakeDnsServer;
let t: Target;
let sibling: Target; // another project of t's organization
let other: Target; // another organization's
const ENV = ["LOG_UPLOADS_CONCURRENT_PER_ORG", "LOG_SPOOL_QUOTA_BYTES_PER_ORG"];

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  const owner = await createTestTenant("upload-limits");
  t = await projectFor(owner);
  sibling = await projectFor(owner);
  other = await projectFor(await createTestTenant("upload-limits-other"));
  await admit(t, [`https://${t.domain}/a`]);
});
afterEach(() => { for (const k of ENV) delete process.env[k]; });
afterAll(async () => { await whenInProcessIdle(); await dns.close(); });

const enc = new TextEncoder();
const BOUNDARY = "iwtestboundary";

/** A multipart upload whose file part arrives as the test feeds it (a slow client), with or without a declared length. */
function heldUpload(x: Target, headers: Record<string, string> = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start(c) { controller = c; } });
  controller.enqueue(enc.encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.log"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  const base = `http://127.0.0.1:3000/api/user/organizations/${x.orgId}/projects/${x.projectId}/logs`;
  const req = new Request(base, {
    method: "POST", body, duplex: "half",
    headers: { ...x.headers, "content-type": `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
  } as RequestInit);
  const answer = logsRoute.POST(req, { params: Promise.resolve({ organizationId: x.orgId, id: x.projectId }) })
    .then(async (res) => ({ res, body: JSON.parse(await res.text()) }));
  return {
    answer,
    send: (bytes: Uint8Array | string) => { try { controller.enqueue(typeof bytes === "string" ? enc.encode(bytes) : bytes); } catch { /* the server stopped reading */ } },
    end: () => { try { controller.enqueue(enc.encode(`\r\n--${BOUNDARY}--\r\n`)); controller.close(); } catch { /* the server stopped reading */ } },
  };
}
const tick = (ms = 150) => new Promise((r) => setTimeout(r, ms));
const logOf = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) => combined(IP.browser, new Date(Date.now() - 3600_000), `/${tag}/${i}`, 200, UA.browser)).join("\n") + "\n";
const spooled = () => (fs.existsSync(spoolDir()) ? fs.readdirSync(spoolDir()).length : 0);

describe("uploads per organization", () => {
  it("refuses an upload beyond the organization's concurrent uploads with 429 and Retry-After; another organization is not held", async () => {
    process.env.LOG_UPLOADS_CONCURRENT_PER_ORG = "1";
    const slow = heldUpload(t);
    slow.send(logOf(10, "slow"));
    await tick();
    const second = await upload(sibling, logOf(5, "second"));
    expect(second.res.status).toBe(429);
    expect(second.body.code).toBe("RATE_LIMITED");
    expect(second.body.message).toMatch(/1 log upload in progress \(at most 1 at once\)/);
    expect(Number(second.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await upload(other, logOf(5, "other"))).res.status).toBe(201);
    slow.end();
    expect((await slow.answer).res.status).toBe(201);
    expect((await upload(sibling, logOf(5, "after"))).res.status).toBe(201);
  });

  it("refuses what would outgrow the organization's spool quota with 413, counting waiting imports and uploads in progress", async () => {
    process.env.LOG_SPOOL_QUOTA_BYTES_PER_ORG = String(1024 ** 2);
    const tenant = await createTestTenant("upload-quota");
    const q = await projectFor(tenant);
    // An import of 900 KB waiting for its job (its spool file on disk).
    const waiting = await db.logImport.create({
      data: { organizationId: q.orgId, projectId: q.projectId, fileName: "waiting.log", bytes: BigInt(900_000), spoolPath: "/nonexistent/waiting.log" },
    });
    const small = logOf(1000, "small"); // ~200 KB
    expect(small.length).toBeGreaterThan(160_000);
    const refused = await upload(q, small);
    expect(refused.res.status).toBe(413);
    expect(refused.body.code).toBe("PAYLOAD_TOO_LARGE");
    expect(refused.body.message).toMatch(/spool quota of 1 MiB/);
    expect(refused.body.meta).toMatchObject({ limitBytes: 1024 ** 2, spooledBytes: 900_000 });
    // Once that import is done with its file, the room is back.
    await db.logImport.update({ where: { id: waiting.id }, data: { status: "completed", spoolPath: null } });
    expect((await upload(q, small)).res.status).toBe(201);
    await whenInProcessIdle();

    // Two uploads streaming at once share the quota: the one that outgrows it is cut off, its part file removed.
    const before = spooled();
    const a = heldUpload(q);
    a.send(logOf(2500, "a")); // ~500 KB
    await tick();
    const b = heldUpload(q);
    b.send(logOf(1500, "b"));
    await tick();
    b.send(logOf(1500, "b2")); // past 1 MiB with a's
    const cut = await b.answer;
    expect(cut.res.status).toBe(413);
    expect(cut.body.message).toMatch(/spool quota/);
    a.end();
    expect((await a.answer).res.status).toBe(201);
    await whenInProcessIdle();
    expect(spooled()).toBe(before);

    // A declared length past the room is refused before the body is read.
    const declared = heldUpload(q, { "content-length": String(5_000_000) });
    const early = await declared.answer;
    expect(early.res.status).toBe(413);
    expect(early.body.message).toMatch(/spool quota/);
  });
});

describe("the same log uploaded twice", () => {
  it("answers 409 with the first import and counts its lines once; a failed import that counted nothing may be uploaded again", async () => {
    const log = [combined(IP.googlebot, new Date(Date.now() - 2 * 3600_000), "/a", 200, UA.googlebot), combined(IP.browser, new Date(), "/a", 200, UA.browser)].join("\n");
    const first = await upload(t, log, { fileName: "access.log" });
    expect(first.res.status).toBe(201);
    await whenInProcessIdle();
    expect((await getImport(t, first.body.data.id)).body.data.status).toBe("completed");
    const hits = async () => (await db.trackedUrl.findFirstOrThrow({ where: { projectId: t.projectId } })).crawlerHits30d;
    expect(await hits()).toBe(1);

    const again = await upload(t, log, { fileName: "access-copy.log" });
    expect(again.res.status).toBe(409);
    expect(again.body.code).toBe("LOG_ALREADY_UPLOADED");
    expect(again.body.message).toMatch(/already uploaded to the project \(access\.log/);
    expect(again.body.meta).toMatchObject({ logImportId: first.body.data.id, status: "completed" });
    await whenInProcessIdle();
    expect(await hits()).toBe(1);
    expect(await db.logImport.count({ where: { projectId: t.projectId, sha256: { not: null }, fileName: "access-copy.log" } })).toBe(0);
    // Another project of the organization may have the same file.
    expect((await upload(sibling, log)).res.status).toBe(201);

    const garbage = "not a log line at all\nnor this one\n";
    const failed = await upload(t, garbage);
    await whenInProcessIdle();
    expect((await getImport(t, failed.body.data.id)).body.data).toMatchObject({ status: "failed", linesRead: 0 });
    expect((await upload(t, garbage, { format: "ncsa_combined" })).res.status).toBe(201);
  });
});
