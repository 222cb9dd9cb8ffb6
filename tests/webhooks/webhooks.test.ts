// Outbound webhooks through the real route handlers and a real receiver on 127.0.0.1 (reached through
// CONNECT_TO, as the safe fetcher requires): registration rules, Standard Webhooks signatures checked with
// the standard's own verifier, retries on the schedule, the three-day disable, replay, test sends, the
// Slack format, and tenant isolation on every route.
import type http from "node:http";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/user/organizations/[organizationId]/webhooks/route";
import * as oneRoute from "@/app/api/user/organizations/[organizationId]/webhooks/[webhookId]/route";
import * as deliveriesRoute from "@/app/api/user/organizations/[organizationId]/webhooks/[webhookId]/deliveries/route";
import * as replayRoute from "@/app/api/user/organizations/[organizationId]/webhooks/[webhookId]/deliveries/[deliveryId]/replay/route";
import * as testRoute from "@/app/api/user/organizations/[organizationId]/webhooks/[webhookId]/test/route";
import * as rotateRoute from "@/app/api/user/organizations/[organizationId]/webhooks/[webhookId]/rotate-secret/route";
import { webhooksDeliverDueFn, webhooksFanOutFn } from "@/inngest/functions/webhooks/webhooks";
import { db, Prisma } from "@/lib/db";
import { PUBLIC_EVENT_TYPES, type EventPayload } from "@/lib/events/catalogue";
import { triggeredBy } from "@/lib/jobs/triggers";
import { flushOutbox } from "@/lib/events/outbox";
import { whenInProcessIdle } from "@/lib/jobs/in-process-queue";
import { deliverDue, MAX_ATTEMPTS, RETRY_SCHEDULE_S } from "@/lib/webhooks/deliver";
import { fanOutEvent } from "@/lib/webhooks/fan-out";
import { slackMessage } from "@/lib/webhooks/payload";
import { forgetExpiredSecrets } from "@/lib/webhooks/forget-expired-secrets";
import { startTestSite, type TestSite } from "../fakes/test-site";
import { apiKeyHeader, bearer, call } from "../http";
import { holdingOthers, runUnderInngest } from "../inngest-engine";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";
import { detectUrls, projectFor, trackUrls } from "../issues/helpers";

let site: TestSite;
let alice: TestUser;
let mallory: TestUser;
type Received = { headers: http.IncomingHttpHeaders; body: string; path: string };
const received: Received[] = [];
/** Status per receiver path; default 200. */
const answers = new Map<string, number>();

beforeAll(async () => {
  site = await startTestSite({ hostnames: ["hooks.test"] });
  // Set before the webhook fetcher is first built (it reads CONNECT_TO once).
  process.env.CONNECT_TO = [process.env.CONNECT_TO, site.connectTo(["hooks.test"])].filter(Boolean).join(",");
  [alice, mallory] = await Promise.all([createTestUser("hooks-alice"), createTestUser("hooks-mallory")]);
});
afterAll(() => site.close());
beforeEach(() => {
  site.reset();
  received.length = 0;
  answers.clear();
  for (const path of ["/ok", "/fail", "/flaky", "/slack", "/moved", "/gone"]) {
    site.route(path, (req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (c: string) => (body += c));
      req.on("end", () => {
        received.push({ headers: req.headers, body, path });
        if (path === "/moved") return void res.writeHead(302, { location: "/ok" }).end();
        res.writeHead(answers.get(path) ?? (path === "/fail" ? 500 : 200), { "content-type": "text/plain" }).end(path === "/fail" ? "receiver broke" : "ok");
      });
    });
  }
});

/** issue.opened data of an organization, for fan-outs that need no real issue. */
const openedData = (organizationId: string, projectId = crypto.randomUUID()): EventPayload<"issue.opened"> => ({
  organizationId, projectId, issueId: crypto.randomUUID(), issueType: "server_error", severity: "critical", affectedUrlCount: 1, reopened: false,
  openedAt: new Date().toISOString(),
});

const O = (u: TestUser) => `http://127.0.0.1:3000/api/user/organizations/${u.organizationId}`;
const as = (u: TestUser): Record<string, string> => bearer(u.sessionToken);
const create = (u: TestUser, json: unknown, headers = as(u), org = u.organizationId) =>
  call(listRoute.POST, { method: "POST", url: `${O(u)}/webhooks`, headers, json, params: { organizationId: org } });
const list = (u: TestUser, headers = as(u), org = u.organizationId) => call(listRoute.GET, { url: `${O(u)}/webhooks`, headers, params: { organizationId: org } });
const one = (method: "GET" | "PATCH" | "DELETE", u: TestUser, webhookId: string, json?: unknown, headers = as(u), org = u.organizationId) =>
  call(oneRoute[method], { method, url: `${O(u)}/webhooks/${webhookId}`, headers, ...(json === undefined ? {} : { json }), params: { organizationId: org, webhookId } });
const deliveries = (u: TestUser, webhookId: string, q = "", headers = as(u), org = u.organizationId) =>
  call(deliveriesRoute.GET, { url: `${O(u)}/webhooks/${webhookId}/deliveries${q}`, headers, params: { organizationId: org, webhookId } });
const replay = (u: TestUser, webhookId: string, deliveryId: string, headers = as(u), org = u.organizationId) =>
  call(replayRoute.POST, { method: "POST", url: `${O(u)}/webhooks/${webhookId}/deliveries/${deliveryId}/replay`, headers, params: { organizationId: org, webhookId, deliveryId } });
const sendTest = (u: TestUser, webhookId: string, headers = as(u), org = u.organizationId) =>
  call(testRoute.POST, { method: "POST", url: `${O(u)}/webhooks/${webhookId}/test`, headers, params: { organizationId: org, webhookId } });

const rotate = (u: TestUser, webhookId: string, json?: unknown, headers = as(u), org = u.organizationId) =>
  call(rotateRoute.POST, { method: "POST", url: `${O(u)}/webhooks/${webhookId}/rotate-secret`, headers, ...(json === undefined ? {} : { json }), params: { organizationId: org, webhookId } });

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, { "webhook-id": String(r.headers["webhook-id"]), "webhook-timestamp": String(r.headers["webhook-timestamp"]), "webhook-signature": String(r.headers["webhook-signature"]) });

async function endpoint(u: TestUser, path: string, events = ["issue.opened"], extra: Record<string, unknown> = {}) {
  const r = await create(u, { url: `http://hooks.test${path}`, events, ...extra });
  expect(r.res.status).toBe(201);
  return r.body.data as { id: string; secret: string; format: string };
}

describe("webhooks fan-out", () => {
  it("is triggered by every public event (each is one a subscriber can ask for)", () => {
    expect(PUBLIC_EVENT_TYPES.filter((name) => !triggeredBy(webhooksFanOutFn, name))).toEqual([]);
  });
});

describe("registering endpoints", () => {
  it("creates with the secret shown once, lists, reads, changes and deletes", async () => {
    const u = await createTestUser("hooks-crud");
    const r = await create(u, { url: "https://hooks.test/ok", events: ["issue.opened", "url.dropped_from_index"], description: "Ops channel" });
    expect(r.res.status).toBe(201);
    expect(r.body.data).toMatchObject({ url: "https://hooks.test/ok", events: ["issue.opened", "url.dropped_from_index"], description: "Ops channel", format: "standard", enabled: true, failingSince: null });
    expect(r.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = r.body.data.id;

    const l = await list(u);
    expect(l.body.meta).toMatchObject({ total: 1 });
    expect(l.body.data[0]).not.toHaveProperty("secret");
    expect((await one("GET", u, id)).body.data).not.toHaveProperty("secret");
    expect(JSON.stringify(await db.webhookEndpoint.findUniqueOrThrow({ where: { id } }))).not.toContain(r.body.data.secret.slice(6));

    const p = await one("PATCH", u, id, { events: ["sync.completed"], enabled: false, description: null });
    expect(p.body.data).toMatchObject({ events: ["sync.completed"], enabled: false, description: null });
    expect((await one("DELETE", u, id)).body.data).toEqual({ id, deleted: true });
    expect((await one("GET", u, id)).res.status).toBe(404);
    expect(await db.auditLog.count({ where: { organizationId: u.organizationId, targetType: "webhook", targetId: id } })).toBe(3);
  });

  it("defaults to the Slack format for hooks.slack.com", async () => {
    const u = await createTestUser("hooks-slack-default");
    const r = await create(u, { url: "https://hooks.slack.com/services/T000/B000/XXXX", events: ["issue.opened"] });
    expect(r.body.data.format).toBe("slack");
  });

  it("refuses internal addresses, other ports, userinfo and bad input with the envelope, writing nothing", async () => {
    const u = await createTestUser("hooks-refuse");
    const refused = [
      "http://127.0.0.1/hook", "http://localhost/hook", "http://10.0.0.5/hook", "http://169.254.169.254/latest/meta-data", "http://[::1]/hook",
      "http://[::ffff:127.0.0.1]/hook", "http://0.0.0.0/", "https://hooks.test:8443/x", "https://user:pw@hooks.test/x",
      "ftp://hooks.test/x", "file:///etc/passwd", "not a url",
    ];
    for (const url of refused) {
      const r = await create(u, { url, events: ["issue.opened"] });
      expect(r.res.status, url).toBe(400);
      expect(r.body.code, url).toBe("VALIDATION_ERROR");
    }
    for (const json of [
      { url: "https://hooks.test/ok", events: [] }, { url: "https://hooks.test/ok", events: ["issue.exploded"] },
      { url: "https://hooks.test/ok", events: ["issue.opened", "issue.opened"] }, { url: "https://hooks.test/ok" },
      { url: "https://hooks.test/" + "a".repeat(3000), events: ["issue.opened"] }, { url: 42, events: ["issue.opened"] },
      { url: "https://hooks.test/ok", events: ["issue.opened"], format: "teams" }, { url: "https://hooks.test/ok", events: ["issue.opened"], extra: 1 },
      { url: "https://hooks.test/ok", events: ["issue.opened"], description: "x".repeat(501) },
    ]) {
      const r = await create(u, json);
      expect(r.res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    expect(await db.webhookEndpoint.count({ where: { organizationId: u.organizationId } })).toBe(0);
    const id = (await endpoint(u, "/ok")).id;
    expect((await one("PATCH", u, id, { url: "http://192.168.1.1/x" })).res.status).toBe(400);
    expect((await one("PATCH", u, id, {})).res.status).toBe(400);
  });

  it("keeps every route to the organization: another organization's ids are 404, a member without the role is 403, a key needs organization:write", async () => {
    const id = (await endpoint(alice, "/ok")).id;
    // Mallory names her own organization with Alice's webhook id, and Alice's organization outright.
    for (const r of [
      await one("GET", mallory, id), await one("PATCH", mallory, id, { enabled: false }), await one("DELETE", mallory, id),
      await deliveries(mallory, id), await replay(mallory, id, crypto.randomUUID()), await sendTest(mallory, id),
      await list(mallory, as(mallory), alice.organizationId), await one("GET", mallory, id, undefined, as(mallory), alice.organizationId),
    ]) expect(r.res.status).toBe(404);
    expect((await one("GET", alice, id)).body.data.enabled).toBe(true);

    const readKey = await createTestApiKey(alice, ["organization:read"]);
    expect((await list(alice, apiKeyHeader(readKey.key))).res.status).toBe(200);
    const refused = await create(alice, { url: "https://hooks.test/ok", events: ["issue.opened"] }, apiKeyHeader(readKey.key));
    expect(refused.res.status).toBe(403);
    expect(refused.body.meta).toMatchObject({ missingScopes: ["organization:write"] });

    // A member (not owner or admin) reads but cannot change.
    const bob = await createTestUser("hooks-bob");
    await db.membership.create({ data: { organizationId: alice.organizationId, userId: bob.userId, role: "member" } });
    expect((await list(bob, as(bob), alice.organizationId)).res.status).toBe(200);
    const denied = await one("PATCH", bob, id, { enabled: false }, as(bob), alice.organizationId);
    expect(denied.res.status).toBe(403);
    expect(denied.body.meta).toMatchObject({ missingPermission: "webhooks.manage" });
  });
});

describe("deliveries", () => {
  it("delivers a domain event after its transaction commits, signed as Standard Webhooks says", async () => {
    const u = await createTestUser("hooks-deliver");
    const hook = await endpoint(u, "/ok", ["issue.opened", "issue.resolved"]);
    await endpoint(u, "/ok", ["sync.completed"]); // not subscribed: gets nothing
    const t = await projectFor(u);
    const urls = await trackUrls(t, 3);
    await detectUrls(t, "server_error", urls);
    expect(received).toHaveLength(0); // in the outbox until flushed
    await flushOutbox({ organizationId: u.organizationId });
    await whenInProcessIdle();

    expect(received).toHaveLength(1);
    const [r] = received;
    const payload = verify(hook.secret, r) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: "issue.opened", data: { organizationId: u.organizationId, projectId: t.projectId, issueType: "server_error", affectedUrlCount: 3, reopened: false } });
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.headers["webhook-id"]).toMatch(/^msg_/);
    expect(Math.abs(Number(r.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    // A wrong secret or a changed body does not verify.
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString("base64")}`, r)).toThrow();
    expect(() => verify(hook.secret, { ...r, body: r.body.replace("server_error", "client_error") })).toThrow();

    const log = await deliveries(u, hook.id);
    expect(log.body.data).toHaveLength(1);
    expect(log.body.data[0]).toMatchObject({ eventType: "issue.opened", status: "succeeded", attempts: 1, lastStatusCode: 200, attemptLog: [{ attempt: 1, statusCode: 200, error: null }] });

    // The flush again, and the fan-out again for the same event: nothing is delivered twice.
    await flushOutbox({ organizationId: u.organizationId });
    const [outboxed] = await db.eventOutbox.findMany({ where: { name: "issue.opened", data: { path: ["organizationId"], equals: u.organizationId } } });
    expect(await fanOutEvent({ id: outboxed.eventId, name: "issue.opened", data: outboxed.data as EventPayload<"issue.opened"> })).toEqual([]);
    await whenInProcessIdle();
    expect(received).toHaveLength(1);
  });

  it("retries a failing receiver on the schedule for about a day, then marks the delivery failed, keeping every attempt", async () => {
    const u = await createTestUser("hooks-retry");
    const hook = await endpoint(u, "/fail");
    const [id] = await fanOutEvent({ id: `retry-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) });
    let clock = Date.now();
    const now = () => new Date(clock);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect((await deliverDue({ ids: [id], now })).attempted).toBe(1);
      const d = await db.webhookDelivery.findUniqueOrThrow({ where: { id } });
      expect(d.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(d.status).toBe("pending");
        expect(d.nextAttemptAt!.getTime() - clock).toBe(RETRY_SCHEDULE_S[attempt - 1] * 1000);
        // Not due a second early.
        clock = d.nextAttemptAt!.getTime() - 1000;
        expect((await deliverDue({ ids: [id], now })).attempted).toBe(0);
        clock += 1000;
      } else {
        expect(d).toMatchObject({ status: "failed", nextAttemptAt: null, lastStatusCode: 500, lastError: "HTTP 500: receiver broke" });
      }
    }
    expect(RETRY_SCHEDULE_S.reduce((a, b) => a + b, 0) / 3600).toBeGreaterThan(24);
    expect(received).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(received.map((r) => r.headers["webhook-id"])).size).toBe(1); // the same message every time
    // Each attempt is signed afresh with its own timestamp (the verifier refuses the ones from the simulated future).
    expect(verify(hook.secret, received[0])).toMatchObject({ type: "issue.opened" });
    expect(new Set(received.map((r) => r.headers["webhook-timestamp"])).size).toBe(MAX_ATTEMPTS);
    const log = await deliveries(u, hook.id, "?status=failed");
    expect(log.body.data[0].attemptLog.map((a: { attempt: number }) => a.attempt)).toEqual(Array.from({ length: MAX_ATTEMPTS }, (_, i) => i + 1));
    expect((await one("GET", u, hook.id)).body.data.failingSince).not.toBeNull();
  });

  it("treats a redirect as a failure and does not follow it", async () => {
    const u = await createTestUser("hooks-redirect");
    const hook = await endpoint(u, "/moved");
    await fanOutEvent({ id: `moved-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) });
    await deliverDue({ ids: (await db.webhookDelivery.findMany({ where: { endpointId: hook.id } })).map((d) => d.id) });
    expect(received.map((r) => r.path)).toEqual(["/moved"]);
    expect((await deliveries(u, hook.id)).body.data[0]).toMatchObject({ status: "pending", lastStatusCode: 302, lastError: "HTTP 302: redirects are not followed" });
  });

  it("disables an endpoint that has failed for three days, fails its pending deliveries and mails the owners", async () => {
    const u = await createTestUser("hooks-disable");
    const hook = await endpoint(u, "/fail");
    const ids = [
      ...(await fanOutEvent({ id: `d1-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) })),
      ...(await fanOutEvent({ id: `d2-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) })),
    ];
    await deliverDue({ ids: [ids[0]] });
    const since = (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).failingSince!;
    expect(since).not.toBeNull();
    // A success clears the clock; two days of failures keep it enabled; the first failure past three days disables.
    answers.set("/fail", 200);
    await deliverDue({ ids: [ids[1]] });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).failingSince).toBeNull();
    answers.set("/fail", 500);
    const later = await fanOutEvent({ id: `d3-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) });
    const pendingToo = await fanOutEvent({ id: `d4-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) });
    await db.webhookEndpoint.update({ where: { id: hook.id }, data: { failingSince: new Date(Date.now() - 2 * 86_400_000) } });
    await deliverDue({ ids: later });
    expect((await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).enabled).toBe(true);
    await db.webhookEndpoint.update({ where: { id: hook.id }, data: { failingSince: new Date(Date.now() - 3 * 86_400_000 - 1000) } });
    await db.webhookDelivery.update({ where: { id: later[0] }, data: { nextAttemptAt: new Date() } });
    await deliverDue({ ids: later });

    const disabled = (await one("GET", u, hook.id)).body.data;
    expect(disabled).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
    expect(disabled.disabledReason).toContain("three days");
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id: pendingToo[0] } })).toMatchObject({ status: "failed" });
    const mail = await db.devMail.findFirst({ where: { to: u.email }, orderBy: { createdAt: "desc" } });
    expect(mail?.subject).toContain("was disabled");
    expect(mail?.text).toContain("http://hooks.test/fail");
    // Nothing more is sent to it; enabling again starts clean.
    const sent = received.length;
    await fanOutEvent({ id: `d5-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) });
    await deliverDue();
    expect(received.filter((r) => r.path === "/fail").length).toBe(sent);
    const enabled = await one("PATCH", u, hook.id, { enabled: true });
    expect(enabled.body.data).toMatchObject({ enabled: true, disabledAt: null, disabledReason: null, failingSince: null });
  });

  it("replays a delivery as a new one with the same webhook-id and body", async () => {
    const u = await createTestUser("hooks-replay");
    const hook = await endpoint(u, "/ok");
    const [id] = await fanOutEvent({ id: `replay-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) });
    await deliverDue({ ids: [id] });
    const r = await replay(u, hook.id, id);
    expect(r.res.status).toBe(201);
    expect(r.body.data).toMatchObject({ replayOfId: id, status: "succeeded", attempts: 1 });
    expect(received).toHaveLength(2);
    expect(received[0].headers["webhook-id"]).toBe(received[1].headers["webhook-id"]);
    expect(received[0].body).toBe(received[1].body);
    expect((await deliveries(u, hook.id)).body.meta).toMatchObject({ total: 2 });
    expect((await replay(u, hook.id, crypto.randomUUID())).res.status).toBe(404);
  });

  it("sends a test event once, to a disabled endpoint too, without touching its failure record", async () => {
    const u = await createTestUser("hooks-test");
    const good = await endpoint(u, "/ok", ["sync.completed"]);
    const r = await sendTest(u, good.id);
    expect(r.res.status).toBe(200);
    expect(r.body.data).toMatchObject({ eventType: "webhook.test", status: "succeeded", lastStatusCode: 200, attempts: 1 });
    expect(verify(good.secret, received[0])).toMatchObject({ type: "webhook.test", data: { webhookId: good.id } });

    const bad = await endpoint(u, "/fail");
    await one("PATCH", u, bad.id, { enabled: false });
    const f = await sendTest(u, bad.id);
    expect(f.body.data).toMatchObject({ status: "failed", attempts: 1, lastStatusCode: 500, nextAttemptAt: null });
    expect((await one("GET", u, bad.id)).body.data.failingSince).toBeNull();
  });

  it("rotates the secret: the previous one co-signs for the overlap, then only the new one verifies; 0 hours ends it at once", async () => {
    const u = await createTestUser("hooks-rotate");
    const hook = await endpoint(u, "/ok", ["sync.completed"]);
    const r = await rotate(u, hook.id); // no body: the default overlap
    expect(r.res.status).toBe(200);
    const rotated = r.body.data as { secret: string; secretRotatedAt: string; previousSecretExpiresAt: string };
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(new Date(rotated.previousSecretExpiresAt).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await one("GET", u, hook.id)).body.data).not.toHaveProperty("secret");

    await sendTest(u, hook.id);
    const sigs = String(received[0].headers["webhook-signature"]).split(" ");
    expect(sigs).toHaveLength(2);
    expect(sigs.every((x) => x.startsWith("v1,"))).toBe(true);
    expect(verify(rotated.secret, received[0])).toMatchObject({ type: "webhook.test" });
    expect(verify(hook.secret, received[0])).toMatchObject({ type: "webhook.test" }); // a receiver not yet switched

    // Once the overlap is over (even before anything tidies the row), only the new secret signs.
    await db.webhookEndpoint.update({ where: { id: hook.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1000) } });
    expect((await one("GET", u, hook.id)).body.data.previousSecretExpiresAt).toBeNull();
    await sendTest(u, hook.id);
    expect(String(received[1].headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(verify(rotated.secret, received[1])).toBeTruthy();
    expect(() => verify(hook.secret, received[1])).toThrow();
    expect(await forgetExpiredSecrets()).toBeGreaterThanOrEqual(1); // the minute cron forgets it
    expect(await db.webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).toMatchObject({ previousSecretEnc: null, previousSecretExpiresAt: null });

    // A leak: 0 hours, the old secret stops at once; a rotation in an overlap ends the older secret.
    const second = (await rotate(u, hook.id, { keepPreviousHours: 1 })).body.data as { secret: string };
    const third = (await rotate(u, hook.id, { keepPreviousHours: 0 })).body.data as { secret: string; previousSecretExpiresAt: string | null };
    expect(third.previousSecretExpiresAt).toBeNull();
    await sendTest(u, hook.id);
    expect(verify(third.secret, received[2])).toBeTruthy();
    expect(() => verify(second.secret, received[2])).toThrow();
    expect(() => verify(rotated.secret, received[2])).toThrow();
    expect(await db.auditLog.count({ where: { organizationId: u.organizationId, metadata: { path: ["change"], equals: "webhook_secret_rotated" } } })).toBe(3);

    // Bad bodies, another organization, a member without the role.
    for (const json of [{ keepPreviousHours: 73 }, { keepPreviousHours: -1 }, { keepPreviousHours: 1.5 }, { keepPreviousHours: "24" }, { other: 1 }, "x"]) {
      expect((await rotate(u, hook.id, json)).res.status).toBe(400);
    }
    expect((await rotate(mallory, hook.id, undefined, as(mallory), u.organizationId)).res.status).toBe(404);
    expect((await rotate(mallory, hook.id)).res.status).toBe(404);
    const member = await createTestUser("hooks-rotate-member");
    await db.membership.create({ data: { organizationId: u.organizationId, userId: member.userId, role: "member" } });
    const denied = await rotate(u, hook.id, undefined, as(member));
    expect(denied.res.status).toBe(403);
    expect(denied.body.meta).toMatchObject({ missingPermission: "webhooks.manage" });
  });

  it("formats Slack messages a person can read", async () => {
    const u = await createTestUser("hooks-slack");
    const hook = await endpoint(u, "/slack", ["issue.opened", "url.dropped_from_index"], { format: "slack" });
    const t = await projectFor(u);
    await db.project.update({ where: { id: t.projectId }, data: { name: "Acme Outdoor" } });
    const urls = await trackUrls(t, 2);
    await detectUrls(t, "has_noindex", urls);
    await fanOutEvent({
      id: `drop-${crypto.randomUUID()}`, name: "url.dropped_from_index",
      data: { organizationId: u.organizationId, projectId: t.projectId, trackedUrlId: urls[0].trackedUrlId, url: `${urls[0].url}?a=<b>`, engine: "engineA", from: "indexed", to: "excluded", cause: "noindex_added", observedAt: new Date().toISOString() },
    });
    await flushOutbox({ organizationId: u.organizationId });
    await whenInProcessIdle();
    await deliverDue();
    const texts = received.filter((r) => r.path === "/slack").map((r) => (JSON.parse(r.body) as { text: string }).text);
    expect(texts).toHaveLength(2);
    const opened = texts.find((x) => x.includes("New issue"))!;
    expect(opened).toContain(`*Acme Outdoor (${t.domain})*`); // the project by its name and domain
    expect(opened).toContain("Marked noindex");
    expect(opened).toContain("2 URLs affected");
    expect(opened).toMatch(/<http:\/\/127\.0\.0\.1:3000\/projects\/[0-9a-f-]+\/issues\/[0-9a-f-]+\|/);
    const dropped = texts.find((x) => x.includes("dropped"))!;
    expect(dropped).toContain("dropped from Google's index");
    expect(dropped).toContain("noindex added");
    expect(dropped).not.toContain("<b>"); // escaped
    void hook;
  });

  it("renders an event only with its own organization's data: another organization's project and issue ids read as unknown", async () => {
    const t = await projectFor(alice);
    const urls = await trackUrls(t, 1);
    await detectUrls(t, "has_noindex", urls);
    const issue = await db.issue.findFirstOrThrow({ where: { projectId: t.projectId } });
    const resolved = (organizationId: string) => slackMessage({
      type: "issue.resolved", timestamp: new Date().toISOString(),
      data: { organizationId, projectId: t.projectId, issueId: issue.id, resolvedAt: new Date().toISOString(), actorUserId: null },
    });
    const own = (await resolved(alice.organizationId)).text;
    expect(own).toContain(t.domain);
    expect(own).toContain(issue.id);
    const foreign = (await resolved(mallory.organizationId)).text;
    expect(foreign).not.toContain(t.domain);
    expect(foreign).not.toContain(t.projectId);
    expect(foreign).toContain("*your project*: <http://127.0.0.1:3000/|an issue>");
    const dropped = await slackMessage({
      type: "url.dropped_from_index", timestamp: new Date().toISOString(),
      data: { organizationId: mallory.organizationId, projectId: t.projectId, trackedUrlId: urls[0].trackedUrlId, url: "https://elsewhere.example/x", engine: "engineB", from: "indexed", to: "not_indexed", cause: "unknown", observedAt: new Date().toISOString() },
    });
    expect(dropped.text).not.toContain(t.domain);
  });
});

describe("the Inngest functions (tests/inngest-engine.ts: step results through JSON)", () => {
  it("webhooks-fan-out makes one delivery per subscribed endpoint and delivers it at once", async () => {
    const u = await createTestUser("hooks-inngest-fan");
    const hook = await endpoint(u, "/ok");
    const data = openedData(u.organizationId);
    const run = await runUnderInngest(webhooksFanOutFn, { events: [{ name: "issue.opened", id: `fan-${crypto.randomUUID()}`, data }] });
    expect(run.error).toBeUndefined();
    expect(run.result).toMatchObject({ deliveries: 1, attempted: 1 });
    expect(received.map((r) => r.path)).toEqual(["/ok"]);
    expect(verify(hook.secret, received[0])).toMatchObject({ type: "issue.opened", data: { issueId: data.issueId } });
    expect(await db.webhookDelivery.findMany({ where: { endpointId: hook.id }, select: { status: true } })).toEqual([{ status: "succeeded" }]);
  });

  it("webhooks-deliver-due attempts a delivery whose retry is due", async () => {
    const u = await createTestUser("hooks-inngest-due");
    const hook = await endpoint(u, "/ok");
    const [id] = await fanOutEvent({ id: `due-${crypto.randomUUID()}`, name: "issue.opened", data: openedData(u.organizationId) });
    // The cron is global: other suites' due deliveries are held while it runs (tests/inngest-engine.ts, holdingOthers).
    const run = await holdingOthers(Prisma.sql`SELECT id FROM webhook_deliveries WHERE status = 'pending' AND id <> ${id}::uuid FOR UPDATE`, () => runUnderInngest(webhooksDeliverDueFn));
    expect(run.error).toBeUndefined();
    if (!process.env.TEST_EMBEDDED_DB) expect(run.result).toMatchObject({ attempted: 1 });
    expect(await db.webhookDelivery.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "succeeded", attempts: 1, endpointId: hook.id });
  });
});
