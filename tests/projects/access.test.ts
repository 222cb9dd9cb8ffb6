import { beforeAll, describe, expect, it } from "vitest";
import type { Scope } from "@/lib/auth/scopes";
import { apiKeyHeader } from "../http";
import { createTestApiKey, createTestProject, createTestUser, type TestUser } from "../factories";
import { as, createProjectCall, listProjectsCall, projectCall, routes, uniqueDomain } from "./helpers";

// Every project route with a valid body, so only access decides the answer.
const PROJECT_ROUTES = [
  { name: "GET {id}", handler: routes.one.GET, method: "GET", suffix: "", write: false },
  { name: "PATCH {id}", handler: routes.one.PATCH, method: "PATCH", suffix: "", json: { name: "hijacked" }, write: true },
  { name: "DELETE {id}", handler: routes.one.DELETE, method: "DELETE", suffix: "", write: true },
  { name: "PATCH status", handler: routes.status.PATCH, method: "PATCH", suffix: "/status", json: { status: "paused" }, write: true },
  { name: "GET activation-preview", handler: routes.preview.GET, method: "GET", suffix: "/activation-preview", write: false },
  { name: "PUT automation", handler: routes.automation.PUT, method: "PUT", suffix: "/automation", json: { enabled: false, cadence: "daily" }, write: true },
] as const;

let alice: TestUser;
let mallory: TestUser;
let aliceProjectId: string;
let aliceDomain: string;
const key = async (u: TestUser, scopes: Scope[]) => apiKeyHeader((await createTestApiKey(u, scopes)).key);

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("victim"), createTestUser("attacker")]);
  const p = await createTestProject(alice);
  aliceProjectId = p.id;
  aliceDomain = p.domain;
});

describe("scopes", () => {
  it("a projects:read key reads but gets 403 FORBIDDEN on every write", async () => {
    const ro = await key(alice, ["projects:read", "organization:read"]);
    expect((await listProjectsCall(alice.organizationId, ro)).res.status).toBe(200);
    const post = await createProjectCall(alice.organizationId, ro, { domain: uniqueDomain("ro") });
    expect(post.res.status).toBe(403);
    expect(post.body).toMatchObject({ success: false, status: 403, code: "FORBIDDEN" });
    for (const r of PROJECT_ROUTES) {
      const { res, body } = await projectCall(r.handler, alice.organizationId, aliceProjectId, ro, { method: r.method, suffix: r.suffix, json: "json" in r ? r.json : undefined });
      expect(res.status, r.name).toBe(r.write ? 403 : 200);
      if (r.write) expect(body.code).toBe("FORBIDDEN");
    }
  });

  it("project endpoints also need organization:read", async () => {
    const noOrg = await key(alice, ["projects:read", "projects:write"]);
    expect((await listProjectsCall(alice.organizationId, noOrg)).res.status).toBe(403);
    expect((await projectCall(routes.one.GET, alice.organizationId, aliceProjectId, noOrg)).res.status).toBe(403);
  });

  it("a projects:write key may create, update and delete", async () => {
    const rw = await key(alice, ["projects:write", "organization:read"]);
    const { res, body } = await createProjectCall(alice.organizationId, rw, { domain: uniqueDomain("rw") });
    expect(res.status).toBe(201);
    expect((await projectCall(routes.one.PATCH, alice.organizationId, body.data.id, rw, { method: "PATCH", json: { name: "n" } })).res.status).toBe(200);
    expect((await projectCall(routes.one.DELETE, alice.organizationId, body.data.id, rw, { method: "DELETE" })).res.status).toBe(200);
  });

  it("no credentials answer 401", async () => {
    expect((await listProjectsCall(alice.organizationId, {})).res.status).toBe(401);
    expect((await projectCall(routes.one.GET, alice.organizationId, aliceProjectId, {})).res.status).toBe(401);
  });
});

describe("tenant isolation", () => {
  it("organization B's session and key get 404 on every route for A's project, through A's or B's organization path", async () => {
    const malloryKey = await key(mallory, ["projects:read", "projects:write", "organization:read"]);
    for (const auth of [as(mallory), malloryKey]) {
      for (const orgId of [alice.organizationId, mallory.organizationId]) {
        for (const r of PROJECT_ROUTES) {
          const { res, body } = await projectCall(r.handler, orgId, aliceProjectId, auth, { method: r.method, suffix: r.suffix, json: "json" in r ? r.json : undefined });
          expect(res.status, `${r.name} via ${orgId === alice.organizationId ? "A" : "B"}`).toBe(404);
          expect(body).toMatchObject({ success: false, status: 404, code: "NOT_FOUND" });
        }
      }
      expect((await listProjectsCall(alice.organizationId, auth)).res.status).toBe(404);
      expect((await createProjectCall(alice.organizationId, auth, { domain: uniqueDomain("intrude") })).res.status).toBe(404);
    }
    // A's project is untouched and still hers.
    const { res, body } = await projectCall(routes.one.GET, alice.organizationId, aliceProjectId, as(alice));
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ name: aliceDomain, status: "active", automatedInspectionsEnabled: false });
  });

  it("B's list never shows A's projects, and a key bound to A gets 404 on B's list", async () => {
    const mine = await listProjectsCall(mallory.organizationId, as(mallory), `q=${aliceDomain}`);
    expect(mine.res.status).toBe(200);
    expect(mine.body.data).toEqual([]);
    const aliceKey = await key(alice, ["projects:read", "projects:write", "organization:read"]);
    expect((await listProjectsCall(mallory.organizationId, aliceKey)).res.status).toBe(404);
    expect((await createProjectCall(mallory.organizationId, aliceKey, { domain: uniqueDomain("cross") })).res.status).toBe(404);
  });
});
