// The engine checks owed after paid inspections: the priority each inspection gives them, the backlog sync
// inside the gsc quota (day and minute, our count and gsc's 429s, across DST), engine B owed
// separately, disconnection, and a drop from the index with each likely cause read from our own audits.
import { systemCtx } from "@/lib/core/context";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { syncEngineBacklogFn } from "@/inngest/functions/engine-sync/sync-engine-backlog";
import { db, Prisma, withTransaction } from "@/lib/db";
import type { AuditOutcome } from "@/lib/audit/types";
import { disconnectGsc } from "@/lib/connections/disconnect-gsc";
import { sealGscRefreshToken } from "@/lib/connections/secrets";
import { listBacklogProjects, observeEngines, syncEngineBacklog, type DropCause } from "@/lib/engine-sync";
import { propertyKey } from "@/lib/connections/quota-store";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { applyAuditOutcomes, type InspectionResult } from "@/lib/inspections/apply-audit-outcomes";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { runUnderInngest } from "../inngest-engine";
import { startFakeEngineB, type FakeEngineB } from "../fakes/engine-b-server";
import { createTestTenant, type TestTenant } from "../factories";
import { setEnvForSuite } from "../engines/helpers";
import { connectedProject, healthy, membership, ref, urlRow, type Setup } from "./helpers";

let gsc: FakeGsc;
let engineB: FakeEngineB;
let tenant: TestTenant;

beforeAll(async () => {
  [gsc, engineB, tenant] = await Promise.all([startFakeGsc(), startFakeEngineB(), createTestTenant("backlog")]);
});
afterAll(async () => { await Promise.all([gsc.close(), engineB.close()]); });
setEnvForSuite(() => ({ ...gsc.env(), ...engineB.env() }));

const connected = (paths: string[], opts: { engineB?: boolean } = {}) => connectedProject({ gsc, engineB }, tenant, paths, opts);
const inspected = (s: Setup) => gsc.requests.filter((r) => r.route === "inspect" && r.body?.siteUrl === s.property);
const indexed = { verdict: "PASS", coverageState: "Submitted and indexed" };
const owe = (ids: string[], priority: number) => db.trackedUrl.updateMany({ where: { id: { in: ids } }, data: { engineASyncPriority: priority } });

/** Writes audit outcomes as the scheduler does, owing the connected engines a check. */
function audit(s: Setup, results: InspectionResult[], now: Date, engines = { engineA: true, engineB: false }) {
  const project = { ...ref(s), automatedInspectionsEnabled: false, inspectionCadence: "weekly" as const, engines };
  return withTransaction(systemCtx("test", project.organizationId), (ctx) => applyAuditOutcomes(ctx, project, results, now));
}

/** the fake gsc and our code on one clock that a test moves (sleeping moves it too). */
function sharedClock(startIso: string) {
  let t = Date.parse(startIso);
  const now = () => new Date(t);
  gsc.setClock(now);
  return { now, set: (iso: string) => { t = Date.parse(iso); }, sleep: async (ms: number) => { t += ms; } };
}

describe("the priority an inspection gives the engine check", () => {
  it("never asked 0, check again 1, audit changed 2, last seen indexed 3, the rest 5; an owed check keeps the more urgent one, with its reason", async () => {
    const s = await connected(["/never", "/requested", "/changed", "/indexed", "/rest", "/owed"]);
    const [never, requested, changed, wasIndexed, rest, owed] = s.urls;
    const t0 = new Date(Date.now() - 3_600_000);
    // A first audit and an engine answer for all but the first.
    await audit(s, s.urls.map((u) => ({ trackedUrlId: u.id, outcome: healthy(u.url), source: "scheduled" })), t0, { engineA: false, engineB: false });
    await db.trackedUrl.updateMany({ where: { id: { in: s.urls.slice(1).map((u) => u.id) } }, data: { lastEngineSyncAt: t0, engineAState: "crawled_not_indexed" } });
    await db.trackedUrl.update({ where: { id: wasIndexed.id }, data: { engineAState: "indexed" } });
    await owe([owed.id], 1);

    await audit(s, [
      { trackedUrlId: never.id, outcome: healthy(never.url), source: "scheduled" },
      { trackedUrlId: requested.id, outcome: healthy(requested.url), source: "requested" },
      { trackedUrlId: changed.id, outcome: healthy(changed.url, { healthState: "client_error", httpStatus: 404, indexability: "unknown" }), source: "scheduled" },
      { trackedUrlId: wasIndexed.id, outcome: healthy(wasIndexed.url), source: "scheduled" },
      { trackedUrlId: rest.id, outcome: healthy(rest.url), source: "scheduled" },
      { trackedUrlId: owed.id, outcome: healthy(owed.url), source: "scheduled" },
    ], new Date());
    const rows = await db.trackedUrl.findMany({ where: { projectId: s.projectId }, select: { id: true, engineASyncPriority: true, engineBSyncPriority: true, engineACheckReason: true } });
    const priority = new Map(rows.map((r) => [r.id, r]));
    expect([never, requested, changed, wasIndexed, rest, owed].map((u) => priority.get(u.id)?.engineASyncPriority)).toEqual([0, 1, 2, 3, 5, 1]);
    // The reason goes with the priority kept (the owed URL keeps the reason it was owed for).
    expect([never, requested, changed, wasIndexed, rest, owed].map((u) => priority.get(u.id)?.engineACheckReason))
      .toEqual(["never_observed", "check_again", "audit_changed", "last_seen_indexed", "inspected", null]);
    // Engine B is not connected: it is owed nothing.
    expect(rows.every((r) => r.engineBSyncPriority === null)).toBe(true);
  });
});

describe("the backlog sync inside the gsc quota", () => {
  it("spends exactly what our count leaves today, by priority then least recently asked; the rest stays owed", async () => {
    const s = await connected(["/p4-old", "/p4-new", "/p3", "/p2", "/p0"]);
    const [oldest, newer, p3, p2, p0] = s.urls;
    await db.trackedUrl.update({ where: { id: oldest.id }, data: { lastEngineSyncAt: new Date("2026-01-01T00:00:00Z") } });
    await db.trackedUrl.updateMany({ where: { id: { in: [newer.id, p3.id, p2.id] } }, data: { lastEngineSyncAt: new Date("2026-06-01T00:00:00Z") } });
    await owe([oldest.id, newer.id], 4);
    await owe([p3.id], 3);
    await owe([p2.id], 2);
    await owe([p0.id], 0);
    const now = new Date();
    await db.$executeRaw(Prisma.sql`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(now)}, 1996)`);

    const report = await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: () => now });
    expect(report.engineA).toMatchObject({ observed: 4, owed: 1, stopped: "quota_day" });
    expect(inspected(s).map((r) => r.body?.inspectionUrl)).toEqual([p0.url, p2.url, p3.url, oldest.url]);
    expect(inspected(s).every((r) => r.status === 200)).toBe(true);
    expect(await urlRow(newer.id)).toMatchObject({ engineASyncPriority: 4, lastEngineSyncAt: new Date("2026-06-01T00:00:00Z") });
    expect(await urlRow(p0.id)).toMatchObject({ engineASyncPriority: null, lastEngineSyncAt: now });
  });

  it("waits out a spent minute (our count) inside the tick, without one 429", async () => {
    const clock = sharedClock("2026-05-05T17:00:30Z");
    const previous = process.env.GSC_QUOTA_PER_MINUTE;
    process.env.GSC_QUOTA_PER_MINUTE = "2";
    try {
      const s = await connected(["/a", "/b", "/c", "/d", "/e"]);
      await owe(s.urls.map((u) => u.id), 0);
      const sleeps: number[] = [];
      const report = await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: clock.now, sleep: async (ms) => { sleeps.push(ms); await clock.sleep(ms); } });
      expect(report.engineA).toMatchObject({ observed: 5, owed: 0, stopped: null });
      expect(sleeps).toEqual([30_000, 60_000]);
      expect(inspected(s).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      if (previous === undefined) delete process.env.GSC_QUOTA_PER_MINUTE; else process.env.GSC_QUOTA_PER_MINUTE = previous;
      gsc.setClock(null);
    }
  });

  it("a per-minute 429 from gsc (another tool this minute): the reservation is given back and the URL asked after the minute", async () => {
    const clock = sharedClock("2026-05-06T17:00:10Z");
    try {
      const s = await connected(["/a", "/b"]);
      await owe(s.urls.map((u) => u.id), 0);
      gsc.drainQuota(s.property, 600, "minute");
      const sleeps: number[] = [];
      const report = await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: clock.now, sleep: async (ms) => { sleeps.push(ms); await clock.sleep(ms); } });
      expect(report.engineA).toMatchObject({ observed: 2, owed: 0, stopped: null });
      expect(sleeps).toEqual([60_000]); // gsc says nothing of when: a full minute
      expect(inspected(s).map((r) => r.status)).toEqual([429, 200, 200]);
      const [row] = await db.$queryRaw<{ used: number; used_elsewhere: number; exhausted: boolean }[]>(Prisma.sql`
        SELECT used, used_elsewhere, exhausted FROM engine_quota_usage WHERE property_key = ${propertyKey(s.property)} AND day = '2026-05-06'`);
      expect(row).toEqual({ used: 2, used_elsewhere: 0, exhausted: false });
    } finally { gsc.setClock(null); }
  });

  it.each([
    ["the day clocks fall back (25 h)", "2026-11-01T09:30:00Z", "2026-11-02T08:00:00.000Z"],
    ["the day clocks spring forward (23 h)", "2026-03-08T20:00:00Z", "2026-03-09T07:00:00.000Z"],
  ])("a daily 429 on %s defers the owed checks to the next Pacific midnight, then they are asked", async (_name, startIso, midnightIso) => {
    const clock = sharedClock(startIso);
    try {
      const s = await connected(["/a", "/b"]);
      await owe(s.urls.map((u) => u.id), 0);
      for (const u of s.urls) gsc.setInspection(u.url, indexed);
      gsc.drainQuota(s.property, 2000);
      const first = await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: clock.now });
      expect(first.engineA).toMatchObject({ observed: 0, owed: 2, stopped: "quota_day" });
      expect(first.engineA.retryAt).toBe(midnightIso);

      // A second before midnight: still today, nothing is asked.
      clock.set(new Date(Date.parse(midnightIso) - 1000).toISOString());
      expect((await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: clock.now })).engineA).toMatchObject({ observed: 0, owed: 2, stopped: "quota_day" });
      expect(inspected(s)).toHaveLength(1);

      clock.set(midnightIso);
      expect((await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: clock.now })).engineA).toMatchObject({ observed: 2, owed: 0, stopped: null });
      for (const u of s.urls) expect(await urlRow(u.id)).toMatchObject({ engineAState: "indexed", engineASyncPriority: null });
    } finally { gsc.setClock(null); }
  });

  it("engine B is owed separately: a spent gsc day does not hold it back, and it is not asked twice", async () => {
    const s = await connected(["/a", "/b"], { engineB: true });
    for (const u of s.urls) engineB.setUrlInfo(u.url, { HttpStatus: 200, DocumentSize: 2048, LastCrawledDate: new Date("2026-11-01T00:00:00Z") });
    const now = new Date();
    await audit(s, s.urls.map((u) => ({ trackedUrlId: u.id, outcome: healthy(u.url), source: "scheduled" })), now, { engineA: true, engineB: true });
    await db.$executeRaw(Prisma.sql`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(now)}, 2000)`);
    expect(await listBacklogProjects()).toContainEqual(ref(s));

    const report = await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: () => now });
    expect(report.engineA).toMatchObject({ observed: 0, owed: 2, stopped: "quota_day" });
    expect(report.engineB).toMatchObject({ observed: 2, owed: 0 });
    for (const u of s.urls) expect(await urlRow(u.id)).toMatchObject({ engineBState: "indexed", engineBSyncPriority: null, engineASyncPriority: 0 });
    const calls = engineB.requests.length;
    await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId, { now: () => now });
    expect(engineB.requests.length).toBe(calls);
    expect(inspected(s)).toHaveLength(0);
  });

  it("runs under Inngest: a Bing throttle's retry time comes back from the step as JSON, and the checks stay owed", async () => {
    const s = await connected(["/a", "/b"], { engineB: true });
    const now = new Date();
    await audit(s, s.urls.map((u) => ({ trackedUrlId: u.id, outcome: healthy(u.url), source: "scheduled" })), now, { engineA: true, engineB: true });
    await db.$executeRaw(Prisma.sql`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(now)}, 2000)`);
    engineB.throttleNext(100, "429", 600);
    try {
      // The sweep lists this suite's project only (listBacklogProjects lists it, as the test above shows).
      expect(await listBacklogProjects()).toContainEqual(ref(s));
      const { result, error, steps } = await runUnderInngest(syncEngineBacklogFn, { memoized: { list: [ref(s)] } });
      expect(error).toBeUndefined();
      expect(steps).toContain(`sync-${s.projectId}`);
      expect(result).toEqual({ projects: 1, engineA: { observed: 0, owed: 2 }, engineB: { observed: 0, owed: 2 } });
    } finally {
      engineB.throttleNext(0);
    }
    for (const u of s.urls) expect(await urlRow(u.id)).toMatchObject({ engineASyncPriority: 0, engineBSyncPriority: expect.any(Number) });
    expect(inspected(s)).toHaveLength(0);
  });

  it("a grant sealed under another ENCRYPTION_KEY stops that project's gsc (owed, logged), without throwing", async () => {
    const s = await connected(["/a"]);
    await owe(s.urls.map((u) => u.id), 0);
    const saved = process.env.ENCRYPTION_KEY;
    process.env.ENCRYPTION_KEY = "f".repeat(64);
    const box = sealGscRefreshToken(s.projectId, s.refreshToken);
    process.env.ENCRYPTION_KEY = saved;
    await db.project.update({ where: { id: s.projectId }, data: { gscRefreshTokenEnc: box } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const report = await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId);
      expect(report.engineA).toMatchObject({ stopped: "not_configured", observed: 0, owed: 1 });
      expect(warn.mock.calls.flat().join(" ")).toContain("cannot be decrypted");
    } finally { warn.mockRestore(); }
    expect(inspected(s)).toHaveLength(0);
  });

  it("disconnecting gsc forgets what it was owed; a revoked grant keeps it for the new connection but is not listed", async () => {
    const s = await connected(["/a"]);
    await owe(s.urls.map((u) => u.id), 0);
    const revoked = await connected(["/b"]);
    await owe(revoked.urls.map((u) => u.id), 0);
    await db.project.update({ where: { id: revoked.projectId }, data: { gscRevokedAt: new Date() } });
    const listed = await listBacklogProjects();
    expect(listed).toContainEqual(ref(s));
    expect(listed).not.toContainEqual(ref(revoked));
    expect((await syncEngineBacklog(systemCtx("test", revoked.organizationId), revoked.projectId)).engineA.stopped).toBe("not_connected");
    expect(await urlRow(revoked.urls[0].id)).toMatchObject({ engineASyncPriority: 0 });

    await disconnectGsc(tenant.ctx, s.projectId);
    expect(await urlRow(s.urls[0].id)).toMatchObject({ engineASyncPriority: null });
    expect(await listBacklogProjects()).not.toContainEqual(ref(s));
  });
});

describe("a drop from the index carries its likely cause from our own audits", () => {
  const cases: [string, Partial<AuditOutcome>, DropCause][] = [
    ["robots.txt now disallows it", { fetched: false, healthState: undefined, httpStatus: undefined, indexability: "blocked_by_robots", detected: ["blocked_by_robots"],
      robots: { robotsUrl: "https://x/robots.txt", status: 200, blockedFor: ["engineA"], rule: { line: 2, directive: "disallow", value: "/" } } }, "robots_txt_disallow"],
    ["a WAF challenge answers", { httpStatus: 403, healthState: undefined, wafVendor: "cloudflare", detected: ["waf_challenge_detected"] }, "waf_challenge"],
    ["a new noindex", { indexability: "noindex", metaRobots: "noindex", detected: ["has_noindex"] }, "new_noindex"],
    ["the canonical moved", { indexability: "canonicalized", canonicalUrl: "https://elsewhere.example/" }, "canonical_moved"],
    ["the status changed", { healthState: "client_error", httpStatus: 404, indexability: "unknown", detected: ["broken_link"] }, "status_change"],
    ["nothing changed on our side", {}, "no_change_on_our_side"],
  ];

  it.each(cases)("%s", async (_name, change, cause) => {
    const s = await connected(["/page"]);
    const [page] = s.urls;
    const t = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await audit(s, [{ trackedUrlId: page.id, outcome: healthy(page.url), source: "scheduled" }], t(120));
    gsc.setInspection(page.url, indexed);
    await observeEngines(systemCtx("test", s.organizationId), s.projectId, [page], { source: "scheduled", now: t(90) });
    await audit(s, [{ trackedUrlId: page.id, outcome: healthy(page.url, change), source: "scheduled" }], t(30));
    gsc.setInspection(page.url, { verdict: "NEUTRAL", coverageState: "Crawled - currently not indexed" });

    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, [page], { source: "scheduled", now: t(0) });
    expect(report.dropped).toBe(1);
    expect(await membership(s.projectId, "dropped_from_index", page.id)).toMatchObject({
      resolvedAt: null, metadata: { engine: "engineA", from: "indexed", to: "crawled_not_indexed", cause },
    });
  });
});
