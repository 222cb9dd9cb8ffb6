import { db } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { assertNotLastOwner, lockOrganization, memberOrThrow, orgId, refuseUnlessManages } from "./internal";

/** Removes a member (their API keys for this organization stop working at once: lib/auth/principal.ts). */
export async function removeMember(ctx: Ctx, userId: string): Promise<{ userId: string; removed: true }> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const current = await memberOrThrow(tx, orgId(ctx), userId);
    refuseUnlessManages(ctx, current.role);
    if (current.role === "owner") await assertNotLastOwner(tx, orgId(ctx), "The last owner cannot be removed");
    await tx.membership.delete({ where: { id: current.id } });
    const self = userId === actorUserId(ctx);
    await recordAudit({ action: "member.removed", ...auditActor(ctx), target: { type: "user", id: userId }, metadata: { email: current.user.email, role: current.role, left: self } }, tx);
  });
  if (userId !== actorUserId(ctx)) {
    const org = await db.organization.findUnique({ where: { id: orgId(ctx) }, select: { name: true } });
    await notifyUsers([userId], null, {
      type: "member.removed", title: `You were removed from ${org?.name ?? "an organization"}`,
      body: "You no longer have access to its projects, and your API keys for it stopped working.", data: { organizationId: orgId(ctx) },
    }).catch((e) => console.error("[members] could not notify", e));
  }
  return { userId, removed: true };
}
