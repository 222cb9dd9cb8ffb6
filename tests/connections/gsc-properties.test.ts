// Pooled console properties: adding URL-prefix properties of the connected account (validation, the
// account's site list, tenancy), listing their quota use, removing them, and the routing of inspections:
// each URL through the most specific covering property with quota left, each property counted apart.
import { systemCtx } from "@/lib/core/context";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { observeEngines } from "@/lib/engine-sync";
import { propertyKey } from "@/lib/connections/quota-store";
import { pacificDayKey } from "@/lib/engines/pacific-time";
import * as propertiesRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/gsc/properties/route";
import * as propertyRoute from "@/app/api/user/organizations/[organizationId]/projects/[id]/gsc/properties/[propertyId]/route";
import { bearer, call } from "../http";
import { createTestTenant } from "../factories";
import { engineFakesForSuite, connectedProject, type Setup } from "../engine-sync/helpers";

const f = engineFakesForSuite("pooled");

/** A connected project whose account also owns URL-prefix properties of the domain (and one it cannot use). */
async function setup(paths: string[] = ["/blog/a", "/blog/b", "/shop/c"]) {
  const s = await connectedProject({ gsc: f.gsc, engineB: f.engineB }, f.tenant, paths);
  f.gsc.setSites(`owner-${s.domain}@example.test`, [
    { siteUrl: s.property, permissionLevel: "siteOwner" },
    { siteUrl: `https://${s.domain}/blog/`, permissionLevel: "siteFullUser" },
    { siteUrl: `https://${s.domain}/shop/`, permissionLevel: "siteUnverifiedUser" },
  ]);
  return s;
}
const base = (s: Setup) => `http://127.0.0.1:3000/api/user/organizations/${s.organizationId}/projects/${s.projectId}/gsc/properties`;
const headers = () => bearer(f.tenant.sessionToken);
const list = (s: Setup, h = headers()) => call(propertiesRoute.GET, { url: base(s), headers: h, params: { organizationId: s.organizationId, id: s.projectId } });
const add = (s: Setup, json: unknown, h = headers()) =>
  call(propertiesRoute.POST, { method: "POST", url: base(s), headers: h, json, params: { organizationId: s.organizationId, id: s.projectId } });
const remove = (s: Setup, propertyId: string, h = headers()) =>
  call(propertyRoute.DELETE, { method: "DELETE", url: `${base(s)}/${propertyId}`, headers: h, params: { organizationId: s.organizationId, id: s.projectId, propertyId } });

describe("pooled properties through the API", () => {
  it("adds a verified URL-prefix property of the account, lists both with their quota and URLs covered, and removes it", async () => {
    const s = await setup();
    const { res, body } = await add(s, { propertyUrl: `https://${s.domain}/blog/` });
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ propertyUrl: `https://${s.domain}/blog/`, role: "pooled", permissionLevel: "siteFullUser", quotaUsedToday: 0, quotaLimit: 2000, urlsCovered: 2 });
    const listed = (await list(s)).body.data;
    expect(listed.map((p: { role: string; urlsCovered: number }) => [p.role, p.urlsCovered])).toEqual([["main", 3], ["pooled", 2]]);
    expect(listed[0].id).toBe(s.projectId);

    expect((await remove(s, s.projectId)).res.status).toBe(409); // the main one goes with DELETE …/gsc
    expect((await remove(s, body.data.id)).body.data).toEqual({ id: body.data.id, deleted: true });
    expect((await remove(s, body.data.id)).res.status).toBe(404);
    expect((await list(s)).body.data).toHaveLength(1);
  });

  it("refuses what cannot be pooled: 400 for the shape, 409 for the account or a duplicate; nothing written", async () => {
    const s = await setup();
    for (const propertyUrl of [`sc-domain:${s.domain}`, "https://elsewhere.example/blog/", `https://www.${s.domain}/`, "not a url", `https://${s.domain}:8443/x/`]) {
      expect((await add(s, { propertyUrl })).res.status, propertyUrl).toBe(400);
    }
    for (const json of [{}, { propertyUrl: 5 }, { propertyUrl: "x".repeat(3000) }, { propertyUrl: `https://${s.domain}/a/`, extra: true }]) {
      expect((await add(s, json)).res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
    }
    expect((await add(s, { propertyUrl: `https://${s.domain}/docs/` })).body).toMatchObject({ code: "PROPERTY_NOT_COVERED", meta: { reason: "not_listed" } });
    expect((await add(s, { propertyUrl: `https://${s.domain}/shop/` })).body).toMatchObject({ code: "PROPERTY_NOT_COVERED", meta: { reason: "unverified" } });
    expect((await add(s, { propertyUrl: `https://${s.domain}/blog/` })).res.status).toBe(201);
    expect((await add(s, { propertyUrl: `HTTPS://${s.domain.toUpperCase()}/blog/` })).body).toMatchObject({ code: "CONFLICT", meta: { reason: "already_pooled" } });
    expect(await db.gscProperty.count({ where: { projectId: s.projectId } })).toBe(1);

    const other = await createTestTenant("pooled-other");
    expect((await list(s, bearer(other.sessionToken))).res.status).toBe(404);
    expect((await add(s, { propertyUrl: `https://${s.domain}/blog/` }, bearer(other.sessionToken))).res.status).toBe(404);
  });

  it("answers 409 while Google Search Console is not connected, and a new connection or a disconnection clears the pool", async () => {
    const s = await setup();
    await add(s, { propertyUrl: `https://${s.domain}/blog/` });
    await db.project.update({ where: { id: s.projectId }, data: { gscRevokedAt: new Date() } });
    expect((await add(s, { propertyUrl: `https://${s.domain}/blog/` })).body).toMatchObject({ code: "CONFLICT", meta: { reason: "gsc_not_connected" } });
    const { disconnectGsc } = await import("@/lib/connections/disconnect-gsc");
    await disconnectGsc({ actor: { type: "user", userId: f.tenant.userId, email: f.tenant.email }, org: { id: s.organizationId, role: "owner" } } as never, s.projectId);
    expect(await db.gscProperty.count({ where: { projectId: s.projectId } })).toBe(0);
  });
});

describe("routing inspections over the pool", () => {
  it("sends each URL through the most specific property with quota left, and defers only what no property can take", async () => {
    const s = await setup(["/blog/a", "/blog/b", "/blog/c", "/shop/d", "/about"]);
    await add(s, { propertyUrl: `https://${s.domain}/blog/` });
    // The main property has one inspection left today.
    f.gsc.drainQuota(s.property, 1999);
    await db.$executeRaw`INSERT INTO engine_quota_usage (property_key, day, used) VALUES (${propertyKey(s.property)}, ${pacificDayKey(new Date())}, 1999)
      ON CONFLICT (property_key, day) DO UPDATE SET used = 1999`;
    const urls = await db.trackedUrl.findMany({ where: { projectId: s.projectId }, orderBy: { url: "asc" }, select: { id: true, url: true } });
    const report = await observeEngines(systemCtx("test", s.organizationId), s.projectId, urls, { source: "scheduled", engines: ["engineA"] });
    const through = f.gsc.requests.filter((r) => r.route === "inspect" && String(r.body?.inspectionUrl).includes(s.domain))
      .map((r) => [new URL(String(r.body!.inspectionUrl)).pathname, r.body!.siteUrl]);
    expect(through).toEqual([
      ["/about", s.property],                        // the one inspection left on the main property
      ["/blog/a", `https://${s.domain}/blog/`], ["/blog/b", `https://${s.domain}/blog/`], ["/blog/c", `https://${s.domain}/blog/`],
    ]);
    expect(report.engineA).toMatchObject({ observed: 4, deferred: 1, stopped: null }); // /shop/d: only the spent main property covers it
  });
});
