import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { POST as identify } from "@/app/api/auth/identify/route";
import { GET as discover } from "@/app/api/auth/sso/discover/route";
import { POST as complete } from "@/app/api/auth/sso/complete/route";
import { GET as me } from "@/app/api/user/me/route";
import { call } from "../http";
import { createTestUser } from "../factories";

describe("public auth endpoints", () => {
  it("identify answers the same for known and unknown emails, hasPasskey false", async () => {
    const u = await createTestUser("identify");
    const known = await call(identify, { method: "POST", json: { email: u.email } });
    const unknown = await call(identify, { method: "POST", json: { email: "nobody-" + crypto.randomUUID() + "@example.test" } });
    expect(known.res.status).toBe(200);
    expect(known.body.data).toEqual({ method: "password", hasPasskey: false, allowMagicLink: true });
    expect(unknown.body.data).toEqual(known.body.data);
    expect((await call(identify, { method: "POST", json: { email: "not-an-email" } })).res.status).toBe(400);
  });

  it("sso/discover answers null when no organization has SSO, and validates the domain", async () => {
    const { res, body } = await call(discover, { url: "http://x/api/auth/sso/discover?domain=example.com" });
    expect(res.status).toBe(200);
    expect(body.data).toBeNull();
    expect((await call(discover, { url: "http://x/api/auth/sso/discover" })).res.status).toBe(400);
  });

  it("sso/complete rejects unknown handles and exchanges a valid one exactly once", async () => {
    expect((await call(complete, { method: "POST", json: { handle: "nope" } })).res.status).toBe(400);
    expect((await call(complete, { method: "POST", json: { handle: crypto.randomUUID() } })).res.status).toBe(404);
    const u = await createTestUser("sso");
    const h = await db.ssoHandle.create({ data: { userId: u.userId, expiresAt: new Date(Date.now() + 60_000) } });
    const { res, body } = await call(complete, { method: "POST", json: { handle: h.id } });
    expect(res.status).toBe(200);
    expect(body.data).toEqual({ userId: u.userId, email: u.email });
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    const token = /next-auth\.session-token=([^;]+)/.exec(cookie)![1];
    expect(JSON.stringify(body)).not.toContain(token);
    expect((await call(me, { headers: { cookie: `next-auth.session-token=${token}` } })).res.status).toBe(200);
    expect((await call(complete, { method: "POST", json: { handle: h.id } })).res.status).toBe(404);
  });
});
