import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { OperationSpec } from "@/lib/api/operation";
import { route } from "@/lib/api/route";
import { orgParams } from "@/lib/core/params";
import { created, ok } from "@/lib/api/envelope";
import { DomainError } from "@/lib/core/errors";
import { paginationQuery } from "@/lib/core/pagination";
import { R, W } from "@/lib/auth/scopes";
import { POST as createKey } from "@/app/api/auth/api-key/create/route";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";

// Real handlers built with the real wrapper, as every route file builds them, from declarations that
// are not registered in the OpenAPI document.
const op = <const S extends Omit<OperationSpec, "method" | "path" | "summary" | "tags">>(spec: S) =>
  ({ method: "POST", path: "/api/test", summary: "test", tags: [], key: "post /api/test", ...spec }) as const;
const echo = route(op({ scopes: ["user:read"], body: z.strictObject({ name: z.string().min(1) }) }), async ({ body }) => created(body));
const boom = route(op({ scopes: ["user:read"] }), async () => { throw new Error("connection to db-internal:5432 refused, password=hunter2"); });
const conflict = route(op({ scopes: ["user:read"] }), async () => { throw new DomainError("DOMAIN_ALREADY_EXISTS", "taken"); });
const paged = route(op({ scopes: ["user:read"], query: paginationQuery }), async ({ query }) => ok(query));
const orgRead = route(op({ scopes: R, params: orgParams }), async ({ ctx }) => ok({ org: ctx.org }));
const orgWrite = route(op({ scopes: W, params: orgParams }), async ({ ctx }) => ok({ org: ctx.org }));

let alice: TestUser;
let mallory: TestUser;
beforeAll(async () => { [alice, mallory] = await Promise.all([createTestUser("alice"), createTestUser("mallory")]); });

describe("envelope and codes", () => {
  it("creation answers 201 with the success envelope", async () => {
    const { res, body } = await call(echo, { method: "POST", headers: bearer(alice.sessionToken), json: { name: "x" } });
    expect(res.status).toBe(201);
    expect(body).toEqual({ success: true, status: 201, code: "OK", message: "Created", data: { name: "x" } });
  });

  it.each([
    ["malformed JSON", { rawBody: "{nope", headers: { "content-type": "application/json" } }, 400, "VALIDATION_ERROR"],
    ["wrong content type", { rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } }, 415, "UNSUPPORTED_MEDIA_TYPE"],
    ["missing body", {}, 400, "VALIDATION_ERROR"],
    ["unknown field", { json: { name: "x", admin: true } }, 400, "VALIDATION_ERROR"],
    ["wrong type", { json: { name: 5 } }, 400, "VALIDATION_ERROR"],
    ["JSON array", { json: [1, 2] }, 400, "VALIDATION_ERROR"],
    ["huge body", { rawBody: JSON.stringify({ name: "x".repeat(1_100_000) }), headers: { "content-type": "application/json" } }, 413, "PAYLOAD_TOO_LARGE"],
  ])("%s → %i %s", async (_n, opts, status, code) => {
    const o = opts as { headers?: Record<string, string> };
    const { res, body } = await call(echo, { method: "POST", ...opts, headers: { ...bearer(alice.sessionToken), ...o.headers } });
    expect(res.status).toBe(status);
    expect(body).toMatchObject({ success: false, status, code });
    expect(typeof body.message).toBe("string");
  });

  it("validation failures list each problem with path, message and code", async () => {
    const { body } = await call(echo, { method: "POST", headers: bearer(alice.sessionToken), json: { name: "", extra: 1 } });
    expect(body.meta?.errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ path: "name", code: "too_small" }),
      expect.objectContaining({ code: "unrecognized_keys" }),
    ]));
    for (const e of body.meta!.errors!) expect(Object.keys(e).sort()).toEqual(["code", "message", "path"]);
  });

  it("an unexpected error is a 500 INTERNAL_ERROR that leaks nothing", async () => {
    const { res, body } = await call(boom, { headers: bearer(alice.sessionToken) });
    expect(res.status).toBe(500);
    expect(body).toMatchObject({ success: false, status: 500, code: "INTERNAL_ERROR" });
    expect(JSON.stringify(body)).not.toMatch(/hunter2|db-internal|5432/);
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("domain errors carry their code and status from the one table", async () => {
    const { res, body } = await call(conflict, { headers: bearer(alice.sessionToken) });
    expect(res.status).toBe(409);
    expect(body).toEqual({ success: false, status: 409, code: "DOMAIN_ALREADY_EXISTS", message: "taken" });
  });

  it("pagination defaults to 20, caps at 100 and rejects junk", async () => {
    const h = bearer(alice.sessionToken);
    expect((await call(paged, { headers: h })).body.data).toEqual({ offset: 0, limit: 20 });
    expect((await call(paged, { headers: h, url: "http://x/api?offset=null&limit=100" })).body.data).toEqual({ offset: 0, limit: 100 });
    for (const q of ["limit=101", "limit=0", "offset=-1", "limit=abc"]) {
      expect((await call(paged, { headers: h, url: `http://x/api?${q}` })).res.status).toBe(400);
    }
  });
});

describe("scopes and organizations", () => {
  it("a key lacking a required scope gets 403 FORBIDDEN", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "organization:read"]);
    const h = apiKeyHeader(key);
    expect((await call(orgRead, { headers: h, params: { organizationId: alice.organizationId } })).res.status).toBe(200);
    const { res, body } = await call(orgWrite, { headers: h, params: { organizationId: alice.organizationId } });
    expect(res.status).toBe(403);
    expect(body).toMatchObject({ code: "FORBIDDEN", meta: { missingScopes: ["projects:write"] } });
    const mint = await call(createKey, { method: "POST", headers: h, json: { name: "n", metadata: { organizationId: alice.organizationId, scopes: ["user:read"] } } });
    expect(mint.res.status).toBe(403);
  });

  it("a session carries every scope within the user's organizations", async () => {
    const { res, body } = await call(orgWrite, { headers: bearer(alice.sessionToken), params: { organizationId: alice.organizationId } });
    expect(res.status).toBe(200);
    expect(body.data.org).toEqual({ id: alice.organizationId, role: "owner" });
  });

  it("another organization's id answers 404, for sessions and keys alike", async () => {
    const { key } = await createTestApiKey(alice, ["projects:read", "projects:write", "organization:read"]);
    for (const headers of [bearer(alice.sessionToken), apiKeyHeader(key)]) {
      const { res, body } = await call(orgRead, { headers, params: { organizationId: mallory.organizationId } });
      expect(res.status).toBe(404);
      expect(body.code).toBe("NOT_FOUND");
    }
  });

  it("unknown and malformed organization ids answer 404", async () => {
    for (const organizationId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1 OR 1=1"]) {
      expect((await call(orgRead, { headers: bearer(alice.sessionToken), params: { organizationId } })).res.status).toBe(404);
    }
  });

  it("a key cannot be minted for another organization, nor with more scopes than its creator key", async () => {
    const h = bearer(alice.sessionToken);
    const foreign = await call(createKey, { method: "POST", headers: h, json: { name: "n", metadata: { organizationId: mallory.organizationId, scopes: ["user:read"] } } });
    expect(foreign.res.status).toBe(404);
    const { key } = await createTestApiKey(alice, ["api-keys:write", "user:read"]);
    const escalate = await call(createKey, { method: "POST", headers: apiKeyHeader(key), json: { name: "n", metadata: { organizationId: alice.organizationId, scopes: ["user:write"] } } });
    expect(escalate.res.status).toBe(403);
    const same = await call(createKey, { method: "POST", headers: apiKeyHeader(key), json: { name: "n", metadata: { organizationId: alice.organizationId, scopes: ["user:read"] } } });
    expect(same.res.status).toBe(201);
  });
});
