// "Stop tracking" sticks: untracking records an exclusion per removed URL; the sitemap sync (the fake site) and imports
// skip excluded URLs (never inserted, never charged, counted); admitting one by hand tracks it again and deletes its
// exclusion; GET/DELETE …/url-exclusions list them and let them back, scoped to the organization, with 400s for bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as untrackRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/untrack/route";
import * as exclusionsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/url-exclusions/route";
import { db } from "@/lib/db";
import { bearer, call } from "../http";
import { balanceOf, createProjectFor, createTenant, minutesAfter, SitemapSite, syncAt, urlset, type Tenant } from "../sitemaps/helpers";
import { setBalance } from "../sitemaps/helpers";
import { commit, getImport, preview, waitForImport } from "../imports/helpers";
import { admit, listUrls } from "./helpers";

let site: SitemapSite;
let mallory: Tenant;
const T0 = new Date("2031-05-01T08:00:00Z");

beforeAll(async () => {
  [site, mallory] = await Promise.all([SitemapSite.start(), createTenant("excl-mallory")]);
});
afterAll(() => site.close());

type P = { tenant: Tenant; orgId: string; projectId: string; domain: string; base: string; headers: Record<string, string> };

async function setup(tag: string, paths: string[] = []): Promise<P & { fetcher: ReturnType<SitemapSite["fetcher"]> }> {
  const tenant = await createTenant(`excl-${tag}`);
  await setBalance(tenant.organizationId, 1_000);
  const domain = site.domain(tag);
  const project = await createProjectFor(tenant, domain);
  const base = `https://${domain}`;
  site.set(domain, "/sitemap.xml", urlset(paths.map((p) => `${base}${p}`)));
  return { tenant, orgId: tenant.organizationId, projectId: project.id, domain, base, headers: bearer(tenant.sessionToken), fetcher: site.fetcher([domain]) };
}

const path = (t: P) => `http://127.0.0.1:3000/api/user/organizations/${t.orgId}/projects/${t.projectId}`;
const params = (t: P) => ({ organizationId: t.orgId, id: t.projectId });
const untrack = (t: P, json: unknown) => call(untrackRoute.POST, { method: "POST", url: `${path(t)}/urls/untrack`, headers: t.headers, json, params: params(t) });
const listExclusions = (t: P, query = "", headers = t.headers) =>
  call(exclusionsRoute.GET, { url: `${path(t)}/url-exclusions${query}`, headers, params: params(t) });
const deleteExclusions = (t: P, json: unknown, headers = t.headers) =>
  call(exclusionsRoute.DELETE, { method: "DELETE", url: `${path(t)}/url-exclusions`, headers, json, params: params(t) });

const trackedPaths = async (t: P) => (await db.trackedUrl.findMany({ where: { projectId: t.projectId }, orderBy: { url: "asc" } })).map((u) => new URL(u.url).pathname);
const idsOf = async (t: P, paths: string[]) =>
  (await db.trackedUrl.findMany({ where: { projectId: t.projectId, url: { in: paths.map((p) => `${t.base}${p}`) } } })).map((u) => u.id);
const excludedPaths = async (t: P) => (await db.urlExclusion.findMany({ where: { projectId: t.projectId }, orderBy: { url: "asc" } })).map((e) => new URL(e.url).pathname);

describe("stop tracking, then the sitemap sync", () => {
  it("does not bring the URLs back: not inserted, not charged, counted in urlsExcluded and the sync event", async () => {
    const t = await setup("sync", ["/a", "/b", "/c"]);
    expect(await syncAt(t.tenant, t.projectId, t.fetcher, T0)).toMatchObject({ urlsDiscovered: 3, urlsExcluded: 0 });
    expect(await balanceOf(t.orgId)).toBe(997);

    const { res, body } = await untrack(t, { urlIds: await idsOf(t, ["/a", "/b"]) });
    expect(res.status).toBe(200);
    // Both were listed by the last sync: excluded, so they do not come back.
    expect(body.data).toEqual({ removed: 2, unknown: 0, keptInRemoval: 0, stillInSitemap: 2, excluded: 2 });
    const rows = await db.urlExclusion.findMany({ where: { projectId: t.projectId }, orderBy: { url: "asc" } });
    expect(rows.map((r) => [r.url, r.createdByUserId])).toEqual([[`${t.base}/a`, t.tenant.userId], [`${t.base}/b`, t.tenant.userId]]);

    site.set(t.domain, "/sitemap.xml", urlset([`${t.base}/a`, `${t.base}/b`, `${t.base}/c`, `${t.base}/d`]));
    const second = await syncAt(t.tenant, t.projectId, t.fetcher, minutesAfter(T0, 60));
    expect(second).toMatchObject({ urlsDiscovered: 1, urlsUpdated: 1, urlsSkipped: 2, urlsExcluded: 2, status: "completed" });
    expect(await trackedPaths(t)).toEqual(["/c", "/d"]);
    expect(await balanceOf(t.orgId)).toBe(996); // only /d was charged
    const events = await db.eventOutbox.findMany({ where: { name: "sync.completed", data: { path: ["projectId"], equals: t.projectId } }, orderBy: { createdAt: "asc" } });
    expect(events.at(-1)?.data).toMatchObject({ admitted: 1, updated: 1, excluded: 2 });
  });

  it("the credit check counts only URLs it will admit: excluded URLs need no balance", async () => {
    const t = await setup("credits", ["/x", "/y"]);
    await syncAt(t.tenant, t.projectId, t.fetcher, T0);
    await untrack(t, { filter: {}, expectedCount: 2 });
    await setBalance(t.orgId, 0);
    const again = await syncAt(t.tenant, t.projectId, t.fetcher, minutesAfter(T0, 60));
    expect(again).toMatchObject({ urlsDiscovered: 0, urlsExcluded: 2 });
    expect(await trackedPaths(t)).toEqual([]);
  });

  it("keeps URLs in an active removal tracked and not excluded", async () => {
    const t = await setup("removal", ["/leaving", "/other"]);
    await syncAt(t.tenant, t.projectId, t.fetcher, T0);
    const [leaving] = await idsOf(t, ["/leaving"]);
    const batch = await db.removalBatch.create({ data: { organizationId: t.orgId, projectId: t.projectId, intent: "gone", publicToken: `tok-${t.projectId}` } });
    await db.removalUrl.create({ data: { organizationId: t.orgId, projectId: t.projectId, batchId: batch.id, trackedUrlId: leaving, activeTrackedUrlId: leaving, url: `${t.base}/leaving`, declaredAt: new Date() } });
    const { body } = await untrack(t, { filter: {}, expectedCount: 2 });
    expect(body.data).toEqual({ removed: 1, unknown: 0, keptInRemoval: 1, stillInSitemap: 1, excluded: 1 });
    expect(await excludedPaths(t)).toEqual(["/other"]);
  });
});

describe("imports skip excluded URLs", () => {
  it("the preview leaves them out with reason excluded; the commit skips one excluded since the preview", async () => {
    const t = await setup("import", ["/gone", "/late"]);
    await syncAt(t.tenant, t.projectId, t.fetcher, T0);
    await untrack(t, { urlIds: await idsOf(t, ["/gone"]) });

    const csv = ["url", `${t.base}/new`, `${t.base}/gone`, `${t.base}/late`, `${t.base}/other`].join("\n");
    const data = await preview(t, csv);
    expect(data).toMatchObject({ totalRows: 4, validRows: 4, invalidRows: 0, alreadyTrackedRows: 1, excludedRows: 1, netNewRows: 2 });
    expect(data.rowErrors).toEqual([{ line: 3, reason: "excluded", value: `${t.base}/gone` }]);

    // /other is excluded after the preview (tracked by hand, then untracked): the commit skips it.
    expect((await admit(t, [`${t.base}/other`])).body.data.inserted).toBe(1);
    await untrack(t, { urlIds: await idsOf(t, ["/other"]) });
    expect((await commit(t, data.id)).res.status).toBe(200);
    await waitForImport(data.id);
    expect((await getImport(t, data.id)).body.data).toMatchObject({ status: "completed", insertedRows: 1, skippedRows: 1 });
    expect(await trackedPaths(t)).toEqual(["/late", "/new"]);
  });
});

describe("manual admission of an excluded URL", () => {
  it("admits it, deletes its exclusion, and the next sync keeps it", async () => {
    const t = await setup("admit", ["/a", "/b"]);
    await syncAt(t.tenant, t.projectId, t.fetcher, T0);
    await untrack(t, { filter: {}, expectedCount: 2 });
    const { res, body } = await admit(t, [`${t.base}/a`, `${t.base}/elsewhere`]);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ inserted: 2, skipped: 0 });
    expect(await excludedPaths(t)).toEqual(["/b"]);
    const next = await syncAt(t.tenant, t.projectId, t.fetcher, minutesAfter(T0, 60));
    expect(next).toMatchObject({ urlsDiscovered: 0, urlsUpdated: 1, urlsExcluded: 1 });
    expect(await trackedPaths(t)).toEqual(["/a", "/elsewhere"]);
    expect((await listUrls(t)).body.data.map((u: { source: string }) => u.source)).toEqual(["manual", "manual"]);
  });
});

describe("GET and DELETE …/url-exclusions", () => {
  it("lists them (latest first, paginated, q), lets some back and then all; the next sync admits them and charges", async () => {
    const t = await setup("api", ["/p1", "/p2", "/q_1", "/q%25"]);
    await syncAt(t.tenant, t.projectId, t.fetcher, T0);
    await untrack(t, { urlIds: await idsOf(t, ["/p1", "/p2"]) });
    await untrack(t, { urlIds: await idsOf(t, ["/q_1", "/q%25"]) });

    const all = await listExclusions(t, "?limit=3");
    expect(all.res.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 4, offset: 0, limit: 3, hasMore: true });
    expect(all.body.data.map((e: { url: string }) => new URL(e.url).pathname)).toEqual(["/q%25", "/q_1", "/p1"]);
    expect(all.body.data[0]).toEqual({ url: `${t.base}/q%25`, createdAt: expect.stringMatching(/Z$/), createdByUserId: t.tenant.userId });
    expect((await listExclusions(t, "?offset=3")).body.data.map((e: { url: string }) => new URL(e.url).pathname)).toEqual(["/p2"]);
    // `_` and `%` are matched literally.
    const q = await listExclusions(t, "?q=Q_");
    expect(q.body.data.map((e: { url: string }) => new URL(e.url).pathname)).toEqual(["/q_1"]);
    expect(q.body.meta?.total).toBe(1);
    expect((await listExclusions(t, "?q=nothing")).body).toMatchObject({ data: [], meta: { total: 0 } });

    // Sent as typed (upper-case host, a fragment): normalized as tracked URLs are.
    const some = await deleteExclusions(t, { urls: [`https://${t.domain.toUpperCase()}/p1#top`, `${t.base}/never`] });
    expect(some.res.status).toBe(200);
    expect(some.body.data).toEqual({ deleted: 1, notExcluded: 1 });
    expect(await excludedPaths(t)).toEqual(["/p2", "/q%25", "/q_1"]);
    const audits = await db.auditLog.findMany({ where: { targetId: t.projectId }, orderBy: { createdAt: "asc" } });
    expect(audits.filter((a) => (a.metadata as { change?: string }).change === "url_exclusions.deleted").map((a) => a.metadata)).toEqual([{ change: "url_exclusions.deleted", deleted: 1, notExcluded: 1, selection: { urls: 2 } }]);

    const rest = await deleteExclusions(t, { all: true });
    expect(rest.body.data).toEqual({ deleted: 3, notExcluded: 0 });
    expect(await excludedPaths(t)).toEqual([]);

    const before = await balanceOf(t.orgId);
    expect(await syncAt(t.tenant, t.projectId, t.fetcher, minutesAfter(T0, 60))).toMatchObject({ urlsDiscovered: 4, urlsExcluded: 0 });
    expect(await balanceOf(t.orgId)).toBe(before - 4);
  });

  it("another organization's project answers 404 and its exclusions stay", async () => {
    const t = await setup("tenancy", ["/mine"]);
    await syncAt(t.tenant, t.projectId, t.fetcher, T0);
    await untrack(t, { filter: {}, expectedCount: 1 });
    const asMallory = bearer(mallory.sessionToken);
    expect((await listExclusions(t, "", asMallory)).res.status).toBe(404);
    for (const json of [{ all: true }, { urls: [`${t.base}/mine`] }]) {
      const { res, body } = await deleteExclusions(t, json, asMallory);
      expect(res.status).toBe(404);
      expect(body).toMatchObject({ success: false, code: "NOT_FOUND" });
    }
    // Mallory's own organization id with Alice's project: still 404.
    const swapped = { ...t, orgId: mallory.organizationId };
    expect((await listExclusions(swapped, "", asMallory)).res.status).toBe(404);
    expect((await deleteExclusions(swapped, { all: true }, asMallory)).res.status).toBe(404);
    expect(await excludedPaths(t)).toEqual(["/mine"]);
  });

  it("bad input answers 400 VALIDATION_ERROR and deletes nothing", async () => {
    const t = await setup("bad", ["/keep"]);
    await syncAt(t.tenant, t.projectId, t.fetcher, T0);
    await untrack(t, { filter: {}, expectedCount: 1 });
    const tooMany = Array.from({ length: 10_001 }, (_, i) => `${t.base}/u${i}`);
    const cases: unknown[] = [
      { urls: [`${t.base}/keep\u0000`] },
      { urls: tooMany },
      { urls: [] },
      { urls: "https://x" },
      { urls: [42] },
      { all: "true" },
      { all: false },
      {},
      { urls: [`${t.base}/keep`], all: true },
      { all: true, extra: 1 },
      [],
    ];
    for (const json of cases) {
      const { res, body } = await deleteExclusions(t, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(body).toMatchObject({ success: false, status: 400, code: "VALIDATION_ERROR" });
    }
    for (const query of ["?limit=0", "?limit=101", "?offset=-1", `?q=${"x".repeat(2049)}`, "?q=%00"]) {
      const { res, body } = await listExclusions(t, query);
      expect(res.status, query).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    expect(await excludedPaths(t)).toEqual(["/keep"]);
  });
});
