import { db } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { assertNotLastOwner, lockOrganization, memberOrThrow, orgId } from "./internal";

/** The caller leaves (as removing oneself; the last owner cannot). */
export async function leaveOrganization(ctx: Ctx) {
  const userId = actorUserId(ctx);
  if (!userId) throw new DomainError("FORBIDDEN", "Only a person can leave an organization");
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const current = await memberOrThrow(tx, orgId(ctx), userId);
    if (current.role === "owner") await assertNotLastOwner(tx, orgId(ctx), "The last owner cannot leave");
    await tx.membership.delete({ where: { id: current.id } });
    await recordAudit({ action: "member.removed", ...auditActor(ctx), target: { type: "user", id: userId }, metadata: { email: current.user.email, role: current.role, left: true } }, tx);
  });
  return { organizationId: orgId(ctx), left: true as const };
}
