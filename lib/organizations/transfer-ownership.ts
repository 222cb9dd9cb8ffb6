import { db } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { lockOrganization, memberOrThrow, orgId, toMember } from "./internal";

/** Makes another member owner; the caller (an owner) stays, as admin. */
export async function transferOwnership(ctx: Ctx, toUserId: string) {
  const fromUserId = actorUserId(ctx);
  if (!fromUserId) throw new DomainError("FORBIDDEN", "Only a person can transfer ownership");
  if (toUserId === fromUserId) throw new DomainError("CONFLICT", "You already own this organization");
  const target = await db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const to = await memberOrThrow(tx, orgId(ctx), toUserId);
    const from = await memberOrThrow(tx, orgId(ctx), fromUserId);
    if (from.role !== "owner") throw new DomainError("FORBIDDEN", "Only an owner can transfer ownership", { missingPermission: "ownership.transfer" });
    await tx.membership.update({ where: { id: to.id }, data: { role: "owner" } });
    await tx.membership.update({ where: { id: from.id }, data: { role: "admin" } });
    for (const [m, toRole] of [[to, "owner"], [from, "admin"]] as const) {
      await recordAudit({ action: "member.role_changed", ...auditActor(ctx), target: { type: "user", id: m.userId }, metadata: { email: m.user.email, from: m.role, to: toRole, transfer: true } }, tx);
    }
    return to;
  });
  await notifyUsers([toUserId], orgId(ctx), {
    type: "member.role_changed", title: "You are now an owner", body: `${ctx.actor.type === "system" ? "An owner" : ctx.actor.email} handed you ownership of this organization.`,
    data: { organizationId: orgId(ctx), role: "owner" },
  }).catch((e) => console.error("[members] could not notify", e));
  return { ...toMember({ ...target, role: "owner" }), previousOwnerRole: "admin" as const };
}
