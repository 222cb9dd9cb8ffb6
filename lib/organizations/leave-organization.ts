import { withTransaction } from "@/lib/db";
import { actorUserId, type OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { assertNotLastOwner, lockOrganization, memberOrThrow } from "./internal";

/** The caller leaves (as removing oneself; the last owner cannot). */
export async function leaveOrganization(ctx: OrgCtx) {
  const userId = actorUserId(ctx);
  if (!userId) throw new DomainError("FORBIDDEN", "Only a person can leave an organization");
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const current = await memberOrThrow(ctx, ctx.org.id, userId);
    if (current.role === "owner") await assertNotLastOwner(ctx, ctx.org.id, "The last owner cannot leave");
    await tx.membership.delete({ where: { id: current.id } });
    await recordAudit({ action: "member.removed", ...auditActor(ctx), target: { type: "user", id: userId }, metadata: { email: current.user.email, role: current.role, left: true } }, ctx);
  });
  return { organizationId: ctx.org.id, left: true as const };
}
