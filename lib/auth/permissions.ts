import type { OrgRole } from "@/lib/db";
import type { Ctx } from "@/lib/api/context";
import { ApiError } from "@/lib/api/errors";

// What each organization role may do, on top of the credential's scopes (DESIGN.md: "the role matrix
// applies on top of scopes"). One table; routes and verbs name the permission they need.
export const PERMISSIONS = {
  "webhooks.manage": ["owner", "admin"],
} as const satisfies Record<string, readonly OrgRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function roleAllows(role: OrgRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OrgRole[]).includes(role);
}

/** 403 FORBIDDEN naming the permission (meta.missingPermission) unless the caller's role in the organization has it. */
export function requirePermission(ctx: Ctx, permission: Permission): void {
  const role = ctx.org?.role;
  if (!role || !roleAllows(role, permission)) {
    throw new ApiError("FORBIDDEN", `Your role in this organization does not allow ${permission}`, { missingPermission: permission });
  }
}
