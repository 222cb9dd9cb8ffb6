import { db, type OrgRole } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { assertNotLastOwner, lockOrganization, memberOrThrow, orgId, refuseUnlessManages, toMember } from "./internal";
import type { MemberResponse } from "./schemas";

const ROLE_NAMES: Record<OrgRole, string> = { owner: "owner", admin: "admin", member: "member" };

export async function changeMemberRole(ctx: Ctx, userId: string, role: OrgRole): Promise<MemberResponse> {
  const { member, changed } = await db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const current = await memberOrThrow(tx, orgId(ctx), userId);
    if (current.role === role) return { member: current, changed: false };
    refuseUnlessManages(ctx, current.role, role);
    if (current.role === "owner") await assertNotLastOwner(tx, orgId(ctx), "The last owner cannot be demoted");
    const updated = await tx.membership.update({ where: { id: current.id }, data: { role }, include: { user: { select: { email: true, name: true } } } });
    await recordAudit({ action: "member.role_changed", ...auditActor(ctx), target: { type: "user", id: userId }, metadata: { email: current.user.email, from: current.role, to: role } }, tx);
    return { member: updated, changed: true };
  });
  if (changed) {
    await notifyUsers([userId], orgId(ctx), {
      type: "member.role_changed", title: `You are now ${ROLE_NAMES[role] === "admin" ? "an" : "a"} ${ROLE_NAMES[role]}`,
      body: `Your role in this organization changed to ${ROLE_NAMES[role]}.`, data: { organizationId: orgId(ctx), role },
    }).catch((e) => console.error("[members] could not notify", e));
  }
  return toMember(member);
}
