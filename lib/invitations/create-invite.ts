import type { z } from "zod";
import { db, withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { unlinkable } from "@/lib/mail/unlinkable";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { consumeInvitation } from "@/lib/rate-limit/consume-invitation";
import { hashToken, INVITE_TTL_DAYS, mailInvite, newToken, toInviteResponse } from "./internal";
import type { createInviteBody, InviteResponse } from "./schemas";

/** Invites an address with a role; 409 when it is a member or already has an open invitation; 429 beyond the daily limit. */
export async function createInvite(ctx: OrgCtx, input: z.infer<typeof createInviteBody>, now = new Date()): Promise<InviteResponse> {
  const token = newToken();
  const { row, organizationName } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const org = await tx.organization.findUniqueOrThrow({ where: { id: ctx.org.id }, select: { name: true } });
    const member = await tx.membership.findFirst({ where: { organizationId: ctx.org.id, user: { email: input.email } }, select: { id: true } });
    if (member) throw new DomainError("CONFLICT", `${input.email} is already a member`);
    // An expired invitation no longer holds the address: it is closed so a new one can be made.
    await tx.invitation.updateMany({ where: { organizationId: ctx.org.id, email: input.email, acceptedAt: null, revokedAt: null, expiresAt: { lte: now } }, data: { revokedAt: now } });
    try {
      const row = await tx.invitation.create({
        data: {
          organizationId: ctx.org.id, email: input.email, role: input.role, tokenHash: hashToken(token), invitedByUserId: actorUserId(ctx),
          expiresAt: new Date(now.getTime() + INVITE_TTL_DAYS * 86_400_000), lastSentAt: now,
        },
      });
      await recordAudit({ action: "member.invited", ...auditActor(ctx), target: { type: "invitation", id: row.id }, metadata: { email: input.email, role: input.role } }, ctx);
      return { row, organizationName: org.name };
    } catch (e) {
      if ((e as { code?: string }).code === "P2002") throw new DomainError("CONFLICT", `${input.email} already has an open invitation; resend it instead`);
      throw e;
    }
  });
  // Counted once the invitation is sure to be sent (a refused duplicate costs nothing); over the limit, undone.
  try {
    await consumeInvitation(ctx.org.id);
  } catch (e) {
    await db.invitation.delete({ where: { id: row.id } });
    throw e;
  }
  await mailInvite(input.email, token, organizationName, ctx.actor.type === "system" ? "IndexWatch" : ctx.actor.email, input.role, row.expiresAt);
  await notifyInvitee(input.email, ctx.org.id, organizationName);
  return toInviteResponse({ ...row, invitedByEmail: ctx.actor.type === "system" ? null : ctx.actor.email });
}

/** invite.sent (always delivered, nothing to configure; also by mail, so the name is unlinkable) in-app to the invitee when they already have an account. */
async function notifyInvitee(email: string, organizationId: string, organizationName: string) {
  const user = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!user) return;
  await notifyUsers([user.id], null, {
    type: "invite.sent", title: `You are invited to ${unlinkable(organizationName)}`, body: "Open the link in the invitation email to join.", data: { organizationId },
  }).catch((e) => console.error("[invitations] could not notify", e));
}
