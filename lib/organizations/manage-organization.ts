import crypto from "node:crypto";
import type { z } from "zod";
import { db, type Tx } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/api/context";
import { ApiError } from "@/lib/api/errors";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { permissionsOf } from "@/lib/auth/permissions";
import type { createOrganizationBody, OrganizationResponse, updateOrganizationBody } from "./schemas";

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
  if (!row) throw new ApiError("NOT_FOUND", "Organization not found");
}

async function toResponse(organizationId: string, role: NonNullable<Ctx["org"]>["role"], tx: Tx = db): Promise<OrganizationResponse> {
  const o = await tx.organization.findUniqueOrThrow({ where: { id: organizationId }, include: { _count: { select: { memberships: true } } } });
  return {
    id: o.id, name: o.name, slug: o.slug, personal: o.personal, role, permissions: permissionsOf(role),
    creditBalance: o.creditBalance, memberCount: o._count.memberships, createdAt: o.createdAt.toISOString(),
  };
}

/** A new organization with the caller as its owner (no free credits: those come once, with the personal organization). */
export async function createOrganization(ctx: Ctx, input: z.infer<typeof createOrganizationBody>): Promise<OrganizationResponse> {
  const userId = actorUserId(ctx);
  if (!userId) throw new ApiError("FORBIDDEN", "Only a person can create an organization");
  return db.$transaction(async (tx) => {
    // Counted under the user's row lock: two creations at once cannot both take the last place.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
    const count = await tx.membership.count({ where: { userId, organization: { deletedAt: null } } });
    if (count >= maxOrganizationsPerUser()) throw new ApiError("CONFLICT", `You belong to ${count} organizations, the most one person can`, { limit: maxOrganizationsPerUser() });
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
    if (org.personal) throw new ApiError("CONFLICT", "A personal organization is deleted with its account (Settings → Account), not on its own");
    const purgeAfter = new Date(now.getTime() + ORGANIZATION_GRACE_DAYS * 86_400_000);
    await tx.organization.update({ where: { id: orgId(ctx) }, data: { deletedAt: now, deletionScheduledFor: purgeAfter } });
    await tx.invitation.updateMany({ where: { organizationId: orgId(ctx), acceptedAt: null, revokedAt: null }, data: { revokedAt: now } });
    await recordAudit({ action: "organization.deleted", ...auditActor(ctx), target: { type: "organization", id: orgId(ctx) }, metadata: { name: org.name, purgeAfter: purgeAfter.toISOString() } }, tx);
    return { id: orgId(ctx), deleted: true as const, purgeAfter: purgeAfter.toISOString() };
  });
}

/** Organizations deleted more than 30 days ago, gone for good (their rows cascade). Answers how many. */
export async function purgeDeletedOrganizations(now = new Date()): Promise<number> {
  const { count } = await db.organization.deleteMany({ where: { deletedAt: { not: null }, deletionScheduledFor: { lte: now } } });
  return count;
}
