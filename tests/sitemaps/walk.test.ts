import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asHttp } from "../http";
import { createSafeFetcher } from "@/lib/net/safe-fetch";
import {
  balanceOf, createProjectFor, createTenant, issueOf, pages, rejection, setBalance, SitemapSite, sitemapIndex, sitemapRows, syncAt,
  trackedUrls, urlset, type Tenant,
} from "./helpers";

let site: SitemapSite;
let tenant: Tenant;
const T0 = new Date("2031-03-01T10:00:00Z");

beforeAll(async () => {
  site = await SitemapSite.start();
  tenant = await createTenant("sitemap-walk");
  await setBalance(tenant.organizationId, 200_000);
});
afterAll(() => site.close());

async function project(tag: string) {
  const domain = site.domain(tag);
  const p = await createProjectFor(tenant, domain);
  return { domain, id: p.id, fetcher: site.fetcher([domain]), base: `https://${domain}` };
}

describe("sitemap walk", () => {
  it("follows an index to its children: plain XML, a gzip file, a text sitemap; robots.txt Sitemap lines are roots", async () => {
    const { domain, id, fetcher, base } = await project("tree");
    site.set(domain, "/robots.txt", { body: `User-agent: *\nDisallow: /admin\nSitemap: ${base}/extra.xml\nSitemap: /sitemap.xml\n`, contentType: "text/plain" });
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/a.xml`, `${base}/b.xml.gz`, `${base}/c.txt`]));
    site.set(domain, "/a.xml", urlset([{ loc: `${base}/a1`, lastmod: "2024-05-01" }, `${base}/a2`]));
    site.set(domain, "/b.xml.gz", { body: urlset([`${base}/b1`, `${base}/b2`, `${base}/a1`]), gzipFile: true, contentType: "application/octet-stream" });
    site.set(domain, "/c.txt", { body: `${base}/c1\r\n\r\n${base}/c2\n`, contentType: "text/plain" });
    site.set(domain, "/extra.xml", { body: urlset([`${base}/e1`]), gzipEncoding: true });
    const before = await balanceOf(tenant.organizationId);

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toEqual({ urlsDiscovered: 7, urlsUpdated: 0, urlsSkipped: 1, urlsExcluded: 0, sitemapsFetched: 5, staleMarked: 0, staleCleared: 0, skippedOffHost: [], status: "completed", failures: [] });
    expect(await balanceOf(tenant.organizationId)).toBe(before - 7);
    const urls = await trackedUrls(id);
    expect(urls.map((u) => u.url)).toEqual([`${base}/a1`, `${base}/a2`, `${base}/b1`, `${base}/b2`, `${base}/c1`, `${base}/c2`, `${base}/e1`]);
    expect(urls.every((u) => u.source === "sitemap" && u.firstSeenInSitemapAt?.getTime() === T0.getTime() && u.staleAt === null)).toBe(true);
    expect(urls[0].lastmod?.toISOString()).toBe("2024-05-01T00:00:00.000Z");

    const rows = await sitemapRows(id);
    const byUrl = Object.fromEntries(rows.map((r) => [r.url.slice(base.length), r]));
    expect(Object.keys(byUrl).sort()).toEqual(["/a.xml", "/b.xml.gz", "/c.txt", "/extra.xml", "/sitemap.xml"]);
    expect(byUrl["/sitemap.xml"]).toMatchObject({ type: "index", parentSitemapId: null, origin: "root", fetchStatus: "ok", urlCount: 3, error: null });
    expect(byUrl["/extra.xml"]).toMatchObject({ type: "urlset", parentSitemapId: null, origin: "robots", fetchStatus: "ok", urlCount: 1 });
    for (const child of ["/a.xml", "/b.xml.gz", "/c.txt"]) {
      expect(byUrl[child]).toMatchObject({ type: "urlset", parentSitemapId: byUrl["/sitemap.xml"].id, origin: "child", fetchStatus: "ok" });
      expect(byUrl[child].lastSuccessAt?.getTime()).toBe(T0.getTime());
    }
    expect(byUrl["/c.txt"].urlCount).toBe(2);
  });

  it("stops a loop at the first repeat (an index listing itself and a child listing its parent)", async () => {
    const { domain, id, fetcher, base } = await project("loop");
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/sitemap.xml`, `${base}/inner.xml`]));
    site.set(domain, "/inner.xml", sitemapIndex([`${base}/sitemap.xml`, `${base}/leaf.xml`, `${base}/inner.xml#again`]));
    site.set(domain, "/leaf.xml", urlset(pages(domain, 3)));

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 3, sitemapsFetched: 3 });
    expect(site.requestsTo(domain).filter((p) => p !== "/robots.txt").sort()).toEqual(["/inner.xml", "/leaf.xml", "/sitemap.xml"]);
    const rows = await sitemapRows(id);
    expect(rows.map((r) => r.url.slice(base.length))).toEqual(["/inner.xml", "/leaf.xml", "/sitemap.xml"]);
    expect(rows.every((r) => r.fetchStatus === "ok")).toBe(true);
  });

  it("records a child that answers 500, keeps its siblings' URLs and opens sitemap_unreachable", async () => {
    const { domain, id, fetcher, base } = await project("child500");
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/ok.xml`, `${base}/broken.xml`]));
    site.set(domain, "/ok.xml", urlset(pages(domain, 2)));
    site.set(domain, "/broken.xml", { status: 500, body: "oops" });

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 2, sitemapsFetched: 2, staleMarked: 0 });
    const broken = (await sitemapRows(id)).find((r) => r.url.endsWith("/broken.xml"));
    expect(broken).toMatchObject({ fetchStatus: "error", error: "HTTP 500", urlCount: null, lastSuccessAt: null });
    expect(await issueOf(id, "sitemap_unreachable")).toMatchObject({ status: "open", affectedUrlCount: 0 });
  });

  it("records a timeout as fetchStatus timeout without admitting anything", async () => {
    const { domain, id, fetcher } = await project("slow");
    site.set(domain, "/sitemap.xml", { body: urlset(pages(domain, 2)), delayMs: 3_000 });

    const result = await syncAt(tenant, id, fetcher, T0, { limits: { fileTimeoutMs: 400 } });

    expect(result).toMatchObject({ urlsDiscovered: 0, sitemapsFetched: 0 });
    const [row] = await sitemapRows(id);
    expect(row).toMatchObject({ fetchStatus: "timeout", type: "unknown", lastSuccessAt: null });
    expect(row.error).toMatch(/^timeout: /);
    expect(await issueOf(id, "sitemap_unreachable")).toMatchObject({ status: "open" });
  });

  it("takes back a malformed file whole and opens sitemap_parse_error", async () => {
    const { domain, id, fetcher, base } = await project("malformed");
    site.set(domain, "/sitemap.xml", `${urlset(pages(domain, 3)).replace("</urlset>", "")}<url><loc>${base}/x</loc></urlset>`);

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 0, urlsSkipped: 0, sitemapsFetched: 1 });
    const [row] = await sitemapRows(id);
    expect(row).toMatchObject({ fetchStatus: "error", type: "urlset", urlCount: null });
    expect(row.error).toMatch(/^parse_error: /);
    expect(await trackedUrls(id)).toEqual([]);
    expect(await issueOf(id, "sitemap_parse_error")).toMatchObject({ status: "open", severity: "warning" });
  });

  it.each([
    ["XXE", (base: string) => `<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><urlset><url><loc>${base}/&xxe;</loc></url></urlset>`],
    ["billion laughs", (base: string) => `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">]><urlset><url><loc>${base}/&lol2;</loc></url></urlset>`],
  ])("refuses %s: nothing expanded or admitted, the parse error recorded", async (_name, doc) => {
    const { domain, id, fetcher, base } = await project("hostile");
    site.set(domain, "/sitemap.xml", doc(base));

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 0, sitemapsFetched: 1 });
    const [row] = await sitemapRows(id);
    expect(row).toMatchObject({ fetchStatus: "error", error: "parse_error: DTD not allowed" });
    expect(await trackedUrls(id)).toEqual([]);
    expect(await issueOf(id, "sitemap_parse_error")).toMatchObject({ status: "open" });
  });

  it.each([
    ["a .gz file", { bomb: 300 * 1024 * 1024 }],
    ["Content-Encoding: gzip", { body: Buffer.alloc(80 * 1024 * 1024), gzipEncoding: true }],
  ])("stops a gzip bomb served as %s (decompression limits) and records it", async (_name, answer) => {
    const { domain, id, fetcher, base } = await project("bomb");
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/bomb.xml.gz`, `${base}/fine.xml`]));
    site.set(domain, "/bomb.xml.gz", answer);
    site.set(domain, "/fine.xml", urlset(pages(domain, 1)));
    const started = performance.now();

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result).toMatchObject({ urlsDiscovered: 1, staleMarked: 0 });
    const bomb = (await sitemapRows(id)).find((r) => r.url.endsWith("/bomb.xml.gz"));
    expect(bomb?.fetchStatus).toBe("error");
    expect(bomb?.error).toMatch(/^(decompression_bomb|too_large): /);
    expect(await issueOf(id, "sitemap_parse_error")).toMatchObject({ status: "open" });
  });

  it("rejects a file of 50,001 URLs (too_many_urls) and keeps the other files", async () => {
    const { domain, id, fetcher, base } = await project("huge");
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/huge.xml`, `${base}/small.xml`]));
    site.set(domain, "/huge.xml", urlset(pages(domain, 50_001, "h")));
    site.set(domain, "/small.xml", urlset(pages(domain, 2, "s")));

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 2, urlsSkipped: 0, sitemapsFetched: 3 });
    const huge = (await sitemapRows(id)).find((r) => r.url.endsWith("/huge.xml"));
    expect(huge).toMatchObject({ fetchStatus: "error", urlCount: null, type: "urlset" });
    expect(huge?.error).toMatch(/^too_many_urls: /);
    expect((await trackedUrls(id)).map((u) => u.url)).toEqual([`${base}/s0`, `${base}/s1`]);
  });

  it("reports off-host entries (first 100, never charged) and counts invalid and relative ones as skipped", async () => {
    const { domain, id, fetcher, base } = await project("offhost");
    const many = Array.from({ length: 120 }, (_, i) => `https://other-${i}.example/`);
    site.set(domain, "/sitemap.xml", urlset([
      `${base}/ok`, `${base}/ok#fragment`, `HTTPS://${domain.toUpperCase()}/Case`, `http://${domain}:8080/port`,
      `https://www.${domain}/w`, "https://elsewhere.example/x", "/relative", "page.html", "ftp://x.example/f",
      `https://user:pw@${domain}/creds`, `https://www.${domain}/w`, ...many,
    ]));
    const before = await balanceOf(tenant.organizationId);

    const result = await syncAt(tenant, id, fetcher, T0);

    // The host (not the port or scheme) decides: http://{domain}:8080 is on-host.
    expect(result.urlsDiscovered).toBe(3);
    // 1 repeat (#fragment) + 2 off-host + 1 repeated off-host + 120 more off-host + 2 relative + ftp + credentials.
    expect(result.urlsSkipped).toBe(1 + 2 + 1 + 120 + 2 + 1 + 1);
    expect(result.skippedOffHost).toHaveLength(100);
    expect(result.skippedOffHost.slice(0, 3)).toEqual([
      { url: `https://www.${domain}/w`, reason: "off_host" },
      { url: "https://elsewhere.example/x", reason: "off_host" },
      { url: "https://other-0.example/", reason: "off_host" },
    ]);
    expect(new Set(result.skippedOffHost.map((s) => s.url)).size).toBe(100);
    expect((await trackedUrls(id)).map((u) => u.url).sort()).toEqual([`${base}/Case`, `${base}/ok`, `http://${domain}:8080/port`].sort());
    expect(await balanceOf(tenant.organizationId)).toBe(before - 3);
  });

  it("does not follow children nested deeper than 3 levels, and says so on the parent", async () => {
    const { domain, id, fetcher, base } = await project("deep");
    site.set(domain, "/sitemap.xml", sitemapIndex([`${base}/l1.xml`]));
    site.set(domain, "/l1.xml", sitemapIndex([`${base}/l2.xml`]));
    site.set(domain, "/l2.xml", sitemapIndex([`${base}/l3.xml`]));
    site.set(domain, "/l3.xml", sitemapIndex([`${base}/l4.xml`]));
    site.set(domain, "/l4.xml", urlset(pages(domain, 1)));

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 0, sitemapsFetched: 4 });
    expect(site.requestsTo(domain)).not.toContain("/l4.xml");
    const l3 = (await sitemapRows(id)).find((r) => r.url.endsWith("/l3.xml"));
    expect(l3).toMatchObject({ fetchStatus: "ok", error: "1 child sitemap(s) not followed: nested deeper than 3 levels" });
  });

  it("refuses a sitemap on a private address as blocked (no CONNECT_TO mapping for it)", async () => {
    const { domain, id } = await project("ssrf");
    await import("@/lib/db").then(({ db }) => db.project.update({ where: { id }, data: { sitemapUrl: "https://127.0.0.1/sitemap.xml" } }));
    const fetcher = createSafeFetcher({ connectTo: site.site.connectTo([domain]), tlsCa: site.site.ca });

    await syncAt(tenant, id, fetcher, T0);

    const [row] = await sitemapRows(id);
    expect(row).toMatchObject({ url: "https://127.0.0.1/sitemap.xml", fetchStatus: "blocked" });
  });

  it("answers 404 for another organization's project", async () => {
    const { id, fetcher } = await project("foreign");
    const other = await createTenant("sitemap-walk-other");
    const error = await rejection(syncAt(other, id, fetcher, T0));
    expect(asHttp(error)).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });
});
