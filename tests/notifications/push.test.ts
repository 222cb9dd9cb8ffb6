// Web push: the public key, registering and removing targets through the routes, and delivery with the
// `web-push` package through the safe fetcher to a push service on 127.0.0.1 (HTTPS, the test CA): an
// encrypted, VAPID-signed request; a target answering 404 or 410 removed; internal endpoints never reached.
import crypto from "node:crypto";
import type http from "node:http";
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keyRoute from "@/app/api/user/notifications/push/public-key/route";
import * as targetsRoute from "@/app/api/user/notifications/push/targets/route";
import { db } from "@/lib/db";
import { createSafeFetcher, type SafeFetcher } from "@/lib/net/safe-fetch";
import { sendWebPush } from "@/lib/notifications/push";
import { startTestSite, type TestSite } from "../fakes/test-site";
import { bearer, call } from "../http";
import { createTestUser, type TestUser } from "../factories";

let site: TestSite;
let fetcher: SafeFetcher;
const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
const vapidKeys = webpush.generateVAPIDKeys();
// A browser's subscription keys (P-256 public key and 16-byte auth secret), as PushManager.subscribe() makes them.
const browserKeys = (() => {
  const ecdh = crypto.createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: crypto.randomBytes(16).toString("base64url") };
})();

beforeAll(async () => {
  site = await startTestSite({ hostnames: ["push.test"] });
  fetcher = createSafeFetcher({ connectTo: site.connectTo(["push.test"]), tlsCa: site.ca });
  for (const [path, status] of [["/ok", 201], ["/gone", 410], ["/unknown", 404], ["/broken", 500]] as const) {
    site.route(path, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => {
        received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(status).end();
      });
    });
  }
  process.env.VAPID_PUBLIC_KEY = vapidKeys.publicKey;
  process.env.VAPID_PRIVATE_KEY = vapidKeys.privateKey;
});
afterAll(async () => {
  delete process.env.VAPID_PUBLIC_KEY;
  delete process.env.VAPID_PRIVATE_KEY;
  await site.close();
});

const U = "http://127.0.0.1:3000/api/user/notifications/push";
const as = (u: TestUser) => bearer(u.sessionToken);
const register = (u: TestUser, json: unknown) => call(targetsRoute.POST, { method: "POST", url: `${U}/targets`, headers: as(u), json });
const unregister = (u: TestUser, json: unknown) => call(targetsRoute.DELETE, { method: "DELETE", url: `${U}/targets`, headers: as(u), json });

describe("push targets", () => {
  it("answers the public key, or null when web push is not configured", async () => {
    const u = await createTestUser("push-key");
    expect((await call(keyRoute.GET, { url: `${U}/public-key`, headers: as(u) })).body.data).toEqual({ publicKey: vapidKeys.publicKey });
    const saved = process.env.VAPID_PRIVATE_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
    expect((await call(keyRoute.GET, { url: `${U}/public-key`, headers: as(u) })).body.data).toEqual({ publicKey: null });
    process.env.VAPID_PRIVATE_KEY = saved;
  });

  it("registers, updates, moves between users and removes only one's own; audited", async () => {
    const [a, b] = await Promise.all([createTestUser("push-a"), createTestUser("push-b")]);
    const endpoint = `https://push.test/ok?u=${crypto.randomUUID()}`;
    expect((await register(a, { endpoint, keys: browserKeys })).res.status).toBe(201);
    expect((await register(a, { endpoint, keys: { ...browserKeys, auth: "bmV3LWF1dGg" } })).res.status).toBe(201);
    expect(await db.pushTarget.findUniqueOrThrow({ where: { endpoint } })).toMatchObject({ userId: a.userId, auth: "bmV3LWF1dGg" });
    expect((await unregister(b, { endpoint })).body.data).toEqual({ removed: false });
    expect(await db.pushTarget.count({ where: { endpoint } })).toBe(1);
    await register(b, { endpoint, keys: browserKeys });
    expect((await db.pushTarget.findUniqueOrThrow({ where: { endpoint } })).userId).toBe(b.userId);
    expect((await unregister(b, { endpoint })).body.data).toEqual({ removed: true });
    expect(await db.auditLog.count({ where: { userId: { in: [a.userId, b.userId] }, action: { in: ["notification_push_target_registered", "notification_push_target_removed"] } } })).toBe(4);
  });

  it("refuses bad registrations with the envelope", async () => {
    const u = await createTestUser("push-bad");
    for (const json of [
      { endpoint: "http://push.test/ok", keys: browserKeys }, { endpoint: "https://user:pw@push.test/x", keys: browserKeys },
      { endpoint: "https://push.test:8443/x", keys: browserKeys }, { endpoint: "not a url", keys: browserKeys },
      { endpoint: "https://push.test/ok", keys: { p256dh: "", auth: "x" } }, { endpoint: "https://push.test/ok", keys: { p256dh: "x".repeat(256), auth: "x" } },
      { endpoint: "https://push.test/ok" }, { endpoint: `https://push.test/${"a".repeat(2100)}`, keys: browserKeys }, { endpoint: "https://push.test/ok", keys: browserKeys, x: 1 },
    ]) {
      const r = await register(u, json);
      expect(r.res.status, JSON.stringify(json).slice(0, 60)).toBe(400);
    }
    expect(await db.pushTarget.count({ where: { userId: u.userId } })).toBe(0);
  });
});

describe("delivery", () => {
  it("sends an encrypted, VAPID-signed message; removes targets that are gone (404, 410), keeps one that failed (500); never reaches an internal endpoint", async () => {
    const u = await createTestUser("push-send");
    const rows = ["/ok", "/gone", "/unknown", "/broken"].map((p) => ({ userId: u.userId, endpoint: `https://push.test${p}?t=${crypto.randomUUID()}`, ...browserKeys }));
    rows.push({ userId: u.userId, endpoint: `https://127.0.0.1/push?t=${crypto.randomUUID()}`, ...browserKeys });
    await db.pushTarget.createMany({ data: rows });
    received.length = 0;
    const r = await sendWebPush([u.userId], { type: "issue.opened", title: "New issue: Pages answer 5xx", body: "3 URLs affected." }, { fetcher });
    expect(r).toEqual({ sent: 1, removed: 2, failed: 2 });
    const ok = received.find((x) => x.path === "/ok")!;
    expect(ok.headers["content-encoding"]).toBe("aes128gcm");
    expect(ok.headers.ttl).toBe("86400");
    expect(String(ok.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(ok.body.length).toBeGreaterThan(50);
    expect(ok.body.toString("latin1")).not.toContain("Pages answer 5xx");
    const left = (await db.pushTarget.findMany({ where: { userId: u.userId } })).map((t) => new URL(t.endpoint).pathname).sort();
    expect(left).toEqual(["/broken", "/ok", "/push"]);
    expect(received.some((x) => x.path === "/push")).toBe(false);
  });

  it("sends nothing without VAPID keys", async () => {
    const u = await createTestUser("push-off");
    await db.pushTarget.create({ data: { userId: u.userId, endpoint: `https://push.test/ok?off=${crypto.randomUUID()}`, ...browserKeys } });
    const saved = process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PUBLIC_KEY;
    expect(await sendWebPush([u.userId], { type: "credits.low", title: "t", body: "b" }, { fetcher })).toEqual({ sent: 0, removed: 0, failed: 0 });
    process.env.VAPID_PUBLIC_KEY = saved;
  });
});
