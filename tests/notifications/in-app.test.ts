// In-app notifications, preferences and email preferences through the real route handlers; the fan-out to
// an organization's members honouring each one's in_app preference.
import { beforeAll, describe, expect, it } from "vitest";
import * as listRoute from "@/app/api/user/notifications/route";
import * as countRoute from "@/app/api/user/notifications/unread-count/route";
import * as markRoute from "@/app/api/user/notifications/mark-read/route";
import * as prefsRoute from "@/app/api/user/notifications/preferences/route";
import * as emailRoute from "@/app/api/user/me/email-preferences/route";
import { db } from "@/lib/db";
import { createInApp } from "@/lib/notifications/inbox";
import { notifyMembers } from "@/lib/notifications/notify-members";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, type TestUser } from "../factories";

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => { [alice, bob] = await Promise.all([createTestUser("notif-alice"), createTestUser("notif-bob")]); });

const U = "http://127.0.0.1:3000/api/user";
const list = (u: TestUser, q = "") => call(listRoute.GET, { url: `${U}/notifications${q}`, headers: bearer(u.sessionToken) });
const count = (u: TestUser) => call(countRoute.GET, { url: `${U}/notifications/unread-count`, headers: bearer(u.sessionToken) });
const mark = (u: TestUser, json?: unknown) => call(markRoute.POST, { method: "POST", url: `${U}/notifications/mark-read`, headers: bearer(u.sessionToken), ...(json === undefined ? {} : { json }) });
const prefs = (u: TestUser) => call(prefsRoute.GET, { url: `${U}/notifications/preferences`, headers: bearer(u.sessionToken) });
const patchPrefs = (u: TestUser, json: unknown) => call(prefsRoute.PATCH, { method: "PATCH", url: `${U}/notifications/preferences`, headers: bearer(u.sessionToken), json });

/** One credits.low, then n-1 issue.opened notifications (newest last). */
async function seed(u: TestUser, n: number) {
  await createInApp([u.userId], { type: "credits.low", category: "billing", title: "t", body: "b" });
  for (let i = 1; i < n; i++) await createInApp([u.userId], { type: "issue.opened", category: "monitoring", title: `issue ${i}`, body: "b", data: { i } });
}

describe("the in-app list", () => {
  it("lists newest first with meta, filters unread, counts and marks read (some, then all); another user's ids are ignored", async () => {
    const user = await createTestUser("notif-list");
    await seed(user, 4);
    await seed(bob, 1);
    const all = await list(user, "?limit=2");
    expect(all.res.status).toBe(200);
    expect(all.body.meta!).toMatchObject({ total: 4, limit: 2, hasMore: true });
    expect(all.body.data[0]).toMatchObject({ type: "issue.opened", category: "monitoring", title: "issue 3", data: { i: 3 }, readAt: null });
    expect((await count(user)).body.data).toEqual({ count: 4 });

    const [first] = all.body.data;
    const bobs = (await list(bob)).body.data[0].id;
    expect((await mark(user, { ids: [first.id, bobs] })).body.data).toEqual({ updated: 1 });
    expect((await count(bob)).body.data).toEqual({ count: 1 });
    expect((await list(user, "?unread=true")).body.meta!.total).toBe(3);
    expect((await list(user, "?unread=false")).body.meta!.total).toBe(4);
    expect((await mark(user)).body.data).toEqual({ updated: 3 });
    expect((await count(user)).body.data).toEqual({ count: 0 });
    expect((await list(user)).body.data.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(true);
  });

  it("refuses bad input with the envelope", async () => {
    for (const json of [{ ids: ["not-a-uuid"] }, { ids: [] }, { ids: "x" }, { extra: 1 }, { ids: Array(1001).fill(crypto.randomUUID()) }]) {
      const r = await mark(alice, json);
      expect(r.res.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await list(alice, "?unread=maybe")).res.status).toBe(400);
    expect((await list(alice, "?limit=%00")).res.status).toBe(400);
  });

  it("needs user scopes: an API key without user:write cannot mark read", async () => {
    const { key } = await createTestApiKey(alice, ["user:read"]);
    const r = await call(markRoute.POST, { method: "POST", url: `${U}/notifications/mark-read`, headers: apiKeyHeader(key) });
    expect(r.res.status).toBe(403);
    expect((await call(countRoute.GET, { url: `${U}/notifications/unread-count`, headers: apiKeyHeader(key) })).res.status).toBe(200);
  });
});

describe("preferences", () => {
  it("answers the full matrix with only the configurable channels, all on by default", async () => {
    const r = await prefs(alice);
    expect(r.res.status).toBe(200);
    const m = r.body.data;
    expect(Object.keys(m)).toHaveLength(19);
    expect(m["payment.failed"]).toEqual({ email: true, web_push: true, in_app: true });
    expect(m["seats.full"]).toEqual({ email: true, in_app: true });
    expect(m["issue.opened"]).toEqual({ in_app: true, web_push: true });
    expect(m["robots_txt.changed"]).toEqual({ email: true, web_push: true, in_app: true });
    expect(m["site_change.detected"]).toEqual({ in_app: true, web_push: true });
    expect(m["invite.sent"]).toEqual({});
    expect(m["security.2fa_changed"]).toEqual({});
  });

  it("updates configurable channels (audited); a channel not configurable for its type is a 400 and nothing changes", async () => {
    const user = await createTestUser("notif-prefs");
    const ok = await patchPrefs(user, { preferences: [{ type: "issue.opened", channel: "web_push", enabled: false }, { type: "credits.low", channel: "email", enabled: false }] });
    expect(ok.res.status).toBe(200);
    expect(ok.body.data["issue.opened"]).toEqual({ in_app: true, web_push: false });
    expect(ok.body.data["credits.low"]).toMatchObject({ email: false, in_app: true });
    expect(await db.auditLog.count({ where: { userId: user.userId, action: "notification_preferences_updated" as never } })).toBe(1);

    const bad = await patchPrefs(user, { preferences: [{ type: "issue.opened", channel: "in_app", enabled: false }, { type: "issue.opened", channel: "email", enabled: true }, { type: "security.email_changed", channel: "in_app", enabled: false }] });
    expect(bad.res.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    expect((bad.body.meta as { errors: { path: string }[] }).errors.map((e: { path: string }) => e.path)).toEqual(["preferences.1.channel", "preferences.2.channel"]);
    expect((await prefs(user)).body.data["issue.opened"]).toEqual({ in_app: true, web_push: false });

    for (const json of [{ preferences: [] }, { preferences: [{ type: "issue.closed", channel: "in_app", enabled: true }] }, { preferences: [{ type: "issue.opened", channel: "sms", enabled: true }] },
      { preferences: [{ type: "issue.opened", channel: "in_app", enabled: "yes" }] }, {}]) {
      expect((await patchPrefs(user, json)).res.status).toBe(400);
    }
  });
});

describe("fan-out to an organization's members", () => {
  it("writes one in-app notification per member whose in_app preference is on", async () => {
    const owner = await createTestUser("notif-owner");
    const quiet = await createTestUser("notif-quiet");
    await db.membership.create({ data: { organizationId: owner.organizationId, userId: quiet.userId, role: "member" } });
    await patchPrefs(quiet, { preferences: [{ type: "credits.low", channel: "in_app", enabled: false }] });
    const told = await notifyMembers(owner.organizationId, { type: "credits.low", title: "Credits low", body: "5 left", data: { balance: 5 } });
    expect(told.in_app).toBe(1);
    expect((await list(owner)).body.data[0]).toMatchObject({ type: "credits.low", category: "billing", title: "Credits low", data: { balance: 5 } });
    expect((await count(quiet)).body.data.count).toBe(0);
    // issue.opened for both (the quiet member turned only credits.low off).
    expect((await notifyMembers(owner.organizationId, { type: "issue.opened", title: "New issue", body: "3 URLs" })).in_app).toBe(2);
  });
});

describe("email preferences", () => {
  it("reads and sets the marketing opt-out", async () => {
    const user = await createTestUser("notif-email");
    const get = () => call(emailRoute.GET, { url: `${U}/me/email-preferences`, headers: bearer(user.sessionToken) });
    expect((await get()).body.data).toEqual({ marketingOptOut: false });
    const r = await call(emailRoute.PATCH, { method: "PATCH", url: `${U}/me/email-preferences`, headers: bearer(user.sessionToken), json: { marketingOptOut: true } });
    expect(r.body.data).toEqual({ marketingOptOut: true });
    expect((await get()).body.data).toEqual({ marketingOptOut: true });
    expect((await call(emailRoute.PATCH, { method: "PATCH", url: `${U}/me/email-preferences`, headers: bearer(user.sessionToken), json: { marketingOptOut: "no" } })).res.status).toBe(400);
  });
});
