import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as getMe } from "@/app/api/user/me/route";
import { POST as updateKey } from "@/app/api/auth/api-key/update/route";
import { POST as deleteKey } from "@/app/api/auth/api-key/delete/route";
import { apiKeyHeader, bearer, call, cookieHeader } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";

let user: TestUser;
beforeAll(async () => { user = await createTestUser("auth"); });

const unauthorized = { success: false, status: 401, code: "UNAUTHORIZED", message: "Missing or invalid credentials" };

describe("every credential form is accepted", () => {
  it("session cookie", async () => {
    const { res, body } = await call(getMe, { headers: cookieHeader(user.sessionToken) });
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, status: 200, code: "OK", data: { id: user.userId, email: user.email } });
  });
  it("secure session cookie name", async () => {
    const { res } = await call(getMe, { headers: { cookie: `other=1; __Secure-next-auth.session-token=${user.sessionToken}` } });
    expect(res.status).toBe(200);
  });
  it("Authorization: Bearer <session token>", async () => {
    const { res, body } = await call(getMe, { headers: bearer(user.sessionToken) });
    expect(res.status).toBe(200);
    expect(body.data.email).toBe(user.email);
  });
  it("x-api-key, and lastUsedAt is recorded", async () => {
    const { key, id } = await createTestApiKey(user, ["user:read"]);
    const { res } = await call(getMe, { headers: apiKeyHeader(key) });
    expect(res.status).toBe(200);
    const row = await db.apiKey.findUniqueOrThrow({ where: { id } });
    expect(row.lastUsedAt).not.toBeNull();
  });
});

describe("every bad credential answers 401 with the envelope", () => {
  it.each([
    ["no credentials", {}],
    ["unknown bearer token", bearer("nope")],
    ["malformed Authorization", { authorization: "Basic abc" }],
    ["unknown API key", apiKeyHeader("iwk_unknown")],
    ["empty API key", apiKeyHeader("")],
    ["unknown cookie", cookieHeader("nope")],
  ])("%s", async (_name, headers) => {
    const { res, body } = await call(getMe, { headers: headers as Record<string, string> });
    expect(res.status).toBe(401);
    expect(body).toEqual(unauthorized);
  });

  it("expired session", async () => {
    const u = await createTestUser("expired");
    await db.session.update({ where: { sessionToken: u.sessionToken }, data: { expires: new Date(Date.now() - 1000) } });
    expect((await call(getMe, { headers: bearer(u.sessionToken) })).res.status).toBe(401);
  });

  it("expired API key", async () => {
    const { key, id } = await createTestApiKey(user, ["user:read"], { expiresIn: 60 });
    expect((await call(getMe, { headers: apiKeyHeader(key) })).res.status).toBe(200);
    await db.apiKey.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1) } });
    expect((await call(getMe, { headers: apiKeyHeader(key) })).res.status).toBe(401);
  });

  it("disabled API key, enabled again", async () => {
    const { key, id } = await createTestApiKey(user, ["user:read"]);
    const off = await call(updateKey, { method: "POST", headers: bearer(user.sessionToken), json: { id, enabled: false } });
    expect(off.body.data.enabled).toBe(false);
    expect((await call(getMe, { headers: apiKeyHeader(key) })).res.status).toBe(401);
    await call(updateKey, { method: "POST", headers: bearer(user.sessionToken), json: { id, enabled: true } });
    expect((await call(getMe, { headers: apiKeyHeader(key) })).res.status).toBe(200);
  });

  it("deleted API key", async () => {
    const { key, id } = await createTestApiKey(user, ["user:read"]);
    const del = await call(deleteKey, { method: "POST", headers: bearer(user.sessionToken), json: { id } });
    expect(del.body).toMatchObject({ success: true, data: { success: true } });
    expect((await call(getMe, { headers: apiKeyHeader(key) })).res.status).toBe(401);
    expect(await db.apiKey.findUnique({ where: { id } })).toBeNull();
  });
});
