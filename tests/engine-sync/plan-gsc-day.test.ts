// The day's Google inspection plan: the quota left (every property, minus what is owed) goes to URLs never
// observed, then at risk (an important page whose impressions stopped), then the oldest verdicts; pages proven
// indexed by recent impressions and verdicts from the last day are skipped; once per Pacific day.
import { systemCtx } from "@/lib/core/context";
import { afterEach, describe, expect, it, vi } from "vitest";
import { planGscDayFn } from "@/inngest/functions/engine-sync/plan-gsc-day";
import { db } from "@/lib/db";
import { propertyKey } from "@/lib/connections/quota-store";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { listProjectsToPlan, planGscDay } from "@/lib/engine-sync";
import { runUnderInngest } from "../inngest-engine";
import { engineFakesForSuite, connectedProject, ref } from "./helpers";

const f = engineFakesForSuite("plan");

const NOW = new Date("2026-11-20T18:00:00Z");
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

describe("the day's Google inspection plan", () => {
  it("spends the room on never observed, then at-risk pages, then the oldest verdicts, skipping proven and fresh ones, once a day", async () => {
    const s = await connectedProject({ gsc: f.gsc, engineB: f.engineB }, f.tenant, ["/never", "/dropping", "/daily-silent", "/daily-yesterday", "/old-high", "/old", "/older", "/proven", "/fresh", "/owed"]);
    const id = (p: string) => s.urls.find((u) => u.url.endsWith(p))!.id;
    const set = (p: string, data: object) => db.trackedUrl.update({ where: { id: id(p) }, data });
    await set("/dropping", { engineAState: "indexed", engineAObservedAt: daysAgo(10), lastImpressionAt: daysAgo(6), clicks28d: 40, impressions28d: 400, impressionDays28d: 20 });
    // Shown every day: silent for 2.5 days is at risk (though within 3 days), silent since yesterday is not.
    await set("/daily-silent", { engineAState: "indexed", engineAObservedAt: daysAgo(2.5), engineAStateSource: "search_analytics", lastImpressionAt: daysAgo(2.5), clicks28d: 90, impressionDays28d: 28 });
    await set("/daily-yesterday", { engineAState: "indexed", engineAObservedAt: daysAgo(1.2), engineAStateSource: "search_analytics", lastImpressionAt: daysAgo(1.2), clicks28d: 90, impressionDays28d: 28 });
    await set("/old-high", { engineAState: "crawled_not_indexed", engineAObservedAt: daysAgo(20), priority: "high" });
    await set("/old", { engineAState: "crawled_not_indexed", engineAObservedAt: daysAgo(60) });
    await set("/older", { engineAState: "crawled_not_indexed", engineAObservedAt: daysAgo(90) });
    await set("/proven", { engineAState: "indexed", engineAObservedAt: daysAgo(1), lastImpressionAt: daysAgo(1), clicks28d: 5 });
    await set("/fresh", { engineAState: "crawled_not_indexed", engineAObservedAt: daysAgo(0.5) });
    await set("/owed", { engineAState: "unknown", engineASyncPriority: 1 });
    // 6 inspections left today on the only property, one of them already owed ("/owed").
    await db.$executeRaw`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(NOW)}, 1994)`;

    expect((await listProjectsToPlan(NOW)).some((p) => p.projectId === s.projectId)).toBe(true);
    const plan = await planGscDay(systemCtx("test", s.organizationId), s.projectId, NOW);
    expect(plan).toEqual({ day: pacificDayKey(NOW), planned: 5, byReason: { never_observed: 1, at_risk: 2, crawl_aging: 0, oldest_verdict: 2 } });
    const owed = Object.fromEntries((await db.trackedUrl.findMany({ where: { projectId: s.projectId }, select: { url: true, engineASyncPriority: true, engineACheckReason: true } }))
      .map((u) => [new URL(u.url).pathname, [u.engineASyncPriority, u.engineACheckReason]]));
    expect(owed).toEqual({
      "/never": [0, "never_observed"], "/dropping": [3, "at_risk"], "/daily-silent": [3, "at_risk"], "/daily-yesterday": [null, null],
      "/old-high": [5, "oldest_verdict"], "/older": [5, "oldest_verdict"], "/old": [null, null], "/proven": [null, null], "/fresh": [null, null], "/owed": [1, null],
    });

    // Once per Pacific day.
    expect(await planGscDay(systemCtx("test", s.organizationId), s.projectId, new Date(NOW.getTime() + 3_600_000))).toBeNull();
    expect((await listProjectsToPlan(NOW)).some((p) => p.projectId === s.projectId)).toBe(false);
    expect(await db.gscDayPlan.findUniqueOrThrow({ where: { projectId_day: { projectId: s.projectId, day: pacificDayKey(NOW) } } }))
      .toMatchObject({ planned: 5, byReason: { never_observed: 1, at_risk: 2, crawl_aging: 0, oldest_verdict: 2 } });
  });

  it("takes pages at risk before a large never-observed inventory when the room is short", async () => {
    const s = await connectedProject({ gsc: f.gsc, engineB: f.engineB }, f.tenant, ["/n1", "/n2", "/n3", "/top"]);
    const top = s.urls[3];
    await db.trackedUrl.update({ where: { id: top.id }, data: { engineAState: "indexed", engineAObservedAt: daysAgo(3), lastImpressionAt: daysAgo(3), clicks28d: 60, impressionDays28d: 28 } });
    await db.$executeRaw`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(NOW)}, 1999)`;
    expect(await planGscDay(systemCtx("test", s.organizationId), s.projectId, NOW)).toMatchObject({ planned: 1, byReason: { at_risk: 1, never_observed: 0 } });
    expect((await db.trackedUrl.findUniqueOrThrow({ where: { id: top.id } })).engineASyncPriority).toBe(3);
  });

  it("checks pages Google has not crawled for 100 days before the oldest verdicts, and among verdicts of one day the one Googlebot left first", async () => {
    const s = await connectedProject({ gsc: f.gsc, engineB: f.engineB }, f.tenant, ["/aging", "/aging-logs", "/aging-checked", "/old-fetched", "/old-unfetched", "/old-left", "/older"]);
    const id = (p: string) => s.urls.find((u) => u.url.endsWith(p))!.id;
    const set = (p: string, data: object) => db.trackedUrl.update({ where: { id: id(p) }, data });
    // Google's own lastCrawlTime 110 days ago; a verdict 10 days old.
    await set("/aging", { engineAState: "indexed", engineAObservedAt: daysAgo(10), engineALastCrawlAt: daysAgo(110) });
    // The logs' last verified Googlebot fetch counts too, whichever is newer.
    await set("/aging-logs", { engineAState: "indexed", engineAObservedAt: daysAgo(10), engineALastCrawlAt: daysAgo(300), lastGooglebotFetchAt: daysAgo(105) });
    // Checked 3 days ago: an inspection does not make Google crawl, so not asked again before a week.
    await set("/aging-checked", { engineAState: "indexed", engineAObservedAt: daysAgo(3), engineALastCrawlAt: daysAgo(120) });
    // Verdicts of the same day (40 days old): Googlebot fetched one yesterday, left another 50 days ago, the third has no logs.
    await set("/old-fetched", { engineAState: "indexed", engineAObservedAt: daysAgo(40), engineALastCrawlAt: daysAgo(1), lastGooglebotFetchAt: daysAgo(1) });
    await set("/old-left", { engineAState: "indexed", engineAObservedAt: daysAgo(40.01), engineALastCrawlAt: daysAgo(50), lastGooglebotFetchAt: daysAgo(50) });
    await set("/old-unfetched", { engineAState: "indexed", engineAObservedAt: daysAgo(39.99), engineALastCrawlAt: daysAgo(45) });
    await set("/older", { engineAState: "crawled_not_indexed", engineAObservedAt: daysAgo(80), engineALastCrawlAt: daysAgo(80) });
    // Room for 5: the two aging pages, then the oldest verdict, then the page Googlebot left 50 days ago and the one fetched yesterday.
    await db.$executeRaw`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(NOW)}, 1995)`;
    expect(await planGscDay(systemCtx("test", s.organizationId), s.projectId, NOW)).toMatchObject({ planned: 5, byReason: { crawl_aging: 2, oldest_verdict: 3, at_risk: 0, never_observed: 0 } });
    const owed = Object.fromEntries((await db.trackedUrl.findMany({ where: { projectId: s.projectId }, select: { url: true, engineASyncPriority: true, engineACheckReason: true } }))
      .map((u) => [new URL(u.url).pathname, [u.engineASyncPriority, u.engineACheckReason]]));
    expect(owed).toEqual({
      "/aging": [4, "crawl_aging"], "/aging-logs": [4, "crawl_aging"], "/aging-checked": [null, null], "/older": [5, "oldest_verdict"],
      "/old-left": [5, "oldest_verdict"], "/old-fetched": [5, "oldest_verdict"], "/old-unfetched": [null, null],
    });
  });

  it("plans nothing for a project without a live Google connection", async () => {
    const s = await connectedProject({ gsc: f.gsc, engineB: f.engineB }, f.tenant, ["/a"], { gsc: false });
    expect(await planGscDay(systemCtx("test", s.organizationId), s.projectId, NOW)).toBeNull();
    expect((await listProjectsToPlan(NOW)).some((p) => p.projectId === s.projectId)).toBe(false);
  });
});

describe("under Inngest", () => {
  afterEach(() => vi.useRealTimers());

  it("the 15-minute function plans a connected project's day in its own step, step results through JSON", async () => {
    const s = await connectedProject({ gsc: f.gsc, engineB: f.engineB }, f.tenant, ["/never"]);
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    // The sweep lists this suite's project only: other suites' projects are theirs to plan.
    expect((await listProjectsToPlan(new Date())).map((p) => p.projectId)).toContain(s.projectId);
    const { result, error, steps } = await runUnderInngest(planGscDayFn, { memoized: { list: [ref(s)] } });
    vi.useRealTimers();
    expect(error).toBeUndefined();
    expect(steps).toContain(`plan-${s.projectId}`);
    expect(result).toEqual({ projects: 1, planned: 1 });
    expect(await db.trackedUrl.findUniqueOrThrow({ where: { id: s.urls[0].id }, select: { engineASyncPriority: true, engineACheckReason: true } }))
      .toEqual({ engineASyncPriority: 0, engineACheckReason: "never_observed" });
  });
});
