import { db, withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { assertNotLastOwner, lockOrganization, memberOrThrow, refuseUnlessManages } from "./internal";

/** Removes a member (their API keys for this organization stop working at once: lib/auth/principal.ts). */
export async function removeMember(ctx: OrgCtx, userId: string): Promise<{ userId: string; removed: true }> {
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const current = await memberOrThrow(ctx, ctx.org.id, userId);
    refuseUnlessManages(ctx, current.role);
    if (current.role === "owner") await assertNotLastOwner(ctx, ctx.org.id, "The last owner cannot be removed");
    await tx.membership.delete({ where: { id: current.id } });
    const self = userId === actorUserId(ctx);
    await recordAudit({ action: "member.removed", ...auditActor(ctx), target: { type: "user", id: userId }, metadata: { email: current.user.email, role: current.role, left: self } }, ctx);
  });
  if (userId !== actorUserId(ctx)) {
    const org = await db.organization.findUnique({ where: { id: ctx.org.id }, select: { name: true } });
    await notifyUsers([userId], null, {
      type: "member.removed", title: `You were removed from ${org?.name ?? "an organization"}`,
      body: "You no longer have access to its projects, and your API keys for it stopped working.", data: { organizationId: ctx.org.id },
    }).catch((e) => console.error("[members] could not notify", e));
  }
  return { userId, removed: true };
}
