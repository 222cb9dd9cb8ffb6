import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as syncRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/sync/route";
import { bearer, call } from "../http";
import { createProjectFor, createTenant, pages, setBalance, SitemapSite, sitemapIndex, syncAt, urlset, type Tenant } from "./helpers";

// While a sync runs, GET …/sync says how far the walk got, so the dashboard shows a progress bar with counts
// instead of "Syncing…" alone (issue 33, item 20).

let site: SitemapSite;
let alice: Tenant;
let mallory: Tenant;
beforeAll(async () => {
  site = await SitemapSite.start();
  [alice, mallory] = await Promise.all([createTenant("sync-progress-alice"), createTenant("sync-progress-mallory")]);
  await setBalance(alice.organizationId, 1_000);
});
afterAll(() => site.close());

const progressOf = (t: Tenant, projectId: string, as: Tenant = t) => call(syncRoute.GET, {
  url: `http://127.0.0.1:3000/api/user/organizations/${t.organizationId}/projects/${projectId}/sync`,
  headers: bearer(as.sessionToken), params: { organizationId: t.organizationId, id: projectId },
});

describe("GET …/sync", () => {
  it("reports the files read of those found and the URLs read while the walk runs, then nothing once it answered", async () => {
    const domain = site.domain("progress");
    const project = await createProjectFor(alice, domain);
    const b = `https://${domain}`;
    site.set(domain, "/sitemap.xml", sitemapIndex([`${b}/a.xml`, `${b}/b.xml`, `${b}/slow.xml`]));
    site.set(domain, "/a.xml", urlset(pages(domain, 3, "a")));
    site.set(domain, "/b.xml", urlset(pages(domain, 2, "b")));
    site.set(domain, "/slow.xml", { body: urlset(pages(domain, 4, "s")), delayMs: 2_500 });

    const idle = await progressOf(alice, project.id);
    expect(idle.res.status).toBe(200);
    expect(idle.body.data).toEqual({ running: false, startedAt: null, phase: null, sitemapsRead: 0, sitemapsFound: 0, urlsRead: 0 });

    const now = new Date();
    const running = syncAt(alice, project.id, site.fetcher([domain]), now);
    // The index and two children are read; the third child is on its way.
    let seen: Record<string, unknown> | undefined;
    for (let i = 0; i < 100; i++) {
      const { body } = await progressOf(alice, project.id);
      if (body.data.sitemapsRead === 3) {
        seen = body.data;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toEqual({ running: true, startedAt: now.toISOString(), phase: "reading", sitemapsRead: 3, sitemapsFound: 4, urlsRead: 5 });
    // Another organization's project is a 404, even while its sync runs.
    const foreign = await progressOf(alice, project.id, mallory);
    expect(foreign.res.status).toBe(404);

    const result = await running;
    expect(result.urlsDiscovered).toBe(9);
    expect((await progressOf(alice, project.id)).body.data).toMatchObject({ running: false, sitemapsRead: 0 });
  });

  it("clears the progress of a sync that failed", async () => {
    const domain = site.domain("progress-fail");
    const project = await createProjectFor(alice, domain);
    site.set(domain, "/sitemap.xml", { status: 500, body: "down" });
    const result = await syncAt(alice, project.id, site.fetcher([domain]), new Date());
    expect(result.status).toBe("failed");
    expect((await progressOf(alice, project.id)).body.data.running).toBe(false);
  });
});
