import { Prisma, sqlRows } from "@/lib/db";
import { DomainError } from "@/lib/core/errors";
import { iso } from "@/lib/core/iso";
import { UserResponse } from "./schemas";

type Row = {
  id: string; created_at: Date; updated_at: Date; email: string; email_verified: Date | null; is_active: boolean;
  last_login_at: Date | null; marketing_opt_out: boolean; two_factor_enabled: boolean; role: "user" | "admin"; organization_count: number;
};

/** The User resource; one query, as GET /api/user/me is among the most called endpoints. */
export async function getMe(userId: string): Promise<UserResponse> {
  const [u] = await sqlRows<Row>(Prisma.sql`
    SELECT u.id, u.created_at, u.updated_at, u.email, u.email_verified, u.is_active, u.last_login_at,
           u.marketing_opt_out, u.two_factor_enabled, u.role::text AS role,
           (SELECT count(*)::int FROM memberships m JOIN organizations o ON o.id = m.organization_id
             WHERE m.user_id = u.id AND o.deleted_at IS NULL) AS organization_count
    FROM users u WHERE u.id = ${userId}::uuid`, "get_me");
  if (!u) throw new DomainError("NOT_FOUND", "User not found");
  return UserResponse.parse({
    id: u.id, createdAt: u.created_at.toISOString(), updatedAt: u.updated_at.toISOString(), email: u.email,
    isVerified: u.email_verified !== null, verifiedAt: iso(u.email_verified), isActive: u.is_active,
    lastLoginAt: iso(u.last_login_at), emailPreferences: { marketingOptOut: u.marketing_opt_out },
    twoFactorEnabled: u.two_factor_enabled, organizationCount: u.organization_count, role: u.role,
  });
}
