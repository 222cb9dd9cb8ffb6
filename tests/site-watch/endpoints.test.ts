import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as versionsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/robots-txt/versions/route";
import * as versionRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/robots-txt/versions/[versionId]/route";
import * as watchRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/watch/route";
import { db } from "@/lib/db";
import { readPeerCertificate } from "@/lib/net/peer-certificate";
import { checkSite } from "@/lib/site-watch/robots-watch-tick";
import { createTestTenant, type TestTenant } from "../factories";
import { bearer, call } from "../http";
import { fetchOnce, issueOf, WatchSite, watchedProject, watchRow, type WatchedProject } from "./helpers";

const A = "User-agent: *\nDisallow: /admin\n";
const B = "User-agent: *\nDisallow: /admin\nDisallow: /shop\n";

let site: WatchSite;
let alice: TestTenant;
let mallory: TestTenant;
let p: WatchedProject;
beforeAll(async () => {
  [site, alice, mallory] = await Promise.all([WatchSite.start(), createTestTenant("watch-api-alice"), createTestTenant("watch-api-mallory")]);
  p = await watchedProject(alice, site, [{ path: "/shop/a", priority: "high" }, { path: "/blog/b" }]);
  site.robots(p.host, { body: A });
  await fetchOnce(p);
  site.robots(p.host, { body: B });
  await fetchOnce(p);
  await fetchOnce(p);
});
afterAll(() => site.close());

const base = (c: { organizationId: string; projectId: string }) => `http://127.0.0.1:3000/api/user/organizations/${c.organizationId}/projects/${c.projectId}`;
const params = (c: { organizationId: string; projectId: string }, extra: Record<string, string> = {}) => ({ organizationId: c.organizationId, id: c.projectId, ...extra });
const list = (token: string, query = "") => call(versionsRoute.GET, { url: `${base(p)}/robots-txt/versions${query}`, headers: bearer(token), params: params(p) });
const one = (token: string, versionId: string) =>
  call(versionRoute.GET, { url: `${base(p)}/robots-txt/versions/${versionId}`, headers: bearer(token), params: params(p, { versionId }) });
const watch = (token: string, target = p) => call(watchRoute.GET, { url: `${base(target)}/watch`, headers: bearer(token), params: params(target) });

describe("GET robots-txt/versions", () => {
  it("lists the versions newest first with an exact total, and pages", async () => {
    const { res, body } = await list(alice.sessionToken);
    expect(res.status).toBe(200);
    expect(body.meta).toMatchObject({ total: 2, offset: 0, hasMore: false });
    expect(body.data.map((v: { current: boolean }) => v.current)).toEqual([true, false]);
    expect(body.data[0]).toMatchObject({ httpStatus: 200, bytes: Buffer.byteLength(B), linesAdded: 1, linesRemoved: 0, truncated: false, encoding: "utf-8" });
    expect(body.data[1]).toMatchObject({ linesAdded: null, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const page = await list(alice.sessionToken, "?offset=1&limit=1");
    expect(page.body.data).toHaveLength(1);
    expect(page.body.data[0].id).toBe(body.data[1].id);
  });

  it("one version has its text, diff and impact", async () => {
    const id = (await watchRow(p)).robotsCurrentVersionId!;
    const { res, body } = await one(alice.sessionToken, id);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ id, content: B, current: true, previousVersionId: expect.any(String) });
    expect(body.data.diff).toContain("+Disallow: /shop");
    expect(body.data.impact.googlebot).toMatchObject({ newlyBlocked: 1, highPriorityBlocked: 1, sampleUrls: [`https://${p.host}/shop/a`] });
    expect(body.data.impact.ai.length).toBeGreaterThan(5);
  });

  it("bad parameters are a 400 or a 404, never a 500", async () => {
    expect((await list(alice.sessionToken, "?limit=abc")).res.status).toBe(400);
    expect((await list(alice.sessionToken, "?offset=-1")).res.status).toBe(400);
    expect((await one(alice.sessionToken, "not-a-uuid")).res.status).toBe(404);
    expect((await one(alice.sessionToken, crypto.randomUUID())).body.code).toBe("NOT_FOUND");
  });

  it("another organization's session gets 404 for the list, a version and the watch", async () => {
    const id = (await watchRow(p)).robotsCurrentVersionId!;
    for (const { res, body } of [await list(mallory.sessionToken), await one(mallory.sessionToken, id), await watch(mallory.sessionToken)]) {
      expect(res.status).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    }
    // A version of another project of the caller's own organization is a 404 too.
    const other = await watchedProject(alice, site, []);
    const { res } = await call(versionRoute.GET, { url: `${base(other)}/robots-txt/versions/${id}`, headers: bearer(alice.sessionToken), params: params(other, { versionId: id }) });
    expect(res.status).toBe(404);
  });
});

describe("certificate and home page", () => {
  it("reads the origin's certificate (days left), opens certificate_expiring 14 days ahead and shows both in GET watch", async () => {
    // The test CA's certificates live 2 days: well inside the 14-day warning.
    const r = await checkSite({ ...p, domain: p.host, origin: null, homeFinalUrl: `https://${p.host}/` }, p.fetcher, p.read, new Date());
    expect(r.cert).toMatchObject({ state: "ok", expiresAt: expect.any(Date) });
    expect(await issueOf(p, "certificate_expiring")).toMatchObject({ status: "open", severity: "critical" });
    const { res, body } = await watch(alice.sessionToken);
    expect(res.status).toBe(200);
    expect(body.data.certificate).toMatchObject({ state: "ok", daysLeft: expect.any(Number) });
    expect(body.data.certificate.daysLeft).toBeLessThanOrEqual(2);
    expect(body.data.homePage).toMatchObject({ status: 200, finalUrl: `https://${p.host}/`, state: "ok" });
    expect(body.data.robotsTxt).toMatchObject({ url: `https://${p.host}/robots.txt`, state: "ok", httpStatus: 200, versionId: (await watchRow(p)).robotsCurrentVersionId });
    expect(body.data.sentinels).toEqual([]);
    expect(body.data.sitemaps).toEqual([]);
  });

  it("an unreadable certificate is a state, not an error; an untrusted one is `invalid`", async () => {
    const q = await watchedProject(alice, site, []);
    const closed = (host: string) => readPeerCertificate(host, { connectTo: `${host}:443:127.0.0.1:9` });
    await checkSite({ ...q, domain: q.host, origin: null, homeFinalUrl: null }, q.fetcher, closed, new Date());
    const { res, body } = await watch(alice.sessionToken, q);
    expect(res.status).toBe(200);
    expect(body.data.certificate).toMatchObject({ state: "unreadable", expiresAt: null, daysLeft: null, error: expect.stringContaining(q.host) });
    expect(await issueOf(q, "certificate_expiring")).toBeNull();

    // Without the test CA the same certificate is read but not trusted.
    const untrusted = (host: string) => readPeerCertificate(host, { connectTo: site.site.connectTo([host]) });
    await checkSite({ ...q, domain: q.host, origin: null, homeFinalUrl: null }, q.fetcher, untrusted, new Date());
    expect((await watch(alice.sessionToken, q)).body.data.certificate).toMatchObject({ state: "invalid", daysLeft: expect.any(Number) });
  });

  it("a home page that now lands elsewhere is `moved`, and the watch follows its origin; the sitemaps' counts of two syncs show", async () => {
    const q = await watchedProject(alice, site, []);
    const other = site.host("moved");
    site.site.route("/", (req, res) => {
      const host = (req.headers.host ?? "").split(":")[0];
      if (host === q.host) return void res.writeHead(301, { location: `https://${other}/` }).end();
      res.writeHead(200, { "content-type": "text/html" }).end("<title>Home</title>");
    });
    const fetcher = site.fetcher([q.host, other]);
    await checkSite({ ...q, domain: q.host, origin: null, homeFinalUrl: `https://${q.host}/` }, fetcher, site.certificateReader([other]), new Date());
    await db.sitemap.create({ data: { organizationId: q.organizationId, projectId: q.projectId, url: `https://${q.host}/sitemap.xml`, urlCount: 80, previousUrlCount: 120 } });
    const { body } = await watch(alice.sessionToken, q);
    expect(body.data.homePage).toMatchObject({ state: "moved", finalUrl: `https://${other}/`, previousFinalUrl: `https://${q.host}/` });
    expect(body.data.robotsTxt.url).toBe(`https://${other}/robots.txt`);
    expect(body.data.sitemaps).toEqual([{ url: `https://${q.host}/sitemap.xml`, urlCount: 80, previousUrlCount: 120 }]);
  });
});
