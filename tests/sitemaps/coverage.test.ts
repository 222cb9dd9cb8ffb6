// Sitemap coverage (GET P/{id}/sitemaps/coverage): per sitemap and per first path segment, tracked URLs, indexed by
// Google and by Bing, URLs with open issues; the sitemap a sync records for each URL; tenancy and scopes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import * as coverageRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/sitemaps/coverage/route";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { seedIssue, seedProject, seedUrls } from "../portfolio/seed";
import { createProjectFor, createTenant, setBalance, SitemapSite, sitemapIndex, syncAt, urlset } from "./helpers";

type Counts = { urls: number; indexedEngineA: number; indexedEngineB: number; withOpenIssues: number };
type Coverage = {
  totals: Counts;
  sitemaps: (Counts & { sitemapId: string | null; url: string | null; listedUrls: number | null; fetchStatus: string | null })[];
  sections: (Counts & { section: string })[];
  otherSections: (Counts & { sections: number }) | null;
};

const get = (orgId: string, projectId: string, headers: Record<string, string>) =>
  call<Coverage>(coverageRoute.GET, {
    url: `http://127.0.0.1:3000/api/user/organizations/${orgId}/projects/${projectId}/sitemaps/coverage`, headers, params: { organizationId: orgId, id: projectId },
  });
const counts = (urls: number, indexedEngineA: number, indexedEngineB: number, withOpenIssues: number): Counts => ({ urls, indexedEngineA, indexedEngineB, withOpenIssues });

describe("sitemap coverage on a seeded project", () => {
  let owner: TestUser;
  let project: { id: string; organizationId: string; domain: string };
  let blogMap: string;
  let shopMap: string;

  beforeAll(async () => {
    owner = await createTestUser("sm-coverage");
    const domain = `cov-${Math.random().toString(36).slice(2, 8)}.example`;
    project = await seedProject(owner, { name: "Coverage", domain });
    const map = (path: string, type: "index" | "urlset", urlCount: number) => db.sitemap.create({
      data: { organizationId: owner.organizationId, projectId: project.id, url: `https://${domain}${path}`, type, fetchStatus: "ok", urlCount, lastSuccessAt: new Date() },
    });
    await map("/sitemap.xml", "index", 2);
    blogMap = (await map("/sitemap-blog.xml", "urlset", 5)).id;
    shopMap = (await map("/sitemap-shop.xml", "urlset", 3)).id;
    const empty = await map("/sitemap-empty.xml", "urlset", 0);
    void empty;
    const ids = await seedUrls(project, [
      { path: "/blog/a", sitemapId: blogMap, a: "indexed", b: "indexed" },
      { path: "/blog/b", sitemapId: blogMap, a: "indexed" },
      { path: "/blog/c?page=2", sitemapId: blogMap, b: "indexed" },
      { path: "/blog", sitemapId: blogMap, a: "indexed" }, // the root page naming a section goes with it
      { path: "/blog/old", sitemapId: blogMap, stale: true, a: "indexed" }, // stale: in no sitemap now
      { path: "/shop/x/y", sitemapId: shopMap, a: "indexed", b: "indexed" },
      { path: "/shop/z", sitemapId: shopMap },
      { path: "/", sitemapId: shopMap, a: "indexed" },
      { path: "/about", b: "indexed" }, // manual, in no sitemap
      { path: "/contact?x=/y", sitemapId: "00000000-0000-4000-8000-000000000001" }, // its sitemap is gone
    ]);
    await seedIssue(project, "broken_link", { urlIds: [ids["/blog/b"], ids["/shop/z"], ids["/about"]] });
    await seedIssue(project, "server_error", { urlIds: [ids["/blog/b"]] }); // one URL, two issues: counted once
    await seedIssue(project, "has_noindex", { urlIds: [ids["/blog/a"]], status: "resolved" }); // resolved: not counted
  });

  it("counts per sitemap, with the URLs of no sitemap in a row of their own", async () => {
    const { res, body } = await get(owner.organizationId, project.id, bearer(owner.sessionToken));
    expect(res.status).toBe(200);
    const c = body.data;
    expect(c.totals).toEqual(counts(10, 6, 4, 3));
    const row = (id: string | null) => c.sitemaps.find((s) => s.sitemapId === id)!;
    expect(c.sitemaps.map((s) => s.url && new URL(s.url).pathname)).toEqual(["/sitemap-blog.xml", "/sitemap-empty.xml", "/sitemap-shop.xml", null]);
    expect(row(blogMap)).toMatchObject({ listedUrls: 5, fetchStatus: "ok", ...counts(4, 3, 2, 1) });
    expect(row(shopMap)).toMatchObject({ listedUrls: 3, ...counts(3, 2, 1, 1) });
    expect(c.sitemaps[1]).toMatchObject(counts(0, 0, 0, 0));
    expect(row(null)).toMatchObject({ url: null, listedUrls: null, ...counts(3, 1, 1, 1) });
  });

  it("counts per first path segment, largest first, root pages under /", async () => {
    const { body } = await get(owner.organizationId, project.id, bearer(owner.sessionToken));
    expect(body.data.sections).toEqual([
      { section: "blog", ...counts(5, 4, 2, 1) },
      { section: "/", ...counts(3, 1, 1, 1) },
      { section: "shop", ...counts(2, 1, 1, 1) },
    ]);
    expect(body.data.otherSections).toBeNull();
  });

  it("answers zeros and no rows for a project without URLs or sitemaps", async () => {
    const bare = await seedProject(owner, { name: "Bare", domain: `bare-${Math.random().toString(36).slice(2, 8)}.example` });
    const { body } = await get(owner.organizationId, bare.id, bearer(owner.sessionToken));
    expect(body.data).toEqual({ totals: counts(0, 0, 0, 0), sitemaps: [], sections: [], otherSections: null });
  });

  it("lists the 200 largest sections and sums the rest", async () => {
    const big = await seedProject(owner, { name: "Big", domain: `big-${Math.random().toString(36).slice(2, 8)}.example` });
    await seedUrls(big, Array.from({ length: 205 }, (_, i) => ({ path: `/s${String(i).padStart(3, "0")}/page`, a: i < 3 ? "indexed" as const : "unknown" as const })));
    await seedUrls(big, [{ path: "/s204/other" }]);
    const { body } = await get(owner.organizationId, big.id, bearer(owner.sessionToken));
    expect(body.data.sections).toHaveLength(200);
    expect(body.data.sections[0]).toEqual({ section: "s204", ...counts(2, 0, 0, 0) });
    expect(body.data.sections[1].section).toBe("s000");
    expect(body.data.otherSections).toEqual({ sections: 5, ...counts(5, 0, 0, 0) });
  });

  it("is 404 for another organization and for a deleted project, and needs projects:read", async () => {
    const stranger = await createTestUser("sm-coverage-other");
    expect((await get(owner.organizationId, project.id, bearer(stranger.sessionToken))).res.status).toBe(404);
    expect((await get(stranger.organizationId, project.id, bearer(stranger.sessionToken))).res.status).toBe(404);
    const gone = await seedProject(owner, { name: "Gone", domain: `gone-${Math.random().toString(36).slice(2, 8)}.example`, fields: { deletedAt: new Date(), liveDomain: null } });
    const deleted = await get(owner.organizationId, gone.id, bearer(owner.sessionToken));
    expect(deleted.res.status).toBe(404);
    expect(deleted.body).toMatchObject({ success: false, code: "NOT_FOUND" });
    expect((await get(owner.organizationId, "not-a-uuid", bearer(owner.sessionToken))).res.status).toBe(404);
    const { key } = await createTestApiKey(owner, ["organization:read"]);
    expect((await get(owner.organizationId, project.id, apiKeyHeader(key))).res.status).toBe(403);
  });
});

describe("the sitemap a sync records for each URL", () => {
  let site: SitemapSite;
  beforeAll(async () => {
    site = await SitemapSite.start();
  });
  afterAll(() => site.close());

  it("follows the URLs from sitemap to sitemap across syncs", async () => {
    const tenant = await createTenant("sm-coverage-sync");
    await setBalance(tenant.organizationId, 1000);
    const domain = site.domain("cov");
    const p = await createProjectFor(tenant, domain);
    const base = `https://${domain}`;
    const fetcher = site.fetcher([domain]);
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/blog.xml`, `${base}/shop.xml`]));
    site.set(domain, "/blog.xml", urlset([`${base}/blog/a`, `${base}/blog/b`, `${base}/shop/both`]));
    site.set(domain, "/shop.xml", urlset([`${base}/shop/x`, `${base}/shop/both`]));
    const t0 = new Date("2031-05-01T08:00:00Z");
    await syncAt(tenant, p.id, fetcher, t0);
    await db.trackedUrl.updateMany({ where: { projectId: p.id, url: { contains: "/shop/" } }, data: { engineAState: "indexed" } });

    const headers = bearer((await createTestUser("unused")).sessionToken); // not a member: 404
    expect((await get(tenant.organizationId, p.id, headers)).res.status).toBe(404);
    const rows = async () => Object.fromEntries((await get(tenant.organizationId, p.id, bearer(tenant.sessionToken))).body.data.sitemaps
      .map((s) => [s.url ? new URL(s.url).pathname : "none", { urls: s.urls, indexedEngineA: s.indexedEngineA, listedUrls: s.listedUrls }]));
    // A URL listed by two sitemaps counts once, under the first one the walk read.
    expect(await rows()).toEqual({ "/blog.xml": { urls: 3, indexedEngineA: 1, listedUrls: 3 }, "/shop.xml": { urls: 1, indexedEngineA: 1, listedUrls: 2 } });

    // The next sync: /blog/b left every sitemap (stale), /shop/both is only in shop.xml now.
    site.set(domain, "/blog.xml", urlset([`${base}/blog/a`]));
    await syncAt(tenant, p.id, fetcher, new Date(t0.getTime() + 2 * 3600_000));
    expect(await rows()).toEqual({ "/blog.xml": { urls: 1, indexedEngineA: 0, listedUrls: 1 }, "/shop.xml": { urls: 2, indexedEngineA: 2, listedUrls: 2 }, none: { urls: 1, indexedEngineA: 0, listedUrls: null } });
  });
});
