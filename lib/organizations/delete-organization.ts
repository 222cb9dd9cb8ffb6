import { withTransaction } from "@/lib/db";
import type { OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { lockOrganization } from "./internal";

const ORGANIZATION_GRACE_DAYS = 30;

/**
 * Deletes the organization for its members at once (it leaves every list, its keys stop working, its
 * projects stop being synced and inspected) and purges it after 30 days. A personal organization goes
 * with its account, not on its own.
 */
export async function deleteOrganization(ctx: OrgCtx, now = new Date()) {
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await lockOrganization(ctx, ctx.org.id);
    const org = await tx.organization.findUniqueOrThrow({ where: { id: ctx.org.id }, select: { personal: true, name: true } });
    if (org.personal) throw new DomainError("CONFLICT", "A personal organization is deleted with its account (Settings → Account), not on its own");
    const purgeAfter = new Date(now.getTime() + ORGANIZATION_GRACE_DAYS * 86_400_000);
    await tx.organization.update({ where: { id: ctx.org.id }, data: { deletedAt: now, deletionScheduledFor: purgeAfter } });
    await tx.invitation.updateMany({ where: { organizationId: ctx.org.id, acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    await recordAudit({ action: "organization.deleted", ...auditActor(ctx), target: { type: "organization", id: ctx.org.id }, metadata: { name: org.name, purgeAfter: purgeAfter.toISOString() } }, ctx);
    return { id: ctx.org.id, deleted: true as const, purgeAfter: purgeAfter.toISOString() };
  });
}
