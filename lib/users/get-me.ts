import { db } from "@/lib/db";
import { ApiError } from "@/lib/api/errors";
import { iso, UserResponse } from "./schemas";

export async function getMe(userId: string): Promise<UserResponse> {
  const u = await db.user.findUnique({
    where: { id: userId },
    include: { _count: { select: { memberships: { where: { organization: { deletedAt: null } } } } } },
  });
  if (!u) throw new ApiError("NOT_FOUND", "User not found");
  return UserResponse.parse({
    id: u.id, createdAt: u.createdAt.toISOString(), updatedAt: u.updatedAt.toISOString(), email: u.email,
    isVerified: u.emailVerified !== null, verifiedAt: iso(u.emailVerified), isActive: u.isActive,
    lastLoginAt: iso(u.lastLoginAt), emailPreferences: { marketingOptOut: u.marketingOptOut },
    twoFactorEnabled: u.twoFactorEnabled, organizationCount: u._count.memberships, role: u.role,
  });
}
