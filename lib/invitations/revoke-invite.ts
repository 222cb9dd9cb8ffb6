import { db } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { inviteOrThrow, inviterEmails, toInviteResponse } from "./internal";
import type { InviteResponse } from "./schemas";

export async function revokeInvite(ctx: OrgCtx, inviteId: string, now = new Date()): Promise<InviteResponse> {
  return db.$transaction(async (tx) => {
    const row = await inviteOrThrow(tx, ctx, inviteId);
    if (row.acceptedAt) throw new DomainError("CONFLICT", "This invitation was accepted; remove the member instead");
    if (row.revokedAt) return toInviteResponse((await inviterEmails([row], tx))[0]);
    const updated = await tx.invitation.update({ where: { id: row.id }, data: { revokedAt: now } });
    await recordAudit({ action: "member.invite_revoked", ...auditActor(ctx), target: { type: "invitation", id: row.id }, metadata: { email: row.email } }, tx);
    return toInviteResponse((await inviterEmails([updated], tx))[0]);
  });
}
