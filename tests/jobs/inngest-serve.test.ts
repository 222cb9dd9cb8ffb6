// /api/inngest runs our job functions for Inngest. In Inngest's development mode (INNGEST_DEV) the SDK checks no
// signature: a forged `issue.opened` naming another organization notified its members. A production server refuses
// that mode unless INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION=1; signed calls (Cloud, or a self-hosted server started with
// --signing-key) run; without an Inngest server the endpoint answers 404 in the envelope.
// The SDK client reads its environment when it is created: each case loads the route afresh (an isolated file).
import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "@/lib/db";
import { inngestServeNotice } from "@/lib/jobs/serve-policy";
import { createTestTenant, type TestTenant } from "../factories";

const SIGNING_HEX = crypto.randomBytes(32).toString("hex");
const SIGNING_KEY = `signkey-test-${SIGNING_HEX}`;
const INNGEST_VARS = ["INNGEST_DEV", "INNGEST_BASE_URL", "INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_SIGNING_KEY_FALLBACK", "INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION"];
const URL_ = "http://127.0.0.1:3000/api/inngest";
type Handlers = { GET: (req: Request) => Promise<Response>; POST: (req: Request) => Promise<Response>; PUT: (req: Request) => Promise<Response> };

async function loadRoute(env: Record<string, string>): Promise<Handlers> {
  for (const name of INNGEST_VARS) vi.stubEnv(name, undefined);
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import("@/app/api/inngest/route")) as unknown as Handlers;
}
afterEach(() => { vi.unstubAllEnvs(); });

/** JSON with sorted keys (RFC 8785 for these plain values): the SDK signs the canonical form of the body. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`;
  if (v && typeof v === "object") return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(",")}}`;
  return JSON.stringify(v);
}

/** Inngest's request signature: HMAC-SHA256 over body + timestamp, keyed by the signing key without its prefix. */
function signature(body: string, key = SIGNING_HEX, ts = Math.floor(Date.now() / 1000)) {
  return `t=${ts}&s=${crypto.createHmac("sha256", key).update(body + ts).digest("hex")}`;
}

let victim: TestTenant;
beforeAll(async () => { victim = await createTestTenant("inngest-victim"); });

/**
 * A forged event for the victim's organization, as Inngest would hand it to a job: `credits/low`, whose one step
 * notifies the organization's members (the forged `issue.opened` of the finding now stops at its first step, a
 * lookup of the project, before anyone is told).
 */
function forgedEvent(): string {
  const event = { name: "credits/low", id: crypto.randomUUID(), ts: Date.now(), data: { organizationId: victim.organizationId, balance: 3, threshold: 10 } };
  return canonical({ version: 1, event, events: [event], steps: {}, ctx: { run_id: `01J${crypto.randomBytes(8).toString("hex").toUpperCase()}`, attempt: 0, stack: { stack: [], current: 0 } } });
}

const run = (route: Handlers, body: string, headers: Record<string, string> = {}) =>
  route.POST(new Request(`${URL_}?fnId=indexwatch-notifications-credits-low&stepId=step`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } }));
const victimNotifications = () => db.notification.count({ where: { userId: victim.userId, type: "credits_low" } });

describe("/api/inngest", () => {
  it("answers 404 in the envelope when no Inngest server is configured (jobs run in-process)", async () => {
    const route = await loadRoute({ NODE_ENV: "production" });
    for (const method of ["GET", "PUT", "POST"] as const) {
      const res = await route[method](new Request(URL_, { method, ...(method === "GET" ? {} : { body: "{}" }) }));
      expect(res.status, method).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, status: 404, code: "NOT_FOUND" });
    }
    // INNGEST_DEV without a server to talk to is no Inngest server either (the SDK would serve unsigned).
    const devOnly = await loadRoute({ NODE_ENV: "development", INNGEST_DEV: "1" });
    expect((await run(devOnly, forgedEvent())).status).toBe(404);
  });

  it("with signing keys, runs a function only for a call signed with the key", async () => {
    const route = await loadRoute({ NODE_ENV: "production", INNGEST_SIGNING_KEY: SIGNING_KEY, INNGEST_EVENT_KEY: "test-event-key" });
    const before = await victimNotifications();

    const unsigned = await run(route, forgedEvent());
    expect(unsigned.status).toBe(401);
    const wrongKey = forgedEvent();
    expect((await run(route, wrongKey, { "x-inngest-signature": signature(wrongKey, crypto.randomBytes(32).toString("hex")) })).status).toBe(401);
    const stale = forgedEvent();
    expect((await run(route, stale, { "x-inngest-signature": signature(stale, SIGNING_HEX, Math.floor(Date.now() / 1000) - 3600) })).status).toBe(401);
    expect(await victimNotifications()).toBe(before);

    const body = forgedEvent();
    const signed = await run(route, body, { "x-inngest-signature": signature(body) });
    expect(signed.status).toBe(206); // the function's step ran
    expect(await victimNotifications()).toBe(before + 1);
  });

  it("refuses Inngest's unsigned development mode in production: nothing runs", async () => {
    const route = await loadRoute({ NODE_ENV: "production", INNGEST_DEV: "1", INNGEST_BASE_URL: "http://127.0.0.1:9" });
    const before = await victimNotifications();
    const res = await run(route, forgedEvent());
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ success: false, code: "INTEGRATION_NOT_CONFIGURED", message: expect.stringContaining("INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION") });
    for (const method of ["GET", "PUT"] as const) expect((await route[method](new Request(URL_, { method }))).status, method).toBe(503);
    expect(await victimNotifications()).toBe(before);
  });

  it("serves unsigned calls in production only when INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION=1 says so", async () => {
    const route = await loadRoute({ NODE_ENV: "production", INNGEST_DEV: "1", INNGEST_BASE_URL: "http://127.0.0.1:9", INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION: "1" });
    const before = await victimNotifications();
    expect((await run(route, forgedEvent())).status).toBe(206);
    expect(await victimNotifications()).toBe(before + 1);
  });
});

describe("the start-up line about /api/inngest", () => {
  const dev = { INNGEST_DEV: "1", INNGEST_BASE_URL: "http://inngest:8288" };
  it("says what the endpoint will serve", () => {
    expect(inngestServeNotice("cloud", {})).toBeNull();
    expect(inngestServeNotice("cloud", { INNGEST_SIGNING_KEY: SIGNING_KEY })).toMatchObject({ level: "info", message: expect.stringContaining("signed") });
    expect(inngestServeNotice("dev", { ...dev, NODE_ENV: "production" })).toMatchObject({ level: "error", message: expect.stringContaining("refuses every call") });
    expect(inngestServeNotice("dev", { ...dev, NODE_ENV: "production", INNGEST_ALLOW_UNSIGNED_IN_PRODUCTION: "1" }))
      .toMatchObject({ level: "warn", message: expect.stringContaining("unsigned calls in production") });
    expect(inngestServeNotice("dev", { ...dev, NODE_ENV: "development" })).toMatchObject({ level: "warn", message: expect.stringContaining("developer's own machine") });
  });
});
