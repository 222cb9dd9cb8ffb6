import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { POST as create } from "@/app/api/auth/api-key/create/route";
import { GET as list } from "@/app/api/auth/api-key/list/route";
import { GET as get } from "@/app/api/auth/api-key/get/route";
import { POST as update } from "@/app/api/auth/api-key/update/route";
import { POST as del } from "@/app/api/auth/api-key/delete/route";
import { GET as me } from "@/app/api/user/me/route";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestUser, type TestUser } from "../factories";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { openStore, policies, STORES, uniquePrefix } from "../rate-limit/stores";

let owner: TestUser;
let other: TestUser;
beforeAll(async () => { [owner, other] = await Promise.all([createTestUser("keys"), createTestUser("keys-other")]); });

const body = (o: Partial<{ name: string; scopes: string[]; organizationId: string; expiresIn: number }> = {}) => ({
  name: o.name ?? "CI deploys", ...(o.expiresIn ? { expiresIn: o.expiresIn } : {}),
  metadata: { organizationId: o.organizationId ?? owner.organizationId, scopes: o.scopes ?? ["projects:read", "organization:read"] },
});

describe("API keys", () => {
  it("is shown once, stored only as a SHA-256 hash, and displayed by its start", async () => {
    const { res, body: b } = await call(create, { method: "POST", headers: bearer(owner.sessionToken), json: body() });
    expect(res.status).toBe(201);
    expect(Object.keys(b.data).sort()).toEqual(["id", "key", "name"]);
    const { key, id } = b.data as { key: string; id: string };
    expect(key).toMatch(/^iwk_[A-Za-z0-9_-]{43}$/);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id }, omit: { keyHash: false } });
    expect(row.keyHash).toBe(crypto.createHash("sha256").update(key).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(key.startsWith(row.start)).toBe(true);

    const listed = await call(list, { headers: bearer(owner.sessionToken) });
    const entry = listed.body.data.find((k: { id: string }) => k.id === id);
    expect(entry).toMatchObject({ id, name: "CI deploys", enabled: true, scopes: ["projects:read", "organization:read"], expiresAt: null, lastUsedAt: null,
      metadata: { organizationId: owner.organizationId, scopes: ["projects:read", "organization:read"] } });
    expect(Object.keys(entry).sort()).toEqual(["createdAt", "enabled", "expiresAt", "id", "lastUsedAt", "metadata", "name", "scopes", "start"]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    const one = await call(get, { headers: bearer(owner.sessionToken), url: `http://x/api?id=${id}` });
    expect(one.body.data).toEqual(entry);
    expect(JSON.stringify(one.body)).not.toContain(row.keyHash);
  });

  it("expiresIn sets expiresAt", async () => {
    const before = Date.now();
    const { body: b } = await call(create, { method: "POST", headers: bearer(owner.sessionToken), json: body({ expiresIn: 3600 }) });
    const got = await call(get, { headers: bearer(owner.sessionToken), url: `http://x/api?id=${b.data.id}` });
    const exp = Date.parse(got.body.data.expiresAt);
    expect(exp).toBeGreaterThanOrEqual(before + 3600_000 - 1000);
    expect(exp).toBeLessThanOrEqual(Date.now() + 3600_000 + 1000);
  });

  it.each([
    ["unknown scope", () => ({ ...body(), metadata: { organizationId: owner.organizationId, scopes: ["root"] } })],
    ["no scopes", () => body({ scopes: [] })],
    ["repeated scopes", () => body({ scopes: ["user:read", "user:read"] })],
    ["missing name", () => ({ metadata: body().metadata })],
    ["empty name", () => body({ name: "  " })],
    ["missing metadata", () => ({ name: "x" })],
    ["malformed organization id", () => body({ organizationId: "x" })],
    ["negative expiresIn", () => body({ expiresIn: -5 })],
    ["unknown field", () => ({ ...body(), owner: "me" })],
  ])("rejects %s with 400", async (_n, json) => {
    const { res, body: b } = await call(create, { method: "POST", headers: bearer(owner.sessionToken), json: json() });
    expect(res.status).toBe(400);
    expect(b.code).toBe("VALIDATION_ERROR");
  });

  it("update renames, toggles and changes scopes, which take effect at once", async () => {
    const { body: b } = await call(create, { method: "POST", headers: bearer(owner.sessionToken), json: body({ scopes: ["organization:read"] }) });
    const { id, key } = b.data;
    expect((await call(me, { headers: apiKeyHeader(key) })).res.status).toBe(403);
    const up = await call(update, { method: "POST", headers: bearer(owner.sessionToken), json: { id, name: "renamed", scopes: ["user:read"] } });
    expect(up.body.data).toMatchObject({ id, name: "renamed", scopes: ["user:read"], metadata: { scopes: ["user:read"] } });
    expect((await call(me, { headers: apiKeyHeader(key) })).res.status).toBe(200);
    const actions = await db.auditLog.findMany({ where: { targetId: id }, select: { action: true } });
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["api_key_created", "api_key_updated"]));
  });

  it("another user's key, or an unknown id, answers 404 on get, update and delete", async () => {
    const { body: b } = await call(create, { method: "POST", headers: bearer(owner.sessionToken), json: body() });
    const h = bearer(other.sessionToken);
    for (const id of [b.data.id, crypto.randomUUID(), "nope"]) {
      expect((await call(get, { headers: h, url: `http://x/api?id=${id}` })).res.status).toBe(404);
      expect((await call(update, { method: "POST", headers: h, json: { id, enabled: false } })).res.status).toBe(404);
      expect((await call(del, { method: "POST", headers: h, json: { id } })).res.status).toBe(404);
    }
    const otherList = await call(list, { headers: h });
    expect(otherList.body.data.map((k: { id: string }) => k.id)).not.toContain(b.data.id);
    expect(await db.apiKey.findUnique({ where: { id: b.data.id } })).not.toBeNull();
  });
});

describe("limits on API keys", () => {
  const createFor = (u: TestUser, name = "k") => call(create, { method: "POST", headers: bearer(u.sessionToken), json: { name, metadata: { organizationId: u.organizationId, scopes: ["projects:read"] } } });

  it("caps active keys per organization at API_KEY_LIMIT, even in a burst; disabled and expired keys do not count, re-enabling does", async () => {
    process.env.API_KEY_LIMIT = "3";
    const u = await createTestUser("keys-cap");
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => createFor(u, `burst ${i}`)));
    expect(burst.map((r) => r.res.status).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    const refused = burst.find((r) => r.res.status === 409)!;
    expect(refused.body).toMatchObject({ success: false, code: "API_KEY_LIMIT_REACHED", meta: { limit: 3, current: 3 } });
    expect(await db.apiKey.count({ where: { organizationId: u.organizationId } })).toBe(3);

    const [first, second] = burst.filter((r) => r.res.status === 201).map((r) => r.body.data.id as string);
    expect((await call(update, { method: "POST", headers: bearer(u.sessionToken), json: { id: first, enabled: false } })).res.status).toBe(200);
    await db.apiKey.update({ where: { id: second }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await createFor(u)).res.status).toBe(201);
    expect((await createFor(u)).res.status).toBe(201);
    expect((await createFor(u)).body.code).toBe("API_KEY_LIMIT_REACHED");
    const again = await call(update, { method: "POST", headers: bearer(u.sessionToken), json: { id: first, enabled: true } });
    expect(again.res.status).toBe(409);
    expect(again.body.code).toBe("API_KEY_LIMIT_REACHED");
    expect((await db.apiKey.findUniqueOrThrow({ where: { id: first } })).enabled).toBe(false);
  });

  it("lets one person create RATE_LIMIT_API_KEYS_PER_USER_PER_HOUR keys an hour, then 429 with Retry-After; others are not held back", async () => {
    await replaceRateLimits(createRateLimits(openStore(STORES[0]), policies({ apiKeyCreations: { points: 3, duration: 3600 } }), uniquePrefix("keys")));
    try {
      const [u, v] = await Promise.all([createTestUser("keys-hourly"), createTestUser("keys-hourly-other")]);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await createFor(u, `k${i}`);
        statuses.push(r.res.status);
        if (r.res.status === 429) {
          expect(r.body).toMatchObject({ code: "RATE_LIMITED", meta: { limit: 3 } });
          expect(Number(r.res.headers.get("retry-after"))).toBeGreaterThan(3000);
        }
      }
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect(await db.apiKey.count({ where: { createdByUserId: u.userId } })).toBe(3);
      expect((await createFor(v)).res.status).toBe(201);
    } finally {
      await replaceRateLimits(undefined);
    }
  });
});
