import { db } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { PERMISSIONS } from "@/lib/auth/permissions";
import type { DeletedOrganizationSummary } from "./schemas";

/** The organizations the caller owned when they were deleted and can still restore (within the 30 days), soonest purge first. */
export async function listDeletedOrganizations(ctx: Ctx, now = new Date()): Promise<DeletedOrganizationSummary[]> {
  const userId = actorUserId(ctx);
  if (!userId || ctx.actor.type === "apiKey") return []; // a key belongs to one organization, and a deleted one's keys no longer work
  const rows = await db.organization.findMany({
    where: { deletedAt: { not: null }, deletionScheduledFor: { gt: now }, memberships: { some: { userId, role: { in: [...PERMISSIONS["organization.delete"]] } } } },
    select: { id: true, name: true, slug: true, deletedAt: true, deletionScheduledFor: true, _count: { select: { memberships: true, projects: { where: { deletedAt: null } } } } },
    orderBy: { deletionScheduledFor: "asc" },
  });
  return rows.map((o) => ({
    id: o.id, name: o.name, slug: o.slug, deletedAt: o.deletedAt!.toISOString(), purgeAfter: o.deletionScheduledFor!.toISOString(),
    memberCount: o._count.memberships, projectCount: o._count.projects,
  }));
}
