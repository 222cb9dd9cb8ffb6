import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createSafeFetcher } from "@/lib/net/safe-fetch";
import { probeAvailability } from "@/lib/sitemaps/probe/probe-availability";
import {
  balanceOf, createProjectFor, createTenant, issueOf, minutesAfter, pages, rejection, setBalance, SitemapSite, sitemapIndex, syncAt, urlset, type Tenant,
} from "./helpers";

// A sync that reads no sitemap is a failure said in words, and it does not hold the 15-minute debounce: the
// owner fixes the site and syncs again at once. One that reads some sitemaps is partial and counts.
let site: SitemapSite;
let tenant: Tenant;
beforeAll(async () => {
  site = await SitemapSite.start();
  tenant = await createTenant("sitemaps-failed");
  await setBalance(tenant.organizationId, 100);
});
afterAll(() => site.close());

/** A fetcher that reaches the test site but does not trust its certificate authority: every HTTPS fetch fails TLS. */
const untrusted = (domain: string) => createSafeFetcher({ connectTo: site.site.connectTo([domain, `www.${domain}`]) });
const RAW = /CERT_|UNABLE_TO|SELF_SIGNED|ERR_|certificate chain|\(E[A-Z]+\)/;

describe("a sync that reads no sitemap", () => {
  it("says what failed in plain words, admits and charges nothing, and does not count towards the 15-minute limit", async () => {
    const domain = site.domain("tls");
    const { id } = await createProjectFor(tenant, domain);
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 3)));
    const T0 = new Date();

    const failed = await syncAt(tenant, id, untrusted(domain), T0);
    expect(failed).toMatchObject({ status: "failed", urlsDiscovered: 0, sitemapsFetched: 0 });
    expect(failed.failures).toEqual([
      { url: "robots.txt", problem: "unreachable", message: expect.stringContaining("The robots.txt file could not be read") },
      { url: `https://${domain}/sitemap.xml`, problem: "unreachable", message: expect.stringContaining("HTTPS certificate is not valid") },
    ]);
    for (const f of failed.failures) expect(f.message).not.toMatch(RAW);
    expect(await balanceOf(tenant.organizationId)).toBe(100);
    expect((await db.project.findUniqueOrThrow({ where: { id } })).lastSitemapSyncAt).toBeNull();
    expect(await issueOf(id, "sitemap_unreachable")).toMatchObject({ status: "open" });

    // The owner fixes the certificate and syncs again a minute later: allowed, and it admits the URLs.
    const fixed = await syncAt(tenant, id, site.fetcher([domain]), minutesAfter(T0, 1));
    expect(fixed).toMatchObject({ status: "completed", failures: [], urlsDiscovered: 3 });
    expect(await issueOf(id, "sitemap_unreachable")).toMatchObject({ status: "resolved" });
    // That one counts: another within 15 minutes is refused.
    expect(await rejection(syncAt(tenant, id, site.fetcher([domain]), minutesAfter(T0, 2)))).toMatchObject({ code: "SYNC_RATE_LIMITED" });
  });

  it("a sitemap that is not there: “there is no sitemap at this address (HTTP 404)”, the slot is given back", async () => {
    const domain = site.domain("none");
    const { id } = await createProjectFor(tenant, domain);
    const T0 = new Date();
    const result = await syncAt(tenant, id, site.fetcher([domain]), T0);
    expect(result).toMatchObject({
      status: "failed", failures: [{ url: `https://${domain}/sitemap.xml`, problem: "missing", message: "There is no sitemap at this address (HTTP 404)." }],
    });
    expect(await issueOf(id, "sitemap_missing")).toMatchObject({ status: "open" });
    site.set(domain, "/sitemap.xml", urlset(pages(domain, 2)));
    expect(await syncAt(tenant, id, site.fetcher([domain]), minutesAfter(T0, 1))).toMatchObject({ status: "completed", urlsDiscovered: 2 });
  });

  it("a sync that reads some sitemaps is partial, lists the others, and counts", async () => {
    const domain = site.domain("part");
    const { id } = await createProjectFor(tenant, domain);
    const b = `https://${domain}`;
    site.set(domain, "/sitemap.xml", sitemapIndex([`${b}/ok.xml`, `${b}/down.xml`, `${b}/junk.xml`]));
    site.set(domain, "/ok.xml", urlset(pages(domain, 2)));
    site.set(domain, "/down.xml", { status: 503, body: "" });
    site.set(domain, "/junk.xml", { body: "<html><p>not a sitemap", contentType: "text/html" });
    const T0 = new Date();
    const result = await syncAt(tenant, id, site.fetcher([domain]), T0);
    expect(result).toMatchObject({ status: "partial", urlsDiscovered: 2, sitemapsFetched: 3 });
    expect(result.failures).toEqual([
      { url: `${b}/down.xml`, problem: "unreachable", message: "The server answered HTTP 503 (a server error)." },
      { url: `${b}/junk.xml`, problem: "invalid", message: "The file is not a valid XML or text sitemap." },
    ]);
    expect(await rejection(syncAt(tenant, id, site.fetcher([domain]), minutesAfter(T0, 1)))).toMatchObject({ code: "SYNC_RATE_LIMITED" });
  });
});

describe("the availability probe of a site that does not answer", () => {
  it("says the site could not be reached (not “not found”) and stores the presence flags as unknown", async () => {
    const domain = site.domain("down");
    const { id } = await createProjectFor(tenant, domain);
    site.set(domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
    const result = await probeAvailability(tenant.ctx, id, { fetcher: untrusted(domain) });
    expect(result).toMatchObject({ siteReachable: false, robotsTxtPresent: false, llmsTxtPresent: false, sitemapPresent: false });
    expect(result.problem).toBe(`The site https://${domain} could not be reached: the site's HTTPS certificate is not valid (expired, self-signed or issued for another name), so no secure connection could be made.`);
    expect(result.sitemapProblem).toContain("could not be fetched: the site's HTTPS certificate is not valid");
    const project = await db.project.findUniqueOrThrow({ where: { id } });
    expect(project).toMatchObject({ robotsTxtPresent: null, llmsTxtPresent: null });
    expect(project.lastAvailabilityCheckAt).not.toBeNull();

    // Once it answers: found and not found are facts again.
    const again = await probeAvailability(tenant.ctx, id, { fetcher: site.fetcher([domain]) });
    expect(again).toMatchObject({ siteReachable: true, problem: null, robotsTxtPresent: true, llmsTxtPresent: false, sitemapPresent: false,
      sitemapProblem: `There is no sitemap at https://${domain}/sitemap.xml (HTTP 404).` });
    expect(await db.project.findUniqueOrThrow({ where: { id } })).toMatchObject({ robotsTxtPresent: true, llmsTxtPresent: false });
  });
});
