import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { inviteOrThrow, inviterEmails, toInviteResponse } from "./internal";
import type { InviteResponse } from "./schemas";

export async function revokeInvite(ctx: OrgCtx, inviteId: string, now = new Date()): Promise<InviteResponse> {
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const row = await inviteOrThrow(ctx, inviteId);
    if (row.acceptedAt) throw new DomainError("CONFLICT", "This invitation was accepted; remove the member instead");
    if (row.revokedAt) return toInviteResponse((await inviterEmails([row], ctx))[0]);
    const updated = await tx.invitation.update({ where: { id: row.id }, data: { revokedAt: now } });
    await recordAudit({ action: "member.invite_revoked", ...auditActor(ctx), target: { type: "invitation", id: row.id }, metadata: { email: row.email } }, ctx);
    return toInviteResponse((await inviterEmails([updated], ctx))[0]);
  });
}
