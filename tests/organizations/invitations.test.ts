// Invitations through the real route handlers, the mail received by a real SMTP server: invite, the public
// view of the link, accept with the right address only, single use, expiry, revoke, resend (old link dead),
// the per-organization limit, and other organizations' ids.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as invitesRoute from "@/app/api/user/organizations/[organizationId]/invites/route";
import * as inviteRoute from "@/app/api/user/organizations/[organizationId]/invites/[inviteId]/route";
import * as resendRoute from "@/app/api/user/organizations/[organizationId]/invites/[inviteId]/resend/route";
import * as publicRoute from "@/app/api/invites/[token]/route";
import * as acceptRoute from "@/app/api/invites/[token]/accept/route";
import * as orgsRoute from "@/app/api/user/organizations/route";
import { db } from "@/lib/db";
import { createRateLimits, replaceRateLimits, storeFromEnv } from "@/lib/rate-limit/limiters";
import { policiesFromEnv } from "@/lib/rate-limit/config";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { apiKeyHeader, bearer, call } from "../http";
import { createTestApiKey, createTestUser, uniqueEmail, type TestUser } from "../factories";

let smtp: FakeSmtp;
let owner: TestUser;
let orgId: string;
const previousSmtp = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
  owner = await createTestUser("inv-owner");
  const r = await call(orgsRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/user/organizations", headers: bearer(owner.sessionToken), json: { name: "Agency Client" } });
  orgId = r.body.data.id;
});
afterAll(async () => {
  process.env.SMTP_URL = previousSmtp;
  await smtp.close();
});

const O = (org = orgId) => `http://127.0.0.1:3000/api/user/organizations/${org}`;
const as = (u: TestUser): Record<string, string> => bearer(u.sessionToken);
const invite = (json: unknown, headers = as(owner), org = orgId) => call(invitesRoute.POST, { method: "POST", url: `${O(org)}/invites`, headers, json, params: { organizationId: org } });
const list = (q = "", headers = as(owner), org = orgId) => call(invitesRoute.GET, { url: `${O(org)}/invites${q}`, headers, params: { organizationId: org } });
const revoke = (inviteId: string, headers = as(owner), org = orgId) => call(inviteRoute.DELETE, { method: "DELETE", url: `${O(org)}/invites/${inviteId}`, headers, params: { organizationId: org, inviteId } });
const resend = (inviteId: string, headers = as(owner), org = orgId) => call(resendRoute.POST, { method: "POST", url: `${O(org)}/invites/${inviteId}/resend`, headers, params: { organizationId: org, inviteId } });
const view = (token: string) => call(publicRoute.GET, { url: `http://127.0.0.1:3000/api/invites/${token}`, params: { token } });
const accept = (token: string, headers: Record<string, string>) => call(acceptRoute.POST, { method: "POST", url: `http://127.0.0.1:3000/api/invites/${token}/accept`, headers, params: { token } });

/** The token of the newest invitation mail to `email`. */
async function tokenFor(email: string, count = 1): Promise<string> {
  const mails = await smtp.waitFor(email, count);
  expect(mails.length).toBeGreaterThanOrEqual(count);
  const m = /\/invites\/([A-Za-z0-9_-]+)/.exec(mails[mails.length - 1].text);
  expect(m).not.toBeNull();
  return m![1];
}

describe("invitations", () => {
  it("invites by email: the mail reaches the SMTP server with the link, the link shows the invitation, the right person accepts once", async () => {
    const email = uniqueEmail("inv-bob");
    const r = await invite({ email: email.toUpperCase(), role: "admin" });
    expect(r.res.status).toBe(201);
    expect(r.body.data).toMatchObject({ email, role: "admin", status: "pending", sentCount: 1, invitedByEmail: owner.email });
    const [mail] = await smtp.waitFor(email);
    expect(mail.subject).toBe("Join Agency Client on IndexWatch");
    expect(mail.html).toContain("Accept the invitation");
    const token = await tokenFor(email);
    // Only the hash is stored.
    expect(JSON.stringify(await db.invitation.findUniqueOrThrow({ where: { id: r.body.data.id } }))).not.toContain(token);

    const pub = await view(token);
    expect(pub.res.status).toBe(200);
    expect(pub.body.data).toEqual({ organizationName: "Agency Client", inviterEmail: owner.email, role: "admin", expiresAt: r.body.data.expiresAt });

    const mallory = await createTestUser("inv-mallory");
    const wrong = await accept(token, as(mallory));
    expect(wrong.res.status).toBe(403);
    const bob = await db.user.create({ data: { email } });
    const bobSession = await db.session.create({ data: { userId: bob.id, sessionToken: `inv-${crypto.randomUUID()}`, expires: new Date(Date.now() + 3600_000) } });
    const ok = await accept(token, bearer(bobSession.sessionToken));
    expect(ok.res.status).toBe(200);
    expect(ok.body.data).toEqual({ organizationId: orgId, organizationName: "Agency Client", role: "admin" });
    expect(await db.membership.findUnique({ where: { organizationId_userId: { organizationId: orgId, userId: bob.id } } })).toMatchObject({ role: "admin" });
    // Used: the link is dead for everyone.
    expect((await accept(token, bearer(bobSession.sessionToken))).res.status).toBe(404);
    expect((await view(token)).res.status).toBe(404);
    expect((await list("?status=accepted")).body.data.map((i: { email: string }) => i.email)).toContain(email);
    // The inviter hears of it.
    expect(await db.notification.count({ where: { userId: owner.userId, type: "invite_accepted" } })).toBeGreaterThanOrEqual(1);
    expect(await db.auditLog.count({ where: { organizationId: orgId, action: { in: ["member_invited", "member_accepted"] }, targetId: r.body.data.id } })).toBe(2);
  });

  it("never turns the organization's name into a link in the mail (an invitation is mail to any address)", async () => {
    const name = `Prize: http://win-prize.example/claim <a href="https://evil.example">x</a> www.prize.example`;
    const org = (await call(orgsRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/user/organizations", headers: as(owner), json: { name } })).body.data.id;
    const email = uniqueEmail("inv-spam");
    await db.user.create({ data: { email } }); // an existing account also gets the invite.sent notification mail
    expect((await invite({ email, role: "member" }, as(owner), org)).res.status).toBe(201);
    const mails = await smtp.waitFor(email, 2);
    expect(mails).toHaveLength(2);
    for (const text of mails.flatMap((m) => [m.subject, m.text, m.html!])) {
      expect(text).not.toMatch(/https?:\/\/(win-prize|evil)|www\.prize\.example|evil\.example|win-prize\.example/);
    }
    const mail = mails.find((m) => m.subject.startsWith("Join "))!;
    expect(mail.subject).toBe("Join Prize: http[:]//win-prize[.]example/claim <a href=\"https[:]//evil[.]example\">x</a> www[.]prize[.]example on IndexWatch");
    expect(mail.html).not.toContain("<a href=\"https");
    // The only link is the invitation's own.
    expect([...mail.html!.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).every((h) => h.startsWith("http://127.0.0.1:3000/invites/") || h.includes("/invites/"))).toBe(true);
  });

  it("lets one of two concurrent accepts win", async () => {
    const email = uniqueEmail("inv-race");
    await invite({ email, role: "member" });
    const token = await tokenFor(email);
    const user = await db.user.create({ data: { email } });
    const s = await db.session.create({ data: { userId: user.id, sessionToken: `inv-${crypto.randomUUID()}`, expires: new Date(Date.now() + 3600_000) } });
    const both = await Promise.all([accept(token, bearer(s.sessionToken)), accept(token, bearer(s.sessionToken))]);
    expect(both.map((r) => r.res.status).sort()).toEqual([200, 404]);
  });

  it("expires after seven days, and an expired invitation no longer holds the address", async () => {
    const email = uniqueEmail("inv-expired");
    const r = await invite({ email, role: "member" });
    const token = await tokenFor(email);
    await db.invitation.update({ where: { id: r.body.data.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await view(token)).res.status).toBe(404);
    expect((await list("?status=expired")).body.data.map((i: { id: string }) => i.id)).toContain(r.body.data.id);
    expect((await invite({ email, role: "member" })).res.status).toBe(201);
  });

  it("revokes (link dead) and resends (new link, old one dead)", async () => {
    const email = uniqueEmail("inv-resend");
    const r = await invite({ email, role: "member" });
    const first = await tokenFor(email);
    const again = await resend(r.body.data.id);
    expect(again.body.data).toMatchObject({ sentCount: 2, status: "pending" });
    const second = await tokenFor(email, 2);
    expect(second).not.toBe(first);
    expect((await view(first)).res.status).toBe(404);
    expect((await view(second)).res.status).toBe(200);
    expect((await revoke(r.body.data.id)).body.data).toMatchObject({ status: "revoked" });
    expect((await view(second)).res.status).toBe(404);
    expect((await resend(r.body.data.id)).res.status).toBe(409);
  });

  it("refuses duplicates, members, owners by invitation, bad input; members cannot invite; other organizations' ids are 404", async () => {
    const email = uniqueEmail("inv-dup");
    expect((await invite({ email, role: "member" })).res.status).toBe(201);
    expect((await invite({ email, role: "admin" })).res.status).toBe(409);
    expect((await invite({ email: owner.email, role: "member" })).res.status).toBe(409);
    for (const json of [{ email, role: "owner" }, { email: "not-an-email", role: "member" }, { email: `${"a".repeat(250)}@x.io`, role: "member" }, { role: "member" }, { email, role: "member", x: 1 }]) {
      expect((await invite(json)).res.status).toBe(400);
    }
    const m = await createTestUser("inv-plain-member");
    await db.membership.create({ data: { organizationId: orgId, userId: m.userId, role: "member" } });
    const denied = await invite({ email: uniqueEmail("inv-x"), role: "member" }, as(m));
    expect(denied.res.status).toBe(403);
    expect(denied.body.meta).toMatchObject({ missingPermission: "invites.manage" });
    expect((await list("", as(m))).res.status).toBe(200);

    const outsider = await createTestUser("inv-outsider");
    const someId = (await list()).body.data[0].id;
    expect((await revoke(someId, as(outsider), outsider.organizationId)).res.status).toBe(404);
    expect((await resend(someId, as(outsider), outsider.organizationId)).res.status).toBe(404);
    expect((await list("", as(outsider), orgId)).res.status).toBe(404);
    for (const token of ["x", "a".repeat(200), "../../etc", "%00"]) expect((await view(token)).res.status).toBe(404);
  });

  it("accepts with a session only, not an API key", async () => {
    const email = uniqueEmail("inv-key");
    await invite({ email, role: "member" });
    const token = await tokenFor(email);
    const holder = await createTestUser("inv-key-holder");
    const key = await createTestApiKey(holder, ["user:write"]);
    expect((await accept(token, apiKeyHeader(key.key))).res.status).toBe(403);
    expect((await accept(token, {})).res.status).toBe(401);
  });

  it("limits invitations per organization per day (429 with Retry-After), a refused one costs nothing", async () => {
    const u = await createTestUser("inv-limited");
    const r = await call(orgsRoute.POST, { method: "POST", url: "http://127.0.0.1:3000/api/user/organizations", headers: as(u), json: { name: "Limited" } });
    const org = r.body.data.id;
    await replaceRateLimits(createRateLimits(storeFromEnv(), { ...policiesFromEnv(), invitations: { points: 2, duration: 86_400 } }, `inv-test-${Date.now()}`));
    try {
      expect((await invite({ email: uniqueEmail("l1"), role: "member" }, as(u), org)).res.status).toBe(201);
      expect((await invite({ email: u.email, role: "member" }, as(u), org)).res.status).toBe(409); // a member: not counted
      expect((await invite({ email: uniqueEmail("l2"), role: "member" }, as(u), org)).res.status).toBe(201);
      const third = await invite({ email: uniqueEmail("l3"), role: "member" }, as(u), org);
      expect(third.res.status).toBe(429);
      expect(third.body.code).toBe("RATE_LIMITED");
      expect(Number(third.res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await db.invitation.count({ where: { organizationId: org } })).toBe(2);
    } finally {
      await replaceRateLimits(undefined);
    }
  });
});
