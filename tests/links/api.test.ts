import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as urlLinksRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/links/route";
import * as brokenRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/links/broken/route";
import * as unlistedRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/links/unlisted/route";
import * as detailRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/urls/[urlId]/detail/route";
import { computeLinkGraphFn, sweepLinkGraphsFn } from "@/inngest/functions/links/compute-link-graph";
import { db } from "@/lib/db";
import { inspectPlannedProject } from "@/lib/inspections/inspect-planned-project";
import { createTestUser, type TestUser } from "../factories";
import { bearer, call } from "../http";
import { runUnderInngest } from "../inngest-engine";
import { SitemapSite } from "../sitemaps/helpers";
import { automatedProject, planned, siteRunner } from "../inspections/helpers";
import { serveLinkSite, TRACKED } from "./site";

let site: SitemapSite;
let alice: TestUser;
let mallory: TestUser;
let p: Awaited<ReturnType<typeof automatedProject>>;
const urlId = new Map<string, string>();

beforeAll(async () => {
  site = await SitemapSite.start();
  [alice, mallory] = await Promise.all([createTestUser("links-api-alice"), createTestUser("links-api-mallory")]);
  p = await automatedProject(alice, { domain: site.domain("lapi") });
  serveLinkSite(site, p.domain);
  await db.trackedUrl.createMany({
    data: TRACKED.map((path) => ({ organizationId: p.organizationId, projectId: p.id, url: `https://${p.domain}${path}`, source: "manual" as const, nextInspectionAt: new Date(Date.now() - 60_000) })),
  });
  for (const r of await db.trackedUrl.findMany({ where: { projectId: p.id } })) urlId.set(new URL(r.url).pathname, r.id);
  await inspectPlannedProject(planned(p, 100), { runner: siteRunner(site.fetcher([p.domain])) });
  // On demand, through the SDK's engine: the unlisted pages are fetched through the app's default fetcher (not mapped
  // to the test site here: they fail to connect, which the list shows), then the metrics.
  const run = await runUnderInngest(computeLinkGraphFn, { events: [{ name: "links/graph.requested", data: { organizationId: p.organizationId, projectId: p.id } }] });
  expect(run.error).toBeFalsy();
  expect(run.steps).toEqual(["graph"]);
}, 60_000);
afterAll(() => site.close());

const base = `http://127.0.0.1:3000/api/user/organizations`;
const projectUrl = (org: string, path: string) => `${base}/${org}/projects/${p.id}${path}`;

describe("links API", () => {
  it("GET …/urls/{urlId}/links: inlinks with sources and anchor text, outlinks, depth, orphan", async () => {
    const id = urlId.get("/a")!;
    const { res, body } = await call(urlLinksRoute.GET, { url: projectUrl(alice.organizationId, `/urls/${id}/links`), headers: bearer(alice.sessionToken), params: { organizationId: alice.organizationId, id: p.id, urlId: id } });
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ inlinks: { pages: 1, nofollowOnly: false, sample: [{ url: `https://${p.domain}/`, anchorText: "About & us" }] }, clickDepth: 1, orphan: false });
    expect(body.data.outlinks.items.map((o: { url: string }) => new URL(o.url).pathname)).toEqual(["/", "/b", "/missing", "/old"]);
    expect(body.data.outlinks.items.find((o: { url: string }) => o.url.endsWith("/b"))).toMatchObject({ nofollow: true, tracked: true });
  });

  it("the URL detail carries the links (one request)", async () => {
    const id = urlId.get("/orphan")!;
    const { res, body } = await call(detailRoute.GET, { url: projectUrl(alice.organizationId, `/urls/${id}/detail`), headers: bearer(alice.sessionToken), params: { organizationId: alice.organizationId, id: p.id, urlId: id } });
    expect(res.status).toBe(200);
    expect(body.data.links).toMatchObject({ inlinks: { pages: 0, sample: [] }, orphan: true, clickDepth: null });
  });

  it("GET …/links/broken lists the targets with the pages that carry them", async () => {
    const { res, body } = await call(brokenRoute.GET, { url: projectUrl(alice.organizationId, "/links/broken"), headers: bearer(alice.sessionToken), params: { organizationId: alice.organizationId, id: p.id } });
    expect(res.status).toBe(200);
    const old = body.data.find((b: { target: string }) => b.target.endsWith("/old"));
    expect(old).toMatchObject({ status: 200, redirectTarget: `https://${p.domain}/a`, sourcePages: 1, sampleSources: [{ url: `https://${p.domain}/a`, anchorText: "Old" }] });
    expect(body.meta).toMatchObject({ offset: 0, limit: 20 });
  });

  it("GET …/links/unlisted lists linked pages that are not tracked", async () => {
    const { res, body } = await call(unlistedRoute.GET, { url: projectUrl(alice.organizationId, "/links/unlisted?limit=50"), headers: bearer(alice.sessionToken), params: { organizationId: alice.organizationId, id: p.id } });
    expect(res.status).toBe(200);
    const urls = body.data.map((u: { url: string }) => u.url);
    expect(urls).toEqual(expect.arrayContaining([`https://${p.domain}/missing`, `https://${p.domain}/sub/c`, `https://www.${p.domain}/twin`]));
    expect(body.data.find((u: { url: string }) => u.url.includes("www."))).toMatchObject({ trackable: false, inlinkPages: 1 });
  });

  it("another organization's ids are a 404; hostile input is an error envelope, never a 500", async () => {
    const orgM = mallory.organizationId;
    const asMallory = await call(brokenRoute.GET, { url: projectUrl(orgM, "/links/broken"), headers: bearer(mallory.sessionToken), params: { organizationId: orgM, id: p.id } });
    expect(asMallory.res.status).toBe(404);
    const id = urlId.get("/a")!;
    const linksM = await call(urlLinksRoute.GET, { url: projectUrl(orgM, `/urls/${id}/links`), headers: bearer(mallory.sessionToken), params: { organizationId: orgM, id: p.id, urlId: id } });
    expect(linksM.res.status).toBe(404);
    const org = alice.organizationId;
    for (const q of ["?offset=-1", "?limit=abc", "?offset=99999999999999999999999", "?limit=%00", "?offset=1.5"]) {
      const { res, body } = await call(unlistedRoute.GET, { url: projectUrl(org, `/links/unlisted${q}`), headers: bearer(alice.sessionToken), params: { organizationId: org, id: p.id } });
      expect(res.status, q).toBe(400);
      expect(body.code).toBeTruthy();
    }
    const far = await call(brokenRoute.GET, { url: projectUrl(org, "/links/broken?offset=9007199254740991"), headers: bearer(alice.sessionToken), params: { organizationId: org, id: p.id } });
    expect(far.res.status).toBe(200);
    expect(far.body.data).toEqual([]);
    const bad = await call(urlLinksRoute.GET, { url: projectUrl(org, "/urls/not-a-uuid/links"), headers: bearer(alice.sessionToken), params: { organizationId: org, id: p.id, urlId: "not-a-uuid" } });
    expect(bad.res.status).toBe(404);
  });

  it("the hourly sweep computes the projects whose pages were audited since", async () => {
    await db.$executeRaw`UPDATE link_graph_state SET computed_at = computed_at - interval '1 hour' WHERE project_id = ${p.id}::uuid`;
    const run = await runUnderInngest(sweepLinkGraphsFn, { memoized: { list: [{ organizationId: p.organizationId, projectId: p.id }] } });
    expect(run.error).toBeFalsy();
    expect(run.result).toMatchObject({ projects: 1, computed: 1 });
  });
});
