import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asHttp } from "../http";
import { db } from "@/lib/db";
import type { SafeFetcher } from "@/lib/net/safe-fetch";
import { admitUrls } from "@/lib/urls/admit-urls";
import {
  balanceOf, createProjectFor, createTenant, issueOf, minutesAfter, pages, rejection, setBalance, SitemapSite, sitemapIndex, sitemapRows,
  syncAt, trackedUrls, urlset,
} from "./helpers";

let site: SitemapSite;
const T0 = new Date("2031-04-01T08:00:00Z");

beforeAll(async () => {
  site = await SitemapSite.start();
});
afterAll(() => site.close());

async function setup(tag: string, credits = 10_000) {
  const tenant = await createTenant(`sitemap-${tag}`);
  await setBalance(tenant.organizationId, credits);
  const domain = site.domain(tag);
  const p = await createProjectFor(tenant, domain);
  return { tenant, domain, id: p.id, fetcher: site.fetcher([domain]), base: `https://${domain}` };
}

const byUrl = async (id: string) => Object.fromEntries((await trackedUrls(id)).map((u) => [new URL(u.url).pathname, u]));
const ledger = (organizationId: string) => db.creditLedgerEntry.findMany({ where: { organizationId, kind: "sitemap_admission" }, orderBy: { createdAt: "asc" } });

describe("sync accounting across syncs", () => {
  it("first sync admits; the next admits the new, marks the removed stale, and a later one clears a returning URL", async () => {
    const { tenant, domain, id, fetcher, base } = await setup("lifecycle");
    const org = tenant.organizationId;
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/one.xml`, `${base}/two.xml`]));
    site.set(domain, "/one.xml", urlset([{ loc: `${base}/a`, lastmod: "2024-01-01" }, `${base}/b`, `${base}/c`]));
    site.set(domain, "/two.xml", urlset([`${base}/d`, `${base}/e`, `${base}/a`]));

    const first = await syncAt(tenant, id, fetcher, T0);
    expect(first).toEqual({ urlsDiscovered: 5, urlsUpdated: 0, urlsSkipped: 1, urlsExcluded: 0, sitemapsFetched: 3, staleMarked: 0, staleCleared: 0, skippedOffHost: [], status: "completed", failures: [] });
    expect(await balanceOf(org)).toBe(10_000 - 5);
    const completed = await db.eventOutbox.findMany({ where: { name: "sync.completed", data: { path: ["projectId"], equals: id } } });
    expect(completed.map((e) => e.data)).toEqual([expect.objectContaining({ organizationId: org, projectId: id, trigger: "manual", status: "completed", admitted: 5 })]);

    // Two hours later: d and e are gone, f and g are new, a has a new lastmod.
    const t1 = minutesAfter(T0, 120);
    site.set(domain, "/two.xml", urlset([`${base}/f`, `${base}/g`, { loc: `${base}/a`, lastmod: "2024-06-01" }]));
    const second = await syncAt(tenant, id, fetcher, t1);
    expect(second).toEqual({ urlsDiscovered: 2, urlsUpdated: 3, urlsSkipped: 1, urlsExcluded: 0, sitemapsFetched: 3, staleMarked: 2, staleCleared: 0, skippedOffHost: [], status: "completed", failures: [] });
    expect(await balanceOf(org)).toBe(10_000 - 7);
    let urls = await byUrl(id);
    expect(urls["/d"].staleAt?.getTime()).toBe(t1.getTime());
    expect(urls["/e"].staleAt?.getTime()).toBe(t1.getTime());
    expect(urls["/a"]).toMatchObject({ staleAt: null, lastSeenInSitemapAt: t1 });
    expect(urls["/a"].lastmod?.toISOString()).toBe("2024-06-01T00:00:00.000Z");
    expect(urls["/f"].firstSeenInSitemapAt?.getTime()).toBe(t1.getTime());
    expect(await issueOf(id, "stale_missing_from_sitemap")).toMatchObject({ status: "open", affectedUrlCount: 2 });
    expect((await db.websiteStats.findUniqueOrThrow({ where: { projectId: id } })).staleUrls).toBe(2);

    // Later still: d returns; e stays gone (already stale, not marked again).
    const t2 = minutesAfter(T0, 240);
    site.set(domain, "/two.xml", urlset([`${base}/f`, `${base}/g`, `${base}/a`, `${base}/d`]));
    const third = await syncAt(tenant, id, fetcher, t2);
    expect(third).toEqual({ urlsDiscovered: 0, urlsUpdated: 6, urlsSkipped: 1, urlsExcluded: 0, sitemapsFetched: 3, staleMarked: 0, staleCleared: 1, skippedOffHost: [], status: "completed", failures: [] });
    urls = await byUrl(id);
    expect(urls["/d"]).toMatchObject({ staleAt: null, lastSeenInSitemapAt: t2 });
    expect(urls["/e"].staleAt?.getTime()).toBe(t1.getTime());
    expect(await issueOf(id, "stale_missing_from_sitemap")).toMatchObject({ status: "open", affectedUrlCount: 1, sampleUrls: [`${base}/e`] });
    expect(await balanceOf(org)).toBe(10_000 - 7);
    expect((await ledger(org)).map((e) => e.amount)).toEqual([-5, -2]);
  });

  it("updates manual URLs listed in the sitemap without charging them, and never marks them stale", async () => {
    const { tenant, domain, id, fetcher, base } = await setup("manual");
    await admitUrls({ ctx: tenant.ctx, projectId: id, urls: [`${base}/manual-listed`, `${base}/manual-unlisted`] });
    site.set(domain, "/sitemap.xml", urlset([`${base}/manual-listed`, `${base}/new`]));

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 1, urlsUpdated: 1, staleMarked: 0 });
    expect(await balanceOf(tenant.organizationId)).toBe(10_000 - 1);
    const urls = await byUrl(id);
    expect(urls["/manual-listed"]).toMatchObject({ source: "manual", firstSeenInSitemapAt: T0, lastSeenInSitemapAt: T0 });
    expect(urls["/manual-unlisted"]).toMatchObject({ source: "manual", staleAt: null, firstSeenInSitemapAt: null });
  });

  it("makes admitted URLs due at once on a project with automated inspections (firstInspectionAt); URLs seen again keep their schedule", async () => {
    const { tenant, domain, id, fetcher, base } = await setup("first-inspection");
    site.set(domain, "/sitemap.xml", urlset([`${base}/a`]));
    await syncAt(tenant, id, fetcher, T0);
    await db.project.update({ where: { id }, data: { automatedInspectionsEnabled: true, inspectionCadence: "monthly" } });
    site.set(domain, "/sitemap.xml", urlset([`${base}/a`, `${base}/b`]));
    const later = minutesAfter(T0, 20);
    await syncAt(tenant, id, fetcher, later);
    const urls = await byUrl(id);
    expect(urls["/a"].nextInspectionAt).toBeNull();
    expect(urls["/b"].nextInspectionAt).toEqual(later);
    expect(urls["/b"]).toMatchObject({ source: "sitemap", firstSeenInSitemapAt: later, lastSeenInSitemapAt: later, discoveredAt: later });
  });

  it("keeps lastSeenInSitemapAt within the hour unless something else changed", async () => {
    const { tenant, domain, id, fetcher, base } = await setup("resolution");
    site.set(domain, "/sitemap.xml", urlset([`${base}/x`, { loc: `${base}/y`, lastmod: "2024-01-01" }]));
    await syncAt(tenant, id, fetcher, T0);

    const soon = minutesAfter(T0, 20);
    site.set(domain, "/sitemap.xml", urlset([`${base}/x`, { loc: `${base}/y`, lastmod: "2024-02-02" }]));
    expect(await syncAt(tenant, id, fetcher, soon)).toMatchObject({ urlsDiscovered: 0, urlsUpdated: 2 });
    let urls = await byUrl(id);
    expect(urls["/x"].lastSeenInSitemapAt).toEqual(T0);
    expect(urls["/y"].lastSeenInSitemapAt).toEqual(soon);

    const later = minutesAfter(T0, 90);
    await syncAt(tenant, id, fetcher, later);
    urls = await byUrl(id);
    expect(urls["/x"].lastSeenInSitemapAt).toEqual(later);
  });

  it("writes no tracked URL on a re-sync that changes nothing, and only the changed one when a lastmod moves", async () => {
    const { tenant, domain, id, fetcher, base } = await setup("quiet");
    const entries = [{ loc: `${base}/a`, lastmod: "2024-01-01" }, { loc: `${base}/b`, lastmod: "2024-01-01" }, `${base}/c`];
    site.set(domain, "/sitemap.xml", urlset(entries));
    await syncAt(tenant, id, fetcher, T0);
    // xmin changes whenever PostgreSQL writes a new version of the row, even with identical values.
    const versions = async () => Object.fromEntries((await db.$queryRaw<{ url: string; v: string }[]>`
      SELECT url, xmin::text AS v FROM tracked_urls WHERE project_id = ${id}::uuid`).map((r) => [new URL(r.url).pathname, r.v]));
    const before = await versions();

    expect(await syncAt(tenant, id, fetcher, minutesAfter(T0, 20))).toMatchObject({ urlsDiscovered: 0, urlsUpdated: 3, staleMarked: 0, staleCleared: 0 });
    expect(await versions()).toEqual(before);

    const t2 = minutesAfter(T0, 40);
    site.set(domain, "/sitemap.xml", urlset([entries[0], { loc: `${base}/b`, lastmod: "2024-05-05" }, entries[2]]));
    expect(await syncAt(tenant, id, fetcher, t2)).toMatchObject({ urlsDiscovered: 0, urlsUpdated: 3 });
    const after = await versions();
    expect(after["/a"]).toBe(before["/a"]);
    expect(after["/c"]).toBe(before["/c"]);
    expect(after["/b"]).not.toBe(before["/b"]);
    const urls = await byUrl(id);
    expect(urls["/b"]).toMatchObject({ lastSeenInSitemapAt: t2, updatedAt: t2 });
    expect(urls["/b"].lastmod?.toISOString()).toBe("2024-05-05T00:00:00.000Z");
    expect(urls["/a"].updatedAt).toEqual(T0);
  });

  it("keeps the latest lastmod of a URL listed by several sitemaps, and keeps a known lastmod when none is given", async () => {
    const { tenant, domain, id, fetcher, base } = await setup("lastmods");
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/one.xml`, `${base}/two.xml`]));
    site.set(domain, "/one.xml", urlset([{ loc: `${base}/a`, lastmod: "2024-03-01" }, { loc: `${base}/b`, lastmod: "2024-01-01" }]));
    site.set(domain, "/two.xml", urlset([{ loc: `${base}/a`, lastmod: "2024-02-01" }, `${base}/b`, { loc: `${base}/a`, lastmod: "2024-04-01" }]));
    expect(await syncAt(tenant, id, fetcher, T0)).toMatchObject({ urlsDiscovered: 2, urlsUpdated: 0, urlsSkipped: 3 });
    let urls = await byUrl(id);
    expect(urls["/a"].lastmod?.toISOString()).toBe("2024-04-01T00:00:00.000Z");
    expect(urls["/b"].lastmod?.toISOString()).toBe("2024-01-01T00:00:00.000Z");

    // Two hours later the sitemaps give no lastmod at all: the known ones stay.
    site.set(domain, "/one.xml", urlset([`${base}/a`, `${base}/b`]));
    site.set(domain, "/two.xml", urlset([]));
    expect(await syncAt(tenant, id, fetcher, minutesAfter(T0, 120))).toMatchObject({ urlsDiscovered: 0, urlsUpdated: 2 });
    urls = await byUrl(id);
    expect(urls["/a"].lastmod?.toISOString()).toBe("2024-04-01T00:00:00.000Z");
    expect(urls["/b"].lastmod?.toISOString()).toBe("2024-01-01T00:00:00.000Z");
  });
});

describe("stale marking needs a complete walk", () => {
  async function synced(tag: string) {
    const s = await setup(tag);
    site.set(s.domain, "/sitemap.xml", sitemapIndex([`${s.base}/one.xml`, `${s.base}/two.xml`]));
    site.set(s.domain, "/one.xml", urlset(pages(s.domain, 2, "one")));
    site.set(s.domain, "/two.xml", urlset(pages(s.domain, 2, "two")));
    await syncAt(s.tenant, s.id, s.fetcher, T0);
    return s;
  }
  const staleCount = async (id: string) => (await trackedUrls(id)).filter((u) => u.staleAt).length;

  it.each<[string, (s: Awaited<ReturnType<typeof synced>>) => void]>([
    ["a child answers 500", (s) => site.set(s.domain, "/two.xml", { status: 500 })],
    ["a child is malformed", (s) => site.set(s.domain, "/two.xml", "<urlset><url><loc>")],
    ["the root answers 503", (s) => site.set(s.domain, "/sitemap.xml", { status: 503 })],
    ["the root is gone (404)", (s) => site.remove(s.domain, "/sitemap.xml")],
    ["robots.txt answers 500", (s) => site.set(s.domain, "/robots.txt", { status: 500 })],
  ])("marks nothing stale when %s", async (_name, breakIt) => {
    const s = await synced(`partial-${Math.random().toString(36).slice(2, 6)}`);
    breakIt(s);
    const result = await syncAt(s.tenant, s.id, s.fetcher, minutesAfter(T0, 120));
    expect(result.staleMarked).toBe(0);
    expect(await staleCount(s.id)).toBe(0);
  });

  it("marks everything stale when the sitemap is read completely and lists nothing", async () => {
    const s = await synced("emptied");
    site.set(s.domain, "/one.xml", urlset([]));
    site.set(s.domain, "/two.xml", urlset([]));
    const result = await syncAt(s.tenant, s.id, s.fetcher, minutesAfter(T0, 120));
    expect(result).toMatchObject({ staleMarked: 4, urlsUpdated: 0 });
  });

  it("opens sitemap_missing for a root 404 and resolves it once the root answers", async () => {
    const s = await synced("missing");
    site.remove(s.domain, "/sitemap.xml");
    await syncAt(s.tenant, s.id, s.fetcher, minutesAfter(T0, 120));
    expect(await issueOf(s.id, "sitemap_missing")).toMatchObject({ status: "open", severity: "warning" });
    expect(await issueOf(s.id, "sitemap_unreachable")).toBeNull();
    site.set(s.domain, "/sitemap.xml", sitemapIndex([`${s.base}/one.xml`, `${s.base}/two.xml`]));
    await syncAt(s.tenant, s.id, s.fetcher, minutesAfter(T0, 240));
    expect(await issueOf(s.id, "sitemap_missing")).toMatchObject({ status: "resolved" });
  });

  it("resolves sitemap_unreachable and sitemap_parse_error when the files are fine again, and drops sitemaps no root leads to", async () => {
    const s = await synced("recover");
    site.set(s.domain, "/sitemap.xml", sitemapIndex([`${s.base}/one.xml`, `${s.base}/two.xml`, `${s.base}/bad.xml`, `${s.base}/down.xml`]));
    site.set(s.domain, "/bad.xml", { body: "<html><body>Not found</body></html>", contentType: "text/html" });
    site.set(s.domain, "/down.xml", { status: 502 });
    await syncAt(s.tenant, s.id, s.fetcher, minutesAfter(T0, 120));
    expect(await issueOf(s.id, "sitemap_unreachable")).toMatchObject({ status: "open" });
    expect(await issueOf(s.id, "sitemap_parse_error")).toMatchObject({ status: "open" });
    expect(await sitemapRows(s.id)).toHaveLength(5);

    site.set(s.domain, "/sitemap.xml", sitemapIndex([`${s.base}/one.xml`, `${s.base}/two.xml`]));
    await syncAt(s.tenant, s.id, s.fetcher, minutesAfter(T0, 240));
    expect(await issueOf(s.id, "sitemap_unreachable")).toMatchObject({ status: "resolved" });
    expect(await issueOf(s.id, "sitemap_parse_error")).toMatchObject({ status: "resolved" });
    expect((await sitemapRows(s.id)).map((r) => r.url.slice(s.base.length))).toEqual(["/one.xml", "/sitemap.xml", "/two.xml"]);
  });
});

describe("credits", () => {
  it("charges exactly the net-new URLs, once each, whatever the repeats across sitemaps", async () => {
    const { tenant, domain, id, fetcher, base } = await setup("exact", 1_000);
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/x.xml`, `${base}/y.xml`]));
    site.set(domain, "/x.xml", urlset(pages(domain, 40)));
    site.set(domain, "/y.xml", urlset([...pages(domain, 40), ...pages(domain, 10, "y")]));
    const result = await syncAt(tenant, id, fetcher, T0);
    expect(result).toMatchObject({ urlsDiscovered: 50, urlsSkipped: 40 });
    expect(await balanceOf(tenant.organizationId)).toBe(950);
    expect((await ledger(tenant.organizationId)).map((e) => [e.amount, e.balanceAfter, e.reference])).toEqual([[-50, 950, id]]);
  });

  it("admits exactly as many URLs as the balance allows", async () => {
    const { tenant, domain, id, fetcher } = await setup("just-enough", 25);
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 25)));
    expect(await syncAt(tenant, id, fetcher, T0)).toMatchObject({ urlsDiscovered: 25 });
    expect(await balanceOf(tenant.organizationId)).toBe(0);
  });

  it("answers 402 with required and available and writes no URL, no debit, no update, no stale mark", async () => {
    const { tenant, domain, id, fetcher } = await setup("short", 100);
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 60)));
    await syncAt(tenant, id, fetcher, T0);
    const before = await trackedUrls(id);
    expect(await balanceOf(tenant.organizationId)).toBe(40);

    // 50 of the 60 stay, 50 are new: 50 credits needed, 40 available.
    site.set(domain, "/sitemap.xml", urlset([...pages(domain, 50), ...pages(domain, 50, "new"), `https://elsewhere.example/`]));
    const at = minutesAfter(T0, 120);
    const error = await rejection(syncAt(tenant, id, fetcher, at));
    expect(asHttp(error)).toMatchObject({ code: "INSUFFICIENT_CREDITS", status: 402, meta: { required: 50, available: 40 } });

    expect(await trackedUrls(id)).toEqual(before);
    expect(await balanceOf(tenant.organizationId)).toBe(40);
    expect(await ledger(tenant.organizationId)).toHaveLength(1);
    expect(await issueOf(id, "stale_missing_from_sitemap")).toBeNull();
    // The walk itself is recorded, and the debounce stands.
    const [row] = await sitemapRows(id);
    expect(row).toMatchObject({ fetchStatus: "ok", urlCount: 101, lastFetchedAt: at });
    expect((await db.project.findUniqueOrThrow({ where: { id } })).lastSitemapSyncAt).toEqual(at);
    expect(await rejection(syncAt(tenant, id, fetcher, minutesAfter(at, 5)))).toMatchObject({ code: "SYNC_RATE_LIMITED" });
  });
});

describe("debounce", () => {
  it("answers 429 with Retry-After within 15 minutes of the last start, and syncs again after", async () => {
    const { tenant, domain, id, fetcher } = await setup("debounce");
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 1)));
    await syncAt(tenant, id, fetcher, T0);

    const error = await rejection(syncAt(tenant, id, fetcher, minutesAfter(T0, 5)));
    expect(asHttp(error)).toMatchObject({ code: "SYNC_RATE_LIMITED", status: 429, meta: { retryAfterSeconds: 600 }, retryAfter: "600" });
    const almost = await rejection(syncAt(tenant, id, fetcher, new Date(T0.getTime() + 15 * 60_000 - 1_500)));
    expect(almost).toMatchObject({ meta: { retryAfterSeconds: 2 } });
    expect(await syncAt(tenant, id, fetcher, minutesAfter(T0, 15))).toMatchObject({ urlsUpdated: 1 });
  });

  it("lets exactly one of two concurrent syncs run", async () => {
    const { tenant, domain, id, fetcher } = await setup("concurrent");
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 3)));
    const outcomes = await Promise.allSettled([syncAt(tenant, id, fetcher, T0), syncAt(tenant, id, fetcher, T0)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ code: "SYNC_RATE_LIMITED" });
    expect(await trackedUrls(id)).toHaveLength(3);
    expect(await balanceOf(tenant.organizationId)).toBe(10_000 - 3);
  });

  it("gives the slot back when a sync fails unexpectedly", async () => {
    const { tenant, domain, id, fetcher } = await setup("crash");
    const broken: SafeFetcher = { ...fetcher, fetch: fetcher.fetch, stream: () => Promise.reject(new Error("boom")) };
    expect(await rejection(syncAt(tenant, id, broken, T0))).toMatchObject({ message: "boom" });
    expect((await db.project.findUniqueOrThrow({ where: { id } })).lastSitemapSyncAt).toBeNull();
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 1)));
    expect(await syncAt(tenant, id, fetcher, minutesAfter(T0, 1))).toMatchObject({ urlsDiscovered: 1 });
  });
});
