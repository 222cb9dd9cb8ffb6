import { db } from "@/lib/db";
import { NOTIFICATION_CATEGORY } from "./channels";
import { createInApp } from "./inbox";
import { getPreferences, wants } from "./preferences";
import type { NotificationTypeValue } from "./types";

export type MemberNotification = { type: NotificationTypeValue; title: string; body: string; data?: Record<string, unknown> };

/**
 * Tells every member of an organization, in-app, as each one's preferences allow. Answers how many were told.
 * (Email and web push are the next channels to fan out to; see the README.)
 */
export async function notifyMembers(organizationId: string, n: MemberNotification): Promise<number> {
  const members = await db.membership.findMany({ where: { organizationId, organization: { deletedAt: null }, user: { isActive: true } }, select: { userId: true } });
  return notifyUsers(members.map((m) => m.userId), organizationId, n);
}

/** Tells these users (e.g. the member whose role changed), as each one's preferences allow. */
export async function notifyUsers(userIds: string[], organizationId: string | null, n: MemberNotification): Promise<number> {
  const inApp: string[] = [];
  for (const userId of userIds) if (wants(await getPreferences(userId), n.type, "in_app")) inApp.push(userId);
  return createInApp(inApp, { ...n, category: NOTIFICATION_CATEGORY[n.type], organizationId });
}
