// Email through nodemailer to a real SMTP server on 127.0.0.1: the fan-out honouring each member's email
// preference, types that are always mailed, one template per type (text and HTML, escaped), marketing mail
// honouring the opt-out with its unsubscribe link and one-click headers, and the hourly issue digest.
import webpush from "web-push";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import * as unsubscribeRoute from "@/app/api/email/unsubscribe/route";
import * as prefsRoute from "@/app/api/user/notifications/preferences/route";
import { notifyIssueOpenedFn, sendIssueDigestsFn } from "@/inngest/functions/notifications/notify-in-app";
import { db, Prisma } from "@/lib/db";
import { runInProcess } from "@/lib/jobs/in-process-runner";
import { digestIssueOpened, DIGEST_WINDOW_MS, sendDueDigests } from "@/lib/notifications/digest";
import { renderNotificationEmail } from "@/lib/notifications/email-templates";
import { sendMarketingMail, unsubscribeToken } from "@/lib/notifications/marketing-mail";
import { notifyMembers, notifyUsers } from "@/lib/notifications/notify-members";
import { NOTIFICATION_TYPES } from "@/lib/notifications/types";
import { sendSignInEmail } from "@/lib/sign-in/send-sign-in-email";
import { startFakeSmtp, type FakeSmtp } from "../fakes/smtp-server";
import { bearer, call } from "../http";
import { createTestProject, createTestUser, type TestUser } from "../factories";
import { holdingOthers, runUnderInngest } from "../inngest-engine";

let smtp: FakeSmtp;
const previous = process.env.SMTP_URL;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  process.env.SMTP_URL = smtp.url;
});
afterAll(async () => {
  process.env.SMTP_URL = previous;
  await smtp.close();
});

const turnOff = (u: TestUser, type: string, channel: string) =>
  call(prefsRoute.PATCH, { method: "PATCH", url: "http://127.0.0.1:3000/api/user/notifications/preferences", headers: bearer(u.sessionToken), json: { preferences: [{ type, channel, enabled: false }] } });

async function teamOf(n: number) {
  const owner = await createTestUser("mail-owner");
  const others: TestUser[] = [];
  for (let i = 1; i < n; i++) {
    const u = await createTestUser(`mail-member-${i}`);
    await db.membership.create({ data: { organizationId: owner.organizationId, userId: u.userId, role: "member" } });
    others.push(u);
  }
  return [owner, ...others];
}

describe("email notifications", () => {
  it("mail the members whose email preference is on, with text and HTML parts", async () => {
    const [owner, quiet] = await teamOf(2);
    await turnOff(quiet, "credits.low", "email");
    const told = await notifyMembers(owner.organizationId, { type: "credits.low", title: "Inspection credits are running low", body: "5 left.", data: { balance: 5 } });
    expect(told).toMatchObject({ email: 1, in_app: 2 });
    const [mail] = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe("Inspection credits are running low");
    expect(mail.text).toContain("5 left.");
    expect(mail.html).toContain("<h1");
    expect(mail.text).toContain("/settings/notifications");
    expect(smtp.to(quiet.email)).toHaveLength(0);
  });

  it("always mail types with nothing to configure (security.*, invite.sent), whatever is set", async () => {
    const [u] = await teamOf(1);
    await notifyUsers([u.userId], null, { type: "security.email_changed", title: "Your email address changed", body: "If this was not you, contact support." });
    const [mail] = await smtp.waitFor(u.email);
    expect(mail.subject).toBe("Security: Your email address changed");
  });

  it("render every type, escaping what comes from data", () => {
    for (const type of NOTIFICATION_TYPES) {
      const m = renderNotificationEmail({ type, title: `<script>alert(1)</script> ${type}`, body: "a & b", data: { projectId: "p1", issueId: "i1" } });
      expect(m.subject.length).toBeGreaterThan(0);
      expect(m.html).not.toContain("<script>");
      expect(m.html).toContain("&#60;script&#62;");
      expect(m.html).toContain("a &#38; b");
      expect(m.text).toContain("a & b");
    }
    expect(renderNotificationEmail({ type: "issue.opened", title: "t", body: "b", data: { projectId: "p1", issueId: "i1" } }).text).toContain("/projects/p1/issues/i1");
  });

  it("send the sign-in link through the same mailer", async () => {
    const email = `signin-${Date.now()}@example.test`;
    await sendSignInEmail({ to: email, url: "http://127.0.0.1:3000/api/auth/callback/email?token=abc" });
    const [mail] = await smtp.waitFor(email);
    expect(mail.text).toContain("token=abc");
  });
});

describe("marketing mail", () => {
  it("carries an unsubscribe link and one-click headers, and stops once the person unsubscribes", async () => {
    const [u] = await teamOf(1);
    expect(await sendMarketingMail(u.userId, { subject: "New: time to index", heading: "Time to index", paragraphs: ["See how fast pages get indexed."] })).toBe(true);
    const [mail] = await smtp.waitFor(u.email);
    const head = mail.raw.split("\r\n\r\n")[0].replace(/\r\n[ \t]+/g, " "); // unfolded header lines
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:3000\/api\/email\/unsubscribe\?token=[^>]+>$/m);
    expect(mail.text).toContain("/unsubscribe?token=");

    const token = unsubscribeToken(u.userId);
    const forged = `${u.userId}.${"A".repeat(43)}`;
    const post = (t: string) => call(unsubscribeRoute.POST, { method: "POST", url: `http://127.0.0.1:3000/api/email/unsubscribe?token=${encodeURIComponent(t)}` });
    expect((await post(forged)).res.status).toBe(404);
    expect((await post("nonsense")).res.status).toBe(404);
    expect((await post(unsubscribeToken(crypto.randomUUID()))).res.status).toBe(404);
    expect((await post(token)).body.data).toEqual({ marketingOptOut: true });
    expect(await sendMarketingMail(u.userId, { subject: "Another", heading: "x", paragraphs: ["y"] })).toBe(false);
    expect(smtp.to(u.email)).toHaveLength(1);
  });
});

/** Web push configured for the rest of the test (tests/setup-env.ts undoes environment changes per file). */
function withWebPush() {
  const keys = webpush.generateVAPIDKeys();
  process.env.VAPID_PUBLIC_KEY = keys.publicKey;
  process.env.VAPID_PRIVATE_KEY = keys.privateKey;
  onTestFinished(() => {
    delete process.env.VAPID_PUBLIC_KEY;
    delete process.env.VAPID_PRIVATE_KEY;
  });
}

describe("the issue digest", () => {
  it("mails the first opening at once, batches the hour's others into one mail, and sends nothing twice", async () => {
    withWebPush();
    const [owner, pushOnly, silent] = await teamOf(3);
    await turnOff(pushOnly, "issue.opened", "in_app");
    await turnOff(silent, "issue.opened", "in_app");
    await turnOff(silent, "issue.opened", "web_push");
    const project = await createTestProject(owner, { domain: `digest-${Date.now()}.example` });
    const t0 = new Date(Date.now() - 2 * DIGEST_WINDOW_MS);
    const item = (i: number) => ({ issueId: crypto.randomUUID(), title: `New issue ${i}`, body: `${i} URLs affected.`, openedAt: t0.toISOString() });

    expect(await digestIssueOpened(owner.organizationId, project.id, item(1), t0)).toBe(2); // owner and pushOnly; not silent
    await digestIssueOpened(owner.organizationId, project.id, item(2), new Date(t0.getTime() + 60_000));
    await digestIssueOpened(owner.organizationId, project.id, item(3), new Date(t0.getTime() + 120_000));
    expect(smtp.to(owner.email)).toHaveLength(1);
    expect(smtp.to(silent.email)).toHaveLength(0);

    // The digest cron is global: the database may hold other tests' (or earlier runs') due digests, so what is
    // asserted is this project's digests and mails, not the number sent in all.
    const pendingOf = async (u: { userId: string }) =>
      ((await db.notificationDigest.findUniqueOrThrow({ where: { userId_projectId_type: { userId: u.userId, projectId: project.id, type: "issue_opened" } } })).pending as unknown[]).length;

    // Not yet an hour after the first mail: nothing.
    await sendDueDigests(new Date(t0.getTime() + DIGEST_WINDOW_MS - 1000));
    expect(smtp.to(owner.email)).toHaveLength(1);
    expect(await pendingOf(owner)).toBe(2);
    const due = new Date(t0.getTime() + DIGEST_WINDOW_MS);
    expect(await sendDueDigests(due)).toBeGreaterThanOrEqual(2);
    const mails = await smtp.waitFor(owner.email, 2);
    expect(mails[1].subject).toBe(`2 new issues on ${project.domain}`);
    expect(mails[1].text).toContain("New issue 2");
    expect(mails[1].text).toContain("New issue 3");
    expect(await smtp.waitFor(pushOnly.email, 2)).toHaveLength(2);
    expect(await pendingOf(owner)).toBe(0);
    // A second run sends nothing more.
    await sendDueDigests(due);
    expect(smtp.to(owner.email)).toHaveLength(2);
    expect(smtp.to(pushOnly.email)).toHaveLength(2);
  });

  it("on a server without web push, follows the in-app choice alone (the settings page shows push off there)", async () => {
    const [owner, pushOnly] = await teamOf(2);
    await turnOff(pushOnly, "issue.opened", "in_app"); // push stays on in the stored preferences
    const project = await createTestProject(owner, { domain: `digest-nopush-${Date.now()}.example` });
    const item = { issueId: crypto.randomUUID(), title: "New issue", body: "1 URL affected.", openedAt: new Date().toISOString() };
    expect(await digestIssueOpened(owner.organizationId, project.id, item)).toBe(1);
    expect(smtp.to(pushOnly.email)).toHaveLength(0);
  });

  it("keeps every one of 20 concurrent openings, in one batch", async () => {
    const [owner] = await teamOf(1);
    const project = await createTestProject(owner, { domain: `digest-race-${Date.now()}.example` });
    const t0 = new Date(Date.now() - 3 * DIGEST_WINDOW_MS);
    await digestIssueOpened(owner.organizationId, project.id, { issueId: crypto.randomUUID(), title: "First", body: "1", openedAt: t0.toISOString() }, t0);
    await Promise.all(Array.from({ length: 20 }, (_, i) =>
      digestIssueOpened(owner.organizationId, project.id, { issueId: crypto.randomUUID(), title: `Race ${i}`, body: "x", openedAt: t0.toISOString() }, new Date(t0.getTime() + 1000))));
    const row = await db.notificationDigest.findUniqueOrThrow({ where: { userId_projectId_type: { userId: owner.userId, projectId: project.id, type: "issue_opened" } } });
    expect((row.pending as unknown[]).length).toBe(20);
    expect(await sendDueDigests(new Date(t0.getTime() + DIGEST_WINDOW_MS))).toBeGreaterThanOrEqual(1); // global cron: see above
    const mails = await smtp.waitFor(owner.email, 2);
    expect(mails[1].subject).toBe(`20 new issues on ${project.domain}`);
  });
});

describe("an issue opening, as people read it", () => {
  it("names the project (its name and domain) in the in-app notification (the push title too) and the digest mail", async () => {
    const [owner] = await teamOf(1);
    const domain = `named-${Date.now()}.example`;
    const project = await createTestProject(owner, { domain });
    await db.project.update({ where: { id: project.id }, data: { name: "Acme Outdoor" } });
    const issue = await db.issue.create({
      data: { organizationId: owner.organizationId, projectId: project.id, type: "broken_link", severity: "warning", severityRank: 2, status: "open", affectedUrlCount: 12, sampleUrls: [], firstDetectedAt: new Date(), lastDetectedAt: new Date() },
    });
    const data = {
      organizationId: owner.organizationId, projectId: project.id, issueId: issue.id, issueType: "broken_link", severity: "warning",
      affectedUrlCount: 12, reopened: false, openedAt: new Date().toISOString(),
    };
    await runInProcess(notifyIssueOpenedFn, { name: "issue.opened", data, id: crypto.randomUUID(), ts: Date.now() }, { emit: async () => [] });

    const [note] = await db.notification.findMany({ where: { userId: owner.userId, type: "issue_opened" } });
    expect(note.title).toBe(`Acme Outdoor (${domain}): new issue, Broken pages (4xx)`);
    expect(note.body).toBe(`12 URLs of ${domain} affected (warning).`);
    const [mail] = await smtp.waitFor(owner.email, 1);
    expect(mail.subject).toBe(note.title);
    expect(mail.text).toContain(`12 URLs of ${domain} affected`);
  });
});

describe("the digest function under Inngest (step results through JSON)", () => {
  it("mails a digest whose hour is up", async () => {
    const [owner] = await teamOf(1);
    const project = await createTestProject(owner, { domain: `digest-inngest-${Date.now()}.example` });
    const t0 = new Date(Date.now() - 2 * DIGEST_WINDOW_MS);
    const item = (i: number) => ({ issueId: crypto.randomUUID(), title: `Inngest issue ${i}`, body: `${i} URLs affected.`, openedAt: t0.toISOString() });
    await digestIssueOpened(owner.organizationId, project.id, item(1), t0);
    await digestIssueOpened(owner.organizationId, project.id, item(2), new Date(t0.getTime() + 60_000));
    expect(smtp.to(owner.email)).toHaveLength(1);
    // The cron is global: other suites' digests are held while it runs (tests/inngest-engine.ts, holdingOthers).
    const { result, error } = await holdingOthers(Prisma.sql`SELECT user_id FROM notification_digests WHERE project_id <> ${project.id}::uuid FOR UPDATE`, () => runUnderInngest(sendIssueDigestsFn));
    expect(error).toBeUndefined();
    if (!process.env.TEST_EMBEDDED_DB) expect(result).toBe(1);
    const mails = await smtp.waitFor(owner.email, 2);
    expect(mails[1].text).toContain("Inngest issue 2");
  });
});
