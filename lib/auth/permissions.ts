import type { OrgRole } from "@/lib/db";
import type { Ctx } from "@/lib/core/context";
import { DomainError } from "@/lib/core/errors";

// The permission matrix: what each organization role may do, on top of the credential's scopes (DESIGN.md:
// "the role matrix applies on top of scopes"). A session's rights are its role's; an API key's are its
// scopes ∩ its creator's current role (lib/auth/principal.ts reads the role with the key). Routes name the
// permission they need (`route({ permission })`); verbs that decide on the target (an admin may not touch
// an owner) check `canManageRole` too.
export const PERMISSIONS = {
  /** Projects, URLs, imports, issues, connections: every member. */
  "projects.write": ["owner", "admin", "member"],
  /** Rename the organization. */
  "organization.update": ["owner"],
  /** Delete the organization (30-day grace). */
  "organization.delete": ["owner"],
  /** Change roles and remove members (admins: not owners, and never to owner). */
  "members.manage": ["owner", "admin"],
  /** Invite, revoke and resend (admins: admin and member invitations). */
  "invites.manage": ["owner", "admin"],
  /** Hand the organization to another member. */
  "ownership.transfer": ["owner"],
  /** Organization SSO: provider, domain claims, enforcement. */
  "sso.manage": ["owner"],
  "webhooks.manage": ["owner", "admin"],
  /** The name, colour and logo that client reports and share pages show. */
  "branding.manage": ["owner", "admin"],
  "billing.manage": ["owner"],
} as const satisfies Record<string, readonly OrgRole[]>;
export type Permission = keyof typeof PERMISSIONS;

export function roleAllows(role: OrgRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly OrgRole[]).includes(role);
}

/** Every permission a role has, for the dashboard (what to show) and the table of docs/guide/teams-and-sso.md. */
export function permissionsOf(role: OrgRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => roleAllows(role, p));
}

/** 403 FORBIDDEN naming the permission (meta.missingPermission) unless the caller's role in the organization has it. */
export function requirePermission(ctx: Ctx, permission: Permission): void {
  const role = ctx.org?.role;
  if (!role || !roleAllows(role, permission)) {
    throw new DomainError("FORBIDDEN", `Your role in this organization does not allow ${permission}`, { missingPermission: permission, role: role ?? null });
  }
}

/** Whether an actor of role `actor` may change a member of role `target`, or give someone role `to`: only owners touch owners. */
export function canManageRole(actor: OrgRole, target: OrgRole, to?: OrgRole): boolean {
  if (actor === "owner") return true;
  return actor === "admin" && target !== "owner" && to !== "owner";
}
