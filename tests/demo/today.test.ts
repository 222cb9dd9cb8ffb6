// The demo's "today" (scripts/demo-today.ts, run by scripts/demo-seed.ts): a demo seeded with 90 days of history
// shows today's availability check and sitemap sync, not the last ones of the replayed history, and Search Analytics
// pulled from the console through the product's own pull, so URLs have clicks and impressions. Against a real local
// site (tests/audit/helpers) and the fake console; the demo world's performance rows follow its indexing story.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrgCtx } from "@/lib/core/context";
import { db } from "@/lib/db";
import { sealGscRefreshToken } from "@/lib/connections/secrets";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import { addDays } from "@/lib/search-analytics/day-keys";
import { seedToday } from "@/scripts/demo-today";
import { catalogue, gscResult, SEARCH_DAYS, searchAnalyticsRows } from "@/scripts/demo-world";
import { AuditSite } from "../audit/helpers";
import { engineFakesForSuite } from "../engine-sync/helpers";
import { createTestProject } from "../factories";

const DAY = 86_400_000;
const f = engineFakesForSuite("demo-today");
let site: AuditSite;
beforeAll(async () => {
  site = await AuditSite.start();
});
afterAll(() => site.close());

describe("the demo's today", () => {
  it("probes availability and syncs the sitemaps now when the last ones are old, and pulls clicks and impressions", async () => {
    const h = site.host("demo");
    const paths = ["/", "/tents", "/boots"];
    h.set("/sitemap.xml", { contentType: "application/xml", body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((p) => `<url><loc>${h.url(p)}</loc></url>`).join("")}</urlset>` });
    for (const p of paths) h.set(p, "<!doctype html><title>page</title>");
    const project = await createTestProject(f.tenant, { domain: h.host });
    const property = `sc-domain:${h.host}`;
    const email = `owner-${h.host}@example.test`;
    f.gsc.addUser(email, [{ siteUrl: property, permissionLevel: "siteOwner" }]);
    const { refreshToken } = f.gsc.issueTokens(email);
    // As the replayed history leaves it: the last availability check 90 days ago, the last sync 30 days ago.
    await db.project.update({
      where: { id: project.id },
      data: {
        gscRefreshTokenEnc: sealGscRefreshToken(project.id, refreshToken), gscPropertyUrl: property, gscConnectedAt: new Date(Date.now() - 88 * DAY),
        lastAvailabilityCheckAt: new Date(Date.now() - 90 * DAY), lastSitemapSyncAt: new Date(Date.now() - 30 * DAY),
      },
    });
    await db.trackedUrl.createMany({ data: paths.map((p) => ({ organizationId: f.tenant.organizationId, projectId: project.id, url: h.url(p), source: "sitemap" as const })) });
    const today = pacificDayKey(new Date());
    f.gsc.setSearchAnalytics(property, [
      { page: h.url("/"), date: addDays(today, -3), clicks: 4, impressions: 120, position: 3.2 },
      { page: h.url("/tents"), date: addDays(today, -5), clicks: 1, impressions: 40, position: 7 },
      { page: h.url("/tents"), date: addDays(today, -6), clicks: 0, impressions: 12, position: 9 },
    ]);
    const ctx: OrgCtx = f.tenant.ctx;

    const result = await seedToday(ctx, project.id, { fetcher: h.fetcher });
    expect(result).toMatchObject({ probed: true, synced: true, searchAnalytics: "pulled", searchRows: 3 });
    const after = await db.project.findUniqueOrThrow({ where: { id: project.id } });
    expect(Date.now() - after.lastAvailabilityCheckAt!.getTime()).toBeLessThan(DAY);
    expect(Date.now() - after.lastSitemapSyncAt!.getTime()).toBeLessThan(DAY);
    expect(h.requests()).toEqual(expect.arrayContaining(["/robots.txt", "/sitemap.xml"]));
    const urls = await db.trackedUrl.findMany({ where: { projectId: project.id }, orderBy: { url: "asc" }, select: { url: true, clicks28d: true, impressions28d: true } });
    expect(urls).toEqual([
      { url: h.url("/"), clicks28d: 4, impressions28d: 120 },
      { url: h.url("/boots"), clicks28d: 0, impressions28d: 0 },
      { url: h.url("/tents"), clicks28d: 1, impressions28d: 52 },
    ]);

    // A second run the same day (kept demo data) checks nothing again.
    const again = await seedToday(ctx, project.id, { fetcher: h.fetcher });
    expect(again).toMatchObject({ probed: false, synced: false });
    expect((await db.project.findUniqueOrThrow({ where: { id: project.id } })).lastSitemapSyncAt).toEqual(after.lastSitemapSyncAt);
  });
});

// Today, and an hour of the day when two 24-hour steps back land on one Pacific day (daylight saving ended 25 days before).
describe.each([["today", Date.now()], ["across a daylight saving change", Date.UTC(2026, 10, 27, 7, 12)]])("the demo world's Search Analytics (%s)", (_, now) => {
  const entries = catalogue();
  const rows = searchAnalyticsRows(entries, now);
  const byUrl = new Map(entries.map((e) => [e.url, e]));

  it("gives many pages clicks and impressions over the URL list's 28 days, in few enough rows for a quick seed", () => {
    const pages = new Set(rows.map((r) => r.page));
    const clicked = new Set(rows.filter((r) => r.clicks > 0).map((r) => r.page));
    expect(pages.size).toBeGreaterThan(1000);
    expect(clicked.size).toBeGreaterThan(300);
    expect(rows.length).toBeLessThan(25_000);
    const oldest = pacificDayKey(new Date(now - SEARCH_DAYS * DAY));
    expect(rows.every((r) => r.date >= oldest && r.date < pacificDayKey(new Date(now)) && r.clicks <= r.impressions)).toBe(true);
    expect(new Set(rows.map((r) => `${r.page} ${r.date}`)).size).toBe(rows.length); // one row a page and day
  });

  it("has impressions only on days Google had the page indexed, so they never contradict an inspection", () => {
    // A Pacific day's row is the first 24-hour step back that lands on it (two can, around a daylight saving change).
    const DAYKEY_TO_AGO = new Map<string, number>();
    for (let d = 0; d < SEARCH_DAYS + 2; d++) {
      const key = pacificDayKey(new Date(now - d * DAY));
      if (!DAYKEY_TO_AGO.has(key)) DAYKEY_TO_AGO.set(key, d);
    }
    for (const r of rows) {
      const d = DAYKEY_TO_AGO.get(r.date)!;
      expect(gscResult(byUrl.get(r.page)!, d, now)?.verdict).toBe("PASS");
    }
  });
});
