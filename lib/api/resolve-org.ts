import { db } from "@/lib/db";
import type { Principal } from "@/lib/auth/principal";
import { ApiError } from "./errors";
import type { OrgContext } from "./context";

/**
 * The organization named in the path, as the caller may see it. Unknown organizations, ones the
 * user is not a member of, and (for an API key) any organization but the key's own answer 404.
 */
export async function resolveOrg(principal: Principal, organizationId: string): Promise<OrgContext> {
  if (principal.kind === "apiKey") {
    // The key's query already joined its creator's membership (lib/auth/principal.ts): no second lookup.
    if (principal.organizationId !== organizationId) throw orgNotFound();
    return { id: organizationId, role: principal.role };
  }
  const m = await db.membership.findUnique({
    where: { organizationId_userId: { organizationId, userId: principal.user.id } },
    select: { role: true, organization: { select: { deletedAt: true } } },
  });
  if (!m || m.organization.deletedAt) throw orgNotFound();
  return { id: organizationId, role: m.role };
}

function orgNotFound() {
  return new ApiError("NOT_FOUND", "Organization not found");
}
