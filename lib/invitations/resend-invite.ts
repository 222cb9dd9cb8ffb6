import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { consumeInvitation } from "@/lib/rate-limit/consume-invitation";
import { hashToken, INVITE_TTL_DAYS, inviteOrThrow, inviterEmails, mailInvite, newToken, toInviteResponse } from "./internal";
import type { InviteResponse } from "./schemas";

function assertResendable(invite: { acceptedAt: Date | null; revokedAt: Date | null }) {
  if (invite.acceptedAt || invite.revokedAt) throw new DomainError("CONFLICT", `This invitation was ${invite.acceptedAt ? "accepted" : "revoked"}; send a new one`);
}

/** A new token and seven more days; the old link dies at once. */
export async function resendInvite(ctx: OrgCtx, inviteId: string, now = new Date()): Promise<InviteResponse> {
  const token = newToken();
  // Checked, then counted (a refused resend costs nothing), before the transaction: the limiter's store is
  // another connection, which the embedded database would only serve once the transaction had ended.
  assertResendable(await inviteOrThrow(ctx, inviteId));
  await consumeInvitation(ctx.org.id);
  const { row, organizationName } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const current = await inviteOrThrow(ctx, inviteId);
    assertResendable(current); // again, under the transaction: revoked or accepted meanwhile
    const row = await tx.invitation.update({
      where: { id: current.id },
      data: { tokenHash: hashToken(token), expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000), sentCount: { increment: 1 }, lastSentAt: now },
    });
    await recordAudit({ action: "member.invite_resent", ...auditActor(ctx), target: { type: "invitation", id: row.id }, metadata: { email: row.email, sentCount: row.sentCount } }, ctx);
    const org = await tx.organization.findUniqueOrThrow({ where: { id: ctx.org.id }, select: { name: true } });
    return { row, organizationName: org.name };
  });
  await mailInvite(row.email, token, organizationName, ctx.actor.type === "system" ? "IndexWatch" : ctx.actor.email, row.role, row.expiresAt);
  return toInviteResponse((await inviterEmails([row]))[0]);
}
