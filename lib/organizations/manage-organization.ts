import crypto from "node:crypto";
import type { z } from "zod";
import { db, type OrgRole, type Tx } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { PERMISSIONS, permissionsOf, requirePermission } from "@/lib/auth/permissions";
import type { createOrganizationBody, DeletedOrganizationSummary, OrganizationResponse, updateOrganizationBody } from "./schemas";

/** Organizations one user may own or belong to (ORGANIZATIONS_PER_USER): an agency keeps one per client. */
export const maxOrganizationsPerUser = () => Number(process.env.ORGANIZATIONS_PER_USER) || 100;
export const ORGANIZATION_GRACE_DAYS = 30;

const orgId = (ctx: Ctx) => ctx.org!.id;

function slugFor(name: string) {
  const base = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "org";
  return `${base}-${crypto.randomBytes(4).toString("hex")}`;
}

/** Locks the organization's row: membership changes that count owners take it first, so two cannot race past the last owner. */
export async function lockOrganization(tx: Tx, organizationId: string) {
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organizations WHERE id = ${organizationId}::uuid AND deleted_at IS NULL FOR UPDATE`;
  if (!row) throw new DomainError("NOT_FOUND", "Organization not found");
}

async function toResponse(organizationId: string, role: NonNullable<Ctx["org"]>["role"], tx: Tx = db): Promise<OrganizationResponse> {
  const o = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, include: { _count: { select: { memberships: true } } } });
  return {
    id: o.id, name: o.name, slug: o.slug, personal: o.personal, role, permissions: permissionsOf(role),
    creditBalance: o.creditBalance, memberCount: o._count.memberships, createdAt: o.createdAt.toISOString(),
  };
}

/**
 * 409 when the user already belongs to ORGANIZATIONS_PER_USER live organizations. Counted under the user's row
 * lock, so two creations or restores at once cannot both take the last place.
 */
async function assertRoomForAnotherOrganization(tx: Tx, userId: string) {
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
  const count = await tx.membership.count({ where: { userId, organization: { deletedAt: null } } });
  if (count >= maxOrganizationsPerUser()) throw new DomainError("CONFLICT", `You belong to ${count} organizations, the most one person can`, { limit: maxOrganizationsPerUser() });
}

/** A new organization with the caller as its owner (no free credits: those come once, with the personal organization). */
export async function createOrganization(ctx: Ctx, input: z.infer<typeof createOrganizationBody>): Promise<OrganizationResponse> {
  const userId = actorUserId(ctx);
  if (!userId) throw new DomainError("FORBIDDEN", "Only a person can create an organization");
  return db.$transaction(async (tx) => {
    await assertRoomForAnotherOrganization(tx, userId);
    const org = await tx.organization.create({ data: { name: input.name, slug: slugFor(input.name) } });
    await tx.membership.create({ data: { organizationId: org.id, userId, role: "owner", lastActiveAt: new Date() } });
    await recordAudit({ action: "organization.created", ...auditActor(ctx), organizationId: org.id, target: { type: "organization", id: org.id }, metadata: { name: input.name } }, tx);
    return toResponse(org.id, "owner", tx);
  });
}

export async function getOrganization(ctx: Ctx): Promise<OrganizationResponse> {
  return toResponse(orgId(ctx), ctx.org!.role);
}

export async function updateOrganization(ctx: Ctx, input: z.infer<typeof updateOrganizationBody>): Promise<OrganizationResponse> {
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const before = await tx.organization.findUniqueOrThrow({ where: { id: orgId(ctx) }, select: { name: true } });
    await tx.organization.update({ where: { id: orgId(ctx) }, data: { name: input.name } });
    await recordAudit({ action: "organization.updated", ...auditActor(ctx), target: { type: "organization", id: orgId(ctx) }, metadata: { from: before.name, to: input.name } }, tx);
    return toResponse(orgId(ctx), ctx.org!.role, tx);
  });
}

/**
 * Deletes the organization for its members at once (it leaves every list, its keys stop working, its
 * projects stop being synced and inspected) and purges it after 30 days. A personal organization goes
 * with its account, not on its own.
 */
export async function deleteOrganization(ctx: Ctx, now = new Date()) {
  return db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId(ctx) }, select: { personal: true, name: true } });
    if (org.personal) throw new DomainError("CONFLICT", "A personal organization is deleted with its account (Settings → Account), not on its own");
    const purgeAfter = new Date(now.getTime() + ORGANIZATION_GRACE_DAYS * 86_400_000);
    await tx.organization.update({ where: { id: orgId(ctx) }, data: { deletedAt: now, deletionScheduledFor: purgeAfter } });
    await tx.invitation.updateMany({ where: { organizationId: orgId(ctx), acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    await recordAudit({ action: "organization.deleted", ...auditActor(ctx), target: { type: "organization", id: orgId(ctx) }, metadata: { name: org.name, purgeAfter: purgeAfter.toISOString() } }, tx);
    return { id: orgId(ctx), deleted: true as const, purgeAfter: purgeAfter.toISOString() };
  });
}

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

/**
 * Undoes a deletion within the grace period: an owner brings the organization back for every member as it was
 * (projects, keys, webhooks; invitations revoked by the deletion stay revoked). Anyone else, and any
 * organization not deleted or already past its purge date, gets 404.
 */
export async function restoreOrganization(ctx: Ctx, organizationId: string, now = new Date()): Promise<OrganizationResponse> {
  const userId = actorUserId(ctx);
  if (!userId || ctx.actor.type === "apiKey") throw new DomainError("FORBIDDEN", "Only a person can restore an organization");
  return db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ name: string; role: OrgRole }[]>`SELECT o.name, m.role::text AS role FROM organizations o
      JOIN memberships m ON m.organization_id = o.id AND m.user_id = ${userId}::uuid
      WHERE o.id = ${organizationId}::uuid AND o.deleted_at IS NOT NULL AND o.deletion_scheduled_for > ${now} FOR UPDATE OF o`;
    if (!row) throw new DomainError("NOT_FOUND", "No deleted organization of yours with this id can be restored");
    // Whoever may delete may restore (lib/auth/permissions.ts).
    requirePermission({ ...ctx, org: { id: organizationId, role: row.role } }, "organization.delete");
    await assertRoomForAnotherOrganization(tx, userId);
    await tx.organization.update({ where: { id: organizationId }, data: { deletedAt: null, deletionScheduledFor: null } });
    await recordAudit({ action: "organization.updated", ...auditActor(ctx), organizationId, target: { type: "organization", id: organizationId }, metadata: { restored: true, name: row.name } }, tx);
    return toResponse(organizationId, row.role, tx);
  });
}

/** Organizations deleted more than 30 days ago, gone for good (their rows cascade). Answers how many. */
export async function purgeDeletedOrganizations(now = new Date()): Promise<number> {
  const { count } = await db.organization.deleteMany({ where: { deletedAt: { not: null }, deletionScheduledFor: { lte: now } } });
  return count;
}
