import { systemCtx } from "@/lib/core/context";
import { db, Prisma, withTransaction } from "@/lib/db";
import { sendMail } from "@/lib/mail/send-mail";
import { appBaseUrl } from "@/lib/core/app-base-url";
import { layout } from "./email-templates";
import { projectLabel } from "./issue-notification";
import { getPreferences, wants } from "./preferences";
import { vapid } from "./push";

// issue.opened by email, as a digest: at most one mail per project and person an hour. The first opening
// after a quiet hour is mailed at once; what opens in the hour after it waits in notification_digests.pending
// and goes out as one mail when the hour is up (the `notifications-email-digest` cron, every five minutes).
// SPEC.md makes email not configurable for issue.opened, so the digest follows the person's issue.opened
// choices: whoever turned off both in-app and browser push for it gets no digest either (in-app alone where
// this server has no web push).
// Each state change holds the digest row's lock; a batch is taken (pending cleared) in the transaction
// that marks it sent, and mailed after: at most once, never twice.

export const DIGEST_WINDOW_MS = 3600_000;
export type DigestItem = { issueId: string; title: string; body: string; openedAt: string };

const KEY = (userId: string, projectId: string) => Prisma.sql`user_id = ${userId}::uuid AND project_id = ${projectId}::uuid AND type = 'issue.opened'::"NotificationType"`;

/** Who gets the digest for an organization's project: members who keep issue.opened on in-app or by push. */
async function recipients(organizationId: string) {
  const members = await db.membership.findMany({
    where: { organizationId, organization: { deletedAt: null }, user: { isActive: true } }, select: { userId: true, user: { select: { email: true } } },
  });
  const out: { userId: string; email: string }[] = [];
  // Without web push on this server the push choice is moot (the settings page shows it off): in-app decides.
  const pushAvailable = vapid() !== null;
  for (const m of members) {
    const prefs = await getPreferences(m.userId);
    if (wants(prefs, "issue.opened", "in_app") || (pushAvailable && wants(prefs, "issue.opened", "web_push"))) out.push({ userId: m.userId, email: m.user.email });
  }
  return out;
}

/** One issue.opened for the digest of every recipient: mailed now after a quiet hour, else queued. Answers how many were mailed now. */
export async function digestIssueOpened(organizationId: string, projectId: string, item: DigestItem, now = new Date()): Promise<number> {
  const project = await db.project.findFirst({ where: { id: projectId, organizationId }, select: { name: true, domain: true } });
  if (!project) return 0;
  let mailed = 0;
  for (const r of await recipients(organizationId)) {
    const sendNow = await withTransaction(systemCtx("digest"), async (ctx) => {
      const { tx } = ctx;
      await tx.$executeRaw`INSERT INTO notification_digests (user_id, project_id, type, pending, updated_at) VALUES (${r.userId}::uuid, ${projectId}::uuid, 'issue.opened', '[]', now()) ON CONFLICT DO NOTHING`;
      const [row] = await tx.$queryRaw<{ last_sent_at: Date | null; pending_since: Date | null }[]>(Prisma.sql`
        SELECT last_sent_at, pending_since FROM notification_digests WHERE ${KEY(r.userId, projectId)} FOR UPDATE`);
      const quiet = !row.pending_since && (!row.last_sent_at || now.getTime() - row.last_sent_at.getTime() >= DIGEST_WINDOW_MS);
      if (quiet) {
        await tx.$executeRaw(Prisma.sql`UPDATE notification_digests SET last_sent_at = ${now}, updated_at = now() WHERE ${KEY(r.userId, projectId)}`);
      } else {
        await tx.$executeRaw(Prisma.sql`
          UPDATE notification_digests SET pending = pending || ${JSON.stringify([item])}::jsonb, pending_since = COALESCE(pending_since, ${now}), updated_at = now()
          WHERE ${KEY(r.userId, projectId)}`);
      }
      return quiet;
    });
    if (sendNow && (await mailDigest(r.email, projectId, project, [item]))) mailed++;
  }
  return mailed;
}

/** Mails every digest whose hour is up (pending items, last mail an hour ago or more). Answers how many mails went. */
export async function sendDueDigests(now = new Date()): Promise<number> {
  const due = await withTransaction(systemCtx("digest"), async (ctx) => {
    const { tx } = ctx;
    const rows = await tx.$queryRaw<{ user_id: string; project_id: string; pending: DigestItem[] }[]>(Prisma.sql`
      SELECT user_id, project_id, pending FROM notification_digests
      WHERE type = 'issue.opened' AND pending_since IS NOT NULL AND (last_sent_at IS NULL OR last_sent_at <= ${new Date(now.getTime() - DIGEST_WINDOW_MS)})
      ORDER BY pending_since LIMIT 500 FOR UPDATE SKIP LOCKED`);
    for (const r of rows) {
      await tx.$executeRaw(Prisma.sql`UPDATE notification_digests SET pending = '[]', pending_since = NULL, last_sent_at = ${now}, updated_at = now() WHERE ${KEY(r.user_id, r.project_id)}`);
    }
    return rows;
  });
  let sent = 0;
  for (const d of due) {
    const [user, project] = await Promise.all([
      db.user.findUnique({ where: { id: d.user_id }, select: { email: true, isActive: true } }),
      db.project.findUnique({ where: { id: d.project_id }, select: { name: true, domain: true, deletedAt: true } }),
    ]);
    if (!user?.isActive || !project || project.deletedAt || !d.pending.length) continue;
    if (await mailDigest(user.email, d.project_id, project, d.pending)) sent++;
  }
  return sent;
}

async function mailDigest(to: string, projectId: string, project: { name: string; domain: string }, items: DigestItem[]): Promise<boolean> {
  const base = appBaseUrl();
  // Each item's title already names the project (issueOpenedNotification).
  const subject = items.length === 1 ? items[0].title : `${items.length} new issues on ${projectLabel(project)}`;
  const body = layout({
    heading: subject,
    paragraphs: items.map((i) => `${i.title}: ${i.body}`),
    action: { label: items.length === 1 ? "Open the issue" : "Open the issues", url: items.length === 1 ? `${base}/projects/${projectId}/issues/${items[0].issueId}` : `${base}/projects/${projectId}/issues` },
    footer: "At most one email an hour per project: what opens in between comes in the next one. Turn issue alerts off in your notification settings.",
    footerLink: { label: "Notification settings", url: `${base}/settings/notifications` },
  });
  try {
    await sendMail({ to, subject, ...body });
    return true;
  } catch (e) {
    console.error(`[notifications] could not mail the issue digest to ${to}`, e);
    return false;
  }
}
