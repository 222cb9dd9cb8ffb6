// Bad files and interruptions: a resumed or doubled run counts no line twice; truncated gzip, zip bombs,
// 1 MB lines, NUL bytes, invalid UTF-8 and a wrong format are clear errors or counted rejections; tenancy.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processLogImportFn } from "@/inngest/functions/crawl-logs/process-log-import";
import { db } from "@/lib/db";
import { logImportRequested } from "@/lib/events/catalogue";
import { spoolDir } from "@/lib/crawl-logs/config";
import { processLogImportSlice } from "@/lib/crawl-logs/store/process-log-import";
import { resumeLogImports } from "@/lib/crawl-logs/store/resume-log-imports";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import { startFakeDns, type FakeDnsServer } from "../fakes/dns-server";
import { createTestTenant } from "../factories";
import { runUnderInngest } from "../inngest-engine";
import { admit, projectFor, type Target } from "../urls/helpers";
import { combined, getImport, IP, UA, upload, uploadAndWait } from "./helpers";

let dns: FakeDnsServer;
let t: Target;
const NOW = Date.now();
const ago = (minutes: number) => new Date(Math.floor((NOW - minutes * 60_000) / 1000) * 1000);

beforeAll(async () => {
  dns = await startFakeDns();
  process.env.DNS_SERVERS = dns.server;
  t = await projectFor(await createTestTenant("crawl-faults"));
  await admit(t, Array.from({ length: 10 }, (_, i) => `https://${t.domain}/p${i}`));
});
afterAll(async () => { await dns.close(); });

/** 40 lines: 30 verified Googlebot fetches over 10 URLs, 10 spoofed. */
const fortyLines = () => Array.from({ length: 40 }, (_, i) =>
  combined(i % 4 === 3 ? IP.spoofed : IP.googlebot, ago(40 - i), `/p${i % 10}`, 200, UA.googlebot)).join("\n") + "\n";

async function spooledImport(content: Buffer | string, gzip: boolean) {
  await mkdir(spoolDir(), { recursive: true });
  const spoolPath = path.join(spoolDir(), `${randomUUID()}.log`);
  await writeFile(spoolPath, content);
  return db.logImport.create({
    data: { organizationId: t.orgId, projectId: t.projectId, fileName: "x.log", bytes: BigInt(Buffer.byteLength(content)), gzip, spoolPath, status: "queued" },
  });
}

const googlebotHits = async () => (await db.crawlUrlDay.aggregate({ where: { projectId: t.projectId, family: "googlebot" }, _sum: { hits: true } }))._sum.hits ?? 0;
const projectDays = async () => (await db.crawlProjectDay.aggregate({ where: { projectId: t.projectId, family: "googlebot" }, _sum: { verifiedHits: true, unverifiedHits: true } }))._sum;
const urlHits = async () => (await db.trackedUrl.aggregate({ where: { projectId: t.projectId }, _sum: { crawlerHits30d: true } }))._sum.crawlerHits30d ?? 0;

describe("resuming a log import", () => {
  for (const gzip of [false, true]) {
    it(`continues after the last committed chunk without counting a line twice (${gzip ? "gzip" : "plain"})`, async () => {
      const before = { hits: await googlebotHits(), days: await projectDays(), urls: await urlHits() };
      const content = gzip ? gzipSync(fortyLines()) : fortyLines();
      const imp = await spooledImport(content, gzip);
      // The first run stops after its first chunks, as a process that was stopped would (uncommitted work is lost).
      const first = await processLogImportSlice(imp.id, { chunkLines: 7, stopAfterChunks: 1 });
      expect(first.status).toBe("running");
      const mid = await db.logImport.findUniqueOrThrow({ where: { id: imp.id } });
      expect(mid.linesRead % 7).toBe(0);
      expect(mid.linesRead).toBeGreaterThan(0);
      expect(mid.linesRead).toBeLessThan(40);
      if (!gzip) expect(Number(mid.byteOffset)).toBe(Buffer.byteLength(fortyLines().split("\n").slice(0, mid.linesRead).join("\n")) + 1);
      // Two runs race for the rest (a resumed job and a retried step): each chunk commits once.
      const [x, y] = await Promise.all([processLogImportSlice(imp.id, { chunkLines: 7 }), processLogImportSlice(imp.id, { chunkLines: 7 })]);
      expect([x.status, y.status]).toContain("completed");
      const done = await db.logImport.findUniqueOrThrow({ where: { id: imp.id } });
      expect(done).toMatchObject({ status: "completed", linesRead: 40, linesParsed: 40, verifiedHits: 30, unverifiedHits: 10, spoolPath: null });
      expect(await googlebotHits()).toBe(before.hits + 30);
      expect(await projectDays()).toEqual({ verifiedHits: (before.days.verifiedHits ?? 0) + 30, unverifiedHits: (before.days.unverifiedHits ?? 0) + 10 });
      expect(await urlHits()).toBe(before.urls + 30);
    });
  }

  it("runs under Inngest (step results through JSON): the slices process the whole file, each line once", async () => {
    const before = await googlebotHits();
    const imp = await spooledImport(fortyLines(), false);
    const { result, error, steps } = await runUnderInngest(processLogImportFn, {
      events: [{ name: logImportRequested.name, data: { organizationId: t.orgId, projectId: t.projectId, logImportId: imp.id } }],
    });
    expect(error).toBeUndefined();
    expect(steps[0]).toBe("process-slice-0");
    expect(result).toMatchObject({ logImportId: imp.id, status: "completed" });
    expect(await db.logImport.findUniqueOrThrow({ where: { id: imp.id } })).toMatchObject({ status: "completed", linesRead: 40, verifiedHits: 30, unverifiedHits: 10 });
    expect(await googlebotHits()).toBe(before + 30);
  });

  it("queues imports left running at start (in-process mode) and finishes them", async () => {
    const imp = await spooledImport(fortyLines(), false);
    await processLogImportSlice(imp.id, { chunkLines: 7, stopAfterChunks: 1 });
    const { resumed } = await resumeLogImports();
    expect(resumed).toContain(imp.id);
    await whenInProcessIdle();
    expect(await db.logImport.findUniqueOrThrow({ where: { id: imp.id } })).toMatchObject({ status: "completed", linesRead: 40, verifiedHits: 30 });
  });
});

describe("bad files", () => {
  it("keeps the lines before a gzip file's cut and fails with a clear error", async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => combined(IP.browser, ago(10), `/p${i % 10}?n=${i}-${Math.random()}`, 200, UA.browser)).join("\n");
    const gz = gzipSync(lines);
    const imp = await uploadAndWait(t, gz.subarray(0, Math.floor(gz.byteLength * 0.6)), { fileName: "cut.log.gz" });
    expect(imp.status).toBe("failed");
    expect(imp.error).toMatch(/truncated/);
    expect(imp.linesRead).toBeGreaterThan(1000);
    expect(imp.linesRead).toBeLessThan(5000);
  });

  it("refuses a zip bomb", async () => {
    const bomb = gzipSync(Buffer.alloc(80 * 1024 * 1024, 0x41));
    expect(bomb.byteLength).toBeLessThan(200_000);
    const imp = await uploadAndWait(t, bomb, { fileName: "bomb.gz" });
    expect(imp).toMatchObject({ status: "failed", linesParsed: 0 });
    expect(imp.error).toMatch(/zip bomb/);
  });

  it("rejects 1 MB lines and NUL bytes, reads invalid UTF-8, and counts the rest", async () => {
    const good = combined(IP.googlebot, ago(5), "/p1", 200, UA.googlebot);
    const content = Buffer.concat([
      Buffer.from(`${good}\n${"x".repeat(2 * 1024 * 1024)}\n${good.replace("/p1", "/p1\u0000")}\n`),
      Buffer.from(combined(IP.googlebot, ago(4), "/p2", 200, "Googlebot/2.1 \xff\xfe (+http://www.google.com/bot.html)"), "latin1"),
      Buffer.from(`\n${good}\n`),
    ]);
    const imp = await uploadAndWait(t, content);
    expect(imp).toMatchObject({ status: "completed", linesRead: 5, rejected: 2 });
    expect(imp.rejectSamples).toEqual([{ line: 2, reason: "line_too_long" }, { line: 3, reason: "nul_byte" }]);
    expect(imp.linesParsed).toBe(3);
  });

  it("counts every line as rejected when the wrong format is chosen", async () => {
    const imp = await uploadAndWait(t, fortyLines(), { format: "w3c" });
    expect(imp).toMatchObject({ status: "completed", format: "w3c", linesRead: 40, linesParsed: 0, rejected: 40, verifiedHits: 0 });
    expect(imp.rejectSamples).toHaveLength(20);
  });

  it("fails a file whose format cannot be recognised", async () => {
    const imp = await uploadAndWait(t, "hello\nworld\n");
    expect(imp).toMatchObject({ status: "failed", format: null });
    expect(imp.error).toMatch(/format was not recognised/);
  });
});

describe("a file of many distinct URLs", () => {
  it("keeps at most the cap of untracked URLs, the most fetched first, and counts every hit in the day totals", async () => {
    const p = await projectFor(await createTestTenant("crawl-faults-distinct"));
    process.env.LOG_UNTRACKED_CAP = "500";
    process.env.LOG_CHUNK_LINES = "1000";
    try {
      // 3,000 distinct URLs nobody tracks, all fetched by verified Googlebot; the first 100 three times (all in the first chunk).
      const heavy = Array.from({ length: 300 }, (_, i) => combined(IP.googlebot, ago(30), `/heavy-${i % 100}`, 200, UA.googlebot));
      const light = Array.from({ length: 2900 }, (_, i) => combined(IP.googlebot, ago(20), `/light-${i}?session=${i}`, 200, UA.googlebot));
      const imp = await uploadAndWait(p, `${[...heavy, ...light].join("\n")}\n`);
      expect(imp).toMatchObject({ status: "completed", linesRead: 3200, verifiedHits: 3200, rejected: 0 });
      expect(await db.crawlUntrackedUrl.count({ where: { projectId: p.projectId } })).toBe(500);
      expect(await db.crawlUntrackedUrl.count({ where: { projectId: p.projectId, url: { contains: "/heavy-" }, verifiedHits: 3 } })).toBe(100);
      const days = await db.crawlProjectDay.aggregate({ where: { projectId: p.projectId }, _sum: { verifiedHits: true, untrackedHits: true } });
      expect(days._sum).toEqual({ verifiedHits: 3200, untrackedHits: 3200 });
    } finally {
      delete process.env.LOG_UNTRACKED_CAP;
      delete process.env.LOG_CHUNK_LINES;
    }
  });
});

describe("tenancy", () => {
  it("answers 404 for another organization's project and import", async () => {
    const other = await projectFor(await createTestTenant("crawl-faults-other"));
    const up = await upload({ ...t, headers: other.headers }, fortyLines());
    expect(up.res.status).toBe(404);
    expect(up.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    // Another file than the ones uploaded above (the same file again would answer 409 LOG_ALREADY_UPLOADED).
    const mine = await upload(t, fortyLines().replaceAll(" /p", " /q"));
    expect(mine.res.status).toBe(201);
    expect((await getImport({ ...t, headers: other.headers }, mine.body.data.id)).res.status).toBe(404);
    expect((await getImport({ ...other, projectId: other.projectId }, mine.body.data.id)).res.status).toBe(404);
    await whenInProcessIdle();
  });
});
