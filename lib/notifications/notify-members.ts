import { db } from "@/lib/db";
import { sendMail } from "@/lib/mail/send-mail";
import { CHANNELS, NOTIFICATION_CATEGORY, type Channel } from "./channels";
import { renderNotificationEmail } from "./email-templates";
import { createInApp } from "./inbox";
import { getPreferences, wants } from "./preferences";
import { sendWebPush } from "./push";
import type { NotificationTypeValue } from "./types";

export type MemberNotification = { type: NotificationTypeValue; title: string; body: string; data?: Record<string, unknown> };
export type Delivered = Record<Channel, number>;

/** Tells every member of an organization on each channel their preferences allow. */
export async function notifyMembers(organizationId: string, n: MemberNotification): Promise<Delivered> {
  const members = await db.membership.findMany({ where: { organizationId, organization: { deletedAt: null }, user: { isActive: true } }, select: { userId: true } });
  return notifyUsers(members.map((m) => m.userId), organizationId, n);
}

/**
 * Tells these users (e.g. the member whose role changed) on each channel as their preferences allow: in-app,
 * by email (one template per type) and by web push. A channel that fails is logged; the others still go.
 */
export async function notifyUsers(userIds: string[], organizationId: string | null, n: MemberNotification): Promise<Delivered> {
  const to: Record<Channel, string[]> = { in_app: [], email: [], web_push: [] };
  for (const userId of userIds) {
    const prefs = await getPreferences(userId);
    for (const channel of CHANNELS) if (wants(prefs, n.type, channel)) to[channel].push(userId);
  }
  const inApp = await createInApp(to.in_app, { ...n, category: NOTIFICATION_CATEGORY[n.type], organizationId });
  const [email, push] = await Promise.all([
    mailUsers(to.email, n),
    sendWebPush(to.web_push, { type: n.type, title: n.title, body: n.body, data: n.data }).then((r) => r.sent, (e) => (console.error("[notifications] web push failed", e), 0)),
  ]);
  return { in_app: inApp, email, web_push: push };
}

async function mailUsers(userIds: string[], n: MemberNotification): Promise<number> {
  if (!userIds.length) return 0;
  const users = await db.user.findMany({ where: { id: { in: userIds }, isActive: true }, select: { email: true } });
  const mail = renderNotificationEmail(n);
  let sent = 0;
  for (const u of users) {
    try {
      await sendMail({ to: u.email, ...mail });
      sent++;
    } catch (e) {
      console.error(`[notifications] could not mail ${n.type} to ${u.email}`, e);
    }
  }
  return sent;
}
