// The daily sweep: aggregates past 16 months go, and each URL's 30-day crawler hits follow the moving window.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { maintainCrawlActivityFn } from "@/inngest/functions/crawl-logs/maintain-crawl-activity";
import { db } from "@/lib/db";
import { maintainCrawlActivity } from "@/lib/crawl-logs/store/maintain-crawl-activity";
import { createTestTenant } from "../factories";
import { runUnderInngest } from "../inngest-engine";
import { admit, projectFor, type Target } from "../urls/helpers";

let t: Target;
const NOW = new Date();
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);
const day = (n: number) => new Date(`${daysAgo(n).toISOString().slice(0, 10)}T00:00:00Z`);

beforeAll(async () => {
  t = await projectFor(await createTestTenant("crawl-maintain"));
  await admit(t, [`https://${t.domain}/a`, `https://${t.domain}/b`]);
});

describe("the daily crawl activity sweep", () => {
  it("drops aggregates older than 480 days and recomputes 30-day hits", async () => {
    const [a, b] = await db.trackedUrl.findMany({ where: { projectId: t.projectId }, orderBy: { url: "asc" } });
    const row = (trackedUrlId: string, n: number, hits: number) => ({ trackedUrlId, projectId: t.projectId, family: "googlebot", day: day(n), hits, status2xx: hits, firstFetchAt: daysAgo(n), lastFetchAt: daysAgo(n) });
    await db.crawlUrlDay.createMany({ data: [row(a.id, 500, 7), row(a.id, 40, 2), row(a.id, 5, 3), row(b.id, 45, 4)] });
    await db.crawlProjectDay.createMany({ data: [{ projectId: t.projectId, family: "googlebot", day: day(500), verifiedHits: 7 }, { projectId: t.projectId, family: "googlebot", day: day(5), verifiedHits: 3 }] });
    // Stale counts, as the window moved on since the last import.
    await db.trackedUrl.update({ where: { id: a.id }, data: { crawlerHits30d: 12 } });
    await db.trackedUrl.update({ where: { id: b.id }, data: { crawlerHits30d: 4, lastGooglebotFetchAt: daysAgo(45) } });

    const out = await maintainCrawlActivity(NOW);
    expect(out.purged.urlDays).toBeGreaterThanOrEqual(1);
    expect(await db.crawlUrlDay.count({ where: { projectId: t.projectId } })).toBe(3);
    expect(await db.crawlProjectDay.count({ where: { projectId: t.projectId } })).toBe(1);
    const after = await db.trackedUrl.findMany({ where: { projectId: t.projectId }, orderBy: { url: "asc" } });
    expect(after.map((u) => u.crawlerHits30d)).toEqual([3, 0]);
    expect(after[0].lastGooglebotFetchAt).toEqual(daysAgo(5));
    expect(after[1].lastGooglebotFetchAt).toEqual(daysAgo(45));
  });

  it("deletes a deleted URL's crawl days with it, and sweeps days written for a URL that no longer exists", async () => {
    await admit(t, [`https://${t.domain}/gone`]);
    const gone = await db.trackedUrl.findFirstOrThrow({ where: { projectId: t.projectId, url: `https://${t.domain}/gone` } });
    const row = (trackedUrlId: string) => ({ trackedUrlId, projectId: t.projectId, family: "bingbot", day: day(2), hits: 1, status2xx: 1, firstFetchAt: daysAgo(2), lastFetchAt: daysAgo(2) });
    await db.crawlUrlDay.create({ data: row(gone.id) });
    await db.trackedUrl.delete({ where: { id: gone.id } });
    expect(await db.crawlUrlDay.count({ where: { trackedUrlId: gone.id } })).toBe(0);

    // An import that resolved the URL before it was deleted writes its day afterwards.
    const orphan = randomUUID();
    await db.crawlUrlDay.create({ data: row(orphan) });
    const out = await maintainCrawlActivity(NOW);
    expect(out.purged.orphanDays).toBeGreaterThanOrEqual(1);
    expect(await db.crawlUrlDay.count({ where: { trackedUrlId: orphan } })).toBe(0);
    expect(await db.crawlUrlDay.count({ where: { projectId: t.projectId, family: "googlebot" } })).toBe(3);
  });

  it("folds untracked URL hits an import appended and left unfolded, and drops a deleted project's", async () => {
    const at = daysAgo(3);
    const gone = randomUUID();
    await db.crawlUntrackedDelta.createMany({ data: [
      { projectId: t.projectId, path: "/left-behind", hits: 2, lastStatus: 404, firstSeenAt: at, lastSeenAt: at },
      { projectId: t.projectId, path: "/left-behind", hits: 1, lastStatus: 200, firstSeenAt: daysAgo(2), lastSeenAt: daysAgo(2) },
      { projectId: gone, path: "/gone", hits: 1, lastStatus: 200, firstSeenAt: at, lastSeenAt: at },
    ] });
    const out = await maintainCrawlActivity(NOW);
    expect(out.folded).toBeGreaterThanOrEqual(1);
    expect(await db.crawlUntrackedUrl.findUnique({ where: { projectId_url: { projectId: t.projectId, url: `https://${t.domain}/left-behind` } } }))
      .toMatchObject({ verifiedHits: 3, lastStatus: 200, firstSeenAt: at, lastSeenAt: daysAgo(2) });
    expect(await db.crawlUntrackedDelta.count({ where: { projectId: { in: [t.projectId, gone] } } })).toBe(0);
  });
});

describe("under Inngest (step results through JSON)", () => {
  it("the daily function drops an aggregate past 480 days and keeps the recent one", async () => {
    const u = await projectFor(await createTestTenant("crawl-maintain-inngest"));
    await admit(u, [`https://${u.domain}/x`]);
    const [x] = await db.trackedUrl.findMany({ where: { projectId: u.projectId } });
    const row = (n: number, hits: number) => ({ trackedUrlId: x.id, projectId: u.projectId, family: "googlebot", day: day(n), hits, status2xx: hits, firstFetchAt: daysAgo(n), lastFetchAt: daysAgo(n) });
    await db.crawlUrlDay.createMany({ data: [row(500, 7), row(3, 2)] });
    const { result, error } = await runUnderInngest(maintainCrawlActivityFn);
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ purged: { urlDays: expect.any(Number) } });
    expect((await db.crawlUrlDay.findMany({ where: { projectId: u.projectId }, select: { hits: true } }))).toEqual([{ hits: 2 }]);
  });
});
