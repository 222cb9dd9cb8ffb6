import { withTransaction } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { recordAudit } from "@/lib/audit-log/record-audit";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { gone, openInvite } from "./internal";
import type { PublicInvite } from "./schemas";

/**
 * Accepts for the signed-in user, who must hold the invited address (403 otherwise, naming neither
 * address beyond what the link shows). Single use: of two accepts at once, one wins and the other is a 404.
 */
export async function acceptInvite(ctx: Ctx, token: string, now = new Date()) {
  if (ctx.actor.type === "system") throw new DomainError("FORBIDDEN", "Only a person can accept an invitation");
  const actor = ctx.actor;
  const accepted = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const row = await openInvite(ctx, token, now);
    if (!row) throw gone();
    if (row.email.toLowerCase() !== actor.email.toLowerCase()) {
      throw new DomainError("FORBIDDEN", "This invitation was sent to another email address. Sign in with that address to accept it.", { missingPermission: "invitation.recipient" });
    }
    const claimed = await tx.invitation.updateMany({ where: { id: row.id, acceptedAt: null, revokedAt: null }, data: { acceptedAt: now, acceptedByUserId: actor.userId } });
    if (claimed.count !== 1) throw gone();
    const existing = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId: row.organizationId, userId: actor.userId } } });
    if (!existing) await tx.membership.create({ data: { organizationId: row.organizationId, userId: actor.userId, role: row.role, lastActiveAt: now } });
    await recordAudit({
      action: "member.accepted", userId: actor.userId, organizationId: row.organizationId, target: { type: "invitation", id: row.id },
      metadata: { email: row.email, role: row.role, alreadyMember: !!existing }, request: ctx.request,
    }, ctx);
    return { row, alreadyMember: !!existing };
  });
  const { row } = accepted;
  if (row.invitedByUserId) {
    await notifyUsers([row.invitedByUserId], row.organizationId, {
      type: "invite.accepted", title: `${row.email} joined ${row.organization.name}`, body: `They accepted your invitation as ${row.role}.`,
      data: { organizationId: row.organizationId, email: row.email, role: row.role },
    }).catch((e) => console.error("[invitations] could not notify", e));
  }
  return { organizationId: row.organizationId, organizationName: row.organization.name, role: row.role as PublicInvite["role"] };
}
