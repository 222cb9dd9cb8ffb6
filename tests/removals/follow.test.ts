// Following removals to the end against the fake site (our own audit through the safe fetcher), the fake Google
// Search Console and the fake Bing: pending → confirmed_by_site → removed per engine → removed (url.removed,
// IndexNow), stuck after stuckAfterDays (removal_stuck issue, removal.stuck, issue.opened), a URL back in the
// sitemap cancelled, each intent judged from what the site really serves, and the webhooks the events become.
import { systemCtx } from "@/lib/core/context";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followRemovalsFn } from "@/inngest/functions/removals/follow-removals";
import { db } from "@/lib/db";
import { syncEngineBacklog } from "@/lib/engine-sync";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { fanOutEvent } from "@/lib/webhooks/fan-out";
import { slackMessage, type PublicEventEnvelope } from "@/lib/webhooks/payload";
import type { PublicEvent } from "@/lib/events/catalogue";
import { declareRemoval } from "@/lib/removals/declare-removal";
import { cancelRemoval } from "@/lib/removals/cancel-removal";
import { followProjectRemovals, listProjectsWithActiveRemovals } from "@/lib/removals/follow-removals";
import { getRemoval, listRemovals, listUrlRemovals } from "@/lib/removals/read-removals";
import { startFakeGsc, type FakeGsc } from "../fakes/gsc-server";
import { startFakeEngineB, type FakeEngineB } from "../fakes/engine-b-server";
import { createTestTenant, type TestTenant } from "../factories";
import { runUnderInngest } from "../inngest-engine";
import { setEnvForSuite } from "../engines/helpers";
import { AuditSite, type Host } from "../audit/helpers";
import { outbox, ref, removalProject } from "./helpers";

let site: AuditSite;
let gsc: FakeGsc;
let engineB: FakeEngineB;
let tenant: TestTenant;
beforeAll(async () => {
  [site, gsc, engineB, tenant] = await Promise.all([AuditSite.start(), startFakeGsc(), startFakeEngineB(), createTestTenant("removals-follow")]);
});
afterAll(async () => { await Promise.all([site.close(), gsc.close(), engineB.close()]); });
setEnvForSuite(() => ({ ...gsc.env(), ...engineB.env() }));

const DAY = 86_400_000;
const auditVia = (h: Host) => ({ audit: { fetcher: h.fetcher, robots: h.robots } });
const row = (batchId: string, trackedUrlId: string) => db.removalUrl.findFirstOrThrow({ where: { batchId, trackedUrlId } });
const notFound = { verdict: "FAIL", coverageState: "Not found (404)", pageFetchState: "NOT_FOUND", robotsTxtState: "ALLOWED", indexingState: "INDEXING_ALLOWED" };
const indexed = { verdict: "PASS", coverageState: "Submitted and indexed", pageFetchState: "SUCCESSFUL", robotsTxtState: "ALLOWED", indexingState: "INDEXING_ALLOWED", lastCrawlTime: "2026-01-01T00:00:00Z" };

describe("a gone batch followed to the end", () => {
  it("moves each URL pending → confirmed_by_site → removed per engine → removed, then stuck past stuckAfterDays, and emits the events", async () => {
    const h = site.host("gone");
    h.set("/old", { status: 404, body: "gone" });
    h.set("/still", { status: 200, body: "<html><head><title>still here</title></head></html>" });
    const p = await removalProject(tenant, h, ["/old", "/still"], { gsc, engineB });
    const old = p.urls["/old"], still = p.urls["/still"];
    await db.project.update({ where: { id: p.projectId }, data: { indexNowKey: "k".repeat(32), indexNowKeySource: "generated", indexNowKeyVerifiedAt: new Date() } });
    const hook = await createWebhook(tenant.ctx, { url: "https://hooks.test/removals", events: ["url.removed", "removal.stuck"] });

    const batch = await declareRemoval(tenant.ctx, p.projectId, { urls: [old.url, still.url], intent: "gone", stuckAfterDays: 30 });
    const declaredAt = (await row(batch.id, old.id)).declaredAt;

    // 1. Our audit: /old answers 404 (confirmed), /still answers 200 (pending, with the reason).
    const first = await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    expect(first).toMatchObject({ siteChecked: 2, confirmed: 1, removed: 0, stuck: 0 });
    expect(await row(batch.id, old.id)).toMatchObject({ state: "confirmed_by_site", siteConfirmed: true, siteReason: "answers 404", siteHttpStatus: 404 });
    expect(await row(batch.id, still.id)).toMatchObject({ state: "pending", siteConfirmed: false, siteReason: "still answers 200" });
    // The confirmed URL owes Google and Bing a check at the "check again" priority, and goes to IndexNow like a changed page.
    expect(await db.trackedUrl.findUniqueOrThrow({ where: { id: old.id } })).toMatchObject({ engineASyncPriority: 1, engineACheckReason: "removal", engineBSyncPriority: 1 });
    expect((await db.trackedUrl.findUniqueOrThrow({ where: { id: still.id } })).engineASyncPriority).toBeNull();
    expect(await db.indexNowQueueEntry.count({ where: { trackedUrlId: old.id } })).toBe(1);

    // 2. Google drops it first; Bing still has it: removed for Google only.
    gsc.setInspection(old.url, notFound);
    engineB.setUrlInfo(old.url, { HttpStatus: 200, LastCrawledDate: new Date(Date.now() - 5 * DAY), DiscoveryDate: new Date(Date.now() - 90 * DAY), DocumentSize: 5120 });
    await syncEngineBacklog(systemCtx("test", p.organizationId), p.projectId);
    await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    const half = await row(batch.id, old.id);
    expect(half).toMatchObject({ state: "confirmed_by_site", engineAState: "excluded", engineBState: "indexed", engineBRemovedAt: null });
    expect(half.engineARemovedAt!.getTime()).toBeGreaterThan(declaredAt.getTime());
    expect((await getRemoval(tenant.ctx, p.projectId, batch.id)).engines).toMatchObject({
      engineA: { connected: true, removed: 1, pending: 1 }, engineB: { connected: true, removed: 0, confirmedBySite: 1, pending: 1 },
    });

    // 3. Bing drops it too (crawled, answered 404): removed overall, url.removed once, the URL free again.
    engineB.setUrlInfo(old.url, { HttpStatus: 404, LastCrawledDate: new Date(), DiscoveryDate: new Date(Date.now() - 90 * DAY), DocumentSize: 0 });
    await db.trackedUrl.update({ where: { id: old.id }, data: { engineBSyncPriority: 1 } });
    await syncEngineBacklog(systemCtx("test", p.organizationId), p.projectId);
    const third = await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    expect(third.removed).toBe(1);
    const done = await row(batch.id, old.id);
    expect(done).toMatchObject({ state: "removed", activeTrackedUrlId: null, engineBState: "error" });
    expect(done.removedAt!.getTime()).toBe(Math.max(done.engineARemovedAt!.getTime(), done.engineBRemovedAt!.getTime()));
    const removedEvents = await outbox(p.organizationId, "url.removed");
    expect(removedEvents).toHaveLength(1);
    expect(removedEvents[0].data).toMatchObject({ removalId: batch.id, trackedUrlId: old.id, url: old.url, intent: "gone", declaredAt: declaredAt.toISOString() });
    await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    expect(await outbox(p.organizationId, "url.removed")).toHaveLength(1);

    // 4. Thirty-one days on, /still is still served and Google still indexes it: stuck, with the audit's reason.
    gsc.setInspection(still.url, indexed);
    await db.trackedUrl.update({ where: { id: still.id }, data: { engineASyncPriority: 1 } });
    await syncEngineBacklog(systemCtx("test", p.organizationId), p.projectId);
    const later = new Date(Date.now() + 31 * DAY);
    const fourth = await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, { ...auditVia(h), now: later });
    expect(fourth.stuck).toBe(1);
    expect(await row(batch.id, still.id)).toMatchObject({ state: "stuck", siteReason: "still answers 200", stuckAt: later });
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: p.projectId, type: "removal_stuck" } });
    expect(issue).toMatchObject({ status: "open", affectedUrlCount: 1, sampleUrls: [still.url], severity: "warning" });
    const stuckEvents = await outbox(p.organizationId, "removal.stuck");
    expect(stuckEvents.map((e) => e.data)).toEqual([expect.objectContaining({ trackedUrlId: still.id, reason: "still answers 200", stuckAfterDays: 30 })]);
    expect((await outbox(p.organizationId, "issue.opened")).map((e) => (e.data as { issueType: string }).issueType)).toContain("removal_stuck");

    // The batch reads stuck first, with its reason and the time to removal.
    const listed = await listRemovals(tenant.ctx, p.projectId, { offset: 0, limit: 20 });
    expect(listed.data[0]).toMatchObject({ id: batch.id, status: "active", counts: { removed: 1, stuck: 1 }, stuckReasons: [{ reason: "still answers 200", count: 1 }] });
    expect(listed.data[0].medianDaysToRemoval).not.toBeNull();

    // The events become webhook deliveries of the subscribed endpoint.
    for (const e of [...removedEvents, ...stuckEvents]) await fanOutEvent({ name: e.name, data: e.data, id: e.eventId } as PublicEvent & { id: string });
    const deliveries = await db.webhookDelivery.findMany({ where: { endpointId: hook.id } });
    expect(deliveries.map((d) => d.eventType).sort()).toEqual(["removal.stuck", "url.removed"]);
    // A Slack channel reads them as sentences naming the URL and the project.
    const slack = async (e: (typeof removedEvents)[number]) => (await slackMessage({ type: e.name, timestamp: e.createdAt.toISOString(), data: e.data } as PublicEventEnvelope)).text;
    expect(await slack(removedEvents[0])).toMatch(new RegExp(`out of the index on \\*${p.domain.replace(/\./g, "\\.")}\\*`));
    expect(await slack(stuckEvents[0])).toContain("still indexed");
    expect(await slack(stuckEvents[0])).toContain("still answers 200");

    // 5. Cancelling: the stuck URL is released, the issue resolves, the removed one stays removed.
    const cancelled = await cancelRemoval(tenant.ctx, p.projectId, batch.id, later);
    expect(cancelled).toMatchObject({ status: "cancelled", counts: { removed: 1, cancelled: 1, stuck: 0 } });
    expect((await db.issue.findUniqueOrThrow({ where: { id: issue.id } })).status).toBe("resolved");
  });

  it("finishes a batch when every URL is removed, and cancels a URL listed in the sitemap again", async () => {
    const h = site.host("finish");
    h.set("/a", { status: 410 });
    h.set("/b", { status: 404 });
    const p = await removalProject(tenant, h, ["/a", "/b"], { gsc });
    const batch = await declareRemoval(tenant.ctx, p.projectId, { urls: [p.urls["/a"].url, p.urls["/b"].url], intent: "gone" });
    await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    // /b comes back in the sitemap: its removal is cancelled, with the reason in words.
    await db.trackedUrl.update({ where: { id: p.urls["/b"].id }, data: { lastSeenInSitemapAt: new Date(Date.now() + 1000) } });
    gsc.setInspection(p.urls["/a"].url, notFound);
    await syncEngineBacklog(systemCtx("test", p.organizationId), p.projectId);
    const r = await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    expect(r).toMatchObject({ cancelled: 1, removed: 1 });
    expect(await row(batch.id, p.urls["/b"].id)).toMatchObject({ state: "cancelled", siteReason: expect.stringMatching(/sitemap again/) });
    const timeline = await listUrlRemovals(tenant.ctx, p.projectId, p.urls["/b"].id);
    expect(timeline[0]).toMatchObject({ state: "cancelled", cancelledBecause: "relisted" });
    // Only Google is connected: its word is enough.
    expect(await getRemoval(tenant.ctx, p.projectId, batch.id)).toMatchObject({ status: "finished", counts: { removed: 1, cancelled: 1, relisted: 1 } });
  });
});

describe("what our audit sees for each intent", () => {
  it("confirms only what the site really serves, and says why not in words", async () => {
    const h = site.host("intents");
    h.set("/robots.txt", { contentType: "text/plain", body: "User-agent: Googlebot\nDisallow: /private/\n\nUser-agent: bingbot\nDisallow: /private/\nDisallow: /both/\n\nUser-agent: *\nAllow: /\n" });
    h.set("/moved", { status: 301, redirect: `https://${h.host}/new-home` });
    h.set("/new-home", { status: 200, body: "<html><head></head></html>" });
    h.set("/moved-to-404", { status: 301, redirect: `https://${h.host}/missing` });
    h.set("/missing", { status: 404 });
    h.set("/temporary", { status: 302, redirect: `https://${h.host}/new-home` });
    h.set("/hidden", { status: 200, headers: { "x-robots-tag": "noindex" }, body: "<html><head></head></html>" });
    h.set("/google-only", { status: 200, body: '<html><head><meta name="googlebot" content="noindex"></head></html>' });
    h.set("/private/page", { status: 200, body: "<html></html>" });
    h.set("/both/page", { status: 200, body: "<html></html>" });
    const paths = ["/moved", "/moved-to-404", "/temporary", "/hidden", "/google-only", "/private/page", "/both/page"];
    const p = await removalProject(tenant, h, [...paths, "/new-home"], { gsc });
    const u = p.urls;
    const target = `https://${h.host}/new-home`;
    const batches = {
      moved: await declareRemoval(tenant.ctx, p.projectId, { urls: [u["/moved"].url, u["/moved-to-404"].url, u["/temporary"].url], intent: "redirected", redirectTarget: target }),
      noindex: await declareRemoval(tenant.ctx, p.projectId, { urls: [u["/hidden"].url, u["/google-only"].url], intent: "noindexed" }),
      blocked: await declareRemoval(tenant.ctx, p.projectId, { urls: [u["/private/page"].url, u["/both/page"].url], intent: "blocked" }),
    };
    await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    const seen = async (batchId: string, path: string) => {
      const r = await row(batchId, u[path].id);
      return [r.state, r.siteReason];
    };
    expect(await seen(batches.moved.id, "/moved")).toEqual(["confirmed_by_site", `redirects permanently to ${target}`]);
    expect(await seen(batches.moved.id, "/moved-to-404")).toEqual(["pending", `redirects to https://${h.host}/missing, not to ${target}`]);
    expect(await seen(batches.moved.id, "/temporary")).toEqual(["pending", "the redirect is temporary (302), not permanent"]);
    expect(await seen(batches.noindex.id, "/hidden")).toEqual(["confirmed_by_site", "serves noindex to Googlebot and Bingbot"]);
    expect(await seen(batches.noindex.id, "/google-only")).toEqual(["pending", "serves noindex to Googlebot only, not to Bingbot"]);
    expect(await seen(batches.blocked.id, "/private/page")).toEqual(["confirmed_by_site", "robots.txt disallows Googlebot and Bingbot"]);
    expect(await seen(batches.blocked.id, "/both/page")).toEqual(["pending", "robots.txt still allows Googlebot"]);
  });

  it("says when the redirect target itself answers 404 (no target recorded: any permanent redirect to a live page)", async () => {
    const h = site.host("target404");
    h.set("/gone-away", { status: 308, redirect: `https://${h.host}/void` });
    h.set("/void", { status: 404 });
    const p = await removalProject(tenant, h, ["/gone-away"], {});
    const b = await declareRemoval(tenant.ctx, p.projectId, { urls: [p.urls["/gone-away"].url], intent: "redirected" });
    await followProjectRemovals(systemCtx("test", p.organizationId), p.projectId, auditVia(h));
    expect(await row(b.id, p.urls["/gone-away"].id)).toMatchObject({ state: "pending", siteReason: "the redirect target answers 404" });
  });
});

describe("suggestions", () => {
  it("offers URLs that left the sitemap and now answer 404/410 or redirect, never declaring them", async () => {
    const h = site.host("suggest");
    const p = await removalProject(tenant, h, ["/left-404", "/left-redirect", "/listed-404", "/left-200"], {});
    const t0 = new Date(Date.now() - 2 * DAY), t1 = new Date(Date.now() - DAY);
    const set = (path: string, data: Record<string, unknown>) => db.trackedUrl.update({ where: { id: p.urls[path].id }, data: { lastAuditAt: t1, ...data } });
    await set("/left-404", { staleAt: t0, httpStatus: 404, healthState: "client_error", redirectHops: 0 });
    await set("/left-redirect", { staleAt: t0, httpStatus: 200, healthState: "redirected", redirectHops: 1, redirectTarget: `https://${h.host}/new` });
    await set("/listed-404", { httpStatus: 404, healthState: "client_error" });
    await set("/left-200", { staleAt: t0, httpStatus: 200, healthState: "healthy" });
    const { meta } = await listRemovals(tenant.ctx, p.projectId, { offset: 0, limit: 20 });
    expect(meta.suggestionsTotal).toBe(2);
    expect(meta.suggestions.map((s) => [s.url, s.intent, s.redirectTarget]).sort()).toEqual([
      [p.urls["/left-404"].url, "gone", null], [p.urls["/left-redirect"].url, "redirected", `https://${h.host}/new`],
    ]);
    expect(await db.removalBatch.count({ where: { projectId: p.projectId } })).toBe(0);
    await declareRemoval(tenant.ctx, p.projectId, { urlIds: [p.urls["/left-404"].id], intent: "gone" });
    expect((await listRemovals(tenant.ctx, p.projectId, { offset: 0, limit: 20 })).meta.suggestionsTotal).toBe(1);
  });
});

describe("under Inngest", () => {
  it("the hourly function follows each project with an active batch in its own step, step results through JSON", async () => {
    const h = site.host("inngest");
    h.set("/old", { status: 404, body: "gone" });
    const p = await removalProject(tenant, h, ["/old"], { gsc });
    const batch = await declareRemoval(tenant.ctx, p.projectId, { urls: [p.urls["/old"].url], intent: "gone" });
    // The function audits through the app's default fetcher, which cannot reach the test host: the check is recorded as failed.
    // The sweep lists this suite's project only: other suites' removals are theirs to follow.
    expect(await listProjectsWithActiveRemovals()).toContainEqual(ref(p));
    const { result, error, steps } = await runUnderInngest(followRemovalsFn, { memoized: { list: [ref(p)] } });
    expect(error).toBeUndefined();
    expect(steps).toContain(`follow-${p.projectId}`);
    expect(result).toMatchObject({ projects: 1, siteChecked: 1, confirmed: 0 });
    expect(await row(batch.id, p.urls["/old"].id)).toMatchObject({ state: "pending", siteConfirmed: false, siteCheckedAt: expect.any(Date), siteReason: expect.any(String) });
  });
});
