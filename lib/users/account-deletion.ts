import { db, withTransaction } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { systemCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { recordAudit, auditActor } from "@/lib/audit-log/record-audit";

export const DELETION_GRACE_DAYS = 30;

/** Schedules permanent deletion 30 days out and revokes every session and API key of the user. */
export async function scheduleAccountDeletion(ctx: Ctx, now = new Date()) {
  if (ctx.actor.type === "system") throw new DomainError("FORBIDDEN", "Only a user can delete an account");
  const userId = ctx.actor.userId;
  const deletionScheduledFor = new Date(now.getTime() + DELETION_GRACE_DAYS * 86_400_000);
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx.user.update({ where: { id: userId }, data: { deletionRequestedAt: now, deletionScheduledFor } });
    const sessions = await tx.session.deleteMany({ where: { userId } });
    const keys = await tx.apiKey.deleteMany({ where: { createdByUserId: userId } });
    await recordAudit({ ...auditActor(ctx), action: "user.deletion_requested", target: { type: "user", id: userId },
      metadata: { deletionScheduledFor: deletionScheduledFor.toISOString(), revokedSessions: sessions.count, revokedApiKeys: keys.count } }, ctx);
  });
  return {
    deletionScheduledFor: deletionScheduledFor.toISOString(),
    message: `Your account will be permanently deleted on ${deletionScheduledFor.toISOString().slice(0, 10)}. Sign in again before then to cancel.`,
  };
}

/** Signing in within the grace period cancels a scheduled deletion. */
export async function cancelDeletionOnSignIn(userId: string, request: { ipAddress: string | null; userAgent: string | null }, now = new Date()) {
  const cancelled = await db.user.updateMany({
    where: { id: userId, deletionScheduledFor: { gt: now } },
    data: { deletionScheduledFor: null, deletionRequestedAt: null },
  });
  if (cancelled.count) await recordAudit({ action: "user.deletion_cancelled", userId, target: { type: "user", id: userId }, request });
  return cancelled.count > 0;
}

/**
 * Permanently deletes accounts whose grace period has ended, with the organizations they alone
 * belonged to. Idempotent; reports what it did.
 */
export async function purgeDeletedAccounts(now = new Date()) {
  const due = await db.user.findMany({ where: { deletionScheduledFor: { lte: now } }, select: { id: true }, take: 500 });
  let deleted = 0;
  let alreadyGone = 0;
  const failures: { userId: string; error: string }[] = [];
  for (const { id } of due) {
    try {
      // deleteMany, not delete: a concurrent purge may have taken the user first; that is not a failure.
      const gone = await withTransaction(systemCtx("account-deletion"), async (ctx) => {
        const { tx } = ctx;
        const orgs = await tx.membership.findMany({ where: { userId: id }, select: { organizationId: true } });
        for (const { organizationId } of orgs) {
          const others = await tx.membership.count({ where: { organizationId, userId: { not: id } } });
          if (others === 0) await tx.organization.deleteMany({ where: { id: organizationId } });
        }
        const removed = await tx.user.deleteMany({ where: { id, deletionScheduledFor: { lte: now } } });
        if (removed.count) await recordAudit({ action: "user.deleted", target: { type: "user", id }, metadata: { purgedAt: now.toISOString() } }, ctx);
        return removed.count === 0;
      });
      if (gone) alreadyGone++;
      else deleted++;
    } catch (e) {
      failures.push({ userId: id, error: (e as Error).message });
    }
  }
  return { deleted, alreadyGone, failures };
}
