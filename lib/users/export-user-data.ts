import { db } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { auditActionValue } from "@/lib/audit-log/actions";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { notificationTypeValue } from "@/lib/notifications/types";
import { getMe } from "./get-me";

/** GDPR export: every datum held about the user, secrets excluded (key hashes, session tokens). */
export async function exportUserData(ctx: Ctx) {
  if (ctx.actor.type === "system") throw new DomainError("FORBIDDEN", "Only a user can export data");
  const userId = ctx.actor.userId;
  const [profile, memberships, apiKeys, audit, notifications, preferences, pushTargets, sessions] = await Promise.all([
    getMe(userId),
    db.membership.findMany({ where: { userId }, include: { organization: { select: { id: true, name: true, slug: true, personal: true, creditBalance: true, createdAt: true } } } }),
    db.apiKey.findMany({ where: { createdByUserId: userId }, orderBy: { createdAt: "asc" } }),
    db.auditLog.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.notification.findMany({ where: { userId }, orderBy: { createdAt: "asc" } }),
    db.notificationPreference.findMany({ where: { userId } }),
    db.pushTarget.findMany({ where: { userId } }),
    db.session.findMany({ where: { userId }, select: { id: true, createdAt: true, expires: true } }),
  ]);
  await recordAudit({ ...auditActor(ctx), action: "data.exported", target: { type: "user", id: userId } });
  return {
    exportedAt: new Date().toISOString(),
    profile,
    memberships: memberships.map((m) => ({
      organizationId: m.organizationId, role: m.role, joinedAt: m.createdAt.toISOString(),
      organization: { ...m.organization, createdAt: m.organization.createdAt.toISOString() },
    })),
    apiKeys: apiKeys.map((k) => ({
      id: k.id, name: k.name, start: k.start, organizationId: k.organizationId, scopes: k.scopes, enabled: k.enabled,
      metadata: k.metadata, createdAt: k.createdAt.toISOString(), expiresAt: iso(k.expiresAt), lastUsedAt: iso(k.lastUsedAt),
    })),
    sessions: sessions.map((s) => ({ id: s.id, createdAt: s.createdAt.toISOString(), expires: s.expires.toISOString() })),
    auditLog: audit.map((a) => ({
      id: a.id, timestamp: a.createdAt.toISOString(), action: auditActionValue(a.action), organizationId: a.organizationId,
      ipAddress: a.ipAddress, userAgent: a.userAgent, success: a.success, metadata: a.metadata,
    })),
    notifications: notifications.map((n) => ({
      id: n.id, type: notificationTypeValue(n.type), category: n.category, title: n.title, body: n.body, data: n.data,
      readAt: iso(n.readAt), createdAt: n.createdAt.toISOString(),
    })),
    notificationPreferences: preferences.map((p) => ({ type: notificationTypeValue(p.type), channel: p.channel, enabled: p.enabled })),
    pushTargets: pushTargets.map((t) => ({ id: t.id, endpoint: t.endpoint, createdAt: t.createdAt.toISOString() })),
    emailPreferences: profile.emailPreferences,
  };
}
