// Time to index through the real route handler, on URLs with known first-seen and first-indexed times.
import { beforeAll, describe, expect, it } from "vitest";
import * as metricsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/metrics/indexing/route";
import { db } from "@/lib/db";
import { CACHE_MS, indexingMetrics } from "@/lib/metrics/time-to-index";
import { bearer, call } from "../http";
import { createTestProject, createTestUser, type TestUser } from "../factories";

let alice: TestUser;
let mallory: TestUser;
let projectId: string;
const HOUR = 3_600_000;

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("tti-alice"), createTestUser("tti-mallory")]);
  const project = await createTestProject(alice, { domain: "tti.example" });
  projectId = project.id;
  const seen = new Date(Date.now() - 20 * 86_400_000); // first seen 20 days ago
  const at = (h: number | null) => (h === null ? null : new Date(seen.getTime() + h * HOUR));
  // path, hours to engine A, hours to engine B (null: never said indexed)
  const urls: [string, number | null, number | null][] = [
    ["/blog/2024/a", 10, 30], ["/blog/2024/b", 20, null], ["/blog/2025/c", 30, 400], ["/blog/d", 200, null],
    ["/shop/x", null, 50], ["/shop/y", null, null], ["/about", -5, null],
  ];
  await db.trackedUrl.createMany({
    data: urls.map(([path, a, b]) => {
      const first = [a, b].filter((h): h is number => h !== null).sort((x, y) => x - y)[0] ?? null;
      return {
        organizationId: alice.organizationId, projectId, url: `https://tti.example${path}`, source: "manual" as const, discoveredAt: seen,
        engineAIndexedAt: at(a), engineBIndexedAt: at(b), indexedAt: at(first),
      };
    }),
  });
  // Seen long before the window: never counted.
  await db.trackedUrl.create({ data: { organizationId: alice.organizationId, projectId, url: "https://tti.example/old", source: "manual", discoveredAt: new Date(Date.now() - 100 * 86_400_000), indexedAt: new Date() } });
});

const get = (user: TestUser, query: string, id = projectId) => call(metricsRoute.GET, {
  url: `http://127.0.0.1:3000/api/user/organizations/${user.organizationId}/projects/${id}/metrics/indexing${query}`,
  headers: bearer(user.sessionToken), params: { organizationId: user.organizationId, id },
});

describe("GET …/metrics/indexing", () => {
  it("per engine: URLs first seen in the window, median and p90 hours, the shares within 7 and 30 days", async () => {
    const res = await get(alice, "?days=30");
    expect(res.res.status).toBe(200);
    expect(res.body.data).toMatchObject({ days: 30, groupBy: "none", depth: 1 });
    const [all] = res.body.data.groups;
    expect(all.group).toBeNull();
    // Engine A: 10, 20, 30 and 200 hours; it had /about before we saw it: indexed, but no time to index (not a "0 h" in the median).
    expect(all.engines.engineA).toEqual({ urls: 7, indexed: 5, alreadyIndexed: 1, medianHours: 25, p90Hours: 149, within7d: 0.5714, within30d: 0.7143 });
    // Engine B: 30, 400, 50 hours.
    expect(all.engines.engineB).toEqual({ urls: 7, indexed: 3, alreadyIndexed: 0, medianHours: 50, p90Hours: 330, within7d: 0.2857, within30d: 0.4286 });
    // Either engine: the first of the two (10, 20, 30, 50, 200; /about was already indexed).
    expect(all.engines.any).toMatchObject({ urls: 7, indexed: 6, alreadyIndexed: 1, medianHours: 30, within7d: 0.7143 });
    expect((await get(alice, "?days=365")).body.data.groups[0].engines.any.urls).toBe(8);
    expect((await get(alice, "?days=5")).body.data.groups[0].engines.any).toEqual({ urls: 0, indexed: 0, alreadyIndexed: 0, medianHours: null, p90Hours: null, within7d: 0, within30d: 0 });
  });

  it("groups by path prefix at depth 1 and 2, largest first", async () => {
    const one = (await get(alice, "?groupBy=pathPrefix&depth=1")).body.data;
    expect(one.groups.map((g: { group: string }) => g.group)).toEqual(["/blog/", "/shop/", "/"]);
    expect(one.groups[0].engines.engineA).toMatchObject({ urls: 4, indexed: 4, medianHours: 25 });
    expect(one.groups[1].engines.engineB).toMatchObject({ urls: 2, indexed: 1, medianHours: 50 });
    const two = (await get(alice, "?groupBy=pathPrefix&depth=2")).body.data;
    expect(two.groups.map((g: { group: string }) => g.group)).toEqual(["/blog/2024/", "/shop/", "/", "/blog/", "/blog/2025/"]);
  });

  it("clamps days and depth, refuses what is not a number or an unknown groupBy, and other organizations' projects", async () => {
    expect((await get(alice, "?days=9999&depth=7")).body.data).toMatchObject({ days: 365, depth: 3 });
    expect((await get(alice, "?days=0&depth=0")).body.data).toMatchObject({ days: 1, depth: 1 });
    for (const q of ["?days=abc", "?depth=x", "?groupBy=host", "?groupBy=%00"]) expect((await get(alice, q)).res.status).toBe(400);
    expect((await get(mallory, "")).res.status).toBe(404);
  });
});

describe("time to removal, beside time to index", () => {
  it("per engine over the URLs of removals dropped in the window, with what is still followed", async () => {
    const u = await createTestUser("ttr");
    const p = await createTestProject(u, { domain: "ttr.example" });
    const DAY = 24 * HOUR;
    const declared = new Date(Date.now() - 40 * DAY);
    const batch = await db.removalBatch.create({ data: { organizationId: u.organizationId, projectId: p.id, intent: "gone", publicToken: `ttr-${Date.now()}`, createdAt: declared } });
    // days after the declaration: Google drop, Bing drop; null = not dropped; "stuck": still followed and stuck.
    const rows: [string, number | null, number | null, string][] = [
      ["/a", 5, 8, "removed"], ["/b", 11, 20, "removed"], ["/c", 15, null, "confirmed_by_site"], ["/d", 2, 3, "removed"], ["/e", null, null, "stuck"],
    ];
    for (const [path, a, b, state] of rows) {
      const t = await db.trackedUrl.create({ data: { organizationId: u.organizationId, projectId: p.id, url: `https://ttr.example${path}`, source: "manual" } });
      const at = (d: number | null) => (d === null ? null : new Date(declared.getTime() + d * DAY));
      await db.removalUrl.create({
        data: {
          organizationId: u.organizationId, projectId: p.id, batchId: batch.id, trackedUrlId: t.id, url: t.url, declaredAt: declared, state: state as "removed",
          activeTrackedUrlId: state === "removed" ? null : t.id, engineARemovedAt: at(a), engineBRemovedAt: at(b),
          removedAt: a !== null && b !== null ? at(Math.max(a, b)) : null,
        },
      });
    }
    const get30 = (await get(u, "?days=30", p.id)).body.data;
    // In the last 30 days (declared 40 days ago: drops after day 10): Google 11 and 15 days; Bing 20; removed (both) 20.
    expect(get30.timeToRemoval).toEqual({
      engineA: { removed: 2, medianHours: 312, p90Hours: 350.4 }, engineB: { removed: 1, medianHours: 480, p90Hours: 480 },
      all: { removed: 1, medianHours: 480, p90Hours: 480 }, following: 2, stuck: 1,
    });
    const all = (await get(u, "?days=365&groupBy=pathPrefix", p.id)).body.data.timeToRemoval;
    expect(all.engineA).toEqual({ removed: 4, medianHours: 192, p90Hours: 331.2 });
    expect(all.all).toMatchObject({ removed: 3, medianHours: 192 });
    expect((await get(u, "?days=1", p.id)).body.data.timeToRemoval.all).toEqual({ removed: 0, medianHours: null, p90Hours: null });
  });
});

describe("a large project's figures", () => {
  it("are kept an hour when slow to compute, answered from there, and computed afresh after the hour", async () => {
    const u = await createTestUser("tti-cache");
    const p = await createTestProject(u, { domain: "tti-cache.example" });
    const ctx = { actor: { type: "user" as const, userId: u.userId, email: u.email, sessionId: "t" }, org: { id: u.organizationId, role: "owner" as const }, request: { ipAddress: null, userAgent: null } };
    const seen = new Date(Date.now() - 2 * 86_400_000);
    await db.trackedUrl.create({ data: { organizationId: u.organizationId, projectId: p.id, url: "https://tti-cache.example/a", source: "manual", discoveredAt: seen, indexedAt: new Date(seen.getTime() + 10 * HOUR) } });
    const q = { days: 30, groupBy: "none" as const, depth: 1 };
    const t0 = new Date();
    // slowMs 0: every computation counts as slow (a million URLs take seconds; this test has one).
    expect((await indexingMetrics(ctx, p.id, q, t0, { slowMs: 0 })).groups[0].engines.any).toMatchObject({ urls: 1, medianHours: 10 });
    const b = await db.trackedUrl.create({ data: { organizationId: u.organizationId, projectId: p.id, url: "https://tti-cache.example/b", source: "manual", discoveredAt: seen } });
    const batch = await db.removalBatch.create({ data: { organizationId: u.organizationId, projectId: p.id, intent: "gone", publicToken: `tti-cache-${Date.now()}` } });
    await db.removalUrl.create({ data: { organizationId: u.organizationId, projectId: p.id, batchId: batch.id, trackedUrlId: b.id, activeTrackedUrlId: b.id, url: b.url, declaredAt: new Date() } });
    const cached = await indexingMetrics(ctx, p.id, q, new Date(t0.getTime() + 59 * 60_000));
    expect(cached.groups[0].engines.any.urls).toBe(1);
    expect(cached.timeToRemoval.following).toBe(1); // time to removal is never cached
    expect((await indexingMetrics(ctx, p.id, q, new Date(t0.getTime() + CACHE_MS))).groups[0].engines.any.urls).toBe(2);
    // Another organization's caller never reads it.
    const other = await createTestUser("tti-cache-other");
    await expect(indexingMetrics({ ...ctx, org: { id: other.organizationId, role: "owner" }, actor: { ...ctx.actor, userId: other.userId, email: other.email } }, p.id, q)).rejects.toThrow("not found");
  });
});
