import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { GET as me, DELETE as deleteMe } from "@/app/api/user/me/route";
import { GET as exportMe } from "@/app/api/user/me/export/route";
import { GET as history } from "@/app/api/user/me/login-history/route";
import { GET as orgs } from "@/app/api/user/organizations/route";
import { authOptions } from "@/lib/sign-in/next-auth";
import { requestInfoStore } from "@/lib/auth/request-info";
import { purgeDeletedAccounts } from "@/lib/users/account-deletion";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestProject, createTestUser, uniqueEmail } from "../factories";
import { insertTrackedUrls } from "@/lib/urls/insert-tracked-urls";
import { systemCtx } from "@/lib/core/context";

const DAY = 86_400_000;

describe("first sign-in through next-auth", () => {
  it("creates the user, a personal organization owned by them and the free credits in the ledger", async () => {
    const email = uniqueEmail("signup");
    const request = { ipAddress: "203.0.113.9", userAgent: "Firefox/140" };
    const user = await requestInfoStore.run(request, () => authOptions.adapter!.createUser!({ email, emailVerified: new Date() } as never));
    const m = await db.membership.findFirstOrThrow({ where: { userId: user.id }, include: { organization: true } });
    expect(m.role).toBe("owner");
    expect(m.organization.personal).toBe(true);
    expect(m.organization.creditBalance).toBe(100);
    const ledger = await db.creditLedgerEntry.findMany({ where: { organizationId: m.organizationId } });
    expect(ledger).toEqual([expect.objectContaining({ kind: "grant", amount: 100, balanceAfter: 100 })]);
    await requestInfoStore.run(request, () => authOptions.events!.signIn!({ user, account: null, isNewUser: true } as never));
    const audit = await db.auditLog.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["user_created", "organization_created", "auth_login"]));
    const login = audit.find((a) => a.action === "auth_login")!;
    expect(login).toMatchObject({ ipAddress: "203.0.113.9", userAgent: "Firefox/140", success: true });
    const u = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(u.lastLoginAt).not.toBeNull();
  });
});

describe("sign-in callback", () => {
  it("lets a new email through (next-auth passes the email as id) and refuses a deactivated account", async () => {
    const email = uniqueEmail("newcomer");
    expect(await authOptions.callbacks!.signIn!({ user: { id: email, email } } as never)).toBe(true);
    const u = await createTestUser("inactive");
    await db.user.update({ where: { id: u.userId }, data: { isActive: false } });
    expect(await authOptions.callbacks!.signIn!({ user: { id: u.userId, email: u.email.toUpperCase() } } as never)).toBe(false);
    expect(await db.auditLog.count({ where: { userId: u.userId, action: "auth_login_failed" } })).toBe(1);
  });
});

describe("GET /api/user/me and organizations", () => {
  it("answers the User shape exactly", async () => {
    const u = await createTestUser("me");
    const { body } = await call(me, { headers: bearer(u.sessionToken) });
    expect(Object.keys(body.data).sort()).toEqual(["createdAt", "email", "emailPreferences", "id", "isActive", "isVerified", "lastLoginAt", "organizationCount", "role", "twoFactorEnabled", "updatedAt", "verifiedAt"]);
    expect(body.data).toMatchObject({ id: u.userId, email: u.email, isVerified: true, isActive: true, organizationCount: 1, role: "user", twoFactorEnabled: false, emailPreferences: { marketingOptOut: false } });
    const o = await call(orgs, { headers: bearer(u.sessionToken) });
    expect(o.body.data).toEqual([expect.objectContaining({ id: u.organizationId, role: "owner", creditBalance: 100, personal: true })]);
  });
});

describe("account deletion lifecycle", () => {
  it("schedules deletion 30 days out, revokes sessions and keys; signing in again cancels it", async () => {
    const u = await createTestUser("leaver");
    const { key } = await createTestApiKey(u, ["user:read"]);
    const t0 = Date.now();
    const { res, body } = await call(deleteMe, { method: "DELETE", headers: bearer(u.sessionToken) });
    expect(res.status).toBe(200);
    const at = Date.parse(body.data.deletionScheduledFor);
    expect(at - t0).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(at - t0).toBeLessThanOrEqual(30 * DAY + 5000);
    expect(body.data.message).toMatch(/permanently deleted/);
    expect((await call(me, { headers: bearer(u.sessionToken) })).res.status).toBe(401);
    expect((await call(me, { headers: apiKeyHeader(key) })).res.status).toBe(401);
    expect(await db.apiKey.count({ where: { createdByUserId: u.userId } })).toBe(0);

    const user = { id: u.userId, email: u.email };
    expect(await authOptions.callbacks!.signIn!({ user } as never)).toBe(true);
    await authOptions.events!.signIn!({ user, account: null } as never);
    const after = await db.user.findUniqueOrThrow({ where: { id: u.userId } });
    expect(after.deletionScheduledFor).toBeNull();
    const actions = (await db.auditLog.findMany({ where: { userId: u.userId } })).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["user_deletion_requested", "user_deletion_cancelled"]));
  });

  it("after the grace period sign-in is refused and the purge deletes the user and their organization", async () => {
    const u = await createTestUser("gone");
    const stay = await createTestUser("stays");
    await call(deleteMe, { method: "DELETE", headers: bearer(u.sessionToken) });
    await call(deleteMe, { method: "DELETE", headers: bearer(stay.sessionToken) });
    await db.user.update({ where: { id: u.userId }, data: { deletionScheduledFor: new Date(Date.now() - 1000) } });
    expect(await authOptions.callbacks!.signIn!({ user: { id: u.userId, email: u.email } } as never)).toBe(false);
    const report = await purgeDeletedAccounts(new Date());
    expect(report.failures).toEqual([]);
    expect(await db.user.findUnique({ where: { id: u.userId } })).toBeNull();
    expect(await db.organization.findUnique({ where: { id: u.organizationId } })).toBeNull();
    expect(await db.user.findUnique({ where: { id: stay.userId } })).not.toBeNull();
    expect((await purgeDeletedAccounts(new Date())).failures).toEqual([]);
  });

  it("purges an organization with a project and its tracked URLs (the counters' triggers do not write for the deleted project)", async () => {
    const u = await createTestUser("gone-with-urls");
    const project = await createTestProject(u);
    await insertTrackedUrls(systemCtx("test"), { project: { id: project.id, organizationId: u.organizationId, automatedInspectionsEnabled: false }, source: "manual",
      rows: { urls: [`https://${project.domain}/a`, `https://${project.domain}/b`] }, now: new Date() });
    expect(await db.websiteStats.findUnique({ where: { projectId: project.id } })).toMatchObject({ totalUrls: 2 });
    // The link graph's facts and the diagnosis' causes of a URL go with it (their own cascade trigger).
    await db.$executeRaw`INSERT INTO url_facts (tracked_url_id, project_id, discovered_at, inlinks, orphan)
      SELECT id, project_id, discovered_at, 0, true FROM tracked_urls WHERE project_id = ${project.id}::uuid`;
    await db.$executeRaw`INSERT INTO url_causes (tracked_url_id, project_id, discovered_at, engine_a_cause)
      SELECT id, project_id, discovered_at, 'orphan' FROM tracked_urls WHERE project_id = ${project.id}::uuid`;
    await call(deleteMe, { method: "DELETE", headers: bearer(u.sessionToken) });
    await db.user.update({ where: { id: u.userId }, data: { deletionScheduledFor: new Date(Date.now() - 1000) } });
    const report = await purgeDeletedAccounts(new Date());
    expect(report.failures).toEqual([]);
    expect(await db.organization.findUnique({ where: { id: u.organizationId } })).toBeNull();
    expect(await db.trackedUrl.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.websiteStats.findUnique({ where: { projectId: project.id } })).toBeNull();
    expect(await db.urlFacetCount.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.$queryRaw`SELECT 1 FROM url_facts WHERE project_id = ${project.id}::uuid`).toEqual([]);
    expect(await db.$queryRaw`SELECT 1 FROM url_causes WHERE project_id = ${project.id}::uuid`).toEqual([]);
  });
});

describe("export and login history", () => {
  it("exports every datum we hold, without secrets, and records data.exported", async () => {
    const u = await createTestUser("export");
    const { key } = await createTestApiKey(u, ["user:read"], { name: "exported key" });
    await db.notification.create({ data: { userId: u.userId, type: "credits_low", category: "billing", title: "Low credits", body: "Top up" } });
    await db.notificationPreference.create({ data: { userId: u.userId, type: "issue_opened", channel: "web_push", enabled: false } });
    await db.pushTarget.create({ data: { userId: u.userId, endpoint: `https://push.example/${crypto.randomUUID()}`, p256dh: "p", auth: "a" } });
    const { res, body } = await call(exportMe, { headers: apiKeyHeader(key) });
    expect(res.status).toBe(200);
    const d = body.data;
    expect(d.profile).toMatchObject({ id: u.userId, email: u.email });
    expect(d.memberships).toEqual([expect.objectContaining({ organizationId: u.organizationId, role: "owner" })]);
    expect(d.apiKeys).toEqual([expect.objectContaining({ name: "exported key", scopes: ["user:read"] })]);
    expect(d.notifications).toEqual([expect.objectContaining({ type: "credits.low", title: "Low credits", readAt: null })]);
    expect(d.notificationPreferences).toEqual([{ type: "issue.opened", channel: "web_push", enabled: false }]);
    expect(d.pushTargets).toHaveLength(1);
    expect(d.sessions).toHaveLength(1);
    expect(d.auditLog.map((a: { action: string }) => a.action)).toEqual(expect.arrayContaining(["user.created", "api_key.created"]));
    const text = JSON.stringify(body);
    const keyRow = await db.apiKey.findFirstOrThrow({ where: { createdByUserId: u.userId }, omit: { keyHash: false } });
    for (const secret of [key, keyRow.keyHash, u.sessionToken]) expect(text).not.toContain(secret);
    expect(await db.auditLog.count({ where: { userId: u.userId, action: "data_exported" } })).toBe(1);
  });

  it("login history is paginated, newest first, and only the user's own", async () => {
    const u = await createTestUser("history");
    const other = await createTestUser("history-other");
    for (let i = 0; i < 3; i++) {
      await authOptions.events!.signIn!({ user: { id: u.userId, email: u.email }, account: null } as never);
    }
    await authOptions.events!.signIn!({ user: { id: other.userId, email: other.email }, account: null } as never);
    const page1 = await call(history, { headers: bearer(u.sessionToken), url: "http://x/api?limit=2" });
    expect(page1.body.meta).toEqual({ total: 4, offset: 0, limit: 2, hasMore: true });
    expect(page1.body.data.map((e: { action: string }) => e.action)).toEqual(["auth.login", "auth.login"]);
    const page2 = await call(history, { headers: bearer(u.sessionToken), url: "http://x/api?limit=2&offset=2" });
    expect(page2.body.data.map((e: { action: string }) => e.action)).toEqual(["auth.login", "user.created"]);
    const all = [...page1.body.data, ...page2.body.data];
    expect(all.map((e: { timestamp: string }) => e.timestamp)).toEqual([...all.map((e: { timestamp: string }) => e.timestamp)].sort().reverse());
    expect(Object.keys(all[0]).sort()).toEqual(["action", "id", "ipAddress", "metadata", "success", "timestamp", "userAgent"]);
  });
});
