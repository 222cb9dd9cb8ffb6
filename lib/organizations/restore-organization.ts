import { type OrgRole, withTransaction } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { requirePermission } from "@/lib/auth/permissions";
import { assertRoomForAnotherOrganization, toOrganizationResponse } from "./internal";
import type { OrganizationResponse } from "./schemas";

/**
 * Undoes a deletion within the grace period: an owner brings the organization back for every member as it was
 * (projects, keys, webhooks; invitations revoked by the deletion stay revoked). Anyone else, and any
 * organization not deleted or already past its purge date, gets 404.
 */
export async function restoreOrganization(ctx: Ctx, organizationId: string, now = new Date()): Promise<OrganizationResponse> {
  const userId = actorUserId(ctx);
  if (!userId || ctx.actor.type === "apiKey") throw new DomainError("FORBIDDEN", "Only a person can restore an organization");
  return withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const [row] = await tx.$queryRaw<{ name: string; role: OrgRole }[]>`SELECT o.name, m.role::text AS role FROM organizations o
      JOIN memberships m ON m.organization_id = o.id AND m.user_id = ${userId}::uuid
      WHERE o.id = ${organizationId}::uuid AND o.deleted_at IS NOT NULL AND o.deletion_scheduled_for > ${now} FOR UPDATE OF o`;
    if (!row) throw new DomainError("NOT_FOUND", "No deleted organization of yours with this id can be restored");
    // Whoever may delete may restore (lib/auth/permissions.ts).
    requirePermission({ ...ctx, org: { id: organizationId, role: row.role } }, "organization.delete");
    await assertRoomForAnotherOrganization(ctx, userId);
    await tx.organization.update({ where: { id: organizationId }, data: { deletedAt: null, deletionScheduledFor: null } });
    await recordAudit({ action: "organization.updated", ...auditActor(ctx), organizationId, target: { type: "organization", id: organizationId }, metadata: { restored: true, name: row.name } }, ctx);
    return toOrganizationResponse(organizationId, row.role, ctx);
  });
}
