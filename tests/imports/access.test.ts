import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { apiKeyHeader } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { commit, csvOf, getImport, listImports, preview, projectFor, uploadRaw, type Target } from "./helpers";

let alice: TestUser;
let mallory: TestUser;
let victim: Target & { domain: string };
let importId: string;

beforeAll(async () => {
  [alice, mallory] = await Promise.all([createTestUser("imports-alice"), createTestUser("imports-mallory")]);
  victim = await projectFor(alice);
  importId = (await preview(victim, csvOf(victim.domain, ["a", "b"]))).id;
});

describe("imports: listing and reading", () => {
  it("lists the project's imports newest first with pagination", async () => {
    const t = await projectFor(alice);
    const ids: string[] = [];
    for (const p of ["a", "b", "c"]) ids.push((await preview(t, csvOf(t.domain, [p]))).id);
    const first = await listImports(t, "?limit=2");
    expect(first.res.status).toBe(200);
    expect(first.body.data.map((i: { id: string }) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.meta).toEqual({ total: 3, offset: 0, limit: 2, hasMore: true });
    const second = await listImports(t, "?limit=2&offset=2");
    expect(second.body.data.map((i: { id: string }) => i.id)).toEqual([ids[0]]);
    expect(second.body.meta).toMatchObject({ total: 3, hasMore: false });
    expect((await listImports(t, "?limit=101")).res.status).toBe(400);
  });

  it("gets one import; unknown and malformed ids answer 404", async () => {
    const one = await getImport(victim, importId);
    expect(one.res.status).toBe(200);
    expect(one.body.data).toMatchObject({ id: importId, status: "ready", netNewRows: 2 });
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const { res, body } = await getImport(victim, id);
      expect(res.status).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    }
  });

  it("an import of a deleted project answers 404", async () => {
    const t = await projectFor(alice);
    const id = (await preview(t, csvOf(t.domain, ["a"]))).id;
    await db.project.update({ where: { id: t.projectId }, data: { deletedAt: new Date(), liveDomain: null } });
    expect((await getImport(t, id)).res.status).toBe(404);
    expect((await commit(t, id)).res.status).toBe(404);
  });
});

describe("imports: tenant isolation", () => {
  const csv = () => csvOf(victim.domain, ["x"]);

  it("organization B's caller gets 404 on every route with organization A's ids", async () => {
    const asMallory: Target = { ...victim, headers: { authorization: `Bearer ${mallory.sessionToken}` } };
    expect((await listImports(asMallory)).res.status).toBe(404);
    expect((await uploadRaw(asMallory, csv())).res.status).toBe(404);
    expect((await getImport(asMallory, importId)).res.status).toBe(404);
    expect((await commit(asMallory, importId)).res.status).toBe(404);
  });

  it("organization B's own org and project with A's project or import ids answer 404", async () => {
    const own = await projectFor(mallory);
    const aProjectInB: Target = { ...own, projectId: victim.projectId };
    expect((await listImports(aProjectInB)).res.status).toBe(404);
    expect((await uploadRaw(aProjectInB, csv())).res.status).toBe(404);
    // A's import under B's own project.
    expect((await getImport(own, importId)).res.status).toBe(404);
    expect((await commit(own, importId)).res.status).toBe(404);
    // A's import under A's other project (cross-project).
    const other = await projectFor(alice);
    expect((await getImport(other, importId)).res.status).toBe(404);
    expect((await commit(other, importId)).res.status).toBe(404);
    expect((await db.urlImport.findUniqueOrThrow({ where: { id: importId } })).status).toBe("ready");
  });

  it("an API key bound to organization A cannot reach organization B", async () => {
    const { key } = await createTestApiKey(mallory, ["projects:read", "projects:write", "organization:read"]);
    const withKey: Target = { ...victim, headers: apiKeyHeader(key) };
    expect((await listImports(withKey)).res.status).toBe(404);
    expect((await getImport(withKey, importId)).res.status).toBe(404);
    expect((await uploadRaw(withKey, csv())).res.status).toBe(404);
    expect((await commit(withKey, importId)).res.status).toBe(404);
  });
});

describe("imports: scopes", () => {
  it("projects:read reads but gets 403 on upload and commit; no credentials is 401", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const reader: Target = { ...victim, headers: apiKeyHeader(key) };
    expect((await listImports(reader)).res.status).toBe(200);
    expect((await getImport(reader, importId)).res.status).toBe(200);
    const up = await uploadRaw(reader, csvOf(victim.domain, ["y"]));
    expect(up.res.status).toBe(403);
    expect(up.body.code).toBe("FORBIDDEN");
    expect((await commit(reader, importId)).res.status).toBe(403);
    const anonymous: Target = { ...victim, headers: {} };
    expect((await listImports(anonymous)).res.status).toBe(401);
    expect((await uploadRaw(anonymous, "x")).res.status).toBe(401);
  });

  it("projects:write without organization:read is 403; with both it uploads", async () => {
    const { key: writeOnly } = await createTestApiKey(alice, ["projects:write", "projects:read"]);
    expect((await uploadRaw({ ...victim, headers: apiKeyHeader(writeOnly) }, csvOf(victim.domain, ["y"]))).res.status).toBe(403);
    expect((await listImports({ ...victim, headers: apiKeyHeader(writeOnly) })).res.status).toBe(403);
    const { key: writer } = await createTestApiKey(alice, ["projects:write", "organization:read"]);
    expect((await uploadRaw({ ...victim, headers: apiKeyHeader(writer) }, csvOf(victim.domain, ["y"]))).res.status).toBe(201);
  });
});
