import { db, Prisma } from "@/lib/db";
import { userActorOrThrow, type Ctx } from "@/lib/core/context";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import type { NotificationResponse } from "./schemas";
import { notificationTypeValue } from "./types";

// The signed-in user's in-app notifications: always their own (the user id comes from the credential).

type Row = { id: string; type: string; category: NotificationResponse["category"]; title: string; body: string; data: Record<string, unknown> | null; readAt: Date | null; createdAt: Date };

const toResponse = (r: Row): NotificationResponse => ({
  id: r.id, type: notificationTypeValue(r.type), category: r.category, title: r.title, body: r.body, data: r.data,
  readAt: r.readAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString(),
});

export async function listNotifications(ctx: Ctx, q: Pagination & { unread?: "true" | "false" }) {
  const { userId } = userActorOrThrow(ctx);
  const where = { userId, ...(q.unread === "true" ? { readAt: null } : {}) };
  const [rows, total] = await Promise.all([
    db.notification.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip: q.offset, take: q.limit }),
    db.notification.count({ where }),
  ]);
  return { data: rows.map((r) => toResponse(r as unknown as Row)), meta: pageMeta(total, q) };
}

export async function unreadCount(ctx: Ctx): Promise<{ count: number }> {
  const { userId } = userActorOrThrow(ctx);
  return { count: await db.notification.count({ where: { userId, readAt: null } }) };
}

/** Marks these (or, without ids, all) of the user's unread notifications read; another user's ids are ignored. */
export async function markRead(ctx: Ctx, ids: string[] | undefined, now = new Date()): Promise<{ updated: number }> {
  const { userId } = userActorOrThrow(ctx);
  const { count } = await db.notification.updateMany({ where: { userId, readAt: null, ...(ids ? { id: { in: ids } } : {}) }, data: { readAt: now } });
  return { updated: count };
}

export type NewNotification = { type: string; category: NotificationResponse["category"]; title: string; body: string; data?: Record<string, unknown> | null; organizationId?: string | null };

/** Writes in-app notifications for these users in one statement. */
export async function createInApp(userIds: string[], n: NewNotification): Promise<number> {
  if (!userIds.length) return 0;
  const { count } = await db.notification.createMany({
    data: userIds.map((userId) => ({
      userId, organizationId: n.organizationId ?? null, type: n.type.replace(/\./g, "_") as never, category: n.category, title: n.title, body: n.body,
      data: n.data === null || n.data === undefined ? Prisma.JsonNull : (n.data as Prisma.InputJsonValue),
    })),
  });
  return count;
}
