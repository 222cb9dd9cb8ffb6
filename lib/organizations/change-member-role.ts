import { type OrgRole, withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { assertNotLastOwner, lockOrganization, memberOrThrow, refuseUnlessManages, toMember } from "./internal";
import type { MemberResponse } from "./schemas";

const ROLE_NAMES: Record<OrgRole, string> = { owner: "owner", admin: "admin", member: "member" };

export async function changeMemberRole(ctx: OrgCtx, userId: string, role: OrgRole): Promise<MemberResponse> {
  const { member, changed } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const current = await memberOrThrow(ctx, ctx.org.id, userId);
    if (current.role === role) return { member: current, changed: false };
    refuseUnlessManages(ctx, current.role, role);
    if (current.role === "owner") await assertNotLastOwner(ctx, ctx.org.id, "The last owner cannot be demoted");
    const updated = await tx.membership.update({ where: { id: current.id }, data: { role }, include: { user: { select: { email: true, name: true } } } });
    await recordAudit({ action: "member.role_changed", ...auditActor(ctx), target: { type: "user", id: userId }, metadata: { email: current.user.email, from: current.role, to: role } }, ctx);
    return { member: updated, changed: true };
  });
  if (changed) {
    await notifyUsers([userId], ctx.org.id, {
      type: "member.role_changed", title: `You are now ${ROLE_NAMES[role] === "admin" ? "an" : "a"} ${ROLE_NAMES[role]}`,
      body: `Your role in this organization changed to ${ROLE_NAMES[role]}.`, data: { organizationId: ctx.org.id, role },
    }).catch((e) => console.error("[members] could not notify", e));
  }
  return toMember(member);
}
