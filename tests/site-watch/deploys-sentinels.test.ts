// Deploys and sentinels against our fake site: a deploy (API key, or the project's hook token) runs the
// sentinel pages at once and emits deploy.recorded; another project's token records only for its own
// project; a bad or revoked token is a 401; the 15-minute cron (under Inngest) audits each due project's
// sentinels without credits; sentinel URLs off the project's host are a clear 400; tenancy 404s.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as deploysRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/deploys/route";
import * as hookTokenRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/deploys/hook-token/route";
import * as sentinelsRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/sentinels/route";
import * as watchRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/watch/route";
import * as hookRoute from "@/app/api/hooks/deploys/route";
import { runSentinelsCronFn, runSentinelsOnDeployFn } from "@/inngest/functions/site-watch/sentinel-runs";
import { db } from "@/lib/db";
import { recentEvents } from "@/lib/events/event-log";
import { listSentinelProjects, resolveSentinelUrls } from "@/lib/site-watch/sentinels";
import { createTestApiKey, createTestTenant, type TestTenant } from "../factories";
import { apiKeyHeader, bearer, call } from "../http";
import { runUnderInngest } from "../inngest-engine";
import { automatedProject, balanceOf } from "../inspections/helpers";
import { SitemapSite } from "../sitemaps/helpers";

vi.setConfig({ testTimeout: 90_000 });

let site: SitemapSite;
let owner: TestTenant;
let attacker: TestTenant;
beforeAll(async () => {
  site = await SitemapSite.start();
  owner = await createTestTenant("dep-owner");
  attacker = await createTestTenant("dep-attacker");
  // The default fetcher (the jobs') reaches the test site's plain HTTP port for every host.
  process.env.CONNECT_TO = `:80:127.0.0.1:${site.site.httpPort}`;
});
afterAll(() => site.close());

const base = (orgId: string, projectId: string) => `http://127.0.0.1:3000/api/user/organizations/${orgId}/projects/${projectId}`;

async function sentinelProject(tag: string) {
  const domain = site.domain(tag);
  const p = await automatedProject({ ...owner }, { domain, enabled: false });
  const urls = ["/", "/pricing", "/docs/start"].map((path) => `http://${domain}${path}`);
  await db.trackedUrl.createMany({ data: urls.map((url) => ({ organizationId: owner.organizationId, projectId: p.id, url, source: "manual" as const })) });
  site.set(domain, "/robots.txt", { body: "User-agent: *\nAllow: /\n", contentType: "text/plain" });
  for (const path of ["/", "/pricing", "/docs/start"]) site.set(domain, path, { body: `<!doctype html><html><head><title>${path}</title></head><body><h1>Hi</h1></body></html>`, contentType: "text/html" });
  await db.sentinelConfig.create({ data: { projectId: p.id, organizationId: owner.organizationId, auto: false, urls } });
  return { p, domain, urls };
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("deploys", () => {
  it("an API key records a deploy: 201, deploy.recorded, and the sentinels run at once without credits", async () => {
    const { p, urls } = await sentinelProject("dep");
    const key = await createTestApiKey(owner, ["projects:write", "projects:read", "organization:read"]);
    const credits = await balanceOf(owner.organizationId);
    const params = { organizationId: owner.organizationId, id: p.id };
    const { res, body } = await call(deploysRoute.POST, { method: "POST", url: `${base(owner.organizationId, p.id)}/deploys`, headers: apiKeyHeader(key.key), json: { ref: "abc123", description: "Release 42" }, params });
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ ref: "abc123", description: "Release 42", source: "api" });
    expect(recentEvents("deploy.recorded").filter((e) => e.data.deployId === body.data.id)).toHaveLength(1);
    const pages = await until(() => db.sentinelPage.findMany({ where: { projectId: p.id } }), (rows) => rows.length === 3 && rows.every((r) => r.state === "ok"));
    expect(pages.map((r) => [r.url, r.state, r.httpStatus]).sort()).toEqual(urls.map((u) => [u, "ok", 200]).sort());
    expect(await db.urlHistoryEntry.count({ where: { projectId: p.id, source: "sentinel" } })).toBe(3);
    expect(await balanceOf(owner.organizationId)).toBe(credits);
    // GET …/watch tells the sentinels' state.
    const watch = await call(watchRoute.GET, { url: `${base(owner.organizationId, p.id)}/watch`, headers: apiKeyHeader(key.key), params });
    expect(watch.body.data.sentinels.map((s: { url: string; state: string }) => [s.url, s.state]).sort()).toEqual(urls.map((u) => [u, "ok"]).sort());
    expect(watch.body.data.sentinels.every((s: { lastAuditAt: string | null }) => typeof s.lastAuditAt === "string")).toBe(true);

    const list = await call(deploysRoute.GET, { url: `${base(owner.organizationId, p.id)}/deploys`, headers: apiKeyHeader(key.key), params });
    expect(list.body.data.map((d: { id: string }) => d.id)).toEqual([body.data.id]);

    // Bad input: a clear 400, nothing recorded.
    for (const json of [{ at: "yesterday" }, { ref: "x".repeat(201) }, { at: "2001-01-01T00:00:00Z" }, { extra: 1 }]) {
      const bad = await call(deploysRoute.POST, { method: "POST", url: `${base(owner.organizationId, p.id)}/deploys`, headers: apiKeyHeader(key.key), json, params });
      expect(bad.res.status, JSON.stringify(json)).toBe(400);
      expect(bad.body.code).toBe("VALIDATION_ERROR");
    }
    // A read-only key cannot record one; another organization sees nothing.
    const reader = await createTestApiKey(owner, ["projects:read", "organization:read"]);
    expect((await call(deploysRoute.POST, { method: "POST", url: `${base(owner.organizationId, p.id)}/deploys`, headers: apiKeyHeader(reader.key), json: {}, params })).res.status).toBe(403);
    const foreign = await call(deploysRoute.GET, { url: `${base(attacker.organizationId, p.id)}/deploys`, headers: bearer(attacker.sessionToken), params: { organizationId: attacker.organizationId, id: p.id } });
    expect(foreign.res.status).toBe(404);
    expect(await db.deploy.count({ where: { projectId: p.id } })).toBe(1);
  });

  it("the deploy hook token records for its own project only; a bad or revoked token is a 401", async () => {
    const a = await sentinelProject("hook-a");
    const b = await sentinelProject("hook-b");
    const tokenOf = async (projectId: string) => {
      const { res, body } = await call(hookTokenRoute.POST, { method: "POST", url: `${base(owner.organizationId, projectId)}/deploys/hook-token`, headers: bearer(owner.sessionToken), params: { organizationId: owner.organizationId, id: projectId } });
      expect(res.status).toBe(201);
      return body.data.token as string;
    };
    const tokenA = await tokenOf(a.p.id);
    const tokenB = await tokenOf(b.p.id);
    expect((await db.deployHookToken.findUniqueOrThrow({ where: { projectId: a.p.id } })).tokenHash).not.toContain(tokenA);

    const hook = (token: string | null, json: unknown = { ref: "main@1" }) =>
      call(hookRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/hooks/deploys", headers: token ? bearer(token) : {}, json });
    const viaB = await hook(tokenB, { ref: "b-release" });
    expect(viaB.res.status).toBe(201);
    expect(await db.deploy.findUniqueOrThrow({ where: { id: viaB.body.data.id } })).toMatchObject({ projectId: b.p.id, source: "hook", ref: "b-release" });
    expect(await db.deploy.count({ where: { projectId: a.p.id } })).toBe(0);
    expect((await hook(tokenA)).res.status).toBe(201);
    expect(await db.deploy.count({ where: { projectId: a.p.id } })).toBe(1);

    expect((await hook(null)).res.status).toBe(401);
    expect((await hook("iwdep_not-a-token")).res.status).toBe(401);
    expect((await hook(tokenA.slice(0, -2))).res.status).toBe(401);
    const revoked = await call(hookTokenRoute.DELETE, { method: "DELETE", url: `${base(owner.organizationId, a.p.id)}/deploys/hook-token`, headers: bearer(owner.sessionToken), params: { organizationId: owner.organizationId, id: a.p.id } });
    expect(revoked.body.data).toEqual({ revoked: true });
    const after = await hook(tokenA);
    expect(after.res.status).toBe(401);
    expect(after.body.code).toBe("UNAUTHORIZED");
    expect(await db.deploy.count({ where: { projectId: a.p.id } })).toBe(1);
    // Another organization cannot mint a token for this project.
    const foreign = await call(hookTokenRoute.POST, { method: "POST", url: `${base(attacker.organizationId, b.p.id)}/deploys/hook-token`, headers: bearer(attacker.sessionToken), params: { organizationId: attacker.organizationId, id: b.p.id } });
    expect(foreign.res.status).toBe(404);
    // Let the sentinel runs the hooks started finish before the suite closes the site.
    await until(() => db.sentinelPage.count({ where: { projectId: a.p.id } }), (n) => n === 3);
    await until(() => db.sentinelPage.count({ where: { projectId: b.p.id } }), (n) => n === 3);
  });
});

describe("sentinels", () => {
  it("PUT takes the project's own URLs only (a clear 400 otherwise); auto picks the home page, top pages and one per section", async () => {
    const { p, domain } = await sentinelProject("put");
    const params = { organizationId: owner.organizationId, id: p.id };
    const put = (json: unknown) => call(sentinelsRoute.PUT, { method: "PUT", url: `${base(owner.organizationId, p.id)}/sentinels`, headers: bearer(owner.sessionToken), json, params });
    const off = await put({ auto: false, urls: [`http://${domain}/ok`, `https://www.${domain}/`, "https://elsewhere.example/", "not a url", `https://user:pw@${domain}/`] });
    expect(off.res.status).toBe(400);
    expect(off.body.meta!.errors!.map((e) => [e.path, e.code])).toEqual([["urls.1", "off_host"], ["urls.2", "off_host"], ["urls.3", "invalid_url"], ["urls.4", "credentials_in_url"]]);
    expect(off.body.meta!.errors![1].message).toContain("is not on");
    const tooMany = await put({ auto: false, urls: Array.from({ length: 51 }, (_, i) => `https://${domain}/p${i}`) });
    expect(tooMany.res.status).toBe(400);
    expect((await put({ auto: false, urls: [] })).res.status).toBe(400);
    expect((await put({ urls: [] })).res.status).toBe(400);

    const chosen = await put({ auto: false, urls: [`https://${domain}/pricing`, `https://${domain}/pricing#x`] });
    expect(chosen.res.status).toBe(200);
    expect(chosen.body.data).toMatchObject({ auto: false, urls: [`https://${domain}/pricing`] });

    await db.trackedUrl.updateMany({ where: { projectId: p.id, url: `http://${domain}/pricing` }, data: { clicks28d: 50 } });
    const auto = await put({ auto: true, urls: [] });
    expect(auto.body.data.auto).toBe(true);
    expect(auto.body.data.urls).toEqual([`https://${domain}/`, `http://${domain}/pricing`, `http://${domain}/docs/start`]);
    expect(await resolveSentinelUrls({ organizationId: owner.organizationId, projectId: p.id, domain })).toEqual(auto.body.data.urls);

    const foreign = await call(sentinelsRoute.GET, { url: `${base(attacker.organizationId, p.id)}/sentinels`, headers: bearer(attacker.sessionToken), params: { organizationId: attacker.organizationId, id: p.id } });
    expect(foreign.res.status).toBe(404);
  });

  it("are due every 15 minutes, and the cron (under Inngest) audits them; a deploy's event runs them too", async () => {
    const { p } = await sentinelProject("cron");
    const now = new Date();
    const due = async (at: Date) => (await listSentinelProjects(null, 100_000, at)).some((x) => x.projectId === p.id);
    expect(await due(now)).toBe(true);
    // The tick lists every organization's due projects: it runs this suite's own (a memoized list, as listSentinelProjects makes it).
    const { result, error, steps } = await runUnderInngest(runSentinelsCronFn, { memoized: { "list-0": [{ organizationId: owner.organizationId, projectId: p.id }] } });
    expect(error).toBeUndefined();
    expect(steps).toContain(`sentinels-${p.id}`);
    expect(result).toMatchObject({ projects: 1, audited: 3 });
    const ran = await db.sentinelConfig.findUniqueOrThrow({ where: { projectId: p.id } });
    expect(ran.lastRunAt).not.toBeNull();
    expect(await due(new Date(ran.lastRunAt!.getTime() + 10 * 60_000))).toBe(false);
    expect(await due(new Date(ran.lastRunAt!.getTime() + 15 * 60_000))).toBe(true);
    expect((await db.sentinelPage.findMany({ where: { projectId: p.id } })).map((s) => s.state)).toEqual(["ok", "ok", "ok"]);

    // The template adds noindex: the next run says "changed" and keeps it in the field history as a sentinel's.
    site.set(new URL((await db.trackedUrl.findFirstOrThrow({ where: { projectId: p.id, url: { endsWith: "/pricing" } } })).url).hostname, "/pricing", {
      body: "<!doctype html><html><head><title>/pricing</title><meta name=\"robots\" content=\"noindex\"></head><body><h1>Hi</h1></body></html>", contentType: "text/html",
    });
    const deployId = (await db.deploy.create({ data: { organizationId: owner.organizationId, projectId: p.id, at: new Date(), source: "api" } })).id;
    const byEvent = await runUnderInngest(runSentinelsOnDeployFn, { events: [{ name: "site-watch/sentinels.requested", data: { organizationId: owner.organizationId, projectId: p.id, deployId } }] });
    expect(byEvent.error).toBeUndefined();
    expect(byEvent.result).toMatchObject({ audited: 3, changed: 1 });
    const change = await db.urlFieldChange.findFirstOrThrow({ where: { projectId: p.id, field: "meta_robots" } });
    expect(change).toMatchObject({ source: "sentinel", fromKind: "indexable", toKind: "noindex", toValue: "noindex" });
    const states = await db.sentinelPage.findMany({ where: { projectId: p.id }, orderBy: { url: "asc" } });
    expect(states.find((s) => s.url.endsWith("/pricing"))!.state).toBe("changed");
  });
});
