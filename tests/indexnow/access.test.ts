import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeyHeader, bearer } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { startFakeIndexNow, type FakeIndexNow } from "../fakes/indexnow-server";
import { addUrls, keyedProject, listSubmissions, steppingClock, submit, type Target } from "./helpers";

let fake: FakeIndexNow;
let alice: TestUser;
let mallory: TestUser;
let victim: Target;

const FIELDS = ["id", "organizationId", "projectId", "engine", "urlCount", "status", "responseCode", "responseBody", "error", "createdAt"];

beforeAll(async () => {
  [fake, alice, mallory] = await Promise.all([startFakeIndexNow(), createTestUser("inow-alice"), createTestUser("inow-mallory")]);
  victim = await keyedProject(alice);
  await addUrls(victim, 25);
  fake.reply({ status: 200, body: "ok" }, { status: 202, body: "" }, { status: 429, body: "slow down" });
  await submit(victim, fake.url, steppingClock(), { batchSize: 10 });
});
afterAll(() => fake.close());

describe("GET /submissions", () => {
  it("lists the project's batches newest first, every Submission field, paginated", async () => {
    const { res, body } = await listSubmissions(victim);
    expect(res.status).toBe(200);
    expect(body.meta).toEqual({ total: 3, offset: 0, limit: 20, hasMore: false });
    expect(body.data.map((s: { status: string; responseCode: number; urlCount: number }) => [s.status, s.responseCode, s.urlCount]))
      .toEqual([["error", 429, 5], ["submitted", 202, 10], ["accepted", 200, 10]]);
    for (const s of body.data) {
      expect(Object.keys(s).sort()).toEqual([...FIELDS].sort());
      expect(s).toMatchObject({ organizationId: victim.orgId, projectId: victim.projectId, engine: "indexnow" });
      expect(s.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(body.data[0]).toMatchObject({ responseBody: "slow down", error: expect.stringMatching(/429/) });
    expect(body.data[1]).toMatchObject({ responseBody: null, error: null });

    const page = await listSubmissions(victim, "?offset=1&limit=1");
    expect(page.body.meta).toEqual({ total: 3, offset: 1, limit: 1, hasMore: true });
    expect(page.body.data.map((s: { id: string }) => s.id)).toEqual([body.data[1].id]);
    expect((await listSubmissions(victim, "?limit=101")).res.status).toBe(400);
  });

  it("is read-only: the route has no POST (submissions are automatic only)", async () => {
    const route = await import("@/app/api/user/organizations/[organizationId]/projects/[id]/submissions/route");
    expect(Object.keys(route)).toEqual(["GET"]);
  });
});

describe("GET /submissions: tenant isolation and scopes", () => {
  it("organization B's session or key gets 404 with A's ids, either organization in the path", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    for (const headers of [bearer(mallory.sessionToken), apiKeyHeader(key)]) {
      for (const orgId of [victim.orgId, mallory.organizationId]) {
        const { res, body } = await listSubmissions({ orgId, projectId: victim.projectId, headers });
        expect(res.status).toBe(404);
        expect(body.code).toBe("NOT_FOUND");
      }
    }
  });

  it("unknown and malformed project ids answer 404; no credentials 401", async () => {
    expect((await listSubmissions({ ...victim, projectId: crypto.randomUUID() })).res.status).toBe(404);
    expect((await listSubmissions({ ...victim, projectId: "not-a-uuid" })).res.status).toBe(404);
    const { res, body } = await listSubmissions({ ...victim, headers: {} });
    expect(res.status).toBe(401);
    expect(body.code).toBe("UNAUTHORIZED");
  });

  it("needs projects:read and organization:read (403 otherwise)", async () => {
    const read = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    expect((await listSubmissions({ ...victim, headers: apiKeyHeader(read.key) })).res.status).toBe(200);
    for (const scopes of [["projects:write", "organization:read"], ["projects:read"]] as const) {
      const { key } = await createTestApiKey(alice, [...scopes]);
      const { res, body } = await listSubmissions({ ...victim, headers: apiKeyHeader(key) });
      expect(res.status).toBe(403);
      expect(body.code).toBe("FORBIDDEN");
    }
  });

  it("another project's batches are not listed", async () => {
    const sibling = await keyedProject(alice);
    const { body } = await listSubmissions(sibling);
    expect(body.data).toEqual([]);
    expect(body.meta?.total).toBe(0);
  });
});
