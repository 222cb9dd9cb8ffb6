import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeUrlHistoryFn } from "@/inngest/functions/inspections/purge-url-history";
import { runScheduledInspectionsFn } from "@/inngest/functions/inspections/run-scheduled-inspections";
import { db } from "@/lib/db";
import { recentEvents } from "@/lib/events/event-log";
import { claimInspections, LEASE_MS } from "@/lib/inspections/claim-inspections";
import { FIRST_RETRY_MS } from "@/lib/inspections/merge-outcome";
import { inspectPlannedProject } from "@/lib/inspections/inspect-planned-project";
import { planInspections, waterfill } from "@/lib/inspections/plan-inspections";
import { createTestUser } from "../factories";
import { runUnderInngest } from "../inngest-engine";
import { SitemapSite } from "../sitemaps/helpers";
import { addUrls, automatedProject, balanceOf, inspectionCharges, planned, servePages, setBalance, siteRunner, uniqueDomain } from "./helpers";

let site: SitemapSite;
beforeAll(async () => {
  site = await SitemapSite.start();
});
afterAll(() => site.close());

const debited = async (orgId: string) => -(await inspectionCharges(orgId)).reduce((s, c) => s + c.amount, 0);
const past = () => new Date(Date.now() - 60_000);
const DAY = 86_400_000;

describe("scheduled inspections", () => {
  it("inspects due URLs for one credit each, writes the audit and schedules the next one cadence later", async () => {
    const u = await createTestUser("sched-basic");
    const p = await automatedProject(u, { cadence: "daily" });
    const urls = await addUrls(p, 5, past());
    servePages(site, p.domain, urls.map((x) => new URL(x.url).pathname));

    const before = Date.now();
    const report = await inspectPlannedProject(planned(p, 100), { runner: siteRunner(site.fetcher([p.domain])) });
    expect(report).toEqual({ inspected: 5, charged: 5, failed: 0, skippedNoCredits: 0 });
    expect(await balanceOf(u.organizationId)).toBe(95);

    const charges = await inspectionCharges(u.organizationId);
    expect(charges.map((c) => [c.amount, c.balanceAfter])).toEqual([[-5, 95]]);
    expect(charges[0].metadata).toMatchObject({ projectId: p.id, urls: 5, scheduled: 5, requested: 0 });
    expect(await db.inspectionClaim.count({ where: { organizationId: u.organizationId } })).toBe(0);

    const rows = await db.trackedUrl.findMany({ where: { projectId: p.id } });
    for (const r of rows) {
      expect(r).toMatchObject({ healthState: "healthy", httpStatus: 200, indexability: "indexable", consecutiveInspectionFailures: 0 });
      const next = r.nextInspectionAt!.getTime() - before;
      expect(next).toBeGreaterThan(0.94 * DAY);
      expect(next).toBeLessThan(1.06 * DAY + 60_000);
    }
    expect(await db.urlHistoryEntry.count({ where: { projectId: p.id, kind: "audit", source: "scheduled" } })).toBe(5);

    // Nothing is due any more: a second pass claims nothing and charges nothing.
    expect(await inspectPlannedProject(planned(p, 100), { runner: siteRunner(site.fetcher([p.domain])) })).toMatchObject({ inspected: 0, charged: 0 });
  });

  it("claims racing on one organization never overspend: no URL twice, balance never below zero", async () => {
    const u = await createTestUser("sched-race");
    const p = await automatedProject(u);
    await addUrls(p, 40, past());
    await setBalance(u.organizationId, 12);

    const now = new Date();
    const claims = await Promise.all([1, 2, 3, 4].map(() => claimInspections({ organizationId: u.organizationId, projectId: p.id, includeDue: true }, 10, now)));
    const ids = claims.flatMap((c) => c.urls.map((x) => x.id));
    expect(ids.length).toBe(12);
    expect(new Set(ids).size).toBe(12);
    expect(claims.reduce((s, c) => s + c.charged, 0)).toBe(12);
    expect(claims.reduce((s, c) => s + c.skippedNoCredits, 0)).toBeGreaterThan(0);
    expect(await balanceOf(u.organizationId)).toBe(0);
    expect(await debited(u.organizationId)).toBe(12);
  });

  it("two workers stop cleanly at zero credits; credits.low is sent once for the crossing", async () => {
    const u = await createTestUser("sched-zero");
    const p = await automatedProject(u);
    const urls = await addUrls(p, 30, past());
    servePages(site, p.domain, urls.map((x) => new URL(x.url).pathname));
    await setBalance(u.organizationId, 12);
    const lows = () => recentEvents("credits/low").filter((e) => e.data.organizationId === u.organizationId);

    const runner = siteRunner(site.fetcher([p.domain]));
    const reports = await Promise.all([1, 2].map(() => inspectPlannedProject(planned(p, 30), { runner, batchSize: 4 })));
    expect(reports.reduce((s, r) => s + r.inspected, 0)).toBe(12);
    expect(reports.reduce((s, r) => s + r.charged, 0)).toBe(12);
    expect(reports.some((r) => r.skippedNoCredits > 0)).toBe(true);
    expect(await balanceOf(u.organizationId)).toBe(0);
    expect(await db.trackedUrl.count({ where: { projectId: p.id, lastAuditAt: { not: null } } })).toBe(12);
    expect(lows()).toHaveLength(1);
    expect(lows()[0].data).toMatchObject({ balance: expect.any(Number), threshold: 10 });

    // At zero a run inspects nothing and sends nothing more.
    const idle = await inspectPlannedProject(planned(p, 30), { runner });
    expect(idle).toMatchObject({ inspected: 0, charged: 0 });
    expect(lows()).toHaveLength(1);
    expect(await db.trackedUrl.count({ where: { projectId: p.id, lastAuditAt: { not: null } } })).toBe(12);
  });

  it("a retried claim of a slot already paid for is not charged again", async () => {
    const u = await createTestUser("sched-retry");
    const p = await automatedProject(u);
    await addUrls(p, 3, past());
    const t0 = new Date();
    const first = await claimInspections({ organizationId: u.organizationId, projectId: p.id, includeDue: true }, 10, t0);
    expect(first).toMatchObject({ charged: 3 });
    // The step "crashed" before writing outcomes: while leased, nobody else takes the URLs…
    expect((await claimInspections({ organizationId: u.organizationId, projectId: p.id, includeDue: true }, 10, new Date(t0.getTime() + 1000))).urls).toEqual([]);
    // …and once the lease ran out, the same slots are claimed again, free.
    const again = await claimInspections({ organizationId: u.organizationId, projectId: p.id, includeDue: true }, 10, new Date(t0.getTime() + LEASE_MS + 1000));
    expect(again.urls.map((x) => x.id).sort()).toEqual(first.urls.map((x) => x.id).sort());
    expect(again.charged).toBe(0);
    expect(await balanceOf(u.organizationId)).toBe(97);
    expect(await debited(u.organizationId)).toBe(3);
  });

  it("never inspects paused or deleted projects, nor projects with automation off (unless URLs were queued)", async () => {
    const u = await createTestUser("sched-skip");
    const paused = await automatedProject(u);
    const deleted = await automatedProject(u);
    const off = await automatedProject(u, { enabled: false });
    for (const p of [paused, deleted, off]) await addUrls(p, 3, past());
    await db.project.update({ where: { id: paused.id }, data: { status: "paused" } });
    await db.project.update({ where: { id: deleted.id }, data: { deletedAt: new Date(), liveDomain: null, status: "paused" } });

    const plan = await planInspections(100_000, new Date());
    const ids = plan.projects.map((x) => x.projectId);
    expect(ids).not.toContain(paused.id);
    expect(ids).not.toContain(deleted.id);
    expect(ids).not.toContain(off.id);

    // A project with automation off still has its queued URLs inspected, and only those.
    const [queued] = await db.trackedUrl.findMany({ where: { projectId: off.id }, take: 1 });
    await db.inspectionRequest.create({ data: { trackedUrlId: queued.id, organizationId: u.organizationId, projectId: off.id } });
    const withQueue = await planInspections(100_000, new Date());
    expect(withQueue.projects.find((x) => x.projectId === off.id)).toMatchObject({ allocation: 1 });
    servePages(site, off.domain, ["/p0", "/p1", "/p2"]);
    const report = await inspectPlannedProject(planned(off, 10), { runner: siteRunner(site.fetcher([off.domain])) });
    expect(report).toMatchObject({ inspected: 1, charged: 1 });
    expect(await db.inspectionRequest.count({ where: { projectId: off.id } })).toBe(0);
    const after = await db.trackedUrl.findUniqueOrThrow({ where: { id: queued.id } });
    expect(after).toMatchObject({ healthState: "healthy", nextInspectionAt: queued.nextInspectionAt });
  });

  it("is fair: a project with 10 due URLs is served in the first tick while others have hundreds", async () => {
    const a = await createTestUser("fair-a");
    const b = await createTestUser("fair-b");
    await setBalance(a.organizationId, 100_000);
    await setBalance(b.organizationId, 100_000);
    const small = await automatedProject(a);
    const bigs = [await automatedProject(a), await automatedProject(a), await automatedProject(a)];
    const other = await automatedProject(b);
    await addUrls(small, 10, past());
    // Each organization's equal share is about 300: organization a's three large projects (150 each) and
    // organization b's one (400) all need more than they get.
    for (const p of bigs) await addUrls(p, 150, past());
    await addUrls(other, 400, past());

    const plan = await planInspections(600, new Date());
    const share = (id: string) => plan.projects.find((x) => x.projectId === id)?.allocation ?? 0;
    expect(share(small.id)).toBe(10);
    // Organizations first: organization b's one project gets what organization a's projects get together.
    const aTotal = share(small.id) + bigs.reduce((s, p) => s + share(p.id), 0);
    expect(Math.abs(aTotal - share(other.id))).toBeLessThanOrEqual(2);
    expect(plan.projects.reduce((s, x) => s + x.allocation, 0)).toBeLessThanOrEqual(600);
    expect(plan.deferred).toBeGreaterThan(0);
    // Leave no backlog behind for the cron test below (or any other suite planning over the database).
    await db.project.updateMany({ where: { id: { in: [small.id, other.id, ...bigs.map((p) => p.id)] } }, data: { automatedInspectionsEnabled: false } });
  });

  it("backs off after failures, doubling from 15 minutes up to the cadence, and a success resets", async () => {
    const u = await createTestUser("sched-backoff");
    const p = await automatedProject(u, { cadence: "daily", domain: uniqueDomain("down") });
    const [url] = await addUrls(p, 1, past());
    // No CONNECT_TO mapping and a name that does not resolve: every attempt fails at DNS.
    const { createSafeFetcher } = await import("@/lib/net/safe-fetch");
    const { createResolver } = await import("@/lib/net/resolver");
    const dead = siteRunner(createSafeFetcher({ resolver: createResolver({ servers: ["127.0.0.1:9"], timeoutMs: 200 }) }));
    let clock = Date.now();
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      await db.trackedUrl.update({ where: { id: url.id }, data: { nextInspectionAt: new Date(clock - 1000) } });
      const report = await inspectPlannedProject(planned(p, 10), { runner: dead, now: () => new Date(clock) });
      expect(report).toMatchObject({ inspected: 1, failed: 1 });
      const row = await db.trackedUrl.findUniqueOrThrow({ where: { id: url.id } });
      expect(row.consecutiveInspectionFailures).toBe(i + 1);
      expect(row.lastInspectionFailureCode).toBeTruthy();
      expect(row.lastInspectionFailureAt!.getTime()).toBe(clock);
      delays.push(row.nextInspectionAt!.getTime() - clock);
      clock += 1000;
    }
    expect(delays).toEqual([FIRST_RETRY_MS, 2 * FIRST_RETRY_MS, 4 * FIRST_RETRY_MS, 8 * FIRST_RETRY_MS]);

    servePages(site, p.domain, ["/p0"]);
    await db.trackedUrl.update({ where: { id: url.id }, data: { nextInspectionAt: new Date(clock - 1000) } });
    await inspectPlannedProject(planned(p, 10), { runner: siteRunner(site.fetcher([p.domain])), now: () => new Date(clock) });
    const healed = await db.trackedUrl.findUniqueOrThrow({ where: { id: url.id } });
    expect(healed).toMatchObject({ consecutiveInspectionFailures: 0, healthState: "healthy" });
    expect(healed.lastInspectionSuccessAt!.getTime()).toBe(clock);
    expect(healed.nextInspectionAt!.getTime() - clock).toBeGreaterThan(0.94 * DAY);
  });
});

describe("the cron function", () => {
  it("runs a tick through the in-process runner and reports what it did", async () => {
    const u = await createTestUser("sched-cron");
    const p = await automatedProject(u, { enabled: false });
    await db.trackedUrl.create({ data: { organizationId: u.organizationId, projectId: p.id, url: `http://${p.domain}/queued`, source: "manual" } });
    const url = await db.trackedUrl.findFirstOrThrow({ where: { projectId: p.id } });
    await db.inspectionRequest.create({ data: { trackedUrlId: url.id, organizationId: u.organizationId, projectId: p.id } });
    servePages(site, p.domain, ["/queued"]);
    // The function audits through the app's default fetcher: every host's port 80 goes to the test site.
    process.env.CONNECT_TO = `:80:127.0.0.1:${site.site.httpPort}`;
    const { triggerCronNow } = await import("@/lib/jobs/scheduler");
    const run = await triggerCronNow("inspections-run-scheduled");
    expect(run.status).toBe("completed");
    const report = (run as { output: Record<string, number> }).output;
    expect(Object.keys(report).sort()).toEqual(["charged", "deferred", "failed", "inspected", "projects", "skippedNoCredits"]);
    expect(report.inspected).toBeGreaterThanOrEqual(1);
    expect(await db.trackedUrl.findUniqueOrThrow({ where: { id: url.id } })).toMatchObject({ healthState: "healthy", httpStatus: 200 });
    expect(await db.urlHistoryEntry.findFirstOrThrow({ where: { trackedUrlId: url.id } })).toMatchObject({ source: "requested" });
    expect(await balanceOf(u.organizationId)).toBe(99);
    expect(await db.inspectionRequest.count({ where: { projectId: p.id } })).toBe(0);
  });

  it("runs a tick under Inngest (step results through JSON) and inspects the queued URL", async () => {
    const u = await createTestUser("sched-inngest");
    const p = await automatedProject(u, { enabled: false });
    const url = await db.trackedUrl.create({ data: { organizationId: u.organizationId, projectId: p.id, url: `http://${p.domain}/queued`, source: "manual" } });
    await db.inspectionRequest.create({ data: { trackedUrlId: url.id, organizationId: u.organizationId, projectId: p.id } });
    servePages(site, p.domain, ["/queued"]);
    process.env.CONNECT_TO = `:80:127.0.0.1:${site.site.httpPort}`;
    // The tick plans every organization's due URLs: it inspects this suite's project only (a memoized plan, as
    // planInspections makes it), so that it never works on what parallel suites are in the middle of.
    const plan = await planInspections(5000, new Date());
    const mine = plan.projects.find((x) => x.projectId === p.id);
    expect(mine).toMatchObject({ organizationId: u.organizationId, allocation: expect.any(Number) });
    const { result, error, steps } = await runUnderInngest(runScheduledInspectionsFn, { memoized: { plan: { projects: [mine], deferred: 0, skippedNoCredits: 0 } } });
    expect(error).toBeUndefined();
    expect(steps).toContain(`inspect-${p.id}`);
    expect(result).toEqual({ projects: 1, inspected: 1, charged: 1, deferred: 0, failed: 0, skippedNoCredits: 0 });
    expect(await db.trackedUrl.findUniqueOrThrow({ where: { id: url.id } })).toMatchObject({ healthState: "healthy", httpStatus: 200 });
    expect(await balanceOf(u.organizationId)).toBe(99);
  });
});

describe("purge", () => {
  it("drops history past 400 days and claims left by dead runs, and nothing else", async () => {
    const u = await createTestUser("sched-purge");
    const p = await automatedProject(u);
    const [a, b] = await addUrls(p, 2, past());
    const now = new Date();
    const entry = (id: string, daysAgo: number) => ({
      organizationId: u.organizationId, projectId: p.id, trackedUrlId: id, observedAt: new Date(now.getTime() - daysAgo * DAY), kind: "audit" as const,
      state: {}, changed: [], source: "scheduled",
    });
    await db.urlHistoryEntry.createMany({ data: [entry(a.id, 401), entry(a.id, 399), entry(b.id, 1)] });
    await db.inspectionClaim.createMany({ data: [
      { trackedUrlId: a.id, slot: now, organizationId: u.organizationId, projectId: p.id, leasedUntil: new Date(now.getTime() - 2 * DAY) },
      { trackedUrlId: b.id, slot: now, organizationId: u.organizationId, projectId: p.id, leasedUntil: new Date(now.getTime() + 60_000) },
      { trackedUrlId: crypto.randomUUID(), slot: now, organizationId: u.organizationId, projectId: p.id, leasedUntil: new Date(now.getTime() + 60_000) },
    ] });
    const { purgeStaleClaims, purgeUrlHistory } = await import("@/lib/inspections/purge-url-history");
    expect(await purgeUrlHistory(now)).toBeGreaterThanOrEqual(1);
    expect((await db.urlHistoryEntry.findMany({ where: { projectId: p.id } })).map((h) => Math.round((now.getTime() - h.observedAt.getTime()) / DAY)).sort()).toEqual([1, 399]);
    expect(await purgeStaleClaims(now)).toBeGreaterThanOrEqual(2);
    expect((await db.inspectionClaim.findMany({ where: { organizationId: u.organizationId } })).map((c) => c.trackedUrlId)).toEqual([b.id]);
  });

  it("runs the daily purge under Inngest (its start time through JSON as an ISO string)", async () => {
    const u = await createTestUser("sched-purge-inngest");
    const p = await automatedProject(u);
    const [a] = await addUrls(p, 1, past());
    const now = new Date();
    const entry = (daysAgo: number) => ({
      organizationId: u.organizationId, projectId: p.id, trackedUrlId: a.id, observedAt: new Date(now.getTime() - daysAgo * DAY), kind: "audit" as const,
      state: {}, changed: [], source: "scheduled",
    });
    await db.urlHistoryEntry.createMany({ data: [entry(402), entry(398)] });
    await db.inspectionClaim.create({ data: { trackedUrlId: crypto.randomUUID(), slot: now, organizationId: u.organizationId, projectId: p.id, leasedUntil: new Date(now.getTime() + 60_000) } });
    const { result, error } = await runUnderInngest(purgeUrlHistoryFn);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ rows: expect.any(Number), claims: expect.any(Number) });
    expect((await db.urlHistoryEntry.findMany({ where: { projectId: p.id } })).map((h) => Math.round((now.getTime() - h.observedAt.getTime()) / DAY))).toEqual([398]);
    expect(await db.inspectionClaim.count({ where: { organizationId: u.organizationId } })).toBe(0);
  });
});

describe("waterfill", () => {
  it.each([
    [[10, Infinity], 100, [10, 90]],
    [[10, 20, 30], 100, [10, 20, 30]],
    [[Infinity, Infinity, Infinity], 10, [4, 3, 3]],
    [[0, 5], 3, [0, 3]],
    [[1, 1, 1, 1], 2, [1, 1, 0, 0]],
    [[], 5, []],
  ])("%j with %i → %j", (demands, budget, expected) => {
    expect(waterfill(demands, budget)).toEqual(expected);
  });
});
