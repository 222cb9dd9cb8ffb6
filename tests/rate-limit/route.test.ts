import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as me } from "@/app/api/user/me/route";
import { GET as listProjects } from "@/app/api/user/organizations/[organizationId]/projects/route";
import { POST as identify } from "@/app/api/auth/identify/route";
import { GET as health } from "@/app/api/health/route";
import { createRateLimits, replaceRateLimits } from "@/lib/rate-limit/limiters";
import { apiKeyHeader, bearer, call, cookieHeader } from "../http";
import { createTestApiKey, createTestUser } from "../factories";
import { STORES, dropCounters, openStore, policies, sleep, uniquePrefix } from "./stores";

const rateHeaders = (res: Response) => ({
  limit: res.headers.get("ratelimit-limit"), remaining: res.headers.get("ratelimit-remaining"),
  reset: res.headers.get("ratelimit-reset"), policy: res.headers.get("ratelimit-policy"), retryAfter: res.headers.get("retry-after"),
});

describe.each(STORES)("API rate limits through the route wrapper on $kind", (spec) => {
  const prefix = uniquePrefix(`route-${spec.kind}`);
  // Short windows: the API allows 3 requests per 2 s per caller, anonymous routes 2 per 60 s per IP.
  const limits = policies({ apiMinute: { points: 3, duration: 2 }, anonymous: { points: 2, duration: 60 } });
  beforeAll(() => replaceRateLimits(createRateLimits(openStore(spec), limits, prefix)));
  afterAll(async () => {
    await replaceRateLimits(undefined); // closes the store
    await dropCounters(spec, prefix);
  });

  it("counts per API key: headers on every answer, then 429 RATE_LIMITED with Retry-After, then room again", async () => {
    const user = await createTestUser("rl-key");
    const { key } = await createTestApiKey(user, ["user:read"]);
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call(me, { headers: apiKeyHeader(key) }));
    expect(answers.map((a) => a.res.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => rateHeaders(a.res).remaining)).toEqual(["2", "1", "0"]);
    expect(rateHeaders(answers[0].res)).toMatchObject({ limit: "3", policy: "3;w=2", retryAfter: null });
    expect(Number(rateHeaders(answers[0].res).reset)).toBeGreaterThanOrEqual(1);

    const refused = await call(me, { headers: apiKeyHeader(key) });
    expect(refused.res.status).toBe(429);
    const wait = Number(refused.res.headers.get("retry-after"));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(2);
    expect(refused.body).toEqual({
      success: false, status: 429, code: "RATE_LIMITED", message: expect.stringMatching(/try again in \d+ seconds?/), meta: { retryAfterSeconds: wait },
    });
    expect(rateHeaders(refused.res)).toMatchObject({ limit: "3", remaining: "0", reset: String(wait) });

    await sleep(wait * 1000 + 200);
    const again = await call(me, { headers: apiKeyHeader(key) });
    expect(again.res.status).toBe(200);
    expect(rateHeaders(again.res).remaining).toBe("2");
  });

  it("gives each API key its own count, and one count to all sessions of a user", async () => {
    const user = await createTestUser("rl-user");
    const { key: first } = await createTestApiKey(user, ["user:read"]);
    const { key: second } = await createTestApiKey(user, ["user:read"]);
    for (let i = 0; i < 3; i++) await call(me, { headers: apiKeyHeader(first) });
    expect((await call(me, { headers: apiKeyHeader(first) })).res.status).toBe(429);
    expect((await call(me, { headers: apiKeyHeader(second) })).res.status).toBe(200);

    // Cookie and Bearer are the same user: 3 requests between them, the 4th is refused.
    await call(me, { headers: cookieHeader(user.sessionToken) });
    await call(me, { headers: bearer(user.sessionToken) });
    await call(me, { headers: cookieHeader(user.sessionToken) });
    expect((await call(me, { headers: bearer(user.sessionToken) })).res.status).toBe(429);
  });

  it("counts refused and failed requests too, and their answers carry the headers", async () => {
    const user = await createTestUser("rl-errors");
    const { key: noScope } = await createTestApiKey(user, ["projects:read", "organization:read"]);
    const forbidden = await call(me, { headers: apiKeyHeader(noScope) });
    expect(forbidden.res.status).toBe(403);
    expect(rateHeaders(forbidden.res)).toMatchObject({ limit: "3", remaining: "2" });
    const notFound = await call(listProjects, { headers: apiKeyHeader(noScope), params: { organizationId: crypto.randomUUID() } });
    expect(notFound.res.status).toBe(404);
    expect(rateHeaders(notFound.res)).toMatchObject({ remaining: "1" });
    // Unauthenticated requests are not counted against anyone's key.
    expect((await call(me, { headers: apiKeyHeader("iw_not-a-key") })).res.status).toBe(401);
  });

  it("counts anonymous routes per client IP", async () => {
    const ip = (n: number) => ({ "x-forwarded-for": `198.51.100.${n}` });
    const body = { email: "someone@example.test" };
    const from7 = [];
    for (let i = 0; i < 3; i++) from7.push(await call(identify, { method: "POST", json: body, headers: ip(7) }));
    expect(from7.map((a) => a.res.status)).toEqual([200, 200, 429]);
    expect(rateHeaders(from7[0].res)).toMatchObject({ limit: "2", remaining: "1", policy: "2;w=60" });
    expect(from7[2].body.code).toBe("RATE_LIMITED");
    expect(Number(from7[2].res.headers.get("retry-after"))).toBeGreaterThan(50);
    // Another address is unaffected; an IPv6 client counts per /64.
    expect((await call(identify, { method: "POST", json: body, headers: ip(8) })).res.status).toBe(200);
    await call(identify, { method: "POST", json: body, headers: { "x-forwarded-for": "2001:db8:1:2::1" } });
    await call(identify, { method: "POST", json: body, headers: { "x-forwarded-for": "2001:db8:1:2::ffff" } });
    expect((await call(identify, { method: "POST", json: body, headers: { "x-forwarded-for": "2001:db8:1:2:abcd::9" } })).res.status).toBe(429);
  });

  it("never refuses the health check, whatever the client sent before", async () => {
    const ip = { "x-forwarded-for": "198.51.100.99" };
    for (let i = 0; i < 3; i++) await call(identify, { method: "POST", json: { email: "a@example.test" }, headers: ip });
    const probe = await call(health, { headers: ip });
    expect(probe.res.status).not.toBe(429);
    expect(probe.res.headers.get("ratelimit-limit")).toBeNull();
  });
});
