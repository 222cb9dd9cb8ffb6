// The daily Search Analytics pull against the fake console: backfill of 16 months by 30-day windows paged by
// 25,000 rows, matching to tracked URLs (fragments summed; slash and query variants are other pages), the
// 28-day figures, the evidence it gives engine A (never a downgrade, never over a newer inspection), the
// untracked pages, only the days not yet final asked again, quota waits and a revoked grant resumed.
import { systemCtx } from "@/lib/core/context";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { pullSearchAnalyticsFn } from "@/inngest/functions/search-analytics/pull-search-analytics";
import { db } from "@/lib/db";
import { sealGscRefreshToken } from "@/lib/connections/secrets";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { listDueSearchAnalyticsProjects, pullSearchAnalytics } from "@/lib/search-analytics";
import { addDays, pacificDayStart } from "@/lib/search-analytics/day-keys";
import { listUntrackedPages } from "@/lib/search-analytics/list-untracked-pages";
import { getCoverage } from "@/lib/coverage/get-coverage";
import { engineFakesForSuite, connectedProject, historyOf, ref, urlRow, type Setup } from "../engine-sync/helpers";
import { runUnderInngest } from "../inngest-engine";

const f = engineFakesForSuite("sa-pull");

const NOW = new Date("2026-11-20T18:00:00Z"); // a Pacific Friday morning
const TODAY = pacificDayKey(NOW);
const day = (n: number) => addDays(TODAY, -n);
const connected = (paths: string[]) => connectedProject({ gsc: f.gsc, engineB: f.engineB }, f.tenant, paths);
const bodies = (s: Setup) => f.gsc.searchAnalyticsBodies(s.property) as Array<{ startDate: string; endDate: string; startRow: number; dataState: string }>;
const ctx = (s: Setup) => ({ actor: { type: "system" as const, job: "test" }, org: { id: s.organizationId, role: "owner" as const } }) as never;

beforeAll(() => { f.gsc.setClock(() => NOW); });

describe("the first pull", () => {
  it("backfills 480 days in 30-day windows, sums fragments into their page, keeps variants apart, and gives each URL its 28-day figures", async () => {
    const s = await connected(["/a", "/b/", "/quiet"]);
    const u = (p: string) => `https://${s.domain}${p}`;
    f.gsc.setSearchAnalytics(s.property, [
      { page: u("/a"), date: day(1), clicks: 3, impressions: 30, position: 2 },
      { page: `${u("/a")}#section`, date: day(1), clicks: 1, impressions: 10, position: 6 }, // a jump link of /a
      { page: u("/a"), date: day(40), clicks: 5, impressions: 50, position: 4 },             // outside the 28 days
      { page: u("/b"), date: day(2), clicks: 7, impressions: 70 },                          // /b is not /b/
      { page: `${u("/b/")}?utm=x`, date: day(2), clicks: 1, impressions: 5 },               // a query string is another page
      { page: `https://www.${s.domain}/a`, date: day(2), clicks: 9, impressions: 90 },      // another host
      { page: u("/old"), date: day(470), clicks: 1, impressions: 1 },
    ]);
    const out = await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW);
    expect(out).toMatchObject({ status: "pulled", windows: 16 });
    const asked = bodies(s);
    expect(asked[0]).toMatchObject({ startDate: day(479), dataState: "all" });
    expect(asked.at(-1)).toMatchObject({ endDate: TODAY });
    // Windows of 30 days, oldest first, none overlapping.
    for (let i = 1; i < asked.length; i++) expect(asked[i].startDate).toBe(addDays(asked[i - 1].endDate, 1));

    const a = await urlRow(s.urls[0].id);
    expect(a).toMatchObject({ clicks28d: 4, impressions28d: 40, engineAState: "indexed", engineAStateSource: "search_analytics" });
    expect(a.ctr28d).toBeCloseTo(0.1);
    expect(a.position28d).toBeCloseTo(3); // (2 × 30 + 6 × 10) / 40
    expect(a.lastImpressionAt).toEqual(pacificDayStart(day(1)));
    expect(a.engineAObservedAt).toEqual(pacificDayStart(day(1)));
    // The evidence went through the engine observations: a history entry saying what decided it.
    expect((await historyOf(a.id)).at(-1)).toMatchObject({ kind: "engineA", source: "search_analytics", state: expect.objectContaining({ decidedBy: "search_analytics" }) });

    // /b/ had no impressions of its own: no evidence, nothing changed but the zero figures.
    const b = await urlRow(s.urls[1].id);
    expect(b).toMatchObject({ clicks28d: 0, impressions28d: 0, engineAState: "unknown", engineAStateSource: null, lastImpressionAt: null });

    const untracked = await listUntrackedPages(ctx(s), s.projectId, { offset: 0, limit: 10 }, NOW);
    expect(untracked.data.map((p) => [p.url, p.clicks28d])).toEqual([[u("/b"), 7], [`${u("/b/")}?utm=x`, 1]]);
    expect(untracked.meta.total).toBe(2);
    expect(await db.searchAnalyticsPull.findUniqueOrThrow({ where: { projectId: s.projectId } })).toMatchObject({ rowsSkipped: 1 });
  });

  it("pages windows of more than 25,000 rows, each row once", async () => {
    const s = await connected(["/p0"]);
    const rows = Array.from({ length: 26_000 }, (_, i) => ({ page: `https://${s.domain}/p${i}`, date: day(3), clicks: 1, impressions: 2 }));
    f.gsc.setSearchAnalytics(s.property, rows);
    await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW);
    const last = bodies(s).filter((b) => b.endDate === TODAY);
    expect(last.map((b) => b.startRow)).toEqual([0, 25_000]);
    const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(DISTINCT url)::int AS n FROM untracked_search_pages WHERE project_id = ${s.projectId}::uuid`;
    expect(n).toBe(25_999);
    expect(await urlRow(s.urls[0].id)).toMatchObject({ impressions28d: 2, engineAState: "indexed" });
  });
});

describe("evidence", () => {
  it("never overrides a newer inspection and never downgrades: an indexed URL only has its provenance moved forward", async () => {
    const s = await connected(["/inspected-later", "/indexed-before", "/no-impressions"]);
    const [later, before, none] = s.urls;
    await db.trackedUrl.update({ where: { id: later.id }, data: { engineAState: "crawled_not_indexed", engineAStateSource: "inspection", engineAObservedAt: new Date(pacificDayStart(day(2)).getTime() + 3_600_000) } });
    await db.trackedUrl.update({ where: { id: before.id }, data: { engineAState: "indexed", engineAStateSource: "inspection", engineAObservedAt: pacificDayStart(day(20)) } });
    await db.trackedUrl.update({ where: { id: none.id }, data: { engineAState: "crawled_not_indexed", engineAStateSource: "inspection", engineAObservedAt: pacificDayStart(day(30)) } });
    f.gsc.setSearchAnalytics(s.property, [
      { page: later.url, date: day(2), clicks: 1, impressions: 3 },
      { page: before.url, date: day(1), clicks: 1, impressions: 3 },
    ]);
    await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW);
    expect(await urlRow(later.id)).toMatchObject({ engineAState: "crawled_not_indexed", engineAStateSource: "inspection" });
    expect(await urlRow(before.id)).toMatchObject({ engineAState: "indexed", engineAStateSource: "search_analytics", engineAObservedAt: pacificDayStart(day(1)) });
    expect(await historyOf(before.id)).toHaveLength(0); // no entry a day for what did not change
    expect(await urlRow(none.id)).toMatchObject({ engineAState: "crawled_not_indexed", engineAStateSource: "inspection" });
  });
});

describe("the next pulls", () => {
  it("ask only the days not final yet, replace fresh days instead of adding them twice, and wait for the next Pacific day", async () => {
    const s = await connected(["/a"]);
    f.gsc.setSearchAnalytics(s.property, [{ page: s.urls[0].url, date: day(1), clicks: 2, impressions: 10 }]);
    await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW);
    const pull = await db.searchAnalyticsPull.findUniqueOrThrow({ where: { projectId: s.projectId } });
    // The fake's fresh days are today and the 3 before: final through day(4).
    expect(pull.finalThrough?.toISOString().slice(0, 10)).toBe(day(4));
    expect((await listDueSearchAnalyticsProjects(NOW)).some((p) => p.projectId === s.projectId)).toBe(false);

    // The fresh day changed upstream; the next Pacific day the pull asks from day(3) only.
    f.gsc.setSearchAnalytics(s.property, [{ page: s.urls[0].url, date: day(1), clicks: 3, impressions: 12 }]);
    const tomorrow = new Date(NOW.getTime() + 24 * 3_600_000);
    expect((await listDueSearchAnalyticsProjects(tomorrow)).some((p) => p.projectId === s.projectId)).toBe(true);
    const before = bodies(s).length;
    await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, tomorrow);
    const again = bodies(s).slice(before);
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ startDate: day(3), endDate: addDays(TODAY, 1) });
    expect(await urlRow(s.urls[0].id)).toMatchObject({ clicks28d: 3, impressions28d: 12 });
  });

  it("waits 15 minutes after a quota answer, then until the next Pacific day when it comes again; nothing half-written is counted twice", async () => {
    const s = await connected(["/a"]);
    f.gsc.setSearchAnalytics(s.property, [{ page: s.urls[0].url, date: day(100), clicks: 1, impressions: 1 }]);
    f.gsc.failSearchAnalytics(1);
    const first = await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW);
    expect(first).toMatchObject({ status: "stopped", reason: "quota", retryAt: new Date(NOW.getTime() + 15 * 60_000) });
    expect(await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, new Date(NOW.getTime() + 60_000))).toMatchObject({ status: "waiting" });

    f.gsc.failSearchAnalytics(1);
    const second = await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, new Date(NOW.getTime() + 16 * 60_000));
    expect(second).toMatchObject({ status: "stopped", reason: "quota" });
    expect((second as { retryAt: Date }).retryAt.getTime()).toBe(pacificDayStart(addDays(TODAY, 1)).getTime());

    const done = await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, new Date(pacificDayStart(addDays(TODAY, 1)).getTime() + 60_000));
    expect(done).toMatchObject({ status: "pulled" });
    const [{ n }] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM url_search_days WHERE project_id = ${s.projectId}::uuid`;
    expect(n).toBe(1);
  });

  it("refreshes an access token that expires mid-pull once, and goes on where it stopped", async () => {
    const s = await connected(["/a"]);
    f.gsc.setSearchAnalytics(s.property, [{ page: s.urls[0].url, date: day(300), clicks: 1, impressions: 2 }, { page: s.urls[0].url, date: day(2), clicks: 1, impressions: 3 }]);
    let expired = false;
    const timer = setInterval(() => { if (!expired && f.gsc.searchAnalyticsQueries(s.property) >= 4) { expired = true; f.gsc.expireAccessTokens(); } }, 0);
    const out = await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW).finally(() => clearInterval(timer));
    expect(out).toMatchObject({ status: "pulled", windows: 16, counts: { matched: 2 } });
    expect(await urlRow(s.urls[0].id)).toMatchObject({ impressions28d: 3, lastImpressionAt: pacificDayStart(day(2)) });
  });

  it("stops on a revoked grant with gsc_auth_revoked, and after a new connection resumes after the last window stored", async () => {
    const s = await connected(["/a"]);
    f.gsc.setSearchAnalytics(s.property, [{ page: s.urls[0].url, date: day(400), clicks: 1, impressions: 1 }]);
    // Three windows go through, then the user removes access: the grant dies between two requests.
    const timer = setInterval(() => { if (f.gsc.searchAnalyticsQueries(s.property) >= 3) f.gsc.revoke(s.refreshToken); }, 0);
    const out = await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW).finally(() => clearInterval(timer));
    expect(out).toMatchObject({ status: "stopped", reason: "revoked" });
    const project = await db.project.findUniqueOrThrow({ where: { id: s.projectId } });
    expect(project.gscRevokedAt).not.toBeNull();
    expect(await db.issue.findFirst({ where: { projectId: s.projectId, type: "gsc_auth_revoked", status: "open" } })).not.toBeNull();
    const pull = await db.searchAnalyticsPull.findUniqueOrThrow({ where: { projectId: s.projectId } });
    expect(pull.finalThrough).not.toBeNull();
    const resumeFrom = addDays(pull.finalThrough!.toISOString().slice(0, 10), 1);

    // Reconnected: a new grant of the same account and property.
    const email = `owner-${s.domain}@example.test`;
    const { refreshToken } = f.gsc.issueTokens(email);
    await db.project.update({ where: { id: s.projectId }, data: { gscRefreshTokenEnc: sealGscRefreshToken(s.projectId, refreshToken), gscRevokedAt: null } });
    const before = bodies(s).length;
    expect(await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW)).toMatchObject({ status: "pulled" });
    expect(bodies(s)[before].startDate).toBe(resumeFrom);
    expect(await urlRow(s.urls[0].id)).toMatchObject({ lastImpressionAt: pacificDayStart(day(400)) });
  });
});

describe("coverage of a connected project", () => {
  it("shows Search Analytics evidence as fresh Google verdicts, and plans today's inspections by reason within the quota left", async () => {
    const s = await connected(["/shown", "/never", "/again", "/rest"]);
    const [shown, never, again, rest] = s.urls;
    f.gsc.setSearchAnalytics(s.property, [{ page: shown.url, date: day(1), clicks: 1, impressions: 2 }]);
    await pullSearchAnalytics(systemCtx("test", s.organizationId), s.projectId, NOW);
    await db.trackedUrl.update({ where: { id: never.id }, data: { engineASyncPriority: 0 } });
    await db.trackedUrl.update({ where: { id: again.id }, data: { engineASyncPriority: 1 } });
    await db.trackedUrl.update({ where: { id: rest.id }, data: { engineASyncPriority: 5 } });
    const c = await getCoverage(ctx(s), s.projectId, NOW);
    expect(c.engineA).toEqual({
      urls: 4, fresh7d: 1, fresh30d: 1, unknown: 3, ages: { within7d: 1, days8to30: 0, olderThan30d: 0, none: 3 }, bySource: { inspection: 0, search_analytics: 1 },
    });
    expect(c.plan).toEqual({ date: TODAY, planned: 3, byReason: { never_observed: 1, check_again: 1, audit_changed: 0, at_risk: 0, crawl_aging: 0, oldest_verdict: 1 } });
    expect(c.properties).toEqual([{ propertyUrl: s.property, quotaUsedToday: 0, quotaLimit: 2000, sharedQuotaDetected: false }]);
  });
});

describe("under Inngest", () => {
  afterEach(() => vi.useRealTimers());

  it("the 15-minute function pulls a new connection in its own step, step results through JSON", async () => {
    const s = await connected(["/a"]);
    f.gsc.setSearchAnalytics(s.property, [{ page: `https://${s.domain}/a`, date: day(1), clicks: 3, impressions: 30, position: 2 }]);
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    // The sweep lists this suite's project only: other suites' projects are theirs to pull.
    expect((await listDueSearchAnalyticsProjects(new Date())).map((p) => p.projectId)).toContain(s.projectId);
    const { result, error, steps } = await runUnderInngest(pullSearchAnalyticsFn, { memoized: { list: [ref(s)] } });
    vi.useRealTimers();
    expect(error).toBeUndefined();
    expect(steps).toContain(`pull-${s.projectId}`);
    expect(result).toEqual({ projects: 1, pulled: 1 });
    expect(await urlRow(s.urls[0].id)).toMatchObject({ clicks28d: 3, impressions28d: 30 });
  });
});
