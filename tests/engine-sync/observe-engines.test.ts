// Engine observations against the real fakes (tests/fakes): gsc's URL inspection under our quota
// count, engine B's URL info, history rows, drops with their cause, the revoked grant, and inspect-now.
import { systemCtx } from "@/lib/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, Prisma } from "@/lib/db";
import { getConnections } from "@/lib/connections/get-connections";
import { observeEngines, syncEngineBacklog } from "@/lib/engine-sync";
import { propertyKey } from "@/lib/connections/quota-store";
import { nextPacificMidnight, pacificDayKey } from "@/lib/engines/pacific-time";
import { inspectUrlNow } from "@/lib/inspections/inspect-url-now";
import { inspectPlannedProject, type AuditRunnerLike } from "@/lib/inspections/inspect-planned-project";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { startFakeEngineB, type FakeEngineB } from "../fakes/engine-b-server";
import { createTestTenant, type TestTenant } from "../factories";
import { connectedProject, healthy, historyOf, membership, urlRow, type Setup } from "./helpers";

let gsc: FakeGsc;
let engineB: FakeEngineB;
let tenant: TestTenant;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  [gsc, engineB, tenant] = await Promise.all([startFakeGsc(), startFakeEngineB(), createTestTenant("engine-sync")]);
  for (const [k, v] of Object.entries({ ...gsc.env(), ...engineB.env() })) { saved[k] = process.env[k]; process.env[k] = v; }
});
afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  await Promise.all([gsc.close(), engineB.close()]);
});

const connected = (paths: string[], opts: { engineB?: boolean; gsc?: boolean } = {}) => connectedProject({ gsc, engineB }, tenant, paths, opts);
const inspectCalls = (s: Setup) => gsc.requests.filter((r) => r.route === "inspect" && r.body?.siteUrl === s.property);

describe("observeEngines: gsc", () => {
  it("maps coverage states into the URL columns, history (kind engineA) and issues; no index status keeps the state", async () => {
    const s = await connected(["/indexed", "/discovered", "/crawled", "/silent", "/noindex"]);
    const [indexed, discovered, crawled, silent, noindex] = s.urls;
    gsc.setInspection(indexed.url, { verdict: "PASS", coverageState: "Submitted and indexed", indexingState: "INDEXING_ALLOWED", robotsTxtState: "ALLOWED", pageFetchState: "SUCCESSFUL", lastCrawlTime: "2026-11-01T10:00:00Z" });
    gsc.setInspection(discovered.url, { verdict: "NEUTRAL", coverageState: "Discovered \u2013 currently not indexed" });
    gsc.setInspection(crawled.url, { verdict: "NEUTRAL", coverageState: "Crawled - currently not indexed", lastCrawlTime: "2026-11-01T10:00:00Z" });
    gsc.setInspection(silent.url, null);
    gsc.setInspection(noindex.url, { verdict: "NEUTRAL", coverageState: "Excluded by \u2018noindex\u2019 tag", indexingState: "BLOCKED_BY_META_TAG" });

    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled" });
    expect(report.engineA).toMatchObject({ observed: 4, inconclusive: 1, deferred: 0, failed: 0, stopped: null });
    expect(inspectCalls(s).every((r) => r.body?.languageCode === "en-US")).toBe(true);

    expect(await urlRow(indexed.id)).toMatchObject({ engineAState: "indexed", indexedAt: expect.any(Date), engineAIndexedAt: expect.any(Date), engineBIndexedAt: null, lastEngineSyncAt: expect.any(Date) });
    // Google's own last crawl is kept (the daily plan checks pages it has not crawled for 100 days first); none is none.
    expect(await urlRow(indexed.id)).toMatchObject({ engineALastCrawlAt: new Date("2026-11-01T10:00:00Z") });
    expect(await urlRow(discovered.id)).toMatchObject({ engineAState: "discovered_not_indexed", indexedAt: null, engineALastCrawlAt: null });
    expect(await urlRow(crawled.id)).toMatchObject({ engineAState: "crawled_not_indexed" });
    expect(await urlRow(noindex.id)).toMatchObject({ engineAState: "excluded" });
    expect(await urlRow(silent.id)).toMatchObject({ engineAState: "unknown", lastEngineSyncAt: null });

    const [h] = await historyOf(indexed.id);
    expect(h).toMatchObject({ kind: "engineA", source: "scheduled", changed: [] });
    expect(h.state).toMatchObject({ state: "indexed", decidedBy: "coverageState", verdict: "PASS", coverageState: "Submitted and indexed", indexingState: "INDEXING_ALLOWED" });
    expect(await historyOf(silent.id)).toHaveLength(0);

    expect(await membership(s.projectId, "discovered_not_indexed", discovered.id)).toMatchObject({ resolvedAt: null });
    expect(await membership(s.projectId, "crawled_not_indexed", crawled.id)).toMatchObject({ resolvedAt: null });
    expect(await membership(s.projectId, "crawled_not_indexed", indexed.id)).toBeNull();

    // Crawled later indexed: the membership resolves; the history says what changed.
    gsc.setInspection(crawled.url, { verdict: "PASS", coverageState: "Indexed, not submitted in sitemap" });
    await observeEngines(systemCtx("test", s.organizationId), s.projectId, [crawled], { source: "inspect_now" });
    expect(await urlRow(crawled.id)).toMatchObject({ engineAState: "indexed", indexedAt: expect.any(Date) });
    expect(await membership(s.projectId, "crawled_not_indexed", crawled.id)).toMatchObject({ resolvedAt: expect.any(Date) });
    const entries = await historyOf(crawled.id);
    expect(entries.at(-1)).toMatchObject({ kind: "engineA", source: "inspect_now", changed: expect.arrayContaining(["state", "verdict", "coverageState"]) });
    // Asked by a user: that is why Google was last asked. An answer without lastCrawlTime keeps the last one known.
    expect(await urlRow(crawled.id)).toMatchObject({ engineACheckReason: "check_again", engineALastCrawlAt: new Date("2026-11-01T10:00:00Z") });
  });

  it("uses exactly the day's quota by its own count, then defers the rest without asking", async () => {
    const s = await connected(["/a", "/b", "/c"]);
    const now = new Date();
    await db.$executeRaw(Prisma.sql`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(now)}, 1998)`);
    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled", now });
    expect(report.engineA).toMatchObject({ observed: 2, deferred: 1, stopped: "quota_day" });
    expect(report.engineA.retryAt).toEqual(nextPacificMidnight(now));
    expect(inspectCalls(s)).toHaveLength(2);
    const connections = await getConnections(tenant.ctx, s.projectId);
    expect(connections.gsc).toMatchObject({ quotaUsedToday: 2000, quotaLimit: 2000, sharedQuotaDetected: false });
    // Nothing left today: not one more call.
    const again = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled", now });
    expect(again.engineA).toMatchObject({ observed: 0, deferred: 3, stopped: "quota_day" });
    expect(inspectCalls(s)).toHaveLength(2);
  });

  it("a 429 before our count reached the limit: the property stops until the next Pacific midnight, shared use recorded", async () => {
    const s = await connected(["/a", "/b"]);
    gsc.drainQuota(s.property, 2000);
    const now = new Date();
    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled", now });
    expect(report.engineA).toMatchObject({ observed: 0, deferred: 2, failed: 0, stopped: "quota_day" });
    expect(report.engineA.retryAt).toEqual(nextPacificMidnight(now));
    expect(inspectCalls(s).map((r) => r.status)).toEqual([429]);
    const [row] = await db.$queryRaw<{ used: number; used_elsewhere: number; exhausted: boolean }[]>(Prisma.sql`
      SELECT used, used_elsewhere, exhausted FROM engine_quota_usage WHERE property_key = ${propertyKey(s.property)}`);
    expect(row).toMatchObject({ used: 0, used_elsewhere: 2000, exhausted: true });
    expect((await getConnections(tenant.ctx, s.projectId)).gsc).toMatchObject({ quotaUsedToday: 0, sharedQuotaDetected: true });
    expect(await urlRow(s.urls[0].id)).toMatchObject({ engineAState: "unknown", lastEngineSyncAt: null });
  });

  it("invalid_grant: the grant is marked revoked (gsc_auth_revoked) and nothing more is called", async () => {
    const s = await connected(["/a", "/b"]);
    gsc.revoke(s.refreshToken);
    const before = gsc.requests.length;
    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled" });
    expect(report.engineA).toMatchObject({ stopped: "revoked", deferred: 2, observed: 0 });
    expect(gsc.requests.slice(before).map((r) => r.route)).toEqual(["token"]);
    const project = await db.project.findUniqueOrThrow({ where: { id: s.projectId }, omit: { gscRefreshTokenEnc: false } });
    expect(project).toMatchObject({ gscRefreshTokenEnc: null, gscRevokedAt: expect.any(Date) });
    expect(await db.issue.findUniqueOrThrow({ where: { projectId_type: { projectId: s.projectId, type: "gsc_auth_revoked" } } })).toMatchObject({ status: "open" });
    const mid = gsc.requests.length;
    await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled" });
    expect(gsc.requests.length).toBe(mid);
  });
});

describe("observeEngines: engine B and drops", () => {
  it("engine B: URL info mapped (kind engineB history); an empty answer keeps an indexed URL indexed", async () => {
    const s = await connected(["/kept", "/found"], { engineB: true, gsc: false });
    const [kept, found] = s.urls;
    engineB.setUrlInfo(kept.url, { HttpStatus: 200, DocumentSize: 5120, LastCrawledDate: new Date("2026-11-01T00:00:00Z"), DiscoveryDate: new Date("2026-10-01T00:00:00Z") });
    engineB.setUrlInfo(found.url, { DiscoveryDate: new Date("2026-10-01T00:00:00Z") });
    const first = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled" });
    expect(first.engineA.stopped).toBe("not_connected");
    expect(first.engineB).toMatchObject({ observed: 2, stopped: null });
    expect(await urlRow(kept.id)).toMatchObject({ engineBState: "indexed", indexedAt: expect.any(Date), engineBIndexedAt: expect.any(Date), engineAIndexedAt: null });
    expect(await urlRow(found.id)).toMatchObject({ engineBState: "not_indexed", indexedAt: null });
    const [h] = await historyOf(kept.id);
    expect(h).toMatchObject({ kind: "engineB", source: "scheduled" });
    expect(h.state).toMatchObject({ state: "indexed", decidedBy: "DocumentSize", DocumentSize: 5120, HttpStatus: 200 });

    engineB.setUrlInfo(kept.url, {}); // size 0, no dates: the service forgot, not a drop
    const second = await observeEngines(systemCtx("test", s.organizationId), s.projectId, [kept], { source: "scheduled" });
    expect(second.engineB).toMatchObject({ observed: 0, inconclusive: 1 });
    expect(await urlRow(kept.id)).toMatchObject({ engineBState: "indexed" });
    expect(await historyOf(kept.id)).toHaveLength(1);
    expect(await membership(s.projectId, "dropped_from_index", kept.id)).toBeNull();

    engineB.failUrlInfo(kept.url, { status: 500, body: { ErrorCode: 1, Message: "InternalError" } });
    const third = await observeEngines(systemCtx("test", s.organizationId), s.projectId, [kept], { source: "scheduled" });
    expect(third.engineB).toMatchObject({ observed: 0, failed: 1 });
    expect(await urlRow(kept.id)).toMatchObject({ engineBState: "indexed" });
  });

  it("engine B: a crawl issue that blocks serving makes the URL blocked (one GetCrawlIssues call per run); SeoIssues does not", async () => {
    const s = await connected(["/blocked", "/seo"], { engineB: true, gsc: false });
    const [blocked, seo] = s.urls;
    for (const u of s.urls) engineB.setUrlInfo(u.url, { HttpStatus: 200, DocumentSize: 4096, LastCrawledDate: new Date("2026-11-01T00:00:00Z") });
    engineB.setCrawlIssues(`https://${s.domain}/`, [
      { Url: blocked.url, HttpCode: 200, Date: new Date("2026-11-02T00:00:00Z"), IssueType: "BlockedByRobotsTxt" },
      { Url: seo.url, HttpCode: 200, Date: new Date("2026-11-02T00:00:00Z"), IssueType: "SeoIssues" },
    ]);
    const before = engineB.requests.length;
    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled" });
    expect(report.engineB).toMatchObject({ observed: 2 });
    expect(engineB.requests.slice(before).map((r) => r.apiMethod)).toEqual(["GetCrawlIssues", "GetUrlInfo", "GetUrlInfo"]);
    expect(await urlRow(blocked.id)).toMatchObject({ engineBState: "blocked" });
    expect(await urlRow(seo.id)).toMatchObject({ engineBState: "indexed" });
    const [h] = await historyOf(blocked.id);
    expect(h.state).toMatchObject({ state: "blocked", decidedBy: "crawlIssue", IssueType: "BlockedByRobotsTxt" });
  });

  it("a drop from the index carries its likely cause from our audit in the same window", async () => {
    const s = await connected(["/noindexed", "/quiet"]);
    const [noindexed, quiet] = s.urls;
    for (const u of s.urls) gsc.setInspection(u.url, { verdict: "PASS", coverageState: "Submitted and indexed" });
    const t0 = new Date(Date.now() - 3600_000);
    await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled", now: t0 });
    expect(await urlRow(noindexed.id)).toMatchObject({ engineAState: "indexed" });

    // Our audit, after the engine said indexed: the page turned noindex.
    await db.urlHistoryEntry.create({
      data: {
        organizationId: s.organizationId, projectId: s.projectId, trackedUrlId: noindexed.id, observedAt: new Date(t0.getTime() + 60_000), kind: "audit", source: "scheduled",
        changed: ["indexability", "metaRobots"],
        state: { healthState: "healthy", httpStatus: 200, indexability: "noindex", metaRobots: "noindex", canonicalUrl: null, robots: null, wafVendor: null, detected: ["has_noindex"], hops: [], fetched: true },
      },
    });
    gsc.setInspection(noindexed.url, { verdict: "NEUTRAL", coverageState: "Excluded by 'noindex' tag", indexingState: "BLOCKED_BY_META_TAG" });
    gsc.setInspection(quiet.url, { verdict: "NEUTRAL", coverageState: "Crawled - currently not indexed", lastCrawlTime: "2026-11-20T00:00:00Z" });
    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, s.urls, { source: "scheduled" });
    expect(report.dropped).toBe(2);

    const group = await db.issue.findUniqueOrThrow({ where: { projectId_type: { projectId: s.projectId, type: "dropped_from_index" } } });
    expect(group).toMatchObject({ status: "open", affectedUrlCount: 2 });
    expect(await membership(s.projectId, "dropped_from_index", noindexed.id)).toMatchObject({
      resolvedAt: null, metadata: { engine: "engineA", from: "indexed", to: "excluded", cause: "new_noindex", auditChanged: expect.arrayContaining(["indexability"]) },
    });
    expect(await membership(s.projectId, "dropped_from_index", quiet.id)).toMatchObject({ metadata: { cause: "no_change_on_our_side", to: "crawled_not_indexed" } });
    // One url.dropped_from_index per URL, in the outbox with the observation.
    const drops = await db.eventOutbox.findMany({ where: { name: "url.dropped_from_index", data: { path: ["projectId"], equals: s.projectId } } });
    expect(drops.map((e) => e.data).sort((a, b) => String((a as { url: string }).url).localeCompare((b as { url: string }).url))).toEqual([noindexed, quiet]
      .sort((a, b) => a.url.localeCompare(b.url))
      .map((u) => expect.objectContaining({ trackedUrlId: u.id, url: u.url, engine: "engineA", from: "indexed", cause: u === noindexed ? "new_noindex" : "no_change_on_our_side" })));
    const last = (await historyOf(noindexed.id)).filter((h) => h.kind === "engineA").at(-1)!;
    expect(last.state).toMatchObject({ state: "excluded", droppedFrom: "indexed", dropCause: "new_noindex" });

    // "URL is unknown" is never counted as not indexed.
    gsc.setInspection(noindexed.url, { verdict: "PASS", coverageState: "Submitted and indexed" });
    await observeEngines(systemCtx("test", s.organizationId), s.projectId, [noindexed], { source: "scheduled" });
    gsc.setInspection(noindexed.url, { verdict: "NEUTRAL", coverageState: "URL is unknown to Google" });
    const unknown = await observeEngines(systemCtx("test", s.organizationId), s.projectId, [noindexed], { source: "scheduled" });
    expect(unknown.dropped).toBe(0);
    expect(await membership(s.projectId, "dropped_from_index", noindexed.id)).toMatchObject({ resolvedAt: expect.any(Date) });
  });
});

const fakeRunner: AuditRunnerLike = { run: async (urls, onOutcome) => { for (const u of urls) await onOutcome(healthy(u)); } };

describe("the scheduler's inspections owe the engines a check, paid by the backlog sync", () => {
  async function due(s: Setup) {
    await db.project.update({ where: { id: s.projectId }, data: { automatedInspectionsEnabled: true, inspectionCadence: "daily" } });
    await db.trackedUrl.updateMany({ where: { projectId: s.projectId }, data: { nextInspectionAt: new Date(Date.now() - 60_000) } });
    return { organizationId: s.organizationId, projectId: s.projectId, automatedInspectionsEnabled: true, inspectionCadence: "daily" as const, allocation: 10 };
  }

  it("updates engine states after the audits; an engine that is down never fails the audit write and the check stays owed", async () => {
    const s = await connected(["/a", "/b"]);
    for (const u of s.urls) gsc.setInspection(u.url, { verdict: "PASS", coverageState: "Submitted and indexed" });
    const report = await inspectPlannedProject(await due(s), { runner: fakeRunner, writeBatch: 1 });
    expect(report).toMatchObject({ inspected: 2, failed: 0 });
    for (const u of s.urls) expect(await urlRow(u.id)).toMatchObject({ healthState: "healthy", engineAState: "unknown", engineASyncPriority: 0, engineBSyncPriority: null });
    expect(inspectCalls(s)).toHaveLength(0);

    const synced = await syncEngineBacklog(systemCtx("test", s.organizationId), s.projectId);
    expect(synced.engineA).toMatchObject({ observed: 2, owed: 0, stopped: null });
    expect(synced.engineB.stopped).toBe("not_connected");
    for (const u of s.urls) expect(await urlRow(u.id)).toMatchObject({ engineAState: "indexed", engineASyncPriority: null });
    expect((await historyOf(s.urls[0].id)).map((h) => [h.kind, h.source])).toEqual([["audit", "scheduled"], ["engineA", "scheduled"]]);

    const down = await connected(["/c"]);
    const r = await inspectPlannedProject(await due(down), { runner: fakeRunner });
    expect(r).toMatchObject({ inspected: 1, failed: 0 });
    const base = process.env.GSC_API_BASE_URL;
    process.env.GSC_API_BASE_URL = "http://127.0.0.1:9";
    try {
      expect((await syncEngineBacklog(systemCtx("test", down.organizationId), down.projectId)).engineA).toMatchObject({ observed: 0, failed: 1, owed: 1 });
    } finally { process.env.GSC_API_BASE_URL = base; }
    expect(await urlRow(down.urls[0].id)).toMatchObject({ healthState: "healthy", engineAState: "unknown", lastAuditAt: expect.any(Date), engineASyncPriority: 0 });
    // gsc is back: the owed check is paid.
    expect((await syncEngineBacklog(systemCtx("test", down.organizationId), down.projectId)).engineA).toMatchObject({ observed: 1, owed: 0 });
  });
});

describe("inspect now with a connected gsc", () => {
  it("asks gsc after the audit, for the same credit, and updates engineAState", async () => {
    const s = await connected(["/page"]);
    const [page] = s.urls;
    gsc.setInspection(page.url, { verdict: "PASS", coverageState: "Submitted and indexed" });
    const audit = async (url: string) => healthy(url);
    const before = (await db.organization.findUniqueOrThrow({ where: { id: s.organizationId } })).creditBalance;
    const answer = await inspectUrlNow({ ctx: tenant.ctx, projectId: s.projectId, urlId: page.id, audit });
    expect(answer).toMatchObject({ id: page.id, healthState: "healthy", engineAState: "indexed" });
    expect((await db.organization.findUniqueOrThrow({ where: { id: s.organizationId } })).creditBalance).toBe(before - 1);
    expect((await historyOf(page.id)).map((h) => [h.kind, h.source])).toEqual(expect.arrayContaining([["audit", "inspect_now"], ["engineA", "inspect_now"]]));
  });
});
