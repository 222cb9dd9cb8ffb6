import { withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { lockOrganization, memberOrThrow, toMember } from "./internal";

/** Makes another member owner; the caller (an owner) stays, as admin. */
export async function transferOwnership(ctx: OrgCtx, toUserId: string) {
  const fromUserId = actorUserId(ctx);
  if (!fromUserId) throw new DomainError("FORBIDDEN", "Only a person can transfer ownership");
  if (toUserId === fromUserId) throw new DomainError("CONFLICT", "You already own this organization");
  const target = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const to = await memberOrThrow(ctx, ctx.org.id, toUserId);
    const from = await memberOrThrow(ctx, ctx.org.id, fromUserId);
    if (from.role !== "owner") throw new DomainError("FORBIDDEN", "Only an owner can transfer ownership", { missingPermission: "ownership.transfer" });
    await tx.membership.update({ where: { id: to.id }, data: { role: "owner" } });
    await tx.membership.update({ where: { id: from.id }, data: { role: "admin" } });
    for (const [m, toRole] of [[to, "owner"], [from, "admin"]] as const) {
      await recordAudit({ action: "member.role_changed", ...auditActor(ctx), target: { type: "user", id: m.userId }, metadata: { email: m.user.email, from: m.role, to: toRole, transfer: true } }, ctx);
    }
    return to;
  });
  await notifyUsers([toUserId], ctx.org.id, {
    type: "member.role_changed", title: "You are now an owner", body: `${ctx.actor.type === "system" ? "An owner" : ctx.actor.email} handed you ownership of this organization.`,
    data: { organizationId: ctx.org.id, role: "owner" },
  }).catch((e) => console.error("[members] could not notify", e));
  return { ...toMember({ ...target, role: "owner" }), previousOwnerRole: "admin" as const };
}
