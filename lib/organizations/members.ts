import { db, type OrgRole, type Tx } from "@/lib/db";
import { actorUserId, type Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";
import { pageMeta, type Pagination } from "@/lib/core/pagination";
import { auditActor, recordAudit } from "@/lib/audit-log/record-audit";
import { canManageRole } from "@/lib/auth/permissions";
import { notifyUsers } from "@/lib/notifications/notify-members";
import { lockOrganization } from "./manage-organization";
import type { MemberResponse } from "./schemas";

// Members of an organization. Every change that could leave it without an owner runs under the
// organization's row lock and counts owners inside it: the last owner can neither leave, be removed nor be
// demoted (409 LAST_OWNER), however many requests race.

const orgId = (ctx: Ctx) => ctx.org!.id;
const ROLE_NAMES: Record<OrgRole, string> = { owner: "owner", admin: "admin", member: "member" };

export async function listMembers(ctx: Ctx, q: Pagination) {
  const where = { organizationId: orgId(ctx) };
  const [rows, total] = await Promise.all([
    db.membership.findMany({
      where, include: { user: { select: { email: true, name: true } } },
      // Owners first, then admins, then members; alphabetical within a role.
      orderBy: [{ role: "asc" }, { user: { email: "asc" } }], skip: q.offset, take: q.limit,
    }),
    db.membership.count({ where }),
  ]);
  const data: MemberResponse[] = rows.map((m) => ({
    userId: m.userId, email: m.user.email, name: m.user.name, role: m.role, lastActiveAt: m.lastActiveAt?.toISOString() ?? null, joinedAt: m.createdAt.toISOString(),
  }));
  return { data, meta: pageMeta(total, q) };
}

async function memberOrThrow(tx: Tx, organizationId: string, userId: string) {
  const m = await tx.membership.findUnique({ where: { organizationId_userId: { organizationId, userId } }, include: { user: { select: { email: true, name: true } } } });
  if (!m) throw new DomainError("NOT_FOUND", "Member not found");
  return m;
}

async function assertNotLastOwner(tx: Tx, organizationId: string, what: string) {
  const owners = await tx.membership.count({ where: { organizationId, role: "owner" } });
  if (owners <= 1) throw new DomainError("LAST_OWNER", `${what}: an organization keeps at least one owner. Make someone else owner first (transfer ownership).`);
}

function refuseUnlessManages(ctx: Ctx, target: OrgRole, to?: OrgRole) {
  if (!canManageRole(ctx.org!.role, target, to)) {
    throw new DomainError("FORBIDDEN", "Only an owner can change an owner, or make someone owner", { missingPermission: "members.manage_owners", role: ctx.org!.role });
  }
}

const toMember = (m: Awaited<ReturnType<typeof memberOrThrow>>): MemberResponse => ({
  userId: m.userId, email: m.user.email, name: m.user.name, role: m.role, lastActiveAt: m.lastActiveAt?.toISOString() ?? null, joinedAt: m.createdAt.toISOString(),
});

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

/** Removes a member (their API keys for this organization stop working at once: lib/auth/principal.ts). */
export async function removeMember(ctx: Ctx, userId: string): Promise<{ userId: string; removed: true }> {
  await db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const current = await memberOrThrow(tx, orgId(ctx), userId);
    refuseUnlessManages(ctx, current.role);
    if (current.role === "owner") await assertNotLastOwner(tx, orgId(ctx), "The last owner cannot be removed");
    await tx.membership.delete({ where: { id: current.id } });
    const self = userId === actorUserId(ctx);
    await recordAudit({ action: "member.removed", ...auditActor(ctx), target: { type: "user", id: userId }, metadata: { email: current.user.email, role: current.role, left: self } }, tx);
  });
  if (userId !== actorUserId(ctx)) {
    const org = await db.organization.findUnique({ where: { id: orgId(ctx) }, select: { name: true } });
    await notifyUsers([userId], null, {
      type: "member.removed", title: `You were removed from ${org?.name ?? "an organization"}`,
      body: "You no longer have access to its projects, and your API keys for it stopped working.", data: { organizationId: orgId(ctx) },
    }).catch((e) => console.error("[members] could not notify", e));
  }
  return { userId, removed: true };
}

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

/** Makes another member owner; the caller (an owner) stays, as admin. */
export async function transferOwnership(ctx: Ctx, toUserId: string) {
  const fromUserId = actorUserId(ctx);
  if (!fromUserId) throw new DomainError("FORBIDDEN", "Only a person can transfer ownership");
  if (toUserId === fromUserId) throw new DomainError("CONFLICT", "You already own this organization");
  const target = await db.$transaction(async (tx) => {
    await lockOrganization(tx, orgId(ctx));
    const to = await memberOrThrow(tx, orgId(ctx), toUserId);
    const from = await memberOrThrow(tx, orgId(ctx), fromUserId);
    if (from.role !== "owner") throw new DomainError("FORBIDDEN", "Only an owner can transfer ownership", { missingPermission: "ownership.transfer" });
    await tx.membership.update({ where: { id: to.id }, data: { role: "owner" } });
    await tx.membership.update({ where: { id: from.id }, data: { role: "admin" } });
    for (const [m, toRole] of [[to, "owner"], [from, "admin"]] as const) {
      await recordAudit({ action: "member.role_changed", ...auditActor(ctx), target: { type: "user", id: m.userId }, metadata: { email: m.user.email, from: m.role, to: toRole, transfer: true } }, tx);
    }
    return to;
  });
  await notifyUsers([toUserId], orgId(ctx), {
    type: "member.role_changed", title: "You are now an owner", body: `${ctx.actor.type === "system" ? "An owner" : ctx.actor.email} handed you ownership of this organization.`,
    data: { organizationId: orgId(ctx), role: "owner" },
  }).catch((e) => console.error("[members] could not notify", e));
  return { ...toMember({ ...target, role: "owner" }), previousOwnerRole: "admin" as const };
}
