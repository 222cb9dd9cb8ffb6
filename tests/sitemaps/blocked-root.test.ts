// A project's sitemapUrl that the fetcher refuses (stored before the API refused it, so written
// straight to the database here) is recorded as a `blocked` sitemap with its reason, never skipped.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createProjectFor, createTenant, issueOf, setBalance, SitemapSite, sitemapIndex, sitemapRows, syncAt, trackedUrls, urlset, type Tenant } from "./helpers";

let site: SitemapSite;
let tenant: Tenant;
const T0 = new Date("2031-04-01T10:00:00Z");

beforeAll(async () => {
  site = await SitemapSite.start();
  tenant = await createTenant("sitemap-blocked");
  await setBalance(tenant.organizationId, 1_000);
});
afterAll(() => site.close());

async function projectWithSitemapUrl(tag: string, sitemapUrl: (domain: string) => string) {
  const domain = site.domain(tag);
  const p = await createProjectFor(tenant, domain);
  await db.project.update({ where: { id: p.id }, data: { sitemapUrl: sitemapUrl(domain) } });
  return { domain, id: p.id, fetcher: site.fetcher([domain]), base: `https://${domain}` };
}

describe("sync of a sitemap URL the fetcher refuses", () => {
  it.each([
    ["user and password", (d: string) => `https://user:pass@${d}/sitemap.xml`, "blocked: URLs with a user name or password (userinfo) are never fetched"],
    ["a host-looking user name", (d: string) => `https://${d}@127.0.0.1/sitemap.xml`, "blocked: URLs with a user name or password (userinfo) are never fetched"],
    ["another port", (d: string) => `https://${d}:8443/sitemap.xml`, "port 8443 is not allowed; customer sites are fetched on ports 80 and 443 only"],
  ])("records a root with %s as blocked, with its error, and fetches nothing", async (_n, sitemapUrl, error) => {
    const { domain, id, fetcher } = await projectWithSitemapUrl("blk", sitemapUrl);
    site.set(domain, "/sitemap.xml", urlset([`https://${domain}/a`]));

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 0, sitemapsFetched: 0 });
    const rows = await sitemapRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ url: new URL(sitemapUrl(domain)).href, origin: "root", fetchStatus: "blocked", lastSuccessAt: null });
    expect(rows[0].error).toContain(error);
    expect(site.requestsTo(domain)).not.toContain("/sitemap.xml");
    expect(await trackedUrls(id)).toEqual([]);
    const issue = await issueOf(id, "sitemap_unreachable");
    expect(issue?.status).toBe("open");
  });

  it("does not follow an index child with userinfo, and notes it on the index", async () => {
    const { domain, id, fetcher, base } = await projectWithSitemapUrl("child", (d) => `https://${d}/sitemap.xml`);
    site.set(domain, "/sitemap.xml", sitemapIndex([`https://u:p@${domain}/hidden.xml`, `${base}/open.xml`]));
    site.set(domain, "/open.xml", urlset([`${base}/ok`, `https://u:p@${domain}/secret`]));
    site.set(domain, "/hidden.xml", urlset([`${base}/never`]));

    const result = await syncAt(tenant, id, fetcher, T0);

    expect(result).toMatchObject({ urlsDiscovered: 1, urlsSkipped: 1 });
    expect((await trackedUrls(id)).map((u) => u.url)).toEqual([`${base}/ok`]);
    expect(site.requestsTo(domain)).not.toContain("/hidden.xml");
    const index = (await sitemapRows(id)).find((r) => r.url === `${base}/sitemap.xml`);
    expect(index?.error).toMatch(/1 child sitemap entry ignored/);
  });
});
