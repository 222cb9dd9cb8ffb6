import crypto from "node:crypto";
import { db, type OrgRole, dbOf } from "@/lib/db";
import type { Ctx, OrgCtx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { canManageRole, permissionsOf } from "@/lib/auth/permissions";
import type { MemberResponse, OrganizationResponse } from "./schemas";

// Members of an organization. Every change that could leave it without an owner runs under the
// organization's row lock and counts owners inside it: the last owner can neither leave, be removed nor be
// demoted (409 LAST_OWNER), however many requests race.

/** Organizations one user may own or belong to (ORGANIZATIONS_PER_USER): an agency keeps one per client. */
const maxOrganizationsPerUser = () => Number(process.env.ORGANIZATIONS_PER_USER) || 100;

export function slugFor(name: string) {
  const base = name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40) || "org";
  return `${base}-${crypto.randomBytes(4).toString("hex")}`;
}

/** Locks the organization's row: membership changes that count owners take it first, so two cannot race past the last owner. */
export async function lockOrganization(ctx: Ctx, organizationId: string) {
  const tx = dbOf(ctx);
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM organizations WHERE id = ${organizationId}::uuid AND deleted_at IS NULL FOR UPDATE`;
  if (!row) throw new DomainError("NOT_FOUND", "Organization not found");
}

export async function toOrganizationResponse(organizationId: string, role: NonNullable<Ctx["org"]>["role"], ctx?: Ctx): Promise<OrganizationResponse> {
  const tx = ctx ? dbOf(ctx) : db;
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
export async function assertRoomForAnotherOrganization(ctx: Ctx, userId: string) {
  const tx = dbOf(ctx);
  await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId}::uuid FOR UPDATE`;
  const count = await tx.membership.count({ where: { userId, organization: { deletedAt: null } } });
  if (count >= maxOrganizationsPerUser()) throw new DomainError("CONFLICT", `You belong to ${count} organizations, the most one person can`, { limit: maxOrganizationsPerUser() });
}

export async function memberOrThrow(ctx: Ctx, organizationId: string, userId: string) {
  const tx = dbOf(ctx);
  const m = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } }, include: { user: { select: { email: true, name: true } } } });
  if (!m) throw new DomainError("NOT_FOUND", "Member not found");
  return m;
}

export async function assertNotLastOwner(ctx: Ctx, organizationId: string, what: string) {
  const tx = dbOf(ctx);
  const owners = await tx.membership.count({ where: { organizationId, role: "owner" } });
  if (owners <= 1) throw new DomainError("LAST_OWNER", `${what}: an organization keeps at least one owner. Make someone else owner first (transfer ownership).`);
}

export function refuseUnlessManages(ctx: OrgCtx, target: OrgRole, to?: OrgRole) {
  if (!canManageRole(ctx.org.role, target, to)) {
    throw new DomainError("FORBIDDEN", "Only an owner can change an owner, or make someone owner", { missingPermission: "members.manage_owners", role: ctx.org.role });
  }
}

export const toMember = (m: Awaited<ReturnType<typeof memberOrThrow>>): MemberResponse => ({
  userId: m.userId, email: m.user.email, name: m.user.name, role: m.role, lastActiveAt: m.lastActiveAt?.toISOString() ?? null, joinedAt: m.createdAt.toISOString(),
});
