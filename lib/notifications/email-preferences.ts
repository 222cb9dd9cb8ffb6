import { db, withTransaction } from "@/lib/db";
import { userActorOrThrow, type Ctx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";

/** The user's email preferences: only the marketing opt-out (service mail follows the notification preferences). */
export async function getEmailPreferences(ctx: Ctx) {
  const { userId } = userActorOrThrow(ctx);
  const u = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { marketingOptOut: true } });
  return { marketingOptOut: u.marketingOptOut };
}

export async function updateEmailPreferences(ctx: Ctx, body: { marketingOptOut: boolean }) {
  const { userId } = userActorOrThrow(ctx);
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { marketingOptOut: true } });
    const u = await tx.user.update({ where: { id: userId }, data: { marketingOptOut: body.marketingOptOut }, select: { marketingOptOut: true } });
    if (before.marketingOptOut !== u.marketingOptOut) {
      await recordAudit({ ...auditActor(ctx), action: "notification.preferences_updated", target: { type: "user", id: userId }, metadata: { marketingOptOut: u.marketingOptOut } }, ctx);
    }
    return { marketingOptOut: u.marketingOptOut };
  });
}
