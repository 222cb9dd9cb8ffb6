import { db } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { DomainError } from "@/lib/core/errors";
import type { OrgContext } from "@/lib/core/context";

/**
 * The organization named in the path, as the caller may see it. Unknown organizations, ones the
 * user is not a member of, and (for an API key) any organization but the key's own answer 404.
 */
export async function resolveOrg(principal: Principal, organizationId: string): Promise<OrgContext> {
  if (principal.kind === "apiKey") {
    // The key's query already joined its creator's membership (lib/auth/principal.ts): no second lookup.
    if (principal.organizationId !== organizationId) throw orgNotFound();
    await touchActivity(organizationId, principal.user.id, principal.lastActiveAt);
    return { id: organizationId, role: principal.role };
  }
  const m = await db.membership.findUnique({
    where: { organizationId_userId: { organizationId, userId: principal.user.id } },
    select: { role: true, lastActiveAt: true, organization: { select: { deletedAt: true } } },
  });
  if (!m || m.organization.deletedAt) throw orgNotFound();
  await touchActivity(organizationId, principal.user.id, m.lastActiveAt);
  return { id: organizationId, role: m.role };
}

const ACTIVITY_RESOLUTION_MS = 5 * 60_000;

/** Membership.lastActiveAt, written at most every five minutes per member (the condition keeps concurrent requests from all writing). */
async function touchActivity(organizationId: string, userId: string, last: Date | null, now = new Date()) {
  if (last && now.getTime() - last.getTime() < ACTIVITY_RESOLUTION_MS) return;
  await db.$executeRaw`UPDATE memberships SET last_active_at = ${now} WHERE organization_id = ${organizationId}::uuid AND user_id = ${userId}::uuid
    AND (last_active_at IS NULL OR last_active_at < ${new Date(now.getTime() - ACTIVITY_RESOLUTION_MS)})`;
}

function orgNotFound() {
  return new DomainError("NOT_FOUND", "Organization not found");
}
