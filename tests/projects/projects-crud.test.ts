import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { createTestUser, type TestUser } from "../factories";
import { as, createProjectCall, listProjectsCall, projectCall, routes, uniqueDomain } from "./helpers";

let u: TestUser;
const savedLimit = process.env.PROJECT_LIMIT;
beforeAll(async () => { u = await createTestUser("projects"); });
const restoreLimit = () => { if (savedLimit === undefined) delete process.env.PROJECT_LIMIT; else process.env.PROJECT_LIMIT = savedLimit; };
afterAll(restoreLimit);

// Prisma answers enum identifiers (project_created); the database and SPEC.md use the dotted value.
const auditRows = async (targetId: string) =>
  (await db.auditLog.findMany({ where: { targetId }, orderBy: { createdAt: "asc" } })).map((a) => ({ ...a, action: a.action.replace("_", ".") }));

describe("create", () => {
  it("answers 201 with defaults for name and sitemapUrl, active and unverified, and audits project.created", async () => {
    const domain = uniqueDomain("defaults");
    const { res, body } = await createProjectCall(u.organizationId, as(u), { domain });
    expect(res.status).toBe(201);
    expect(body).toMatchObject({ success: true, status: 201, code: "OK" });
    expect(body.data).toMatchObject({
      organizationId: u.organizationId, createdByUserId: u.userId, domain, name: domain, sitemapUrl: `https://${domain}/sitemap.xml`,
      status: "active", inspectionCadence: "weekly", automatedInspectionsEnabled: false, verified: false,
      indexNowKey: null, dnsVerificationToken: null, gscConnectedAt: null, engineBConnectedAt: null,
    });
    expect(body.data).not.toHaveProperty("deletedAt");
    expect(body.data).not.toHaveProperty("liveDomain");
    expect(body.data).not.toHaveProperty("gscRefreshTokenEnc");
    const row = await db.project.findUniqueOrThrow({ where: { id: body.data.id } });
    expect(row.liveDomain).toBe(domain);
    const audits = await auditRows(body.data.id);
    expect(audits.map((a) => a.action)).toEqual(["project.created"]);
    expect(audits[0]).toMatchObject({ organizationId: u.organizationId, userId: u.userId, targetType: "project", metadata: { domain } });
  });

  it("keeps a given name and sitemapUrl", async () => {
    const domain = uniqueDomain("given");
    const { res, body } = await createProjectCall(u.organizationId, as(u), { domain, name: "  My Shop  ", sitemapUrl: `https://${domain}/maps/index.xml` });
    expect(res.status).toBe(201);
    expect(body.data).toMatchObject({ name: "My Shop", sitemapUrl: `https://${domain}/maps/index.xml` });
  });

  it.each([
    ["an empty name", { name: "" }],
    ["a 256-char name", { name: "n".repeat(256) }],
    ["a sitemapUrl that is not a URL", { sitemapUrl: "not a url" }],
    ["a non-http sitemapUrl", { sitemapUrl: "ftp://example.com/sitemap.xml" }],
    ["a sitemapUrl over 2048 chars", { sitemapUrl: `https://example.com/${"p".repeat(2040)}` }],
    ["an unknown field", { verified: true }],
  ])("rejects %s with 400", async (_n, extra) => {
    const { res, body } = await createProjectCall(u.organizationId, as(u), { domain: uniqueDomain("bad"), ...extra });
    expect(res.status).toBe(400);
    expect(body.code).toBe("VALIDATION_ERROR");
  });

  it("409 DOMAIN_ALREADY_EXISTS for a live duplicate, also when written in another case", async () => {
    const domain = uniqueDomain("dup");
    expect((await createProjectCall(u.organizationId, as(u), { domain })).res.status).toBe(201);
    const { res, body } = await createProjectCall(u.organizationId, as(u), { domain: ` ${domain.toUpperCase()} ` });
    expect(res.status).toBe(409);
    expect(body).toMatchObject({ success: false, status: 409, code: "DOMAIN_ALREADY_EXISTS" });
    expect(await db.project.count({ where: { organizationId: u.organizationId, domain } })).toBe(1);
  });

  it("concurrent creates of one domain: exactly one 201 and the rest 409", async () => {
    const domain = uniqueDomain("race");
    const results = await Promise.all(Array.from({ length: 4 }, () => createProjectCall(u.organizationId, as(u), { domain })));
    const statuses = results.map((r) => r.res.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.res.status === 409)) expect(r.body.code).toBe("DOMAIN_ALREADY_EXISTS");
    expect(await db.project.count({ where: { organizationId: u.organizationId, domain } })).toBe(1);
  });

  it("the same domain may live in two organizations", async () => {
    const other = await createTestUser("projects-other");
    const domain = uniqueDomain("shared");
    expect((await createProjectCall(u.organizationId, as(u), { domain })).res.status).toBe(201);
    expect((await createProjectCall(other.organizationId, as(other), { domain })).res.status).toBe(201);
  });
});

describe("project limit", () => {
  it("409 PROJECT_LIMIT_REACHED past PROJECT_LIMIT; paused projects count, deleted ones do not", async () => {
    const v = await createTestUser("limit");
    process.env.PROJECT_LIMIT = "2";
    try {
      const a = await createProjectCall(v.organizationId, as(v), { domain: uniqueDomain("l1") });
      const b = await createProjectCall(v.organizationId, as(v), { domain: uniqueDomain("l2") });
      expect([a.res.status, b.res.status]).toEqual([201, 201]);
      await projectCall(routes.status.PATCH, v.organizationId, b.body.data.id, as(v), { method: "PATCH", json: { status: "paused" }, suffix: "/status" });

      const over = await createProjectCall(v.organizationId, as(v), { domain: uniqueDomain("l3") });
      expect(over.res.status).toBe(409);
      expect(over.body).toMatchObject({ status: 409, code: "PROJECT_LIMIT_REACHED", meta: { limit: 2, current: 2 } });

      expect((await projectCall(routes.one.DELETE, v.organizationId, a.body.data.id, as(v), { method: "DELETE" })).res.status).toBe(200);
      expect((await createProjectCall(v.organizationId, as(v), { domain: uniqueDomain("l4") })).res.status).toBe(201);
      expect((await createProjectCall(v.organizationId, as(v), { domain: uniqueDomain("l5") })).res.status).toBe(409);
      // At the limit, re-adding a live domain still says what is wrong with it.
      const dup = await createProjectCall(v.organizationId, as(v), { domain: b.body.data.domain });
      expect(dup.body.code).toBe("DOMAIN_ALREADY_EXISTS");
    } finally {
      restoreLimit();
    }
  });

  it("holds under concurrent creates of different domains", async () => {
    const v = await createTestUser("limit-race");
    process.env.PROJECT_LIMIT = "3";
    try {
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => createProjectCall(v.organizationId, as(v), { domain: uniqueDomain(`r${i}`) })));
      const statuses = results.map((r) => r.res.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(5);
      for (const r of results.filter((x) => x.res.status === 409)) expect(r.body.code).toBe("PROJECT_LIMIT_REACHED");
      expect(await db.project.count({ where: { organizationId: v.organizationId, deletedAt: null } })).toBe(3);
    } finally {
      restoreLimit();
    }
  });

  it("defaults to 25 when PROJECT_LIMIT is unset", async () => {
    const { projectLimit } = await import("@/lib/projects/create-project");
    const before = process.env.PROJECT_LIMIT;
    delete process.env.PROJECT_LIMIT;
    try { expect(projectLimit()).toBe(25); } finally { if (before !== undefined) process.env.PROJECT_LIMIT = before; }
  });
});

describe("get, update, delete", () => {
  it("GET answers the project; PATCH changes name and sitemapUrl and audits project.updated", async () => {
    const domain = uniqueDomain("patch");
    const { body: c } = await createProjectCall(u.organizationId, as(u), { domain });
    const id = c.data.id;
    const got = await projectCall(routes.one.GET, u.organizationId, id, as(u));
    expect(got.res.status).toBe(200);
    expect(got.body.data).toEqual(c.data);

    const patched = await projectCall(routes.one.PATCH, u.organizationId, id, as(u), { method: "PATCH", json: { name: "Renamed", sitemapUrl: `https://${domain}/s.xml` } });
    expect(patched.res.status).toBe(200);
    expect(patched.body.data).toMatchObject({ id, domain, name: "Renamed", sitemapUrl: `https://${domain}/s.xml` });
    const audits = await auditRows(id);
    expect(audits.map((a) => a.action)).toEqual(["project.created", "project.updated"]);
    expect(audits[1].metadata).toEqual({ changes: { name: { from: domain, to: "Renamed" }, sitemapUrl: { from: `https://${domain}/sitemap.xml`, to: `https://${domain}/s.xml` } } });
  });

  it("PATCH {} is a no-op 200; PATCH with domain or an unknown field is a 400 that changes nothing", async () => {
    const domain = uniqueDomain("noop");
    const { body: c } = await createProjectCall(u.organizationId, as(u), { domain });
    const id = c.data.id;
    const noop = await projectCall(routes.one.PATCH, u.organizationId, id, as(u), { method: "PATCH", json: {} });
    expect(noop.res.status).toBe(200);
    expect(noop.body.data).toEqual(c.data);
    for (const json of [{ domain: uniqueDomain("other") }, { name: "x", domain }, { status: "paused" }, { name: "" }, { sitemapUrl: "nope" }]) {
      const { res, body } = await projectCall(routes.one.PATCH, u.organizationId, id, as(u), { method: "PATCH", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(body.code).toBe("VALIDATION_ERROR");
    }
    const after = await db.project.findUniqueOrThrow({ where: { id } });
    expect({ domain: after.domain, name: after.name }).toEqual({ domain, name: domain });
    expect((await auditRows(id)).map((a) => a.action)).toEqual(["project.created"]);
  });

  it("DELETE is soft and idempotent; the project then 404s, leaves lists, and its domain can be created again", async () => {
    const domain = uniqueDomain("del");
    const { body: c } = await createProjectCall(u.organizationId, as(u), { domain });
    const id = c.data.id;
    const first = await projectCall(routes.one.DELETE, u.organizationId, id, as(u), { method: "DELETE" });
    expect(first.res.status).toBe(200);
    expect(first.body.data).toMatchObject({ id, domain, status: "paused" });
    expect(first.body.data).not.toHaveProperty("deletedAt");
    const second = await projectCall(routes.one.DELETE, u.organizationId, id, as(u), { method: "DELETE" });
    expect(second.res.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);

    const row = await db.project.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "paused", liveDomain: null, domain });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect((await auditRows(id)).map((a) => a.action)).toEqual(["project.created", "project.deleted"]);

    for (const [handler, method, suffix, json] of [
      [routes.one.GET, "GET", "", undefined], [routes.one.PATCH, "PATCH", "", { name: "x" }], [routes.status.PATCH, "PATCH", "/status", { status: "active" }],
      [routes.preview.GET, "GET", "/activation-preview", undefined], [routes.automation.PUT, "PUT", "/automation", { enabled: false, cadence: "daily" }],
    ] as const) {
      const { res, body } = await projectCall(handler, u.organizationId, id, as(u), { method, suffix, json });
      expect(res.status, `${method} ${suffix}`).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    }
    const listed = await listProjectsCall(u.organizationId, as(u), `q=${domain}`);
    expect(listed.body.data).toEqual([]);
    expect(listed.body.meta?.total).toBe(0);

    const again = await createProjectCall(u.organizationId, as(u), { domain });
    expect(again.res.status).toBe(201);
    expect(again.body.data.id).not.toBe(id);
    // Deleting the old one again still answers it, and does not touch the new live project.
    expect((await projectCall(routes.one.DELETE, u.organizationId, id, as(u), { method: "DELETE" })).res.status).toBe(200);
    expect((await projectCall(routes.one.GET, u.organizationId, again.body.data.id, as(u))).res.status).toBe(200);
  });

  it("concurrent DELETEs all answer 200 and audit once", async () => {
    const { body: c } = await createProjectCall(u.organizationId, as(u), { domain: uniqueDomain("del-race") });
    const results = await Promise.all(Array.from({ length: 3 }, () => projectCall(routes.one.DELETE, u.organizationId, c.data.id, as(u), { method: "DELETE" })));
    expect(results.map((r) => r.res.status)).toEqual([200, 200, 200]);
    expect((await auditRows(c.data.id)).filter((a) => a.action === "project.deleted")).toHaveLength(1);
  });

  it("unknown and malformed ids answer 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect((await projectCall(routes.one.GET, u.organizationId, id, as(u))).res.status).toBe(404);
      expect((await projectCall(routes.one.DELETE, u.organizationId, id, as(u), { method: "DELETE" })).res.status).toBe(404);
    }
  });
});

describe("status", () => {
  it("pauses and resumes, auditing only real transitions", async () => {
    const { body: c } = await createProjectCall(u.organizationId, as(u), { domain: uniqueDomain("status") });
    const id = c.data.id;
    const set = (status: unknown) => projectCall(routes.status.PATCH, u.organizationId, id, as(u), { method: "PATCH", json: { status }, suffix: "/status" });
    const paused = await set("paused");
    expect(paused.res.status).toBe(200);
    expect(paused.body.data.status).toBe("paused");
    expect((await set("paused")).body.data.status).toBe("paused");
    const resumed = await set("active");
    expect(resumed.body.data.status).toBe("active");
    expect((await set("active")).res.status).toBe(200);
    const audits = await auditRows(id);
    expect(audits.map((a) => a.action)).toEqual(["project.created", "project.paused", "project.resumed"]);
    expect(audits[1].metadata).toEqual({ from: "active", to: "paused" });
    expect(audits[2].metadata).toEqual({ from: "paused", to: "active" });
    for (const bad of ["deleted", "", null, undefined]) expect((await set(bad)).res.status).toBe(400);
    const extra = await projectCall(routes.status.PATCH, u.organizationId, id, as(u), { method: "PATCH", json: { status: "paused", name: "x" }, suffix: "/status" });
    expect(extra.res.status).toBe(400);
  });
});

describe("list", () => {
  it("searches name or domain case-insensitively, pages newest first with meta", async () => {
    const v = await createTestUser("list");
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { body } = await createProjectCall(v.organizationId, as(v), { domain: uniqueDomain(`list${i}`), name: i % 2 ? `Shop ${i}` : `Blog ${i}` });
      made.push(body.data.id);
    }
    const all = await listProjectsCall(v.organizationId, as(v));
    expect(all.res.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 5, offset: 0, limit: 20, hasMore: false });
    expect(all.body.data.map((p: { id: string }) => p.id)).toEqual([...made].reverse());

    const page = await listProjectsCall(v.organizationId, as(v), "offset=1&limit=2");
    expect(page.body.meta).toEqual({ total: 5, offset: 1, limit: 2, hasMore: true });
    expect(page.body.data.map((p: { id: string }) => p.id)).toEqual([made[3], made[2]]);
    const last = await listProjectsCall(v.organizationId, as(v), "offset=4&limit=2");
    expect(last.body.meta).toEqual({ total: 5, offset: 4, limit: 2, hasMore: false });

    const shops = await listProjectsCall(v.organizationId, as(v), "q=sHoP");
    expect(shops.body.meta?.total).toBe(2);
    expect(shops.body.data.map((p: { name: string }) => p.name).sort()).toEqual(["Shop 1", "Shop 3"]);
    const byDomain = await listProjectsCall(v.organizationId, as(v), "q=LIST2-");
    expect(byDomain.body.data.map((p: { id: string }) => p.id)).toEqual([made[2]]);
    const none = await listProjectsCall(v.organizationId, as(v), "q=%25");
    expect(none.body.meta?.total).toBe(0);
    const underscore = await listProjectsCall(v.organizationId, as(v), "q=_");
    expect(underscore.body.meta?.total).toBe(0);
    const blank = await listProjectsCall(v.organizationId, as(v), "q=%20%20");
    expect(blank.body.meta?.total).toBe(5);

    for (const qs of ["limit=101", "limit=0", "offset=-1", `q=${"x".repeat(256)}`]) {
      expect((await listProjectsCall(v.organizationId, as(v), qs)).res.status, qs).toBe(400);
    }
  });
});
